"""Batch steps with ``"undo": true`` (``docs/cards-contract.md``, "Batches and undone
steps"): offered in the hello of an implementation that takes them (``generala-kit serve`` of the reference),
each answered as the step would be and the game put back as it was before it; perft
then asks one batch per node instead of a restart and a batch per edge, and finds the
same counts through an implementation that does not offer them."""

from __future__ import annotations

import sys

from generala_conformance.games.cards.perft import perft_adapter, perft_cases
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.adapter import Adapter
from generala_conformance.transport.process_adapter import ProcessAdapter
from generala_conformance.transport.serve import handle
from generala_spec.options import resolve

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]
POSITION = {"position": {"players": 3, "hands": [["9H", "3C", "JK"], ["10H", "2C"], ["KS", "4D"]], "leader": 0}}


class NoUndo(ReferenceAdapter):
    """The reference without undo: as an adapter that implements no ``_keep``."""

    undoes = Adapter.undoes
    _keep = Adapter._keep


class HidingUndo(ProcessAdapter):
    """A process whose hello's ``undo`` the kit ignores (as an implementation without it)."""

    def undoes(self) -> bool:
        return False


def test_serve_offers_undo_and_each_step_is_answered_from_the_game_as_it_was() -> None:
    adapter = ProcessAdapter(SERVE, validate=True)  # every message checked against the protocol schema
    try:
        assert adapter.hello()["undo"] is True and adapter.undoes()
        before = adapter.start(POSITION)
        actions = adapter.legal()
        results = adapter.batch([{"cmd": "apply", "action": a, "player": 0, "undo": True} for a in actions])
        assert adapter.state() == before
        for action, result in zip(actions, results, strict=True):
            adapter.start(POSITION)
            assert result["events"] == adapter.apply(action, 0)
            assert result["state"] == adapter.state() and result["actions"] == adapter.legal()
    finally:
        adapter.close()


def test_a_step_not_undone_plays_on_and_a_refused_step_is_refused() -> None:
    adapter = ProcessAdapter(SERVE)
    try:
        adapter.start(POSITION)
        undone, refused, played = adapter.batch(
            [
                {"cmd": "apply", "action": "9H", "player": 0, "undo": True},
                {"cmd": "apply", "action": "KS", "player": 0, "undo": True},
                {"cmd": "apply", "action": "3C", "player": 0, "undo": False},
            ]
        )
        assert undone["ok"] and not refused["ok"] and refused["error"]["kind"] == "illegal"
        assert played["state"]["trick"] == [{"player": 0, "card": "3C"}] == adapter.state()["trick"]
    finally:
        adapter.close()


def test_an_adapter_that_cannot_undo_is_not_said_to_and_refuses_the_step_as_unsupported() -> None:
    adapter = NoUndo()
    assert "undo" not in handle(adapter, {"id": 1, "cmd": "hello", "protocol": 1}, check_request)["result"]
    handle(adapter, {"id": 2, "cmd": "start", "setup": POSITION}, check_request)
    reply = handle(
        adapter,
        {"id": 3, "cmd": "batch", "steps": [{"cmd": "apply", "action": "9H", "undo": True}]},
        checks=check_request,
    )
    assert reply["error"]["kind"] == "unsupported"


class Duck:
    """An adapter written without the base class: the adapter methods only."""

    def hello(self) -> dict:
        return ReferenceAdapter().hello()


def test_an_adapter_without_the_base_class_is_served_without_undo() -> None:
    reply = handle(Duck(), {"id": 1, "cmd": "hello", "protocol": 1}, check_request)  # type: ignore[arg-type]
    assert reply["ok"] and reply["result"]["batch"] is True and "undo" not in reply["result"]


def test_in_a_series_a_step_is_not_undone() -> None:
    adapter = ReferenceAdapter()
    deck = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    handle(
        adapter,
        {
            "id": 1,
            "cmd": "start",
            "setup": {"deal": {"players": 3, "dealer": 0, "deck": [*deck, "JK", "JK"]}, "series": True},
        },
        checks=check_request,
    )
    action = adapter.legal()[0]
    reply = handle(
        adapter,
        {"id": 2, "cmd": "batch", "steps": [{"cmd": "apply", "action": action, "undo": True}]},
        checks=check_request,
    )
    assert reply["error"]["kind"] == "unsupported" and "series" in reply["error"]["message"]


def test_perft_through_serve_finds_the_same_counts_in_fewer_requests_with_steps_undone() -> None:
    """Depth 3 of the table's first positions: the table's counts through serve with
    steps undone and through one that does not offer it; fewer than half as many
    requests sent (the ids used) with undo."""
    cases = [case for case in perft_cases() if len(case.counts) >= 3][:3]
    sent = {}
    for kind in (ProcessAdapter, HidingUndo):
        adapter = kind(SERVE)
        try:
            adapter.hello()
            first = adapter._next_id
            for case in cases:
                setup = {**case.setup, "rules": resolve("default", dict(case.requires))}
                assert perft_adapter(adapter, setup, 3) == case.counts[2]
            sent[kind] = adapter._next_id - first
        finally:
            adapter.close()
    assert sent[ProcessAdapter] * 2 < sent[HidingUndo]
