"""The card game's part of its engine pages' data (``kit-data``): each card's glyph
named in the page's language, the deck by rows and the rows' names."""

from __future__ import annotations

from generala_conformance.core.site_pages import Strings
from generala_conformance.games.cards.site.glyphs import card_html
from generala_reference.cards.deck import JOKER, SUITS, format_card

ROW_NAMES = ("clubs", "diamonds", "hearts", "spades", "jokers")
"""The rows of the deck, keys of their names (``cards.row.clubs``…)."""


def _deck_rows() -> list[list[str]]:
    """The 54 cards by suit, 2 to Ace, then the two Jokers (R-MAT-1)."""
    rows = [[format_card(s * 13 + r) for r in range(13)] for s in range(len(SUITS))]
    return [*rows, [format_card(JOKER), format_card(JOKER + 1)]]


def card_name(card: str, t: Strings) -> str:
    """The spoken name of a card in the language ``t`` (``10 de cœur``)."""
    if card == "JK":
        return t("cards.card.joker")
    rank, suit = card[:-1], card[-1]
    named = t(f"cards.rank.{rank}") if rank in "JQKA" else int(rank)  # (a number: in the language's digits)
    return t("cards.card.name", rank=named, suit=t(f"cards.suit.{suit}"))


def page_extra(t: Strings) -> dict[str, object]:
    """The card game's data of an engine page in the language ``t``: each card's glyph
    (:func:`~generala_conformance.games.cards.site.glyphs.card_html`, named in the
    language), the deck by rows and the rows' names."""
    rows = _deck_rows()
    return {
        "cards": {code: card_html(code, card_name(code, t)) for row in rows for code in row},
        "rows": rows,
        "row_names": [t(f"cards.row.{name}") for name in ROW_NAMES],
    }
