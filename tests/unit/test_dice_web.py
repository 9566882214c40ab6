"""What the dice pages' JavaScript reads of the rulebook (``generala_conformance.games.dice.web``):
``rules.json`` is :func:`rules_document` as written by its command, and :func:`page_texts`
gives every clause, option, value and profile a text; the pages say every refusal of the
engine in their language."""

from __future__ import annotations

import json
import re

from generala_conformance.games.dice.web import MODULES, RULES_JSON, page_texts, rules_document, rules_json, web_folder
from generala_conformance.site import build
from generala_reference.dice import DiceRules, PointTable
from generala_spec import rulebook
from generala_spec.options import options, profile_names


def test_rules_json_is_the_rules_document_written_by_its_command() -> None:
    committed = web_folder().joinpath(RULES_JSON).read_text(encoding="utf-8")
    assert committed == rules_json(), "run: python -m generala_conformance.games.dice.web"
    assert json.loads(committed) == rules_document()


def test_the_rules_document_resolves_every_profile_as_the_reference() -> None:
    doc = rules_document()
    assert list(doc["profiles"]) == profile_names("dice")
    for name, chosen in doc["profiles"].items():
        assert chosen == dict(DiceRules.of(name).options)
    assert doc["points"]["straight"] == PointTable().straight == 20
    assert doc["points"]["bonus-generala"] == 0
    assert doc["options"]["straight"] == {
        "values": ["plain", "wrap", "any-five-distinct"],
        "default": "wrap",
        "ambiguity": "AMB-2",
    }


def test_page_texts_name_every_clause_option_value_and_profile() -> None:
    texts = page_texts("en")
    assert texts["clause:D-CAT-2"] == rulebook.clauses("dice")["D-CAT-2"].statement
    for name, option in options("dice").items():
        assert texts[f"option:{name}"] == option.summary
        assert all(texts[f"value:{name}={value}"] for value in option.values)
    assert texts["value:rolls=three"] == "The first roll and at most two re-rolls."
    assert all(f"profile:{name}" in texts for name in profile_names("dice"))
    assert set(page_texts("es")) == set(texts)  # every key in every language (English where untranslated)


def test_every_refusal_the_pages_engine_gives_is_said_in_each_language() -> None:
    """Each reason code the page modules throw has a ``dice.refusal.<code>`` string in en,
    es and pt, and the translations are not the English."""
    sources = "".join(web_folder().joinpath(name).read_text(encoding="utf-8") for name in MODULES)
    codes = set(re.findall(r'new (?:Refusal|IllegalAction|InvalidInput|InvalidPosition)\("([a-z-]+)"', sources))
    assert {"bad-dice", "bad-roll", "not-your-turn", "does-not-qualify", "unknown-profile"} <= codes
    dice = next(game for game in build.site_games() if game.name == "dice")
    english = dice.own_strings("en")
    for code in sorted(codes):
        key = f"dice.refusal.{code}"
        assert english[key], key
        for language in ("es", "pt"):
            assert dice.own_strings(language)[key] != english[key], (language, key)
