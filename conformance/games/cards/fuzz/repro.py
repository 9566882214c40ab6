"""A shrunk fuzzing mismatch as people and the suite read it: the table drawn with
card glyphs, and a YAML fixture in the scenarios format
(``spec/schemas/fixture.schema.json``) that passes on the reference and fails on
the implementation that showed the mismatch.

The steps carry the reference's events; the last one asserts what differed (the
legal actions, the events, the refusal, or the differing state fields).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml
from generala_conformance.games.cards.divergence import draw_table
from generala_conformance.games.cards.fuzz.differential import Mismatch, Step, Trial
from generala_conformance.games.cards.notation import NotationError, card, event_text, player
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_spec.options import options
from generala_spec.rulebook import clauses

Json = dict[str, Any]

_CODE_CLAUSE = {
    "forced-first-lead": "R-LEAD-2",
    "must-follow-suit": "R-FOLLOW-2",
    "joker-only-when-void": "R-FOLLOW-4",
    "off-suit-card": "R-FOLLOW-5",
    "cannot-decline": "R-FOLLOW-4",
    "must-take": "R-DECL-2",
    "no-take-pending": "R-DECL-2",
    "card-not-in-trick": "R-DECL-2",
    "cannot-take-joker": "R-DECL-3",
    "game-over": "R-END-1",
}
_EVENT_CLAUSE = {
    "play": "R-FOLLOW-1",
    "decline": "R-FOLLOW-5",
    "take": "R-DECL-2",
    "out": "R-OUT-1",
    "trick": "R-TRICK-1",
    "lead": "R-NEXT-1",
    "game-over": "R-END-1",
    "eliminated": "R-SERIES-1",
    "next-dealer": "R-SERIES-4",
    "champion": "R-SERIES-3",
    "deal": "R-SERIES-5",
}
_WHY_CLAUSE = {"highest-remaining": "R-NEXT-3", "tie-break": "R-NEXT-4", "taker": "R-NEXT-5"}
_FIELD_CLAUSE = {
    "hands": "R-DECL-4",
    "out_of_play": "R-TRICK-2",
    "to_move": "R-OUT-2",
    "leader": "R-NEXT-1",
    "over": "R-END-2",
    "loser": "R-END-1",
    "phase": "R-DECL-1",
    "series": "R-SERIES-1",
}
_STATE_FIELDS = (
    "hands",
    "to_move",
    "leader",
    "taking",
    "loser",
    "phase",
    "over",
    "trick",
    "went_out",
    "out_of_play",
    "series",
)


def guess_clause(mismatch: Mismatch, trial: Trial) -> str:
    """The clause the mismatch most likely breaks (a guess: a person checks it)."""
    if mismatch.what == "refusal":
        return _CODE_CLAUSE.get(str(mismatch.expected), "R-FOLLOW-1")
    if mismatch.what == "legal":
        extra = set(mismatch.actual) ^ set(mismatch.expected)
        if any(a.startswith("take") for a in extra):
            return "R-DECL-3"
        if "position" not in trial.setup and not trial.steps:
            return "R-LEAD-2"
        return "R-FOLLOW-4" if extra & {"JK", "decline"} else "R-FOLLOW-2"
    if mismatch.what == "events" and isinstance(mismatch.expected, list) and isinstance(mismatch.actual, list):
        for want, got in zip(mismatch.expected, [*mismatch.actual, *[{}] * len(mismatch.expected)], strict=False):
            if want != got:
                if want.get("type") == "game-over" and want.get("loser") is None:
                    return "R-END-3"
                if want.get("type") == "lead":
                    return _WHY_CLAUSE.get(want.get("why"), "R-NEXT-1")
                return _EVENT_CLAUSE.get(want.get("type"), "R-FOLLOW-1")
    if mismatch.what == "state" and mismatch.index < 0:
        return "R-SERIES-5" if trial.setup.get("deal", {}).get("seated") else "R-DEAL-1"
    if mismatch.what == "state":
        for name in mismatch.fields:
            if name in _FIELD_CLAUSE:
                return _FIELD_CLAUSE[name]
    if mismatch.what == "start":
        return "R-DEAL-1"
    return "R-FOLLOW-1"


def _cards(hand: list[str]) -> str:
    return " ".join(hand) or "none"


def _action(step: Step) -> Json:
    """The step's move in the fixture notation (``send``/``by`` for malformed text)."""
    try:
        text = step.action if step.action.startswith("take ") or step.action == "decline" else card(step.action)
        if text.startswith("take "):
            card(text[5:])
        return {"do": f"{player(step.player)} {text}"}
    except (NotationError, AttributeError):
        return {"send": step.action, "by": player(step.player)}


def _position(position: Mapping[str, Any]) -> Json:
    out: Json = {"players": position["players"]}
    out["hands"] = {player(s): _cards(h) for s, h in enumerate(position["hands"]) if h}
    out["leader"] = player(position["leader"])
    if position.get("trick"):
        out["trick"] = ", ".join(f"{player(t['player'])} {t['card']}" for t in position["trick"])
    if position.get("taking") is not None:
        out["taking"] = player(position["taking"])
    if position.get("forced"):
        out["forced"] = position["forced"]
    if position.get("out_of_play") is not None:
        out["out_of_play"] = _cards(position["out_of_play"])
    return out


def _deal(deal: Mapping[str, Any]) -> Json:
    out: Json = {"players": deal["players"], "dealer": player(deal["dealer"]), "deck": _cards(deal["deck"])}
    if deal.get("seated") is not None:
        out["seated"] = [player(s) for s in deal["seated"]]
    return out


