"""The fuzzer and perft restart games from snapshots: a snapshot of a game in
progress, as a ``position`` setup, gives back the same state — except
``went_out``, which a position does not carry (it restarts empty). The fuzzer's
reference holds its states as :class:`Held` tuples: each is the snapshot's
contract part, and compares as :func:`differing` does."""

from __future__ import annotations

import random
from collections.abc import Iterator

from generala_conformance.games.cards.fuzz.differential import random_endgame, shuffled_deck
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.snapshots import (
    COMPARED,
    comparable,
    differing,
    held,
    held_differing,
    position_of,
)
from generala_conformance.transport.adapter import Json
from generala_reference.cards.position import CONTRACT_FIELDS, contract_part


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


def _states(rng: random.Random) -> Iterator[tuple[ReferenceAdapter, Json]]:
    """The reference after every move of random games: deals of every size, positions
    (some mid-trick, some with a forced lead), series, mixed rules."""
    adapter = ReferenceAdapter()
    for k in range(60):
        n = rng.randint(2, 10)
        deal = {"players": n, "dealer": rng.randrange(n), "deck": shuffled_deck(rng)}
        rules = {"first-lead": rng.choice(["forced-last-dealt", "free"])}
        if k % 3 == 2:
            setup: Json = {"rules": rules, "position": random_endgame(rng, n)}
        else:
            setup = {"rules": rules, "deal": deal, "series": k % 3 == 1}
        state = adapter.start(setup)
        for _ in range(400):
            yield adapter, state
            if state["over"]:
                series = state["series"]
                if not series or series["over"] or series["games"] >= 3:
                    break
                adapter.deal(shuffled_deck(rng))
            else:
                adapter.apply(rng.choice(adapter.legal()))
            state = adapter.state()


def test_held_is_the_snapshots_contract_part() -> None:
    seen = {"take": 0, "trick": 0, "forced": 0, "series": 0, "over": 0}
    for adapter, state in _states(random.Random(5)):
        assert adapter.game is not None
        kept = held(adapter.game, adapter.series)
        assert kept._fields == COMPARED  # in the order the fast comparison reads a snapshot's fields
        assert tuple(contract_part(adapter.game)) == CONTRACT_FIELDS == COMPARED[:-1]  # Held is made from its values
        assert kept._asdict() == {key: state[key] for key in COMPARED}
        assert held_differing(kept, state) == []
        seen["take"] += state["phase"] == "take"
        seen["trick"] += bool(state["trick"])
        seen["forced"] += state["forced"] is not None
        seen["series"] += state["series"] is not None
        seen["over"] += state["over"]
    assert min(seen.values()) > 20, seen


def test_held_differing_tells_the_fields_differing_does() -> None:
    adapter = ReferenceAdapter()
    state = adapter.start({"position": {"players": 3, "hands": [["2C", "JK"], ["3D"], []], "leader": 0}})
    assert adapter.game is not None
    kept = held(adapter.game)
    assert held_differing(kept, {**state, "hands": [["JK", "2C"], ["3D"], []], "extra": 1}) == []
    assert held_differing(kept, {**state, "to_move": 1, "loser": 2}) == ["to_move", "loser"]
    missing = {k: v for k, v in state.items() if k != "went_out"}
    assert held_differing(kept, missing) == ["went_out"]
    assert held_differing(kept, {**state, "hands": [["2C"], ["3D", "JK"], []]}) == ["hands"]
