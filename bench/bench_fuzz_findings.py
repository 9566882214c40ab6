"""The fuzzer's finding rates on the kit's deliberately broken engines
(``tests/broken_engines.py``): for each engine, how many games of a campaign
diverge, the first one that does and where it shows, and the totals.

Run from the repository root: ``python bench/bench_fuzz_findings.py [--games N] [--seed S]``
(default 400 games of seed 0, the bound of ``tests/integration/test_broken_engines_fuzz.py``).
Run it before and after a change to the fuzzer's comparison: every figure must
stay (a divergence found later, or not at all, is a lost finding).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generala_conformance.games.cards.fuzz import campaign
from generala_conformance.games.cards.fuzz.differential import Settings

from tests.broken_engines import BROKEN, factory_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per engine (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    args = parser.parse_args()
    started = time.perf_counter()
    found_engines = diverging = 0
    for name in sorted(BROKEN):
        found = [
            f
            for chunk in campaign.run(factory_for(name), args.seed, range(args.games), Settings(), keep_going=True)
            for f in chunk.found
        ]
        diverging += len(found)
        found_engines += bool(found)
        first = (
            f"first: game {found[0].game}, {found[0].mismatch.what} at step {found[0].mismatch.index + 1}"
            if found
            else "not found"
        )
        print(f"{name:<40} {len(found):>4}/{args.games} games diverge   {first}")
    print(
        f"engines found: {found_engines}/{len(BROKEN)}; diverging games: {diverging} "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
