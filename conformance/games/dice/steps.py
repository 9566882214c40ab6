"""The Gherkin step definitions of the dice game's features (``scenarios/dice/features/``).

Players are ``P1`` … ``P10`` in turn order (``P1`` is player 0 of the protocol);
categories are written as on a score sheet (``Ones``, ``Full House``, ``Four of a
kind``, ``Double Generala``); dice as their values (``4 4 4 2 6``). The sentences:

Given
  ``a dice game of 3 players`` (or ``of one player``) — the game level;
  ``the roll 1 3 4 5 6 on a later roll`` (``on the first roll``, ``on a later roll
  of all five dice``) and ``Generala is scored`` / ``Fours is scratched`` — the scoring level
When
  ``P1 rolls 4 4 4 2 6``, ``P1 keeps 4 4 4 and throws 5 5``, ``P1 throws all five again: 1 2 3 4 5``,
  ``P1 scores Fours``, ``P1 scratches Generala``
Then
  ``the move is refused with does-not-qualify`` (the state unchanged),
  ``P1 has scored 35 points in Full House`` (``, 5 of them the first-roll bonus``),
  ``P1 wins at once``, ``nobody wins at once``, ``P2 is to play``, ``the roll counts as a first roll``
  (``does not count``), ``P1 may score Straight`` / ``may not score Straight``,
  ``the game is over and P1 wins`` (``P1 and P2 win``), ``the game is not over``, ``the totals are 35, 0``;
  at the scoring level ``it scores 20 in Straight``, ``it does not qualify for Straight``,
  ``it wins at once``, ``it does not win at once``.

A step of a level the implementation does not declare skips the scenario
(``level not supported: LEVEL``), and so does a game of one player on an
implementation not declaring them (``one_player_games``); with a declared point table, points are expected
from that table (D-SCORE-7). Each claim also says what it compared
(:func:`~generala_conformance.core.transcripts.claim`), for the case's transcript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from generala_conformance.core import transcripts
from generala_conformance.core.features import StepDefinitions
from generala_conformance.games.dice.attribution import (
    DiceAttribution,
    DiceDivergence,
    Played,
    accepted_clause,
    qualify_clause,
    refusal_clause,
    state_clause,
)
from generala_conformance.games.dice.reference_adapter import score_request
from generala_conformance.games.dice.runner import (
    apply_fields,
    declared_table,
    dice_refusal,
    levels_of,
    said,
    start_game,
)
from generala_conformance.games.dice.scoring_cases import POINT_CLAUSES
from generala_conformance.transport.adapter import Adapter, Refused
from generala_conformance.transport.declared import DeclaredUnsupported
from generala_conformance.transport.json_values import strict_equal
from generala_reference.dice import Category, PointTable, counts_of, points
from generala_reference.dice.rules import DiceRules

Json = dict[str, Any]
_PLAYER = r"P(?P<player>\d+)"
_DICE = r"(?P<dice>[1-6](?: [1-6])*)"
_CATEGORY = r"(?P<category>[A-Z][A-Za-z ]*?)"


def category_name(words: str) -> str:
    """``Full House`` -> ``full-house`` (a category's protocol name)."""
    name = words.strip().lower().replace(" ", "-")
    if name not in {c.value for c in Category}:
        raise ValueError(f"{words!r} is no category of the score sheet")
    return name


def _dice(text: str) -> list[int]:
    return [int(v) for v in text.split()]


class DiceTable:
    """The game or the roll of one scenario, set up by Given steps."""

    def __init__(self, adapter: Adapter, rules: Mapping[str, str], requires: Mapping[str, str] | None = None) -> None:
        self.adapter = adapter
        self.rules = dict(rules)
        self.requires = dict(requires or {})
        # What a declared table's points are computed under: the rules sent, then the
        # values the case requires (``profile`` withholds them but still expects them).
        self.reading = {**self.rules, **self.requires}
        self.hello = adapter.hello()
        transcripts.need(adapter, "declared_points", False)
        self.players = 0
        self.started = False
        self.events: list[Json] = []
        self.refused: tuple[str, Refused, Json, str, int] | None = None
        self.played = Played(self.reading)
        self.request: Json | None = None
        self.scored_at: int | None = None
        """In a recording: the request that answered :attr:`reply`."""
        self.reply: Json | None = None
        self.last_roll: Json | None = None
        self.events_at: int | None = None
        """In a recording: the request that answered :attr:`events` (``None``: no events)."""
        self.moved_at: tuple[int | None, int | None] | None = None
        """In a recording: the requests of the state before the last move and of that move."""

    def level(self, level: str) -> None:
        """Skip the scenario when the implementation does not declare ``level``."""
        transcripts.need(self.adapter, "level", level)
        if level not in levels_of(self.hello):
            raise DeclaredUnsupported(f"level not supported: {level}")

    def check_pending(self) -> None:
        """A refused move that no step asserted is a divergence."""
        if self.refused is not None:
            step, refusal, _, action, _ = self.refused
            attribution = accepted_clause(action, refusal.code, self.played, self.requires)
            raise DiceDivergence(
                step, "the move is accepted", f"refused ({refusal.code}): {refusal.message}", attribution
            )
        if self.moved_at is not None:  # the last move was accepted, and must be
            transcripts.claim(self.adapter, self.moved_at[1], accept=["ok"])
            self.moved_at = None

    def claim_events(self, check: Json) -> None:
        """Say that the events of the last move (:attr:`events`) satisfy ``check``."""
        if self.events_at is not None:
            transcripts.claim(self.adapter, self.events_at, check={"path": ["events"], **check})

    def claim_state(self, key: str, op: str, value: Any) -> None:
        """Say what a step compared of the snapshot just asked."""
        transcripts.claim(self.adapter, check={"path": ["state", key], "op": op, "value": value})

    def game(self) -> Any:
        self.check_pending()
        self.level("game")
        if not self.started:
            start_game(self.adapter, self.players, self.rules)
            self.started = True
        return self.adapter

    def move(self, step: str, action: str, player: int, dice: list[int] | None = None) -> None:
        adapter = self.game()
        before = adapter.state()
        before_at = transcripts.mark(adapter)
        try:
            self.events = adapter.apply_request(apply_fields(action, player, dice))
            self.events_at = transcripts.mark(adapter)
            self.played.after(action, self.events)
        except Refused as refusal:
            self.refused, self.events, self.events_at = (step, refusal, before, action, player), [], None
        self.moved_at = (before_at, transcripts.mark(adapter))
        transcripts.claim(adapter, accept=["ok", "illegal"])  # until a later step says which
        self.last_roll = next((e for e in self.events if e.get("type") == "rolled"), self.last_roll)

    def table(self) -> PointTable:
        """The points expected: the declared table, else the rules' (D-SCORE-7)."""
        return declared_table(self.hello) or PointTable.of(DiceRules.of(overrides=self.reading))

    def answer(self) -> Json:
        self.level("scoring")
        if self.reply is None:
            assert self.request is not None, "a scoring step needs 'Given the roll ...' first"
            self.reply = self.adapter.score({**self.request, "rules": self.rules})
            self.scored_at = transcripts.mark(self.adapter)
        return self.reply


STEPS = StepDefinitions(DiceTable)
"""The dice game's step definitions (a scenario's table: :class:`DiceTable`, with the case's requirements)."""


# -- Given ---------------------------------------------------------------------------


@STEPS.given(re.compile(r"a dice game of (?P<count>\d+|one) players?"))
def _a_game(dice_table: DiceTable, count: str) -> None:
    dice_table.players = 1 if count == "one" else int(count)


_WHEN = {"the first roll": (1, 5), "a later roll": (2, 3), "a later roll of all five dice": (2, 5)}


@STEPS.given(re.compile(rf"the roll {_DICE} on (?P<when>the first roll|a later roll of all five dice|a later roll)"))
def _a_roll(dice_table: DiceTable, dice: str, when: str) -> None:
    roll, thrown = _WHEN[when]
    dice_table.request, dice_table.reply = {"dice": _dice(dice), "roll": roll, "thrown": thrown, "marks": {}}, None


@STEPS.given(re.compile(rf"{_CATEGORY} is (?P<mark>scored|scratched)"))
def _a_mark(dice_table: DiceTable, category: str, mark: str) -> None:
    assert dice_table.request is not None, "'Given the roll ...' comes before the marks"
    dice_table.request["marks"][category_name(category)] = mark
    dice_table.reply = None


# -- When ----------------------------------------------------------------------------


@STEPS.when(re.compile(rf"{_PLAYER} rolls {_DICE}"))
def _rolls(dice_table: DiceTable, player: str, dice: str) -> None:
    dice_table.move(f"P{player} rolls {dice}", "roll", int(player) - 1, _dice(dice))


@STEPS.when(re.compile(rf"{_PLAYER} keeps (?P<kept>[1-6](?: [1-6])*) and throws {_DICE}"))
def _keeps(dice_table: DiceTable, player: str, kept: str, dice: str) -> None:
    action = "reroll " + " ".join(sorted(kept.split()))
    dice_table.move(f"P{player} keeps {kept} and throws {dice}", action, int(player) - 1, _dice(dice))


@STEPS.when(re.compile(rf"{_PLAYER} throws all five again: {_DICE}"))
def _throws_all(dice_table: DiceTable, player: str, dice: str) -> None:
    dice_table.move(f"P{player} throws all five again: {dice}", "reroll", int(player) - 1, _dice(dice))


@STEPS.when(re.compile(rf"{_PLAYER} (?P<verb>scores|scratches) {_CATEGORY}$"))
def _scores(dice_table: DiceTable, player: str, verb: str, category: str) -> None:
    action = f"{'score' if verb == 'scores' else 'scratch'} {category_name(category)}"
    dice_table.move(f"P{player} {verb} {category}", action, int(player) - 1)


# -- Then: the game level ------------------------------------------------------------


@STEPS.then(re.compile(r"the move is refused with (?P<code>[a-z-]+)"))
def _refused(dice_table: DiceTable, code: str) -> None:
    if dice_table.refused is None:
        action = dice_table.played.history[-1] if dice_table.played.history else "the last move"
        clause = refusal_clause(code, action, dice_table.played)
        raise DiceDivergence(action, f"refused with {code}", dice_table.events, clause)
    step, refusal, before, action, player = dice_table.refused
    dice_table.refused = None
    before_at, move_at = dice_table.moved_at or (None, None)
    dice_table.moved_at = None
    transcripts.claim(dice_table.adapter, move_at, accept=[], refusal=dice_refusal(code))
    clause = refusal_clause(code, action, dice_table.played, player)
    if dice_table.hello.get("reason_codes", True) and refusal.code != code:
        raise DiceDivergence(step, f"refused with {code}", f"refused with {refusal.code}", clause)
    after = dice_table.game().state()
    transcripts.claim(dice_table.adapter, same_as=before_at)
    if after != before:
        raise DiceDivergence(f"{step} (refused)", "the state unchanged", after, clause)


def _last(dice_table: DiceTable, kind: str) -> Json | None:
    return next((e for e in reversed(dice_table.events) if e.get("type") == kind), None)


@STEPS.then(
    re.compile(
        rf"{_PLAYER} has scored (?P<want>\d+) points? in {_CATEGORY}(?:, (?P<bonus>\d+) of them the first-roll bonus)?$"
    )
)
def _has_scored(dice_table: DiceTable, player: str, want: str, category: str, bonus: str | None) -> None:
    dice_table.game()
    name = category_name(category)
    event = _last(dice_table, "scored")
    expected = int(want)
    rolled = dice_table.last_roll
    if declared_table(dice_table.hello) is not None and rolled is not None:
        expected = points(Category(name), counts_of(rolled["dice"]), dice_table.table(), rolled["first"])
    wanted = {"type": "scored", "player": int(player) - 1, "category": name, "points": expected}
    dice_table.claim_events({"op": "last-where", "where": {"type": "scored"}, "value": wanted})
    if bonus is not None and declared_table(dice_table.hello) is None:
        dice_table.claim_events({"op": "last-where", "where": {"type": "scored"}, "value": {"bonus": int(bonus)}})
    if event is None or any(event.get(k) != v for k, v in wanted.items()):
        raise DiceDivergence(
            f"P{player} scores {category}",
            wanted,
            event,
            DiceAttribution(POINT_CLAUSES[name], f"the points of {category}"),
        )
    if bonus is not None and declared_table(dice_table.hello) is None and event.get("bonus") != int(bonus):
        raise DiceDivergence(
            f"P{player} scores {category}",
            f"bonus {bonus}",
            event,
            DiceAttribution("D-FIRST-1", "the first-roll bonus"),
        )


@STEPS.then(re.compile(rf"{_PLAYER} wins at once"))
def _wins_at_once(dice_table: DiceTable, player: str) -> None:
    dice_table.game()
    event = _last(dice_table, "auto-win")
    dice_table.claim_events({"op": "last-where", "where": {"type": "auto-win"}, "value": {"player": int(player) - 1}})
    if event is None or event.get("player") != int(player) - 1:
        raise DiceDivergence(
            "the last roll",
            f"auto-win of P{player}",
            dice_table.events,
            DiceAttribution("D-FIRST-3", "a five of a kind on a first roll wins at once"),
        )


@STEPS.then("nobody wins at once")
def _nobody_wins_at_once(dice_table: DiceTable) -> None:
    dice_table.game()
    dice_table.claim_events({"op": "none-where", "where": {"type": "auto-win"}})
    if _last(dice_table, "auto-win") is not None:
        raise DiceDivergence(
            "the last roll", "no auto-win", dice_table.events, DiceAttribution("D-FIRST-4", "no automatic win here")
        )


@STEPS.then(re.compile(rf"{_PLAYER} is to play"))
def _to_play(dice_table: DiceTable, player: str) -> None:
    state = dice_table.game().state()
    dice_table.claim_state("player", "equals", int(player) - 1)
    dice_table.claim_state("over", "truthy", False)
    if state["player"] != int(player) - 1 or state["over"]:
        raise DiceDivergence(
            "whose turn", f"P{player}", f"P{state['player'] + 1}", DiceAttribution("D-PLAY-2", "the turn order")
        )


@STEPS.then(re.compile(r"the roll (?P<verb>counts|does not count) as a first roll"))
def _first_roll(dice_table: DiceTable, verb: str) -> None:
    state = dice_table.game().state()
    dice_table.claim_state("first-roll", "equals", verb == "counts")
    if state["first-roll"] != (verb == "counts"):
        raise DiceDivergence(
            "the last roll",
            f"first-roll {verb == 'counts'}",
            state["first-roll"],
            DiceAttribution("D-FIRST-2", "what a first roll is"),
        )


@STEPS.then(re.compile(rf"{_PLAYER} (?P<verb>may|may not) (?P<what>score|scratch) {_CATEGORY}$"))
def _may(dice_table: DiceTable, player: str, verb: str, what: str, category: str) -> None:
    legal = dice_table.game().legal()
    action = f"{what} {category_name(category)}"
    op = "contains" if verb == "may" else "not-contains"
    transcripts.claim(dice_table.adapter, check={"path": ["actions"], "op": op, "value": action})
    if (action in legal) != (verb == "may"):
        closed = dice_table.played.closed_by(category_name(category), int(player) - 1)
        clause = closed or (
            qualify_clause(category_name(category), dice_table.requires) if what == "score" else "D-SHEET-3"
        )
        raise DiceDivergence(
            f"P{player} {verb} {what} {category}",
            f"{action} {'in' if verb == 'may' else 'not in'} legal",
            legal,
            DiceAttribution(clause, f"whether {action} is legal"),
        )


@STEPS.then(re.compile(r"the game is over and (?P<winners>P\d+(?: and P\d+)*) wins?"))
def _over(dice_table: DiceTable, winners: str) -> None:
    state = dice_table.game().state()
    want = [int(p[1:]) - 1 for p in winners.split(" and ")]
    dice_table.claim_state("over", "truthy", True)
    dice_table.claim_state("winners", "equals", want)
    if not state["over"] or not strict_equal(want, state["winners"]):
        raise DiceDivergence(
            "the end of the game",
            {"over": True, "winners": want},
            {"over": state["over"], "winners": state["winners"]},
            DiceAttribution("D-END-2", "the winners") if state["over"] else DiceAttribution("D-END-1", "the end"),
        )


@STEPS.then("the game is not over")
def _not_over(dice_table: DiceTable) -> None:
    state = dice_table.game().state()
    dice_table.claim_state("over", "truthy", False)
    if state["over"]:
        raise DiceDivergence(
            "the end of the game", "not over", state["winners"], DiceAttribution("D-FIRST-5", "the game goes on")
        )


@STEPS.then(re.compile(r"the totals are (?P<totals>\d+(?:, \d+)*)"))
def _totals(dice_table: DiceTable, totals: str) -> None:
    state = dice_table.game().state()
    want = [int(t) for t in totals.split(", ")]
    if declared_table(dice_table.hello) is None:
        dice_table.claim_state("totals", "equals", want)
    if declared_table(dice_table.hello) is None and not strict_equal(want, state["totals"]):
        raise DiceDivergence(
            "the totals", want, state["totals"], state_clause("totals", want, state["totals"], dice_table.played)
        )


# -- Then: the scoring level ---------------------------------------------------------


def _expected_entry(dice_table: DiceTable, name: str, written: int | None) -> int | None:
    """The points the feature says (or, with a declared table, that table's)."""
    if declared_table(dice_table.hello) is None or written is None:
        return written
    assert dice_table.request is not None
    return cast(
        int | None,
        score_request({**dice_table.request, "rules": dice_table.reading}, dice_table.table())["scores"][name],
    )


@STEPS.then(re.compile(rf"it scores (?P<want>\d+) in {_CATEGORY}$"))
def _it_scores(dice_table: DiceTable, want: str, category: str) -> None:
    name = category_name(category)
    got = dice_table.answer()["scores"].get(name)
    expected = _expected_entry(dice_table, name, int(want))
    transcripts.claim(
        dice_table.adapter, dice_table.scored_at, check={"path": ["scores", name], "op": "equals", "value": expected}
    )
    if not strict_equal(expected, got):
        clause = qualify_clause(name, dice_table.requires) if got is None else POINT_CLAUSES[name]
        attribution = DiceAttribution(clause, f"the roll in {category}")
        raise DiceDivergence(f"the roll in {category}", said(expected), said(got), attribution)


@STEPS.then(re.compile(rf"it does not qualify for {_CATEGORY}$"))
def _it_does_not_qualify(dice_table: DiceTable, category: str) -> None:
    name = category_name(category)
    got = dice_table.answer()["scores"].get(name)
    transcripts.claim(
        dice_table.adapter, dice_table.scored_at, check={"path": ["scores", name], "op": "equals", "value": None}
    )
    if got is not None:
        raise DiceDivergence(
            f"the roll in {category}",
            said(None),
            said(got),
            DiceAttribution(qualify_clause(name, dice_table.requires), f"whether the roll qualifies for {category}"),
        )


@STEPS.then(re.compile(r"it (?P<verb>wins|does not win) at once"))
def _it_wins(dice_table: DiceTable, verb: str) -> None:
    got = dice_table.answer()["wins"]
    transcripts.claim(
        dice_table.adapter, dice_table.scored_at, check={"path": ["wins"], "op": "equals", "value": verb == "wins"}
    )
    if not strict_equal(verb == "wins", got):
        raise DiceDivergence("wins", verb == "wins", got, DiceAttribution("D-FIRST-3", "the automatic win"))
