"""Rulebook queries that the ``rules`` command and the web site share: the citations
of the clauses in a suite's files, the searchable text of every rulebook entry, and
how a word is folded and an ID recognised for the search."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import yaml
from generala_spec import glossary, rulebook, translations
from generala_spec.folders import CARDS
from gherkin.parser import Parser

_CITED = re.compile(r"(?:[A-Z]-[A-Z]+|AMB)-\d+")
"""A clause (``R-NEXT-4``) or an ambiguity (``AMB-5``) cited by a tag or a ``clauses:`` list."""


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
    """The tags of a feature file (the official Gherkin parser's document) that cite."""
    document = cast(dict[str, Any], Parser().parse(text))
    for tag in _tags(document.get("feature") or {}):
        name = tag["name"].removeprefix("@")
        if _CITED.fullmatch(name):
            yield Citation(name, path, tag["location"]["line"])


def _tags(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every tag of a Gherkin node (feature, rule, scenario, examples) and of its children."""
    yield from node.get("tags", ())
    for child in [*node.get("children", ()), *node.get("examples", ())]:
        for part in (child.get("rule"), child.get("scenario"), child if "tableHeader" in child else None):
            if part is not None:
                yield from _tags(part)


def _yaml_citations(path: Path, text: str) -> Iterator[Citation]:
    """The items of every ``clauses:`` list of a YAML file (its node graph, with their lines)."""
    stack = [yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == "clauses" and isinstance(value, yaml.SequenceNode):
                    for item in value.value:
                        if isinstance(item, yaml.ScalarNode) and _CITED.fullmatch(item.value):
                            yield Citation(item.value, path, item.start_mark.line + 1)
                else:
                    stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


RECIPES = "recipes"


def scenario_citations(root: Path, cited: str | None = None) -> list[Citation]:
    """Every citation of a clause under ``root`` (of ``cited`` only, when given): Gherkin
    tags ``@R-...`` (and ``@AMB-...``) in ``.feature`` files and ``clauses:`` lists in YAML
    fixtures, read by their parsers (a file that does not hold the text ``cited`` is not
    parsed). The recipes (``recipes/``) are left out: each is the source of a fixture
    already counted."""
    found: list[Citation] = []
    for path in sorted(root.rglob("*")):
        if RECIPES in path.relative_to(root).parts or path.suffix not in (".feature", ".yaml", ".yml"):
            continue
        text = path.read_text("utf-8")
        if cited is not None and cited not in text:
            continue
        citations = _feature_citations if path.suffix == ".feature" else _yaml_citations
        found.extend(c for c in citations(path, text) if cited in (None, c.clause))
    return sorted(found, key=lambda c: (str(c.path), c.line))


folded = glossary.folded
"""A word as the search compares it: case-folded, accents dropped (levée matches levee),
Persian letter variants and digits unified (:func:`generala_spec.glossary.folded`)."""


def languages(spec: str = CARDS) -> tuple[str, ...]:
    """English and every language the rulebook ``spec`` has a translation or a glossary in."""
    return (translations.ENGLISH, *sorted(set(translations.languages(spec)) | set(glossary.languages(spec))))


def _terms(spec: str) -> dict[str, list[str]]:
    """Per clause, the glossary terms and forms of every language that name it."""
    named: dict[str, list[str]] = {}
    for code in glossary.languages(spec):
        for term in found.terms if (found := glossary.glossary(spec, code)) else ():
            for clause in term.clauses:
                named.setdefault(clause, []).extend(term.words)
    return named


@dataclass(frozen=True)
class Entry:
    """A rulebook entry as the search sees it: its ID, its one-line summary per
    language (English first) and all its searchable text, in every language."""

    id: str
    summaries: Mapping[str, str]
    text: str

    def summary(self, language: str) -> str:
        """The one-line summary in ``language`` (English when the rulebook lacks it)."""
        return self.summaries.get(language, self.summaries[translations.ENGLISH])


def searchable(spec: str = CARDS) -> Iterator[Entry]:
    """Every entry of the rulebook (clauses, ambiguities, then sentences) with its text
    in English, in the source texts' languages, in every translation, and for a
    clause the glossary terms naming it."""
    books = [translations.translation(spec, code) for code in languages(spec)]
    terms = _terms(spec)
    for clause in rulebook.clauses(spec).values():
        quoted = " ".join(f"{q.quote} {q.english}" for q in clause.sources)
        said = {tr.language: tr.statement(clause.id) for tr in books}
        notes = " ".join(tr.notes(clause.id) or "" for tr in books)
        words = " ".join(terms.get(clause.id, ()))
        yield Entry(clause.id, said, f"{clause.id} {' '.join(said.values())} {notes} {quoted} {words}")
    for entry in rulebook.ambiguities(spec).values():
        titles = {tr.language: tr.title(entry.id) for tr in books}
        readings = " ".join(
            f"{r.id} {tr.reading(entry.id, i, r.id)}"
            for tr in books
            for i, d in enumerate(entry.decisions)
            for r in d.readings
        )
        questions = " ".join(tr.question(entry.id, i) or "" for tr in books for i in range(len(entry.decisions)))
        yield Entry(entry.id, titles, f"{entry.id} {' '.join(titles.values())} {questions} {readings}")
    for sentence in rulebook.sentences(spec).values():
        rendered: dict[str, str] = {tr.language: tr.rendering(sentence.id) or sentence.wording for tr in books}
        yield Entry(sentence.id, rendered, f"{sentence.id} {sentence.wording} {' '.join(rendered.values())}")
