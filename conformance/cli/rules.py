"""``generala-kit rules``: the searchable rulebook.

generala-kit rules R-NEXT-4   a clause: statement, sources, notes, the ambiguity
                              rulings it rests on, rule options, citing scenarios
                              (``--cases``: every citing scenario, not the first few)
generala-kit rules R-JOKER    every clause of an area
generala-kit rules FA-12      a sentence of a source text, in full and in English,
                              and the clauses and ambiguities built on it
generala-kit rules AMB-5      an entry of the ambiguity register
generala-kit rules joker      search clauses, ambiguities and source sentences for
                              every word given, in every language of the rulebook
                              (English, the source texts', the translations' and
                              the glossaries' words: ``--game dice escalera``)
generala-kit rules --lang es --game dice escalera   the same, each match's line
                              (and an area's clauses, --list) in Spanish
generala-kit rules --list     every clause, ambiguity and rule option
generala-kit rules --game dice D-CAT-7   the same in the dice game's rulebook (PT-n sentences)
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from generala_conformance import games
from generala_conformance.core.game import Game
from generala_conformance.suite.rulebook_search import (
    Citation,
    area_pattern,
    folded,
    id_like,
    languages,
    scenario_citations,
    searchable,
)
from generala_spec import links, rulebook, translations
from generala_spec.folders import CARDS, RulebookError
from generala_spec.options import options
from generala_spec.rulebook import Ambiguity, Clause, Decision, Quote, Sentence

HELP = (
    "the rulebook: a clause (R-..., D-...), area (R-JOKER), sentence (FR-n, FA-n, PT-n), "
    "ambiguity (AMB-n), or search words"
)

WIDTH = 88
SHOWN_CASES = 8
"""How many citing scenarios a clause page lists before counting the rest."""


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


def _statements(clause_ids: Iterable[str], spec: str) -> Iterator[str]:
    clauses = rulebook.clauses(spec)
    for clause_id in clause_ids:
        yield from _wrap(f"{clause_id}: {clauses[clause_id].statement}", "  ", "  ")


def _section(title: str, lines: Iterable[str], empty: str) -> Iterator[str]:
    body = list(lines)
    yield ""
    yield f"{title}:"
    yield from body or [f"  {empty}"]


def _options_of(entries: Iterable[Ambiguity], spec: str) -> Iterator[str]:
    table = options(spec)
    for entry in entries:
        for name in entry.options:
            option = table[name]
            yield from _wrap(f"{name} ({entry.id}): {option.summary}", "  ", "  ")
            for value, meaning in option.values.items():
                mark = " [default]" if value == option.default else ""
                yield from _bullet(f"{value}{mark}: {meaning}", "    ")


def show_clause(clause: Clause, root: Path, all_cases: bool = False, spec: str = CARDS) -> Iterator[str]:
    """The text shown for a clause (every citing scenario when ``all_cases``)."""
    status = "  [retired]" if clause.status == "retired" else ""
    yield f"{clause.id}{status}  (area {clause.area}: {rulebook.areas(spec)[clause.area]})"
    yield from _wrap(clause.statement)
    yield from _web_page(clause.id, spec)
    if clause.contract:
        docs = (ln for d in clause.docs for ln in _bullet(f"#{d.section}: {d.quote}"))
        yield from _section("Documented in docs/cards-contract.md (a contract clause, no source sentence)", docs, "")
    else:
        yield from _section("Sources", (line for s in clause.sources for line in _quote(s)), "none")
    if clause.notes:
        yield from _section("Notes", _wrap(clause.notes), "")
    if clause.examples:
        yield from _section("Examples", (ln for ex in clause.examples for ln in _bullet(ex)), "")
    related = rulebook.ambiguities_of_clause(clause.id, spec)
    rulings = (f"  {e.id} (ruling {e.decisions[0].ruling}): {e.title}" for e in related)
    yield from _section("Rests on the ambiguity rulings", rulings, "none")
    yield from _section("Rule options", _options_of(related, spec), "none")
    cited = scenario_citations(root, clause.id)
    yield from _section(f"Scenarios ({len(cited)})", _citation_lines(cited, all_cases), "no scenario cites it yet")


def _web_page(identifier: str, spec: str) -> Iterator[str]:
    """The entry's page on the kit's web site (:mod:`generala_spec.links`),
    the address on a line of its own (never wrapped), then what it is relative to."""
    yield f"  Web page: {links.url(identifier, spec=spec)}"
    note = links.url_note()
    if note:
        yield from _wrap(f"({note})", "    ", " ")


def _citation_lines(cited: list[Citation], all_cases: bool) -> Iterator[str]:
    """Short references (``04_jokers.feature:57``); the first few unless ``all_cases``."""
    shown = cited if all_cases else cited[:SHOWN_CASES]
    yield from _wrap("  ".join(f"{c.path.name}:{c.line}" for c in shown))
    if len(cited) > len(shown):
        yield f"  ... and {len(cited) - len(shown)} more (--cases lists them all)"


def _address(info: Mapping[str, str]) -> str:
    if "address" in info:
        return f", {info['address']}"
    return f", a rendering of {info['original']}" if "original" in info else ""


def show_sentence(sentence: Sentence, spec: str = CARDS) -> Iterator[str]:
    """The text shown for a sentence of the inventory."""
    info = rulebook.text_info(spec)[sentence.text]
    yield f"{sentence.id}  ({sentence.text}, seed {info['seed']})"
    yield from _wrap(f"{info['title']}{_address(info)}", "  ", "  ")
    yield f"  original: {sentence.wording}"
    yield from _wrap(f"English:  {sentence.english}", "  ", "          ")
    yield from _web_page(sentence.id, spec)
    if sentence.non_normative:
        yield from _wrap(f"non-normative: {sentence.non_normative}", "  ", "  ")
    yield from _section("Clauses", _statements(sentence.clauses, spec), "none")
    table = rulebook.ambiguities(spec)
    quoted = (f"  {aid}: {table[aid].title}" for aid in sentence.ambiguities)
    yield from _section("Ambiguities", quoted, "none")


def show_ambiguity(entry: Ambiguity, spec: str = CARDS) -> Iterator[str]:
    """The text shown for an entry of the ambiguity register."""
    yield f"{entry.id}: {entry.title}"
    yield from _web_page(entry.id, spec)
    sources: list[str] = []
    for source in entry.sources:
        if isinstance(source, Quote):
            sources.extend(_quote(source))
        else:
            sources.extend(_wrap(f"{source.text} is silent: {source.note}", "  ", "  "))
    yield from _section("Sources", sources, "none")
    for decision in entry.decisions:
        yield from _decision_lines(decision)
    yield from _section("Clauses", _statements(entry.clauses, spec), "none")


def list_clauses(area: str | None = None, spec: str = CARDS, lang: str = translations.ENGLISH) -> Iterator[str]:
    """Every clause ID (of ``area``, when given) with its statement in ``lang``."""
    said = translations.translation(spec, lang)
    for clause in rulebook.clauses(spec).values():
        if area is None or clause.area == area:
            status = " [retired]" if clause.status == "retired" else ""
            yield f"{clause.id}{status}"
            yield from _wrap(said.statement(clause.id), "    ")


def list_all(spec: str = CARDS, lang: str = translations.ENGLISH) -> Iterator[str]:
    """Every clause (its statement in ``lang``), every ambiguity and every rule option."""
    yield "Clauses:"
    yield from list_clauses(None, spec, lang)
    yield ""
    yield "Ambiguities:"
    for entry in rulebook.ambiguities(spec).values():
        rulings = ", ".join(f"{d.option + '=' if d.option else ''}{d.ruling}" for d in entry.decisions)
        yield f"{entry.id}  (ruling {rulings})"
        yield from _wrap(entry.title, "    ")
    yield ""
    yield "Rule options:"
    for name, option in options(spec).items():
        yield f"{name}  (default {option.default}; values {', '.join(option.values)})"
        yield from _wrap(option.summary, "    ")


def list_area(area: str, spec: str = CARDS, lang: str = translations.ENGLISH) -> list[str]:
    """Every clause of ``area`` (``R-JOKER``), in ``lang``; :class:`RulebookError` if unknown."""
    prefix = rulebook.book(spec).clause_prefix
    if area not in rulebook.areas(spec):
        known = ", ".join(f"{prefix}-{a}" for a in rulebook.areas(spec))
        raise RulebookError("unknown-area", f"no area {prefix}-{area} in the rulebook; areas: {known}")
    heading = f"{prefix}-{area}: {translations.translation(spec, lang).area(area)}"
    return [heading, *_web_page(f"{prefix}-{area}", spec), *list_clauses(area, spec, lang)]


def search(words: list[str], spec: str = CARDS, lang: str = translations.ENGLISH) -> list[str]:
    """The entries whose text (in every language) holds every one of ``words``
    (clauses, ambiguities, then sentences), each with its ID and one line in ``lang``;
    empty when nothing matches."""
    wanted = [folded(w) for w in words]
    found = []
    for entry in searchable(spec):
        haystack = folded(entry.text)
        if all(w in haystack for w in wanted):
            line = textwrap.shorten(entry.summary(lang), WIDTH - 12, placeholder=" ...")
            found.append(f"{entry.id:<11} {line}")
    return found


def describe(
    identifier: str, root: Path, all_cases: bool = False, spec: str = CARDS, lang: str = translations.ENGLISH
) -> list[str]:
    """The lines shown for ``identifier`` of the rulebook ``spec`` (its suite in ``root``;
    an area's clauses in ``lang``); :class:`RulebookError` if unknown."""
    key = identifier.strip().upper()
    area = area_pattern(spec).match(key)
    if area:
        return list_area(area.group(1), spec, lang)
    kind = rulebook.kind_of(key, spec)  # clause, sentence or ambiguity
    if kind == "clause":
        clauses = rulebook.clauses(spec)
        if key in clauses:
            return list(show_clause(clauses[key], root, all_cases, spec))
    elif kind == "sentence":
        sentences = rulebook.sentences(spec)
        if key in sentences:
            return list(show_sentence(sentences[key], spec))
    else:
        ambiguities = rulebook.ambiguities(spec)
        if key in ambiguities:
            return list(show_ambiguity(ambiguities[key], spec))
    raise RulebookError("unknown-id", f"no {kind} {key!r} in the rulebook; try --list")


def _elsewhere(identifier: str, game: Game) -> str:
    """A hint naming the other game whose rulebook has ``identifier`` (``""`` if none)."""
    key = identifier.strip().upper()
    for other in (name for name in games.names() if name != game.name):
        spec = games.get(other).spec
        area = area_pattern(spec).match(key)
        if area:
            found = area.group(1) in rulebook.areas(spec)
        else:
            try:
                kind = rulebook.kind_of(key, spec)
            except RulebookError:
                continue
            found = key in {"clause": rulebook.clauses, "ambiguity": rulebook.ambiguities}.get(
                kind, rulebook.sentences
            )(spec)
        if found:
            return f"; it is an ID of --game {other}: generala-kit rules --game {other} {key}"
    return ""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``rules``."""
    parser.add_argument("words", nargs="*", metavar="ID|WORD", help="R-AREA-n, R-AREA, AMB-n, FR-n, FA-n, or words")
    parser.add_argument("--list", action="store_true", help="list every clause, ambiguity and rule option")
    parser.add_argument("--cases", action="store_true", help="a clause's page lists every scenario citing it")
    parser.add_argument(
        "--lang",
        default=translations.ENGLISH,
        metavar="CODE",
        help="the language of a search's lines, an area's and --list's statements: en (default) or a language "
        "the game's rulebook is translated into (cards: fr, fa; dice: es, pt); a search finds words of every language",
    )
    games.add_option(parser, "the game whose rulebook to show")


def run(args: argparse.Namespace) -> int:
    """Print the requested entry or the matches of a search; exit 2 on an unknown or
    malformed ID, an unknown language or a wrong translation or glossary file, 1 when
    a search matches nothing."""
    game = games.get(args.game)
    words = args.words
    try:
        lines = _answer(args, game)
    except RulebookError as error:
        hint = _elsewhere(words[0], game) if error.code in ("unknown-id", "malformed-id", "unknown-area") else ""
        print(f"generala-kit rules: error [{error.code}]: {error}{hint}", file=sys.stderr)
        return 2
    if lines is None:
        print(
            "generala-kit rules: error: give an ID (R-NEXT-4, R-JOKER, FA-12, AMB-5), words, or --list", file=sys.stderr
        )
        return 2
    if not lines:
        print(f"generala-kit rules: nothing matches {' '.join(words)!r}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


def _answer(args: argparse.Namespace, game: Game) -> list[str] | None:
    """The lines ``rules`` prints (empty: a search matched nothing; None: nothing asked)."""
    spec, words, lang = game.spec, args.words, args.lang
    if lang not in languages(spec):
        known = ", ".join(languages(spec))
        raise RulebookError("unknown-language", f"no {spec} rulebook in {lang!r}; --lang takes {known}")
    if args.list:
        return list(list_all(spec, lang))
    if len(words) == 1 and id_like().match(words[0].strip().upper()):
        return describe(words[0], games.suite_root(game), args.cases, spec, lang)
    if not words:
        return None
    lines = search(words, spec, lang)
    return [f"{len(lines)} match(es) for {' '.join(words)!r}:", *lines] if lines else []
