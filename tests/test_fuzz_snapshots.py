"""The fuzzer and perft restart games from snapshots: a snapshot of a game in
progress, as a ``position`` setup, gives back the same state — except
``went_out``, which a position does not carry (it restarts empty)."""

from __future__ import annotations

import random

from generala_conformance.fuzz.differential import shuffled_deck
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.snapshots import comparable, differing, position_of


def test_snapshot_restarts_as_a_position() -> None:
    rng = random.Random(3)
    game, restarted = ReferenceAdapter(), ReferenceAdapter()
    checked = 0
    for _ in range(40):
        n = rng.randint(2, 10)
        setup = {"profile": rng.choice(["default", "fr", "fa"]), "deal": {"players": n, "dealer": 0}}
        setup["deal"]["deck"] = shuffled_deck(rng)
        state = game.start(setup)
        while not state["over"]:
            again = restarted.start({"rules": state["rules"], "position": position_of(state)})
            assert set(differing(state, again)) <= {"went_out"}
            assert again["went_out"] == [] and restarted.legal() == game.legal()
            checked += 1
            game.apply(rng.choice(game.legal()))
            state = game.state()
    assert checked > 1000


def test_comparable_ignores_card_order_and_extra_fields() -> None:
    state = ReferenceAdapter().start({"position": {"players": 2, "hands": [["2C", "JK"], ["3D"]], "leader": 0}})
    shuffled = {**state, "hands": [["JK", "2C"], ["3D"]], "engine_notes": "x"}
    assert differing(state, shuffled) == [] and comparable(shuffled)["hands"][0] == ["2C", "JK"]
    assert differing(state, {**state, "to_move": 1}) == ["to_move"]
