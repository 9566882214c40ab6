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

Each file is checked before any case runs: against its schema
(``spec/schemas/dice-fixture.schema.json``, whose dice, categories, events and state
fields are the protocol's), then for what a schema cannot say (the clauses,
ambiguities and rule options exist in ``spec/dice/``; every player named sits at the
case's table; an action throws as many dice as it is given; a first roll throws all
five). A file that is not such a document raises :class:`DiceFixtureError` naming the
file, the line and the field, with a code.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from generala_conformance.core import case_cache, input_files, yaml_safe
from generala_conformance.core.input_files import (
    InputError,
    Schema,
    dotted,
    files_under,
    read_valid,
    unknown_option,
)
from generala_conformance.core.yaml_safe import line_of
from generala_conformance.transport.adapter import Adapter
from generala_spec import rulebook
from generala_spec.options import options

SPEC = "dice"
LEVELS = ("scoring", "game")
STEP_KINDS = ("do", "state", "legal")
SCHEMA = "dice-fixture.schema.json"
_ALLOWED = frozenset(
    {
        (__name__, "DiceCase"),
        ("generala_conformance.core.yaml_safe", "Map"),
        ("generala_conformance.core.yaml_safe", "Seq"),
    }
)
"""What a cached dice case is built of (:mod:`~generala_conformance.core.case_cache`)."""


class DiceFixtureError(InputError):
    """A dice fixture file the kit cannot run: ``path``, ``line`` (0: the whole file),
    ``field``, ``message`` and ``code`` (``schema``, ``unknown-clause``, …)."""

    def __init__(self, path: Path | str, line: int, field_: str, message: str, code: str = "bad-dice-fixture") -> None:
        super().__init__(path, line, field_, message, code)


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
        raise DiceFixtureError(where, 0, "", f"dice are written as digits 1-6 (12345), not {value!r}", "bad-dice")
    return [int(c) for c in text]


@cache
def schema() -> dict[str, Any]:
    """The dice fixture schema (draft 2020-12)."""
    loaded: dict[str, Any] = json.loads(files("generala_spec").joinpath(f"schemas/{SCHEMA}").read_text("utf-8"))
    return loaded


@cache
def _schema() -> Schema:
    """The schema, its references to the dice protocol's schema resolved."""
    from generala_conformance.transport.protocol import protocol_schema

    return Schema(schema(), (protocol_schema("dice-protocol.schema.json"),))


_KEPT = re.compile(r"reroll((?: [1-6])*)")


