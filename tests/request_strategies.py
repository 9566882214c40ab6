"""Hypothesis strategies for protocol requests, valid and not, and for hostile request lines.

Every field of every request is drawn either well-formed or as a value of the
wrong type or range (``junk``), or left out, so that the request checks of
``generala-kit serve`` meet each way a field can be wrong.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from generala_conformance.transport.protocol import RESULT_KEYS
from hypothesis import strategies as st

DECK = [r + s for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + ["JK"] * 2

#: Values of every JSON type, some of them hostile (huge, NaN, lone surrogates).
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.sampled_from([2**63, -(2**63), 30_000_000, 10**300]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 1.0, 2.0, 1e400]),
    st.text(max_size=4),
    st.sampled_from(["", "\ud800", "JK", "AH", "yes", "10S"]),
)
#: The values a careless client sends in place of another type (booleans for seats, ...).
CONFUSIONS = [True, False, None, 1.0, "1", "", [], {}, -1, 10, 11, 1, 2**63, "yes", [1, 1], {"x": 1}]
confusions = st.sampled_from(CONFUSIONS)
junk = st.one_of(
    confusions,
    confusions,
    st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
        max_leaves=6,
    ),
)


def field(valid: st.SearchStrategy) -> st.SearchStrategy:
    """A field's value: well-formed seven times in eight, else junk."""
    return st.integers(0, 7).flatmap(lambda k: junk if k == 0 else valid)


def well_formed(valid: st.SearchStrategy) -> st.SearchStrategy:
    """A field's value, always well-formed."""
    return valid


@st.composite
def shaped(draw: st.DrawFn, required: dict, optional: dict, drop: bool) -> dict:
    """An object with its ``required`` fields (with ``drop``, one of them left out one
    time in eight) and any of its ``optional`` ones."""
    value = draw(st.fixed_dictionaries(required, optional=optional))
    if drop and value and draw(st.integers(0, 7)) == 0:
        del value[draw(st.sampled_from(sorted(value)))]
    return value


def request_strategy(field: Callable[[st.SearchStrategy], st.SearchStrategy], drop: bool) -> st.SearchStrategy:
    """Requests whose every field is drawn through ``field`` (:func:`field` or :func:`well_formed`)."""

    def obj(required: dict, optional: dict | None = None) -> st.SearchStrategy:
        return shaped(required, optional or {}, drop)

    card = st.one_of(st.sampled_from(DECK), st.sampled_from(["ah", " 10s ", "XX"]), st.text(min_size=1, max_size=3))
    cards = st.lists(field(card), max_size=6)
    deck = field(st.one_of(st.permutations(DECK), cards))
    seat = st.integers(0, 9)  # junk holds the out-of-range integers
    players = st.integers(2, 10)
    rules = st.dictionaries(st.sampled_from(["first-lead", "tie-break", "nope"]), field(st.just("free")), max_size=2)
    deal = obj(
        {"players": field(players), "dealer": field(seat), "deck": deck},
        {"seated": field(st.lists(seat, max_size=4, unique=True)), "seed": st.integers(0, 9)},
    )
    played = obj({"player": field(seat), "card": field(card)})
    position = obj(
        {"players": field(players), "hands": field(st.lists(field(cards), max_size=4)), "leader": field(seat)},
        {
            "out_of_play": field(cards),
            "trick": field(st.lists(field(played), max_size=3)),
            "taking": field(st.none() | seat),
            "forced": field(st.none() | card),
            "went_out": field(st.lists(seat, max_size=3)),
            "dealt": field(players),
        },
    )
    options = {
        "rules": field(rules),
        "profile": field(st.sampled_from(["default", "fr", "zz"])),
        "series": field(st.booleans()),
    }
    setups = [obj({"deal": field(deal)}, options), obj({"position": field(position)}, options)]
    if drop:
        setups.append(obj({"deal": field(deal), "position": field(position)}, options))
    action = field(st.sampled_from(DECK) | st.just("decline") | st.just("take 2C") | st.text(max_size=3))
    player = field(st.none() | seat)
    steps = [obj({"cmd": field(st.just("apply")), "action": action}, {"player": player})]
    steps.append(obj({"cmd": field(st.just("deal")), "deck": deck}))
    if drop:
        steps.append(obj({"cmd": field(st.sampled_from(["legal", "quit"]))}))
    fields = {
        "hello": ({"protocol": field(st.just(1) if not drop else st.sampled_from([1, 1, 2]))}, {}),
        "start": ({"setup": field(st.one_of(setups))}, {}),
        "deal": ({"deck": deck}, {}),
        "apply": ({"action": action}, {"player": player}),
        "batch": ({"steps": field(st.lists(field(st.one_of(steps)), max_size=3))}, {}),
    }
    commands = [*RESULT_KEYS, "dance"] if drop else list(RESULT_KEYS)

    @st.composite
    def requests(draw: st.DrawFn) -> dict:
        cmd = draw(field(st.sampled_from(commands)))
        required, optional = fields.get(cmd, ({}, {})) if isinstance(cmd, str) else ({}, {})
        return draw(obj({"id": field(st.integers(0, 2**70)), "cmd": st.just(cmd), **required}, optional))

    return requests()