def _state(state: Mapping[str, Any], fields: list[str]) -> Json:
    """The differing fields of a reference snapshot, in the fixture's state notation."""
    out: Json = {}
    for name in fields:
        value: Any = state.get(name)  # (each field's own JSON type)
        if name not in _STATE_FIELDS:
            continue
        if name == "hands":
            out[name] = {player(s): _cards(h) for s, h in enumerate(value)}
        elif name in ("to_move", "leader", "taking", "loser"):
            out[name] = "nobody" if value is None else player(value)
        elif name == "trick":
            out[name] = ", ".join(f"{player(t['player'])} {t['card']}" for t in value)
        elif name == "went_out":
            out[name] = [player(s) for s in value]
        elif name == "out_of_play":
            out[name] = _cards(value)
        elif name == "series":
            if value is not None:
                out[name] = _series(value)
        else:
            out[name] = value
    return out


def _series(record: Mapping[str, Any]) -> Json:
    """The series record of a snapshot in the fixture's notation (R-SERIES-9)."""
    out: Json = {key: [player(s) for s in record[key]] for key in ("active", "eliminated")}
    for key in ("dealer", "champion", "next_dealer"):
        out[key] = "nobody" if record[key] is None else player(record[key])
    out["games"], out["over"] = record["games"], record["over"]
    return out


def fixture_case(trial: Trial, mismatch: Mismatch, case_id: str, clause: str | None = None) -> Json:
    """The fixture case (a dict in the scenarios format) reproducing ``mismatch``."""
    guessed = "" if clause else ", guessed"
    clause = clause or guess_clause(mismatch, trial)
    ref = ReferenceAdapter()
    state = ref.start(trial.setup)
    steps: list[Json] = []
    for index, step in enumerate(trial.steps):
        if step.kind == "deal":
            events = ref.deal(step.action)
            steps.append({"deal": _cards(step.action), "events": [event_text(e) for e in events]})
        elif step.kind == "try":
            before = {"refused": _refusal(ref, step)}
            steps.append({**_action(step), **before})
        else:
            events = ref.apply(step.action, step.player)
            steps.append({**_action(step), "events": [event_text(e) for e in events]})
        state = ref.state()
        if index == mismatch.index and mismatch.what == "state":
            steps.append(_state_step(ref, state, mismatch.fields))
    if mismatch.what == "legal":
        steps.append({"legal": ref.legal()})
    elif mismatch.what in ("state", "start") and mismatch.index < 0:
        steps.append(_state_step(ref, state, [*mismatch.fields] or list(_STATE_FIELDS)))
    if not steps:
        steps.append({"legal": ref.legal()})
    rules = trial.setup.get("rules") or {}
    defaults = {name: opt.default for name, opt in options().items()}
    case: Json = {
        "id": case_id,
        "title": f"found by fuzzing: {mismatch.what} differs ({clause}{guessed})",
        "clauses": [clause],
    }
    requires = {k: v for k, v in rules.items() if v != defaults.get(k)}
    if requires:
        case["requires"] = requires
    case["sources"] = sorted({q.sentence for q in clauses()[clause].sources}) or ["fuzz"]
    if "position" in trial.setup:
        case["position"] = _position(trial.setup["position"])
    else:
        case["deal"] = _deal(trial.setup["deal"])
        if trial.setup.get("series"):
            case["series"] = True
    case["steps"] = steps
    return case


def _state_step(ref: ReferenceAdapter, state: Json, fields: list[str]) -> Json:
    """A step asserting the differing ``fields`` of ``state``; when none of them can be
    written in a fixture (the ``forced`` card, say), the legal moves, which show it."""
    asserted = _state(state, fields)
    return {"state": asserted} if asserted else {"legal": [] if state.get("over") else ref.legal()}


def _refusal(ref: ReferenceAdapter, step: Step) -> str:
    from generala_conformance.transport.adapter import Refused

    try:
        ref.apply(step.action, step.player)
    except Refused as exc:
        return str(exc.code)
    raise AssertionError(f"the reference accepts {step.action!r}")  # a trial's tries are refused by construction


def fixture_yaml(cases: list[Json], about: str = "Cases found by generala-kit fuzz.") -> str:
    """A fixture file (version 1) holding ``cases``; steps are written one per line."""
    lines = ["version: 1", f"about: {_scalar(about)}", "cases:"]
    for case in cases:
        head = {k: v for k, v in case.items() if k != "steps"}
        body = yaml.safe_dump([head], sort_keys=False, allow_unicode=True, width=4096)
        lines.append(body.rstrip())
        lines.append("  steps:")
        for step in case["steps"]:
            flow = yaml.safe_dump(step, default_flow_style=True, sort_keys=False, allow_unicode=True, width=4096)
            lines.append(f"  - {flow.strip()}")
    return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    return yaml.safe_dump(text, default_style='"', width=4096).strip().removesuffix("...").strip()


def draw(trial: Trial, mismatch: Mismatch) -> str:
    """The reproduction for people: the starting table, the moves, what differed."""
    ref = ReferenceAdapter()
    lines = ["minimal reproduction:", draw_table(ref.start(trial.setup))]
    moves = []
    for step in trial.steps:
        if step.kind == "deal":
            moves.append("(deal)")
        else:
            moves.append(f"{player(step.player)} {step.action}" + (" (illegal)" if step.kind == "try" else ""))
    if moves:
        lines.append("  moves: " + ", ".join(moves))
    lines.append("  " + mismatch.describe())
    return "\n".join(lines)
