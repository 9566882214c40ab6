"""Which clause an implementation reads otherwise, told from what it showed.

The reference names the clause that decided a step (:mod:`generala_reference.cards.decisions`);
when the implementation's answer is explained by another reading of a clause the
step rests on, that clause is the one broken: a player who went out given the turn
breaks R-OUT-2, not R-FOLLOW-1; hands that hold no Joker break R-MAT-1, not the
deal's R-DEAL-1. Each function here compares the reference's game with the
implementation's answer and names such a clause, or ``None`` when the step's own
clause stands (``docs/cards-contract.md``, "Which clause a failure names").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generala_reference.cards.deck import JOKER, iter_cards, parse_card, rank, suit
from generala_reference.cards.game import Game
from generala_reference.errors import GeneralaError

Reading = tuple[str, str]
"""A clause and why the implementation's answer is read as breaking it."""

SUIT_CODES = frozenset({"must-follow-suit", "off-suit-card"})
"""The refusals of a card for its suit."""


def hands_of(state: Mapping[str, Any] | None) -> list[list[int]] | None:
    """The implementation's hands as sorted card ids (both Jokers as one), or ``None``
    when its snapshot has none it can read."""
    hands = state.get("hands") if isinstance(state, Mapping) else None
    if not isinstance(hands, list):
        return None
    try:
        return [sorted(parse_card(card) for card in hand) for hand in hands]
    except (GeneralaError, TypeError):
        return None


def reference_hands(game: Game) -> list[list[int]]:
    """The reference's hands in the form of :func:`hands_of`."""
    return [sorted(min(card, JOKER) for card in iter_cards(hand)) for hand in game.hands]


def dealt(game: Game, dealer: int, shown: list[list[int]], fresh: bool) -> Reading | None:
    """What hands just dealt break when they differ from the reference's ``game``:
    not the 54 cards (R-MAT-1); another set of players dealt in (the dealer who
    does not play, R-SERIES-4; a new series, ``fresh``, R-SERIES-8); only the odd
    cards elsewhere (R-DEAL-2); the same hands from another first receiver of a
    dealer who does not play (R-SERIES-5)."""
    expected = reference_hands(game)
    cards = sorted(card for hand in shown for card in hand)
    if cards != sorted(card for hand in expected for card in hand):
        return (
            "R-MAT-1",
            f"the hands hold {len(cards)} cards, {cards.count(JOKER)} Jokers: the pack is 52 cards and 2 Jokers",
        )
    seated = {s for s, hand in enumerate(shown) if hand}
    wanted = {s for s, hand in enumerate(expected) if hand}
    if seated != wanted:
        if dealer in seated - wanted:
            return "R-SERIES-4", "the eliminated dealer is dealt in: he does not play in the game he deals"
        if fresh and seated < wanted:
            return "R-SERIES-8", "a seat is left out of a new series: nothing carries over from the last one"
        return None
    if len(shown) != len(expected) or shown == expected:
        return None
    if all(_by_one(got, want) for got, want in zip(shown, expected, strict=True)):
        return "R-DEAL-2", "the cards of every full round are in place; the odd cards went to other players"
    if sorted(shown) == sorted(expected) and not expected[dealer]:
        return "R-SERIES-5", "the right hands reached the wrong seats: the first card goes to the next player still in"
    return None


def _by_one(got: list[int], want: list[int]) -> bool:
    """Whether two hands differ by at most one card each way."""
    return len(set(got) - set(want)) <= 1 and len(set(want) - set(got)) <= 1


def first_lead(game: Game, dealer: int) -> Reading:
    """Who leads the first trick of a game just dealt: the player on the dealer's
    right (R-LEAD-1), the next player still in when the dealer does not play (R-SERIES-5)."""
    if not game.hands[dealer]:
        return "R-SERIES-5", "the dealer does not play: the next player after him still in leads"
    return "R-LEAD-1", "the player on the dealer's right leads the first trick"


def follower(game: Game, to_move: Any) -> Reading | None:
    """Whose turn it is in a trick under way when the implementation says ``to_move``:
    a player who went out (R-OUT-2), the player before the last one (R-MAT-5)."""
    if not game.trick or type(to_move) is not int or not 0 <= to_move < game.n or to_move == game.to_move:
        return None
    if not game.hands[to_move]:
        return "R-OUT-2", f"P{to_move + 1} has no card left: he is skipped"
    last = game.trick[-1][0]
    q = (last - 1) % game.n
    while q != last and not game.hands[q]:
        q = (q - 1) % game.n
    if q == to_move:
        return "R-MAT-5", "the turn went clockwise: play goes counter-clockwise, to the right"
    return None


def suit_after_joker(game: Game, code: str | None, legal: Sequence[str] | None) -> Reading | None:
    """A card refused (or left out of the legal moves) for its suit in a trick led by a
    Joker, where any card may be played: the implementation follows a later card (R-FOLLOW-3)."""
    if not game.trick or game.trick[0][1] < JOKER or len(game.trick) < 2:
        return None
    suits = {suit(card) for _, card in game.trick[1:] if card < JOKER}
    if code in SUIT_CODES:
        return "R-FOLLOW-3", "the suit to follow is the first card's; after a Joker lead there is none"
    try:
        shown = {suit(parse_card(text)) for text in legal or () if text != "decline"}
    except GeneralaError:
        return None
    if len(shown) == 1 and shown <= suits:
        return "R-FOLLOW-3", "the moves follow a card played after the Joker lead: the suit is the first card's"
    return None


def off_suit_after_joker(game: Game, code: str) -> Reading | None:
    """An off-suit card accepted after a follower's Joker: the Joker changed the suit (R-JOKER-2)."""
    if code in SUIT_CODES and game.follow_mask and any(card >= JOKER for _, card in game.trick[1:]):
        return "R-JOKER-2", "a Joker played after the lead does not change the suit to follow"
    return None


def winner(trick: Sequence[tuple[int, int]], expected: int, shown: Any) -> Reading | None:
    """A follower's Joker that did not win its trick for another card than an Ace: the
    implementation does not count a Joker played after the lead (R-TRICK-1)."""
    cards = dict(trick)
    joker = cards.get(expected, -1) >= JOKER and trick[0][0] != expected
    theirs = cards.get(shown, JOKER) if type(shown) is int else JOKER
    if joker and theirs < JOKER and rank(theirs) != 12:
        return "R-TRICK-1", "the first Joker played to a trick wins it, also when a follower plays it"
    return None


def unexpected(kind: Any, loser: bool) -> Reading | None:
    """An event the rulebook does not make here: a champion while several players are
    left (R-SERIES-3), an elimination after a game with no loser (R-SERIES-2)."""
    if kind == "champion":
        return "R-SERIES-3", "the champion is the last player left, when all the others are eliminated"
    if kind == "eliminated" and not loser:
        return "R-SERIES-2", "after a game with no loser every player stays"
    return None
