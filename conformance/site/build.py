"""``generala-kit site``: write the whole site, game by game, language by language.

The games are the registry's (:mod:`generala_conformance.games`), each as its
``Game.site`` says (:class:`~generala_conformance.core.site_pages.GameSite`): its
interface languages and its own sections, after the rulebook pages every game has.
A section has the key of its label in the header's navigation, its first page (from
the game's folder), the key of its blurb on the home page and the writer of its pages,
a function taking an :class:`~generala_conformance.site.editions.Edition` (the game in
one language; ``ed.write_page(path, title, body, scripts)`` lays a page out with the
shared header). The home pages (one per language, ``index.html``, ``fr/index.html``…),
the shared assets (``assets/``) and each game's own (``assets/<game>/``) are written
by :func:`build` itself.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from generala_conformance import __version__
from generala_conformance import games as registry
from generala_conformance.core import site_pages
from generala_conformance.site import editions, i18n, layout, offline, output, rulebook_pages
from generala_conformance.site.editions import SiteGame
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links


def write_rulebook(ed: site_pages.Edition) -> None:
    """Write the rulebook pages of an edition of any game (:mod:`rulebook_pages`)."""
    if not isinstance(ed, editions.Edition):
        raise TypeError(f"the site's rulebook pages are written from its own editions, not {ed!r}")
    rulebook_pages.write(ed.written_to(), ed)


def site_games(names: Sequence[str] | None = None) -> tuple[SiteGame, ...]:
    """The games ``names`` of the registry (every game unless given), as the site holds them."""
    return tuple(SiteGame(registry.get(name), write_rulebook) for name in names or registry.names())


def languages(games: Sequence[SiteGame] | None = None) -> list[str]:
    """Every interface language of the site (of every game unless ``games``), English first."""
    return list(dict.fromkeys(code for game in games or site_games() for code in game.languages))


@dataclass(frozen=True)
class Built:
    """What a build wrote: the files (relative to ``out``), their total size, the time."""

    out: Path
    files: tuple[str, ...]
    size: int
    seconds: float

    def report(self) -> str:
        """What the build wrote, in one line."""
        return f"wrote {len(self.files)} files ({self.size / 2**20:.1f} MiB) to {self.out} in {self.seconds:.1f} s"


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
        ed = editions.Edition(game, game.strings(shown))
        said = game.strings(code)  # (the game told in this page's language, whichever its pages have)
        items = "".join(
            f'<li><a href="{esc(links.relative(ed.path(s.path), page))}">{esc(said(s.label))}</a> '
            f"{esc(said(s.blurb))}</li>"
            for s in game.sections
        )
        home = game.game.site.home
        intro = home(said) if home else said.html(f"{game.name}.home.intro")
        blocks.append(
            f'<section class="game" id="game-{game.name}"><h2>{esc(said(f"{game.name}.home.title"))}</h2>'
            f'<p>{intro}</p><ul class="sections">{items}</ul></section>'
        )
        nav.append(layout.NavItem(said(f"{game.name}.home.title"), ed.path(links.INDEX_PAGE)))
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
        manifest=f"{editions.prefix(code)}{layout.MANIFEST}",
    )
    body = f"<h1>{esc(t('common.home.title'))}</h1><p>{esc(t('common.home.intro'))}</p>{''.join(blocks)}"
    site.write_page(
        page, t("common.home.title"), body, nav=nav, chrome=chrome, footer=esc(t("common.footer", version=site.version))
    )


def build(out: Path, games: Sequence[SiteGame] | None = None) -> Built:
    """Write the site of ``games`` (every game of the registry unless given) into ``out``
    (created, or a previous site there replaced; a folder holding anything else is
    refused with :class:`~output.SiteError`); ``pyodide`` is the folder of Pyodide's
    files for the pages that run the reference (else the cache)."""
    start = time.perf_counter()
    games = site_games() if games is None else games
    output.prepare(out)
    site = Site(out, [], version=__version__)
    site.copy_assets(__package__, "assets", layout.ASSETS)
    site.copy_folder(files(site_pages.__package__).joinpath("web"), "core/web")  # (what the games' JavaScript shares)
    for code in languages(games):
        _home(site, code, games)
    for game in games:
        own = game.game.site.assets
        if own is not None:
            site.copy_folder(own, f"{layout.ASSETS}/{game.name}")
        for ed in editions.editions(game, site):
            for section in game.sections:
                section.write(ed)
    offline.write(site, languages(games))
    sizes = {path: (out / path).stat().st_size for path in site.written}
    return Built(out, tuple(site.written), sum(sizes.values()), time.perf_counter() - start)
