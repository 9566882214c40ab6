"""Benchmark of the fuzzer (issue 12): 4-player games/s with every action compared,
in-process and through ``generala-kit serve``, each figure a ratio measured in
the same run.

Run: ``python bench/bench_fuzz.py [--games N] [--rounds R]``. It prints, as the
median of ``R`` alternated rounds:

- ``engine self-play``: the reference's own random 4-player games/s (no fuzzer);
- ``in-process fuzz, 1 job``: target >= 1,200 games/s, and ``÷ self-play`` >= 0.2;
- ``serve fuzz, 1 job``: one ``serve`` process for the whole campaign (``batch``
  requests); target ``÷ in-process`` >= 0.6;
- ``serve fuzz, 2 jobs``: a pool of two workers, each keeping one ``serve``
  process for the whole campaign (for information: two cores are shared).
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from collections.abc import Callable

from bench_engine import self_play
from generala_conformance import games
from generala_conformance.games.cards.fuzz import campaign
from generala_conformance.games.cards.fuzz.differential import Settings
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.impl_options import OpenAdapter

FOUR = Settings(players=(4,), endgame_rate=0.0, series_rate=0.0)
SERVE = f"{shlex.quote(sys.executable)} -m generala_conformance.cli serve"


def fuzz_rate(factory: Callable[[], object], games: int, jobs: int = 1) -> float:
    """Games/s of a campaign of ``games`` 4-player games (its implementation's start included)."""
    started = time.perf_counter()
    played = 0
    for chunk in campaign.run(factory, 1, range(games), FOUR, jobs=jobs):
        played += chunk.games
        assert not chunk.found, "the reference diverged from itself"
    return played / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per in-process round (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="alternated rounds, the median is shown (default 3)")
    args = parser.parse_args()
    served = OpenAdapter(games.get("cards"), adapter_cmd=SERVE)
    rows: dict[str, list[float]] = {"self": [], "fuzz": [], "serve": [], "serve2": []}
    for _ in range(args.rounds):
        rows["self"].append(self_play(4, 1.5)[0])
        rows["fuzz"].append(fuzz_rate(ReferenceAdapter, args.games))
        rows["serve"].append(fuzz_rate(served, args.games // 2))
        rows["serve2"].append(fuzz_rate(served, args.games // 2, jobs=2))
    own, fuzz, serve, serve2 = (statistics.median(rows[k]) for k in ("self", "fuzz", "serve", "serve2"))
    print(f"engine self-play, 4 players          {own:8.0f} games/s")
    print(f"in-process fuzz, 1 job, 4 players    {fuzz:8.0f} games/s   (target >= 1,200)")
    print(f"  in-process fuzz ÷ self-play        {fuzz / own:8.2f}           (target >= 0.2)")
    print(f"serve fuzz, 1 job, 4 players         {serve:8.0f} games/s")
    print(f"  serve fuzz ÷ in-process fuzz       {serve / fuzz:8.2f}           (target >= 0.6)")
    print(f"serve fuzz, 2 jobs, 4 players        {serve2:8.0f} games/s   (2 shared cores)")


if __name__ == "__main__":
    main()
