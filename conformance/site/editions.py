"""A game's pages in one interface language: an :class:`Edition`.

The site holds each game (:class:`SiteGame`: its rulebook folder, the folder of its
pages, its languages and sections) in each of its languages. English pages sit at
the game's folder (the card game's at the root, so the rulebook's addresses of
:mod:`generala_spec.links` are its English pages; the dice game's under ``dice/``);
another language's pages sit under the language's code (``fr/rules/joker.html``,
``es/dice/scorer.html``). The switcher of every page links to the same page in the
game's other languages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generala_conformance.site import i18n, layout
from generala_conformance.site.i18n import Language
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links, rulebook, translations


def prefix(code: str) -> str:
    """The folder of a language's pages: ``""`` for English, else ``"fr/"``…"""
    return "" if code == i18n.ENGLISH else f"{code}/"


@dataclass(frozen=True)
class Section:
    """One section of a game's pages: the key of its label in the navigation, its
    first page (from the game's folder), the key of its one-line blurb on the home
    page, and the writer of its pages."""

    label: str
    path: str
    blurb: str
    write: Callable[[Site, Edition], None]


@dataclass(frozen=True)
class SiteGame:
    """A game on the site: ``name`` (its rulebook folder in generala_spec), ``root``
    (the folder of its English pages), its interface languages (English first),
    its sections and the search index script of its rulebook."""

    name: str
    root: str
    languages: tuple[str, ...]
    sections: tuple[Section, ...]
    search_index: str


@dataclass(frozen=True)
class Edition:
    """The pages of ``game`` in ``lang``."""

    game: SiteGame
    lang: Language

    @property
    def t(self) -> Language:
        """The interface strings (``ed.t("common.search.button")``)."""
        return self.lang

    @property
    def spec(self) -> str:
        """The game's rulebook folder."""
        return self.game.name

    def path(self, page: str, code: str | None = None) -> str:
        """The path from the site's root of ``page`` (from the game's folder), in this
        language or in ``code``'s."""
        return f"{prefix(code or self.lang.code)}{self.game.root}{page}"

    def address(self, identifier: str) -> str:
        """The path from the root of a rulebook entry's page and anchor, in this language."""
        return self.path(links.address(identifier))

    def link(self, identifier: str, page: str, text: str | None = None) -> str:
        """A link written on ``page`` (from the root) to a rulebook entry."""
        href = esc(links.relative(self.address(identifier), page))
        return f'<a href="{href}">{esc(text or identifier)}</a>'

    @property
    def tr(self) -> translations.Translation:
        """The rulebook's text in this language (English where it lacks a string)."""
        return translations.translation(self.spec, self.lang.code)

    def statement(self, clause: rulebook.Clause) -> str:
        """A clause's statement in this language."""
        return self.tr.statement(clause.id)

    def area(self, area: str) -> str:
        """An area's title in this language."""
        return self.tr.area(area)

    def chrome(self, page: str) -> layout.Chrome:
        """The header of ``page`` (from the game's folder) in this language."""
        t = self.t
        alternates = tuple(
            layout.Alternate(code, i18n.load(code).name, self.path(page, code)) for code in self.game.languages
        )
        note = ""
        if self.lang.machine_translated:
            note = esc(t("common.machine_note"))
        return layout.Chrome(
            lang=self.lang.code,
            dir=self.lang.dir,
            brand=t(f"{self.spec}.brand"),
            home=f"{prefix(self.lang.code)}index.html",
            skip=t("common.skip"),
            sections=t("common.sections"),
            search=self.path(links.INDEX_PAGE),
            search_label=t("common.search.label"),
            search_button=t("common.search.button"),
            placeholder=t(f"{self.spec}.search.placeholder"),
            languages=t("common.languages"),
            alternates=alternates,
            note=note,
        )

    def nav(self) -> list[layout.NavItem]:
        """The header's navigation: the game's sections in this language."""
        return [layout.NavItem(self.t(s.label), self.path(s.path)) for s in self.game.sections]

    def write_page(self, site: Site, page: str, title: str, body: str, scripts: Sequence[str] = ()) -> None:
        """Write ``page`` (from the game's folder) in this language, with its header."""
        site.write_page(
            self.path(page),
            title,
            body,
            scripts,
            nav=self.nav(),
            chrome=self.chrome(page),
            footer=esc(self.t("common.footer", version=site.version)),
        )


def editions(game: SiteGame) -> list[Edition]:
    """The game in each of its languages."""
    return [Edition(game, i18n.load(code)) for code in game.languages]
