"""Run one dice case on an implementation and say where it diverges, and which
clause the divergence breaks.

The implementation's ``hello`` decides three things (``docs/dice-contract.md``): a
case of a level it does not declare is skipped (``level not supported: LEVEL``);
with a declared point table (``points``), a case requiring a point option at
another value than its default is skipped (it is the same case as at the
default), and every other case expects the points of that table, computed by the
reference engine (D-SCORE-7); without one, a case expects what its fixture says.
Qualification (a ``null`` or not) and points are told apart: a wrong ``null``
breaks the category's D-CAT clause, a wrong number its D-SCORE clause (or
D-FIRST-1 when the bonus is what differs). Each comparison also says what it
compared (:func:`~generala_conformance.core.transcripts.claim`), for the case's
transcript (``docs/transcripts.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generala_conformance.core.transcripts import claim, mark, need, refusal
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_conformance.games.dice.scoring_cases import POINT_CLAUSES, QUALIFY_CLAUSES
from generala_conformance.transport.adapter import Adapter, Json, Refused
from generala_conformance.transport.declared import DeclaredUnsupported
from generala_reference.dice import DiceGame, PointTable
from generala_spec import rulebook
from generala_spec.options import resolve

if TYPE_CHECKING:
    from generala_conformance.games.dice.cases import DiceCase

SPEC = "dice"
POINT_OPTIONS = ("generala-points", "double-generala-points", "first-roll-bonus")
DEFAULTS = resolve("default", spec=SPEC)
POINTS_DECLARED = "point table declared by the implementation (its points replace the point options)"
HANDS = ("straight", "full-house", "four-of-a-kind")


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


def levels_of(hello: Mapping[str, Any]) -> list[str]:
    """The levels an implementation declares (``hello.levels``)."""
    return list(hello.get("levels") or [])


def declared_table(hello: Mapping[str, Any]) -> PointTable | None:
    """The point table an implementation declares, or None (it plays the point options)."""
    points = hello.get("points")
    return None if points is None else PointTable.declared(points)


def requires_for(requires: Mapping[str, str], hello: Mapping[str, Any]) -> dict[str, str]:
    """What a case requires of an implementation: with a declared point table, not
    the point options (its points are expected from its table, D-SCORE-7)."""
    if hello.get("points") is None:
        return dict(requires)
    return {k: v for k, v in requires.items() if k not in POINT_OPTIONS}


def apply_fields(action: str, player: int | None, dice: list[int] | None) -> Json:
    """The fields of an ``apply`` request: ``dice``, the values of the dice a roll
    throws, reach a dice adapter through :meth:`~generala_conformance.transport.adapter.Adapter.apply_request`."""
    return {"action": action, "player": player, "dice": dice}


def run_case(case: DiceCase, adapter: Adapter, rules: dict[str, str]) -> None:
    """Run ``case`` on ``adapter`` with the ``rules`` the kit sends; raise
    :class:`DiceDivergence` at the first divergence, :class:`DeclaredUnsupported`
    for a case the implementation's ``hello`` rules out."""
    hello = adapter.hello()
    need(adapter, "level", case.level)
    need(adapter, "declared_points", False)
    if case.level not in levels_of(hello):
        raise DeclaredUnsupported(f"level not supported: {case.level}")
    table = declared_table(hello)
    if table is not None and any(case.requires.get(o, DEFAULTS[o]) != DEFAULTS[o] for o in POINT_OPTIONS):
        raise DeclaredUnsupported(POINTS_DECLARED)  # its points are those of the same case at the default
    if case.level == "scoring":
        run_scoring(case, adapter, rules, table)
    else:
        run_game(case, adapter, rules, table)


def case_reading(case: DiceCase, rules: Mapping[str, str]) -> dict[str, str]:
    """The rules a case's answer is computed under with a declared point table: the
    rules sent, then the values the case requires, which ``profile`` withholds from
    what it sends (the implementation then plays its own reading) but still expects."""
    return {**rules, **case.requires}


