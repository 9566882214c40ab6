"""The dice suite's YAML fixtures (``scenarios/dice/fixtures/``) read into cases.

A fixture file is ``{version: 1, about, cases: [...]}``; each case has an ``id``, a
``title``, a ``level`` (``scoring`` or ``game``), ``clauses``, optional
``ambiguities`` and ``requires`` (``{option: value}``), and

- at the scoring level, ``roll`` (``dice``, ``roll``, ``thrown``), optional
  ``marks`` and ``expect`` (``scores``, ``wins``): one ``score`` request and its answer;
- at the game level, ``players`` and ``steps``: ``{do: ACTION, dice: "12345", by: P,
  events: [...]}`` (an action and the events it causes), ``{do: ..., refused: CODE}``
  (an action refused, the state unchanged), ``{state: {field: value}}`` and
  ``{legal: [...]}``.

A file that is not such a document raises :class:`DiceFixtureError` naming the file,
the case and the field.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generala_conformance.core import case_cache, yaml_safe
from generala_conformance.core.yaml_safe import YamlRefused, load, read_text
from generala_conformance.errors import UsageError
from generala_conformance.transport.adapter import Adapter
from generala_spec import rulebook
from generala_spec.options import options

SPEC = "dice"
LEVELS = ("scoring", "game")
STEP_KINDS = ("do", "state", "legal")
_ALLOWED = frozenset(
    {
        (__name__, "DiceCase"),
        ("generala_conformance.core.yaml_safe", "Map"),
        ("generala_conformance.core.yaml_safe", "Seq"),
    }
)
"""What a cached dice case is built of (:mod:`~generala_conformance.core.case_cache`)."""


class DiceFixtureError(UsageError):
    """A dice fixture file the kit cannot run (``code`` ``bad-dice-fixture``)."""

    def __init__(self, message: str) -> None:
        super().__init__("bad-dice-fixture", message)


@dataclass(frozen=True)
class DiceCase:
    """One case of the dice suite (see the module docstring)."""

    id: str
    title: str
    level: str
    path: str
    line: int
    clauses: list[str]
    ambiguities: list[str] = field(default_factory=list)
    requires: dict[str, str] = field(default_factory=dict)
    roll: dict[str, Any] = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    expect: dict[str, Any] = field(default_factory=dict)
    players: int = 0
    steps: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ambiguity(self) -> str | None:
        """The first ambiguity the case shows (the card cases' single field)."""
        return self.ambiguities[0] if self.ambiguities else None

    def run(self, adapter: Adapter, rules: Mapping[str, str]) -> None:
        """Play the case on ``adapter`` with ``rules`` (:mod:`.runner`)."""
        from generala_conformance.games.dice.runner import run_case

        run_case(self, adapter, dict(rules))


def dice_list(value: Any, where: str) -> list[int]:
    """Dice written ``"12345"`` (or ``12345``, or a list) as a list of values 1-6."""
    text = "".join(map(str, value)) if isinstance(value, list) else str(value)
    if not text.isdigit() or not all("1" <= c <= "6" for c in text):
        raise DiceFixtureError(f"{where}: dice are written as digits 1-6 (12345), not {value!r}")
    return [int(c) for c in text]


def _known() -> tuple[set[str], set[str], Mapping[str, Any]]:
    return set(rulebook.clauses(SPEC)), set(rulebook.ambiguities(SPEC)), options(SPEC)


def _check_tags(raw: Mapping[str, Any], where: str) -> None:
    clauses, ambiguities, table = _known()
    for clause in raw.get("clauses") or []:
        if clause not in clauses:
            raise DiceFixtureError(f"{where}: clauses: unknown clause {clause!r} of the dice rulebook")
    if not raw.get("clauses"):
        raise DiceFixtureError(f"{where}: clauses: a case names the clauses it checks")
    for amb in raw.get("ambiguities") or []:
        if amb not in ambiguities:
            raise DiceFixtureError(f"{where}: ambiguities: unknown ambiguity {amb!r}")
    for name, value in (raw.get("requires") or {}).items():
        if name not in table or value not in table[name].values:
            raise DiceFixtureError(f"{where}: requires: {name}={value} is no value of a dice rule option")


def _case(raw: Any, path: Path, index: int) -> DiceCase:
    where = f"{path}: case {index + 1}"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise DiceFixtureError(f"{where}: a case is a mapping with an 'id'")
    where = f"{path}: case {raw['id']!r}"
    level = raw.get("level")
    if level not in LEVELS:
        raise DiceFixtureError(f"{where}: level must be one of {LEVELS}, not {level!r}")
    _check_tags(raw, where)
    common = {
        "id": raw["id"],
        "title": str(raw.get("title", raw["id"])),
        "level": level,
        "path": str(path),
        "line": int(getattr(raw, "line", index + 1)),
        "clauses": list(raw["clauses"]),
        "ambiguities": list(raw.get("ambiguities") or []),
        "requires": dict(raw.get("requires") or {}),
    }
    if level == "scoring":
        for name in ("roll", "expect"):
            if not isinstance(raw.get(name), dict):
                raise DiceFixtureError(f"{where}: a scoring case needs '{name}' (a mapping)")
        roll = {**raw["roll"], "dice": dice_list(raw["roll"].get("dice"), f"{where}: roll.dice")}
        return DiceCase(**common, roll=roll, marks=dict(raw.get("marks") or {}), expect=raw["expect"])
    players = raw.get("players")
    if type(players) is not int or players < 1:
        raise DiceFixtureError(f"{where}: players must be a whole number >= 1, not {players!r}")
    steps = raw.get("steps")
    if not isinstance(steps, list) or not steps:
        raise DiceFixtureError(f"{where}: a game case needs 'steps' (a list)")
    return DiceCase(**common, players=players, steps=[_step(s, f"{where}: step {n}") for n, s in enumerate(steps, 1)])


def _step(raw: Any, where: str) -> dict[str, Any]:
    kinds = [k for k in STEP_KINDS if isinstance(raw, dict) and k in raw]
    if len(kinds) != 1:
        raise DiceFixtureError(f"{where}: a step has exactly one of {STEP_KINDS}, not {raw!r}")
    step = dict(raw)
    if "dice" in step:
        step["dice"] = dice_list(step["dice"], f"{where}: dice")
    if "do" in step and ("events" in step) == ("refused" in step):
        raise DiceFixtureError(f"{where}: a 'do' step has 'events' or 'refused', not both or neither")
    return step


def load_file(path: Path) -> list[DiceCase]:
    """The cases of one fixture file."""
    try:
        document = load(read_text(path))
    except (YamlRefused, OSError) as error:
        raise DiceFixtureError(f"{path}: {error}") from None
    if not isinstance(document, dict) or document.get("version") != 1 or not isinstance(document.get("cases"), list):
        raise DiceFixtureError(f"{path}: a dice fixture file is {{version: 1, about, cases: [...]}}")
    return [_case(raw, path, index) for index, raw in enumerate(document["cases"])]


def fixture_paths(root: Path) -> list[Path]:
    """The fixture files under ``root``, in path order."""
    return sorted(root.rglob("*.yaml"))


def load_all(root: Path) -> list[DiceCase]:
    """Every case of every ``*.yaml`` under ``root``, in path order; ids are unique."""
    cases: list[DiceCase] = []
    seen: dict[str, str] = {}
    for path in fixture_paths(root):
        for case in load_file(path):
            if case.id in seen:
                raise DiceFixtureError(f"{path}: case id {case.id!r} is also in {seen[case.id]}")
            seen[case.id] = str(path)
            cases.append(case)
    return cases


def suite_cases(root: Path | None = None) -> list[DiceCase]:
    """The dice suite's fixture cases: those of ``root`` (``--cases DIR``, checked now),
    else the kit's own (checked, from :mod:`~generala_conformance.core.case_cache`)."""
    if root is not None:
        return load_all(root)
    from generala_scenarios import ROOT

    return case_cache.cached_cases(bundled_source(ROOT / "dice" / "fixtures"))


def bundled_source(root: Path) -> case_cache.CaseSource:
    """What the kit's own dice cases under ``root`` are made from: the fixture files,
    the dice rulebook files the cases are checked against, this module and the YAML reader."""
    return case_cache.CaseSource(
        root,
        fixture_paths(root),
        [f"{SPEC}/{name}.yaml" for name in ("clauses", "ambiguities", "options")],
        [sys.modules[__name__], yaml_safe],
        _ALLOWED,
        DiceCase,
        lambda: load_all(root),
    )
