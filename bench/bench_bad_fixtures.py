"""Benchmark of the refusal of bad fixtures: for every kind of ``tests/bad_fixtures.py``
(both games), the time to load and refuse it in-process, and the wall time and peak
memory (max RSS) of a whole ``generala-kit check --game G --cases DIR`` on it; prints
the worst of each.

Run from the worktree: ``python bench/bench_bad_fixtures.py [--check all|none|KIND,…]``
(default: every kind through ``check`` as well, about 2 s each).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generala_conformance.core.input_files import InputError
from generala_conformance.games.cards.fixtures import load_all
from generala_conformance.games.dice import cases as dice_cases

from tests.bad_fixtures import BAD, BAD_DICE

LOADERS = {"cards": load_all, "dice": dice_cases.load_all}


def load_time(root: Path, game: str) -> tuple[float, str]:
    """Seconds to refuse the fixtures of ``root`` in-process, and the error's code."""
    began = time.perf_counter()
    try:
        LOADERS[game](root)
    except InputError as error:
        return time.perf_counter() - began, error.code
    raise SystemExit(f"{root}: loaded, but it is a bad fixture")


def check_run(root: Path, game: str) -> tuple[float, int, int]:
    """Wall seconds, exit code and max RSS (KiB) of ``generala-kit check --game game --cases root``."""
    argv = [sys.executable, "-m", "generala_conformance.cli", "check", "--game", game, "--cases", str(root)]
    began = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - began, process.returncode, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", default="all", help="kinds to run through check: all, none or KIND,KIND")
    args = parser.parse_args()
    kinds = BAD + BAD_DICE
    through = {b.kind for b in kinds} if args.check == "all" else set(args.check.split(",")) - {"none"}
    worst_load, worst_wall, worst_rss = (0.0, ""), (0.0, ""), (0, "")
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'kind':<30} {'code':<22} {'load ms':>8} {'check s':>8} {'max RSS MiB':>12}")
        for bad in kinds:
            name = f"{bad.game}/{bad.kind}"
            root = bad.build(Path(tmp) / bad.game / bad.kind / "cases")
            seconds, code = load_time(root, bad.game)
            worst_load = max(worst_load, (seconds, name))
            row = f"{name:<30} {code:<22} {seconds * 1000:>8.1f}"
            if bad.kind in through:
                wall, exit_code, rss = check_run(root, bad.game)
                assert exit_code not in (0, 5), f"{bad.kind}: check exited {exit_code}"
                worst_wall, worst_rss = max(worst_wall, (wall, name)), max(worst_rss, (rss, name))
                row += f" {wall:>8.2f} {rss / 1024:>12.1f}"
            print(row)
    print(f"{len(kinds)} kinds; worst load {worst_load[0] * 1000:.1f} ms ({worst_load[1]})", end="")
    if through:
        print(f"; worst check {worst_wall[0]:.2f} s ({worst_wall[1]}), {worst_rss[0] / 1024:.1f} MiB ({worst_rss[1]})")
    else:
        print()


if __name__ == "__main__":
    main()
