"""Measure ``generala-kit check`` against every hostile implementation (issue 9).

Run: ``python3 bench/bench_hostile.py [--only NAME]``. For each kind of
``tests/hostile_runs.py`` it prints the outcomes of the three kit-test cases, the
wall time of the whole run (the kit's start included), the peak memory (the
largest resident set of the kit and of the implementation processes it reaped)
and the size of the JSON report; then the worst time and memory. Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.hostile_runs import CASE_IDS, KINDS, left_behind, run_check


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="NAME", help="only the kinds whose name contains NAME")
    args = parser.parse_args()
    rows = []
    print(f"{'kind':<30} {'follow/refuse/joker':<22} {'seconds':>8} {'peak MiB':>9} {'report KiB':>11} left")
    for kind in KINDS:
        if args.only and args.only not in kind.name:
            continue
        with tempfile.TemporaryDirectory() as folder:
            run = run_check(kind.script, Path(folder), *kind.options)
        outcomes = {c["id"]: c["outcome"] for c in run.document["cases"]}
        shown = "/".join(outcomes.get(i, "-") for i in CASE_IDS)
        left = len(left_behind(run.pids))
        rows.append((kind.name, run.seconds, run.peak_kib))
        print(
            f"{kind.name:<30} {shown:<22} {run.seconds:>8.2f} {run.peak_kib / 1024:>9.1f} "
            f"{len(run.report) / 1024:>11.1f} {left}"
        )
    if rows:
        slow = max(rows, key=lambda r: r[1])
        big = max(rows, key=lambda r: r[2])
        print(f"worst time: {slow[1]:.2f} s ({slow[0]}); worst peak memory: {big[2] / 1024:.1f} MiB ({big[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
