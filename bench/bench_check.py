"""Benchmark ``generala-kit check`` as a user waits for it: whole processes, wall time.

Prints, for each run below, the median and the best of ``--repeat`` alternated runs,
wall time and CPU time (user + system: on a machine shared with other work the
CPU time moves less than the wall time):
the card suite in-process and through ``serve`` (issue 35 keeps two budgets for them:
under 1.5 s and 2.5 s on the project's 2-core machine), the dice suite both ways, and
``check -n 2``, and both suites with ``--validate-messages`` (every message checked
against the protocol schema). Every process runs the kit as ``pip install`` leaves it
(:func:`installed.installed_kit`: its bytecode written once, no editable install's
import hook). Figures are printed, never asserted.

Run: ``python3 bench/bench_check.py [--repeat K] [--only TEXT]``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import time

from installed import installed_kit

RUNS = {
    "cards in-process": ["check"],
    "cards through serve": ["check", "--adapter-cmd", "{kit} serve"],
    "dice in-process": ["check", "--game", "dice"],
    "dice through serve": ["check", "--game", "dice", "--adapter-cmd", "{kit} serve --game dice"],
    "cards -n 2": ["check", "-n", "2"],
    "cards, validated": ["check", "--validate-messages"],
    "dice, validated": ["check", "--game", "dice", "--validate-messages"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="alternated runs of each (default 5)")
    parser.add_argument("--only", default="", help="only the runs whose name holds this text (e.g. in-process)")
    args = parser.parse_args()
    runs = {name: argv for name, argv in RUNS.items() if args.only in name}
    with installed_kit() as (kit, _python, env):
        times: dict[str, list[float]] = {name: [] for name in runs}
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.repeat):
            for name, argv in runs.items():
                started, used = time.perf_counter(), _children_cpu()
                command = [kit, *(a.format(kit=kit) for a in argv)]
                done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
                times[name].append(time.perf_counter() - started)
                cpu[name].append(_children_cpu() - used)
                if done.returncode != 0:
                    raise SystemExit(f"{name}: exit {done.returncode}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    for name, seconds in times.items():
        print(
            f"{name:<20} median {statistics.median(seconds):.2f} s   best {min(seconds):.2f} s"
            f"   CPU median {statistics.median(cpu[name]):.2f} s   best {min(cpu[name]):.2f} s"
        )


def _children_cpu() -> float:
    """The CPU time (user + system) of the child processes waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
