"""Series of games (R-SERIES-*): eliminations, next dealer under each option, the champion."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from generala_reference.cards import Rules, Series
from generala_reference.errors import IllegalAction


def play_game(series: Series, rng: random.Random) -> list[tuple]:
    """Play the current game of ``series`` randomly; return all its events."""
    events: list[tuple] = []
    while not series.game.is_over:
        actions = series.game.legal_actions()
        events += series.apply(actions[rng.randrange(len(actions))])
    return events


def find_game(
    players: int, rules: Rules, want_loser: bool, also: Callable[[Series], bool] = lambda _: True
) -> tuple[Series, list[tuple]]:
    """The first seeded series whose first game has (or has not) a loser and satisfies ``also``."""
    for seed in range(5000):
        series = Series(players, 0, seed=seed, rules=rules)
        events = play_game(series, random.Random(seed))
        if (series.game.loser is not None) is want_loser and also(series):
            return series, events
    raise AssertionError("no such game in 5000 seeds")


def test_loser_is_eliminated_and_deals_without_playing() -> None:  # R-SERIES-1, R-SERIES-4, R-SERIES-5
    series, events = find_game(4, Rules.of(), want_loser=True)
    loser = series.game.loser
    assert ("eliminated", loser) in events and ("next-dealer", loser, False) in events
    deal = series.deal()
    assert deal == [("deal", loser, [p for p in range(4) if p != loser])]
    assert series.game.hands[loser] == 0 and series.game.dealt == 3
    assert series.game.to_move == next(p % 4 for p in range(loser + 1, loser + 5) if p % 4 != loser)


def test_last_out_deals_and_plays_under_fa() -> None:  # R-SERIES-4 (next-dealer=last-out)
    series, events = find_game(4, Rules.of("fa"), want_loser=True)
    last_out = series.game.went_out[-1]
    assert ("next-dealer", last_out, True) in events


@pytest.mark.parametrize("choice", ["same", "right", "last-out"])
def test_no_loser_dealer_options(choice: str) -> None:  # R-SERIES-2, R-SERIES-6
    """A game in which the three readings name three different dealers (dealer P1, so
    ``same`` is P1 and ``right`` P2; the last out is P3), so that each branch is told apart."""
    rules = Rules.of("default", {"no-loser-dealer": choice})
    _, events = find_game(3, rules, want_loser=False, also=lambda s: s.game.went_out[-1] == 2)
    expected = {"same": 0, "right": 1, "last-out": 2}[choice]
    assert events[-1] == ("next-dealer", expected, True)
    assert not any(e[0] == "eliminated" for e in events)


def test_series_runs_down_to_a_champion() -> None:  # R-SERIES-3
    rng = random.Random(9)
    series = Series(5, 2, seed=9)
    for _ in range(100):
        play_game(series, rng)
        if series.is_over:
            break
        series.deal()
    assert series.is_over and series.active == [series.champion]
    assert sorted([*series.eliminated, series.champion]) == list(range(5))
    with pytest.raises(IllegalAction, match="game-over"):
        series.deal()


@pytest.mark.parametrize(("option", "expected"), [("loser", "loser"), ("alternate", 1)])
def test_two_player_next_dealer(option: str, expected: object) -> None:  # R-SERIES-7
    """The dealer P1 loses, so ``loser`` names P1 and ``alternate`` P2."""
    rules = Rules.of("default", {"two-player-dealer": option})
    series, events = find_game(2, rules, want_loser=True, also=lambda s: s.game.loser == 0)
    dealer = 0 if expected == "loser" else expected
    assert events[-1] == ("next-dealer", dealer, True)
    assert not series.is_over and series.active == [0, 1]


def test_deal_refused_while_game_in_progress() -> None:
    series = Series(3, 0, seed=1)
    with pytest.raises(IllegalAction, match="game-not-over"):
        series.deal()


def test_bookkeeping_between_games() -> None:  # R-SERIES-9
    """``active`` in seat order, ``eliminated`` in the order of elimination, ``dealer`` the
    dealer of the game just played until the next ``deal``, ``next_dealer`` only in between."""
    rng = random.Random(3)
    series = Series(6, 4, seed=3)
    order: list[int] = []
    while not series.is_over:
        dealer = series.dealer
        assert series.snapshot()["next_dealer"] is None
        events = play_game(series, rng)
        order += [e[1] for e in events if e[0] == "eliminated"]
        after = series.snapshot()
        assert after["active"] == sorted(set(range(6)) - set(order)) and after["eliminated"] == order
        assert after["dealer"] == dealer
        if not series.is_over:
            assert after["next_dealer"] == next(e[1] for e in events if e[0] == "next-dealer")
            series.deal()
            assert series.snapshot()["dealer"] == after["next_dealer"]
    assert series.snapshot()["next_dealer"] is None and order != sorted(order)
