"""Cards as small integers and sets of cards as bitmasks (clauses R-MAT-1, R-MAT-3, R-MAT-4).

A card is an ``int`` in ``0 … 53``: ``suit * 13 + rank`` for the 52 ranked cards
(ranks ``0 … 12`` = ``2 … A``, suits ``0 … 3`` = clubs, diamonds, hearts, spades),
and ``52``, ``53`` for the two Jokers. A set of cards is an ``int`` whose bit
``c`` is set when card ``c`` is in the set, so the whole pack fits one int.

>>> parse_card("10♥") == parse_card("th")
True
>>> format_card(parse_card("qs")), format_card(JOKER)
('QS', 'JK')
>>> format_cards(parse_cards(["JK", "2C", "AH"]))
['2C', 'AH', 'JK']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar, cast

from generala_reference.errors import InvalidInput

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
GLYPHS = ("♣", "♦", "♥", "♠")
JOKER = 52
"""The first Joker; ``JOKER + 1`` is the second one. They are equal in rank (R-MAT-4)."""
JOKER_RANK = 13
"""The rank of a Joker: above the Ace (R-MAT-3)."""

FULL_DECK = (1 << 54) - 1
JOKERS = 3 << JOKER
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))

_RANK_IN = {r: i for i, r in enumerate(RANKS)} | {"T": 8}
_SUIT_IN = (
    {s: i for i, s in enumerate(SUITS)}
    | {g: i for i, g in enumerate(GLYPHS)}
    | {g: i for i, g in enumerate(("♧", "♢", "♡", "♤"))}
)
_JOKER_IN = {"JK", "JOKER", "🃏", "🃟", "🂿"}
_TEXT = (*(r + s for s in SUITS for r in RANKS), "JK", "JK")
_PRETTY = (*(r + g for g in GLYPHS for r in RANKS), "🃏", "🃏")
_CANONICAL_IN = {text: card for card, text in enumerate(_TEXT[: JOKER + 1])}
"""The canonical texts, read at once (speed: decks and hands are written so)."""


def rank(card: int) -> int:
    """The rank of ``card``: ``0`` for a 2 … ``12`` for an Ace, ``13`` for a Joker (R-MAT-3)."""
    return JOKER_RANK if card >= JOKER else card % 13


def suit(card: int) -> int:
    """The suit of a ranked card (``0 … 3``); ``-1`` for a Joker, which has none."""
    return -1 if card >= JOKER else card // 13


def parse_card(token: str) -> int:
    """Read one card; raise :class:`InvalidInput` (code ``bad-card``) quoting a bad token.

    Jokers read as :data:`JOKER`; callers holding two Jokers place the second one.
    """
    text = token.strip().upper() if isinstance(token, str) else ""
    if text in _JOKER_IN:
        return JOKER
    rank_text, suit_text = text[:-1], text[-1:]
    if rank_text in _RANK_IN and suit_text in _SUIT_IN:
        return _SUIT_IN[suit_text] * 13 + _RANK_IN[rank_text]
    raise InvalidInput("bad-card", f"not a card: {token!r} (write e.g. 8H, 10S, QD, AC, JK)")


def parse_cards(tokens: Iterable[str]) -> int:
    """Read cards into a bitmask; the first Joker read takes bit 52, the second bit 53.

    Raises :class:`InvalidInput` (``duplicate-card``) for a card given twice or a third Joker.
    """
    mask = 0
    for card in parse_deck(tokens):
        mask |= 1 << card
    return mask


class Pack:
    """Reads cards one by one as parts of one pack: the first Joker read is 52, the
    second 53, and a card read twice (or a third Joker) raises :class:`InvalidInput`
    with code ``duplicate-card`` (R-MAT-1, R-MAT-4). ``used`` is the set read so far."""

    def __init__(self) -> None:
        self.used = 0

    def read(self, token: str) -> int:
        card = _CANONICAL_IN.get(token) if type(token) is str else None
        if card is None:
            card = parse_card(token)
        if card == JOKER and self.used >> JOKER & 1:
            card += 1
        if self.used >> card & 1:
            what = "a third Joker" if card > JOKER else f"card {token!r} again"
            raise InvalidInput("duplicate-card", f"{what}: each card of the pack exists once")
        self.used |= 1 << card
        return card


def parse_deck(tokens: Iterable[str]) -> list[int]:
    """Read a deck order (top card first) into card ids; the first Joker is 52, the second 53.

    >>> parse_deck(["JK", "2C", "JK"])
    [52, 0, 53]
    """
    tokens = tokens if isinstance(tokens, list) else list(tokens)
    try:  # most decks: canonical texts, each card once (read at C speed)
        cards = list(map(_CANONICAL_IN.get, tokens))
    except TypeError:  # an unhashable token: read one by one below, which names it
        cards = [None]
    jokers = cards.count(JOKER)
    if None not in cards and jokers <= 2 and len(set(cards)) == len(cards) - max(jokers - 1, 0):
        if jokers == 2:
            cards[cards.index(JOKER, cards.index(JOKER) + 1)] = JOKER + 1
        return cast("list[int]", cards)  # None is not in it
    pack = Pack()
    return [pack.read(token) for token in tokens]


def format_card(card: int) -> str:
    """The canonical text of ``card`` (``"10H"``, ``"JK"``)."""
    return _TEXT[card]


def pretty_card(card: int) -> str:
    """The card with its suit glyph (``"10♥"``, ``"🃏"``), for people."""
    return _PRETTY[card]


def iter_cards(mask: int) -> Iterator[int]:
    """The cards of ``mask`` in canonical order (by suit C D H S, then rank; Jokers last)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


