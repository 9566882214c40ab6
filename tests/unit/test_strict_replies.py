"""A wrong type never passes (issue 42): the reference engine's replies, one field
mutated to another JSON type on the wire, fail the case they answer, in both games.

Each reply a case gets from the reference is a candidate; a mutation turns one integer
of its ``result`` into a boolean or into a number with a fraction (``3`` → ``true``,
``3.0``), a boolean into an integer, or adds a key to an object the schema closes.
``check`` must not call the case a pass: the reply reaches it as JSON (the in-process
reference goes through the same messages as a process, ``LoopbackAdapter``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from generala_conformance import games
from generala_conformance.core.runner import Case, Implementation, Settings, run_case
from generala_conformance.suite.suite_run import suite_cases
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import Json
from generala_conformance.transport.loading import make_adapter
from generala_conformance.transport.serve import LoopbackAdapter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

STRIDE = {"cards": 37, "dice": 89}
"""Every so many cases of a suite are replayed (a spread over its files and levels)."""

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Mutation:
    """Reply number ``reply`` of case ``case``: the value at ``path`` of its result becomes ``to``."""

    case: int
    reply: int
    path: Path
    to: str


class Wire(LoopbackAdapter):
    """The reference through the protocol's messages, its replies counted and one mutated."""

    def __init__(self, game: str, mutation: Mutation | None = None) -> None:
        plugged = games.get(game)
        super().__init__(make_adapter(plugged.reference), checks=plugged.check_request, schema=plugged.schema)
        self.mutation = mutation
        self.replies: list[tuple[str, Json]] = []

    def round_trip(self, message: Json) -> Json:
        reply = super().round_trip(message)
        self.replies.append((str(message["cmd"]), reply))
        if self.mutation is not None and len(self.replies) == self.mutation.reply:
            reply = mutated(reply, self.mutation.path, self.mutation.to)
            return protocol.decode(protocol.encode(reply))  # what the kit reads off the pipe
        return reply


def mutated(reply: Json, path: Path, to: str) -> Json:
    """``reply`` with the value at ``path`` under ``result`` changed as ``to`` says."""
    copy: Any = protocol.decode(protocol.encode(reply))
    parent = copy["result"]
    for step in path[:-1]:
        parent = parent[step]
    value = parent[path[-1]]
    if to == "extra-key":
        parent[path[-1]] = {**value, "not-in-the-schema": 1}
    else:
        parent[path[-1]] = {"boolean": value != 0, "fraction": value + 0.0, "integer": int(value)}[to]
    return dict(copy)


def leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    """Every mutation of ``value`` (a reply's result): its integers, booleans and objects."""
    if isinstance(value, dict):
        if path:
            yield path, "extra-key"
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    elif isinstance(value, bool):
        yield path, "integer"
    elif isinstance(value, int):
        yield path, "boolean"
        yield path, "fraction"


def closes(game: str, cmd: str, reply: Json, mutation: Mutation) -> bool:
    """Whether the schema closes the object a key is added to (``jsonschema`` alone
    says so, not the kit's validators): a key more in an open one is no mistake."""
    return not reply_validator(game, cmd).is_valid(mutated(reply, mutation.path, mutation.to))


@cache
def reply_validator(game: str, cmd: str) -> Any:
    """``jsonschema``'s validator of the ``reply-<cmd>`` definition of ``game``'s protocol schema."""
    from jsonschema import Draft202012Validator

    schema = protocol.protocol_schema(games.get(game).schema)
    return Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/reply-{cmd}"})


@cache
def suite(game: str) -> tuple[Case, ...]:
    return tuple(suite_cases(games.get(game), None)[:: STRIDE[game]])


def implementation(game: str, adapter: Wire) -> Implementation:
    impl = Implementation(Settings(game=games.get(game)))
    impl.adapter = adapter
    return impl


@cache
def candidates(game: str) -> tuple[tuple[Mutation, str, Json], ...]:
    """Every mutation of every reply (but ``hello``'s: the handshake has its own tests)
    the sampled cases get when they pass on the reference, with the command and the
    reply it mutates (a key added to an object the schema leaves open included)."""
    found = []
    for number, case in enumerate(suite(game)):
        wire = Wire(game)
        result = run_case(case, implementation(game, wire))
        assert result.outcome == "pass", (case.id, result.message)
        for index, (cmd, reply) in enumerate(wire.replies, 1):
            if cmd == "hello" or not reply.get("ok"):
                continue
            found += [(Mutation(number, index, path, to), cmd, reply) for path, to in leaves(reply["result"])]
    return tuple(found)


def wrong(game: str, candidate: tuple[Mutation, str, Json]) -> bool:
    """Whether the mutation makes a reply wrong: every change of type does; a key added
    does where the schema closes the object (asked only of the mutations drawn, as
    ``jsonschema`` takes a few hundredths of a second a reply)."""
    mutation, cmd, reply = candidate
    return mutation.to != "extra-key" or closes(game, cmd, reply, mutation)


@pytest.mark.parametrize("game", ["cards", "dice"])
def test_every_game_has_mutations_of_each_kind(game: str) -> None:
    kinds = {mutation.to for mutation, _, _ in candidates(game)}
    assert kinds == {"boolean", "fraction", "integer", "extra-key"}, kinds
    assert any(wrong(game, c) for c in candidates(game) if c[0].to == "extra-key"), "no object the schema closes"


@pytest.mark.parametrize("game", ["cards", "dice"])
@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_reply_of_the_wrong_type_fails_its_case(game: str, data: st.DataObject) -> None:
    candidate = data.draw(st.sampled_from(candidates(game)).filter(lambda c: wrong(game, c)))
    mutation = candidate[0]
    case = suite(game)[mutation.case]
    result = run_case(case, implementation(game, Wire(game, mutation)))
    assert result.outcome in ("fail", "error"), (case.id, mutation, result.outcome)
