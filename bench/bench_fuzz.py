"""Benchmark of the fuzzer: 4-player games/s with every action compared (legal
set, events, state), in-process and over the JSON-lines protocol, with 1 and 2 jobs.

Run: ``python bench/bench_fuzz.py [--games N]``. Targets: in-process >= 1,000
4-player games/s; through the protocol (``batch`` requests) >= 150 games/s on one
job. A campaign starts a fresh implementation for every chunk of
``campaign.CHUNK`` games, so the protocol figures are also given for one process
playing every game (no restarts), with and without batches.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from generala_conformance.fuzz import campaign
from generala_conformance.fuzz.differential import Settings, run_games
from generala_conformance.transport.impl_options import OpenAdapter
from generala_conformance.transport.process_adapter import ProcessAdapter
from generala_conformance.transport.reference_adapter import ReferenceAdapter

FOUR = Settings(players=(4,), endgame_rate=0.0, series_rate=0.0)
SERVE = f"{shlex.quote(sys.executable)} -m generala_conformance.cli serve"


class StepByStep(ProcessAdapter):
    """``generala-kit serve`` asked request by request (apply, state, legal), as
    for an implementation that does not offer batches."""

    def _batches(self) -> bool:
        return False


def measure(label: str, factory, games: int, jobs: int = 1, settings: Settings = FOUR) -> None:
    started = time.perf_counter()
    played = actions = 0
    for chunk in campaign.run(factory, 1, range(games), settings, jobs=jobs):
        played += chunk.games
        actions += chunk.actions
        assert not chunk.found, "the reference diverged from itself"
    elapsed = time.perf_counter() - started
    print(
        f"fuzz {label:<28} {played:>5} games {elapsed:6.2f} s: "
        f"{played / elapsed:7.0f} games/s, {actions / elapsed:8.0f} actions/s"
    )


def one_process(label: str, adapter: ProcessAdapter, games: int) -> None:
    """Every game on one implementation process (its start included)."""
    started = time.perf_counter()
    try:
        actions = sum(result.actions for result in run_games(lambda: adapter, 1, range(games), FOUR))
    finally:
        adapter.close()
    elapsed = time.perf_counter() - started
    print(
        f"fuzz {label:<28} {games:>5} games {elapsed:6.2f} s: "
        f"{games / elapsed:7.0f} games/s, {actions / elapsed:8.0f} actions/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="in-process games (default 1000)")
    args = parser.parse_args()
    measure("in-process, 4p, 1 job", ReferenceAdapter, args.games)
    measure("in-process, 4p, 2 jobs", ReferenceAdapter, args.games, jobs=2)
    measure("in-process, mixed 2-10p", ReferenceAdapter, args.games, settings=Settings())
    served = max(args.games // 4, 50)
    measure("protocol, 4p, 1 job", OpenAdapter(adapter_cmd=SERVE), served)
    measure("protocol, 4p, 2 jobs", OpenAdapter(adapter_cmd=SERVE), served, jobs=2)
    one_process("protocol, 4p, one process", ProcessAdapter(SERVE), served)
    one_process("protocol, 4p, no batches", StepByStep(SERVE), max(args.games // 10, 20))


if __name__ == "__main__":
    main()
