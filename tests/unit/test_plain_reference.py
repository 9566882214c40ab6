"""``check`` reads the replies of the game's reference engine, and of it alone,
without their JSON round trip (``LoopbackAdapter(plain=True)``): that is sound only
while the round trip could change nothing, which this test holds the reference to
over both whole suites.

Every reply of the reference is a value JSON gives back as it is, type for type (no
tuple, no float, no key that is not a string, no string the reading of a line would
clean); none of its objects is one of the request it answers or of an earlier
reply; and no reply is changed afterwards, by the engine or by the kit.
"""

from __future__ import annotations

from typing import Any

import pytest
from generala_conformance import games
from generala_conformance.core.runner import Implementation, Settings, run_case
from generala_conformance.suite.suite_run import suite_cases
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import Json
from generala_conformance.transport.loading import make_adapter, open_adapter
from generala_conformance.transport.serve import LoopbackAdapter, handle


def same(value: Any, read: Any) -> bool:
    """Whether ``value`` and what a line holding it reads as are one value, type for type."""
    if type(value) is not type(read):
        return False
    if isinstance(value, dict):
        return value.keys() == read.keys() and all(same(value[key], read[key]) for key in value)
    if isinstance(value, list):
        return len(value) == len(read) and all(map(same, value, read))
    return bool(value == read)


def fresh(value: Any, read: Any, seen: set[int]) -> bool:
    """:func:`same`, and every object and array of ``value`` not in ``seen`` (then added
    to it): one walk for both, over every reply of two whole suites."""
    if type(value) is not type(read):
        return False
    if isinstance(value, dict | list):
        if id(value) in seen:
            return False
        seen.add(id(value))
        if isinstance(value, dict):
            return value.keys() == read.keys() and all(fresh(value[key], read[key], seen) for key in value)
        return len(value) == len(read) and all(fresh(item, got, seen) for item, got in zip(value, read, strict=True))
    return bool(value == read)


def held(value: Any, seen: set[int]) -> None:
    """Add the identities of every object and array of ``value`` to ``seen``."""
    if isinstance(value, dict | list):
        seen.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            held(item, seen)


class Watched(LoopbackAdapter):
    """The reference as ``check`` drives it (``plain``), every reply watched."""

    def __init__(self, game: str) -> None:
        plugged = games.get(game)
        super().__init__(
            make_adapter(plugged.reference), checks=plugged.check_request, schema=plugged.schema, plain=True
        )
        self.kept: list[tuple[Json, Json]] = []  # (a reply, what a line holding it reads as)
        self.wired: list[Json] = []
        self.seen: set[int] = set()

    def round_trip(self, message: Json) -> Json:
        wired = protocol.decode(protocol.encode(message))
        held(wired, self.seen)
        self.wired.append(wired)  # (kept: the identities of its objects stay theirs)
        reply = handle(self.inner, wired, self.checks)
        read = protocol.decode(protocol.encode(reply))
        assert fresh(reply, read, self.seen), f"not as a line reads it, or an object answered twice: {reply}"
        self.kept.append((reply, read))
        return reply


@pytest.mark.parametrize("game", ["cards", "dice"])
def test_the_reference_needs_no_round_trip(game: str) -> None:
    watched = Watched(game)
    impl = Implementation(Settings(game=games.get(game)))
    impl.adapter = watched
    cases = suite_cases(games.get(game), None)
    outcomes = {run_case(case, impl).outcome for case in cases}
    assert outcomes == {"pass"}
    assert len(watched.kept) > 2 * len(cases)
    changed = [reply for reply, read in watched.kept if not same(reply, read)]
    assert not changed, changed[:3]


@pytest.mark.parametrize(
    ("game", "broken"),
    [("cards", "tests/broken_engines.py:ace_low_adapter"), ("dice", "tests/dice/broken_engines.py:says_no_code")],
)
def test_check_leaves_the_round_trip_out_for_the_reference_alone(game: str, broken: str) -> None:
    plugged = games.get(game)
    for named in (None, plugged.reference):
        reference = open_adapter(named, game=plugged, wire=True)
        assert isinstance(reference, LoopbackAdapter) and reference.plain
    other = open_adapter(broken, game=plugged, wire=True)
    assert isinstance(other, LoopbackAdapter) and not other.plain
