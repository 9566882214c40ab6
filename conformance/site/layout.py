"""The shared page layout of the site: the page template (skip link, header with the
sections' navigation and the search box, footer) and HTML escaping.

Every page links ``assets/site.css`` (which also styles the card game's glyphs,
``generala_conformance.games.cards.site.glyphs``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from generala_conformance.site import bidi
from generala_spec import links

ASSETS = "assets"
"""The folder of the shared assets, relative to the site's root."""
STYLESHEET = f"{ASSETS}/site.css"
ICON = f"{ASSETS}/favicon.svg"
TOUCH_ICON = f"{ASSETS}/icon-192.png"
OFFLINE_SCRIPT = f"{ASSETS}/offline.js"
"""The script registering the service worker (``offline.py``)."""
WORKER = "sw.js"
"""The service worker, at the site's root so that its scope is the whole site."""
MANIFEST = "manifest.webmanifest"
"""The web app manifest's name, in the folder of each language's pages."""
THEME = "#0f2e52"
"""The colour of the header: the pages' and the manifest's ``theme-color``."""


def esc(text: object) -> str:
    """``text`` escaped for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


@dataclass(frozen=True)
class NavItem:
    """A section in the header's navigation: its label and its page (from the root)."""

    label: str
    path: str


@dataclass(frozen=True)
class Alternate:
    """The same page in another interface language: the language's code, its name
    (in itself) and the page's path from the root."""

    code: str
    name: str
    path: str


@dataclass(frozen=True)
class Chrome:
    """What frames a page besides its content, in the page's language: ``lang`` and
    ``dir`` of ``<html>``, the brand and its home page, the words of the skip link,
    the navigation and the search box (``search``: the page the box searches on, or
    None for no box), the language switcher's ``alternates`` and a ``note`` shown
    above the content (a machine translation says so there)."""

    lang: str = "en"
    dir: str = "ltr"
    brand: str = "Générala"
    home: str = "index.html"
    skip: str = "Skip to content"
    sections: str = "Sections"
    search: str | None = links.INDEX_PAGE
    search_label: str = "Search the rules"
    search_button: str = "Search"
    placeholder: str = "joker, levée, جوکر, R-NEXT…"
    languages: str = "Languages"
    alternates: tuple[Alternate, ...] = ()
    note: str = ""
    manifest: str = MANIFEST
    """The web app manifest of the page's language, from the root."""


ENGLISH = Chrome()
"""The header of a page of the card game in English."""


def _nav(items: Sequence[NavItem], page: str, label: str) -> str:
    entries = []
    for item in items:
        current = ' aria-current="page"' if item.path == page else ""
        entries.append(f'<li><a href="{esc(links.relative(item.path, page))}"{current}>{esc(item.label)}</a></li>')
    return f'<nav aria-label="{esc(label)}"><ul>{"".join(entries)}</ul></nav>'


def _search_form(page: str, chrome: Chrome, query_id: str = "q") -> str:
    if chrome.search is None:
        return ""
    action = esc(links.relative(chrome.search, page))
    return (
        f'<form class="search" role="search" action="{action}" method="get">'
        f'<label for="{query_id}">{esc(chrome.search_label)}</label>'
        f'<input type="search" id="{query_id}" name="q" autocomplete="off" spellcheck="false" '
        f'placeholder="{esc(chrome.placeholder)}">'
        f'<button type="submit">{esc(chrome.search_button)}</button></form>'
    )


def _switcher(page: str, chrome: Chrome) -> str:
    """The language switcher: a link to this page in each language, each named in itself."""
    if len(chrome.alternates) < 2:
        return ""
    entries = []
    for other in chrome.alternates:
        current = ' aria-current="true"' if other.code == chrome.lang else ""
        href = esc(links.relative(other.path, page))
        entries.append(
            f'<li><a href="{href}" hreflang="{esc(other.code)}" lang="{esc(other.code)}" '
            f'data-lang="{esc(other.code)}"{current}>{esc(other.name)}</a></li>'
        )
    return f'<nav class="languages" aria-label="{esc(chrome.languages)}"><ul>{"".join(entries)}</ul></nav>'


def page(
    path: str,
    title: str,
    body: str,
    nav: Sequence[NavItem],
    scripts: Sequence[str] = (),
    footer: str = "",
    chrome: Chrome = ENGLISH,
) -> str:
    """A whole HTML page at ``path`` (relative to the site's root): ``body`` is the
    content of ``<main>``; ``scripts`` are paths from the root, loaded at the end. A
    right-to-left page gets its islands isolated and its digits (:func:`bidi.localize`)."""
    home = links.relative(chrome.home, path)
    tags = "".join(f'<script src="{esc(links.relative(s, path))}"></script>' for s in scripts)
    note = f'<p class="translation-note" role="note">{chrome.note}</p>\n' if chrome.note else ""
    return bidi.localize(
        f"""<!DOCTYPE html>
<html lang="{esc(chrome.lang)}" dir="{esc(chrome.dir)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} · {esc(chrome.brand)}</title>
<link rel="stylesheet" href="{esc(links.relative(STYLESHEET, path))}">
<link rel="icon" type="image/svg+xml" href="{esc(links.relative(ICON, path))}">
<link rel="manifest" href="{esc(links.relative(chrome.manifest, path))}">
<link rel="apple-touch-icon" href="{esc(links.relative(TOUCH_ICON, path))}">
<meta name="theme-color" content="{THEME}">
</head>
<body>
<a class="skip" href="#main">{esc(chrome.skip)}</a>
<header class="site">
<a class="brand" href="{esc(home)}">{esc(chrome.brand)}</a>
{_nav(nav, path, chrome.sections)}
{_search_form(path, chrome)}
{_switcher(path, chrome)}
</header>
<main id="main" tabindex="-1">
{note}{body}
</main>
<footer class="site">{footer}</footer>
{tags}
<script src="{esc(links.relative(OFFLINE_SCRIPT, path))}" data-worker="{esc(links.relative(WORKER, path))}"
 defer></script>
</body>
</html>
""",
        chrome.lang,
    )
