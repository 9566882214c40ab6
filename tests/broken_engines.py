"""Deliberately broken engines: each a small subclass of the reference :class:`Game`
that violates exactly ONE clause, so that the kit's tools (fuzz, fixtures) can be
shown to catch it. Put one behind the usual adapter with
``ReferenceAdapter(game_class=cls)`` (see :func:`adapter_for`).

``BROKEN`` maps a name to a :class:`Broken`: the clause it breaks and the
classes to put behind the adapter. Each engine also has a zero-argument
factory named after it (``second_joker_wins_adapter``), for
``generala-kit check --adapter tests/broken_engines.py:second_joker_wins_adapter``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from generala_conformance.reference_adapter import ReferenceAdapter
from generala_reference.actions import DECLINE, JOKER_ACTION, TAKE_BASE, cards_as_actions
from generala_reference.cards import JOKER, JOKERS, SUIT_MASKS, rank
from generala_reference.game import PLAY, TAKE, Game
from generala_reference.rules import DEFAULT, Rules
from generala_reference.series import Series


def _holds_led_suit(game: Game) -> bool:
    """Whether the player to move could follow the led suit."""
    return bool(game.trick and game.hands[game.to_move] & game.follow_mask)


class AceLow(Game):
    """R-MAT-3 broken: the Ace ranks below the 2 when the trick's winner is decided."""

    def _end_trick(self, events: list[tuple], complete: bool, taker: int) -> None:
        jokers = [(p, c) for p, c in self.trick if c >= JOKER]
        if not jokers:
            led = self.trick[0][1] // 13
            in_suit = [(p, c) for p, c in self.trick if c // 13 == led]
            self.best, self.best_card = max(in_suit, key=lambda pc: (pc[1] % 13 + 1) % 13)
        super()._end_trick(events, complete, taker)


class _Redealt(Game):
    """A game whose deal goes through :meth:`rearrange` (dealer and seated players) first."""

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
        return super().from_deal(players, dealer, deck, seed=seed, rules=rules, seated=seated)

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        """The dealer and seated players actually used."""
        return dealer, seated


class DealFromDealer(_Redealt):
    """R-DEAL-1 broken: the deal (and so the first lead) starts at the dealer, not at his right."""

    @classmethod
    def rearrange(cls, players: int, dealer: int, seated: Sequence[int] | None) -> tuple[int, Sequence[int] | None]:
        return (dealer - 1) % players, seated


class ForcedLeadIgnored(Game):
    """R-LEAD-2 broken: the first leader may lead any card, not only the last card dealt to him."""

    def legal_actions(self) -> list[int]:
        if self.phase == PLAY and not self.trick and self.forced >= 0:
            return cards_as_actions(self.hands[self.to_move])
        return super().legal_actions()

    def _play(self, p: int, action: int) -> list[tuple]:
        self.forced = -1
        return super()._play(p, action)


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


class PreviousCardSuit(Game):
    """R-FOLLOW-3 broken: the suit to follow is the suit of the previous card, not the first:
    after a Joker lead, the next players must follow the first ranked card played."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.trick and action < JOKER:
            self.follow_mask = SUIT_MASKS[action // 13]
        return events


class SecondJokerWins(Game):
    """R-JOKER-4 broken: of two Jokers in a trick, the second one played wins."""

    def _play(self, p: int, action: int) -> list[tuple]:
        if action == JOKER_ACTION and self.trick and self.best_card >= JOKER:
            self.best_card = -1  # the second Joker now beats the first
        return super()._play(p, action)


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


class OutWinnerKeepsLead(Game):
    """R-NEXT-3 broken: the trick's winner leads next even when he has gone out."""

    def _next_leader(self, taker: int) -> tuple[int, str]:
        return self.best, "winner"


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


class OutPlayersNotSkipped(Game):
    """R-OUT-2 broken: the seat after the player who just played gets the turn even if he went out earlier."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        q = (p + 1) % self.n
        if self.phase == PLAY and self.trick and q != self.leader and not self.hands[q]:
            self.to_move = q
        return events


class EndBeforeTrickPlayedOut(Game):
    """R-END-2 broken: the game ends as soon as one player holds cards, in the middle of a trick."""

    def _play(self, p: int, action: int) -> list[tuple]:
        events = super()._play(p, action)
        if self.phase == PLAY and self.trick and self.holders <= 1 and ("out", p) in events:
            self._finish(events, self._sole_holder())
        return events


class AllOutLastLoses(Game):
    """R-END-3 broken: when every remaining player goes out in one trick, the last to play loses."""

    def _loser_at_trick_end(self, holders: int, two_or_more: bool) -> int | None:
        if holders == 0:
            return self.last_player
        return super()._loser_at_trick_end(holders, two_or_more)


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


class Broken(NamedTuple):
    """A broken engine: the clause it breaks and the classes behind the adapter."""

    clause: str
    game_class: type[Game]
    series_class: type[Series] = Series


BROKEN: dict[str, Broken] = {
    "ace-low": Broken("R-MAT-3", AceLow),
    "deal-from-dealer": Broken("R-DEAL-1", DealFromDealer),
    "forced-lead-ignored": Broken("R-LEAD-2", ForcedLeadIgnored),
    "joker-while-holding-suit": Broken("R-FOLLOW-4", JokerWhileHoldingSuit),
    "decline-while-holding-suit": Broken("R-FOLLOW-4", DeclineWhileHoldingSuit),
    "previous-card-suit": Broken("R-FOLLOW-3", PreviousCardSuit),
    "second-joker-wins": Broken("R-JOKER-4", SecondJokerWins),
    "decline-joker-lead": Broken("R-JOKER-3", DeclineJokerLead),
    "follower-joker-loses": Broken("R-TRICK-1", FollowerJokerLoses),
    "winner-gathers-trick": Broken("R-TRICK-2", WinnerGathersTrick),
    "followers-play-after-decline": Broken("R-DECL-1", FollowersPlayAfterDecline),
    "take-joker": Broken("R-DECL-3", TakeJoker),
    "taken-card-out-of-play": Broken("R-DECL-4", TakenCardOutOfPlay),
    "taken-card-also-out-of-play": Broken("R-DECL-4", TakenCardAlsoOutOfPlay),
    "out-winner-keeps-lead": Broken("R-NEXT-3", OutWinnerKeepsLead),
    "tie-break-wrong-way": Broken("R-NEXT-4", TieBreakWrongWay),
    "out-players-not-skipped": Broken("R-OUT-2", OutPlayersNotSkipped),
    "end-before-trick-played-out": Broken("R-END-2", EndBeforeTrickPlayedOut),
    "all-out-last-loses": Broken("R-END-3", AllOutLastLoses),
    "eliminated-dealer-plays": Broken("R-SERIES-4", EliminatedDealerPlays),
    "deal-passes-right": Broken("R-SERIES-4", Game, DealPassesRight),
}
"""name -> the broken engine."""


def adapter_for(name: str) -> ReferenceAdapter:
    """The broken engine ``name`` behind the reference adapter."""
    return factory_for(name)()


def factory_for(name: str) -> partial[ReferenceAdapter]:
    """A picklable adapter factory for the broken engine ``name`` (for ``--jobs``)."""
    broken = BROKEN[name]
    return partial(ReferenceAdapter, game_class=broken.game_class, series_class=broken.series_class)


for _name in BROKEN:
    globals()[_name.replace("-", "_") + "_adapter"] = factory_for(_name)

