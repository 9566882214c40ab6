"""Deliberately broken engines: each a small subclass of the reference :class:`Game`
(or :class:`Series`) that violates exactly ONE clause, the way a real implementer
might, so that the kit's tools (check, fuzz, fixtures) can be shown to catch it.
Put one behind the usual adapter with ``ReferenceAdapter(game_class=cls)`` (see
:func:`adapter_for`).

``BROKEN`` maps a name to a :class:`Broken`: the clause it breaks and the
classes to put behind the adapter. Each engine also has a zero-argument
factory named after it (``second_joker_wins_adapter``), for
``generala-kit check --adapter tests/broken_engines.py:second_joker_wins_adapter``.

Every clause of ``spec/cards/clauses.yaml`` is broken by some engine here (several by more
than one: each rule option's non-default value is also ignored by one engine), or
listed in ``UNBREAKABLE`` with the reason no engine can break it alone. The engines
are in clause order, then the later additions (series stages, R-SERIES-5 … -9).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar, NamedTuple

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest, Json, Refused
from generala_conformance.transport.declared import SERIES_NOT_SUPPORTED
from generala_reference.cards.actions import DECLINE, JOKER_ACTION, TAKE_BASE, cards_as_actions
from generala_reference.cards.deck import JOKER, JOKERS, SUIT_MASKS, format_card, rank, ranked_cards
from generala_reference.cards.game import PLAY, TAKE, Game
from generala_reference.cards.position import _build
from generala_reference.cards.rules import DEFAULT, Rules
from generala_reference.cards.series import Series
from generala_reference.errors import IllegalAction, InvalidPosition
from generala_spec.options import options


def _holds_led_suit(game: Game) -> bool:
    """Whether the player to move could follow the led suit."""
    return bool(game.trick and game.hands[game.to_move] & game.follow_mask)


def _deck(deck: Sequence[int] | None, seed: int | None) -> list[int]:
    """The deck a deal uses: ``deck``, or the reference's shuffle of ``seed``."""
    if deck is not None:
        return list(deck)
    order = list(range(54))
    random.Random(seed).shuffle(order)
    return order


def _receivers(players: int, dealer: int, seated: Sequence[int] | None) -> list[int]:
    """The seated players in the order they are served, from the dealer's right."""
    seats = set(range(players) if seated is None else seated)
    return [s % players for s in range(dealer + 1, dealer + 1 + players) if s % players in seats]


def _next_holder(game: Game, p: int, step: int = 1) -> int:
    """The next seat after ``p`` (``step`` = -1: before it) that holds cards, or ``p``."""
    q = (p + step) % game.n
    while q != p and not game.hands[q]:
        q = (q + step) % game.n
    return q


def _playing_default(rules: Rules, option: str) -> Rules:
    """``rules`` as given and reported, but playing the default value of ``option``."""
    played = Rules(dict(rules.options, **{option: options()[option].default}), rules.profile)
    played.options = rules.options
    return played


class _IgnoresOption(Game):
    """A game that reports every rule option it is given but always plays the default of :attr:`option`."""

    option = ""

    def __init__(self, n: int, rules: Rules = DEFAULT) -> None:
        super().__init__(n, _playing_default(rules, self.option))


class _SeriesIgnoresOption(Series):
    """A series that reports every rule option it is given but always plays the default of :attr:`option`."""

    option = ""

    def __init__(self, players: int, dealer: int, deck: Sequence[int] | None = None, **kwargs: Any) -> None:
        kwargs["rules"] = _playing_default(kwargs.get("rules", DEFAULT), self.option)
        super().__init__(players, dealer, deck, **kwargs)


class _Redealt(Game):
    """A game whose deal goes through :meth:`rearrange` (dealer and seated players) first
    and :meth:`redeal` (a change to the dealt hands or the first lead) after."""

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
        dealer, seated = cls.rearrange(players, dealer, seated)
        order = _deck(deck, seed)
        game = super().from_deal(players, dealer, order, rules=rules, seated=seated)
        cls.redeal(game, dealer, order, _receivers(players, dealer, seated))
        return game

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        """The dealer and seated players actually used."""
        return dealer, seated

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        """Change the game just dealt from ``deck`` to ``receivers`` (in the order they were served)."""


class JokersLeftOut(_Redealt):
    """R-MAT-1 broken: the Jokers are set aside and only the 52-card pack is dealt."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        pack = [c for c in deck if c < JOKER]
        m = len(receivers)
        game.hands = [0] * game.n
        for k, card in enumerate(pack):
            game.hands[receivers[k % m]] |= 1 << card
        if game.rules.forced_first_lead:
            game.forced = pack[51 // m * m]


class TenPlayersRefused(_Redealt):
    """R-MAT-2 broken (an off-by-one): a deal to 10 players is refused."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        if players == 10:
            raise InvalidPosition("bad-players", "a game has 2 to 9 players")
        return dealer, seated


