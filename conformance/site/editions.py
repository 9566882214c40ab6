"""A game's pages in one interface language: an :class:`Edition`.

The site holds each game of the registry (:class:`SiteGame`: what its ``Game.site``
says, its rulebook, the folder of its pages) in each of its languages. English pages sit at
the game's folder (the card game's at the root, so the rulebook's addresses of
:mod:`generala_spec.links` are its English pages; the dice game's under ``dice/``);
another language's pages sit under the language's code (``fr/rules/joker.html``,
``es/dice/scorer.html``). The switcher of every page links to the same page in the
game's other languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import yaml
from generala_conformance.core import site_pages as core
from generala_conformance.core.site_pages import Section
from generala_conformance.site import engine_pages, i18n, layout
from generala_conformance.site.i18n import Language
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links, rulebook, translations

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from generala_conformance.core.game import Game


def prefix(code: str) -> str:
    """The folder of a language's pages: ``""`` for English, else ``"fr/"``…"""
    return "" if code == i18n.ENGLISH else f"{code}/"


@dataclass(frozen=True)
class SiteGame:
    """A game of the registry on the site: its rulebook pages (every game has them)
    then its own sections (``Game.site``), its pages' folder (the card game's at the
    root, so that the addresses of :mod:`generala_spec.links` are its English pages;
    another game's under its name) and its interface strings (the site's, then the
    game's own files)."""

    game: Game
    rulebook: Callable[[core.Edition], None]
    """The writer of its rulebook pages (:func:`generala_conformance.site.build.write_rulebook`)."""

    @property
    def name(self) -> str:
        """Its name, also the first word of its interface strings' keys."""
        return self.game.name

    @property
    def spec(self) -> str:
        """Its rulebook folder."""
        return self.game.spec

    @property
    def root(self) -> str:
        """The folder of its English pages, from the site's root."""
        return links.game_folder(self.name)

    @property
    def languages(self) -> tuple[str, ...]:
        """Its interface languages, English first."""
        return self.game.site.languages

    @property
    def sections(self) -> tuple[Section, ...]:
        """The rulebook, then the game's own sections."""
        rulebook = Section(f"{self.name}.nav.rulebook", links.INDEX_PAGE, f"{self.name}.blurb.rulebook", self.rulebook)
        return (rulebook, *self.game.site.sections)

    @property
    def search_index(self) -> str:
        """The script of its rulebook's search index (``assets/search-index.js`` for the
        game at the root, else ``assets/search-index-<name>.js``)."""
        return f"{layout.ASSETS}/search-index{'-' + self.name if self.root else ''}.js"

    def example_html(self, text: str) -> str:
        """A rulebook example as HTML: in the game's notation (``Game.site.example``), else escaped."""
        draw = self.game.site.example
        return draw(text) if draw else esc(text)

    def strings(self, code: str) -> Language:
        """The interface strings of its pages in the language ``code``: the site's, with
        the game's own (its English, then its file of that language) over them."""
        lang = i18n.load(code)
        own = {**self.own_strings(i18n.ENGLISH), **self.own_strings(code)}
        return replace(lang, ui={**lang.ui, **own}) if own else lang

    def own_strings(self, code: str) -> dict[str, str]:
        """The game's own interface strings in the language ``code`` (its file of that
        language alone: none when it has no such file)."""
        folder = self.game.site.strings
        return {} if folder is None else _own_strings(folder, code)


def _own_strings(folder: Traversable, code: str) -> dict[str, str]:
    """The ``ui`` strings of a game's file ``<code>.yaml`` in ``folder`` (none if it has no such file)."""
    entry = folder.joinpath(f"{code}.yaml")
    if not entry.is_file():
        return {}
    data = yaml.safe_load(entry.read_text("utf-8"))
    return dict(data["ui"])


@dataclass(frozen=True)
class Edition:
    """The pages of ``game`` in ``lang``, written to ``site`` (the
    :class:`~generala_conformance.core.site_pages.Edition` a game's writers get; one
    made without a site draws pages but writes none)."""

    game: SiteGame
    lang: Language
    site: Site | None = None

    @property
    def t(self) -> Language:
        """The interface strings (``ed.t("common.search.button")``)."""
        return self.lang

    @property
    def spec(self) -> str:
        """The game's rulebook folder."""
        return self.game.spec

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
            brand=t(f"{self.game.name}.brand"),
            home=f"{prefix(self.lang.code)}index.html",
            skip=t("common.skip"),
            sections=t("common.sections"),
            search=self.path(links.INDEX_PAGE),
            search_label=t("common.search.label"),
            search_button=t("common.search.button"),
            placeholder=t(f"{self.game.name}.search.placeholder"),
            languages=t("common.languages"),
            alternates=alternates,
            note=note,
            manifest=f"{prefix(self.lang.code)}{layout.MANIFEST}",
        )

    def nav(self) -> list[layout.NavItem]:
        """The header's navigation: the game's sections in this language."""
        return [layout.NavItem(self.t(s.label), self.path(s.path)) for s in self.game.sections]

    def written_to(self) -> Site:
        """The site this edition writes to."""
        if self.site is None:
            raise ValueError(f"the {self.game.name} pages in {self.lang.code} were made to be drawn, not written")
        return self.site

    def write_page(self, page: str, title: str, body: str, scripts: Sequence[str] = ()) -> None:
        """Write ``page`` (from the game's folder) in this language, with its header."""
        site = self.written_to()
        site.write_page(
            self.path(page),
            title,
            body,
            scripts,
            nav=self.nav(),
            chrome=self.chrome(page),
            footer=esc(self.t("common.footer", version=site.version)),
        )

    def loading_status(self) -> str:
        """The status line an engine page's script updates (:func:`engine_pages.loading_status`)."""
        return engine_pages.loading_status(self)

    def page_data(self, page: str, extra: Mapping[str, object]) -> str:
        """An engine page's data, with the game's ``extra`` (:func:`engine_pages.page_data`)."""
        return engine_pages.page_data(self, page, extra)

    def script_tags(self, page: str, script: str, preload: Sequence[str] = ()) -> str:
        """An engine page's stylesheet and script (:func:`engine_pages.script_tags`)."""
        return engine_pages.script_tags(page, script, preload)

    @property
    def english_strings(self) -> Language:
        """The game's interface strings in English (what a translation stands for)."""
        return self.game.strings(i18n.ENGLISH)

    def write_asset(self, name: str, data: bytes) -> str:
        """Write ``assets/<game>/<name>`` once for the whole site (nothing for an edition
        made to be drawn); its path from the root."""
        path = f"{layout.ASSETS}/{self.game.name}/{name}"
        if self.site is not None and path not in self.site.written:
            self.site.write_file(path, data)
        return path


def editions(game: SiteGame, site: Site | None = None) -> list[Edition]:
    """The game in each of its languages (written to ``site``)."""
    return [Edition(game, game.strings(code), site) for code in game.languages]
