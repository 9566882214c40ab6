"""Benchmark of perft: sequences/s on the reference engine (fast path, Game.copy) and
through an adapter (generic path: one batch of undone steps per node, a node restarted
from its snapshot; one batch per edge to an implementation that does not undo steps),
in-process and over the JSON-lines protocol.

Run: ``python bench/bench_perft.py``. Targets: depth 4 on a 4-player opening well
under 1 s; the suite's perft cases through an adapter at most 1 request per edge of
the searched trees (issue 12), with and without undone steps and batches.
"""

from __future__ import annotations

import random
import shlex
import sys
import time
from collections import Counter

from generala_conformance.games.cards.notation import CANONICAL_DECK
from generala_conformance.games.cards.perft import AdapterSearch, perft_cases, perft_game
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.process_adapter import ProcessAdapter
from generala_reference.cards import Game, Rules


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
    search = AdapterSearch(adapter, setup["rules"], held=state)
    started = time.perf_counter()
    count = search.count(state, adapter.legal(), depth)
    elapsed = time.perf_counter() - started
    print(
        f"generic {label:<12} 4p free depth {depth}: {count:>6} sequences, {elapsed:7.3f} s, "
        f"{search.nodes / elapsed:8.0f} nodes/s (one batch per node, steps undone)"
    )
    adapter.close()


class Counting(ProcessAdapter):
    """``generala-kit serve``, counting the requests sent (by command); without
    ``batches`` (or ``undo``) as if its hello did not offer them."""

    def __init__(self, command: str, batches: bool = True, undo: bool = True) -> None:
        super().__init__(command)
        self.sent: Counter[str] = Counter()
        self.batches = batches
        self.undo = undo

    def _batches(self) -> bool:
        return self.batches and super()._batches()

    def undoes(self) -> bool:
        return self.undo and super().undoes()

    def _encoded(self, cmd: str, fields: dict) -> tuple[int, bytes]:
        self.sent[cmd] += 1  # every request sent, one by one or in a pipeline
        return super()._encoded(cmd, fields)


def edges(game: Game, depth: int) -> int:
    """The edges (node, action) of the perft tree of ``depth`` from ``game``."""
    if depth <= 0 or game.is_over:
        return 0
    actions = game.legal_actions()
    total = len(actions)
    if depth > 1:
        for action in actions:
            child = game.copy()
            child.apply(action)
            total += edges(child, depth - 1)
    return total


def requests_per_edge(label: str, adapter: Counting) -> None:
    """The suite's perft cases (every depth) through ``adapter``: requests per edge of
    the searched trees (every step of every sequence counted), and per edge the search
    must step through (all but those into the last level, which are counted from
    their parent's legal actions)."""
    reference = ReferenceAdapter()
    tree = stepped = 0
    for case in perft_cases():
        reference.start({**case.setup, "rules": dict(case.requires)})
        game = reference.game  # the reference's own game: the edges by the fast path
        for depth in range(1, len(case.counts) + 1):
            tree += edges(game, depth)
            stepped += edges(game, depth - 1)
    adapter.hello()
    adapter.sent.clear()
    started = time.perf_counter()
    for case in perft_cases():
        case.run(adapter, case.requires)
    elapsed = time.perf_counter() - started
    sent = sum(adapter.sent.values())
    mix = ", ".join(f"{cmd} {n}" for cmd, n in adapter.sent.most_common())
    print(
        f"perft cases {label:<24} {sent:>5} requests: {sent / tree:4.2f} per tree edge ({tree}; target ≤ 1), "
        f"{sent / stepped:4.2f} per edge stepped through ({stepped}), {elapsed:5.2f} s  ({mix})"
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
    requests_per_edge("through serve", Counting(command))
    requests_per_edge("through serve, no undo", Counting(command, undo=False))
    requests_per_edge("through serve, no batch", Counting(command, batches=False))


if __name__ == "__main__":
    main()
