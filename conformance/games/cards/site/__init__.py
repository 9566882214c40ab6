"""The card game's pages on the web site (its ``Game.site``): the arbiter
(:mod:`.arbiter`) and learn by playing (:mod:`.play`), which run the kit's Python in
the browser (:mod:`.page_api`); its glyphs (:mod:`.glyphs`) draw the cards of the
home page and of the rulebook's examples."""

from __future__ import annotations

from importlib.resources import files

from generala_conformance.core.site_pages import GameSite, Section, Strings
from generala_conformance.games.cards.site import arbiter, play
from generala_conformance.games.cards.site.glyphs import cards_html, glyph_text

RANKING = ("2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS", "JK")
"""One card of each rank, low to high (R-MAT-3), for the home page."""


def home(t: Strings) -> str:
    """The card game's introduction on the home page, its cards drawn (R-MAT-1, R-MAT-3)."""
    intro = t.html("cards.home.intro", cards=cards_html(["JK", "JK"]))
    return intro + " " + t.html("cards.home.ranking", cards=cards_html(RANKING))


SITE = GameSite(
    languages=("en", "fr", "fa"),
    sections=(
        Section("cards.nav.arbiter", arbiter.PAGE, "cards.blurb.arbiter", arbiter.write),
        Section("cards.nav.play", play.PAGE, "cards.blurb.play", play.write),
    ),
    strings=files(__package__).joinpath("strings"),
    assets=files(__package__).joinpath("assets"),
    home=home,
    example=glyph_text,
)
