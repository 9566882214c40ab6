"""One strict comparison of JSON values, shared by the transport and every game's checks.

JSON has no integers apart from numbers, but the protocol does (``docs/protocol.md``:
an integer is written ``1``, never ``1.0`` or ``true``). Python's ``==`` says
``True == 1`` and ``1.0 == 1``; :func:`strict_equal` does not: a boolean equals only
a boolean, an integer only an integer, and objects and arrays are equal when their
members are, key for key and item for item.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def kind(value: Any) -> str:
    """The JSON kind of ``value`` as the protocol tells them apart: ``null``,
    ``boolean``, ``integer``, ``number`` (any other number), ``string``, ``array``,
    ``object`` (``other`` for what JSON cannot hold)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, Sequence):
        return "array"
    return "other"


def strict_equal(want: Any, got: Any) -> bool:
    """Whether ``got`` is ``want`` as JSON, kind for kind (``True`` is not ``1``,
    ``1.0`` is not ``1``, an object with a key more is another object)."""
    kinds = kind(want), kind(got)
    if kinds[0] != kinds[1] or kinds[0] == "other":
        return False
    if kinds[0] == "object":
        return want.keys() == got.keys() and all(strict_equal(want[key], got[key]) for key in want)
    if kinds[0] == "array":
        return len(want) == len(got) and all(map(strict_equal, want, got))
    return bool(want == got)


def strict_within(want: Mapping[str, Any], got: Any) -> bool:
    """Whether the object ``got`` holds every member of ``want``, each :func:`strict_equal`
    (a member it lacks reads as ``null``, as in a transcript's checks; the members
    ``want`` does not name are not compared)."""
    return isinstance(got, Mapping) and all(strict_equal(value, got.get(key)) for key, value in want.items())
