"""The glossaries (``generala_spec.glossary``): at least 30 terms each, every term's
clauses exist, French and Persian terms grounded in the source sentence they cite,
Spanish and Portuguese terms in the score sheets; no forbidden word in the
language's translation or interface strings. The checks are tried on the small
samples of ``tests/data/lang`` and are strict for every shipped glossary."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.site import build, i18n
from generala_spec import glossary, translations
from generala_spec.folders import RulebookError

DATA = Path(__file__).resolve().parents[1] / "data" / "lang"
PAIRS = [(game.name, code) for game in build.site_games() for code in game.languages if code != translations.ENGLISH]


def test_words_are_compared_without_case_accents_or_persian_variants() -> None:
    assert glossary.folded("Levée") == glossary.folded("LEVEE") == "levee"
    assert glossary.folded("كارت") == glossary.folded("کارت")  # Arabic kaf and Persian keheh
    assert glossary.folded("بازي") == glossary.folded("بازی")  # Arabic yeh and Persian yeh
    assert glossary.folded("کارت\u200cها") == glossary.folded("کارتها")  # zero-width non-joiner
    assert glossary.folded("۵۴") == "54"


def test_a_persian_compound_is_grounded_however_it_is_joined() -> None:
    """FA-28 writes «هدایت شده» with a space; the glossary «هدایت‌شده» with a non-joiner."""
    term = glossary.Term("خال هدایت‌شده", "led suit", ("R-FOLLOW-2",), source="FA-28")
    found = glossary.Glossary("cards", "fa", (term,) * glossary.LEAST_TERMS, "sample")
    assert glossary.problems(found) == []
    wrong = glossary.Glossary("cards", "fa", (glossary.Term("خال زمین", "led suit", (), source="FA-28"),), "sample")
    assert glossary.problems(wrong)[1:] == ["sample: term 'خال زمین': FA-28 holds neither the term nor a form of it"]


def test_the_checks_find_too_few_terms_a_missing_clause_and_an_ungrounded_term() -> None:
    sample = glossary.read(DATA / "glossary-cards-fr.yaml", "cards")
    assert [t.term for t in sample.terms] == ["levée", "matériel", "entameur", "valet"]
    where = str(DATA / "glossary-cards-fr.yaml")
    assert glossary.problems(sample) == [
        f"{where}: 4 terms, fewer than 30",
        f"{where}: term 'entameur': FR-1 holds neither the term nor a form of it",
        f"{where}: term 'valet': no clause R-MAT-99",
        f"{where}: term 'valet': no sentence FR-999",
    ]


def test_a_dice_term_needs_its_score_sheet() -> None:
    sample = glossary.read(DATA / "glossary-dice-es.yaml", "dice")
    where = str(DATA / "glossary-dice-es.yaml")
    assert glossary.problems(sample) == [
        f"{where}: 2 terms, fewer than 30",
        f"{where}: term 'póker': no sheet (where score sheets print it)",
    ]


def test_a_forbidden_word_is_found_as_a_word_whatever_its_case_or_accents() -> None:
    sample = glossary.read(DATA / "glossary-cards-fr.yaml", "cards")
    assert list(glossary.forbidden_uses("Il ramasse le PLI.", sample)) == ["pli (say levée)"]
    assert list(glossary.forbidden_uses("Il la remplit.", sample)) == []  # "pli" inside a word


def test_a_glossary_that_is_not_one_is_refused_naming_the_field() -> None:
    with pytest.raises(RulebookError, match=r"cards-fr\.yaml: at \(top\)"):
        glossary.read(DATA / "cards-fr.yaml", "cards")


def _shipped(game: str, code: str) -> glossary.Glossary:
    found = glossary.glossary(game, code)
    assert found is not None, f"no glossary {game}/glossary/{code}.yaml"
    return found


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_every_shipped_glossary_is_grounded_and_names_existing_clauses(game: str, code: str) -> None:
    found = _shipped(game, code)
    assert (found.game, found.language) == (game, code)
    assert glossary.problems(found) == []


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)
    elif isinstance(node, str):
        yield node


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_no_forbidden_word_in_the_translation_or_the_interface_strings(game: str, code: str) -> None:
    found = _shipped(game, code)
    texts = dict(i18n.load(code).ui) | next(g for g in build.site_games() if g.name == game).own_strings(code)
    where = translations.path_of(game, code)
    if os.path.isfile(where):
        texts |= {f"translation {n}": s for n, s in enumerate(_strings(dict(translations.read(where, game).document)))}
    used = {key: uses for key, text in texts.items() if (uses := list(glossary.forbidden_uses(text, found)))}
    assert used == {}
