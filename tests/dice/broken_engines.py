"""Deliberately broken dice engines: each the dice reference adapter with ONE clause
of ``spec/dice/clauses.yaml`` broken, the way a real implementer might — in its
scoring (the scoring level) or in its game (a :class:`DiceGame` subclass, the game
level). ``BROKEN`` maps a name to the clause it breaks and a zero-argument factory
(``generala-kit check --game dice --adapter tests/dice/broken_engines.py:NAME``).
Every clause is broken by one engine here, or listed in ``UNBREAKABLE`` with why.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_conformance.transport.adapter import BadRequest, Json, Refused
from generala_reference.dice import (
    CATEGORIES,
    Category,
    DiceGame,
    DiceRules,
    Mark,
    PointTable,
    Rolled,
    Score,
    Scored,
    Scratched,
    points,
)
from generala_reference.dice.rolls import dice_of
from generala_reference.errors import IllegalAction

Scorer = Callable[..., Json]


class Broken(NamedTuple):
    clause: str
    make: Callable[[], DiceReferenceAdapter]


# -- the scoring level: the reference's answer, broken ---------------------------------


def playing(**forced: str) -> Scorer:
    """A scorer that ignores the options ``forced`` and always plays these values."""

    def scorer(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
        return score_request({**request, "rules": {**request.get("rules", {}), **forced}}, table)

    return scorer


def altering(change: Callable[[Mapping[str, Any], Json], None]) -> Scorer:
    """A scorer that answers as the reference, then lets ``change`` alter the reply."""

    def scorer(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
        reply = score_request(request, table)
        change(request, reply)
        return reply

    return scorer


def _five(request: Mapping[str, Any]) -> bool:
    return len(set(request["dice"])) == 1


def _count_not_sum(request: Mapping[str, Any], reply: Json) -> None:
    for face, name in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), 1):
        if reply["scores"].get(name):
            reply["scores"][name] = request["dice"].count(face)


def _plus(category: str, extra: int) -> Callable[[Mapping[str, Any], Json], None]:
    def change(request: Mapping[str, Any], reply: Json) -> None:
        if reply["scores"].get(category) is not None:
            reply["scores"][category] += extra

    return change


def _generala_on_four(request: Mapping[str, Any], reply: Json) -> None:
    if "generala" in reply["scores"] and max(request["dice"].count(f) for f in range(1, 7)) == 4:
        reply["scores"]["generala"] = 50


def _double_without_generala(request: Mapping[str, Any], reply: Json) -> None:
    if _five(request) and "double-generala" in reply["scores"] and request["rules"].get("double-generala") != "off":
        reply["scores"]["double-generala"] = 100


def _scratched_still_wins(request: Mapping[str, Any], reply: Json) -> None:
    first = request["roll"] == 1
    if first and _five(request) and request.get("marks", {}).get("generala") == "scratched":
        reply["wins"] = True


def _no_bonus(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
    """D-FIRST-1 broken: the points of the rules' table without any first-roll bonus."""
    table = table or PointTable.of(DiceRules.of(overrides=request.get("rules", {})))
    plain = dataclasses.replace(table, bonus_straight=0, bonus_full_house=0, bonus_four_of_a_kind=0)
    return score_request(request, plain)


