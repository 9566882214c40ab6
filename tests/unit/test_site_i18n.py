"""The site's language files: every language a game's pages use has every key of
that game's pages, and every language of the site the home page's keys of every
game; machine translations say so; the header of a page is in its language, right to left for Persian, with a
link to the same page in each of the game's languages."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.site.deck import card_name
from generala_conformance.site import build, editions, i18n, layout

PAIRS = [(game.name, code) for game in build.site_games() for code in game.languages]


GAME_NAMES = [game.name for game in build.site_games()]


def _strings(code: str) -> dict[str, str]:
    """Every string of the language ``code`` as its files hold it: the site's, then each game's own."""
    found = dict(i18n.load(code).ui)
    for game in build.site_games():
        found.update(game.own_strings(code))
    return found


@pytest.mark.parametrize(("game", "code"), PAIRS, ids=[f"{g}-{c}" for g, c in PAIRS])
def test_every_language_of_a_game_has_every_key_and_the_home_pages_keys(game: str, code: str) -> None:
    assert i18n.missing(_strings("en"), _strings(code), game, GAME_NAMES) == []


def test_the_check_finds_a_missing_key_a_changed_field_and_a_missing_home_key() -> None:
    french = _strings("fr")
    del french["common.skip"]
    del french["dice.home.title"]
    french["cards.play.cards"] = "{count} cartes"  # English says {n}
    english = _strings("en")
    assert i18n.missing(english, french, "cards", GAME_NAMES) == [
        "ui:common.skip",
        "ui:cards.play.cards",
        "ui:dice.home.title",
    ]
    assert i18n.missing(english, french, "cards") == ["ui:common.skip", "ui:cards.play.cards"]


def test_a_game_keeps_its_own_strings_and_the_site_none_of_a_games() -> None:
    for code in build.languages():
        assert not [k for k in i18n.load(code).ui if k.split(".", 1)[0] in GAME_NAMES], code
        for game in build.site_games():
            assert {k.split(".", 1)[0] for k in game.own_strings(code)} <= {game.name}, (code, game.name)


def test_a_language_uses_only_the_keys_english_has() -> None:
    english = set(_strings("en"))
    for code in build.languages():
        assert set(_strings(code)) <= english, code


def test_every_translation_is_marked_machine_made_and_pending_review() -> None:
    for code in build.languages():
        language = i18n.load(code)
        assert language.machine_translated == language.translated, code
        assert language.review == ("pending" if language.translated else "none"), code


def test_persian_is_right_to_left_and_the_others_left_to_right() -> None:
    directions = {code: i18n.load(code).dir for code in build.languages()}
    assert directions.pop("fa") == "rtl"
    assert set(directions.values()) == {"ltr"} and {"en", "fr"} <= set(directions)


def test_a_string_is_filled_in_and_escaped_for_html() -> None:
    cards = build.site_games()[0]
    english = cards.strings("en")
    assert english("cards.play.game_title", players=4, seed=7, profile="fa") == "Game: 4 players, seed 7, profile fa"
    assert english.html("common.rules.settled_in", id='<a href="#x">AMB-1</a>') == 'Settled in <a href="#x">AMB-1</a>.'
    assert cards.strings("fr").html("cards.arbiter.position", command="<code>x</code>").startswith("Position (la")


def test_the_header_is_in_the_pages_language_with_the_switcher() -> None:
    cards = build.site_games()[0]
    persian = editions.Edition(cards, cards.strings("fa"))
    assert persian.path("rules/joker.html") == "fa/rules/joker.html"
    chrome = persian.chrome("rules/joker.html")
    page = layout.page("fa/rules/joker.html", "t", "<p>x</p>", persian.nav(), (), "", chrome)
    assert '<html lang="fa" dir="rtl">' in page
    assert '<a href="../../rules/joker.html" hreflang="en" lang="en" data-lang="en">English</a>' in page
    assert 'href="joker.html" hreflang="fa" lang="fa" data-lang="fa" aria-current="true">فارسی</a>' in page
    assert 'class="translation-note" role="note"' in page and 'action="index.html"' in page
    dice = editions.Edition(build.site_games()[1], build.site_games()[1].strings("en"))
    assert dice.address("D-CAT-2") == "dice/rules/cat.html#D-CAT-2" and dice.address("PT-3").endswith("#PT-3")
    chrome = editions.Edition(cards, cards.strings("en")).chrome("rules/joker.html")
    english = layout.page("rules/joker.html", "t", "", [], (), "", chrome)
    assert "translation-note" not in english and '<html lang="en" dir="ltr">' in english


def test_a_number_filled_in_is_written_in_the_language_s_digits() -> None:
    """One digit system per page (issue 43), attributes and script data included: a
    Persian card is named ``۱۰ دل``, a French one ``10 de cœur``."""
    cards = next(game for game in build.site_games() if game.name == "cards")
    names = {ed.t.code: card_name("10H", ed.t) for ed in editions.editions(cards)}
    assert names == {"en": "10 of hearts", "fr": "10 de cœur", "fa": "۱۰ دل"}
