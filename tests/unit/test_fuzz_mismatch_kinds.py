"""Every answer the fuzzer compares is compared: an implementation that differs from
the reference in one field of the state, in its legal set (even one of the same
size), in one event, in a refusal, at the start or at a later step, request by
request or in a batch, is reported as that kind of mismatch at that step — and one
that differs only where the contract allows (the order of legal moves, of cards in
a hand, extra snapshot fields) is not."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest
from generala_conformance.games.cards.fuzz.differential import Mismatch, Step, Trial, replay
from generala_conformance.games.cards.notation import CANONICAL_DECK
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.snapshots import COMPARED
from generala_conformance.transport.adapter import BadRequest, Json, Refused

DECK = list(CANONICAL_DECK)
DEAL: Json = {"rules": {}, "deal": {"players": 3, "dealer": 0, "deck": DECK}}
SERIES: Json = {"rules": {}, "deal": {"players": 3, "dealer": 0, "deck": DECK}, "series": True}


def _contract_fields() -> list[str]:
    """The snapshot's required fields in the protocol schema (``rules`` echoes the setup)."""
    schema = json.loads(files("generala_spec").joinpath("schemas/protocol.schema.json").read_text())
    return [f for f in schema["$defs"]["state"]["required"] if f != "rules"]


def test_the_compared_fields_are_the_contracts() -> None:
    assert sorted(COMPARED) == sorted(_contract_fields())