#: Requests with any field junk or missing.
requests = request_strategy(field, drop=True)
#: Requests the schema accepts (every field well-formed, nothing missing).
valid_requests = request_strategy(well_formed, drop=False)
#: ``start`` requests the schema accepts (the command with the most fields).
valid_starts = valid_requests.filter(lambda message: message["cmd"] == "start")


def slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of the objects in ``value``, and the first item of each
    array (so that a deck's 54 cards weigh as one field)."""
    found: list[tuple[Any, Any]] = []
    pending = [value]
    while pending:
        node = pending.pop()
        keys = list(node) if isinstance(node, dict) else range(min(len(node), 1)) if isinstance(node, list) else []
        for key in keys:
            found.append((node, key))
            pending.append(node[key])
    return found


@st.composite
def mutated_requests(draw: st.DrawFn) -> dict:
    """A valid request with exactly one field left out or replaced by junk."""
    message = draw(st.one_of(valid_starts, valid_requests))
    container, key = draw(st.sampled_from(slots(message)))
    if isinstance(container, dict) and draw(st.booleans()):
        del container[key]
    else:
        container[key] = draw(st.one_of(junk, st.sampled_from(near(container[key]))))
    return message


def near(value: Any) -> list[Any]:
    """Values next to ``value`` that break a range or a uniqueness (or happen not to)."""
    if type(value) is int:
        return [value - 1, value + 1, -1, 1, 10, 11, True]
    if isinstance(value, str):
        return ["", value + "x", value.lower()]
    if isinstance(value, list):
        return [[], value + value[:1], [value]]
    return [None]


def dumps(message: object) -> bytes:
    """JSON text as Python writes it (NaN and Infinity included), lone surrogates escaped."""
    return json.dumps(message).encode()


def nested(depth: int) -> bytes:
    """A request whose ``setup`` nests ``depth`` arrays."""
    return b'{"id":7,"cmd":"start","setup":' + b"[" * depth + b"]" * depth + b"}"


#: Request lines of every kind: valid game requests, random requests, random bytes,
#: broken JSON, deep nesting, huge numbers (none contains a newline).
GAME = [
    dumps({"id": 1, "cmd": "hello", "protocol": 1}),
    dumps({"id": 2, "cmd": "start", "setup": {"deal": {"players": 4, "dealer": 0, "deck": DECK}}}),
    dumps({"id": 3, "cmd": "start", "setup": {"series": True, "deal": {"players": 3, "dealer": 1, "deck": DECK}}}),
    dumps({"id": 4, "cmd": "legal"}),
    dumps({"id": 5, "cmd": "state"}),
    dumps({"id": 6, "cmd": "apply", "action": "2C"}),
    dumps({"id": 8, "cmd": "deal", "deck": DECK}),
    dumps({"id": 9, "cmd": "batch", "steps": [{"cmd": "apply", "action": "3D"}, {"cmd": "deal", "deck": DECK}]}),
]
game_lines = st.sampled_from(GAME)
lines = st.one_of(
    game_lines,
    requests.map(dumps),
    mutated_requests().map(dumps),
    valid_requests.map(dumps),
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
    st.text(max_size=30).map(lambda t: t.replace("\n", "").encode("utf-8", "surrogatepass")),
    st.integers(30, 3_000).map(nested),
    st.integers(4_000, 6_000).map(lambda digits: b'{"id":1,"cmd":"legal","n":' + b"9" * digits + b"}"),
    st.sampled_from([b"", b"  ", b"\r", b"[]", b"null", b'"x"', b"{", b"\xef\xbb\xbf{}", b'{"id":1,"cmd":"quit"}']),
)


DEAL = {"players": 4, "dealer": 0, "deck": DECK}
POSITION = {
    "players": 3,
    "hands": [["2C", "3C"], ["4C"], ["5C", "JK"]],
    "out_of_play": ["6C"],
    "leader": 0,
    "trick": [{"player": 0, "card": "7C"}],
    "taking": None,
    "forced": None,
    "went_out": [1],
    "dealt": 3,
}
#: One request of each command, with every optional field given.
BASES = [
    {"id": 1, "cmd": "hello", "protocol": 1},
    {
        "id": 2,
        "cmd": "start",
        "setup": {"rules": {"first-lead": "free"}, "profile": "fr", "series": True, "deal": DEAL},
    },
    {"id": 3, "cmd": "start", "setup": {"deal": {**DEAL, "seated": [0, 2]}}},
    {"id": 4, "cmd": "start", "setup": {"position": POSITION}},
    {"id": 5, "cmd": "apply", "action": "2C", "player": 1},
    {"id": 6, "cmd": "deal", "deck": DECK},
    {
        "id": 7,
        "cmd": "batch",
        "steps": [{"cmd": "apply", "action": "2C", "player": None}, {"cmd": "deal", "deck": DECK}],
    },
    {"id": 8, "cmd": "legal"},
]


def one_field_changed() -> list[dict]:
    """Each base request with one field (or a list's first item) left out or replaced
    by each confusion and each value next to it."""
    changed = []
    for base in BASES:
        for index in range(len(slots(base))):
            for replacement in [KeyError, *CONFUSIONS, *near(slots(base)[index][0][slots(base)[index][1]])]:
                message = copy.deepcopy(base)
                container, key = slots(message)[index]
                if replacement is not KeyError:
                    container[key] = replacement
                elif isinstance(container, dict):
                    del container[key]
                changed.append(message)
    return changed
