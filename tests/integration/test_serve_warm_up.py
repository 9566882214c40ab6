"""``serve`` prepares the first game while it waits after ``hello`` (``serve.warm_up``),
never while a request waits, and the reference adapter's ``warm_up`` builds the card tables."""

from __future__ import annotations

import json
import os
import threading
from typing import Any

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.serve import serve
from generala_reference.cards import deck

POSITION = {"position": {"players": 2, "hands": [["9H"], ["10H"]], "leader": 0}}


class Recording(ReferenceAdapter):
    """The reference, noting each call and its warm-up, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []
        self.warmed = threading.Event()

    def hello(self) -> dict[str, Any]:
        self.calls.append("hello")
        return super().hello()

    def start(self, setup: dict[str, Any]) -> dict[str, Any]:
        self.calls.append("start")
        return super().start(setup)

    def warm_up(self) -> None:
        self.calls.append("warm_up")
        super().warm_up()
        self.warmed.set()


def _line(request_id: int, cmd: str, **fields: Any) -> bytes:
    return json.dumps({"id": request_id, "cmd": cmd, **fields}).encode() + b"\n"


def _serving(adapter: Recording) -> tuple[threading.Thread, Any, Any]:
    """``serve`` in a thread over two pipes: the thread, the request writer, the reply reader."""
    request_read, request_write = os.pipe()
    reply_read, reply_write = os.pipe()
    instream, outstream = os.fdopen(request_read, "rb"), os.fdopen(reply_write, "wb")

    def run() -> None:
        with instream, outstream:
            serve(adapter, instream, outstream, check_request)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, os.fdopen(request_write, "wb", buffering=0), os.fdopen(reply_read, "rb")


def test_serve_warms_up_once_while_it_waits_after_hello() -> None:
    adapter = Recording()
    thread, requests, replies = _serving(adapter)
    requests.write(_line(1, "hello", protocol=1))
    assert json.loads(replies.readline())["ok"]
    assert adapter.warmed.wait(10), "serve did not warm up while it waited"
    requests.write(_line(2, "start", setup=POSITION))
    assert json.loads(replies.readline())["ok"]
    requests.write(_line(3, "quit"))
    assert json.loads(replies.readline())["ok"]
    thread.join(30)
    requests.close()
    replies.close()
    assert adapter.calls == ["hello", "warm_up", "start"]


def test_serve_does_not_warm_up_while_requests_wait() -> None:
    adapter = Recording()
    thread, requests, replies = _serving(adapter)
    requests.write(_line(1, "hello", protocol=1) + _line(2, "start", setup=POSITION))
    requests.close()  # (the end of input: readable, so a request may still be on its way)
    assert [json.loads(line)["ok"] for line in replies.readlines()] == [True, True]
    thread.join(30)
    replies.close()
    assert adapter.calls[:2] == ["hello", "start"]


def test_serve_does_not_warm_up_after_quit() -> None:
    adapter = Recording()
    thread, requests, replies = _serving(adapter)
    requests.write(_line(1, "hello", protocol=1) + _line(2, "quit"))  # (the input left open)
    assert [json.loads(replies.readline())["ok"] for _ in range(2)] == [True, True]
    thread.join(30)
    assert not thread.is_alive()
    requests.close()
    replies.close()
    assert adapter.calls == ["hello"]


def test_the_reference_warm_up_builds_the_card_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck, "_ID_CHUNKS", ())
    monkeypatch.setattr(deck, "_TEXT_CHUNKS", ())
    ReferenceAdapter().warm_up()
    assert len(deck._ID_CHUNKS) == 4 and len(deck._TEXT_CHUNKS) == 4
    assert deck.format_cards(deck.parse_cards(["AS", "JK"])) == ["AS", "JK"]
