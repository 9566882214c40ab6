"""The card game's glyphs on the site (R-MAT-1): a chip per card, named, and cards
written in the notation drawn in text (the rulebook's examples)."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.site import glyphs


def test_card_glyphs_name_every_card() -> None:
    assert glyphs.card_html("10H") == '<span class="card suit-h" role="img" aria-label="10 of hearts">10♥</span>'
    assert glyphs.card_html("QS") == '<span class="card suit-s" role="img" aria-label="Queen of spades">Q♠</span>'
    assert 'aria-label="Joker"' in glyphs.card_html("JK") and "card joker" in glyphs.card_html("JK")
    assert glyphs.cards_html(["AD", "2C"]).count('class="card suit-') == 2
    with pytest.raises(ValueError, match="not a card"):
        glyphs.card_html("1X")


def test_cards_written_in_the_notation_become_glyphs_in_text() -> None:
    text = glyphs.glyph_text("P1 leads 7C, P2 plays JK <b>; P10 holds AS and 10D, not R-JOKER-4")
    assert text.count('class="card') == 4 and "&lt;b&gt;" in text
    assert "P1 leads" in text and "P10 holds" in text and "R-JOKER-4" in text and ">10♦<" in text
