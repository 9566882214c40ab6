"""Rulebook queries that the ``rules`` command and the web site share: the citations
of the clauses in a suite's files, the searchable text of every rulebook entry, and
how a word is folded and an ID recognised for the search."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generala_spec import rulebook
from generala_spec.folders import CARDS

_TAG = re.compile(r"@((?:[A-Z]-[A-Z]+|AMB)-\d+)(?![\w-])")
_FLOW_LIST = re.compile(r"^\s*-?\s*clauses:\s*\[([^\]]*)\]")
_BLOCK_START = re.compile(r"^(\s*)-?\s*clauses:\s*$")
_BLOCK_ITEM = re.compile(r"^\s*-\s*['\"]?([A-Z]-[A-Z]+-\d+)['\"]?\s*(?:#.*)?$")
_CLAUSE_ID = re.compile(r"[A-Z]-[A-Z]+-\d+")


def area_pattern(spec: str = CARDS) -> re.Pattern[str]:
    """A whole area of the rulebook ``spec`` (``R-JOKER``): ``rules`` lists its clauses."""
    return re.compile(rf"^{rulebook.book(spec).clause_prefix}-([A-Z]+)$")


def id_like() -> re.Pattern[str]:
    """One word ``rules`` looks up as an ID (after upper-casing) rather than searching
    for: a clause or area of any rulebook (``R-…``, ``D-…``), or ``AMB-n``, ``FR-n``…
    (so that another game's ID is answered as not in this rulebook)."""
    prefixes = "|".join(sorted({rulebook.book(spec).clause_prefix for spec in rulebook.rulebooks()}))
    return re.compile(rf"^(?:(?:{prefixes})-\S*|[A-Z]+-\d+)$")


AREA = area_pattern()
"""The card game's :func:`area_pattern` (the web site's search uses it)."""
ID_LIKE = id_like()
"""The web site's search uses it."""


@dataclass(frozen=True)
class Citation:
    """A place in the scenario data that cites a clause (``clause``; a Gherkin tag may
    also cite an ambiguity, ``AMB-5``)."""

    clause: str
    path: Path
    line: int


def _feature_citations(path: Path, text: str) -> Iterator[Citation]:
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("@"):
            for match in _TAG.finditer(line):
                yield Citation(match.group(1), path, number)


def _yaml_citations(path: Path, text: str) -> Iterator[Citation]:
    in_block = False
    for number, line in enumerate(text.splitlines(), 1):
        flow = _FLOW_LIST.match(line)
        if flow:
            for clause in _CLAUSE_ID.findall(flow.group(1)):
                yield Citation(clause, path, number)
            in_block = False
            continue
        if _BLOCK_START.match(line):
            in_block = True
            continue
        item = _BLOCK_ITEM.match(line) if in_block else None
        if item:
            yield Citation(item.group(1), path, number)
        else:
            in_block = False


RECIPES = "recipes"


def scenario_citations(root: Path) -> list[Citation]:
    """Every citation of a clause under ``root``: Gherkin tags ``@R-...`` (and ``@AMB-...``) in
    ``.feature`` files and ``clauses:`` lists in YAML fixtures (a text scan). The recipes
    (``recipes/``) are left out: each is the source of a fixture already counted."""
    found: list[Citation] = []
    for path in sorted(root.rglob("*")):
        if RECIPES in path.relative_to(root).parts:
            continue
        if path.suffix == ".feature":
            found.extend(_feature_citations(path, path.read_text("utf-8")))
        elif path.suffix in (".yaml", ".yml"):
            found.extend(_yaml_citations(path, path.read_text("utf-8")))
    return found


def folded(text: str) -> str:
    """``text`` for matching: case-folded, accents dropped (levée matches levee)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def searchable(spec: str = CARDS) -> Iterator[tuple[str, str, str]]:
    """(ID, one-line summary, all its searchable text) of every entry of the rulebook."""
    for clause in rulebook.clauses(spec).values():
        quoted = " ".join(f"{q.quote} {q.english}" for q in clause.sources)
        yield clause.id, clause.statement, f"{clause.id} {clause.statement} {clause.notes or ''} {quoted}"
    for entry in rulebook.ambiguities(spec).values():
        readings = " ".join(f"{r.id} {r.text}" for d in entry.decisions for r in d.readings)
        questions = " ".join(d.question or "" for d in entry.decisions)
        yield entry.id, entry.title, f"{entry.id} {entry.title} {questions} {readings}"
    for sentence in rulebook.sentences(spec).values():
        yield sentence.id, sentence.english, f"{sentence.id} {sentence.wording} {sentence.english}"
