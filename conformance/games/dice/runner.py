"""Run one dice case on an implementation and say where it diverges, and which
clause the divergence breaks.

The implementation's ``hello`` decides three things (``docs/dice-contract.md``): a
case of a level it does not declare is skipped (``level not supported: LEVEL``), and
so is a game of one player unless it declares them (``one_player_games``, AMB-12);
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
from typing import TYPE_CHECKING, Any

from generala_conformance.core.transcripts import claim, mark, need, refusal
from generala_conformance.games.dice.attribution import (
    DiceAttribution,
    DiceDivergence,
    Played,
    accepted_clause,
    event_clause,
    legal_clause,
    qualify_clause,
    refusal_clause,
    state_clause,
    within,
)
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_conformance.games.dice.scoring_cases import POINT_CLAUSES
from generala_conformance.transport.adapter import Adapter, BadRequest, Json, Refused
from generala_conformance.transport.declared import DeclaredUnsupported
from generala_conformance.transport.json_values import strict_equal
from generala_reference.dice import Category, DiceGame, PointTable
from generala_reference.dice.rules import DiceRules
from generala_spec.options import resolve

if TYPE_CHECKING:
    from generala_conformance.games.dice.cases import DiceCase

SPEC = "dice"
POINT_OPTIONS = ("generala-points", "double-generala-points", "first-roll-bonus")
DEFAULTS = resolve("default", spec=SPEC)
POINTS_DECLARED = "point table declared by the implementation (its points replace the point options)"
ONE_PLAYER_NOT_DECLARED = 'one-player games not declared (the hello lacks "one_player_games": true)'


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


def plays_alone(hello: Mapping[str, Any]) -> bool:
    """Whether an implementation declares one-player games (``hello.one_player_games``, AMB-12)."""
    return hello.get("one_player_games") is True


def start_game(adapter: Adapter, players: int, rules: Mapping[str, str]) -> None:
    """Start a game of ``players``: a one-player game only on an implementation declaring
    them (else the case is skipped, AMB-12: refusing them breaks no rule); a ``bad-players``
    refusal of a number of players it must seat breaks D-PLAY-1."""
    if players == 1:
        need(adapter, "one_player_games", True)
        if not plays_alone(adapter.hello()):
            raise DeclaredUnsupported(ONE_PLAYER_NOT_DECLARED)
    try:
        adapter.start({"players": players, "rules": dict(rules)})
    except BadRequest as refused:
        if refused.code != "bad-players":
            raise
        seats = "a game of one player (declared in the hello)" if players == 1 else f"a game of {players} players"
        raise DiceDivergence(
            f"start {seats}",
            "the game started",
            f"refused: {refused}",
            DiceAttribution("D-PLAY-1", f"{seats} is played"),
        ) from None


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
        if not strict_equal(want, got):
            raise DiceDivergence(
                f"{step}: {category}", said(want), said(got), _score_clause(case, category, want, got, rules, table)
            )
    if not strict_equal(expected["wins"], reply["wins"]):
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


def _score_clause(
    case: DiceCase, category: str, want: Any, got: Any, rules: Mapping[str, str], table: PointTable | None
) -> DiceAttribution:
    """The clause a wrong entry breaks: its qualification, the first-roll bonus (the
    entry lacks that bonus exactly, or has it on a later roll of all five dice), a declared point table not held to
    (the entry is the options' points, D-SCORE-7), else the category's points."""
    if (want is None) != (got is None):
        clause = qualify_clause(category, case.requires)
        if category == "double-generala" and case.marks.get("generala", "open") != "open":
            clause = "D-CAT-7"
        return DiceAttribution(clause, f"whether {_dice(case)} qualifies for {category}")
    reading = DiceRules.of(overrides=case_reading(case, rules))
    bonus = (table or PointTable.of(reading)).bonus(Category(category))
    if table is not None and got == score_request(
        {**case.roll, "rules": case_reading(case, rules), "marks": dict(case.marks)}
    )["scores"].get(category):
        return DiceAttribution("D-SCORE-7", f"the points of {category} in the declared table")
    if bonus and isinstance(got, int) and got == want - bonus:
        return DiceAttribution("D-FIRST-1", f"the first-roll bonus of {category}")
    if bonus and isinstance(got, int) and got == want + bonus and case.roll["roll"] > 1 and case.roll["thrown"] == 5:
        return DiceAttribution("D-FIRST-2", f"whether roll {case.roll['roll']} of all five dice is a first roll")
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
    start_game(adapter, case.players, rules)
    played = Played(case_reading(case, rules))
    reason_codes = adapter.hello().get("reason_codes", True)
    for number, step in enumerate(steps, 1):
        where = f"step {number}"
        if "do" in step:
            _do(step, adapter, where, played, reason_codes, case.requires)
        elif "state" in step:
            state = adapter.state()
            for key, want in step["state"].items():
                claim(adapter, check={"path": ["state", key], "op": "equals", "value": want})
                if not strict_equal(want, state.get(key)):
                    raise DiceDivergence(
                        f"{where}: state.{key}", want, state.get(key), state_clause(key, want, state.get(key), played)
                    )
        else:
            got = adapter.legal()
            claim(adapter, check={"path": ["actions"], "op": "set-equals", "value": list(step["legal"])})
            if sorted(got) != sorted(step["legal"]):
                missing = sorted(set(step["legal"]) - set(got))
                extra = sorted(set(got) - set(step["legal"]))
                raise DiceDivergence(
                    f"{where}: legal actions after {played.where()} (missing {missing}, not legal {extra})",
                    sorted(step["legal"]),
                    sorted(got),
                    legal_clause(missing, extra, played),
                )


def _do(
    step: Mapping[str, Any],
    adapter: Adapter,
    where: str,
    played: Played,
    reason_codes: bool,
    requires: Mapping[str, str],
) -> None:
    action, player, dice = step["do"], step.get("by"), step.get("dice")
    shown = (
        f"{where}: {action}"
        + (f" [{''.join(map(str, dice))}]" if dice else "")
        + (f" by {player}" if player is not None else "")
    )
    if "refused" in step:
        clause = refusal_clause(step["refused"], action, played, player)
        before = adapter.state()
        before_at = mark(adapter)
        try:
            events = adapter.apply_request(apply_fields(action, player, dice))
        except Refused as refused:
            claim(adapter, accept=[], refusal=dice_refusal(step["refused"]))
            if reason_codes and refused.code != step["refused"]:
                raise DiceDivergence(shown, f"refused: {step['refused']}", f"refused: {refused.code}", clause) from None
            after = adapter.state()
            claim(adapter, same_as=before_at)
            if after != before:
                raise DiceDivergence(f"{shown} (refused)", "the state unchanged", after, clause) from None
            return
        raise DiceDivergence(shown, f"refused: {step['refused']}", events, clause)
    try:
        events = adapter.apply_request(apply_fields(action, player, dice))
    except Refused as refused:
        attribution = accepted_clause(action, refused.code, played, requires)
        raise DiceDivergence(shown, step["events"], f"refused: {refused.code}", attribution) from None
    claim(adapter, check={"path": ["events"], "op": "items-match", "value": list(step["events"])})
    if len(events) != len(step["events"]) or any(
        not within(w, g) for w, g in zip(step["events"], events, strict=False)
    ):
        raise DiceDivergence(shown, step["events"], events, event_clause(step["events"], events, action))
    played.after(action + (f" {''.join(map(str, dice))}" if dice else ""), step["events"])
