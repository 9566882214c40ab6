"""What the arbiter and play pages call, in Python: the oracle their JavaScript port
(``games/cards/web/page_api.mjs``, which the pages run) is held to, answer for answer,
by ``tests/e2e/test_web_cards.py``. It answers in JSON text.

- :func:`explain_text` answers a position in the short text form of
  ``generala-kit explain`` (or a whole ``generala-kit explain …`` command line),
  exactly as the command does (``spec/schemas/explain.schema.json``);
- :class:`Lesson` is a game against simple computer players, told event by event
  in the words of ``generala-kit play`` with the clause of each (R-DEAL-1 … R-END-4).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
from typing import Any

from generala_conformance.games.cards.arbiter import command_line, narrate
from generala_conformance.games.cards.arbiter.explain import ExplainError, choices, explain
from generala_conformance.games.cards.arbiter.position_text import PositionError, Question, parse_moves, parse_text
from generala_reference.cards.actions import format_action, parse_action
from generala_reference.cards.decisions import apply_decided
from generala_reference.cards.deck import format_card, format_cards, iter_cards, pretty_card
from generala_reference.cards.events import Event
from generala_reference.cards.game import Game
from generala_reference.cards.rules import Rules
from generala_reference.cards.series import Series
from generala_reference.errors import GeneralaError, IllegalAction
from generala_spec.options import options, profile_names

Json = dict[str, Any]
BOTS = ("first", "random")
"""How the computer players choose: the first legal move, or one at random."""


def start() -> str:
    """What the pages need to draw their forms: the rule options and the profiles."""
    table = {
        name: {"values": list(o.values), "default": o.default, "summary": o.summary} for name, o in options().items()
    }
    return json.dumps({"options": table, "profiles": profile_names(), "bots": list(BOTS)})


class _Refusal(Exception):
    """The arguments of a pasted command line that ``explain`` would refuse."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Refusal(message)


def _question(position: str, moves: str) -> Question:
    """The question of a pasted position (or command line) and moves, as ``explain`` reads it."""
    try:
        words = shlex.split(position) if position.lstrip().startswith("generala-kit") else None
    except ValueError as unreadable:  # an unclosed quotation, a lone backslash at the end
        raise PositionError(f"the command line: {unreadable}") from None
    if words is None:
        question = parse_text(position)
        question.moves = parse_moves([moves] if moves.strip() else [])
        return question
    if words[1:2] != ["explain"]:
        raise PositionError("only a 'generala-kit explain …' command line can be pasted here")
    parser = _Parser(prog="generala-kit explain", add_help=False)
    command_line.configure(parser)
    try:
        args = parser.parse_args(words[2:] + ([moves] if moves.strip() else []))
    except _Refusal as refused:
        raise PositionError(f"the command line: {refused}") from None
    if args.file:
        raise PositionError("--file cannot be read in the page: paste the position itself")
    return command_line.question(args)


def explain_text(position: str, moves: str = "") -> str:
    """The answer of ``generala-kit explain --json`` for ``position`` and ``moves``, as
    ``{"ok": true, "answer": …}``, or ``{"ok": false, "code": …, "message": …}`` for a
    position the command refuses (exit 2)."""
    try:
        answer = explain(_question(position, moves))
    except (PositionError, ExplainError) as error:
        return json.dumps({"ok": False, "code": getattr(error, "code", PositionError.code), "message": str(error)})
    return json.dumps({"ok": True, "answer": answer}, ensure_ascii=False)