# -- the scoring level ---------------------------------------------------------------


def run_scoring(case: DiceCase, adapter: Adapter, rules: dict[str, str], table: PointTable | None) -> None:
    """One ``score`` request; every open category's answer and ``wins`` compared."""
    request = {**case.roll, "rules": rules, "marks": dict(case.marks)}
    expected = case.expect if table is None else score_request({**request, "rules": case_reading(case, rules)}, table)
    reply = adapter.score(request)
    claim_scores(adapter, expected["scores"], expected["wins"])
    step = f"score {''.join(map(str, case.roll['dice']))} (roll {case.roll['roll']}, {case.roll['thrown']} thrown)"
    scores = reply.get("scores")
    if not isinstance(scores, dict) or not isinstance(reply.get("wins"), bool):
        raise DiceDivergence(step, "{scores: {...}, wins: true|false}", reply, None)
    for category, want in expected["scores"].items():
        got = scores.get(category)
        if got != want:
            raise DiceDivergence(f"{step}: {category}", said(want), said(got), _score_clause(case, category, want, got))
    if reply["wins"] != expected["wins"]:
        raise DiceDivergence(f"{step}: wins", expected["wins"], reply["wins"], _wins_clause(case))


def claim_scores(adapter: Adapter, scores: Mapping[str, Any], wins: bool | None) -> None:
    """Say what :func:`run_scoring` compares of a ``score`` reply: ``scores`` an object,
    ``wins`` a boolean, each expected category's entry and (unless ``None``) ``wins``."""
    claim(adapter, check={"path": ["scores"], "op": "type", "value": "object"})
    claim(adapter, check={"path": ["wins"], "op": "type", "value": "boolean"})
    for category, want in scores.items():
        claim(adapter, check={"path": ["scores", category], "op": "equals", "value": want})
    if wins is not None:
        claim(adapter, check={"path": ["wins"], "op": "equals", "value": wins})


def dice_refusal(code: str) -> dict[str, Any]:
    """The refusal of a game action: ``illegal`` with ``code``, unless the implementation reports no codes."""
    return refusal("illegal", code, code_may_be_absent=False, ignored_without_reason_codes=True)


def said(points: Any) -> str:
    """An entry of a ``score`` answer, in words."""
    return "does not qualify (null)" if points is None else f"qualifies for {points} points"


def qualify_clause(category: str, requires: Mapping[str, str]) -> str:
    """The clause saying whether a roll qualifies for ``category``: for Straight under
    a case requiring a 1 to stand for a 2, D-CAT-3."""
    if category == "straight" and requires.get("straight-ace-for-two", "no") != "no":
        return "D-CAT-3"
    return QUALIFY_CLAUSES[category]


def _score_clause(case: DiceCase, category: str, want: Any, got: Any) -> DiceAttribution:
    """The clause a wrong entry breaks: its qualification, its points or the bonus."""
    if (want is None) != (got is None):
        clause = qualify_clause(category, case.requires)
        if category == "double-generala" and case.marks.get("generala", "open") != "open":
            clause = "D-CAT-7"
        return DiceAttribution(clause, f"whether {_dice(case)} qualifies for {category}")
    if category in HANDS and "D-FIRST-1" in case.clauses:
        clause = "D-FIRST-2" if case.roll["roll"] > 1 else "D-FIRST-1"
        return DiceAttribution(clause, f"the first-roll bonus of {category}")
    return DiceAttribution(POINT_CLAUSES[category], f"the points of {_dice(case)} in {category}")


def _wins_clause(case: DiceCase) -> DiceAttribution:
    if case.roll["roll"] > 1:
        return DiceAttribution("D-FIRST-2", f"whether roll {case.roll['roll']} of all five dice is a first roll")
    if case.marks.get("generala") == "scratched":
        return DiceAttribution("D-FIRST-4", "a scratched Generala gives no automatic win")
    return DiceAttribution("D-FIRST-3", "a five of a kind on a first roll wins at once")


