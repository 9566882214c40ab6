"""Read a JSON file the kit did not write (a report given to ``report`` or
``expectations --from``, a position given to ``explain --file``), safely, as
:mod:`.yaml_safe` reads YAML: a regular file only (a pipe or a device is refused
unread), at most ``max_bytes``, UTF-8 text; no ``NaN`` or ``Infinity`` (not JSON),
no integer of more than :data:`~.yaml_safe.MAX_INT_DIGITS` digits, no key given twice
in an object, nesting at most :data:`MAX_DEPTH` deep. Every refusal is a
:class:`~.yaml_safe.YamlRefused` naming the line and the field, which
:func:`line_of` also finds for a schema error's path.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> try:
...     loads('{"a": [1,\\n NaN]}')
... except YamlRefused as refused:
...     print(refused)
line 2: a.1: NaN is not a JSON number
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from generala_conformance.core.yaml_safe import MAX_INT_DIGITS, YamlRefused, decode, read_bytes

MAX_DEPTH = 64
"""The deepest nesting of objects and arrays (a report needs 6)."""

_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.S)


class _Refused(Exception):
    """Raised by the parser's hooks; located afterwards by :func:`_values`."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused
    return int(text)


def _constant(_name: str) -> Any:
    raise _Refused


def _float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _Refused
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Refused
    return result


def read(path: Path | str, max_bytes: int) -> tuple[str, Any]:
    """The text and the JSON document of the regular file ``path`` (at most
    ``max_bytes``), checked (control characters are JSON's to refuse: a string may
    hold C1 controls)."""
    text = decode(read_bytes(path, max_bytes), controls=True)
    return text, loads(text)


def loads(text: str) -> Any:
    """The JSON document of ``text``, checked (see the module)."""
    try:
        document = json.loads(
            text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=_object
        )
    except _Refused:
        raise _why(text) from None
    except RecursionError:
        raise _too_deep(text) from None
    except json.JSONDecodeError as error:
        raise YamlRefused("not-json", error.lineno, "", f"not JSON: column {error.colno}: {error.msg}") from None
    _check_depth(document, text)
    return document


def _check_depth(document: Any, text: str) -> None:
    todo = [(document, 0)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(text)
        if isinstance(value, dict):
            todo += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            todo += [(v, depth + 1) for v in value]


class _Value(NamedTuple):
    path: list[Any]
    line: int
    token: str
    """The value's first token; for an object's key given twice, the key (``twice``)."""
    depth: int
    twice: bool = False


def _values(text: str) -> Iterator[_Value]:
    """Each value of the (syntactically valid) JSON ``text`` in document order, and
    each second key of an object that gives one twice."""
    line, last = 1, 0
    path: list[Any] = []
    stack: list[dict[str, Any]] = []  # each open container: is_map, want_key, keys seen
    for match in _TOKEN.finditer(text):
        token = match.group()
        line += text.count("\n", last, match.start())
        last = match.start()
        top = stack[-1] if stack else None
        if token in "]}":
            stack.pop()
            if stack:
                path.pop()
            continue
        if token in ":,":
            if top is not None and token == "," and not top["map"]:
                path[-1] += 1
            elif top is not None and token == ",":
                top["want_key"] = True
            continue
        if top is not None and top["map"] and top["want_key"]:
            key = json.loads(token)
            top["want_key"] = False
            path[-1] = key
            if key in top["keys"]:
                yield _Value(path[:], line, token, len(stack), twice=True)
            top["keys"].add(key)
            continue
        yield _Value(path[:], line, token, len(stack))
        if token in "{[":
            stack.append({"map": token == "{", "want_key": True, "keys": set()})
            path.append(None if token == "{" else 0)


def _why(text: str) -> YamlRefused:
    """The refusal of the first value the parser's hooks refused."""
    for path, line, token, _, twice in _values(text):
        where = ".".join(map(str, path))
        if twice:
            return YamlRefused("duplicate-key", line, where, f"key {path[-1]!r} is given twice")
        if token in ("NaN", "Infinity", "-Infinity"):
            return YamlRefused("not-json", line, where, f"{token} is not a JSON number")
        if re.fullmatch(r"-?\d+", token) and len(token.lstrip("-")) > MAX_INT_DIGITS:
            message = f"an integer of {len(token)} characters (at most {MAX_INT_DIGITS} digits)"
            return YamlRefused("integer-too-long", line, where, message)
        if re.fullmatch(r"-?[\d.]+[eE][-+]?\d+", token) and math.isinf(float(token)):
            return YamlRefused("not-json", line, where, f"{token} is too large a number")
    return YamlRefused("not-json", 0, "", "not JSON")


def _too_deep(text: str) -> YamlRefused:
    for value in _values(text):
        if value.depth > MAX_DEPTH:
            where = ".".join(map(str, value.path))
            return YamlRefused("too-deep", value.line, where, f"nested more than {MAX_DEPTH} levels deep")
    return YamlRefused("too-deep", 0, "", f"nested more than {MAX_DEPTH} levels deep")


def line_of(text: str, path: list[Any]) -> int:
    """The line of the value at ``path`` in the JSON ``text`` (or of its nearest ancestor)."""
    found = 1
    for value in _values(text):
        if value.path == path and not value.twice:
            return value.line
        if value.path == path[: len(value.path)]:
            found = value.line
    return found
