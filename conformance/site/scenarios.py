"""The scenarios that cite each clause or ambiguity, for the rulebook pages: the
Gherkin scenarios (title and steps, as written; tagged ``@R-JOKER-4`` or ``@AMB-5``)
and the YAML fixture cases (id and title; by their ``clauses`` and ``ambiguity``),
each with its place in the scenario data (``features/04_jokers.feature``, line 57)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generala_conformance.core.runner import Case
from generala_conformance.suite.rulebook_search import scenario_citations


@dataclass(frozen=True)
class Scenario:
    """A Gherkin scenario citing a clause: its title, its text (tags to last step)."""

    title: str
    text: str
    where: str
    line: int


@dataclass(frozen=True)
class FixtureCase:
    """A case of a YAML fixture file citing a clause."""

    id: str
    title: str
    where: str
    line: int


@dataclass(frozen=True)
class Citing:
    """Everything citing one clause or ambiguity."""

    scenarios: tuple[Scenario, ...]
    cases: tuple[FixtureCase, ...]


def _block(lines: list[str], start: int) -> tuple[str, str]:
    """The scenario whose tags are on line ``start`` (1-based): its title and text,
    up to the next tag line or scenario (trailing blank lines dropped)."""
    end = start
    seen_title = False
    while end < len(lines):
        stripped = lines[end].strip()
        starts_next = stripped.startswith("@") or stripped.startswith(("Scenario", "Rule:"))
        if end > start and starts_next and seen_title:
            break
        seen_title = seen_title or stripped.startswith("Scenario")
        end += 1
    body = lines[start - 1 : end]
    while body and not body[-1].strip():
        body.pop()
    title = next((ln.strip().partition(":")[2].strip() for ln in body if ln.strip().startswith("Scenario")), "")
    indent = min(len(ln) - len(ln.lstrip()) for ln in body if ln.strip())
    return title, "\n".join(ln[indent:] for ln in body)


def _where(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.name


def citing(root: Path, fixture_cases: Iterable[Case]) -> Mapping[str, Citing]:
    """Per clause or ambiguity ID, the scenarios (``root/features``) and the game's
    fixture cases (its ``Game.fixture_cases``) citing it, in file order."""
    scenarios: dict[str, list[Scenario]] = {}
    texts: dict[Path, list[str]] = {}
    for cite in scenario_citations(root / "features"):
        lines = texts.setdefault(cite.path, cite.path.read_text("utf-8").splitlines())
        title, text = _block(lines, cite.line)
        scenarios.setdefault(cite.clause, []).append(Scenario(title, text, _where(cite.path, root), cite.line))
    cases: dict[str, list[FixtureCase]] = {}
    for case in fixture_cases:
        entry = FixtureCase(case.id, case.title, _where(Path(case.path), root), case.line)
        for cited in dict.fromkeys((*case.clauses, *case.ambiguities)):
            cases.setdefault(cited, []).append(entry)
    return {
        clause: Citing(tuple(scenarios.get(clause, ())), tuple(cases.get(clause, ())))
        for clause in scenarios.keys() | cases.keys()
    }
