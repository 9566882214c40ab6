"""State snapshots as the fuzzer and perft use them: the comparable part of a
snapshot, the reference's state held in that form (:class:`Held`), and a
snapshot turned back into a ``position`` setup (``docs/cards-contract.md``, "Setup"
and "State snapshot")."""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, NamedTuple

from generala_conformance.games.cards.notation import canonical
from generala_conformance.transport.json_values import strict_equal
from generala_reference.cards.game import Game
from generala_reference.cards.position import CONTRACT_FIELDS, contract_part
from generala_reference.cards.series import Series

Json = dict[str, Any]


class Held(NamedTuple):
    """The contract's fields of a reference game's state snapshot, as the snapshot
    gives them (:func:`generala_reference.cards.position.snapshot`, and the
    series part), held as a tuple: what the fuzzer's reference keeps where it
    compares a state. It is made from the snapshot's contract part
    (:func:`~generala_reference.cards.position.contract_part`: no ``dealt`` nor
    ``rules``, which are not compared) and compared with an implementation's
    snapshot in one tuple comparison (:func:`held_differing`); ``_asdict()`` is
    the snapshot's contract part, for a report."""

    players: int
    hands: list[list[str]]
    out_of_play: list[str]
    trick: list[Json]
    leader: int
    to_move: int | None
    phase: str
    taking: int | None
    forced: str | None
    over: bool
    loser: int | None
    went_out: list[int]
    series: Json | None


COMPARED = (*CONTRACT_FIELDS, "series")
"""The snapshot fields of the contract (:class:`Held`'s); an implementation's extra fields are not compared."""

_tuple = tuple.__new__
_contract = operator.itemgetter(*COMPARED)


def held(game: Game, series: Series | None = None) -> Held:
    """The contract's fields of the snapshot of ``game`` (in ``series``, if any),
    each the value the snapshot gives it (:func:`~generala_reference.cards.position.contract_part`)."""
    return _tuple(Held, (*contract_part(game).values(), None if series is None else series.snapshot()))


def held_differing(expected: Held, actual: Mapping[str, Any]) -> list[str]:
    """:func:`differing` of the snapshot ``expected`` holds and ``actual``: a
    snapshot whose contract fields equal it as they are is told in one tuple
    comparison, any other one goes through :func:`differing`. (A tuple compares ``True``
    equal to ``1``: a reply's types are the protocol schema's to check, which ``check``
    reads every reply against.)"""
    if type(actual) is dict:
        try:
            if _contract(actual) == expected:
                return []
        except KeyError:  # a field missing: differing tells which
            pass
    return differing(expected._asdict(), actual)


def comparable(state: Mapping[str, Any]) -> Json:
    """The contract's fields of ``state``, card lists in canonical order."""
    out = {key: state.get(key) for key in COMPARED}
    try:
        out["hands"] = [canonical(h) for h in state["hands"]]
        out["out_of_play"] = canonical(state["out_of_play"])
    except (KeyError, TypeError):
        pass  # a malformed snapshot is compared as it is, and so differs
    return out


def differing(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> list[str]:
    """The contract's fields whose values differ between two snapshots."""
    if strict_equal([expected.get(key) for key in COMPARED], [actual.get(key) for key in COMPARED]):
        return []
    want, got = comparable(expected), comparable(actual)
    return [key for key in COMPARED if not strict_equal(want[key], got[key])]


def position_of(state: Mapping[str, Any]) -> Json:
    """The ``position`` setup of a snapshot of a game in progress: the same cards,
    trick, leader, decliner and forced lead (``went_out`` and ``seated`` are not
    part of a position; a series is not either)."""
    position: Json = {
        "players": state["players"],
        "hands": [list(h) for h in state["hands"]],
        "out_of_play": list(state["out_of_play"]),
        "leader": state["leader"],
        "trick": [dict(t) for t in state.get("trick") or []],
        "taking": state.get("taking"),
        "forced": state.get("forced"),
    }
    return position
