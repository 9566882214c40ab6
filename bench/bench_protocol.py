"""Benchmark the JSON-lines protocol: round trips per second through ``generala-kit
serve``, and the whole conformance suite through ``serve`` against in-process.

Run: ``python3 bench/bench_protocol.py [--requests N] [--repeat K] [--suite-rounds R] [--no-suite]``.
Targets: at least 10,000 round trips/s (issue 4); the suite through ``serve`` at
most 1.25x its in-process time and ``serve``'s start-up (the CPU of a process that
answers ``hello`` and exits) at most 0.05 s (issue 12). The batch figure (issue 6)
is whole games sent as one ``batch`` request each. Figures are printed, never asserted.

The start-up and the whole-suite figures are taken on the kit as ``pip install``
leaves it (:func:`installed.installed_kit`): its packages in a ``site-packages`` of their own,
with the bytecode caches pip writes, whatever the shell says
(``PYTHONDONTWRITEBYTECODE``) and whatever an editable install adds to every start
(its import hook loads ``pathlib`` and ``re`` before the first line runs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.process_adapter import ProcessAdapter
from installed import installed_kit

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
POSITION = {"position": {"players": 4, "hands": [["9H", "3C", "JK"], ["10H", "2C"], ["KS", "4D"], ["5H"]], "leader": 0}}
DECK = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + ["JK"] * 2


def rate(label: str, count: int, call: Callable[[], object], repeat: int) -> float:
    """Best of ``repeat`` timings of ``count`` calls; prints and returns calls per second."""
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        for _ in range(count):
            call()
        best = min(best, time.perf_counter() - began)
    per_second = count / best
    print(f"  {label:<42} {per_second:>10,.0f} round trips/s  ({best * 1e6 / count:.1f} us each)")
    return per_second


def random_games(adapter: ProcessAdapter, games: int, seed: int = 1) -> int:
    """Play ``games`` random 4-player games (legal + apply each move); the requests sent."""
    rng = random.Random(seed)
    requests = 0
    for _ in range(games):
        deck = DECK[:]
        rng.shuffle(deck)
        adapter.start({"deal": {"players": 4, "dealer": 0, "deck": deck}, "rules": {"first-lead": "free"}})
        requests += 1
        while True:
            actions = adapter.legal()
            requests += 1
            if not actions:
                break
            adapter.apply(rng.choice(actions))
            requests += 1
    return requests


def game_steps(rng: random.Random) -> tuple[dict, list[dict]]:
    """A random 4-player game played on the in-process reference: its setup and its steps."""
    deck = DECK[:]
    rng.shuffle(deck)
    setup = {"deal": {"players": 4, "dealer": 0, "deck": deck}, "rules": {"first-lead": "free"}}
    reference = ReferenceAdapter()
    reference.start(setup)
    steps = []
    while actions := reference.legal():
        action = rng.choice(actions)
        reference.apply(action)
        steps.append({"cmd": "apply", "action": action})
    return setup, steps


def bench_batches(games: int, seed: int = 1) -> None:
    """Whole games sent as one ``batch`` each (events, state and legal actions after every step)."""
    rng = random.Random(seed)
    played = [game_steps(rng) for _ in range(games)]
    adapter = ProcessAdapter(SERVE)
    try:
        adapter.hello()
        began = time.perf_counter()
        for setup, steps in played:
            adapter.start(setup)
            adapter.batch(steps)
        spent = time.perf_counter() - began
    finally:
        adapter.close()
    steps = sum(len(s) for _, s in played)
    label = "random games, one batch each"
    print(
        f"  {label:<42} {games / spent:>10,.0f} games/s        "
        f"({steps / spent:,.0f} steps/s, {spent * 1e6 / steps:.1f} us per step with its state and legal)"
    )


def bench_round_trips(count: int, repeat: int) -> None:
    """Round trips per second of single requests, and of whole random games."""
    adapter = ProcessAdapter(SERVE)
    validating = ProcessAdapter(SERVE, validate=True)
    try:
        print(f"round trips through `generala-kit serve` ({count:,} requests, best of {repeat}):")
        adapter.start(POSITION)
        rate("legal (small reply)", count, adapter.legal, repeat)
        rate("state (full snapshot)", count // 4, adapter.state, repeat)
        validating.start(POSITION)
        rate("legal, --validate-messages", count // 4, validating.legal, repeat)
        began = time.perf_counter()
        requests = random_games(adapter, 40)
        spent = time.perf_counter() - began
        label = "random games (start/legal/apply mix)"
        print(f"  {label:<42} {requests / spent:>10,.0f} round trips/s  ({requests:,} requests)")
    finally:
        adapter.close()
        validating.close()
    bench_batches(200)


def startup_cpu(argv: list[str], send: bytes, env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one whole process fed ``send`` on stdin."""
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None
    proc.stdin.write(send)
    proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        print(f"  warning: {argv}: exit {proc.returncode}")
    return usage.ru_utime + usage.ru_stime


