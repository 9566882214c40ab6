"""Benchmark of perft: sequences/s on the reference engine (fast path, Game.copy) and
through an adapter (generic path: every node restarted from its snapshot),
in-process and over the JSON-lines protocol.

Run: ``python bench/bench_perft.py``. Target: depth 4 on a 4-player opening well under 1 s.
"""

from __future__ import annotations

import random
import shlex
import sys
import time

from generala_conformance.suite.notation import CANONICAL_DECK
from generala_conformance.suite.perft import AdapterSearch, perft_game
from generala_conformance.transport.process_adapter import ProcessAdapter
from generala_conformance.transport.reference_adapter import ReferenceAdapter
from generala_reference import Game, Rules


def fast(players: int, depth: int, rules: Rules) -> None:
    game = Game.from_deal(players, 0, seed=players, rules=rules)
    started = time.perf_counter()
    count = perft_game(game, depth)
    elapsed = time.perf_counter() - started
    print(
        f"fast    {players:>2}p {rules['first-lead']:<17} depth {depth}: {count:>9} sequences, "
        f"{elapsed:7.3f} s, {count / max(elapsed, 1e-9):10.0f} sequences/s"
    )


def generic(label: str, adapter, depth: int) -> None:
    deck = list(CANONICAL_DECK)
    random.Random(4).shuffle(deck)
    setup = {"rules": {"first-lead": "free"}, "deal": {"players": 4, "dealer": 0, "deck": deck}}
    state = adapter.start(setup)
    search = AdapterSearch(adapter, setup["rules"])
    started = time.perf_counter()
    count = search.count(state, depth)
    elapsed = time.perf_counter() - started
    print(
        f"generic {label:<12} 4p free depth {depth}: {count:>6} sequences, {elapsed:7.3f} s, "
        f"{search.nodes / elapsed:8.0f} nodes/s (each node restarted from its snapshot)"
    )
    adapter.close()


def main() -> None:
    for players, depth in ((2, 6), (4, 4), (4, 6), (10, 6)):
        fast(players, depth, Rules.of())
    for players, depth in ((2, 5), (4, 4), (4, 6)):
        fast(players, depth, Rules.of(overrides={"first-lead": "free"}))
    generic("in-process", ReferenceAdapter(), 3)
    command = f"{shlex.quote(sys.executable)} -m generala_conformance.cli serve"
    generic("protocol", ProcessAdapter(command), 3)


if __name__ == "__main__":
    main()
