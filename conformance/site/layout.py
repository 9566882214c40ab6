"""The shared page layout of the site: the page template (skip link, header with the
sections' navigation and the search box, footer), HTML escaping and card glyphs.

Every page links ``assets/site.css``. Card glyphs (:func:`card_html`) are
``<span class="card …">`` chips styled there: ``card suit-h`` (hearts, red),
``suit-d`` (diamonds, red), ``suit-c`` and ``suit-s`` (black), ``card joker``; a
script drawing cards may use the same classes (see :data:`SUIT_NAMES`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generala_conformance.site import bidi
from generala_spec import links

ASSETS = "assets"
"""The folder of the shared assets, relative to the site's root."""
STYLESHEET = f"{ASSETS}/site.css"
ICON = f"{ASSETS}/favicon.svg"

RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def esc(text: object) -> str:
    """``text`` escaped for HTML content and attribute values."""
    return html.escape(str(text), quote=True)


def card_html(card: str, name: str | None = None) -> str:
    """One card (``10H``, ``QS``, ``JK``, R-MAT-1) as a glyph chip with a spoken name
    (``name``, else the English one):
    ``<span class="card suit-h" aria-label="10 of hearts">10♥</span>``."""
    if card == "JK":
        return f'<span class="card joker" role="img" aria-label="{esc(name or "Joker")}">Joker</span>'
    rank, suit = card[:-1], card[-1]
    if suit not in SUIT_NAMES:
        raise ValueError(f"not a card: {card!r}")
    name = name or f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"
    return (
        f'<span class="card suit-{suit.lower()}" role="img" aria-label="{esc(name)}">'
        f"{esc(rank)}{SUIT_GLYPHS[suit]}</span>"
    )


def cards_html(cards: Iterable[str]) -> str:
    """Several cards as glyph chips, in the order given."""
    return '<span class="cards">' + " ".join(card_html(c) for c in cards) + "</span>"


_CARD_TOKEN = re.compile(r"(?<![\w-])(?:(10|[2-9JQKA])([CDHS])|JK)(?![\w-])")


def glyph_text(text: str) -> str:
    """``text`` escaped, with every card written in the notation (``7C``, ``10H``,
    ``JK``) drawn as a glyph chip (:func:`card_html`).

    >>> glyph_text("P1 leads 7C")
    'P1 leads <span class="card suit-c" role="img" aria-label="7 of clubs">7♣</span>'
    """
    parts, last = [], 0
    for match in _CARD_TOKEN.finditer(text):
        parts += [esc(text[last : match.start()]), card_html(match.group(0))]
        last = match.end()
    return "".join([*parts, esc(text[last:])])


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
</body>
</html>
""",
        chrome.lang,
    )