def _a_one_for_any_number(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
    """D-CAT-3 broken: under straight-ace-for-two=yes a 1 stands for any missing number, not only a 2."""
    reply = score_request(request, table)
    rules, scores = request.get("rules", {}), reply["scores"]
    if rules.get("straight-ace-for-two") != "yes" or 1 not in request["dice"] or scores.get("straight", 0) is not None:
        return reply  # no variation, no 1, a Straight already or closed
    rest = sorted(request["dice"])[1:]  # the roll without one of its 1s
    for face in range(3, 7):
        read = {**request, "dice": [face, *rest], "rules": {**rules, "straight-ace-for-two": "no"}}
        scores["straight"] = score_request(read, table)["scores"]["straight"]
        if scores["straight"] is not None:
            break
    return reply


def _variations_apart(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
    """D-CAT-3 broken (AMB-13): told straight-ace-for-two=yes, keeps the variations apart (alone)."""
    rules = dict(request.get("rules", {}))
    if rules.get("straight-ace-for-two") == "yes":
        rules["straight-ace-for-two"] = "alone"
    return score_request({**request, "rules": rules}, table)


def scoring(scorer: Scorer) -> Callable[[], DiceReferenceAdapter]:
    return lambda: DiceReferenceAdapter(scorer=scorer)


class DeclaresButIgnoresItsTable(DiceReferenceAdapter):
    """Declares a point table (Straight 25) and scores the text's 20 (D-SCORE-7)."""

    def hello(self) -> Json:
        hello = super().hello()
        for name in ("generala-points", "double-generala-points", "first-roll-bonus"):
            del hello["options"][name]
        return {**hello, "points": {"straight": 25}}


# -- the game level: a DiceGame subclass, broken ----------------------------------------


class SortsNothing(DiceGame):
    """D-PLAY-3: reports a roll in the order the dice were given, not as a multiset."""

    def _throw(self, keep: tuple[int, ...]) -> list[Any]:
        thrown = self._dice.values  # type: ignore[attr-defined]
        events = super()._throw(keep)  # type: ignore[arg-type]
        rolled = events[0]
        as_given = tuple(dice_of(keep)) + tuple(thrown)  # type: ignore[arg-type]
        events[0] = Rolled(rolled.player, rolled.roll, rolled.thrown, as_given, rolled.first)
        return events


class RollsTwice(DiceGame):
    """D-TURN-1: a second 'roll' in a turn throws all five again."""

    def _first_roll(self) -> list[Any]:
        return self._throw((0, 0, 0, 0, 0, 0))


class KeepsAnything(DiceGame):
    """D-TURN-2: keeps dice the roll does not show."""

    def _reroll(self, keep: tuple[int, ...]) -> list[Any]:
        if self._roll is None or self._rolls >= self.rules.max_rolls or sum(keep) >= 5:
            return super()._reroll(keep)  # type: ignore[arg-type]
        return self._throw(keep)  # type: ignore[arg-type]


class OneRollMore(DiceGame):
    """D-TURN-3: a turn has one roll more than the rules allow."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = copy.copy(self.rules)
        self.rules.max_rolls += 1


class MustUseEveryRoll(DiceGame):
    """D-TURN-4: no score or scratch before the last roll of the turn."""

    def _open_category(self, name: str) -> Category:
        if self._roll is not None and self._rolls < self.rules.max_rolls:
            raise IllegalAction("rolls-left", "use every roll first")
        return super()._open_category(name)


class ScratchKeepsTheTurn(DiceGame):
    """D-TURN-5: a scratch does not end the turn."""

    def _scratch(self, name: str) -> list[Any]:
        category = self._open_category(name)
        self._scratched[self._player] |= category.bit
        return [Scratched(self._player, name)]


class ScoresAnything(DiceGame):
    """D-SHEET-2: scores a roll in a category it does not qualify for."""

    def _score(self, name: str) -> list[Any]:
        category = self._open_category(name)
        player, roll = self._player, self._roll
        total = points(category, roll, self.table, self._first)  # type: ignore[arg-type]
        bonus = total - points(category, roll, self.table, first_roll=False)  # type: ignore[arg-type]
        self._scored[player] |= category.bit
        self._points[player][category] = total
        return [Scored(player, name, total, bonus), *self._end_turn()]


class Reopens(DiceGame):
    """Opens a closed category again when it is scored or scratched (``reopened``:
    the mark it forgets)."""

    reopened = Mark.SCRATCHED

    def _open_category(self, name: str) -> Category:
        category = next((c for c in self.categories if c.value == name), None)
        if category is not None and self._roll is not None and self.mark(self._player, category) is self.reopened:
            marks = self._scratched if self.reopened is Mark.SCRATCHED else self._scored
            marks[self._player] &= ~category.bit
        return super()._open_category(name)


class ReopensScratched(Reopens):
    """D-SHEET-3: a scratched category may still be scored."""


class ScoresTwice(Reopens):
    """D-SHEET-4: a scored category may be scored again."""

    reopened = Mark.SCORED


class AlwaysDouble(DiceGame):
    """D-SHEET-1: Double Generala is on the sheet even when it is off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.categories = CATEGORIES
        self._points = [dict.fromkeys(CATEGORIES, 0) for _ in range(self.players)]


class EndsARoundEarly(DiceGame):
    """D-END-1: the game ends one round before the sheets are full."""

    def _end_turn(self) -> list[Any]:
        if (self._player + 1) % self.players == 0 and self._round == len(self.categories) - 1:
            self._player = 0
            return self._finish()
        return super()._end_turn()


class FirstOfTheTiedWins(DiceGame):
    """D-END-2: of players tied for the most points, only the first wins."""

    def _finish(self) -> list[Any]:
        events = super()._finish()
        if not self._auto_winners and self._winners:
            self._winners = self._winners[:1]
            over = events[-1]
            events[-1] = type(over)(self._winners, over.totals, over.automatic)
        return events


class PointsBeatTheAutoWin(DiceGame):
    """D-END-3: after an automatic win, the most points still win."""

    def _finish(self) -> list[Any]:
        self._auto_winners.clear()
        events = super()._finish()
        return events


class NoRoundEnd(DiceGame):
    """D-FIRST-5: an automatic win always ends the game at once."""

    def _auto_win(self, player: int) -> list[Any]:
        self._auto_winners.append(player)
        return self._finish()


class NeverScoresDouble(DiceGame):
    """D-CAT-7: Double Generala is on the sheet (the engine offers it) but no roll qualifies for it."""

    def legal_actions(self) -> list[Any]:
        return [a for a in super().legal_actions() if a != Score("double-generala")]

    def _score(self, name: str) -> list[Any]:
        if self._open_category(name) is Category.DOUBLE_GENERALA:
            raise IllegalAction("does-not-qualify", "no roll qualifies for double-generala")
        return super()._score(name)


def _never_double(request: Mapping[str, Any], reply: Json) -> None:
    if reply["scores"].get("double-generala") is not None:
        reply["scores"]["double-generala"] = None


def game(cls: type[DiceGame]) -> Callable[[], DiceReferenceAdapter]:
    return lambda: DiceReferenceAdapter(game_class=cls)


class OnePlayerRefused(DiceReferenceAdapter):
    """D-PLAY-1: declares one-player games (the reference's hello) and refuses them."""

    def start(self, setup: Json) -> Json:
        if isinstance(setup, dict) and setup.get("players") == 1:
            self.game = None
            raise BadRequest("bad-players", "a game has 2 or more players")
        return super().start(setup)


class TwoOrMore(OnePlayerRefused):
    """Refuses one-player games, as the source says ("dois ou mais jogadores"), and does
    not declare them: no rule broken (AMB-12). ``game_class``: what else it breaks."""

    def hello(self) -> Json:
        return {k: v for k, v in super().hello().items() if k != "one_player_games"}


def two_or_more(cls: type[DiceGame] = DiceGame) -> Callable[[], DiceReferenceAdapter]:
    return lambda: TwoOrMore(game_class=cls)


class ChainedWinner(DiceGame):
    """D-END-2: picks the winner by comparing each player with the one before him (the
    last who beats his predecessor wins), not with the best so far."""

    def _finish(self) -> list[Any]:
        events = super()._finish()
        over = events[-1]
        if not self._auto_winners:
            totals, best = over.totals, 0
            for player in range(1, self.players):
                if totals[player] > totals[player - 1]:
                    best = player
            self._winners = (best,)
            events[-1] = type(over)(self._winners, totals, over.automatic)
        return events


class WritesTheWinningGenerala(DiceGame):
    """D-FIRST-3: writes Generala's points for a winning first-roll Generala (the turn
    ends with the win, without a score)."""

    def _auto_win(self, player: int) -> list[Any]:
        self._points[player][Category.GENERALA] += self.table.generala
        return super()._auto_win(player)


class AnyoneMayPlay(DiceReferenceAdapter):
    """D-PLAY-2: plays a move for whoever it names, out of turn too (for the player to move)."""

    def apply(self, action: str, player: int | None = None, dice: list[int] | None = None) -> list[Json]:
        return super().apply(action, None, dice)


class Recoded(DiceReferenceAdapter):
    """Refuses what the reference refuses, with the code :meth:`recode` gives for the
    reference's (``None``: no code); ``reason_codes`` is what its hello says of codes."""

    reason_codes = True

    def recode(self, code: str | None) -> str | None:
        return code

    def hello(self) -> Json:
        return {**super().hello(), "reason_codes": self.reason_codes}

    def apply(self, action: str, player: int | None = None, dice: list[int] | None = None) -> list[Json]:
        try:
            return super().apply(action, player, dice)
        except Refused as refused:
            raise Refused(self.recode(refused.code), refused.message) from None


class SaysNoCode(Recoded):
    """D-TURN-3: claims reason codes and refuses a re-roll beyond the last without one."""

    def recode(self, code: str | None) -> str | None:
        return None if code == "no-rolls-left" else code


class SaysAnotherCode(Recoded):
    """D-TURN-3: claims reason codes and refuses a re-roll beyond the last as if the turn had not begun."""

    def recode(self, code: str | None) -> str | None:
        return "not-rolled" if code == "no-rolls-left" else code


class WrongCodesDisclaimed(Recoded):
    """Says ``"reason_codes": false`` and refuses every action with a code of its own:
    its refusals are checked without their code (``docs/dice-contract.md``)."""

    reason_codes = False

    def recode(self, code: str | None) -> str | None:
        return "refused"


BROKEN: dict[str, Broken] = {
    "one-player-refused": Broken("D-PLAY-1", OnePlayerRefused),
    "says-no-code": Broken("D-TURN-3", SaysNoCode),
    "says-another-code": Broken("D-TURN-3", SaysAnotherCode),
    "two-or-more-scores-twice": Broken("D-SHEET-4", two_or_more(ScoresTwice)),
    "two-or-more-one-roll-more": Broken("D-TURN-3", two_or_more(OneRollMore)),
    "chained-winner": Broken("D-END-2", game(ChainedWinner)),
    "writes-the-winning-generala": Broken("D-FIRST-3", game(WritesTheWinningGenerala)),
    "anyone-may-play": Broken("D-PLAY-2", AnyoneMayPlay),
    "sorts-nothing": Broken("D-PLAY-3", game(SortsNothing)),
    "rolls-twice": Broken("D-TURN-1", game(RollsTwice)),
    "keeps-anything": Broken("D-TURN-2", game(KeepsAnything)),
    "one-roll-more": Broken("D-TURN-3", game(OneRollMore)),
    "must-use-every-roll": Broken("D-TURN-4", game(MustUseEveryRoll)),
    "scratch-keeps-the-turn": Broken("D-TURN-5", game(ScratchKeepsTheTurn)),
    "zero-everywhere": Broken("D-CAT-1", scoring(playing(**{"number-zero": "score"}))),
    "no-wrap": Broken("D-CAT-2", scoring(playing(straight="plain"))),
    "no-ace-for-two": Broken("D-CAT-3", scoring(playing(**{"straight-ace-for-two": "no"}))),
    "a-one-for-any-number": Broken("D-CAT-3", scoring(_a_one_for_any_number)),
    "variations-apart": Broken("D-CAT-3", scoring(_variations_apart)),
    "five-is-full": Broken("D-CAT-4", scoring(playing(**{"full-house-five": "yes"}))),
    "exactly-four": Broken("D-CAT-5", scoring(playing(**{"four-of-a-kind-five": "no"}))),
    "generala-on-four": Broken("D-CAT-6", scoring(altering(_generala_on_four))),
    "double-without-generala": Broken("D-CAT-7", scoring(altering(_double_without_generala))),
    "offers-double-never-scores-it": Broken(
        "D-CAT-7", lambda: DiceReferenceAdapter(NeverScoresDouble, altering(_never_double))
    ),
    "counts-not-sums": Broken("D-SCORE-1", scoring(altering(_count_not_sum))),
    "straight-25": Broken("D-SCORE-2", scoring(altering(_plus("straight", 5)))),
    "full-house-35": Broken("D-SCORE-3", scoring(altering(_plus("full-house", 5)))),
    "four-45": Broken("D-SCORE-4", scoring(altering(_plus("four-of-a-kind", 5)))),
    "generala-always-50": Broken("D-SCORE-5", scoring(playing(**{"generala-points": "50"}))),
    "double-always-100": Broken("D-SCORE-6", scoring(playing(**{"double-generala-points": "100"}))),
    "declares-but-ignores-its-table": Broken("D-SCORE-7", DeclaresButIgnoresItsTable),
    "no-bonus": Broken("D-FIRST-1", scoring(_no_bonus)),
    "every-throw-of-five-is-first": Broken("D-FIRST-2", scoring(playing(**{"first-roll": "all-five"}))),
    "no-automatic-win": Broken("D-FIRST-3", scoring(playing(**{"auto-win": "never"}))),
    "scratched-generala-wins": Broken("D-FIRST-4", scoring(altering(_scratched_still_wins))),
    "no-round-end": Broken("D-FIRST-5", game(NoRoundEnd)),
    "always-double": Broken("D-SHEET-1", game(AlwaysDouble)),
    "scores-anything": Broken("D-SHEET-2", game(ScoresAnything)),
    "reopens-scratched": Broken("D-SHEET-3", game(ReopensScratched)),
    "scores-twice": Broken("D-SHEET-4", game(ScoresTwice)),
    "ends-a-round-early": Broken("D-END-1", game(EndsARoundEarly)),
    "first-of-the-tied-wins": Broken("D-END-2", game(FirstOfTheTiedWins)),
    "points-beat-the-auto-win": Broken("D-END-3", game(PointsBeatTheAutoWin)),
}

PASSING: dict[str, Callable[[], DiceReferenceAdapter]] = {
    "two-or-more": two_or_more(),
    "wrong-codes-disclaimed": WrongCodesDisclaimed,
}
"""Engines that differ from the reference only where their hello allows it: each passes
the whole dice suite (one-player games refused and not declared; reason codes disclaimed)."""

UNBREAKABLE: dict[str, str] = {}
"""Clauses no engine breaks alone, with why (none: every dice clause has its engine)."""

for _name, _broken in BROKEN.items():  # a factory per engine, for --adapter FILE:NAME
    globals()[_name.replace("-", "_")] = _broken.make
for _name, _make in PASSING.items():
    globals()[_name.replace("-", "_")] = _make
