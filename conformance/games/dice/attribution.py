"""Which clause a divergence of a dice game breaks (the report's ``attribution``).

A divergence is attributed by what diverged, never by the case it happened in: a
refusal by its reason code and by the sheet the case has played so far (a closed
category is closed by D-SHEET-3 when it was scratched, D-SHEET-4 when it was
scored); a move the engine refused by the clause allowing it; an event by its
type and the field that differs; a part of the state by its field; a legal action
by its kind. :class:`Played` is what the case's own moves have done so far, which
these need (whose turn, how many rolls, which categories are closed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generala_conformance.games.dice.scoring_cases import POINT_CLAUSES, QUALIFY_CLAUSES
from generala_conformance.transport.json_values import strict_within
from generala_reference.dice.rules import DiceRules
from generala_spec import rulebook

SPEC = "dice"


@dataclass(frozen=True)
class DiceAttribution:
    """The clause a divergence breaks, and why (the report's ``attribution``)."""

    clause: str
    why: str

    @property
    def statement(self) -> str:
        """The clause's one-line statement."""
        return rulebook.clauses(SPEC)[self.clause].statement

    def as_dict(self) -> dict[str, str]:
        """The JSON form (``attribution`` of a case in the report)."""
        return {"clause": self.clause, "statement": self.statement, "why": self.why}


class DiceDivergence(AssertionError):
    """The implementation did not answer what the case says; ``attribution`` names the clause."""

    def __init__(self, step: str, expected: Any, actual: Any, attribution: DiceAttribution | None) -> None:
        self.step, self.expected, self.actual, self.attribution = step, expected, actual, attribution
        lines = [f"divergence at step: {step}", f"  expected: {expected}", f"  actual:   {actual}"]
        if attribution is not None:
            lines.append(f"  breaks {attribution.clause}: {attribution.why}")
        super().__init__("\n".join(lines))


def qualify_clause(category: str, requires: Mapping[str, str]) -> str:
    """The clause saying whether a roll qualifies for ``category``: for Straight under
    a case requiring a 1 to stand for a 2, D-CAT-3."""
    if category == "straight" and requires.get("straight-ace-for-two", "no") != "no":
        return "D-CAT-3"
    return QUALIFY_CLAUSES[category]


@dataclass
class Played:
    """What a case's moves have done so far (the events of its accepted moves); a
    category stays marked by what closed it first (an engine may close it twice)."""

    rules: Mapping[str, str]
    history: list[str] = field(default_factory=list)
    marks: dict[tuple[int, str], str] = field(default_factory=dict)
    player: int = 0
    rolls: int = 0
    turn_ended: bool = False
    auto_won: bool = False
    over: bool = False

    @property
    def max_rolls(self) -> int:
        """The rolls a turn has under the case's rules (D-TURN-3)."""
        return DiceRules.of(overrides=self.rules).max_rolls

    @property
    def categories(self) -> set[str]:
        """The categories of the sheet under the case's rules (D-SHEET-1)."""
        return {c.value for c in DiceRules.of(overrides=self.rules).categories}

    def after(self, action: str, events: list[Any]) -> None:
        """Fold in an accepted move and the events it caused."""
        self.history.append(action)
        self.turn_ended = False
        for event in events:
            kind = event.get("type") if isinstance(event, dict) else None
            if kind == "rolled":
                self.player, self.rolls = event.get("player", self.player), event.get("roll", self.rolls)
            elif kind in ("scored", "scratched"):
                self.marks.setdefault((event.get("player", self.player), event.get("category")), kind)
                self.turn_ended, self.rolls = True, 0
            elif kind == "auto-win":
                self.auto_won, self.turn_ended, self.rolls = True, True, 0
            elif kind == "game-over":
                self.over = True

    def where(self) -> str:
        """The last moves, for a message."""
        return ", ".join(self.history[-3:]) or "the start"

    def closed_by(self, category: str, player: int | None = None) -> str | None:
        """The clause closing ``category`` of ``player`` (default: whose turn it is), if it is closed."""
        mark = self.marks.get((self.player if player is None else player, category))
        return {"scored": "D-SHEET-4", "scratched": "D-SHEET-3"}.get(mark or "")


REFUSAL_CLAUSES = {
    "game-over": "D-END-1",
    "not-your-turn": "D-PLAY-2",
    "already-rolled": "D-TURN-1",
    "not-rolled": "D-TURN-1",
    "no-rolls-left": "D-TURN-3",
    "keep-not-in-roll": "D-TURN-2",
    "nothing-thrown": "D-TURN-2",
    "unknown-category": "D-SHEET-1",
    "category-closed": "D-SHEET-4",
    "does-not-qualify": "D-SHEET-2",
}
"""The clause each reason code of a refused action enforces."""


def _category(action: str) -> str:
    words = action.split()
    return words[1] if len(words) > 1 and words[0] in ("score", "scratch") else ""


def refusal_clause(code: str, action: str, played: Played, player: int | None = None) -> DiceAttribution:
    """An action the case refuses with ``code`` was not refused so (accepted, another
    code, or the state changed): the clause the refusal enforces; for a closed
    category, the clause that closed it (D-SHEET-3 scratched, D-SHEET-4 scored)."""
    clause = REFUSAL_CLAUSES.get(code, "D-PLAY-1")
    if code == "category-closed":
        clause = played.closed_by(_category(action), player) or clause
    return DiceAttribution(clause, f"{action} must be refused ({code})")


def accepted_clause(action: str, code: str | None, played: Played, requires: Mapping[str, str]) -> DiceAttribution:
    """An action the case accepts was refused (with ``code``): the clause allowing it."""
    why = f"{action} is allowed after {played.where()} (refused: {code})"
    kind, category = action.split(" ", 1)[0], _category(action)
    if code == "does-not-qualify" and category in QUALIFY_CLAUSES:
        return DiceAttribution(qualify_clause(category, requires), why)
    if kind == "roll" and played.turn_ended:
        return DiceAttribution("D-TURN-5", why)
    if code in REFUSAL_CLAUSES and code not in ("already-rolled", "not-rolled"):
        return DiceAttribution(REFUSAL_CLAUSES[code], why)
    if kind in ("score", "scratch") and played.rolls < played.max_rolls:
        return DiceAttribution("D-TURN-4", why)
    clause = {"roll": "D-TURN-1", "reroll": "D-TURN-2", "score": "D-SHEET-2", "scratch": "D-SHEET-3"}
    return DiceAttribution(clause.get(kind, "D-PLAY-1"), why)


def within(want: Mapping[str, Any], got: Any) -> bool:
    """Whether the expected event's every field is in the actual one, of its JSON type."""
    return strict_within(want, got)


def event_clause(want: list[Mapping[str, Any]], got: list[Any], action: str) -> DiceAttribution:
    """The clause of the first expected event that differs from what happened, or
    of the first event that happened beyond those expected."""
    for index, event in enumerate(want):
        actual = got[index] if index < len(got) else None
        if not within(event, actual):
            return DiceAttribution(*_event_reason(event, actual))
    extra = got[len(want)] if len(got) > len(want) else None
    kind = extra.get("type") if isinstance(extra, dict) else None
    if kind == "game-over":
        clause = "D-FIRST-5" if isinstance(extra, dict) and extra.get("automatic") else "D-END-1"
        return DiceAttribution(clause, f"the game goes on after {action}")
    if kind == "auto-win":
        return DiceAttribution("D-FIRST-3", f"{action} wins nothing at once")
    return DiceAttribution("D-TURN-5", f"nothing more happens after {action}")


def _event_reason(event: Mapping[str, Any], actual: Any) -> tuple[str, str]:
    kind, got = event["type"], actual if isinstance(actual, dict) else {}
    if got and got.get("type") != kind:
        return _unexpected_event(event, got)
    if kind == "rolled":
        if got.get("dice") != event["dice"] and sorted(got.get("dice") or []) == event["dice"]:
            return "D-PLAY-3", "a roll is the multiset of its dice (reported ascending)"
        if got.get("dice") == event["dice"] and got.get("first") != event["first"]:
            return "D-FIRST-2", "whether this roll counts as a first roll"
        return "D-TURN-2", "the roll is the kept dice and the dice thrown"
    if kind == "scored":
        if got and got.get("bonus") != event["bonus"]:
            return "D-FIRST-1", f"the first-roll bonus of {event['category']}"
        return POINT_CLAUSES[event["category"]], f"the points of {event['category']}"
    if kind == "scratched":
        return "D-SHEET-3", "the category is scratched"
    if kind == "auto-win":
        return "D-FIRST-3", "a five of a kind on a first roll wins at once"
    return _game_over_reason(event, got)


def _unexpected_event(event: Mapping[str, Any], got: Mapping[str, Any]) -> tuple[str, str]:
    """Another event than the one expected happened in its place."""
    if event["type"] == "game-over":
        return ("D-FIRST-5", "the round is played out") if event.get("automatic") else ("D-END-1", "the game ends now")
    if event["type"] == "auto-win":
        return "D-FIRST-3", "a five of a kind on a first roll wins at once, without a score"
    if got.get("type") == "game-over":
        return ("D-FIRST-5", "the game goes on") if got.get("automatic") else ("D-END-1", "the game goes on")
    return "D-TURN-5", f"{event['type']} happens here, not {got.get('type')}"


def _game_over_reason(event: Mapping[str, Any], got: Mapping[str, Any]) -> tuple[str, str]:
    if not got:
        if event.get("automatic"):
            return "D-FIRST-5", "an automatic win ends the game (or the round)"
        return "D-END-1", "the game ends when every sheet is full"
    automatic = bool(event.get("automatic") or got.get("automatic"))
    if got.get("winners") != event.get("winners") or got.get("automatic") != event.get("automatic"):
        if automatic:
            return "D-END-3", "the automatic winner wins whatever the points"
        return "D-END-2", "the players with the most points win, ties shared"
    if automatic:
        return "D-FIRST-3", "the automatic win scores nothing: the turn ends without a score"
    return "D-END-2", "each player's points: his categories and first-roll bonuses"


def state_clause(key: str, want: Any, got: Any, played: Played) -> DiceAttribution:
    """The clause of a part of the state that differs from what the case says."""
    why = f"the state's {key} after {played.where()}"
    if key in ("player", "round", "rolls") and played.turn_ended:
        return DiceAttribution("D-TURN-5", why)
    if key == "sheets":
        return DiceAttribution(_sheets_clause(want, got, played), why)
    if key in ("totals", "winners") and played.auto_won:
        return DiceAttribution("D-FIRST-3" if key == "totals" else "D-END-3", why)
    clause = {
        "player": "D-PLAY-2",
        "round": "D-PLAY-2",
        "rolls": "D-TURN-3",
        "dice": "D-TURN-2",
        "first-roll": "D-FIRST-2",
        "totals": "D-END-2",
        "winners": "D-END-2",
        "over": "D-END-1",
        "pending-winners": "D-FIRST-5",
    }.get(key, "D-PLAY-1")
    return DiceAttribution(clause, why)


def _sheets_clause(want: Any, got: Any, played: Played) -> str:
    """The clause of the first entry of the sheets that differs: its categories
    (D-SHEET-1), a mark (how the category was closed), or points."""
    got_sheets = got if isinstance(got, list) else []
    for sheet, actual in zip(want, [*got_sheets, *([{}] * len(want))], strict=False):
        if not isinstance(actual, dict) or set(actual) != set(sheet):
            return "D-SHEET-1"
        for category, entry in sheet.items():
            if actual[category] == entry:
                continue
            if not isinstance(actual[category], dict) or actual[category].get("mark") != entry["mark"]:
                return {"scored": "D-SHEET-2", "scratched": "D-SHEET-3"}.get(entry["mark"], "D-SHEET-4")
            return "D-FIRST-3" if played.auto_won and category == "generala" else POINT_CLAUSES[category]
    return "D-SHEET-1"


def legal_clause(missing: list[str], extra: list[str], played: Played) -> DiceAttribution:
    """The clause of the first legal action missing, or else listed wrongly."""
    first = (missing + extra + ["roll"])[0]
    why = f"whether {first} is allowed after {played.where()}"
    category = _category(first)
    if played.over:
        return DiceAttribution("D-FIRST-5" if played.auto_won else "D-END-1", why)
    if category and category not in played.categories:
        return DiceAttribution("D-SHEET-1", why)
    if category and played.closed_by(category):
        return DiceAttribution(played.closed_by(category) or "D-SHEET-4", why)
    if first.startswith("reroll"):
        too_many = first in extra and played.rolls >= played.max_rolls
        return DiceAttribution("D-TURN-3" if too_many else "D-TURN-2", why)
    if first.startswith("score"):
        return DiceAttribution("D-SHEET-2", why)
    if first.startswith("scratch"):
        return DiceAttribution("D-SHEET-3", why)
    return DiceAttribution("D-TURN-5" if played.turn_ended else "D-TURN-1", why)
