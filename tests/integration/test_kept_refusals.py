"""A refusal kept as a value (a pipelined call's outcome, a move's answer) leaves no
reference cycle behind (``adapter.kept``): its traceback would hold the frames it
went through, one of which holds the refusal, and with them every local up the
stack, until the garbage collector found them (a suite run through ``serve`` left
~50,000 such objects). Each test counts what only the collector would free."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from generala_conformance.games.cards.driver import Driver
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import Adapter, BadRequest, Refused, apply_call, kept
from generala_conformance.transport.process_adapter import ProcessAdapter

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}
START = ("start", {"setup": POSITION})
ILLEGAL = apply_call("KS", 0)  # a card P1 does not hold


def left_for_the_collector(action: Callable[[], object]) -> int:
    """How many objects ``action`` left that only the garbage collector frees."""
    gc.collect()
    gc.disable()
    try:
        action()
        return gc.collect()
    finally:
        gc.enable()


@pytest.fixture
def served() -> Iterator[ProcessAdapter]:
    adapter = ProcessAdapter(SERVE)
    adapter.start(POSITION)  # launched (and its own objects made) before anything is counted
    try:
        yield adapter
    finally:
        adapter.close()


def _refused_outcome(adapter: Adapter) -> None:
    outcomes = adapter.pipeline([START, ILLEGAL])
    assert isinstance(outcomes[1], Refused)
    assert outcomes[1].__traceback__ is None and outcomes[1].__context__ is None


def test_a_refusal_among_a_process_pipelines_outcomes_holds_no_frame(served: ProcessAdapter) -> None:
    assert left_for_the_collector(lambda: _refused_outcome(served)) == 0


def test_a_refusal_among_an_in_process_pipelines_outcomes_holds_no_frame() -> None:
    adapter = ReferenceAdapter()
    assert left_for_the_collector(lambda: _refused_outcome(adapter)) == 0


def test_a_batch_asked_step_by_step_and_refused_as_a_whole_holds_no_frame() -> None:
    adapter = ProcessAdapter([sys.executable, str(Path(__file__).parents[1] / "impls" / "no_batch.py")])
    adapter.start(POSITION)

    def refused_batch() -> None:  # (a step no batch takes: the whole batch is a bad request)
        outcomes = adapter.pipeline([START, ("batch", {"steps": [{"cmd": "undo"}]})])
        assert isinstance(outcomes[1], BadRequest)
        assert outcomes[1].__traceback__ is None and outcomes[1].__context__ is None

    try:
        assert left_for_the_collector(refused_batch) == 0
    finally:
        adapter.close()


def test_a_move_refused_to_a_driver_is_answered_without_its_traceback() -> None:
    adapter = ReferenceAdapter()
    adapter.start(POSITION)

    def attempted() -> None:
        result = Driver(adapter).attempt(0, "KS")
        assert isinstance(result, Refused) and result.code is not None
        assert result.__traceback__ is None and result.__context__ is None  # (the engine's own error, let go)

    assert left_for_the_collector(attempted) == 0


def test_kept_is_the_same_exception_with_its_message_and_raised_again_gets_a_traceback() -> None:
    try:
        try:
            raise KeyError("inner")
        except KeyError:
            raise Refused("wrong-card", "P1 does not hold KS") from None
    except Refused as exc:
        refusal = exc
        assert kept(exc) is exc
    assert (refusal.code, refusal.message, refusal.__traceback__, refusal.__context__) == (
        "wrong-card",
        "P1 does not hold KS",
        None,
        None,
    )
    with pytest.raises(Refused) as again:
        raise refusal
    assert again.value.__traceback__ is not None
