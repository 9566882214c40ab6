"""A whole dice game as a small state machine: ``legal_actions``, ``apply`` (which
returns events), ``is_over`` and ``snapshot``, for one or more players (D-PLAY-1).

Dice values come from the caller's :class:`~generala_reference.dice.source.DiceSource`.
A refused action raises :class:`~generala_reference.errors.IllegalAction` (or
:class:`~generala_reference.errors.InvalidInput` for what is not an action) with a
reason code, and leaves the game and the dice source exactly as they were.

>>> from generala_reference.dice import DiceGame, DiceRules, Roll, Score, SequenceDice
>>> game = DiceGame(players=2, rules=DiceRules.of(), dice=SequenceDice([5, 5, 5, 5, 5]))
>>> [type(e).__name__ for e in game.apply(Roll())]
['Rolled', 'AutoWin', 'GameOver']
>>> game.winners
(0,)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from generala_reference.dice.actions import Action, Reroll, Roll, Score, Scratch, category_of
from generala_reference.dice.categories import Category
from generala_reference.dice.events import AutoWin, Event, GameOver, Rolled, Scored, Scratched
from generala_reference.dice.rolls import DICE, Counts, add, contains, counts_of, dice_of, sub_multisets
from generala_reference.dice.rules import DiceRules, PointTable
from generala_reference.dice.scoring import Mark, points, qualifies, wins_automatically
from generala_reference.dice.source import DiceSource
from generala_reference.errors import IllegalAction, InvalidInput, InvalidPosition


@cache
def _rerolls(roll: Counts) -> tuple[Reroll, ...]:
    """Every re-roll of ``roll``: each multiset kept that leaves a die to throw (D-TURN-2)."""
    return tuple(Reroll(keep) for keep in sub_multisets(roll) if sum(keep) < DICE)


class DiceGame:
    """One game of Generala, the dice game, from its first roll to its winner."""

    def __init__(
        self,
        players: int,
        dice: DiceSource,
        rules: DiceRules | None = None,
        table: PointTable | None = None,
    ) -> None:
        if type(players) is not int or players < 1:
            raise InvalidPosition("bad-players", f"a game has one or more players (D-PLAY-1), not {players!r}")
        self.rules = rules or DiceRules.of()
        self.table = table or PointTable.of(self.rules)
        self.categories = self.rules.categories
        self.players = players
        self._dice = dice
        self._scored = [0] * players  # bitmasks of categories (Category.bit)
        self._scratched = [0] * players
        self._points = [dict.fromkeys(self.categories, 0) for _ in range(players)]
        self._player = 0
        self._round = 1
        self._rolls = 0
        self._roll: Counts | None = None
        self._first = False
        self._auto_winners: list[int] = []
        self._winners: tuple[int, ...] | None = None

    # -- what the state is -------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """Whose turn it is (D-PLAY-2)."""
        return self._player

    @property
    def winners(self) -> tuple[int, ...] | None:
        """The winners, in turn order, once the game is over; else None."""
        return self._winners

    def is_over(self) -> bool:
        """Whether the game has ended (D-END-1, D-FIRST-5)."""
        return self._winners is not None

    def mark(self, player: int, category: Category) -> Mark:
        """What ``player``'s ``category`` holds (D-SHEET-3, D-SHEET-4)."""
        if self._scored[player] & category.bit:
            return Mark.SCORED
        return Mark.SCRATCHED if self._scratched[player] & category.bit else Mark.OPEN

    def totals(self) -> tuple[int, ...]:
        """Each player's points so far, bonuses included (D-END-2)."""
        return tuple(sum(sheet.values()) for sheet in self._points)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (the dice source's position aside): the
        protocol's state snapshot (``docs/dice-contract.md``)."""
        return {
            "players": self.players,
            "rules": dict(self.rules.options),
            "round": self._round,
            "player": self._player,
            "rolls": self._rolls,
            "dice": list(dice_of(self._roll)) if self._roll else None,
            "first-roll": self._first,
            "sheets": [
                {c.value: {"mark": self.mark(p, c).value, "points": self._points[p][c]} for c in self.categories}
                for p in range(self.players)
            ],
            "totals": list(self.totals()),
            "pending-winners": list(self._auto_winners),
            "winners": None if self._winners is None else list(self._winners),
            "over": self._winners is not None,
        }

    # -- what may be done --------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now, in a fixed order: the first roll, or the
        re-rolls (fewest dice kept first), the scores and the scratches."""
        if self.is_over():
            return []
        if self._roll is None:
            return [Roll()]
        actions: list[Action] = list(_rerolls(self._roll)) if self._rolls < self.rules.max_rolls else []
        open_ = [c for c in self.categories if self.mark(self._player, c) is Mark.OPEN]
        generala = self.mark(self._player, Category.GENERALA)
        actions += [Score(c.value) for c in open_ if qualifies(c, self._roll, self.rules, generala)]
        actions += [Scratch(c.value) for c in open_]
        return actions

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the current player and return what happened; a refused
        action raises with a reason code and changes nothing."""
        if self.is_over():
            raise IllegalAction("game-over", "the game is over")
        if isinstance(action, Roll):
            return self._first_roll()
        if isinstance(action, Reroll):
            return self._reroll(action.keep)
        if isinstance(action, Score):
            return self._score(action.category)
        if isinstance(action, Scratch):
            return self._scratch(action.category)
        raise InvalidInput("bad-action", f"{action!r} is not an action of the dice game")

    # -- rolling -----------------------------------------------------------------------

    def _first_roll(self) -> list[Event]:
        """D-TURN-1: a turn begins with a roll of all five dice."""
        if self._roll is not None:
            raise IllegalAction("already-rolled", "the turn has begun: re-roll, score or scratch")
        return self._throw((0, 0, 0, 0, 0, 0))

    def _reroll(self, keep: Counts) -> list[Event]:
        """D-TURN-2, D-TURN-3: keep some dice, throw the others, within the rolls of a turn."""
        if self._roll is None:
            raise IllegalAction("not-rolled", "the turn begins with a roll of all five dice")
        if self._rolls >= self.rules.max_rolls:
            raise IllegalAction("no-rolls-left", f"a turn has at most {self.rules.max_rolls} rolls (D-TURN-3)")
        if len(keep) != 6 or any(type(k) is not int or k < 0 for k in keep) or not contains(self._roll, keep):
            raise IllegalAction("keep-not-in-roll", f"cannot keep {list(dice_of(keep))} of {list(dice_of(self._roll))}")
        if sum(keep) >= DICE:
            raise IllegalAction("nothing-thrown", "a re-roll throws at least one die; score or scratch instead")
        return self._throw(keep)

    def _throw(self, keep: Counts) -> list[Event]:
        thrown = DICE - sum(keep)
        new = counts_of(self._dice.throw(thrown))  # may refuse: nothing has changed yet
        self._roll = add(keep, new)
        self._rolls += 1
        self._first = self._rolls == 1 or (self.rules.first_roll_all_five and thrown == DICE)  # D-FIRST-2
        player = self._player
        events: list[Event] = [Rolled(player, self._rolls, thrown, dice_of(self._roll), self._first)]
        if self._first and self._wins_automatically(player):
            events.append(AutoWin(player))
            events += self._auto_win(player)
        return events

    def _wins_automatically(self, player: int) -> bool:
        """D-FIRST-3, D-FIRST-4: a first-roll five of a kind wins, unless Generala was
        scratched (or as the option auto-win says)."""
        assert self._roll is not None
        generala = self.mark(player, Category.GENERALA)
        return wins_automatically(self._roll, self.rules, generala, self.mark(player, Category.DOUBLE_GENERALA))

    def _auto_win(self, player: int) -> list[Event]:
        """D-FIRST-5: the game ends at once, or at the end of the round (auto-win-end)."""
        self._auto_winners.append(player)
        if not self.rules.auto_win_round_end:
            return self._finish()
        return self._end_turn()

    # -- the sheet ---------------------------------------------------------------------

    def _open_category(self, name: str) -> Category:
        if self._roll is None:
            raise IllegalAction("not-rolled", "the turn begins with a roll of all five dice")
        category = category_of(name, self.categories)
        if category is None:
            known = ", ".join(c.value for c in self.categories)
            raise IllegalAction("unknown-category", f"{name!r} is not a category of this game ({known})")
        if self.mark(self._player, category) is not Mark.OPEN:
            raise IllegalAction("category-closed", f"{name} is already {self.mark(self._player, category).value}")
        return category

    def _score(self, name: str) -> list[Event]:
        """D-SHEET-2, D-SHEET-4: score the last roll in an open category it qualifies for."""
        category = self._open_category(name)
        player, roll = self._player, self._roll
        assert roll is not None
        if not qualifies(category, roll, self.rules, self.mark(player, Category.GENERALA)):
            raise IllegalAction("does-not-qualify", f"{list(dice_of(roll))} does not qualify for {name}")
        total = points(category, roll, self.table, self._first)
        bonus = total - points(category, roll, self.table, first_roll=False)
        self._scored[player] |= category.bit
        self._points[player][category] = total
        return [Scored(player, name, total, bonus), *self._end_turn()]

    def _scratch(self, name: str) -> list[Event]:
        """D-SHEET-3: cross out an open category; it scores 0 for the rest of the game."""
        category = self._open_category(name)
        player = self._player
        self._scratched[player] |= category.bit
        return [Scratched(player, name), *self._end_turn()]

    # -- turns and the end -------------------------------------------------------------

    def _end_turn(self) -> list[Event]:
        """D-TURN-5, D-PLAY-2: the next player in turn order; the end of a round may end the game."""
        self._roll, self._rolls, self._first = None, 0, False
        self._player = (self._player + 1) % self.players
        if self._player:
            return []
        if self._auto_winners:  # D-FIRST-5 (auto-win-end=round-end)
            return self._finish()
        if self._round == len(self.categories):  # D-END-1
            return self._finish()
        self._round += 1
        return []

    def _finish(self) -> list[Event]:
        """D-END-2, D-END-3: the automatic winners, or the players with the most points."""
        totals = self.totals()
        if self._auto_winners:
            winners = tuple(sorted(self._auto_winners))
        else:
            best = max(totals)
            winners = tuple(p for p, total in enumerate(totals) if total == best)
        self._winners = winners
        self._roll, self._rolls, self._first = None, 0, False
        return [GameOver(winners, totals, bool(self._auto_winners))]
