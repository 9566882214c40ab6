"""The dice game's pages on the web site (its ``Game.site``): the scorer and the play
page (:mod:`.pages`), which run the dice reference engine in the browser
(:mod:`.page_api`)."""

from __future__ import annotations

from importlib.resources import files

from generala_conformance.core.site_pages import GameSite, Section
from generala_conformance.games.dice.site import pages

SITE = GameSite(
    languages=("en", "es", "pt"),
    sections=(
        Section("dice.nav.scorer", pages.SCORER, "dice.blurb.scorer", pages.write_scorer),
        Section("dice.nav.play", pages.PLAY, "dice.blurb.play", pages.write_play),
    ),
    strings=files(__package__).joinpath("strings"),
    assets=files(__package__).joinpath("assets"),
)
