"""The rulebook in other languages (``generala_spec.translations``): the accessors
answer the translation or, only where it lacks a string, the English; ``missing``
and ``unknown`` find what a file lacks and what it names that does not exist; a
bad file is refused naming its file, line or field; and every shipped translation
file is complete and names only what exists."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from generala_conformance.site import build, rulebook_pages
from generala_spec import rulebook, translations
from generala_spec.folders import RulebookError

DATA = Path(__file__).resolve().parents[1] / "data" / "lang"
PAIRS = [(game.name, code) for game in build.site_games() for code in game.languages if code != translations.ENGLISH]


def _sample(name: str = "cards-fr.yaml") -> translations.Translation:
    return translations.read(DATA / name, "cards")


def test_an_accessor_answers_the_translation_or_else_the_english() -> None:
    french = _sample()
    statement = french.statement("R-MAT-1")
    assert statement.startswith("On joue avec 54 cartes") and statement.lang == "fr"
    english = french.statement("R-MAT-2")
    assert english == rulebook.clauses()["R-MAT-2"].statement and english.lang == "en"
    assert french.area("JOKER") == "les Jokers" and french.area("DEAL").lang == "en"
    assert french.title("AMB-1").startswith("Première entame") and french.title("AMB-2").lang == "en"
    assert french.reading("AMB-1", 0, "free").lang == "fr"
    assert french.reading("AMB-1", 0, "forced-last-dealt").lang == "en"
    assert french.reason("AMB-1", 0).lang == "fr" and french.question("AMB-1", 0) is None
    assert french.option_summary("first-lead").lang == "fr" and french.option_value("first-lead", "free").lang == "fr"
    assert french.option_value("first-lead", "forced-last-dealt").lang == "en"
    assert french.source("FR").lang == "fr" and french.source("FA") == rulebook.text_info()["FA"]["title"]
    assert french.book("title").lang == "fr" and french.book("intro") == rulebook.book().intro
    assert french.scenario("A title nobody translated") == "A title nobody translated"


def test_a_source_sentence_has_a_rendering_only_outside_its_own_language() -> None:
    french = _sample()
    assert french.rendering("FR-1") is None  # French already
    rendered = french.rendering("FA-10")
    assert rendered is not None and rendered.lang == "fr" and "54 cartes" in rendered
    fallback = french.rendering("FA-11")
    assert fallback == rulebook.sentences()["FA-11"].english and fallback is not None and fallback.lang == "en"
    english = translations.translation("cards", "en")
    assert english.rendering("FR-1") == rulebook.sentences()["FR-1"].english


def test_missing_lists_every_lacking_string_and_nothing_present() -> None:
    french = _sample()
    lacking = translations.missing(french, scenarios=["Some scenario"], cases=[])
    assert "clauses/R-MAT-1/statement" not in lacking and "clauses/R-MAT-2/statement" in lacking
    assert "ambiguities/AMB-1/decisions/0/readings/forced-last-dealt" in lacking
    assert "ambiguities/AMB-1/decisions/0/readings/free" not in lacking
    assert "sentences/FA-11" in lacking and "sentences/FR-1" not in lacking  # FR is French already
    assert "scenarios/Some scenario" in lacking and "profiles/default" in lacking
    every = list(translations.strings("cards", "fr"))
    assert len(lacking) == len(every) + 1 - 11  # the sample holds 11 strings of the rulebook
    assert translations.missing(translations.translation("cards", "en")) == []


def test_unknown_lists_every_key_naming_nothing() -> None:
    assert translations.unknown(_sample()) == []
    wrong = translations.unknown(_sample("cards-fr-unknown.yaml"), scenarios=[], cases=[])
    assert wrong == [
        "areas/NOPE",
        "clauses/R-MAT-99/statement",
        "ambiguities/AMB-1/decisions/0/readings/sideways",
        "options/first-lead/values/never",
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("cards-fr-bad.yaml", r"cards-fr-bad\.yaml: at clauses/R-MAT-1: 'statement' is a required property"),
        ("not-yaml.yaml", r"not-yaml\.yaml:4: not YAML"),
        ("absent.yaml", r"absent\.yaml: cannot read"),
        ("glossary-cards-fr.yaml", r"glossary-cards-fr\.yaml: at \(top\)"),
    ],
)
def test_a_bad_file_is_refused_naming_the_file_and_the_line_or_field(name: str, message: str) -> None:
    with pytest.raises(RulebookError, match=message):
        translations.read(DATA / name, "cards")


def test_a_file_of_another_game_is_refused() -> None:
    with pytest.raises(RulebookError, match=r"at game: 'cards' is not 'dice'"):
        translations.read(DATA / "cards-fr.yaml", "dice")


def test_a_language_without_a_file_answers_english_everywhere() -> None:
    nobody = translations.translation("cards", "xx")
    assert nobody.statement("R-MAT-1").lang == "en" and translations.unknown(nobody) == []


def _titles(game: str) -> tuple[set[str], set[str]]:
    cited = rulebook_pages.citations(next(g for g in build.site_games() if g.name == game)).values()
    return {s.title for c in cited for s in c.scenarios}, {k.title for c in cited for k in c.cases}


def _shipped(game: str, code: str) -> translations.Translation:
    where = translations.path_of(game, code)
    assert os.path.isfile(where), f"no translation file {game}/translations/{code}.yaml"
    return translations.read(where, game)


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_every_shipped_translation_is_complete(game: str, code: str) -> None:
    found = _shipped(game, code)
    scenarios, cases = _titles(game)
    assert (found.game, found.language, found.machine_translated) == (game, code, True)
    assert translations.missing(found, scenarios, cases) == []


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_every_shipped_translation_names_only_what_exists(game: str, code: str) -> None:
    found = _shipped(game, code)
    scenarios, cases = _titles(game)
    assert translations.unknown(found, scenarios, cases) == []


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_ids_and_notation_stay_untranslated_in_clause_statements(game: str, code: str) -> None:
    """Every clause ID, option name and `code` an English statement names is in its translation."""
    found = _shipped(game, code)
    named = re.compile(r"[A-Z]-[A-Z]+-\d+|AMB-\d+|`[^`]+`")
    for clause in rulebook.clauses(game).values():
        assert set(named.findall(clause.statement)) <= set(named.findall(found.statement(clause.id))), clause.id