def _other(value: Any) -> Any:
    """A value of the same shape that differs from ``value``."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if value is None:
        return 0
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if value else ["2C"]
    return {**value, "changed": True}


class Twisted(ReferenceAdapter):
    """The reference with its answers passed through ``twist(what, value, moves)``,
    ``moves`` being how many moves it has applied (``start`` answers with ``state()``)."""

    def __init__(self, twist: Callable[[str, Any, int], Any]) -> None:
        super().__init__()
        self.twist = twist
        self.moves = 0

    def state(self) -> Json:
        return self.twist("state", super().state(), self.moves)

    def legal(self) -> list[str]:
        return self.twist("legal", super().legal(), self.moves)

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        events = super().apply(action, player)
        self.moves += 1
        return self.twist("events", events, self.moves)

    def deal(self, deck: list[str]) -> list[Json]:
        return self.twist("deal", super().deal(deck), self.moves)


def _first_moves(count: int) -> Trial:
    """A dealt game and its first ``count`` moves (each the first legal action)."""
    ref = ReferenceAdapter()
    ref.start(DEAL)
    steps = []
    for _ in range(count):
        seat = ref.state()["to_move"]
        action = ref.legal()[0]
        ref.apply(action, seat)
        steps.append(Step("do", seat, action))
    return Trial(DEAL, steps)


def _replay(twist: Callable[[str, Any, int], Any], trial: Trial, batch: bool) -> Mismatch | None:
    return replay(Twisted(twist), trial, batch=batch)


@pytest.mark.parametrize("batch", [False, True], ids=["requests", "batch"])
@pytest.mark.parametrize("field", _contract_fields())
def test_one_differing_state_field_is_a_state_mismatch_where_it_appears(field: str, batch: bool) -> None:
    trial = _first_moves(3)

    def twist(what: str, value: Any, moves: int) -> Any:
        return {**value, field: _other(value[field])} if what == "state" and moves >= 2 else value

    found = _replay(twist, trial, batch)
    assert found is not None and (found.what, found.index, found.fields) == ("state", 1, [field])


@pytest.mark.parametrize("field", _contract_fields())
def test_one_differing_field_at_the_start_is_found_there(field: str) -> None:
    found = _replay(lambda w, v, _m: {**v, field: _other(v[field])} if w == "state" else v, _first_moves(1), False)
    assert found is not None and (found.what, found.index, found.fields) == ("state", -1, [field])


@pytest.mark.parametrize("batch", [False, True], ids=["requests", "batch"])
@pytest.mark.parametrize("moves", [0, 2])
def test_a_legal_set_of_the_same_size_with_another_move_is_a_legal_mismatch(moves: int, batch: bool) -> None:
    def twist(what: str, value: Any, done: int) -> Any:
        return (
            [*value[:-1], "decline" if value[-1] != "decline" else "JK"] if what == "legal" and done >= moves else value
        )

    found = _replay(twist, _first_moves(3), batch)
    assert found is not None and (found.what, found.index) == ("legal", moves)
    reference = Twisted(lambda _w, v, _m: v)
    reference.start(DEAL)
    for step in _first_moves(3).steps[:moves]:
        reference.apply(step.action, step.player)
    legal = reference.legal()
    assert (found.expected, found.actual) == (sorted(legal), sorted(twist("legal", legal, moves)))


@pytest.mark.parametrize("batch", [False, True], ids=["requests", "batch"])
def test_legal_moves_and_cards_in_another_order_are_no_mismatch(batch: bool) -> None:
    def twist(what: str, value: Any, _moves: int) -> Any:
        if what == "legal":
            return list(reversed(value))
        if what == "state":
            return {**value, "hands": [list(reversed(h)) for h in value["hands"]], "extra": 1}
        return value

    assert _replay(twist, _first_moves(5), batch) is None


@pytest.mark.parametrize("field", ["hands", "out_of_play"])
def test_card_lists_of_the_same_size_with_other_cards_differ(field: str) -> None:
    def swap(value: Any) -> Any:
        if field == "hands":
            first, second = value[0], value[1]
            return [[*first[:-1], second[-1]], [*second[:-1], first[-1]], *value[2:]]
        return ["JK" if c != "JK" else "2C" for c in value]

    def twist(what: str, value: Any, moves: int) -> Any:
        return {**value, field: swap(value[field])} if what == "state" and moves >= 3 else value

    found = _replay(twist, _first_moves(4), False)
    assert found is not None and (found.what, found.index, found.fields) == ("state", 2, [field])


@pytest.mark.parametrize("batch", [False, True], ids=["requests", "batch"])
def test_one_differing_event_field_is_an_events_mismatch(batch: bool) -> None:
    def twist(what: str, value: Any, moves: int) -> Any:
        if what == "events" and moves == 2:
            return [{**value[0], "player": value[0]["player"] + 1}, *value[1:]]
        return value

    found = _replay(twist, _first_moves(3), batch)
    assert found is not None and (found.what, found.index) == ("events", 1)


def test_a_refused_legal_move_and_an_accepted_illegal_one_are_found() -> None:
    class RefusesSecond(ReferenceAdapter):
        moves = 0

        def apply(self, action: str, player: int | None = None) -> list[Json]:
            self.moves += 1
            if self.moves == 2:
                raise Refused("bad-action", "no")
            return super().apply(action, player)

    found = replay(RefusesSecond(), _first_moves(3))
    assert found is not None and (found.what, found.index) == ("events", 1) and "refused" in found.actual

    trial = _first_moves(1)
    ref = ReferenceAdapter()
    ref.start(DEAL)
    ref.apply(trial.steps[0].action, trial.steps[0].player)
    seat = ref.state()["to_move"]
    illegal = next(c for c in ref.state()["hands"][seat] if c not in ref.legal())
    trial.steps.append(Step("try", seat, illegal))

    class AcceptsAll(ReferenceAdapter):
        def apply(self, action: str, player: int | None = None) -> list[Json]:
            try:
                return super().apply(action, player)
            except Refused:
                return []

    found = replay(AcceptsAll(), trial)
    assert found is not None and (found.what, found.index) == ("refusal", 1) and "accepted" in found.actual

    refused = {"yes": False}

    class Marks(ReferenceAdapter):
        def apply(self, action: str, player: int | None = None) -> list[Json]:
            try:
                return super().apply(action, player)
            except Refused:
                refused["yes"] = True
                raise

        def state(self) -> Json:
            state = super().state()
            return {**state, "to_move": _other(state["to_move"])} if refused["yes"] else state

    found = replay(Marks(), trial)
    assert found is not None and (found.what, found.index, found.fields) == ("state", 1, ["to_move"])


def test_a_failing_legal_request_is_an_error_at_the_next_step() -> None:
    class NoLegal(ReferenceAdapter):
        moves = 0

        def apply(self, action: str, player: int | None = None) -> list[Json]:
            self.moves += 1
            return super().apply(action, player)

        def legal(self) -> list[str]:
            if self.moves == 1:
                raise RuntimeError("legal broke")
            return super().legal()

    found = replay(NoLegal(), _first_moves(2))
    assert found is not None and (found.what, found.index) == ("error", 1) and "legal broke" in found.actual


def test_a_snapshot_that_is_not_an_object_is_a_state_mismatch() -> None:
    found = _replay(lambda w, v, m: "nonsense" if w == "state" and m >= 1 else v, _first_moves(2), False)
    assert found is not None and (found.what, found.index, found.fields) == ("state", 0, ["state"])


def _series_trial() -> Trial:
    """A three-seat series: the first game played out, then the next deal."""
    ref = ReferenceAdapter()
    ref.start(SERIES)
    steps = []
    while not ref.state()["over"]:
        seat = ref.state()["to_move"]
        action = ref.legal()[0]
        ref.apply(action, seat)
        steps.append(Step("do", seat, action))
    steps.append(Step("deal", None, list(reversed(DECK))))
    return Trial(SERIES, steps)


def test_deal_answers_are_compared() -> None:
    trial = _series_trial()
    deal_at = len(trial.steps) - 1
    assert replay(ReferenceAdapter(), trial) is None

    found = _replay(lambda w, v, _m: v[1:] if w == "deal" else v, trial, False)
    assert found is not None and (found.what, found.index) == ("events", deal_at)

    class RefusesDeal(ReferenceAdapter):
        def deal(self, deck: list[str]) -> list[Json]:
            raise Refused("no-series", "no")

    found = replay(RefusesDeal(), trial)
    assert found is not None and (found.what, found.index, found.expected) == ("error", deal_at, "the deal is accepted")

    class CrashesOnDeal(ReferenceAdapter):
        def deal(self, deck: list[str]) -> list[Json]:
            raise RuntimeError("deal broke")

    found = replay(CrashesOnDeal(), trial)
    assert found is not None and (found.what, found.index) == ("error", deal_at) and "deal broke" in found.actual
    assert found.expected == "the deal is accepted"


def test_a_refused_setup_and_a_crashing_move_are_reported() -> None:
    class RefusesAll(ReferenceAdapter):
        def start(self, setup: Json) -> Json:
            raise BadRequest("bad-setup", "no")

    found = replay(RefusesAll(), _first_moves(1))
    assert found is not None and (found.what, found.index, found.expected) == ("start", -1, "the setup is accepted")

    class CrashesOnMove(ReferenceAdapter):
        def apply(self, action: str, player: int | None = None) -> list[Json]:
            raise RuntimeError("move broke")

    found = replay(CrashesOnMove(), _first_moves(1))
    assert found is not None and (found.what, found.index, found.expected) == ("error", 0, "the move is accepted")
