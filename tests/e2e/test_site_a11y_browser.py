"""Every page of the site, in each of its languages, in a real headless Chromium:
it loads without a script error or a missing file, says its language (and, for
Persian, its right-to-left direction), and axe-core finds no violation of a WCAG
rule of level A or AA on it (colour contrast included), the pages that run a
reference engine checked once they have answered and drawn their controls."""

from __future__ import annotations

import pytest
from generala_conformance.site import build, editions, i18n
from generala_spec import links, rulebook

from tests import axe
from tests.browser import DESKTOP, PHONE, _page
from tests.e2e.test_site_engine_browser import open_page


def _rulebook_pages(ed: editions.Edition) -> list[str]:
    areas = [links.area_page(area) for area in rulebook.areas(ed.spec)]
    return [links.INDEX_PAGE, *areas, links.AMBIGUITIES_PAGE, links.OPTIONS_PAGE, links.SOURCES_PAGE]


EDITIONS = [ed for game in build.site_games() for ed in editions.editions(game)]
STATIC = [f"{editions.prefix(code)}index.html" for code in build.languages()] + [
    ed.path(page) for ed in EDITIONS for page in _rulebook_pages(ed)
]
ENGINE = {
    "arbiter.html": "#explain",
    "play.html": ".your-hand .playable",
    "dice/scorer.html": "#score",
    "dice/play.html": "#roll-button",
}
"""Each page running a reference engine, and the control a test presses before checking it."""
ENGINE_PAGES = [
    (ed.path(section.path), ENGINE[ed.game.root + section.path])
    for ed in EDITIONS
    for section in ed.game.sections
    if ed.game.root + section.path in ENGINE
]


@pytest.fixture(scope="module")
def reader(browser):
    """One page for the whole module, at desktop width."""
    yield from _page(browser, DESKTOP)


def _language_of(path: str) -> i18n.Language:
    first = path.split("/", 1)[0]
    return i18n.load(first if first in build.languages() else i18n.ENGLISH)


def _said(page, path: str) -> None:
    language = _language_of(path)
    assert page.evaluate("() => document.documentElement.lang") == language.code
    assert page.evaluate("() => getComputedStyle(document.body).direction") == language.dir


@pytest.mark.parametrize("path", STATIC)
def test_a_page_says_its_language_and_passes_axe(site_url, reader, path: str) -> None:
    reader.goto(site_url + path)
    _said(reader, path)
    assert axe.violations(reader) == []


@pytest.mark.parametrize(("path", "control"), ENGINE_PAGES, ids=[path for path, _ in ENGINE_PAGES])
def test_an_engine_page_passes_axe_once_it_has_answered(site_url, browser, path: str, control: str) -> None:
    for page in _page(browser, PHONE):
        open_page(page, site_url + path)
        _said(page, path)
        count = page.evaluate("() => window.generalaAnswers")
        page.locator(control).first.click()
        page.wait_for_function(f"() => window.generalaAnswers > {count}", timeout=60_000)
        assert axe.violations(page) == []
