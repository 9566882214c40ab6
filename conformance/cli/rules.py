"""``generala-kit rules``: look up the rulebook.

generala-kit rules R-NEXT-4   a clause: statement, sources, notes,
                              ambiguities, rule options, citing scenarios
generala-kit rules FA-12      a sentence of a source text and its clauses
generala-kit rules AMB-5      an entry of the ambiguity register
generala-kit rules --list     every clause ID with its statement
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generala_spec import rulebook
from generala_spec.options import options
from generala_spec.rulebook import Ambiguity, Clause, Decision, Quote, RulebookError, Sentence

HELP = "show a rule clause (R-...), source sentence (FR-n, FA-n) or ambiguity (AMB-n)"

WIDTH = 88
_TAG = re.compile(r"@(R-[A-Z]+-\d+)(?![\w-])")
_FLOW_LIST = re.compile(r"^\s*-?\s*clauses:\s*\[([^\]]*)\]")
_BLOCK_START = re.compile(r"^(\s*)-?\s*clauses:\s*$")
_BLOCK_ITEM = re.compile(r"^\s*-\s*['\"]?(R-[A-Z]+-\d+)['\"]?\s*(?:#.*)?$")
_CLAUSE_ID = re.compile(r"R-[A-Z]+-\d+")


@dataclass(frozen=True)
class Citation:
    """A place in the scenario data that cites a clause."""

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


def scenario_citations(root: Path) -> list[Citation]:
    """Every citation of a clause under ``root``: Gherkin tags ``@R-...`` in
    ``.feature`` files and ``clauses:`` lists in YAML fixtures (a text scan)."""
    found: list[Citation] = []
    for path in sorted(root.rglob("*")):
        if path.suffix == ".feature":
            found.extend(_feature_citations(path, path.read_text("utf-8")))
        elif path.suffix in (".yaml", ".yml"):
            found.extend(_yaml_citations(path, path.read_text("utf-8")))
    return found


def _wrap(text: str, indent: str = "  ", hang: str = "") -> Iterator[str]:
    """``text`` wrapped to :data:`WIDTH`; continuation lines get ``hang`` more."""
    yield from textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + hang,
        break_on_hyphens=False,
    )


def _bullet(text: str, indent: str = "  ") -> Iterator[str]:
    yield from _wrap(f"- {text}", indent, "  ")


def _quote(source: Quote) -> Iterator[str]:
    yield f"  {source.sentence} ({source.text})"
    yield f"    original: {source.quote}"
    yield from _wrap(f"English:  {source.english}", "    ", "          ")


def _decision_lines(decision: Decision) -> Iterator[str]:
    yield ""
    yield from _wrap(f"Question: {decision.question}", "") if decision.question else ["Readings:"]
    for reading in decision.readings:
        mark = " [ruling]" if reading.id == decision.ruling else ""
        yield from _bullet(f"{reading.id}{mark}: {reading.text}")
    if decision.option:
        literal = ", ".join(f"{text} reads {value}" for text, value in decision.profiles.items())
        yield from _wrap(f"rule option: {decision.option} (default {decision.ruling}; {literal})")
    else:
        yield "  rule option: none"
    yield from _wrap(f"Reason: {decision.reason}", "  ", "  ")


def _statements(clause_ids: Iterable[str]) -> Iterator[str]:
    clauses = rulebook.clauses()
    for clause_id in clause_ids:
        yield from _wrap(f"{clause_id}: {clauses[clause_id].statement}", "  ", "  ")


def _section(title: str, lines: Iterable[str], empty: str) -> Iterator[str]:
    body = list(lines)
    yield ""
    yield f"{title}:"
    yield from body or [f"  {empty}"]


def _options_of(entries: Iterable[Ambiguity]) -> Iterator[str]:
    table = options()
    for entry in entries:
        for name in entry.options:
            option = table[name]
            yield from _wrap(f"{name} ({entry.id}): {option.summary}", "  ", "  ")
            for value, meaning in option.values.items():
                mark = " [default]" if value == option.default else ""
                yield from _bullet(f"{value}{mark}: {meaning}", "    ")


def show_clause(clause: Clause, root: Path) -> Iterator[str]:
    """The text shown for a clause."""
    status = "  [retired]" if clause.status == "retired" else ""
    yield f"{clause.id}{status}  (area {clause.area}: {rulebook.areas()[clause.area]})"
    yield from _wrap(clause.statement)
    if clause.contract:
        docs = (ln for d in clause.docs for ln in _bullet(f"#{d.section}: {d.quote}"))
        yield from _section("Documented in docs/interfaces.md (a contract clause, no source sentence)", docs, "")
    else:
        yield from _section("Sources", (line for s in clause.sources for line in _quote(s)), "none")
    if clause.notes:
        yield from _section("Notes", _wrap(clause.notes), "")
    if clause.examples:
        yield from _section("Examples", (ln for ex in clause.examples for ln in _bullet(ex)), "")
    related = rulebook.ambiguities_of_clause(clause.id)
    yield from _section("Ambiguities", (f"  {e.id}: {e.title}" for e in related), "none")
    yield from _section("Rule options", _options_of(related), "none")
    cited = [c for c in scenario_citations(root) if c.clause == clause.id]
    lines = (f"  {c.path.relative_to(root)}:{c.line}" for c in cited)
    yield from _section("Scenarios", lines, "no scenario cites it yet")


def show_sentence(sentence: Sentence) -> Iterator[str]:
    """The text shown for a sentence of the inventory."""
    info = rulebook.text_info()[sentence.text]
    yield f"{sentence.id}  ({sentence.text}, seed {info['seed']})"
    yield f"  starts: {sentence.starts} ..."
    if sentence.non_normative:
        yield from _wrap(f"non-normative: {sentence.non_normative}", "  ", "  ")
    yield from _section("Clauses", _statements(sentence.clauses), "none")
    table = rulebook.ambiguities()
    quoted = (f"  {aid}: {table[aid].title}" for aid in sentence.ambiguities)
    yield from _section("Ambiguities", quoted, "none")


def show_ambiguity(entry: Ambiguity) -> Iterator[str]:
    """The text shown for an entry of the ambiguity register."""
    yield f"{entry.id}: {entry.title}"
    sources = []
    for source in entry.sources:
        if isinstance(source, Quote):
            sources.extend(_quote(source))
        else:
            sources.extend(_wrap(f"{source.text} is silent: {source.note}", "  ", "  "))
    yield from _section("Sources", sources, "none")
    for decision in entry.decisions:
        yield from _decision_lines(decision)
    yield from _section("Clauses", _statements(entry.clauses), "none")


def list_clauses() -> Iterator[str]:
    """Every clause ID with its statement."""
    for clause in rulebook.clauses().values():
        status = " [retired]" if clause.status == "retired" else ""
        yield f"{clause.id}{status}"
        yield from _wrap(clause.statement, "    ")


def describe(identifier: str, root: Path) -> list[str]:
    """The lines shown for ``identifier``; :class:`RulebookError` if unknown."""
    key = identifier.strip().upper()
    kind = rulebook.kind_of(key)
    table = {
        "clause": rulebook.clauses,
        "ambiguity": rulebook.ambiguities,
        "sentence": rulebook.sentences,
    }[kind]()
    if key not in table:
        raise RulebookError("unknown-id", f"no {kind} {key!r} in the rulebook; try --list")
    if kind == "clause":
        return list(show_clause(table[key], root))
    if kind == "sentence":
        return list(show_sentence(table[key]))
    return list(show_ambiguity(table[key]))


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``rules``."""
    parser.add_argument("id", nargs="?", help="R-AREA-n, AMB-n, FR-n or FA-n")
    parser.add_argument("--list", action="store_true", help="list every clause with its statement")


def run(args: argparse.Namespace) -> int:
    """Print the requested entry; exit 2 on an unknown or malformed ID."""
    from generala_scenarios import ROOT

    if args.list:
        lines = list(list_clauses())
    elif args.id:
        try:
            lines = describe(args.id, ROOT)
        except RulebookError as error:
            print(f"generala-kit rules: error [{error.code}]: {error}", file=sys.stderr)
            return 2
    else:
        print("generala-kit rules: error: give an ID (R-NEXT-4, FA-12, AMB-5) or --list", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0
