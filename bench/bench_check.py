"""Benchmark ``generala-kit check`` as a user waits for it: whole processes, wall time.

Prints three ratios measured in the same run (issue 12), medians of alternated runs:
``check`` with no case selected ÷ full ``check`` (target ≤ 0.25), full ``check`` ÷
``check --help`` (target ≤ 5), and ``check -n 2`` ÷ ``check`` (target < 1).

For information it also prints floors, whole processes too: ``python -c pass``,
``import pytest`` alone, and the fixture cases two ways — ``check -k fixtures`` (the
suite's runner, pytest) and a plain loop over the same cases with the same adapter,
handshake and rules (:func:`plain_loop`): what the runner itself costs.

Every process runs the kit as ``pip install`` leaves it (:func:`installed.installed_kit`,
as ``bench_protocol.py``'s start-up figures): its bytecode written once, no editable
install's import hook, whatever the shell says.

Run: ``python3 bench/bench_check.py [--repeat K]`` (under the shared lock, see the brief).
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time

from installed import installed_kit

RUNS = {
    "check --help": ["check", "--help"],
    "check, no case selected (-k)": ["check", "-k", "no-case-has-this-name"],
    "check (full suite)": ["check"],
    "check -n 2 (full suite)": ["check", "-n", "2"],
    "check --game dice (information)": ["check", "--game", "dice"],
}
EXPECTED_CODES = {"check, no case selected (-k)": 2}  # no case matched the filters
FLOORS = {
    "python -c pass": ["{python}", "-c", "pass"],
    "python -c 'import pytest'": ["{python}", "-c", "import pytest"],
    "check -k fixtures (pytest)": ["{kit}", "check", "-k", "fixtures"],
    "the same cases, a plain loop": ["{python}", __file__, "--plain-loop"],
}
"""Whole processes, ``{python}`` and ``{kit}`` standing for the installed kit's python and ``generala-kit``."""


def plain_loop() -> None:
    """Run the card game's fixture cases (the kit's, from the cache, and the perft table's)
    on the reference adapter as ``check`` does (handshake, the rules each case needs, the
    declared setups), without pytest (nor the plugin, which imports it)."""
    from generala_conformance.core.sent_rules import rules_to_send
    from generala_conformance.games.cards.case_cache import bundled_cases
    from generala_conformance.games.cards.perft import perft_cases
    from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
    from generala_conformance.transport import handshake
    from generala_conformance.transport.declared import Declared

    adapter = ReferenceAdapter()
    hello = handshake.shake(adapter, "the reference", "cards")
    for case in [*bundled_cases(), *perft_cases()]:
        case.run(Declared(adapter, hello), rules_to_send(dict(case.requires), hello["options"], None, spec="cards"))


def wall(argv: list[str], cwd: str, label: str, env: dict[str, str]) -> float:
    """Seconds of one whole process (``argv``: a command line, run in ``env``)."""
    began = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, capture_output=True, check=False, env=env)
    spent = time.perf_counter() - began
    if done.returncode != EXPECTED_CODES.get(label, 0):
        tail = done.stdout.decode(errors="replace")[-400:] + done.stderr.decode(errors="replace")[-400:]
        print(f"  warning: {label}: exit {done.returncode}\n{tail}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="alternated runs of each command (5)")
    parser.add_argument("--plain-loop", action="store_true", help=argparse.SUPPRESS)  # one floor's process
    args = parser.parse_args()
    if args.plain_loop:
        plain_loop()
        return
    times: dict[str, list[float]] = {label: [] for label in [*RUNS, *FLOORS]}
    with installed_kit() as (kit, python, env), tempfile.TemporaryDirectory() as cwd:
        commands = {label: [kit, *argv] for label, argv in RUNS.items()}
        commands |= {label: [part.format(kit=kit, python=python) for part in argv] for label, argv in FLOORS.items()}
        for label, argv in commands.items():  # a first run of each: any cache the kit keeps is written
            wall(argv, cwd, label, env)
        for _ in range(args.repeat):
            for label, argv in commands.items():
                times[label].append(wall(argv, cwd, label, env))
    median = {label: statistics.median(spent) for label, spent in times.items()}
    print(f"generala-kit check, whole processes (wall, median of {args.repeat} alternated runs):")
    for label in RUNS:
        print(f"  {label:<32} {median[label]:7.3f} s   (min {min(times[label]):.3f} s)")
    full = median["check (full suite)"]
    rows = [
        ("check with no case selected ÷ full check", median["check, no case selected (-k)"] / full, "≤ 0.25"),
        ("full check ÷ check --help", full / median["check --help"], "≤ 5"),
        ("check -n 2 ÷ check (full suite, wall)", median["check -n 2 (full suite)"] / full, "< 1"),
    ]
    for label, ratio, target in rows:
        print(f"  {label:<42} {ratio:6.2f}   (target {target})")
    print("floors, for information (the same runs):")
    for label in FLOORS:
        print(f"  {label:<32} {median[label]:7.3f} s")
    runner = median["check -k fixtures (pytest)"] - median["the same cases, a plain loop"]
    print(f"  the runner's own cost for the fixture cases: {runner:.3f} s")


if __name__ == "__main__":
    main()