def _dice(case: DiceCase) -> str:
    return "-".join(map(str, case.roll["dice"]))


# -- the game level ------------------------------------------------------------------


def _reference_steps(case: DiceCase, rules: dict[str, str], table: PointTable) -> list[dict[str, Any]]:
    """The case's steps with what the reference engine answers under ``table``."""

    def game_class(**kwargs: Any) -> DiceGame:
        return DiceGame(table=table, **kwargs)

    reference = DiceReferenceAdapter(game_class=game_class)  # type: ignore[arg-type]
    reference.start({"players": case.players, "rules": rules})
    steps = []
    for step in case.steps:
        if "do" in step:
            try:
                events = reference.apply(step["do"], step.get("by"), step.get("dice"))
                steps.append({**_without(step, "refused"), "events": events})
            except Refused as refused:
                steps.append({**_without(step, "events"), "refused": refused.code})
        elif "state" in step:
            state = reference.state()
            steps.append({"state": {k: state[k] for k in step["state"]}})
        else:
            steps.append(step)
    return steps


def _without(step: Mapping[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in step.items() if k != key}


def run_game(case: DiceCase, adapter: Adapter, rules: dict[str, str], table: PointTable | None) -> None:
    """Start the game, then each step: an action and its events or refusal (the
    state unchanged after a refusal), a part of the state, the legal actions."""
    steps = case.steps if table is None else _reference_steps(case, case_reading(case, rules), table)
    adapter.start({"players": case.players, "rules": rules})
    history: list[str] = []
    reason_codes = adapter.hello().get("reason_codes", True)
    for number, step in enumerate(steps, 1):
        where = f"step {number}"
        if "do" in step:
            _do(step, adapter, where, history, reason_codes)
        elif "state" in step:
            state = adapter.state()
            for key, want in step["state"].items():
                claim(adapter, check={"path": ["state", key], "op": "equals", "value": want})
                if state.get(key) != want:
                    raise DiceDivergence(f"{where}: state.{key}", want, state.get(key), _state_clause(key, history))
        else:
            got = adapter.legal()
            claim(adapter, check={"path": ["actions"], "op": "set-equals", "value": list(step["legal"])})
            if sorted(got) != sorted(step["legal"]):
                missing = sorted(set(step["legal"]) - set(got))
                extra = sorted(set(got) - set(step["legal"]))
                after = ", ".join(history[-3:]) or "the start"
                raise DiceDivergence(
                    f"{where}: legal actions after {after} (missing {missing}, not legal {extra})",
                    sorted(step["legal"]),
                    sorted(got),
                    _legal_clause(missing + extra),
                )


def _do(step: Mapping[str, Any], adapter: Adapter, where: str, history: list[str], reason_codes: bool) -> None:
    action, player, dice = step["do"], step.get("by"), step.get("dice")
    shown = (
        f"{where}: {action}"
        + (f" [{''.join(map(str, dice))}]" if dice else "")
        + (f" by {player}" if player is not None else "")
    )
    if "refused" in step:
        before = adapter.state()
        before_at = mark(adapter)
        try:
            events = adapter.apply_request(apply_fields(action, player, dice))
        except Refused as refused:
            claim(adapter, accept=[], refusal=dice_refusal(step["refused"]))
            if reason_codes and refused.code != step["refused"]:
                raise DiceDivergence(
                    shown, f"refused: {step['refused']}", f"refused: {refused.code}", _refusal_clause(step["refused"])
                ) from None
            after = adapter.state()
            claim(adapter, same_as=before_at)
            if after != before:
                raise DiceDivergence(
                    f"{shown} (refused)", "the state unchanged", after, _refusal_clause(step["refused"])
                ) from None
            return
        raise DiceDivergence(shown, f"refused: {step['refused']}", events, _refusal_clause(step["refused"]))
    try:
        events = adapter.apply_request(apply_fields(action, player, dice))
    except Refused as refused:
        raise DiceDivergence(
            shown, step["events"], f"refused: {refused.code}", _event_clause(step["events"], action)
        ) from None
    history.append(action + (f" {''.join(map(str, dice))}" if dice else ""))
    claim(adapter, check={"path": ["events"], "op": "items-match", "value": list(step["events"])})
    if len(events) != len(step["events"]) or any(
        not _within(w, g) for w, g in zip(step["events"], events, strict=False)
    ):
        raise DiceDivergence(shown, step["events"], events, _event_clause(step["events"], action, events))


def _within(want: Mapping[str, Any], got: Any) -> bool:
    """Whether the expected event's every field is in the actual one."""
    return isinstance(got, dict) and all(got.get(k) == v for k, v in want.items())


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


def _refusal_clause(code: str) -> DiceAttribution:
    return DiceAttribution(REFUSAL_CLAUSES.get(code, "D-PLAY-1"), f"the action must be refused ({code})")


def _event_clause(want: list[Mapping[str, Any]], action: str, got: list[Any] | None = None) -> DiceAttribution:
    """The clause of the first expected event that differs from what happened."""
    got = got or []
    for index, event in enumerate(want):
        actual = got[index] if index < len(got) else None
        if not _within(event, actual):
            return DiceAttribution(*_event_reason(event, actual, action))
    return DiceAttribution("D-TURN-5", f"nothing more happens after {action}")


def _event_reason(event: Mapping[str, Any], actual: Any, action: str) -> tuple[str, str]:
    kind = event["type"]
    if kind == "rolled":
        if isinstance(actual, dict) and actual.get("dice") == event["dice"] and actual.get("first") != event["first"]:
            return "D-FIRST-2", "whether this roll counts as a first roll"
        return "D-TURN-2", "the roll is the kept dice and the dice thrown"
    if kind == "scored":
        if isinstance(actual, dict) and actual.get("bonus") != event["bonus"]:
            return "D-FIRST-1", f"the first-roll bonus of {event['category']}"
        return POINT_CLAUSES[event["category"]], f"the points of {event['category']}"
    if kind == "scratched":
        return "D-SHEET-3", f"{action} scratches the category"
    if kind == "auto-win":
        return "D-FIRST-3", "a five of a kind on a first roll wins at once"
    if isinstance(actual, dict) and actual.get("type") == "game-over":
        if actual.get("automatic") or event.get("automatic"):
            return "D-END-3", "the automatic winner wins whatever the points"
        return "D-END-2", "the players with the most points win, ties shared"
    if event.get("automatic"):
        return "D-FIRST-5", "an automatic win ends the game (or the round)"
    return "D-END-1", "the game ends when every sheet is full"


def _state_clause(key: str, history: list[str]) -> DiceAttribution:
    clause = {
        "player": "D-PLAY-2",
        "round": "D-PLAY-2",
        "rolls": "D-TURN-3",
        "dice": "D-TURN-2",
        "first-roll": "D-FIRST-2",
        "sheets": "D-SHEET-3",
        "totals": "D-END-2",
        "winners": "D-END-2",
        "over": "D-END-1",
        "pending-winners": "D-FIRST-5",
    }.get(key, "D-PLAY-1")
    return DiceAttribution(clause, f"the state's {key} after {', '.join(history[-3:]) or 'the start'}")


def _legal_clause(differing: list[str]) -> DiceAttribution:
    first = differing[0] if differing else ""
    if first.startswith("reroll"):
        return DiceAttribution("D-TURN-3", f"whether {first} is allowed now")
    if first.startswith("score"):
        return DiceAttribution("D-SHEET-2", f"whether {first} is allowed now")
    if first.startswith("scratch"):
        return DiceAttribution("D-SHEET-3", f"whether {first} is allowed now")
    return DiceAttribution("D-TURN-1", f"whether {first or 'roll'} is allowed now")
