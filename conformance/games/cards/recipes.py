"""Recipes: the hand-chosen half of a fixture file, from which the reference engine
computes the other half (``generala-kit regenerate``, ``scenarios/README.md``).

A recipe (``scenarios/cards/recipes/<area>/<name>.yaml``) is its fixture file
(``scenarios/cards/fixtures/<area>/<name>.yaml``) with every value the reference engine
computes left out. Everything in it was chosen by a person: the names, titles,
clauses, ambiguity, the option values the case is played under (``rules``; the
defaults for the others), sources, the setup (a position or a deal), the moves to
play, the moves to try (which must be refused), and which state fields to assert.
The fixture's ``requires`` is computed: the values of ``rules`` (defaults included)
whose option, set to any other value, changes what the case's steps give
(:func:`~generala_conformance.core.requirements.derive_requires`). Its steps are:

=====================================  ===========================================
recipe step                            fixture step (computed part in *italics*)
=====================================  ===========================================
``{do: P2 8H}``                        ``{do: P2 8H, events: [`play P2 8H`…]}``
``{refuse: P2 3C}``                    ``{do: P2 3C, refused: `must-follow-suit`}``
``{send: "8X", by: P1}``               ``{send: "8X", by: P1, refused: `bad-action`}``
``{deal: 2C 3C …}``                    ``{deal: 2C 3C …, events: [`deal P1 P2,P3`]}``
``{state: [to_move, hands.P3]}``       ``{state: {to_move: `P3`, hands: {P3: `4C`}}}``
``{legal: all}``                       ``{legal: [`9H`, `JK`, `decline`]}``
=====================================  ===========================================

State fields are the snapshot's (``docs/cards-contract.md``): ``hands`` (every seat) or
``hands.P3`` (one), ``series`` (every field) or ``series.active`` (one), and the
others by name. The top of a recipe holds ``recipe: 1``, the fixture's ``about`` and
``provenance``: how its hand-chosen parts were chosen.

>>> recipe = {"recipe": 1, "about": "Demo.", "provenance": "by hand", "cases": [{"id": "demo",
...     "title": "P1 goes out, P2 loses", "clauses": ["R-END-1"], "sources": ["FR-20"],
...     "position": {"players": 2, "leader": "P1", "hands": {"P1": "8C", "P2": "2C 3S"}},
...     "steps": [{"refuse": "P1 3S"}, {"do": "P1 8C"}, {"state": ["to_move"]}, {"legal": "all"}]}]}
>>> for step in compute(recipe)["cases"][0]["steps"]: print(step)
{'do': 'P1 3S', 'refused': 'card-not-in-hand'}
{'do': 'P1 8C', 'events': ['play P1 8C', 'out P1']}
{'state': {'to_move': 'P2'}}
{'legal': ['2C']}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jsonschema
from generala_conformance.core import yaml_safe
from generala_conformance.core.requirements import derive_requires
from generala_conformance.core.yaml_safe import line_of as _line_of
from generala_conformance.games.cards.fixtures import FixtureError, _Converter, schema
from generala_conformance.games.cards.notation import cards, event_text, parse_action, player, seat
from generala_conformance.games.cards.perft import perft_adapter
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest, Refused
from generala_spec.options import UnknownOption, resolve

Json = dict[str, Any]
SPEC = "cards"

VERSION = 1
HEAD_KEYS = ("recipe", "about", "provenance", "cases")
_STEP_FORMS = {
    "do": ("do",),
    "refuse": ("refuse",),
    "send": ("send", "by"),
    "deal": ("deal",),
    "state": ("state",),
    "legal": ("legal",),
}
_SEAT_FIELDS = ("to_move", "leader", "taking", "loser")
_SERIES_SEATS = ("dealer", "champion", "next_dealer")
_SERIES_LISTS = ("active", "eliminated")


class RecipeError(FixtureError):
    """A recipe the generator cannot follow: ``path``, ``line``, ``field`` and why
    (code ``bad-recipe``)."""

    def __init__(self, path: Path | str, line: int, field_: str, message: str) -> None:
        super().__init__(path, line, field_, message, "bad-recipe")


# ------------------------------------------------------------------ state values


def _cards(hand: list[str]) -> str:
    return " ".join(hand) or "none"


def _series_value(name: str, value: Any) -> Any:
    if name in _SERIES_LISTS:
        return [player(s) for s in value]
    if name in _SERIES_SEATS:
        return player(value)
    return value


def _value(name: str, value: Any) -> Any:
    """A snapshot field in the fixture notation (the loader's reading, inverted)."""
    if name == "hands":
        return {player(s): _cards(h) for s, h in enumerate(value)}
    if name in _SEAT_FIELDS:
        return player(value)
    if name == "trick":
        return ", ".join(f"{player(t['player'])} {t['card']}" for t in value)
    if name == "went_out":
        return [player(s) for s in value]
    if name == "out_of_play":
        return _cards(value)
    if name == "series":
        return {k: _series_value(k, v) for k, v in value.items()}
    return value


def state_values(state: Mapping[str, Any], fields: list[str]) -> Json:
    """The asserted ``fields`` of a snapshot, in the fixture notation and in the order
    given; ``hands.P3`` and ``series.active`` name one part of a field.

    >>> state_values({"hands": [["8C"], []], "to_move": 1, "series": {"active": [0, 1], "games": 2}},
    ...              ["to_move", "hands.P1", "series.games"])
    {'to_move': 'P2', 'hands': {'P1': '8C'}, 'series': {'games': 2}}
    """
    out: Json = {}
    for name in fields:
        top, _, part = name.partition(".")
        whole = _value(top, state[top])
        if part:
            out.setdefault(top, {})[part] = whole[part]
        else:
            out[top] = whole
    return out


# ------------------------------------------------------------------ computing


class _Run:
    """One recipe case played on the reference engine, step by step."""

    def __init__(self, path: Path, doc: Any, index: int, rules: Mapping[str, str]) -> None:
        self.conv = _Converter(path, doc, ["cases", index])
        self.raw = doc["cases"][index]
        self.rules = dict(rules)
        self.ref = ReferenceAdapter()

    def error(self, rel: list[Any], message: str) -> RecipeError:
        base = self.conv.error(rel, message)
        return RecipeError(base.path, base.line, base.field, message)

    def start(self) -> None:
        raw = self.raw
        table = raw["position"] if "position" in raw else raw["deal"]
        self.conv.players = table["players"]
        setup = self.conv.position(table) if "position" in raw else self.conv.deal(table)
        if raw.get("series"):
            setup["series"] = True
        setup["rules"] = dict(self.rules)
        try:
            self.ref.start(setup)
        except BadRequest as exc:
            where = "position" if "position" in raw else "deal"
            raise self.error([where], f"the reference refuses this setup ({exc.code}: {exc.message})") from None

    def step(self, i: int, raw: Mapping[str, Any]) -> Json:
        rel = ["steps", i]
        kind = _step_kind(raw)
        if kind is None:
            forms = ", ".join("{" + ", ".join(f) + "}" for f in _STEP_FORMS.values())
            raise self.error(rel, f"not a recipe step: {dict(raw)!r} (forms: {forms})")
        return _STEPS[kind](self, rel, raw)

    def do(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        who, action = self.conv.parse([*rel, "do"], parse_action, raw["do"])
        try:
            events = self.ref.apply(action, who)
        except (Refused, BadRequest) as exc:
            msg = f"the reference refuses {raw['do']!r} ({exc.code}); write {{refuse: {raw['do']}}} to try it"
            raise self.error([*rel, "do"], msg) from None
        return {"do": raw["do"], "events": [event_text(e) for e in events]}

    def refuse(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        who, action = self.conv.parse([*rel, "refuse"], parse_action, raw["refuse"])
        return {"do": raw["refuse"], "refused": self._refusal([*rel, "refuse"], action, who, raw["refuse"])}

    def send(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        who = self.conv.parse([*rel, "by"], seat, raw["by"])
        code = self._refusal([*rel, "send"], str(raw["send"]), who, f"{raw['by']} sends {raw['send']!r}")
        return {"send": raw["send"], "by": raw["by"], "refused": code}

    def _refusal(self, rel: list[Any], action: str, who: int, text: str) -> str:
        try:
            self.ref.apply(action, who)
        except Refused as exc:
            return str(exc.code)
        raise self.error(rel, f"the reference accepts {text!r}, which this step says must be refused")

    def deal(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        deck = self.conv.parse([*rel, "deal"], cards, raw["deal"])
        self.conv.check_cards([*rel, "deal"], deck, exact=True)
        try:
            events = self.ref.deal(deck)
        except (Refused, BadRequest) as exc:
            raise self.error([*rel, "deal"], f"the reference refuses this deal ({exc.code})") from None
        return {"deal": raw["deal"], "events": [event_text(e) for e in events]}

    def state(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        fields = raw["state"]
        state = self.ref.state()
        if not isinstance(fields, list) or not fields:
            raise self.error([*rel, "state"], "a list of state fields to assert, e.g. [to_move, hands.P3]")
        for k, name in enumerate(fields):
            top, _, part = str(name).partition(".")
            known = top in state and (not part or part in _value(top, state[top]))
            if not known or (part and top not in ("hands", "series")):
                raise self.error([*rel, "state", k], f"not a state field: {name!r} (fields: {sorted(state)})")
        return {"state": state_values(state, [str(f) for f in fields])}

    def legal(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        if raw["legal"] != "all":
            raise self.error([*rel, "legal"], "write {legal: all}: the legal set is computed")
        return {"legal": self.ref.legal()}


_STEPS: dict[str, Callable[[_Run, list[Any], Mapping[str, Any]], Json]] = {
    "do": _Run.do,
    "refuse": _Run.refuse,
    "send": _Run.send,
    "deal": _Run.deal,
    "state": _Run.state,
    "legal": _Run.legal,
}


def _step_kind(raw: Any) -> str | None:
    if not isinstance(raw, Mapping):
        return None
    for kind, keys in _STEP_FORMS.items():
        if set(raw) == set(keys):
            return kind
    return None


def _check_head(path: Path, doc: Any) -> None:
    """The recipe's own keys, then every case but its steps against the fixture schema."""
    if not isinstance(doc, Mapping):
        raise RecipeError(path, 1, "", "a recipe is a mapping with keys " + ", ".join(HEAD_KEYS))
    for key in doc:
        if key not in HEAD_KEYS:
            raise RecipeError(path, _line_of(doc, [key]), str(key), f"unknown key; a recipe has {list(HEAD_KEYS)}")
    if doc.get("recipe") != VERSION:
        raise RecipeError(path, _line_of(doc, ["recipe"]), "recipe", f"write 'recipe: {VERSION}' (the format version)")
    if not isinstance(doc.get("provenance", ""), str):
        raise RecipeError(path, _line_of(doc, ["provenance"]), "provenance", "a sentence: how the setups were chosen")
    cases = doc.get("cases")
    if not isinstance(cases, list) or not cases or not all(isinstance(c, Mapping) for c in cases):
        raise RecipeError(path, _line_of(doc, ["cases"]), "cases", "a non-empty list of cases")
    for i, case in enumerate(cases):
        if "requires" in case:
            line = _line_of(doc, ["cases", i, "requires"])
            raise RecipeError(path, line, f"cases.{i}.requires", "computed: write the values played under as 'rules'")
        if not isinstance(case.get("steps"), list) or not case["steps"]:
            raise RecipeError(path, _line_of(doc, ["cases", i]), f"cases.{i}.steps", "a non-empty list of steps")
    heads = [{**{k: v for k, v in c.items() if k != "rules"}, "steps": [{"legal": []}]} for c in cases]
    skeleton = {"version": 1, "cases": heads} | ({"about": doc["about"]} if "about" in doc else {})
    for error in sorted(jsonschema.Draft202012Validator(schema()).iter_errors(skeleton), key=lambda e: e.path):
        where = list(error.absolute_path)
        raise RecipeError(path, _line_of(doc, where), ".".join(map(str, where)), error.message[:300])


def _played(path: Path, doc: Any, i: int, rules: Mapping[str, str]) -> list[Json]:
    """The computed steps of case ``i`` played under ``rules``; :class:`RecipeError`
    names the recipe's line when a step cannot be followed."""
    run = _Run(path, doc, i, rules)
    try:
        run.start()
        return [run.step(k, s) for k, s in enumerate(doc["cases"][i]["steps"])]
    except RecipeError:
        raise
    except FixtureError as exc:  # a bad token in the setup or a step, as the loader reads it
        raise RecipeError(exc.path, exc.line, exc.field, exc.message) from None


def _gives(path: Path, doc: Any, i: int, rules: dict[str, str], steps: list[Json]) -> bool:
    """Whether case ``i`` played under ``rules`` gives ``steps``."""
    try:
        return _played(path, doc, i, rules) == steps
    except RecipeError:
        return False


def _case(raw: Mapping[str, Any], requires: dict[str, str], steps: list[Json]) -> Json:
    """The fixture case: the recipe's fields in their order, ``requires`` where the
    recipe has ``rules`` (else before the sources and the setup), the steps."""
    case: Json = {}
    for key, value in raw.items():
        if key in REQUIRES_BEFORE and "requires" not in case and requires:
            case["requires"] = requires
        if key not in ("rules", "steps"):
            case[key] = value
    if requires and "requires" not in case:
        case["requires"] = requires
    return {**case, "steps": steps}


REQUIRES_BEFORE = ("rules", "sources", "position", "deal", "series")
"""The keys of a recipe case before which the fixture's ``requires`` goes."""


def compute(doc: Any, path: Path | str = "<recipe>") -> Json:
    """The fixture document of a recipe document: its hand-chosen fields as they are,
    in the fixture's key order, every step's outcome from the reference engine, and
    each case's ``requires`` derived by playing it under every other option value.
    :class:`RecipeError` names the recipe's line when a step cannot be followed."""
    path = Path(path)
    _check_head(path, doc)
    cases = []
    for i, raw in enumerate(doc["cases"]):
        written = _rules(path, doc, i)
        steps = _played(path, doc, i, written)
        requires = derive_requires(SPEC, written, lambda rules: _gives(path, doc, i, rules, steps))  # noqa: B023
        cases.append(_case(raw, requires, steps))
    return {"version": 1, **({"about": doc["about"]} if "about" in doc else {}), "cases": cases}


def _rules(path: Path, doc: Any, i: int) -> dict[str, str]:
    """The option values case ``i`` is played under (its ``rules``), checked."""
    rules = doc["cases"][i].get("rules") or {}
    where = f"cases.{i}.rules"
    if not isinstance(rules, Mapping) or not all(isinstance(v, str) for v in rules.values()):
        raise RecipeError(path, _line_of(doc, ["cases", i, "rules"]), where, "a mapping of option: value")
    try:
        resolve("default", dict(rules))
    except UnknownOption as exc:
        raise RecipeError(path, _line_of(doc, ["cases", i, "rules"]), where, str(exc)) from None
    return {str(k): v for k, v in rules.items()}


PERFT_KEYS = ("recipe", "about", "provenance", "positions")
MAX_DEPTH = 8


def _perft_counts(path: Path, doc: Any, i: int) -> list[int]:
    """The counts at depths 1 … ``depth`` of the perft recipe's position ``i``."""
    entry = doc["positions"][i]
    depth, setup = entry.get("depth"), entry.get("setup")
    if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
        raise RecipeError(path, _line_of(doc, ["positions", i, "depth"]), f"positions.{i}.depth", f"1 to {MAX_DEPTH}")
    if not isinstance(setup, Mapping) or len(setup) != 1 or not {"deal", "position"} & set(setup):
        raise RecipeError(path, _line_of(doc, ["positions", i]), f"positions.{i}.setup", "one deal or one position")
    setup = {k: dict(v) for k, v in setup.items()}
    if isinstance(setup.get("deal", {}).get("deck"), str):
        setup["deal"]["deck"] = setup["deal"]["deck"].split()
    setup["rules"] = resolve("default", dict(entry.get("requires") or {}))
    try:
        return [perft_adapter(ReferenceAdapter(), setup, d) for d in range(1, depth + 1)]
    except (BadRequest, ValueError) as exc:
        line = _line_of(doc, ["positions", i, "setup"])
        raise RecipeError(path, line, f"positions.{i}.setup", f"the reference refuses this setup ({exc})") from None


def compute_perft(doc: Any, path: Path | str = "<recipe>") -> Json:
    """The perft table of a perft recipe: each position as given, its ``depth``
    replaced by the reference engine's ``counts`` at depths 1 … depth."""
    path = Path(path)
    if not isinstance(doc, Mapping) or set(doc) - set(PERFT_KEYS) or doc.get("recipe") != VERSION:
        raise RecipeError(path, 1, "", f"a perft recipe has 'recipe: {VERSION}' and keys {list(PERFT_KEYS)}")
    positions = doc.get("positions")
    if not isinstance(positions, list) or not all(isinstance(e, Mapping) for e in positions):
        raise RecipeError(path, _line_of(doc, ["positions"]), "positions", "a list of named positions")
    table = []
    for i, entry in enumerate(positions):
        counts = _perft_counts(path, doc, i)
        table.append({("counts" if k == "depth" else k): (counts if k == "depth" else v) for k, v in entry.items()})
    return {"version": 1, **({"about": doc["about"]} if "about" in doc else {}), "positions": table}


def read(path: Path | str) -> Any:
    """A recipe file's document (mappings and sequences remember their lines)."""
    path = Path(path)
    try:
        return yaml_safe.load(yaml_safe.read_text(path))
    except yaml_safe.YamlRefused as exc:
        raise RecipeError(path, exc.line, exc.field, exc.message) from None