T = TypeVar("T")


def _chunk_table(items: tuple[T, ...]) -> tuple[tuple[T, ...], ...]:
    """For each of the ``2 ** len(items)`` bit sets, its items in order: the sets without
    bit ``r`` come first, so the table doubles one bit at a time (no per-set loop)."""
    table: list[tuple[T, ...]] = [()]
    for item in items:
        last = (item,)
        table += [chunk + last for chunk in table]
    return tuple(table)


# Per suit, for each of the 8192 sets of ranks: the card ids and their texts (speed: one
# lookup a suit). Built at first use (~10 ms), not at import: a process that never lists
# cards (``serve`` answering ``hello``, ``generala-kit --help``) does not pay for them.
_ID_CHUNKS: tuple[tuple[tuple[int, ...], ...], ...] = ()
_TEXT_CHUNKS: tuple[tuple[tuple[str, ...], ...], ...] = ()


def _tables() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], tuple[tuple[tuple[str, ...], ...], ...]]:
    """Build the lookup tables (once) and return them: ``(_ID_CHUNKS, _TEXT_CHUNKS)``."""
    global _ID_CHUNKS, _TEXT_CHUNKS
    if not _ID_CHUNKS:
        _ID_CHUNKS = tuple(_chunk_table(tuple(range(base, base + 13))) for base in (0, 13, 26, 39))
        _TEXT_CHUNKS = tuple(_chunk_table(_TEXT[base : base + 13]) for base in (0, 13, 26, 39))
    return _ID_CHUNKS, _TEXT_CHUNKS


_JOKER_TEXTS = ((), ("JK",), ("JK",), ("JK", "JK"))


def ranked_cards(mask: int) -> list[int]:
    """The non-Joker cards of ``mask``, in canonical order.

    >>> ranked_cards(parse_cards(["AS", "2C", "JK"]))
    [0, 51]
    """
    c0, c1, c2, c3 = _ID_CHUNKS or _tables()[0]
    return [*c0[mask & 0x1FFF], *c1[mask >> 13 & 0x1FFF], *c2[mask >> 26 & 0x1FFF], *c3[mask >> 39 & 0x1FFF]]


def format_cards(mask: int) -> list[str]:
    """The canonical texts of the cards of ``mask``, in canonical order."""
    t0, t1, t2, t3 = _TEXT_CHUNKS or _tables()[1]
    low, high = mask & 0x3FFFFFF, mask >> 26  # (two small ints: the suits are cut from them at less cost)
    return [
        *t0[low & 0x1FFF],
        *t1[low >> 13],
        *t2[high & 0x1FFF],
        *t3[high >> 13 & 0x1FFF],
        *_JOKER_TEXTS[high >> 26],
    ]
