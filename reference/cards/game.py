"""One game of Générala as a small state machine: ``legal_actions``, ``apply``, ``is_over``.

Seats are ``0 … n-1`` in play order (seat ``i + 1`` is "to the right of" seat
``i``, R-MAT-5). Hands are bitmasks (:mod:`generala_reference.cards.deck`). Actions are
small ints (:mod:`generala_reference.cards.actions`); events are tuples
(:mod:`generala_reference.cards.events`).

>>> game = Game.from_deal(players=4, dealer=0, seed=7)
>>> game.to_move, len(game.legal_actions())   # P2 must lead his last card dealt (R-LEAD-2)
(1, 1)
>>> events = game.apply(game.legal_actions()[0])
>>> events[0][0]
'play'
"""

from __future__ import annotations

from collections.abc import Sequence

from generala_reference.cards.actions import DECLINE, JOKER_ACTION, TAKE_BASE, cards_as_actions
from generala_reference.cards.deck import (
    JOKER,
    JOKERS,
    SUIT_MASKS,
    format_card,
    rank,
    ranked_cards,
)
from generala_reference.cards.events import Event
from generala_reference.cards.rules import DEFAULT, Rules
from generala_reference.errors import IllegalAction, InvalidPosition

PLAY, TAKE, OVER = 0, 1, 2
_EVERY_CARD = frozenset(range(54))
_BITS = tuple(1 << card for card in range(54))
"""The bit of each card (distinct bits: their sum is their union)."""
PHASES = ("play", "take", "over")


