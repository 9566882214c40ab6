"""Memory of a long fuzzing campaign (issue 12): the resident set size of the kit's
process, in-process on the reference, sampled after every tenth of a campaign of
100,000 4-player games.

Run: ``python bench/bench_fuzz_memory.py [--games N]``. It prints each sample and
``RSS at the end ÷ RSS after the first tenth`` (target: flat, <= 1.05). Linux only
(it reads ``/proc/self/status``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generala_conformance.games.cards.fuzz import campaign
from generala_conformance.games.cards.fuzz.differential import Settings
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

FOUR = Settings(players=(4,), endgame_rate=0.0, series_rate=0.0)


def rss_mb() -> float:
    """This process's resident set size, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the campaign (default 100,000)")
    args = parser.parse_args()
    tenth = max(args.games // 10, campaign.CHUNK)
    started, played, samples = time.perf_counter(), 0, []
    print(f"before the campaign: RSS {rss_mb():6.1f} MB")
    for chunk in campaign.run(ReferenceAdapter, 1, range(args.games), FOUR):
        assert not chunk.found, "the reference diverged from itself"
        played += chunk.games
        if played % tenth == 0 or played == args.games:
            samples.append(rss_mb())
            rate = played / (time.perf_counter() - started)
            print(f"{played:>7} games: RSS {samples[-1]:6.1f} MB   ({rate:.0f} games/s)")
    print(
        f"memory of a {played:,}-game campaign: RSS at the end ÷ after the first tenth "
        f"{samples[-1] / samples[0]:.3f}   (target: flat, <= 1.05)"
    )


if __name__ == "__main__":
    main()