class Lesson:
    """A game of ``players`` in which ``seat`` is a person and the others are computer
    players (``bot``: :data:`BOTS`), dealt by P1 from ``seed`` under ``profile``: the
    deal of ``generala-kit play --players N --seed SEED``, whose random players choose
    as the ``random`` computer players do."""

    def __init__(self, players: int, seat: int, bot: str, seed: int, profile: str = "default") -> None:
        if bot not in BOTS:
            raise ValueError(f"bot must be one of {BOTS}, not {bot!r}")
        self.game = Series(players, 0, seed=seed, rules=Rules.of(profile)).game  # the deal of `play --seed`
        self.seat, self.bot, self.rng = seat, bot, random.Random(seed)
        deal = narrate.deal_lines(self.game, 0)
        self.lines: list[Json] = [_line(line, say) for line, say in zip(deal, _deal_says(self.game), strict=True)]
        self.trick_no = 0
        self._bots_play()

    def _apply(self, action: int) -> None:
        """Play ``action`` and tell its events; a new trick starts with its heading, as in ``play``."""
        leads = not self.game.trick
        decided = apply_decided(self.game, action)
        if leads and decided[0].event[0] == "play":
            self.trick_no += 1
            heading = {"text": f"Trick {self.trick_no}:", "clause": None, "why": "", "heading": True}
            self.lines.append({**heading, "say": _say("trick_heading", n=self.trick_no)})
        self.lines += [_line(narrate.told(d), _event_say(d.event)) for d in decided]

    def _bots_play(self) -> None:
        while not self.game.is_over and self.game.to_move != self.seat:
            actions = self.game.legal_actions()
            self._apply(actions[0] if self.bot == "first" else actions[self.rng.randrange(len(actions))])

    def play(self, action: str) -> str:
        """The person plays ``action`` (``8H``, ``JK``, ``decline``, ``take 8H``), then
        the computer players until it is his turn again; the new state (:meth:`state`),
        or the refusal with its reason code."""
        try:
            code = parse_action(action)
            if self.game.is_over or self.game.to_move != self.seat:
                raise IllegalAction("not-your-turn", f"it is not P{self.seat + 1}'s turn")
            self._apply(code)
        except GeneralaError as error:
            return json.dumps({"ok": False, "code": error.code, "message": error.message})
        self._bots_play()
        return self.state()

    def state(self) -> str:
        """The table as the page draws it, the person's choices (each legal move with
        its clause, each other card with the reason it is refused) and every line so far."""
        game = self.game
        yours = game.to_move == self.seat and not game.is_over
        return json.dumps(
            {
                "ok": True,
                "players": game.n,
                "seat": self.seat,
                "hands": [format_cards(h) for h in game.hands],
                "trick": [{"player": p, "card": format_card(c)} for p, c in game.trick],
                "to_move": None if game.is_over else game.to_move,
                "over": game.is_over,
                "loser": game.loser,
                "choices": choices(game) if yours else None,
                "legal": [format_action(a) for a in game.legal_actions()] if yours else [],
                "lines": self.lines,
            },
            ensure_ascii=False,
        )


def _say(key: str, **fields: object) -> Json:
    """What the page says for a line, in any language: the key of its words
    (``cards.play.ev.KEY`` of the language files) and the fields filling them in."""
    return {"key": key, "fields": fields}


def _deal_says(game: Game) -> list[Json]:
    """The words of each line of :func:`narrate.deal_lines`, in its order: the deal, each hand, the forced lead."""
    says = [_say("deal", player="P1")]
    for p in game.holding():
        cards = " ".join(pretty_card(c) for c in iter_cards(game.hands[p]))
        says.append(_say("hand", player=f"P{p + 1}", n=game.hands[p].bit_count(), cards=cards))
    if game.forced >= 0:
        says.append(_say("forced", player=f"P{game.leader + 1}", card=pretty_card(game.forced)))
    return says


def _event_say(event: Event) -> Json | None:
    """The words of an event of a game (:func:`narrate.event_words`), or None for a
    series' event, which a lesson never has."""
    kind, who = event[0], None if event[1] is None else f"P{event[1] + 1}"
    if kind in ("play", "take"):
        return _say(kind, player=who, card=pretty_card(event[2]))
    if kind in ("decline", "out"):
        return _say(kind, player=who)
    if kind == "trick":
        return _say("trick" if event[2] else "trick_declined", player=who)
    if kind == "lead":
        return _say("lead", player=who, why=event[2])
    if kind == "game-over":
        return _say("over_nobody") if who is None else _say("over_loser", player=who)
    return None


def _line(line: narrate.Line, say: Json | None) -> Json:
    return {"text": line.text, "clause": line.clause, "why": line.why, "heading": False, "say": say}
