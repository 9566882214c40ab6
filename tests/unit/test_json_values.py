"""The one strict comparison of JSON values (issue 42): a boolean is never a number,
``1.0`` is never ``1``, an object with a key more is another object."""

from __future__ import annotations

from typing import Any

import pytest
from generala_conformance.transport.json_values import kind, strict_equal, strict_within


@pytest.mark.parametrize(
    ("want", "got"),
    [
        (1, True),
        (0, False),
        (1, 1.0),
        (True, 1),
        ("1", 1),
        (None, 0),
        ([1, 2], [1, True]),
        ({"ones": 1}, {"ones": True}),
        ({"ones": 1}, {"ones": 1, "sevens": 7}),
        ([1], (1, 2)),
    ],
)
def test_values_python_calls_equal_are_not(want: Any, got: Any) -> None:
    assert want == got or want != got  # (whatever Python says)
    assert not strict_equal(want, got)
    assert not strict_equal(got, want)


@pytest.mark.parametrize("value", [0, 1, True, None, "x", [1, [2, {"a": False}]], {"a": [1, None]}, (1, 2)])
def test_a_value_equals_itself(value: Any) -> None:
    assert strict_equal(value, value)


def test_within_compares_the_named_members_only_and_reads_a_missing_one_as_null() -> None:
    assert strict_within({"player": 0}, {"type": "scored", "player": 0})
    assert not strict_within({"player": 0}, {"type": "scored", "player": False})
    assert strict_within({"winner": None}, {"type": "trick"})
    assert not strict_within({"player": 0}, [0])


def test_kinds() -> None:
    assert [kind(v) for v in (None, True, 1, 1.5, "s", [], {}, object())] == [
        "null",
        "boolean",
        "integer",
        "number",
        "string",
        "array",
        "object",
        "other",
    ]