def bench_startup(repeat: int, kit: str, python: str, env: dict[str, str]) -> None:
    """``serve`` start-up: a process that answers ``hello`` and then sees the end of its input."""
    hello = b'{"id": 1, "cmd": "hello", "protocol": 1}\n'
    runs = {"python3 -c pass (the floor)": [python, "-c", "pass"], "generala-kit serve, hello, exit": [kit, "serve"]}
    cpu: dict[str, list[float]] = {label: [] for label in runs}
    for argv in runs.values():
        startup_cpu(argv, hello, env)  # a first run: any cache the kit keeps is written
    for _ in range(repeat):
        for label, argv in runs.items():
            cpu[label].append(startup_cpu(argv, hello, env))
    print(f"start-up of the installed kit (CPU: user + system, median of {repeat} alternated runs):")
    for label, seconds in cpu.items():
        print(f"  {label:<42} {statistics.median(seconds):8.3f} s  (target for serve: ≤ 0.05 s)")


def suite_seconds(kit: str, env: dict[str, str], extra: list[str]) -> tuple[float, int, float]:
    """The suite's own duration (from the JSON report), its number of cases and the
    CPU seconds of the whole run (the kit's process and the implementation's)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        proc = subprocess.Popen([kit, "check", f"--json={report}", *extra], cwd=tmp, stdout=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(proc.pid, 0)  # (its children's CPU included: they were waited for)
        proc.returncode = 0
        document = json.loads(report.read_text("utf-8"))
    if not document["ok"]:
        print(f"  warning: {extra or 'in-process'}: the run was not clean: {document['summary']}")
    return document["duration"], document["summary"]["total"], usage.ru_utime + usage.ru_stime


def bench_suite(repeat: int, kit: str, env: dict[str, str]) -> None:
    """The whole suite in-process and through ``serve`` (best of ``repeat`` alternated
    runs each); the CPU of each run too, and the load the machine was under (on a
    machine whose every core is busy, the implementation cannot answer requests
    sent ahead while the kit works, and the wall-clock ratio shows it). The ratio
    of each round's two runs is shown too (median and quartiles): on a shared host
    it moves by a tenth from round to round, which the best-of ratio hides. The best
    of 3 rounds (the default until 2026-12-05) printed 1.27 to 1.41 for the same
    code on one day; the best of 7 to 9, 1.21 to 1.30 over two days (1.30 under load)."""
    print(f"whole suite on the installed kit (generala-kit check, one process, best of {repeat} alternated runs):")
    serve = shlex.join([kit, "serve"])
    runs = {"in-process (reference adapter)": [], "through `generala-kit serve`": ["--adapter-cmd", serve]}
    timings: dict[str, list[tuple[float, int, float]]] = {label: [] for label in runs}
    for _ in range(repeat):
        for label, extra in runs.items():
            timings[label].append(suite_seconds(kit, env, extra))
    seconds = {}
    for label, found in timings.items():
        best, total, _ = min(found)
        cpu = min(run[2] for run in found)
        seconds[label] = best
        print(
            f"  {label:<42} {best:>8.2f} s for {total} cases ({best / max(total, 1) * 1e3:.2f} ms/case);"
            f" whole run {cpu:.2f} s CPU"
        )
    ratio = seconds["through `generala-kit serve`"] / seconds["in-process (reference adapter)"]
    load = f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    print(f"  serve / in-process: {ratio:.2f}x (target: ≤ 1.25x); {load}")
    paired = sorted(s[0] / i[0] for i, s in zip(*timings.values(), strict=True))
    low, high = paired[len(paired) // 4], paired[(3 * len(paired)) // 4]
    print(f"  the same, round by round: median {statistics.median(paired):.2f}x (quartiles {low:.2f}x–{high:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--suite-rounds",
        type=int,
        default=9,
        help="alternated rounds of the whole-suite comparison (default 9: fewer let the host's noise decide the best)",
    )
    parser.add_argument("--no-suite", action="store_true", help="skip the whole-suite comparison")
    args = parser.parse_args()
    with installed_kit() as (kit, python, env):
        bench_startup(max(args.repeat, 5) * 2, kit, python, env)
        bench_round_trips(args.requests, args.repeat)
        if not args.no_suite:
            bench_suite(args.suite_rounds, kit, env)


if __name__ == "__main__":
    main()
