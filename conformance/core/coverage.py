"""Coverage of a rulebook by its game's suite, and the suite's own lint: what every
game's lint shares (each game's ``coverage`` module reads its suite with it).

A game's check reads every ``.feature`` file and every fixture and reports:

- how many cases cite each clause (``R-…``), each ambiguity (``AMB-…``) and each
  value of each rule option (``@option:NAME=VALUE`` tags, fixture ``requires``);
- problems, each with file and line: a clause never cited, a scenario citing no
  clause, a citation of a clause,
  ambiguity or source sentence that does not exist, an option value no case
  exercises, a tag of no known form, two scenarios of one feature with the same
  name (pytest-bdd silently keeps one), a scenario without its stable id tag
  (``@id:…``) or with an id already used, a step no step definition matches, a
  fixture failing the schema or using an id twice.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generala_conformance.core.features import StepDefinitions, UnknownStep, parse, step_kind
from generala_spec import rulebook
from generala_spec.folders import CARDS
from generala_spec.options import options

_SCENARIO_LINE = re.compile(r"\s*Scenario(?: Outline| Template)?:\s*(.+?)\s*$")
_ID_TAG = re.compile(r"id:[a-z0-9_]+(?:-[a-z0-9_]+)*/[^\W_]+(?:-[^\W_]+)*")
"""A scenario's stable id: ``@id:FILE-STEM/SLUG`` (written once, never changed with the title)."""


