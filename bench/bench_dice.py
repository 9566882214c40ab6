"""Benchmark of the dice reference engine on one core: scoring of all 252 rolls in
every category (rolls/s), and random self-play games/s and actions/s for 1, 2 and
4 players under the default rules.

Run: ``python bench/bench_dice.py [--seconds S] [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import time

from generala_reference.dice import ALL_ROLLS, DiceGame, DiceRules, PointTable, SeededDice, score_roll


def scoring(seconds: float) -> float:
    """Rolls scored per second (all categories of one roll per call)."""
    rules = DiceRules.of()
    table = PointTable.of(rules)
    scored = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for roll in ALL_ROLLS:
            score_roll(roll, rules, table, first_roll=True)
        scored += len(ALL_ROLLS)
    return scored / (time.perf_counter() - started)


def self_play(players: int, games: int) -> tuple[float, float]:
    """Games/s and actions/s of ``games`` seeded random games (random legal actions)."""
    rng = random.Random(players)
    rules = DiceRules.of()
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        game = DiceGame(players, SeededDice(seed), rules)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time of the scoring measure (default 2)")
    parser.add_argument("--games", type=int, default=500, help="games per table size (default 500)")
    args = parser.parse_args()
    print(f"dice scoring: {scoring(args.seconds):10.0f} rolls/s (11 categories each)")
    for players in (1, 2, 4):
        games, actions = self_play(players, args.games)
        print(f"dice self-play {players} players: {games:8.0f} games/s  {actions:10.0f} actions/s")


if __name__ == "__main__":
    main()
