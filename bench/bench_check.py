"""Benchmark ``generala-kit check`` as a user waits for it: whole processes, wall time.

Prints three ratios measured in the same run (issue 12), medians of alternated runs:
``check`` with no case selected ÷ full ``check`` (target ≤ 0.25), full ``check`` ÷
``check --help`` (target ≤ 5), and ``check -n 2`` ÷ ``check`` (target < 1).

Run: ``python3 bench/bench_check.py [--repeat K]`` (under the shared lock, see the brief).
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

KIT = [sys.executable, "-m", "generala_conformance.cli"]
RUNS = {
    "check --help": ["check", "--help"],
    "check, no case selected (-k)": ["check", "-k", "no-case-has-this-name"],
    "check (full suite)": ["check"],
    "check -n 2 (full suite)": ["check", "-n", "2"],
}
EXPECTED_CODES = {"check, no case selected (-k)": 2}  # no case matched the filters


def wall(argv: list[str], cwd: str, label: str) -> float:
    """Seconds of one whole ``generala-kit`` process."""
    began = time.perf_counter()
    done = subprocess.run([*KIT, *argv], cwd=cwd, capture_output=True, check=False)
    spent = time.perf_counter() - began
    if done.returncode != EXPECTED_CODES.get(label, 0):
        tail = done.stdout.decode(errors="replace")[-400:] + done.stderr.decode(errors="replace")[-400:]
        print(f"  warning: {label}: exit {done.returncode}\n{tail}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="alternated runs of each command (5)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {label: [] for label in RUNS}
    with tempfile.TemporaryDirectory() as cwd:
        for _ in range(args.repeat):
            for label, argv in RUNS.items():
                times[label].append(wall(argv, cwd, label))
    median = {label: statistics.median(spent) for label, spent in times.items()}
    print(f"generala-kit check, whole processes (wall, median of {args.repeat} alternated runs):")
    for label, seconds in median.items():
        print(f"  {label:<32} {seconds:7.3f} s   (min {min(times[label]):.3f} s)")
    full = median["check (full suite)"]
    rows = [
        ("check with no case selected ÷ full check", median["check, no case selected (-k)"] / full, "≤ 0.25"),
        ("full check ÷ check --help", full / median["check --help"], "≤ 5"),
        ("check -n 2 ÷ check (full suite, wall)", median["check -n 2 (full suite)"] / full, "< 1"),
    ]
    for label, ratio, target in rows:
        print(f"  {label:<42} {ratio:6.2f}   (target {target})")


if __name__ == "__main__":
    main()