class _Checker:
    """What the schema cannot say about one valid case (see the module)."""

    def __init__(self, path: Path, doc: Any, index: int) -> None:
        self.path, self.doc, self.base = path, doc, ["cases", index]
        self.raw: Mapping[str, Any] = doc["cases"][index]

    def error(self, rel: list[Any], message: str, code: str) -> DiceFixtureError:
        full = self.base + rel
        return DiceFixtureError(self.path, line_of(self.doc, full), dotted(full), message, code)

    def dice(self, rel: list[Any], value: Any) -> list[int]:
        try:
            return dice_list(value, "")
        except DiceFixtureError as error:
            raise self.error(rel, error.message, error.code) from None

    def tags(self) -> None:
        """Every clause, ambiguity and rule option named exists in ``spec/dice/``."""
        clauses, ambiguities, table = rulebook.clauses(SPEC), rulebook.ambiguities(SPEC), options(SPEC)
        for i, clause in enumerate(self.raw["clauses"]):
            if clause not in clauses:
                raise self.error(
                    ["clauses", i], f"clause {clause} is not defined in spec/dice/clauses.yaml", "unknown-clause"
                )
        for i, amb in enumerate(self.raw.get("ambiguities", [])):
            if amb not in ambiguities:
                message = f"ambiguity {amb} is not in the ambiguity register (spec/dice/ambiguities.yaml)"
                raise self.error(["ambiguities", i], message, "unknown-ambiguity")
        for name, value in self.raw.get("requires", {}).items():
            refused = unknown_option(table, name, value)
            if refused is not None:
                raise self.error(["requires", name], refused[1], refused[0])

    def case(self) -> DiceCase:
        self.tags()
        raw = self.raw
        common = {
            "id": raw["id"],
            "title": raw["title"],
            "level": raw["level"],
            "path": str(self.path),
            "line": line_of(self.doc, self.base),
            "clauses": list(raw["clauses"]),
            "ambiguities": list(raw.get("ambiguities", [])),
            "requires": dict(raw.get("requires", {})),
        }
        if raw["level"] == "scoring":
            return DiceCase(**common, roll=self.roll(), marks=dict(raw.get("marks", {})), expect=self.expect())
        steps = [self.step(n, step) for n, step in enumerate(raw["steps"])]
        return DiceCase(**common, players=raw["players"], steps=steps)

    def roll(self) -> dict[str, Any]:
        """The roll scored: five dice; a first roll throws all five (D-PLAY-3)."""
        roll = {**self.raw["roll"], "dice": self.dice(["roll", "dice"], self.raw["roll"]["dice"])}
        if roll["roll"] == 1 and roll["thrown"] != 5:
            message = f"the first roll throws all five dice, not {roll['thrown']}"
            raise self.error(["roll", "thrown"], message, "first-roll-throws-five")
        return roll

    def expect(self) -> dict[str, Any]:
        """The answer: no entry for a category the marks close (an answer lists the open ones)."""
        expect: dict[str, Any] = self.raw["expect"]
        for category, mark in self.raw.get("marks", {}).items():
            if mark != "open" and category in expect["scores"]:
                message = f"{category} is {mark} (marks), so the answer has no entry for it"
                raise self.error(["expect", "scores", category], message, "closed-category-scored")
        return expect

    def seat(self, rel: list[Any], player: int) -> None:
        players = self.raw["players"]
        if player >= players:
            message = f"player {player} is not a seat of a {players}-player game (players are 0 to {players - 1})"
            raise self.error(rel, message, "seat-beyond-players")

    def seats(self, rel: list[Any], found: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        """Every player named by ``found`` under ``keys`` (one, or a list) sits at the table."""
        for key in keys:
            value = found.get(key)
            if isinstance(value, int):
                self.seat([*rel, key], value)
            for j, player in enumerate(value if isinstance(value, list) else []):
                self.seat([*rel, key, j], player)

    def step(self, n: int, raw: Mapping[str, Any]) -> dict[str, Any]:
        rel: list[Any] = ["steps", n]
        step = dict(raw)
        self.seats(rel, raw, ("by",))
        if "dice" in raw:
            step["dice"] = self.dice([*rel, "dice"], raw["dice"])
            self.throw([*rel, "dice"], raw["do"], step["dice"], "events" in raw)
        for i, event in enumerate(raw.get("events", [])):
            self.seats([*rel, "events", i], event, ("player", "winners"))
        self.seats([*rel, "state"], raw.get("state", {}), ("player", "pending-winners", "winners"))
        return step

    def throw(self, rel: list[Any], action: str, dice: list[int], done: bool) -> None:
        """Dice go with a roll or a re-roll, as many as it throws (an action that must
        be refused may be given any, as an implementation could be)."""
        kept = _KEPT.fullmatch(action)
        if action == "roll":
            wanted = 5
        elif kept is not None:
            wanted = 5 - len(kept.group(1).split())
        elif done:
            raise self.error(rel, f"dice go with a roll or a re-roll, not {action!r}", "dice-without-throw")
        else:
            return
        if done and len(dice) != wanted:
            message = f"{action!r} throws {wanted} dice, not {len(dice)}"
            raise self.error(rel, message, "dice-count")


def load_file(path: Path, root: Path | None = None) -> list[DiceCase]:
    """The cases of one fixture file, checked (:class:`DiceFixtureError` at the first
    fault); with ``root``, the file (through a link) must lie inside it."""
    empty = "the file is empty (a dice fixture file starts with 'version: 1')"
    doc = read_valid(path, _schema(), empty, root, DiceFixtureError)
    return [_Checker(path, doc, index).case() for index in range(len(doc["cases"]))]


def fixture_paths(root: Path) -> list[Path]:
    """The fixture files under ``root``, in path order."""
    return files_under(root)


def load_all(root: Path) -> list[DiceCase]:
    """Every case of every ``*.yaml`` under ``root``, in path order, each file inside
    ``root``; ids are unique; a folder without a fixture file is refused."""
    paths = fixture_paths(root)
    if not paths:
        raise DiceFixtureError(root, 0, "", "no fixture files (*.yaml) in this directory", "no-fixture-files")
    cases: list[DiceCase] = []
    seen: dict[str, DiceCase] = {}
    for path in paths:
        for case in load_file(path, root):
            if case.id in seen:
                used = f"id {case.id!r} is already used at {seen[case.id].path}:{seen[case.id].line}"
                raise DiceFixtureError(path, case.line, "id", used, "duplicate-id")
            seen[case.id] = case
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
        [*(f"{SPEC}/{name}.yaml" for name in ("clauses", "ambiguities", "options")), f"schemas/{SCHEMA}"],
        [sys.modules[__name__], yaml_safe, input_files],
        _ALLOWED,
        DiceCase,
        lambda: load_all(root),
    )
