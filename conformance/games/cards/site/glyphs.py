"""The card game's glyphs on the site: a card (``10H``, ``QS``, ``JK``, R-MAT-1) as a
``<span class="card …">`` chip styled by the site's ``assets/site.css``: ``card
suit-h`` (hearts, red), ``suit-d`` (diamonds, red), ``suit-c`` and ``suit-s`` (black),
``card joker``; a script drawing cards uses the same classes (see :data:`SUIT_NAMES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape as esc

RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


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
