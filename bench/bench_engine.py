"""Benchmark of the reference engine on one core: random self-play games/s and
actions/s for 2, 4 and 10 players, and the cost of a snapshot and of from_snapshot.

Run: ``python bench/bench_engine.py [--seconds S]``. Target: >= 3,000 4-player games/s.
"""

from __future__ import annotations

import argparse
import random
import time

from generala_reference.cards import Game, from_snapshot, snapshot


def self_play(players: int, seconds: float) -> tuple[float, float]:
    """Games/s and actions/s of seeded random games for ``seconds``."""
    rng = random.Random(players)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = Game.from_deal(players, games % players, seed=games)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, actions / elapsed


def per_call(fn, repeat: int = 20000) -> float:
    """Microseconds per call of ``fn``."""
    started = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - started) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per table size (default 2)")
    args = parser.parse_args()
    for players in (2, 4, 10):
        games, actions = self_play(players, args.seconds)
        print(f"engine self-play {players:>2} players: {games:8.0f} games/s  {actions:10.0f} actions/s")
    game = Game.from_deal(4, 0, seed=1)
    for _ in range(20):  # a mid-game position
        game.apply(game.legal_actions()[0])
    data = snapshot(game)
    print(f"snapshot (4 players, mid-game):      {per_call(lambda: snapshot(game)):6.1f} us")
    print(f"from_snapshot (4 players, mid-game): {per_call(lambda: from_snapshot(data)):6.1f} us")
    print(f"Game.copy:                           {per_call(game.copy):6.2f} us")


if __name__ == "__main__":
    main()
