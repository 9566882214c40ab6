"""Hold an implementation to what its ``hello`` declares it lacks: a setup it
says it does not support is never sent, it is answered
a :class:`DeclaredUnsupported` (the case is
skipped with that reason) by the kit itself.

Today one thing can be declared missing: series (``"series": false`` in the
``hello`` result; absent means series are supported).
"""

from __future__ import annotations

from typing import Any

from generala_conformance.transport.adapter import Adapter, Json, Unsupported

SERIES_NOT_SUPPORTED = 'series not supported (the hello says "series": false)'


class DeclaredUnsupported(Unsupported):
    """A setup the implementation's hello declares unsupported (never sent to it)."""


def supports_series(hello: Json) -> bool:
    """Whether the implementation plays series (``hello.series``, default true)."""
    return hello.get("series", True) is not False


def _series(setup: Any) -> bool:
    """Whether ``setup`` asks for a series."""
    return isinstance(setup, dict) and bool(setup.get("series"))


class Declared(Adapter):
    """``adapter`` with the setups its ``hello`` declares unsupported refused before they are sent."""

    def __init__(self, adapter: Adapter, hello: Json) -> None:
        self.adapter = adapter
        self.series = supports_series(hello)

    def hello(self) -> Json:
        return self.adapter.hello()

    def start(self, setup: Json) -> Json:
        if _series(setup) and not self.series:
            raise DeclaredUnsupported(SERIES_NOT_SUPPORTED)
        return self.adapter.start(setup)

    def deal(self, deck: list[str]) -> list[Json]:
        return self.adapter.deal(deck)

    def legal(self) -> list[str]:
        return self.adapter.legal()

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        return self.apply_request({"action": action, "player": player})

    def apply_request(self, fields: Json) -> list[Json]:
        return self.adapter.apply_request({k: v for k, v in fields.items() if v is not None})

    def score(self, request: Json) -> Json:
        return self.adapter.score(request)

    def state(self) -> Json:
        return self.adapter.state()

    def batch(self, steps: list[Json]) -> list[Json]:
        return self.adapter.batch(steps)

    def batches(self) -> bool:
        return self.adapter.batches()

    def undoes(self) -> bool:
        return self.adapter.undoes()

    def allow_invalid(self, requests: list[Json]) -> None:
        self.adapter.allow_invalid(requests)

    def close(self) -> None:
        self.adapter.close()
