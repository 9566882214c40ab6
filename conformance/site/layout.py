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


def card_html(card: str) -> str:
    """One card (``10H``, ``QS``, ``JK``, R-MAT-1) as a glyph chip with a spoken name:
    ``<span class="card suit-h" aria-label="10 of hearts">10♥</span>``."""
    if card == "JK":
        return '<span class="card joker" role="img" aria-label="Joker">Joker</span>'
    rank, suit = card[:-1], card[-1]
    if suit not in SUIT_NAMES:
        raise ValueError(f"not a card: {card!r}")
    name = f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"
    return (
        f'<span class="card suit-{suit.lower()}" role="img" aria-label="{name}">{esc(rank)}{SUIT_GLYPHS[suit]}</span>'
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


def _nav(items: Sequence[NavItem], page: str) -> str:
    entries = []
    for item in items:
        current = ' aria-current="page"' if item.path == page else ""
        entries.append(f'<li><a href="{esc(links.relative(item.path, page))}"{current}>{esc(item.label)}</a></li>')
    return f'<nav aria-label="Sections"><ul>{"".join(entries)}</ul></nav>'


def _search_form(page: str, query_id: str = "q") -> str:
    action = esc(links.relative(links.INDEX_PAGE, page))
    return (
        f'<form class="search" role="search" action="{action}" method="get">'
        f'<label for="{query_id}">Search the rules</label>'
        f'<input type="search" id="{query_id}" name="q" autocomplete="off" spellcheck="false" '
        'placeholder="joker, levée, جوکر, R-NEXT…">'
        '<button type="submit">Search</button></form>'
    )


def page(
    path: str,
    title: str,
    body: str,
    nav: Sequence[NavItem],
    scripts: Sequence[str] = (),
    footer: str = "",
) -> str:
    """A whole HTML page at ``path`` (relative to the site's root): ``body`` is the
    content of ``<main>``; ``scripts`` are paths from the root, loaded at the end."""
    root = links.relative("index.html", path)
    tags = "".join(f'<script src="{esc(links.relative(s, path))}"></script>' for s in scripts)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(title)} · Générala</title>
<link rel="stylesheet" href="{esc(links.relative(STYLESHEET, path))}">
<link rel="icon" type="image/svg+xml" href="{esc(links.relative(ICON, path))}">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="{esc(root)}">Générala</a>
{_nav(nav, path)}
{_search_form(path)}
</header>
<main id="main" tabindex="-1">
{body}
</main>
<footer class="site">{footer}</footer>
{tags}
</body>
</html>
"""
