"""Search in every language: every glossary term (and each of its forms), in its
language, finds each of its clauses with ``generala-kit rules`` and in the site's
search index; the issue's examples; a match's line is in the language asked for."""

from __future__ import annotations

from functools import cache
from typing import Any, cast

import pytest
from generala_conformance.cli import rules as cmd_rules
from generala_conformance.site import build, search_index
from generala_conformance.suite import rulebook_search
from generala_spec import glossary, rulebook, translations

PAIRS = [(game.name, code) for game in build.site_games() for code in game.languages if code != translations.ENGLISH]


def _shipped(game: str, code: str) -> glossary.Glossary:
    found = glossary.glossary(game, code)
    assert found is not None, f"no glossary {game}/glossary/{code}.yaml"
    return found


def _rules(words: str, spec: str) -> set[str]:
    return {line.split()[0] for line in cmd_rules.search(words.split(), spec)}


def _site(words: str, spec: str) -> set[str]:
    """The IDs the site's search finds: every folded word in the entry's folded text,
    as ``search.js`` matches the index."""
    wanted = [rulebook_search.folded(w) for w in words.split()]
    return {e[0] for e in _entries(spec) if all(w in e[3] for w in wanted)}


@cache
def _entries(spec: str) -> list[list[Any]]:
    return cast(list[list[Any]], search_index.index(spec)["entries"])


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_every_term_and_form_finds_each_of_its_clauses_with_rules_and_on_the_site(game: str, code: str) -> None:
    lost = []
    for term in _shipped(game, code).terms:
        for word in term.words:
            for found, how in ((_rules(word, game), "rules"), (_site(word, game), "site")):
                lost += [f"{word} -> {c} ({how})" for c in term.clauses if c not in found]
    assert lost == []


@pytest.mark.parametrize(
    ("game", "code", "word", "clause"),
    [
        ("dice", "es", "escalera", "D-CAT-2"),
        ("dice", "es", "póker", "D-CAT-5"),
        ("dice", "es", "POKER", "D-CAT-5"),
        ("dice", "es", "tachar", "D-SHEET-3"),
        ("dice", "pt", "quadra", "D-CAT-5"),
        ("cards", "fr", "meneur", "R-LEAD-2"),
    ],
)
def test_the_issues_examples_find_their_clause(game: str, code: str, word: str, clause: str) -> None:
    _shipped(game, code)
    assert clause in _rules(word, game) and clause in _site(word, game)


def test_a_search_shows_its_lines_in_the_language_asked_for() -> None:
    spec, code = "dice", "es"
    said = translations.translation(spec, code)
    assert said.statement("D-CAT-2").lang != translations.ENGLISH, "no Spanish translation of the dice rulebook"
    line = next(ln for ln in cmd_rules.search(["D-CAT-2"], spec, code) if ln.startswith("D-CAT-2 "))
    assert line.split(None, 1)[1][:30] == said.statement("D-CAT-2")[:30]
    entry = next(e for e in _entries(spec) if e[0] == "D-CAT-2")
    assert entry[1]["en"] == rulebook.clauses(spec)["D-CAT-2"].statement
    assert entry[1][code] == said.statement("D-CAT-2")


def test_the_rules_command_refuses_a_language_the_rulebook_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    parser = cmd_rules.argparse.ArgumentParser()
    cmd_rules.configure(parser)
    code = cmd_rules.run(parser.parse_args(["--game", "dice", "--lang", "xx", "escalera"]))
    assert code == 2 and "no dice rulebook in 'xx'; --lang takes en" in capsys.readouterr().err


def test_every_entry_has_its_english_line_and_one_per_language_of_the_rulebook() -> None:
    for spec in ("cards", "dice"):
        for entry in rulebook_search.searchable(spec):
            assert set(entry.summaries) == set(rulebook_search.languages(spec)), entry.id
            assert entry.summary("xx") == entry.summaries["en"]
