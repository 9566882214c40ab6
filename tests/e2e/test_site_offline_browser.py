"""The site offline, in a real headless Chromium: after one visit of one page (and
its service worker installed), every page type of both games in every language
loads with the network off, the engine pages answer; a new version of the site
replaces the old one whole, and a page of one version is never answered with the
files of another (issue 43, item 2 and "bad input")."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from generala_conformance.site import build, editions, offline
from generala_spec import links
from generala_spec import rulebook as spec_book

from tests.browser import PHONE, serve

READY = 180_000
"""Milliseconds an engine page may take to start its engine and answer (a loaded CI machine)."""
WORKER_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  while (registration.active.state !== "activated") await new Promise((r) => setTimeout(r, 50));
  return registration.active.scriptURL;
}"""
ENGINE_PAGES = {"arbiter.html", "play.html", "dice/scorer.html", "dice/play.html"}


def _pages() -> list[str]:
    """Every page type of both games in every language of each, and the home pages."""
    pages = [f"{editions.prefix(code)}index.html" for code in build.languages()]
    for game in build.site_games():
        for code in game.languages:
            ed = editions.Edition(game, game.strings(code))
            rulebook = [links.INDEX_PAGE, links.area_page(next(iter(spec_book.areas(game.spec))))]
            rulebook += [links.AMBIGUITIES_PAGE, links.OPTIONS_PAGE, links.SOURCES_PAGE]
            pages += [ed.path(p) for p in (*rulebook, *(s.path for s in game.game.site.sections))]
    return pages


def _engine(page: str) -> bool:
    return page.split("/", 1)[-1] in ENGINE_PAGES or page in ENGINE_PAGES


def _visit(page, url: str, engine: bool) -> None:
    """Open ``url``, check it is a whole page of the site and, for an engine page, that it answers."""
    response = page.goto(url)
    assert response is not None and response.ok, url
    assert page.locator("header.site a.brand").count() == 1 and page.locator("main h1").count() == 1, url
    if engine:
        page.wait_for_function("() => window.generalaTimings && window.generalaTimings.first_answer_ms", timeout=READY)


def test_every_page_works_offline_after_one_visit(phone, site_url: str) -> None:
    _visit(phone, site_url + "rules/index.html", engine=False)
    assert phone.evaluate(WORKER_READY) == site_url + "sw.js"
    phone.context.set_offline(True)
    pages = _pages()
    assert len(pages) == 5 + 3 * 7 + 3 * 7  # 5 home pages; 5 rulebook pages and 2 of its own, per game and language
    for page in pages:
        _visit(phone, site_url + page, engine=_engine(page))


STAMP = re.compile(r'<meta name="stamp" content="\w+">')


def _stamp(folder: Path, version: str) -> None:
    """Make ``folder``'s site the version ``version``: its pages say so in a ``<meta>``
    and its stylesheet in a custom property; the service worker lists the new files."""
    for page in ("index.html", "rules/index.html"):
        path = folder / page
        text = STAMP.sub("", path.read_text("utf-8"))
        path.write_text(text.replace("<head>", f'<head>\n<meta name="stamp" content="{version}">', 1), "utf-8")
    css = folder / "assets" / "site.css"
    text = re.sub(r":root \{ --stamp: \"\w+\"; \}\n", "", css.read_text("utf-8"))
    css.write_text(f':root {{ --stamp: "{version}"; }}\n{text}', "utf-8")
    written = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.name[0] != ".")
    hashes = {path: offline.integrity((folder / path).read_bytes()) for path in offline.precached(written)}
    (folder / "sw.js").write_text(offline.worker(hashes), "utf-8")


SEEN = """() => ({
  page: document.querySelector('meta[name="stamp"]').content,
  css: getComputedStyle(document.documentElement).getPropertyValue("--stamp").trim().replaceAll('"', ""),
  controlled: Boolean(navigator.serviceWorker.controller),
})"""
CACHES = "() => caches.keys()"


@pytest.fixture
def versioned(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the site on its own server: ``(folder, url)``."""
    folder = tmp_path / "site"
    shutil.copytree(site_dir, folder)
    _stamp(folder, "A")
    server, url = serve(folder)
    yield folder, url
    server.shutdown()
    server.server_close()


def test_a_new_version_replaces_the_old_whole_and_never_mixes(browser, versioned: tuple[Path, str]) -> None:
    folder, url = versioned
    context = browser.new_context(viewport=PHONE)
    first = context.new_page()
    first.goto(url + "index.html")
    first.evaluate(WORKER_READY)
    first.reload()
    assert first.evaluate(SEEN) == {"page": "A", "css": "A", "controlled": True}
    (old_cache,) = first.evaluate(CACHES)

    _stamp(folder, "B")  # the server now holds version B
    first.evaluate("async () => { await (await navigator.serviceWorker.ready).update(); }")
    first.wait_for_function("async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting)")
    for page in ("rules/index.html", "index.html"):  # B installed and waiting: A's pages keep A's files
        first.goto(url + page)
        assert first.evaluate(SEEN) == {"page": "A", "css": "A", "controlled": True}
    assert sorted(first.evaluate(CACHES)) == sorted([old_cache, first.evaluate(CACHES)[-1]])

    first.close()  # no page of version A is open: B takes over, and A's cache goes
    for _ in range(20):  # (a page opened before B activates is still A's, whole)
        second = context.new_page()
        second.goto(url + "index.html")
        seen = second.evaluate(SEEN)
        assert seen["page"] == seen["css"] and seen["controlled"], seen
        if seen["page"] == "B":
            break
        second.close()
        time.sleep(0.5)
    assert seen == {"page": "B", "css": "B", "controlled": True}
    second.wait_for_function("async () => (await caches.keys()).length === 1")
    (new_cache,) = second.evaluate(CACHES)
    assert new_cache != old_cache and new_cache.startswith("generala-site-")
    context.close()


def test_a_version_whose_files_do_not_match_its_list_never_replaces_the_one_in_place(
    browser, versioned: tuple[Path, str]
) -> None:
    folder, url = versioned
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(url + "index.html")
    page.evaluate(WORKER_READY)
    (cache,) = page.evaluate(CACHES)
    _stamp(folder, "B")
    css = folder / "assets" / "site.css"
    css.write_text(css.read_text("utf-8").replace('"B"', '"C"', 1), "utf-8")  # a file of no listed version
    failed = page.evaluate(
        "async () => { const r = await navigator.serviceWorker.ready;"
        " try { await r.update(); } catch (e) { return 'update failed'; }"
        " await new Promise((ok) => setTimeout(ok, 1500));"
        " return r.waiting || r.installing ? 'installed' : 'not installed'; }"
    )
    assert failed in ("update failed", "not installed")
    page.close()
    again = context.new_page()
    again.goto(url + "index.html")
    assert again.evaluate(SEEN) == {"page": "A", "css": "A", "controlled": True}
    assert again.evaluate(CACHES) == [cache]
    context.close()