@dataclass(frozen=True)
class Problem:
    """One finding, located in a file."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Coverage:
    """What the suite cites, how often, and what is wrong with it."""

    scenarios: int = 0
    fixtures: int = 0
    clauses: Counter[str] = field(default_factory=Counter)
    ambiguities: Counter[str] = field(default_factory=Counter)
    option_values: Counter[tuple[str, str]] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)
    scenario_ids: dict[str, str] = field(default_factory=dict)  # id -> file:line

    def problem(self, path: Path, line: int, message: str) -> None:
        """Record a problem."""
        self.problems.append(Problem(path, line, message))

    def summary(self) -> list[str]:
        """Figures, for people: cases, clauses cited once or never, option values."""
        known = list(rulebook.clauses())
        once = [c for c in known if self.clauses[c] == 1]
        values = [(n, v) for n, opt in options().items() for v in opt.values]
        return [
            f"{self.scenarios} scenarios, {self.fixtures} fixtures",
            f"clauses cited: {sum(1 for c in known if self.clauses[c])}/{len(known)}"
            f" (at least twice: {sum(1 for c in known if self.clauses[c] >= 2)})"
            + (f"; only once: {', '.join(once)}" if once else ""),
            f"ambiguities cited: {sum(1 for a in rulebook.ambiguities() if self.ambiguities[a])}"
            f"/{len(rulebook.ambiguities())}",
            f"option values exercised: {sum(1 for v in values if self.option_values[v])}/{len(values)}",
            *(str(p) for p in self.problems),
        ]


# ------------------------------------------------------------------ citations


CLAUSE_ID = re.compile(r"[A-Z]-[A-Z]+-\d+")
"""A clause ID of any rulebook: ``R-FOLLOW-2`` (the card game's), ``D-CAT-2`` (the dice game's)."""


def _folder(spec: str) -> str:
    return f"spec/{spec}/"


def _cite(cov: Coverage, path: Path, line: int, ids: Iterable[str], spec: str = CARDS) -> None:
    """Count clause and ambiguity citations (of the rulebook ``spec``); a citation of
    nothing is a problem."""
    clauses, ambiguities = rulebook.clauses(spec), rulebook.ambiguities(spec)
    for ident in ids:
        if CLAUSE_ID.fullmatch(ident):
            if ident in clauses:
                cov.clauses[ident] += 1
            else:
                cov.problem(path, line, f"cites clause {ident}, which {_folder(spec)}clauses.yaml does not define")
        elif ident in ambiguities:
            cov.ambiguities[ident] += 1
        else:
            cov.problem(path, line, f"cites ambiguity {ident}, which the ambiguity register does not define")


def _option(cov: Coverage, path: Path, line: int, name: str, value: str, spec: str = CARDS) -> None:
    table = options(spec)
    if name not in table or value not in table[name].values:
        cov.problem(path, line, f"rule option {name}={value} does not exist ({_folder(spec)}options.yaml)")
    else:
        cov.option_values[(name, value)] += 1


# ------------------------------------------------------------------- features


def _tag(cov: Coverage, path: Path, line: int, tag: str, spec: str = CARDS) -> None:
    if tag.startswith("id:"):
        return  # a scenario's id: checked by _scenario_id
    if CLAUSE_ID.fullmatch(tag) or tag.startswith("AMB-"):
        _cite(cov, path, line, [tag], spec)
    elif tag.startswith("option:") and "=" in tag:
        name, value = tag.removeprefix("option:").split("=", 1)
        _option(cov, path, line, name, value, spec)
    else:
        cov.problem(path, line, f"unknown tag @{tag} (use @R-AREA-n, @AMB-n, @option:NAME=VALUE or @id:STEM/SLUG)")


def _scenario_id(cov: Coverage, path: Path, name: str, line: int, tags: list[str]) -> None:
    """Each scenario carries exactly one ``@id:`` tag of the id form, used by no other
    scenario; a missing one is reported with the tag to write."""
    ids = sorted(t for t in tags if t.startswith("id:"))
    if not ids:
        slug = "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())
        cov.problem(path, line, f"scenario {name!r} has no stable id: add the tag @id:{path.stem}/{slug}")
        return
    if len(ids) > 1 or not _ID_TAG.fullmatch(ids[0]) or ids[0] != ids[0].lower():
        cov.problem(path, line, f"scenario {name!r}: one tag @id:STEM/SLUG (lowercase, digits, -), not {ids}")
        return
    ident = ids[0].removeprefix("id:")
    if ident in cov.scenario_ids:
        cov.problem(path, line, f"scenario id {ident!r} is already used at {cov.scenario_ids[ident]}")
    cov.scenario_ids.setdefault(ident, f"{path}:{line}")


def _tags(node: dict[str, Any]) -> list[str]:
    return sorted(tag["name"].removeprefix("@") for tag in node.get("tags", []))


def check_feature(cov: Coverage, path: Path, spec: str, steps: StepDefinitions) -> None:
    """Lint one feature file (of the game whose rulebook is ``spec`` and whose step
    definitions are ``steps``) and count its citations."""
    seen: dict[str, int] = {}
    for number, text in enumerate(path.read_text("utf-8").splitlines(), 1):
        match = _SCENARIO_LINE.match(text)
        if match:
            name = match.group(1)
            if name in seen:
                cov.problem(path, number, f"scenario name {name!r} is already used at line {seen[name]}")
            seen.setdefault(name, number)
    document, pickles = parse(path)
    feature = document.get("feature") or {}
    feature_line, feature_tags = feature.get("location", {}).get("line", 1), _tags(feature)
    for tag in feature_tags:
        if tag.startswith("id:"):
            cov.problem(path, feature_line, f"@{tag} on a feature: an id tag belongs to one scenario")
        _tag(cov, path, feature_line, tag, spec)
    scenarios = [child["scenario"] for child in feature.get("children", []) if "scenario" in child]
    for scenario in scenarios:
        cov.scenarios += 1
        name, line, tags = scenario["name"], scenario["location"]["line"], _tags(scenario)
        _scenario_id(cov, path, name, line, tags)
        for tag in tags:
            _tag(cov, path, line, tag, spec)
        if not any(CLAUSE_ID.fullmatch(t) for t in [*tags, *feature_tags]):
            cov.problem(path, line, f"scenario {name!r} cites no clause (@R-AREA-n)")
    step_lines = {step["id"]: step["location"]["line"] for scenario in scenarios for step in scenario["steps"]}
    for pickle in pickles:
        for step in pickle["steps"]:
            kind = step_kind(step)
            try:
                steps.find(kind, step["text"])
            except UnknownStep:
                line = step_lines[step["astNodeIds"][0]]
                cov.problem(path, line, f"no step definition matches: {kind.capitalize()} {step['text']}")