class Game:
    """The state of one game, changed only by :meth:`apply`.

    Attributes are public for reading; change them only through :meth:`apply`.
    """

    __slots__ = (
        "best",
        "best_card",
        "dealt",
        "follow_mask",
        "forced",
        "hands",
        "holders",
        "last_player",
        "leader",
        "loser",
        "n",
        "out_of_play",
        "out_this_trick",
        "phase",
        "rules",
        "to_move",
        "trick",
        "trick_mask",
        "went_out",
    )

    def __init__(self, n: int, rules: Rules = DEFAULT) -> None:
        self.n = n
        self.rules = rules
        self.hands = [0] * n
        self.out_of_play = 0
        self.trick: list[tuple[int, int]] = []
        self.trick_mask = 0
        self.follow_mask = 0
        self.best = -1
        self.best_card = -1
        self.leader = 0
        self.to_move = 0
        self.phase = PLAY
        self.forced = -1
        self.holders = 0
        self.went_out: list[int] = []
        self.out_this_trick = 0
        self.last_player = -1
        self.loser: int | None = None
        self.dealt = n

    # ------------------------------------------------------------------ set-up

    @classmethod
    def from_deal(
        cls,
        players: int,
        dealer: int,
        deck: Sequence[int] | None = None,
        *,
        seed: int | None = None,
        rules: Rules = DEFAULT,
        seated: Sequence[int] | None = None,
    ) -> Game:
        """Deal a new game (R-DEAL-1): every card, one at a time, from the
        dealer's right, to the ``seated`` players (default: all ``players``).

        ``deck`` is the 54-card order, top card first (card ids, Jokers 52 and 53);
        without it the deck is shuffled with ``random.Random(seed)``. The dealer
        need not be seated (R-SERIES-5). The player on the dealer's right leads;
        under ``first-lead: forced-last-dealt`` he must lead the last card dealt
        to him (R-LEAD-1, R-LEAD-2).
        """
        if not 2 <= players <= 10:
            raise InvalidPosition("bad-players", f"a game has 2 to 10 players, not {players} (R-MAT-2)")
        if not 0 <= dealer < players:
            raise InvalidPosition("bad-dealer", f"dealer {dealer} is not a seat of 0..{players - 1}")
        seats = sorted(set(range(players) if seated is None else seated))
        if len(seats) < 2 or not all(0 <= s < players for s in seats) or len(seats) != len(seated or seats):
            raise InvalidPosition("bad-seated", f"seated must name at least 2 distinct seats of 0..{players - 1}")
        if deck is None:
            order = list(range(54))
            import random  # here: serve's start-up shuffles nothing

            random.Random(seed).shuffle(order)
            deck = order
        elif len(deck) != 54 or set(deck) != _EVERY_CARD:
            raise InvalidPosition("bad-deck", "a deck must hold each of the 54 cards exactly once (R-MAT-1)")
        receivers = [s for s in range(dealer + 1, dealer + 1 + players) if s % players in seats]
        receivers = [s % players for s in receivers]
        game = cls(players, rules)
        m = len(receivers)
        for k, seat in enumerate(receivers):  # the k-th receiver gets every m-th card from the k-th
            game.hands[seat] = sum(map(_BITS.__getitem__, deck[k::m]))
        game.leader = game.to_move = receivers[0]
        game.holders = m
        game.dealt = m
        if rules.forced_first_lead:
            game.forced = deck[(53 // m) * m]
        return game

    def copy(self) -> Game:
        """An independent copy (for search: perft, fuzzing, trying a move)."""
        other = object.__new__(type(self))
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands.copy()
        other.trick = self.trick.copy()
        other.went_out = self.went_out.copy()
        return other

    # ---------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R-END-1)."""
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        """The legal actions of the player to move, as action ints (empty when over)."""
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[self.to_move]
            if not self.trick:
                if self.forced >= 0:  # R-LEAD-2
                    return [min(self.forced, JOKER_ACTION)]
                return cards_as_actions(hand)  # R-LEAD-3
            follow = self.follow_mask
            if not follow:  # a Joker was led: any card (R-JOKER-3)
                return cards_as_actions(hand)
            same = hand & follow
            if same:  # R-FOLLOW-2, R-FOLLOW-4
                return cards_as_actions(same)
            return [JOKER_ACTION, DECLINE] if hand & JOKERS else [DECLINE]  # R-FOLLOW-5
        if phase == TAKE:  # R-DECL-2, R-DECL-3
            return [TAKE_BASE + c for c in ranked_cards(self.trick_mask)]
        return []

    def holding(self) -> list[int]:
        """The seats that still hold cards, in seat order."""
        return [p for p in range(self.n) if self.hands[p]]

    # ----------------------------------------------------------------- moves

    def apply(self, action: int, player: int | None = None) -> list[Event]:
        """Apply ``action`` for the player to move and return the events it caused.

        ``player``, when given, must be the player to move (``not-your-turn``).
        An illegal action raises :class:`IllegalAction` with a reason code and
        changes nothing.
        """
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("game-over", "the game is over")
        p = self.to_move
        if player is not None and player != p:
            raise IllegalAction("not-your-turn", f"P{p + 1} is to move, not P{player + 1}")
        if action >= TAKE_BASE:
            if action > TAKE_BASE + JOKER:
                raise IllegalAction("bad-action", f"no action has the number {action}")
            return self._take(p, action - TAKE_BASE)
        if phase == TAKE:
            raise IllegalAction("must-take", f"P{p + 1} declined and must take a card of the trick (R-DECL-2)")
        if action == DECLINE:
            return self._decline(p)
        if action < 0:
            raise IllegalAction("bad-action", f"no action has the number {action}")
        return self._play(p, action)

    def _play(self, p: int, action: int) -> list[Event]:
        """Lead or follow with a card (R-LEAD-*, R-FOLLOW-*, R-JOKER-*, R-OUT-*)."""
        hand = self.hands[p]
        card = action if action != JOKER_ACTION else JOKER + (not hand >> JOKER & 1)
        if not hand >> card & 1:
            raise IllegalAction("card-not-in-hand", f"P{p + 1} does not hold {format_card(card)}")
        trick = self.trick
        if not trick:
            forced = self.forced
            if forced >= 0 and min(forced, JOKER_ACTION) != action:
                raise IllegalAction(
                    "forced-first-lead",
                    f"the first lead must be {format_card(forced)}, the last card dealt to P{p + 1} (R-LEAD-2)",
                )
            self.forced = -1
            self.leader = p
            self.follow_mask = 0 if card >= JOKER else SUIT_MASKS[card // 13]
            self.best, self.best_card = p, card
            self.out_this_trick = 0
        else:
            follow = self.follow_mask
            if follow and not follow >> card & 1:
                _refuse_off_suit(p, card, hand & follow)
            best_card = self.best_card
            if best_card < JOKER and card > best_card:  # R-TRICK-1, R-JOKER-1, R-JOKER-4
                self.best, self.best_card = p, card
        hand ^= 1 << card
        self.hands[p] = hand
        trick.append((p, card))
        self.trick_mask |= 1 << card
        self.last_player = p
        events: list[Event] = [("play", p, card)]
        if not hand:  # R-OUT-1
            self.holders -= 1
            self.went_out.append(p)
            self.out_this_trick += 1
            events.append(("out", p))
            if self.rules.end_each_card and self.holders <= 1:  # end-check: each-card
                self._finish(events, self._sole_holder())
                return events
        n, hands, leader = self.n, self.hands, self.leader
        q = (p + 1) % n
        while q != leader and not hands[q]:  # R-OUT-2
            q = (q + 1) % n
        if q == leader:
            self._end_trick(events, complete=True, taker=-1)
        else:
            self.to_move = q
        return events

    def _decline(self, p: int) -> list[Event]:
        """Decline to play: only a player void in the led suit, in a trick not led
        by a Joker (R-FOLLOW-4, R-FOLLOW-5, R-JOKER-3, R-LEAD-3)."""
        if not self.trick:
            raise IllegalAction("cannot-decline", "the leader must lead a card (R-LEAD-3)")
        if not self.follow_mask:
            raise IllegalAction("cannot-decline", "nobody may decline a trick led by a Joker (R-JOKER-3)")
        if self.hands[p] & self.follow_mask:
            raise IllegalAction("cannot-decline", f"P{p + 1} holds the led suit and must follow (R-FOLLOW-4)")
        self.phase = TAKE
        return [("decline", p)]

    def _take(self, p: int, card: int) -> list[Event]:
        """Take one non-Joker card of the trick; the trick ends (R-DECL-1 … R-DECL-4)."""
        if self.phase != TAKE:
            raise IllegalAction("no-take-pending", "only a player who declined takes a card (R-DECL-2)")
        if card >= JOKER:
            raise IllegalAction("cannot-take-joker", "a Joker may not be taken (R-DECL-3)")
        if not self.trick_mask >> card & 1:
            raise IllegalAction("card-not-in-trick", f"{format_card(card)} is not in the trick")
        self.hands[p] |= 1 << card
        self.trick_mask ^= 1 << card
        events: list[Event] = [("take", p, card)]
        self._end_trick(events, complete=False, taker=p)
        return events

    # ------------------------------------------------------------ trick end

    def _end_trick(self, events: list[Event], complete: bool, taker: int) -> None:
        """Turn the trick down (R-TRICK-2, R-DECL-4), end the game or name the next leader."""
        self.out_of_play |= self.trick_mask
        events.append(("trick", self.best, complete))
        holders = self.holders
        two_or_more = self.rules.no_loser_two_or_more and self.out_this_trick >= 2
        if holders <= 1 or two_or_more:
            loser = self._loser_at_trick_end(holders, two_or_more)
            self._clear_trick()
            self._finish(events, loser)
            return
        leader, why = self._next_leader(taker)
        self._clear_trick()
        self.leader = self.to_move = leader
        self.phase = PLAY
        events.append(("lead", leader, why))

    def _clear_trick(self) -> None:
        self.trick = []
        self.trick_mask = 0
        self.follow_mask = 0

    def _loser_at_trick_end(self, holders: int, two_or_more: bool) -> int | None:
        """Who loses when the game ends at the end of a trick (R-END-1, R-END-3, R-END-4)."""
        if holders == 0 and self.dealt == 2 and self.rules.two_player_tie_loses:
            return self.last_player
        if two_or_more:
            return None
        return self._sole_holder()

    def _sole_holder(self) -> int | None:
        """The one player still holding cards, or ``None`` when nobody does."""
        holding = self.holding()
        return holding[0] if len(holding) == 1 else None

    def _next_leader(self, taker: int) -> tuple[int, str]:
        """Who leads the next trick, and why (R-NEXT-1 … R-NEXT-6)."""
        hands = self.hands
        if hands[self.best]:  # R-NEXT-1, R-NEXT-2
            return self.best, "winner"
        top = -1
        tied: list[int] = []
        for player, card in self.trick:  # R-NEXT-3, R-NEXT-6: the first Joker's player is out
            if hands[player]:
                r = rank(card)
                if r > top:
                    top, tied = r, [player]
                elif r == top:
                    tied.append(player)
        if not tied:  # R-NEXT-5
            return taker, "taker"
        if len(tied) == 1:
            return tied[0], "highest-remaining"
        n, leader = self.n, self.leader
        if self.rules.tie_any:  # tie-break: any-nearest
            q = (leader + 1) % n
            while not hands[q]:
                q = (q + 1) % n
            return q, "tie-break"
        return min(tied, key=lambda q: (q - leader - 1) % n), "tie-break"  # R-NEXT-4

    def _finish(self, events: list[Event], loser: int | None) -> None:
        """End the game (R-END-1)."""
        self.phase = OVER
        self.to_move = -1
        self.loser = loser
        events.append(("game-over", loser))


def _refuse_off_suit(p: int, card: int, holds_led: int) -> None:
    """Raise the reason a card outside the led suit is refused (R-FOLLOW-2, -4, -5)."""
    if holds_led:
        if card >= JOKER:
            raise IllegalAction("joker-only-when-void", f"P{p + 1} holds the led suit: no Joker (R-FOLLOW-4)")
        raise IllegalAction("must-follow-suit", f"P{p + 1} holds the led suit and must follow it (R-FOLLOW-2)")
    if card < JOKER:
        raise IllegalAction(
            "off-suit-card",
            f"P{p + 1} is void in the led suit: a Joker or decline, not {format_card(card)} (R-FOLLOW-5)",
        )