class AceLow(Game):
    """R-MAT-3 broken: the Ace ranks below the 2 when the trick's winner is decided."""

    def _end_trick(self, events: list[tuple], complete: bool, taker: int) -> None:
        jokers = [(p, c) for p, c in self.trick if c >= JOKER]
        if not jokers:
            led = self.trick[0][1] // 13
            in_suit = [(p, c) for p, c in self.trick if c // 13 == led]
            self.best, self.best_card = max(in_suit, key=lambda pc: (pc[1] % 13 + 1) % 13)
        super()._end_trick(events, complete, taker)


class SuitOrderBreaksTies(Game):
    """R-MAT-3 broken: suits are ranked (clubs, diamonds, hearts, spades, as in bridge): when
    remaining players tie for the next lead, the higher suit leads."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        leader, why = super()._next_leader(taker)
        if why != "tie-break" or self.rules.tie_any:
            return leader, why
        holding = [(rank(c), c // 13, p) for p, c in self.trick if self.hands[p]]
        return max(holding)[2], why


class JokersRanked(Game):
    """R-MAT-4 broken: the two Jokers are told apart and the "second" Joker card outranks the first."""

    def _play(self, p: int, action: int) -> list[tuple]:
        hand = self.hands[p]
        legal = hand >> (JOKER + 1) & 1 and not hand >> JOKER & 1 and not hand & self.follow_mask
        if action == JOKER_ACTION and self.trick and self.best_card == JOKER and legal:
            self.best_card = -1  # JK number two beats JK number one
        return super()._play(p, action)


class ClockwisePlay(Game):
    """R-MAT-5 broken: play goes clockwise: after each card the seat to the LEFT plays (p - 1)."""

    def _play(self, p: int, action: int) -> list[tuple]:
        leading = not self.trick
        leader = self.leader
        card = action if action != JOKER_ACTION else JOKER + (not self.hands[p] >> JOKER & 1)
        last = self.holders == 1 and self.hands[p] == 1 << card
        if not leading and not last:
            self.leader = -1  # the reference's turn order then stops at the next holder, no trick end
        try:
            events = super()._play(p, action)
        finally:
            if not leading:
                self.leader = leader
        if last or self.phase != PLAY or not self.trick:
            return events
        q = (p - 1) % self.n
        while q != self.leader and not self.hands[q]:
            q = (q - 1) % self.n
        if q == self.leader:
            self._end_trick(events, complete=True, taker=-1)
        else:
            self.to_move = q
        return events


class DealFromDealer(_Redealt):
    """R-DEAL-1 broken: the deal (and so the first lead) starts at the dealer, not at his right."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        return (dealer - 1) % players, seated


class DealInPackets(_Redealt):
    """R-DEAL-1 broken: the cards are dealt in packets, each player's whole share at once, not one at a time."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        m, start = len(receivers), 0
        for i, p in enumerate(receivers):
            share = 54 // m + (i < 54 % m)
            game.hands[p] = sum(1 << c for c in deck[start : start + share])
            start += share
        if game.rules.forced_first_lead:
            game.forced = deck[54 // m + (54 % m > 0) - 1]


class ExtraCardsToLastServed(_Redealt):
    """R-DEAL-2 broken: when 54 does not divide evenly, the players served LAST get the extra cards."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        m = len(receivers)
        full = 54 // m * m
        for k, card in enumerate(deck[full:]):
            game.hands[receivers[k]] ^= 1 << card
            game.hands[receivers[m - (54 - full) + k]] |= 1 << card
        if game.rules.forced_first_lead and full < 54:
            game.forced = deck[full - m]


class FirstDealerFixed(Series):
    """R-DEAL-3 broken: only the first seat (P1) may deal the first game of a series."""

    def __init__(self, players: int, dealer: int, *args: Any, **kwargs: Any) -> None:
        if dealer != 0:
            raise InvalidPosition("bad-dealer", "P1 deals the first game of a series")
        super().__init__(players, dealer, *args, **kwargs)


class DealerLeadsFirst(_Redealt):
    """R-LEAD-1 broken: the dealer (when he plays) leads the first trick, with the last card dealt to him."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        if receivers[-1] == dealer:
            game.leader = game.to_move = dealer
            if game.rules.forced_first_lead:
                m = len(receivers)
                game.forced = deck[(54 - m) // m * m + m - 1]


class ForcedLeadIgnored(Game):
    """R-LEAD-2 broken: the first leader may lead any card, not only the last card dealt to him."""

    def legal_actions(self) -> list[int]:
        if self.phase == PLAY and not self.trick and self.forced >= 0:
            return cards_as_actions(self.hands[self.to_move])
        return super().legal_actions()

    def _play(self, p: int, action: int) -> list[tuple]:
        self.forced = -1
        return super()._play(p, action)


class ForcedEvenWhenFree(_Redealt):
    """R-LEAD-2 broken: the last card dealt to the first leader is forced even under ``first-lead: free``."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        game.forced = deck[53 // len(receivers) * len(receivers)]


class FirstCardDealtLeads(_Redealt):
    """R-LEAD-2 broken: the first leader must lead the FIRST card dealt to him, not the last."""

    @classmethod
    def redeal(cls, game: Game, dealer: int, deck: list[int], receivers: list[int]) -> None:
        if game.rules.forced_first_lead:
            game.forced = deck[0]


class NoJokerLead(Game):
    """R-LEAD-3 broken: a leader who holds another card may not lead a Joker."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == PLAY and not self.trick and len(actions) > 1:
            actions = [a for a in actions if a != JOKER_ACTION]
        return actions

    def _play(self, p: int, action: int) -> list[tuple]:
        if not self.trick and action == JOKER_ACTION and self.forced < 0 and self.hands[p] & ~JOKERS:
            raise IllegalAction("cannot-lead-joker", "a Joker may not be led")
        return super()._play(p, action)


class LeaderMayPass(Game):
    """R-LEAD-3 broken: a leader (apart from the first lead) may pass; the next player holding cards leads."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == PLAY and not self.trick and self.forced < 0:
            actions.append(DECLINE)
        return actions

    def _decline(self, p: int) -> list[tuple]:
        if self.trick or self.forced >= 0:
            return super()._decline(p)
        self.leader = self.to_move = _next_holder(self, p)
        return [("decline", p)]


class LastFollowerSkipped(Game):
    """R-FOLLOW-1 broken (an off-by-one): the trick is complete before the last follower plays."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.phase == PLAY and self.trick and _next_holder(self, self.to_move) == self.leader:
            self._end_trick(events, complete=True, taker=-1)
        return events


class MustBeat(Game):
    """R-FOLLOW-2 broken: a follower holding a higher card of the led suit must beat the trick."""

    def _beaters(self) -> int:
        if self.phase != PLAY or not self.trick or self.best_card >= JOKER:
            return 0
        return self.hands[self.to_move] & self.follow_mask & ~((2 << self.best_card) - 1)

    def legal_actions(self) -> list[int]:
        beaters = self._beaters()
        return cards_as_actions(beaters) if beaters else super().legal_actions()

    def _play(self, p: int, action: int) -> list[tuple]:
        beaters = self._beaters()
        if beaters and not beaters >> action & 1:
            raise IllegalAction("must-beat", f"P{p + 1} must beat the trick")
        return super()._play(p, action)


class PreviousCardSuit(Game):
    """R-FOLLOW-3 broken: the suit to follow is the suit of the previous card, not the first:
    after a Joker lead, the next players must follow the first ranked card played."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.trick and action < JOKER:
            self.follow_mask = SUIT_MASKS[action // 13]
        return events


class JokerWhileHoldingSuit(Game):
    """R-FOLLOW-4 broken: a player holding the led suit may play a Joker."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == PLAY and _holds_led_suit(self) and self.hands[self.to_move] & JOKERS:
            actions.append(JOKER_ACTION)
        return actions

    def _play(self, p: int, action: int) -> list[tuple]:
        follow = self.follow_mask
        if action != JOKER_ACTION or not _holds_led_suit(self):
            return super()._play(p, action)
        self.follow_mask = 0  # let the Joker through; the led suit is restored below
        try:
            return super()._play(p, action)
        finally:
            if self.trick:
                self.follow_mask = follow


class DeclineWhileHoldingSuit(Game):
    """R-FOLLOW-4 broken: a player holding the led suit may decline."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == PLAY and _holds_led_suit(self) and self.follow_mask:
            actions.append(DECLINE)
        return actions

    def _decline(self, p: int) -> list[tuple]:
        if self.trick and self.follow_mask:
            self.phase = TAKE
            return [("decline", p)]
        return super()._decline(p)


class VoidMayDiscard(Game):
    """R-FOLLOW-5 broken: a player void in the led suit may discard a card of another suit
    (which cannot win the trick), as in most trick-taking games."""

    def _discarding(self, p: int) -> bool:
        return bool(self.phase == PLAY and self.trick and self.follow_mask and not self.hands[p] & self.follow_mask)

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self._discarding(self.to_move):
            actions += cards_as_actions(self.hands[self.to_move] & ~JOKERS)
        return actions

    def _play(self, p: int, action: int) -> list[tuple]:
        if action >= JOKER or not self._discarding(p) or not self.hands[p] >> action & 1:
            return super()._play(p, action)
        follow, best = self.follow_mask, (self.best, self.best_card)
        self.follow_mask, self.best_card = 0, JOKER  # let the card through; it beats nothing
        events = super()._play(p, action)
        if self.trick:
            self.follow_mask, (self.best, self.best_card) = follow, best
        return events


class AceBeatsFollowerJoker(Game):
    """R-JOKER-1 broken: an Ace of the led suit played after a Joker (not led) beats it."""

    def _play(self, p: int, action: int) -> list[tuple]:
        follows = self.follow_mask >> action & 1 and self.hands[p] >> action & 1
        if self.trick and follows and self.best_card >= JOKER and rank(action) == 12:
            self.best_card = -1  # legal for sure (he follows suit): the Ace now beats the Joker
        return super()._play(p, action)


class JokerChangesSuit(Game):
    """R-JOKER-2 broken: after a Joker played to a trick, the later players may play any card, as after a Joker lead."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.trick and action == JOKER_ACTION:
            self.follow_mask = 0
        return events


class DeclineJokerLead(Game):
    """R-JOKER-3 broken: a player may decline a trick led by a Joker."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == PLAY and self.trick and not self.follow_mask:
            actions.append(DECLINE)
        return actions

    def _decline(self, p: int) -> list[tuple]:
        if self.trick and not self.follow_mask:
            self.phase = TAKE
            return [("decline", p)]
        return super()._decline(p)


class SecondJokerWins(Game):
    """R-JOKER-4 broken: of two Jokers in a trick, the second one played wins."""

    def _play(self, p: int, action: int) -> list[tuple]:
        if action == JOKER_ACTION and self.trick and self.best_card >= JOKER:
            self.best_card = -1  # the second Joker now beats the first
        return super()._play(p, action)


class FollowersPlayAfterDecline(Game):
    """R-DECL-1 broken: after a decline and a take, the players after the decliner still play."""

    def _take(self, p: int, card: int) -> list[tuple]:
        if self.phase != TAKE or card >= JOKER or not self.trick_mask >> card & 1:
            return super()._take(p, card)
        q = (p + 1) % self.n
        while q != self.leader and not self.hands[q]:
            q = (q + 1) % self.n
        if q == self.leader:
            return super()._take(p, card)
        self.hands[p] |= 1 << card
        self.trick_mask ^= 1 << card
        self.phase = PLAY
        self.to_move = q
        return [("take", p, card)]


class MustTakeHighest(Game):
    """R-DECL-2 broken: the player who declined must take the highest card he may take, not one of his choice."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        return actions[:1] if self.phase == TAKE else actions

    def _take(self, p: int, card: int) -> list[tuple]:
        if self.phase == TAKE and card < JOKER and self.trick_mask >> card & 1:
            top = ranked_cards(self.trick_mask & ~JOKERS)[0]
            if card != top:
                raise IllegalAction("must-take-highest", f"P{p + 1} must take {format_card(top)}")
        return super()._take(p, card)


class DeclinerTakesNothing(Game):
    """R-DECL-2 broken: the player who declines takes no card; the trick is turned down at once."""

    def _decline(self, p: int) -> list[tuple]:
        events = super()._decline(p)
        self._end_trick(events, complete=False, taker=p)
        return events


class TakeJoker(Game):
    """R-DECL-3 broken: the player who declined may take a Joker."""

    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        if self.phase == TAKE and self.trick_mask & JOKERS:
            actions.append(TAKE_BASE + JOKER)
        return actions

    def _take(self, p: int, card: int) -> list[tuple]:
        if self.phase != TAKE or card < JOKER or not self.trick_mask & JOKERS:
            return super()._take(p, card)
        card = JOKER if self.trick_mask >> JOKER & 1 else JOKER + 1
        self.hands[p] |= 1 << card
        self.trick_mask ^= 1 << card
        events: list[tuple] = [("take", p, card)]
        self._end_trick(events, complete=False, taker=p)
        return events


class TakenCardOutOfPlay(Game):
    """R-DECL-4 broken: the taken card is turned down with the rest instead of joining the taker's hand."""

    def _take(self, p: int, card: int) -> list[tuple]:
        events = super()._take(p, card)
        self.hands[p] &= ~(1 << card)
        self.out_of_play |= 1 << card
        return events


class TakenCardAlsoOutOfPlay(Game):
    """R-DECL-4 broken: the taken card joins the taker's hand but is also counted out of play."""

    def _take(self, p: int, card: int) -> list[tuple]:
        events = super()._take(p, card)
        self.out_of_play |= 1 << card
        return events


class FollowerJokerLoses(Game):
    """R-TRICK-1 broken: a Joker played after the lead does not win the trick."""

    def _play(self, p: int, action: int) -> list[tuple]:
        if action != JOKER_ACTION or not self.trick or self.best_card >= JOKER:
            return super()._play(p, action)
        best = self.best, self.best_card
        self.best_card = JOKER  # nothing beats the current best during this play
        events = super()._play(p, action)
        if self.trick:
            self.best, self.best_card = best
        return events


class WinnerGathersTrick(Game):
    """R-TRICK-2 broken: the winner of a complete trick takes its cards into his hand."""

    def _end_trick(self, events: list[tuple], complete: bool, taker: int) -> None:
        if complete and self.hands[self.best]:
            self.hands[self.best] |= self.trick_mask
            self.trick_mask = 0
        super()._end_trick(events, complete, taker)


class CompleteTrickStaysInPlay(Game):
    """R-TRICK-2 broken: the cards of a complete trick are cleared away but never counted out of play."""

    def _end_trick(self, events: list[tuple], complete: bool, taker: int) -> None:
        trick = self.trick_mask if complete else 0
        super()._end_trick(events, complete, taker)
        self.out_of_play &= ~trick


class LeaderKeepsLead(Game):
    """R-NEXT-1 broken: the leader of a trick leads the next one too, while he holds cards."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        if self.hands[self.leader]:
            return self.leader, "winner"
        return super()._next_leader(taker)


class TakerLeads(Game):
    """R-NEXT-1 broken: after a trick ended by a decline, the player who declined and took a card leads."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        if taker >= 0:
            return taker, "taker"
        return super()._next_leader(taker)


class TakenCardLosesLead(Game):
    """R-NEXT-2 broken: when the highest card was taken, the highest card left in the trick leads."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        if taker < 0 or self.trick_mask >> self.best_card & 1:
            return super()._next_leader(taker)
        left = [(p, c) for p, c in self.trick if self.trick_mask >> c & 1]
        jokers = [p for p, c in left if c >= JOKER]
        in_suit = [(c, p) for p, c in left if self.follow_mask >> c & 1]
        if not jokers and not in_suit:
            return super()._next_leader(taker)
        player = jokers[0] if jokers else max(in_suit)[1]
        return (player, "winner") if self.hands[player] else super()._next_leader(taker)


class OutWinnerKeepsLead(Game):
    """R-NEXT-3 broken: the trick's winner leads next even when he has gone out."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        return self.best, "winner"


class NextAfterOutWinner(Game):
    """R-NEXT-3 broken: when the trick's winner has gone out, the next player after him who holds cards leads."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        if self.hands[self.best]:
            return super()._next_leader(taker)
        return _next_holder(self, self.best), "highest-remaining"


class TieBreakWrongWay(Game):
    """R-NEXT-4 broken: tied players are counted from the previous leader to his LEFT."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        leader, why = super()._next_leader(taker)
        if why != "tie-break" or self.rules.tie_any:
            return leader, why
        holding = [(p, rank(c)) for p, c in self.trick if self.hands[p]]
        top = max(r for _, r in holding)
        tied = [p for p, r in holding if r == top]
        return min(tied, key=lambda q: (self.leader - q - 1) % self.n), why


class TieBreakOptionIgnored(_IgnoresOption):
    """R-NEXT-4 broken: ties always go to the tied player nearest the previous leader, whatever ``tie-break`` says."""

    option = "tie-break"


class AllOutLeadPassesOn(Game):
    """R-NEXT-5 broken: when nobody who played to a declined trick holds a card, the taker does NOT
    lead: the next player after him who holds cards does."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        leader, why = super()._next_leader(taker)
        if why == "taker":
            return _next_holder(self, taker), why
        return leader, why


class SecondJokerIgnored(Game):
    """R-NEXT-6 broken: when the first Joker's player has gone out, the second Joker is ignored:
    the highest ordinary card among the remaining players leads."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        if self.hands[self.best] or self.best_card < JOKER:
            return super()._next_leader(taker)
        trick = self.trick
        self.trick = [(p, c) for p, c in trick if c < JOKER]
        try:
            leader, why = super()._next_leader(taker)
        finally:
            self.trick = trick
        return (leader, why) if leader >= 0 else super()._next_leader(taker)


class OutNotAnnounced(Game):
    """R-OUT-1 broken: a player who plays his last card is not announced as out (saved);
    he is skipped all the same."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if ("out", p) in events:
            events.remove(("out", p))
        return events


class OutPlayersNotSkipped(Game):
    """R-OUT-2 broken: the seat after the player who just played gets the turn even if he went out earlier."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        q = (p + 1) % self.n
        if self.phase == PLAY and self.trick and q != self.leader and not self.hands[q]:
            self.to_move = q
        return events


class GoingOutEndsTrick(Game):
    """R-OUT-2 broken: a player who plays his last card in the middle of a trick ends the trick there."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if ("out", p) in events and self.phase == PLAY and len(self.trick) > 1:
            self._end_trick(events, complete=True, taker=-1)
        return events


class FirstOutLoses(Game):
    """R-END-1 broken: the first player to go out loses (the last one holding cards is saved)."""

    def _finish(self, events: list[tuple], loser: int | None) -> None:
        super()._finish(events, self.went_out[0] if loser is not None and self.went_out else loser)


class EndBeforeTrickPlayedOut(Game):
    """R-END-2 broken: the game ends as soon as one player holds cards, in the middle of a trick."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.phase == PLAY and self.trick and self.holders <= 1 and ("out", p) in events:
            self._finish(events, self._sole_holder())
        return events


class EndCheckOptionIgnored(_IgnoresOption):
    """R-END-2 broken: the end is always checked when the trick is over, whatever ``end-check`` says."""

    option = "end-check"


class AllOutLastLoses(Game):
    """R-END-3 broken: when every remaining player goes out in one trick, the last to play loses."""

    def _loser_at_trick_end(self, holders: int, two_or_more: bool) -> int | None:
        if holders == 0:
            return self.last_player
        return super()._loser_at_trick_end(holders, two_or_more)


class NoLoserOptionIgnored(_IgnoresOption):
    """R-END-3 broken: nobody loses only when all remaining players go out together, whatever ``no-loser`` says."""

    option = "no-loser"


class TwoPlayerTieLastLoses(Game):
    """R-END-4 broken: when both players of a two-player game go out in one trick, the last to play
    loses whatever the rule option two-player-tie says."""

    def _loser_at_trick_end(self, holders: int, two_or_more: bool) -> int | None:
        if holders == 0 and self.dealt == 2:
            return self.last_player
        return super()._loser_at_trick_end(holders, two_or_more)


class TwoPlayerTieOptionIgnored(_IgnoresOption):
    """R-END-4 broken: a two-player game whose players go out together never has a loser,
    whatever ``two-player-tie`` says."""

    option = "two-player-tie"


class LoserStays(Series):
    """R-SERIES-1 broken: the loser of a game is not eliminated; he deals the next game and plays in it."""

    def _settle(self, loser: int | None) -> list[tuple]:
        if loser is None or self.seats == 2:
            return super()._settle(loser)
        self.next_dealer = loser
        return [("next-dealer", loser, True)]


class NoLoserEliminatesLastOut(Series):
    """R-SERIES-2 broken: after a game with no loser, the last player to go out is eliminated."""

    def _settle(self, loser: int | None) -> list[tuple]:
        if loser is None and self.seats > 2 and self.game.went_out:
            loser = self.game.went_out[-1]
        return super()._settle(loser)


class ChampionAtTwo(Series):
    """R-SERIES-3 broken: the series stops when two players are left; the winner of that game
    (the first to go out) is the champion."""

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        if self.seats > 2 and self.champion is None and len(self.active) == 2 and self.game.went_out:
            self.champion = self.game.went_out[0]
            self.next_dealer = None
            events[-1] = ("champion", self.champion)
        return events


class ChampionNotAnnounced(Series):
    """R-SERIES-3 broken: the series ends with the last player left, but no champion is named."""

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        if self.champion is not None:
            events.remove(("champion", self.champion))
        return events


class EliminatedDealerPlays(_Redealt):
    """R-SERIES-4 broken: the eliminated loser who deals the next game is dealt in and plays."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        if seated is not None and dealer not in seated:
            seated = [*seated, dealer]
        return dealer, seated


class DealPassesRight(Series):
    """R-SERIES-4 broken: after a game with a loser the deal passes to the loser's right
    (the next player still in), as in many card games, instead of to the loser."""

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        if loser is not None and self.next_dealer == loser:
            dealer = next(q % self.seats for q in range(loser + 1, loser + self.seats) if q % self.seats in self.active)
            self.next_dealer = dealer
            events[-1] = ("next-dealer", dealer, True)
        return events


class NextDealerOptionIgnored(_SeriesIgnoresOption):
    """R-SERIES-4 broken: the eliminated loser always deals the next game, whatever ``next-dealer`` says."""

    option = "next-dealer"


class RightCountsEliminatedSeats(_Redealt):
    """R-SERIES-5 broken: the dealer's right is found by counting positions among the seated
    players (seat number + 1), as if the eliminated seats were gone."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        if seated is None or dealer in seated:
            return dealer, seated
        seats = sorted(seated)
        first = seats[(dealer + 1) % len(seats)]
        return (first - 1) % players, seated


class NoLoserDealPassesRight(Series):
    """R-SERIES-6 broken: after a game with no loser the deal always passes to the dealer's right,
    whatever the rule option no-loser-dealer says."""

    def _no_loser_dealer(self) -> int:
        q = (self.dealer + 1) % self.seats
        while q not in self.active:
            q = (q + 1) % self.seats
        return q


class TwoPlayerSeries(Series):
    """R-SERIES-7 broken: a two-player table is played as a series: the loser is eliminated,
    the other is champion."""

    def _settle(self, loser: int | None) -> list[tuple]:
        if self.seats != 2 or loser is None:
            return super()._settle(loser)
        self.active.remove(loser)
        self.eliminated.append(loser)
        self.champion = self.active[0]
        return [("eliminated", loser), ("champion", self.champion)]


class TwoPlayerWinnerDeals(Series):
    """R-SERIES-7 broken: at a two-player table the winner of a game deals the next one
    (under two-player-dealer :attr:`under`)."""

    under = "loser"

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        if self.seats == 2 and loser is not None and self.rules.two_player_dealer == self.under:
            self.next_dealer = 1 - loser
            events[-1] = ("next-dealer", self.next_dealer, True)
        return events


class TwoPlayerDealerOptionIgnored(_SeriesIgnoresOption):
    """R-SERIES-7 broken: at a two-player table the loser always deals, whatever ``two-player-dealer`` says."""

    option = "two-player-dealer"


class EliminationsCarriedOver(Series):
    """R-SERIES-8 broken: the eliminations are kept in a module-level table that a new series
    does not reset, so the players eliminated before stay out (or, with fewer than two left,
    the new series cannot be dealt)."""

    carried: ClassVar[list[int]] = []

    def __init__(self, players: int, dealer: int, deck: Sequence[int] | None = None, **kwargs: Any) -> None:
        super().__init__(players, dealer, deck, **kwargs)
        out = [s for s in EliminationsCarriedOver.carried if s < players]
        if out:
            self.eliminated = out
            self.active = [s for s in range(players) if s not in out]
            self.game = self.game_class.from_deal(
                players, dealer, deck, seed=self._seed(deck), rules=self.rules, seated=self.active
            )

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        EliminationsCarriedOver.carried[:] = self.eliminated
        return events


class EliminatedInSeatOrder(Series):
    """R-SERIES-9 broken: the series record lists the eliminated players in seat order,
    not in the order they were eliminated."""

    def snapshot(self) -> dict:
        record = super().snapshot()
        record["eliminated"].sort()
        return record


class DealerMovesAtGameOver(Series):
    """R-SERIES-9 broken: the record names the next dealer as ``dealer`` as soon as a game is
    over, instead of keeping the dealer of that game until the next deal."""

    def snapshot(self) -> dict:
        record = super().snapshot()
        if self.next_dealer is not None:
            record["dealer"] = self.next_dealer
        return record


class RightFallsBackToLowestSeat(_Redealt):
    """R-SERIES-5 broken: when the seat on the right of a dealer who does not play is
    eliminated too, the first card (and the first lead) go to the lowest seat still in,
    instead of to the next seat still in after the dealer."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        if seated is None or dealer in seated or (dealer + 1) % players in seated:
            return dealer, seated
        return (min(seated) - 1) % players, seated


class NoLoserRightCountsEliminated(Series):
    """R-SERIES-6 broken: under no-loser-dealer=right the deal passes to the seat on the
    dealer's right even when that player has been eliminated (who then deals without playing)."""

    def _no_loser_dealer(self) -> int:
        if self.rules.no_loser_dealer == "right":
            return (self.dealer + 1) % self.seats
        return super()._no_loser_dealer()


class SameDealerPlaysAgain(Series):
    """R-SERIES-6 broken: "after a game with no loser everyone plays again" read as including
    the dealer: an eliminated dealer who deals again after a game with no loser is dealt in."""

    def _settle(self, loser: int | None) -> list[tuple]:
        events = super()._settle(loser)
        if loser is None and self.next_dealer is not None and self.next_dealer not in self.active:
            self.active.append(self.next_dealer)
            self.active.sort()
            self.eliminated.remove(self.next_dealer)
            events[-1] = ("next-dealer", self.next_dealer, True)
        return events


class NoLoserLastOutIsLastToPlay(Series):
    """R-SERIES-6 broken: under no-loser-dealer=last-out the deal goes to the last player to
    play in the game, who under no-loser=two-or-more may be one still holding cards."""

    def _no_loser_dealer(self) -> int:
        if self.rules.no_loser_dealer == "last-out":
            return self.game.last_player
        return super()._no_loser_dealer()


class TwoPlayerAlternateIsWinnerDeals(TwoPlayerWinnerDeals):
    """R-SERIES-7 broken: under two-player-dealer=alternate the winner of each game deals the
    next one (which alternates only while the dealer keeps losing)."""

    under = "alternate"


class Broken(NamedTuple):
    """A broken engine: the clause it breaks and the classes behind the adapter."""

    clause: str
    game_class: type[Game]
    series_class: type[Series] = Series


BROKEN: dict[str, Broken] = {
    "jokers-left-out": Broken("R-MAT-1", JokersLeftOut),
    "ten-players-refused": Broken("R-MAT-2", TenPlayersRefused),
    "ace-low": Broken("R-MAT-3", AceLow),
    "suit-order-breaks-ties": Broken("R-MAT-3", SuitOrderBreaksTies),
    "jokers-ranked": Broken("R-MAT-4", JokersRanked),
    "clockwise-play": Broken("R-MAT-5", ClockwisePlay),
    "deal-from-dealer": Broken("R-DEAL-1", DealFromDealer),
    "deal-in-packets": Broken("R-DEAL-1", DealInPackets),
    "extra-cards-to-last-served": Broken("R-DEAL-2", ExtraCardsToLastServed),
    "first-dealer-fixed": Broken("R-DEAL-3", Game, FirstDealerFixed),
    "dealer-leads-first": Broken("R-LEAD-1", DealerLeadsFirst),
    "forced-lead-ignored": Broken("R-LEAD-2", ForcedLeadIgnored),
    "forced-even-when-free": Broken("R-LEAD-2", ForcedEvenWhenFree),
    "first-card-dealt-leads": Broken("R-LEAD-2", FirstCardDealtLeads),
    "no-joker-lead": Broken("R-LEAD-3", NoJokerLead),
    "leader-may-pass": Broken("R-LEAD-3", LeaderMayPass),
    "last-follower-skipped": Broken("R-FOLLOW-1", LastFollowerSkipped),
    "must-beat": Broken("R-FOLLOW-2", MustBeat),
    "previous-card-suit": Broken("R-FOLLOW-3", PreviousCardSuit),
    "joker-while-holding-suit": Broken("R-FOLLOW-4", JokerWhileHoldingSuit),
    "decline-while-holding-suit": Broken("R-FOLLOW-4", DeclineWhileHoldingSuit),
    "void-may-discard": Broken("R-FOLLOW-5", VoidMayDiscard),
    "ace-beats-follower-joker": Broken("R-JOKER-1", AceBeatsFollowerJoker),
    "joker-changes-suit": Broken("R-JOKER-2", JokerChangesSuit),
    "decline-joker-lead": Broken("R-JOKER-3", DeclineJokerLead),
    "second-joker-wins": Broken("R-JOKER-4", SecondJokerWins),
    "followers-play-after-decline": Broken("R-DECL-1", FollowersPlayAfterDecline),
    "must-take-highest": Broken("R-DECL-2", MustTakeHighest),
    "decliner-takes-nothing": Broken("R-DECL-2", DeclinerTakesNothing),
    "take-joker": Broken("R-DECL-3", TakeJoker),
    "taken-card-out-of-play": Broken("R-DECL-4", TakenCardOutOfPlay),
    "taken-card-also-out-of-play": Broken("R-DECL-4", TakenCardAlsoOutOfPlay),
    "follower-joker-loses": Broken("R-TRICK-1", FollowerJokerLoses),
    "winner-gathers-trick": Broken("R-TRICK-2", WinnerGathersTrick),
    "complete-trick-stays-in-play": Broken("R-TRICK-2", CompleteTrickStaysInPlay),
    "leader-keeps-lead": Broken("R-NEXT-1", LeaderKeepsLead),
    "taker-leads": Broken("R-NEXT-1", TakerLeads),
    "taken-card-loses-lead": Broken("R-NEXT-2", TakenCardLosesLead),
    "out-winner-keeps-lead": Broken("R-NEXT-3", OutWinnerKeepsLead),
    "next-after-out-winner": Broken("R-NEXT-3", NextAfterOutWinner),
    "tie-break-wrong-way": Broken("R-NEXT-4", TieBreakWrongWay),
    "tie-break-option-ignored": Broken("R-NEXT-4", TieBreakOptionIgnored),
    "all-out-lead-passes-on": Broken("R-NEXT-5", AllOutLeadPassesOn),
    "second-joker-ignored": Broken("R-NEXT-6", SecondJokerIgnored),
    "out-not-announced": Broken("R-OUT-1", OutNotAnnounced),
    "out-players-not-skipped": Broken("R-OUT-2", OutPlayersNotSkipped),
    "going-out-ends-trick": Broken("R-OUT-2", GoingOutEndsTrick),
    "first-out-loses": Broken("R-END-1", FirstOutLoses),
    "end-before-trick-played-out": Broken("R-END-2", EndBeforeTrickPlayedOut),
    "end-check-option-ignored": Broken("R-END-2", EndCheckOptionIgnored),
    "all-out-last-loses": Broken("R-END-3", AllOutLastLoses),
    "no-loser-option-ignored": Broken("R-END-3", NoLoserOptionIgnored),
    "two-player-tie-last-loses": Broken("R-END-4", TwoPlayerTieLastLoses),
    "two-player-tie-option-ignored": Broken("R-END-4", TwoPlayerTieOptionIgnored),
    "loser-stays": Broken("R-SERIES-1", Game, LoserStays),
    "no-loser-eliminates-last-out": Broken("R-SERIES-2", Game, NoLoserEliminatesLastOut),
    "champion-at-two": Broken("R-SERIES-3", Game, ChampionAtTwo),
    "champion-not-announced": Broken("R-SERIES-3", Game, ChampionNotAnnounced),
    "eliminated-dealer-plays": Broken("R-SERIES-4", EliminatedDealerPlays),
    "deal-passes-right": Broken("R-SERIES-4", Game, DealPassesRight),
    "next-dealer-option-ignored": Broken("R-SERIES-4", Game, NextDealerOptionIgnored),
    "right-counts-eliminated-seats": Broken("R-SERIES-5", RightCountsEliminatedSeats),
    "no-loser-deal-passes-right": Broken("R-SERIES-6", Game, NoLoserDealPassesRight),
    "two-player-series": Broken("R-SERIES-7", Game, TwoPlayerSeries),
    "two-player-winner-deals": Broken("R-SERIES-7", Game, TwoPlayerWinnerDeals),
    "two-player-dealer-option-ignored": Broken("R-SERIES-7", Game, TwoPlayerDealerOptionIgnored),
    "eliminations-carried-over": Broken("R-SERIES-8", Game, EliminationsCarriedOver),
    "eliminated-in-seat-order": Broken("R-SERIES-9", Game, EliminatedInSeatOrder),
    "dealer-moves-at-game-over": Broken("R-SERIES-9", Game, DealerMovesAtGameOver),
    "right-falls-back-to-lowest-seat": Broken("R-SERIES-5", RightFallsBackToLowestSeat),
    "no-loser-right-counts-eliminated": Broken("R-SERIES-6", Game, NoLoserRightCountsEliminated),
    "same-dealer-plays-again": Broken("R-SERIES-6", Game, SameDealerPlaysAgain),
    "no-loser-last-out-is-last-to-play": Broken("R-SERIES-6", Game, NoLoserLastOutIsLastToPlay),
    "two-player-alternate-is-winner-deals": Broken("R-SERIES-7", Game, TwoPlayerAlternateIsWinnerDeals),
}
"""name -> the broken engine."""


UNBREAKABLE: dict[str, str] = {
    "R-MAT-6": "The aim of the game states no behaviour of its own: getting rid of one's cards is "
    "what going out (R-OUT-1) and losing (R-END-1) mean, and each of those is broken by its own engine.",
}
"""clause -> why no engine behind the adapter can break it alone."""


def adapter_for(name: str) -> ReferenceAdapter:
    """The broken engine ``name`` behind the reference adapter."""
    return factory_for(name)()


def factory_for(name: str) -> partial[ReferenceAdapter]:
    """A picklable adapter factory for the broken engine ``name`` (for ``--jobs``)."""
    broken = BROKEN[name]
    return partial(ReferenceAdapter, game_class=broken.game_class, series_class=broken.series_class)


for _name in BROKEN:
    globals()[_name.replace("-", "_") + "_adapter"] = factory_for(_name)


# ------------------------------------------------------------------ the contract
#
# Implementations that keep every rule but break the contract of docs/cards-contract.md
# (clauses R-SETUP-*, R-PROTO-*): each is an adapter, served over the JSON-lines
# protocol by ``tests/impls/contract_engine.py NAME`` as a third-party program would be.


class LaxCardCheck(ReferenceAdapter):
    """R-SETUP-4 broken: cards are kept as a set, so a card given twice (or a third Joker)
    is silently dropped instead of refused with ``duplicate-card``."""

    def start(self, setup: Json) -> Json:
        position = setup.get("position") if isinstance(setup, dict) else None
        if isinstance(position, dict) and isinstance(position.get("hands"), list):
            seen: set[str] = {t.get("card") for t in position.get("trick") or [] if isinstance(t, dict)}
            hands = []
            for hand in position["hands"]:
                kept = [c for c in hand if c not in seen or c == "JK"][: len(hand)]
                seen |= set(kept)
                hands.append(kept)
            setup = {**setup, "position": {**position, "hands": hands}}
        return super().start(setup)


class LaxPlayability(ReferenceAdapter):
    """R-SETUP-7 broken: a position in which the game is already over is accepted."""

    def start(self, setup: Json) -> Json:
        try:
            return super().start(setup)
        except BadRequest as exc:
            if exc.code != "game-already-over":
                raise
        self.game = _build(setup["position"], Rules.of(overrides=setup.get("rules") or {}), Game, check_playable=False)
        return self.state()


class _Recoded(ReferenceAdapter):
    """A reference whose setup refusals named in :attr:`recode` are answered with another code."""

    recode: ClassVar[dict[str, str]] = {}

    def start(self, setup: Json) -> Json:
        try:
            return super().start(setup)
        except BadRequest as exc:
            raise BadRequest(self.recode.get(exc.code, exc.code), exc.message) from None


class BadPositionAsBadSetup(_Recoded):
    """R-SETUP-6 broken: an impossible position is answered ``bad-setup`` (the old reading of
    "anything malformed"), not ``bad-position``."""

    recode: ClassVar[dict[str, str]] = {"bad-position": "bad-setup"}


class DeckCardsAsBadDeck(_Recoded):
    """R-SETUP-4 broken the docs' old way: a deck with a bad or duplicate card is ``bad-deck``."""

    recode: ClassVar[dict[str, str]] = {"bad-card": "bad-deck", "duplicate-card": "bad-deck"}


class NonIntegerPlayersAsBadPlayers(_Recoded):
    """R-SETUP-2 broken: a mistyped ``players`` is ``bad-players`` instead of ``bad-setup``."""

    def start(self, setup: Json) -> Json:
        where = (setup.get("deal") or setup.get("position") or {}) if isinstance(setup, dict) else {}
        if isinstance(where, dict) and "players" in where and type(where["players"]) is not int:
            raise BadRequest("bad-players", "players must be 2 to 10")
        return super().start(setup)


class DealWhileOnIsGameOver(ReferenceAdapter):
    """R-PROTO-3 broken: a deal while the game is on is refused with ``game-over``."""

    def deal(self, deck: list[str]) -> list[Json]:
        try:
            return super().deal(deck)
        except Refused as exc:
            raise Refused("game-over" if exc.code == "game-not-over" else exc.code, exc.message) from None


class DealWithoutGameIsNoSeries(ReferenceAdapter):
    """R-PROTO-3 broken: a deal before any game is ``no-series`` (not ``no-game``)."""

    def deal(self, deck: list[str]) -> list[Json]:
        if self.series is None:
            raise BadRequest("no-series", "deal is only for a series")
        return super().deal(deck)


class RefusedStartKeepsGame(ReferenceAdapter):
    """R-PROTO-2 broken: a refused start leaves the previous game in place."""

    def start(self, setup: Json) -> Json:
        kept = self.game, self.series
        try:
            return super().start(setup)
        except BadRequest:
            self.game, self.series = kept
            raise


class BadPlayerIsNotYourTurn(ReferenceAdapter):
    """R-PROTO-4 broken: a player who is no seat is refused as ``illegal`` / ``not-your-turn``."""

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        if player is not None and (type(player) is not int or not 0 <= player < self._game().n):
            raise Refused("not-your-turn", f"{player!r} is not to move")
        return super().apply(action, player)


class MissingWhy(ReferenceAdapter):
    """R-PROTO-5 broken: ``lead`` events carry no ``why``."""

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        events = super().apply(action, player)
        return [{k: v for k, v in e.items() if k != "why"} if e["type"] == "lead" else e for e in events]


class AfterEveryCard(Game):
    """The other ``end-check: each-card`` reading: the end is checked after every card played,
    not only when a card sends its player out (the same in any dealt game)."""

    def apply(self, action: int, player: int | None = None) -> list[tuple]:
        events = super().apply(action, player)
        if self.rules.end_each_card and not self.is_over and events[0][0] == "play" and self.holders <= 1:
            self._finish(events, self._sole_holder())
        return events


class EachCardAfterEveryCard(ReferenceAdapter):
    """R-PROTO-6 broken: under each-card, a position with a trick under way and one holder is
    accepted, and the game ends on the next card (checked after every card)."""

    def __init__(self) -> None:
        super().__init__(game_class=AfterEveryCard)

    def start(self, setup: Json) -> Json:
        rules = setup.get("rules") or {}
        if rules.get("end-check") == "each-card" and "position" in setup:
            self.game, self.series = (
                _build(
                    setup["position"], Rules.of(overrides={**rules, "end-check": "trick-end"}), AfterEveryCard, True
                ),
                None,
            )
            self.game.rules = Rules.of(overrides=rules)
            return self.state()
        return super().start(setup)


class ListsEndCheckItIgnores(ReferenceAdapter):
    """R-PROTO-8 broken: the handshake lists ``end-check: each-card`` but the engine always
    checks at the end of the trick."""

    def __init__(self) -> None:
        super().__init__(game_class=EndCheckOptionIgnored)


class SeriesFromAnything(ReferenceAdapter):
    """R-SETUP-1 broken: ``series`` is ignored when the setup cannot start a series."""

    def start(self, setup: Json) -> Json:
        if (
            isinstance(setup, dict)
            and setup.get("series")
            and ("position" in setup or "seated" in setup.get("deal", {}))
        ):
            setup = {k: v for k, v in setup.items() if k != "series"}
        return super().start(setup)


class PlayersAsBadSetup(_Recoded):
    """R-SETUP-3 broken: a table of 1 or 11 players is ``bad-setup``, not ``bad-players``."""

    recode: ClassVar[dict[str, str]] = {"bad-players": "bad-setup"}


class SeatedAsASet(ReferenceAdapter):
    """R-SETUP-5 broken: ``seated`` is read as a set, so a seat named twice is accepted."""

    def start(self, setup: Json) -> Json:
        deal = setup.get("deal") if isinstance(setup, dict) else None
        if isinstance(deal, dict) and isinstance(deal.get("seated"), list):
            setup = {**setup, "deal": {**deal, "seated": sorted(set(deal["seated"]), key=deal["seated"].index)}}
        return super().start(setup)


class UnknownOptionsIgnored(ReferenceAdapter):
    """R-SETUP-8 broken: rule options it does not know are silently ignored."""

    def start(self, setup: Json) -> Json:
        if isinstance(setup, dict) and isinstance(setup.get("rules"), dict):
            setup = {**setup, "rules": {k: v for k, v in setup["rules"].items() if k in options()}}
        return super().start(setup)


class EmptyAnswersWithoutGame(ReferenceAdapter):
    """R-PROTO-1 broken: without a game, ``legal`` answers no actions instead of ``no-game``."""

    def legal(self) -> list[str]:
        return [] if self.game is None else super().legal()


class BrokenContract(NamedTuple):
    """A contract-breaking implementation: the clause it breaks and its adapter class."""

    clause: str
    adapter: type[ReferenceAdapter]


CONTRACT: dict[str, BrokenContract] = {
    "series-from-anything": BrokenContract("R-SETUP-1", SeriesFromAnything),
    "players-as-bad-setup": BrokenContract("R-SETUP-3", PlayersAsBadSetup),
    "seated-as-a-set": BrokenContract("R-SETUP-5", SeatedAsASet),
    "unknown-options-ignored": BrokenContract("R-SETUP-8", UnknownOptionsIgnored),
    "empty-answers-without-game": BrokenContract("R-PROTO-1", EmptyAnswersWithoutGame),
    "lax-card-check": BrokenContract("R-SETUP-4", LaxCardCheck),
    "deck-cards-as-bad-deck": BrokenContract("R-SETUP-4", DeckCardsAsBadDeck),
    "non-integer-players-as-bad-players": BrokenContract("R-SETUP-2", NonIntegerPlayersAsBadPlayers),
    "bad-position-as-bad-setup": BrokenContract("R-SETUP-6", BadPositionAsBadSetup),
    "lax-playability": BrokenContract("R-SETUP-7", LaxPlayability),
    "refused-start-keeps-game": BrokenContract("R-PROTO-2", RefusedStartKeepsGame),
    "deal-while-on-is-game-over": BrokenContract("R-PROTO-3", DealWhileOnIsGameOver),
    "deal-without-game-is-no-series": BrokenContract("R-PROTO-3", DealWithoutGameIsNoSeries),
    "bad-player-is-not-your-turn": BrokenContract("R-PROTO-4", BadPlayerIsNotYourTurn),
    "missing-why": BrokenContract("R-PROTO-5", MissingWhy),
    "each-card-after-every-card": BrokenContract("R-PROTO-6", EachCardAfterEveryCard),
    "lists-end-check-it-ignores": BrokenContract("R-PROTO-8", ListsEndCheckItIgnores),
}
"""name -> the contract-breaking implementation (served by ``tests/impls/contract_engine.py``)."""


CONTRACT_UNBREAKABLE: dict[str, str] = {
    "R-PROTO-7": "It states how the kit compares events (check: subsets, fuzz: exactly), not what an "
    "implementation answers; tests/unit/test_fixture_refusals.py checks the fuzzer's side.",
}
"""contract clause -> why no implementation can break it."""


# ------------------------------------------------------------------ the declarations
#
# For each field of the card game's hello that changes a verdict (docs/protocol.md and
# docs/cards-contract.md, "What each hello field changes"), a pair of implementations
# that keep every rule: one declares the field and does not do what it says (caught,
# citing the clause), one does not declare it (the check it waives, and only that one,
# is relaxed or skipped with its reason). Served over the JSON-lines protocol by
# ``tests/impls/contract_engine.py NAME`` and put in-process by ``NAME_adapter``.


class _Declares(ReferenceAdapter):
    """The reference, with :attr:`declares` on top of its hello."""

    declares: ClassVar[Json] = {}

    def hello(self) -> Json:
        return {**super().hello(), **self.declares}


class _Recodes(_Declares):
    """A reference whose every ``illegal`` refusal (of a move or a deal) gets :meth:`code` instead."""

    def code(self, code: str | None) -> str | None:
        """The code sent instead of ``code``."""
        return code

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        try:
            return super().apply(action, player)
        except Refused as exc:
            raise Refused(self.code(exc.code), exc.message) from None

    def deal(self, deck: list[str]) -> list[Json]:
        try:
            return super().deal(deck)
        except Refused as exc:
            raise Refused(self.code(exc.code), exc.message) from None


class CodesClaimedNoneSent(_Recodes):
    """``"reason_codes": true``, and no refusal carries a code: caught by every refusal case."""

    declares: ClassVar[Json] = {"reason_codes": True}

    def code(self, code: str | None) -> str | None:
        return None


class CodesDisclaimedOthersSent(_Recodes):
    """``"reason_codes": false``, and every refusal carries one code of its own: the codes
    are not compared, so it passes every case."""

    declares: ClassVar[Json] = {"reason_codes": False}

    def code(self, code: str | None) -> str | None:
        return "not-allowed"


class SeriesClaimedNotPlayed(_Declares):
    """No ``"series": false``, yet a series setup starts its first game alone: no series
    record, and the next game's ``deal`` is refused."""

    def start(self, setup: Json) -> Json:
        if isinstance(setup, dict) and setup.get("series") is True:
            setup = {k: v for k, v in setup.items() if k != "series"}
        return super().start(setup)


class SeriesDisclaimed(_Declares):
    """``"series": false``: the kit sends it no series (it would play them as the reference)."""

    declares: ClassVar[Json] = {"series": False}


class Declaration(NamedTuple):
    """An implementation of a declaration pair: the hello field, whether its hello
    declares what the field offers, the adapter class, and what ``check`` must say —
    the clause of its failures (declared and not done) or the skip reason of the
    cases the field waives (``""``: no case is skipped, every case passes)."""

    field: str
    declares: bool
    adapter: type[ReferenceAdapter]
    clause: str = ""
    skipped: str = ""


DECLARATIONS: dict[str, Declaration] = {
    "codes-claimed-none-sent": Declaration("reason_codes", True, CodesClaimedNoneSent, clause="R-DECL-2"),
    "codes-disclaimed-others-sent": Declaration("reason_codes", False, CodesDisclaimedOthersSent),
    "series-claimed-not-played": Declaration("series", True, SeriesClaimedNotPlayed, clause="R-SERIES-1"),
    "series-disclaimed": Declaration("series", False, SeriesDisclaimed, skipped=SERIES_NOT_SUPPORTED),
}
"""name -> an implementation of a declaration pair."""


for _name, _declaration in DECLARATIONS.items():
    globals()[_name.replace("-", "_") + "_adapter"] = _declaration.adapter
