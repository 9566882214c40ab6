"""``generala-kit site``: write the whole site, game by game, language by language.

:data:`GAMES` is the one place that lists what the site holds: each game
(:class:`~generala_conformance.site.editions.SiteGame`) with its interface languages
and its sections; a section has the key of its label in the header's navigation,
its first page (from the game's folder), the key of its blurb on the home page and
the writer of its pages, a function taking the :class:`~generala_conformance.site.output.Site`
and the :class:`~generala_conformance.site.editions.Edition` (the game in one
language; ``ed.write_page(site, path, title, body, scripts)`` lays a page out with
the shared header). Add a section by adding one
:class:`~generala_conformance.site.editions.Section` there. The home pages (one per
language, ``index.html``, ``fr/index.html``…) and the shared assets (``assets/``)
are written by :func:`build` itself.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generala_conformance import __version__
from generala_conformance.site import (
    arbiter,
    dice_pages,
    editions,
    engine_pages,
    i18n,
    layout,
    output,
    play,
    rulebook_pages,
    search_index,
)
from generala_conformance.site.editions import Section, SiteGame
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links

GAMES: tuple[SiteGame, ...] = (
    SiteGame(
        "cards",
        links.game_folder("cards"),
        ("en", "fr", "fa"),
        (
            Section("cards.nav.rulebook", links.INDEX_PAGE, "cards.blurb.rulebook", rulebook_pages.write),
            Section("cards.nav.arbiter", arbiter.PAGE, "cards.blurb.arbiter", arbiter.write),
            Section("cards.nav.play", play.PAGE, "cards.blurb.play", play.write),
        ),
        search_index.INDEX_SCRIPT,
    ),
    SiteGame(
        "dice",
        links.game_folder("dice"),
        ("en", "es", "pt"),
        (
            Section("dice.nav.rulebook", links.INDEX_PAGE, "dice.blurb.rulebook", rulebook_pages.write),
            Section("dice.nav.scorer", dice_pages.SCORER, "dice.blurb.scorer", dice_pages.write_scorer),
            Section("dice.nav.play", dice_pages.PLAY, "dice.blurb.play", dice_pages.write_play),
        ),
        "assets/search-index-dice.js",
    ),
)


RANKING = ("2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS", "JK")
"""One card of each rank, low to high (R-MAT-3), for the home page."""


def languages(games: Sequence[SiteGame] = GAMES) -> list[str]:
    """Every interface language of the site, English first."""
    return list(dict.fromkeys(code for game in games for code in game.languages))


@dataclass(frozen=True)
class Built:
    """What a build wrote: the files (relative to ``out``), their total size, the time."""

    out: Path
    files: tuple[str, ...]
    size: int
    seconds: float
    engine: int = 0
    """The bytes of ``pyodide/``: Pyodide and the kit's Python bundle."""

    def report(self) -> str:
        """What the build wrote and what dominates its size, in one line."""
        rest = self.size - self.engine
        return (
            f"wrote {len(self.files)} files ({self.size / 2**20:.1f} MiB: Pyodide and the kit's Python "
            f"{self.engine / 2**20:.1f} MiB, {100 * self.engine / max(self.size, 1):.0f}%; pages and assets "
            f"{rest / 2**20:.1f} MiB) to {self.out} in {self.seconds:.1f} s"
        )


def _home(site: Site, code: str, games: Sequence[SiteGame]) -> None:
    """The home page in the language ``code``: both games, in this language, the
    game whose pages have this language first; each links to its pages in this
    language when it has them (else in English)."""
    t = i18n.load(code)
    page = f"{editions.prefix(code)}index.html"
    blocks = []
    nav = []
    for game in sorted(games, key=lambda g: code not in g.languages):
        shown = code if code in game.languages else i18n.ENGLISH
        ed = editions.Edition(game, i18n.load(shown))
        items = "".join(
            f'<li><a href="{esc(links.relative(ed.path(s.path), page))}">{esc(t(s.label))}</a> {esc(t(s.blurb))}</li>'
            for s in game.sections
        )
        intro = t.html(f"{game.name}.home.intro", cards=layout.cards_html(["JK", "JK"]))
        if game.name == "cards":
            intro += " " + t.html("cards.home.ranking", cards=layout.cards_html(RANKING))
        blocks.append(
            f'<section class="game" id="game-{game.name}"><h2>{esc(t(f"{game.name}.home.title"))}</h2>'
            f'<p>{intro}</p><ul class="sections">{items}</ul></section>'
        )
        nav.append(layout.NavItem(t(f"{game.name}.home.title"), ed.path(links.INDEX_PAGE)))
    note = esc(t("common.machine_note")) if t.machine_translated else ""
    chrome = layout.Chrome(
        lang=code,
        dir=t.dir,
        brand=t("common.home.brand"),
        home=page,
        skip=t("common.skip"),
        sections=t("common.sections"),
        search=None,
        languages=t("common.languages"),
        alternates=tuple(
            layout.Alternate(c, i18n.load(c).name, f"{editions.prefix(c)}index.html") for c in languages(games)
        ),
        note=note,
    )
    body = f"<h1>{esc(t('common.home.title'))}</h1><p>{esc(t('common.home.intro'))}</p>{''.join(blocks)}"
    site.write_page(
        page, t("common.home.title"), body, nav=nav, chrome=chrome, footer=esc(t("common.footer", version=site.version))
    )


def build(out: Path, games: Sequence[SiteGame] = GAMES, pyodide: Path | None = None) -> Built:
    """Write the site into ``out`` (created, or a previous site there replaced; a folder
    holding anything else is refused with :class:`~output.SiteError`); ``pyodide`` is
    the folder of Pyodide's files for the pages that run the reference (else the cache)."""
    start = time.perf_counter()
    output.prepare(out)
    site = Site(out, [], pyodide=pyodide, version=__version__)
    site.copy_assets(__package__, "assets", layout.ASSETS)
    for code in languages(games):
        _home(site, code, games)
    for game in games:
        for ed in editions.editions(game):
            for section in game.sections:
                section.write(site, ed)
    sizes = {path: (out / path).stat().st_size for path in site.written}
    engine = sum(size for path, size in sizes.items() if path.startswith(engine_pages.FOLDER + "/"))
    return Built(out, tuple(site.written), sum(sizes.values()), time.perf_counter() - start, engine)
