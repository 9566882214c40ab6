"""A series of games (R-SERIES-1 … R-SERIES-8): eliminations, the next dealer, the champion.

Seats keep their numbers for the whole series; an eliminated player keeps his
seat, holds no cards and is skipped (R-SERIES-5).

>>> series = Series(players=3, dealer=0, seed=1)
>>> series.game.dealt, series.active
(3, [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generala_reference.cards.events import Event
from generala_reference.cards.game import Game
from generala_reference.cards.rules import DEFAULT, Rules
from generala_reference.errors import IllegalAction


class Series:
    """A series: the current :class:`Game` plus who is still in, who deals next, and the champion.

    With two players there is no series (R-SERIES-7): each game has its loser,
    who deals the next one; such a series never ends by itself.
    """

    def __init__(
        self,
        players: int,
        dealer: int,
        deck: Sequence[int] | None = None,
        *,
        seed: int | None = None,
        rules: Rules = DEFAULT,
        game_class: type[Game] = Game,
    ) -> None:
        import random  # here, not at import: serve's start-up plays no series

        self.game_class = game_class
        self.rng = random.Random(seed)
        # The first game checks players, dealer and deck before the seats are built (R-MAT-2).
        self.game = game_class.from_deal(players, dealer, deck, seed=self._seed(deck), rules=rules)
        self.seats = players
        self.rules = rules
        self.active = list(range(players))
        self.eliminated: list[int] = []
        self.dealer = dealer
        self.games = 1
        self.champion: int | None = None
        self.next_dealer: int | None = None

    def _seed(self, deck: Sequence[int] | None) -> int | None:
        return None if deck is not None else self.rng.randrange(1 << 62)

    @property
    def is_over(self) -> bool:
        """Whether a champion has been found (R-SERIES-3)."""
        return self.champion is not None

    def apply(self, action: int, player: int | None = None) -> list[Event]:
        """Apply ``action`` to the current game; when it ends, settle the series."""
        events = self.game.apply(action, player)
        if self.game.is_over:
            events.extend(self._settle(self.game.loser))
        return events

    def check_deal(self) -> None:
        """Raise :class:`IllegalAction` unless the next game may be dealt now: the
        current game must be over (``game-not-over``) and the series not
        (``game-over``), R-PROTO-3."""
        if self.is_over:
            raise IllegalAction("game-over", "the series is over: it has a champion")
        if not self.game.is_over or self.next_dealer is None:
            raise IllegalAction("game-not-over", "the current game is still being played")

    def deal(self, deck: Sequence[int] | None = None) -> list[Event]:
        """Deal the next game (the last one must be over and the series not)."""
        self.check_deal()
        dealer = self.next_dealer
        assert dealer is not None  # check_deal: the last game is over and named him
        game = self.game_class.from_deal(
            self.seats, dealer, deck, seed=self._seed(deck), rules=self.rules, seated=self.active
        )
        # Only a deal that succeeded changes the series (R-PROTO-3: a refused deal changes nothing).
        self.game, self.dealer, self.next_dealer = game, dealer, None
        self.games += 1
        return [("deal", self.dealer, list(self.active))]

    def _settle(self, loser: int | None) -> list[Event]:
        """Eliminate the loser, find the champion or the next dealer (R-SERIES-1 … -7)."""
        events: list[Event] = []
        if self.seats == 2:  # R-SERIES-7: no series, the loser deals
            if loser is not None and self.rules.two_player_dealer == "loser":
                dealer = loser
            elif self.rules.two_player_dealer == "alternate":
                dealer = 1 - self.dealer
            else:
                dealer = self._no_loser_dealer()
        elif loser is not None:  # R-SERIES-1
            self.active.remove(loser)
            self.eliminated.append(loser)
            events.append(("eliminated", loser))
            if len(self.active) == 1:  # R-SERIES-3
                self.champion = self.active[0]
                events.append(("champion", self.champion))
                return events
            dealer = loser if self.rules.next_dealer == "loser" else self.game.went_out[-1]  # R-SERIES-4
        else:  # R-SERIES-2
            dealer = self._no_loser_dealer()
        self.next_dealer = dealer
        events.append(("next-dealer", dealer, dealer in self.active))
        return events

    def _no_loser_dealer(self) -> int:
        """The dealer after a game with no loser (R-SERIES-6, option no-loser-dealer)."""
        choice = self.rules.no_loser_dealer
        if choice == "same":
            return self.dealer
        if choice == "last-out":
            return self.game.went_out[-1]
        q = (self.dealer + 1) % self.seats
        while q not in self.active:
            q = (q + 1) % self.seats
        return q

    def snapshot(self) -> dict[str, Any]:
        """The series part of the state snapshot (``docs/cards-contract.md``)."""
        return {
            "seats": self.seats,
            "active": list(self.active),
            "eliminated": list(self.eliminated),
            "dealer": self.dealer,
            "games": self.games,
            "champion": self.champion,
            "next_dealer": self.next_dealer,
            "over": self.is_over,
        }
