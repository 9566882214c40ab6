"""The rulebook data of the card game's JavaScript port: ``web/rulebook.json`` is the one
:func:`rulebook_data` builds (regenerate it with
``python -m generala_conformance.games.cards.web.rulebook_data``), and :func:`page_texts`
holds a text for every clause, ambiguity, reading, option, value and sentence."""

from __future__ import annotations

from generala_conformance.games.cards.web import rulebook_data
from generala_spec import rulebook
from generala_spec.options import options
from generala_spec.translations import translation


def test_the_kept_rulebook_json_is_the_one_built_from_the_spec() -> None:
    assert rulebook_data.FILE.read_text("utf-8") == rulebook_data.text(), (
        "web/rulebook.json is stale: run python -m generala_conformance.games.cards.web.rulebook_data"
    )


def test_the_data_holds_what_explain_cites() -> None:
    data = rulebook_data.rulebook_data()
    assert list(data["clauses"]) == list(rulebook.clauses())
    assert data["clauses"]["R-NEXT-4"]["ambiguities"][0]["id"] == "AMB-5"
    assert [a["id"] for a in data["ambiguities"]] == list(rulebook.ambiguities())
    assert list(data["options"]) == list(options()) and list(data["profiles"]) == ["default", "fr", "fa"]


def test_page_texts_name_every_rulebook_text_in_the_pages_language() -> None:
    english, texts = rulebook_data.page_texts("en"), rulebook_data.page_texts("fr")
    assert list(texts) == list(english)
    assert english["clause:R-LEAD-1"] == rulebook.clauses()["R-LEAD-1"].statement
    assert english["ambiguity:AMB-5"] == rulebook.ambiguities()["AMB-5"].title
    assert english["value:tie-break=any-nearest"] == options()["tie-break"].values["any-nearest"]
    assert english["option:end-check"] == options()["end-check"].summary
    assert english["sentence:FA-12"] == rulebook.sentences()["FA-12"].english
    tr = translation("cards", "fr")
    assert texts["clause:R-LEAD-1"] == tr.statement("R-LEAD-1") != english["clause:R-LEAD-1"]
    assert texts["ambiguity:AMB-5"] == tr.title("AMB-5") != english["ambiguity:AMB-5"]
    assert texts["sentence:FA-12"] == tr.rendering("FA-12") != english["sentence:FA-12"]
    assert texts["sentence:FR-12"] == rulebook.sentences()["FR-12"].text  # (already French)
    readings = [k for k in texts if k.startswith("reading:AMB-5:")]
    assert readings == ["reading:AMB-5:tied-nearest", "reading:AMB-5:any-nearest"]
    assert all(isinstance(v, str) and v for v in texts.values())
