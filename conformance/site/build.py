"""``generala-kit site``: write the whole site, section by section.

:data:`SECTIONS` is the one place that lists the site's sections: each has its label
in the header's navigation, its first page (relative to the site's root) and the
writer of its pages, a function taking the :class:`~generala_conformance.site.output.Site`
(``site.write_page(path, title, body, scripts)`` lays a page out with the shared
header; ``site.write_file`` writes any other file). Add a section by adding one
:class:`Section` here. The home page (``index.html``) and the shared assets
(``assets/``: ``site.css``, ``search.js``) are written by :func:`build` itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from generala_conformance.site import arbiter, layout, output, play, rulebook_pages
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links


@dataclass(frozen=True)
class Section:
    """One section of the site: ``label`` in the navigation, its first page ``path``,
    a one-line ``blurb`` for the home page, and ``write``, the writer of its pages."""

    label: str
    path: str
    blurb: str
    write: Callable[[Site], None]


SECTIONS: tuple[Section, ...] = (
    Section(
        "Rulebook",
        links.INDEX_PAGE,
        "Every clause with the exact French and Persian sentences it rests on, the ambiguities "
        "and the kit's rulings, the rule options and profiles; searchable.",
        rulebook_pages.write,
    ),
    Section(
        "Arbiter",
        arbiter.PAGE,
        "Set up the cards on the table (or paste a position) and see what the rules say: the legal "
        "moves, who wins the trick and who leads next, each by its clause. The reference engine runs in the page.",
        arbiter.write,
    ),
    Section(
        "Play",
        play.PAGE,
        "Learn by playing a whole game against computer players, every event told with its clause.",
        play.write,
    ),
)


RANKING = ("2S", "3H", "4C", "5D", "6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS", "JK")
"""One card of each rank, low to high (R-MAT-3), for the home page."""


@dataclass(frozen=True)
class Built:
    """What a build wrote: the files (relative to ``out``), their total size, the time."""

    out: Path
    files: tuple[str, ...]
    size: int
    seconds: float


def _kit_version() -> str:
    try:
        return version("generala-kit")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree without installing
        return "unknown"


def _home(site: Site, sections: tuple[Section, ...]) -> None:
    items = "".join(
        f'<li><a href="{esc(links.relative(s.path, "index.html"))}">{esc(s.label)}</a> {esc(s.blurb)}</li>'
        for s in sections
    )
    body = (
        "<h1>Générala</h1>"
        "<p>The rules of Générala, the Cameroonian trick-taking card game: 54 cards (a 52-card pack "
        f"and 2 Jokers {layout.cards_html(['JK', 'JK'])}), 2 to 10 players, everybody tries to get rid "
        "of their cards, and the last player still holding cards loses.</p>"
        f"<p>Cards rank from low to high {layout.cards_html(RANKING)}; there are no trumps.</p>"
        f'<ul class="sections">{items}</ul>'
        "<p>Not the dice game: <em>Generala</em> is also the name of a Latin-American dice game, "
        "which only shares the name.</p>"
    )
    site.write_page("index.html", "Home", body)


def build(out: Path, sections: tuple[Section, ...] = SECTIONS, pyodide: Path | None = None) -> Built:
    """Write the site into ``out`` (created, or a previous site there replaced; a folder
    holding anything else is refused with :class:`~output.SiteError`); ``pyodide`` is
    the folder of Pyodide's files for the pages that run the reference (else the cache)."""
    start = time.perf_counter()
    output.prepare(out)
    footer = (
        f"Built by generala-kit {esc(_kit_version())} from the kit's specification. "
        "Plain files: nothing is fetched from elsewhere."
    )
    site = Site(out, [layout.NavItem(s.label, s.path) for s in sections], footer, pyodide=pyodide)
    site.copy_assets(__package__, "assets", layout.ASSETS)
    _home(site, sections)
    for section in sections:
        section.write(site)
    size = sum((out / path).stat().st_size for path in site.written)
    return Built(out, tuple(site.written), size, time.perf_counter() - start)
