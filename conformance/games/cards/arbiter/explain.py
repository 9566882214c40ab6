"""Settle a concrete position by the rulebook: the legal and illegal moves of the
player to move, the events of given moves with the clause and source sentences
that decide each, and the outcome under every reading that changes it.

The answer is plain data (schema ``spec/schemas/explain.schema.json``); the
reference engine plays, and its clause side channel
(:mod:`generala_reference.cards.decisions`) says which clause decided what.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_conformance.games.cards.arbiter.position_text import Question
from generala_conformance.games.cards.notation import event_text, player
from generala_reference.cards.actions import DECLINE, JOKER_ACTION, TAKE_BASE, format_action, parse_action
from generala_reference.cards.decisions import Decided, apply_decided, legal_clause, refusal_clause
from generala_reference.cards.deck import JOKER, iter_cards
from generala_reference.cards.events import event_json
from generala_reference.cards.game import TAKE, Game
from generala_reference.cards.position import from_position, snapshot
from generala_reference.cards.rules import Rules
from generala_reference.errors import GeneralaError, IllegalAction
from generala_spec import rulebook
from generala_spec.options import options, profile_names

Json = dict[str, Any]
EXPLAIN_VERSION = 1


class ExplainError(ValueError):
    """A question that cannot be answered: bad rules or an impossible position (``code``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clause_ref(clause_id: str | None) -> Json | None:
    """A clause with its statement, source sentences and the ambiguity rulings it rests on."""
    if clause_id is None:
        return None
    clause = rulebook.clauses()[clause_id]
    return {
        "clause": clause_id,
        "statement": clause.statement,
        "sentences": sorted({q.sentence for q in clause.sources}, key=_sentence_order),
        "ambiguities": [_ruling(entry) for entry in rulebook.ambiguities_of_clause(clause_id)],
    }


def _sentence_order(sentence_id: str) -> tuple[bool, int]:
    """FR sentences before FA ones, each text in order."""
    text, number = sentence_id.split("-")
    return text != "FR", int(number)


def _ruling(entry: rulebook.Ambiguity) -> Json:
    decision = entry.decisions[0]
    return {"id": entry.id, "title": entry.title, "ruling": decision.ruling, "option": decision.option}


def _rules_of(question: Question, profile: str | None = None, overrides: Mapping[str, str] | None = None) -> Rules:
    try:
        return Rules.of(profile or question.profile, {**question.rules, **(overrides or {})})
    except GeneralaError as error:
        raise ExplainError(error.code, error.message) from None


def _start(question: Question, rules: Rules) -> Game:
    """The game of the position under ``rules``: a ``forced`` first lead binds only
    under ``first-lead: forced-last-dealt`` (R-LEAD-2, AMB-1)."""
    position = dict(question.position)
    if rules["first-lead"] != "forced-last-dealt":
        position.pop("forced", None)
    try:
        return from_position(position, rules)
    except GeneralaError as error:
        raise ExplainError(error.code, f"the position is impossible: {error.message}") from None


def _candidates(game: Game) -> list[int]:
    """Every action worth asking about for the player to move: each card of his hand,
    ``decline``, and (taking) each card of the trick: ``take JK`` once, whichever Jokers fell."""
    hand = game.hands[game.to_move]
    found = [c for c in iter_cards(hand) if c < JOKER] + ([JOKER_ACTION] if hand >> JOKER else [])
    if game.phase == TAKE:
        return [TAKE_BASE + c for c in sorted({min(c, JOKER) for _, c in game.trick})] + found
    return [*found, DECLINE] if game.trick else found


def choices(game: Game) -> Json | None:
    """The player to move, each legal action with the clause allowing it, and each
    other action with the reason code and clause refusing it."""
    if game.is_over:
        return None
    legal, illegal = [], []
    allowed = set(game.legal_actions())
    for action in _candidates(game):
        text = format_action(action)
        if action in allowed:
            legal.append({"action": text, "allowed_by": clause_ref(legal_clause(game, action))})
            continue
        try:
            game.copy().apply(action)
        except IllegalAction as refused:
            clause = refusal_clause(game, action, refused.code)
            refusal = {"code": refused.code, "message": refused.message, "refused_by": clause_ref(clause)}
            illegal.append({"action": text, **refusal})
    phase = "take" if game.phase == TAKE else "play"
    return {"player": game.to_move, "phase": phase, "legal": legal, "illegal": illegal}


def _event(decided: Decided) -> Json:
    event = event_json(decided.event)
    return {
        "event": event,
        "text": event_text(event),
        "why": decided.why,
        "decided_by": clause_ref(decided.clause),
        "also": list(decided.also),
    }


def _play(game: Game, moves: list[tuple[int, str]]) -> tuple[list[Json], Json | None]:
    """Play ``moves`` on ``game``: each move with its events, and the first refused move."""
    played: list[Json] = []
    for s, action in moves:
        label = f"{player(s)} {action}"
        code = parse_action(action)
        if game.is_over:
            over = {"code": "game-over", "message": "the game is over", "refused_by": clause_ref("R-END-1")}
            return played, {"move": label, **over}
        before = game.copy()
        try:
            decided = apply_decided(game, code, s)
        except IllegalAction as refused:
            why = clause_ref(refusal_clause(before, code, refused.code))
            return played, {"move": label, "code": refused.code, "message": refused.message, "refused_by": why}
        allowed_by = clause_ref(legal_clause(before, code))
        played.append({"move": label, "allowed_by": allowed_by, "events": [_event(d) for d in decided]})
    return played, None


def _outcome(question: Question, rules: Rules) -> list[str] | str:
    """What happens under ``rules``: every event text of the moves and then the legal
    actions (or the refusal), for comparing readings."""
    try:
        game = _start(question, rules)
    except ExplainError as error:
        return f"the position is refused: {error}"
    played, stopped = _play(game, question.moves)
    texts = [e["text"] for move in played for e in move["events"]]
    if stopped is not None:
        return [*texts, f"{stopped['move']} refused ({stopped['code']})"]
    tail = [] if game.is_over else ["legal " + " ".join(format_action(a) for a in game.legal_actions())]
    return texts + tail


def readings(question: Question, rules: Rules) -> list[Json]:
    """The outcome under each other reading that changes it: each other value of each
    option on top of ``rules``, then the profiles ``default``, ``fr``, ``fa``. A
    profile's ambiguities are those of its options that change the outcome alone."""
    base = _outcome(question, rules)
    found: list[Json] = []
    deciders: set[str] = set()
    for name, option in options().items():
        for value in option.values:
            other = Rules(dict(rules.options, **{name: value}))
            outcome = _outcome(question, other) if value != rules[name] else base
            if outcome != base:
                deciders.add(name)
                changed = {name: value}
                found.append({"reading": f"{name}={value}", "rules": changed, "outcome": outcome})
                found[-1]["ambiguities"] = _option_rulings(changed)
    for name in profile_names():
        other = _rules_of(question, name)
        outcome = _outcome(question, other)
        if outcome == base:
            continue
        changed = {k: v for k, v in other.options.items() if rules[k] != v}
        deciding = {k: v for k, v in changed.items() if k in deciders} or changed
        found.append({"reading": f"profile {name}", "rules": changed, "outcome": outcome})
        found[-1]["ambiguities"] = _option_rulings(deciding)
    return found


def _option_rulings(changed: Mapping[str, str]) -> list[Json]:
    found: list[Json] = []
    for entry in rulebook.ambiguities().values():
        for decision in entry.decisions:
            option = decision.option
            if option is not None and option in changed:
                reading = next((r.text for r in decision.readings if r.id == changed[option]), "")
                found.append(
                    {
                        "id": entry.id,
                        "title": entry.title,
                        "option": option,
                        "ruling": decision.ruling,
                        "reading": changed[option],
                        "reading_text": reading,
                    }
                )
    return found


def explain(question: Question) -> Json:
    """The whole answer to ``question`` (``spec/schemas/explain.schema.json``)."""
    rules = _rules_of(question)
    game = _start(question, rules)
    before = choices(game)
    table = snapshot(game)
    played, stopped = _play(game, question.moves)
    return {
        "kind": "generala-explain",
        "version": EXPLAIN_VERSION,
        "profile": question.profile,
        "rules": dict(rules.options),
        "position": question.position,
        "table": table,
        "choices": before,
        "moves": played,
        "stopped": stopped,
        "after": {"table": snapshot(game), "choices": choices(game)} if question.moves else None,
        "readings": readings(question, rules),
    }
