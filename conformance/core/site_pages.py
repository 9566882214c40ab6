"""What a game puts on the kit's web site (``Game.site``), and what the site hands
the game's page writers.

The site (``generala_conformance.site``, ``generala-kit site``) writes, for every
game of the registry and each of its languages, the rulebook pages and the home
page's block; a game's own pages (the card game's arbiter, the dice scorer) are
written by the game, through an :class:`Edition` the site gives it. The site names
no game: what is a game's is here. The keys of a game's interface strings start
with its name: ``<name>.brand``, ``<name>.nav.rulebook``, ``<name>.blurb.rulebook``,
``<name>.home.title``, ``<name>.home.intro``, ``<name>.search.placeholder``,
``<name>.rules.index_intro``, ``<name>.rules.register_intro`` and its sections' own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


class Strings(Protocol):
    """The interface strings in one language (the site's and the game's own)."""

    @property
    def code(self) -> str:
        """The language's code (``en``, ``fr``…)."""

    @property
    def dir(self) -> str:
        """Its writing direction, ``ltr`` or ``rtl``."""

    def __call__(self, key: str, **fields: object) -> str:
        """The string ``key`` with its ``{fields}`` filled in."""

    def html(self, key: str, **fields: str) -> str:
        """The string ``key`` escaped for HTML, with ``fields`` (HTML already) filled in."""

    @property
    def ui(self) -> Mapping[str, str]:
        """Every string of the language by key (the site's own, then the game's)."""


class Edition(Protocol):
    """A game's pages in one interface language, bound to the site being written."""

    @property
    def t(self) -> Strings:
        """The interface strings (``ed.t("common.search.button")``)."""

    @property
    def spec(self) -> str:
        """The game's rulebook folder (``Game.spec``)."""

    def path(self, page: str, code: str | None = None) -> str:
        """The path from the site's root of ``page`` (from the game's folder), in this
        language or in ``code``'s."""

    def write_page(self, page: str, title: str, body: str, scripts: Sequence[str] = ()) -> None:
        """Write ``page`` (from the game's folder) with the site's header in this language."""

    def loading_status(self) -> str:
        """The status line an engine page's script updates, with the no-script notice (HTML)."""

    def page_data(self, page: str, extra: Mapping[str, object]) -> str:
        """The ``<script type="application/json" id="kit-data">`` of an engine page
        (``page`` from the root): the game's interface strings, statements and links in
        this language, with the game's ``extra`` data."""

    def script_tags(self, page: str, script: str, preload: Sequence[str] = ()) -> str:
        """The engine pages' stylesheet and the module script ``assets/<script>`` of
        ``page``, with the modules ``preload`` (paths from the root) fetched at once."""

    @property
    def english_strings(self) -> Strings:
        """The game's interface strings in English (what a translation stands for)."""

    def write_asset(self, name: str, data: bytes) -> str:
        """Write ``assets/<game>/<name>`` (the game's engine in the browser, its data)
        once for the whole site; its path from the site's root."""


@dataclass(frozen=True)
class Section:
    """One section of a game's own pages: the key of its label in the header's
    navigation, its first page (from the game's folder), the key of its one-line blurb
    on the home page, and the function writing its pages in one language."""

    label: str
    path: str
    blurb: str
    write: Callable[[Edition], None]


@dataclass(frozen=True)
class GameSite:
    """A game on the site: its interface languages (English first) and its own
    sections, after the rulebook every game has; the folder of its interface strings
    (``<code>.yaml``, each with the ``ui`` keys of the game), of its assets (written
    under ``assets/<name>/``); the HTML of its introduction on the home page from the
    strings (else ``<name>.home.intro``), and how a rulebook example is drawn (its
    notation as HTML; else the text, escaped)."""

    languages: tuple[str, ...]
    sections: tuple[Section, ...] = ()
    strings: Traversable | None = None
    assets: Traversable | None = None
    home: Callable[[Strings], str] | None = None
    example: Callable[[str], str] | None = None
