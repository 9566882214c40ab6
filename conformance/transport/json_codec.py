"""Protocol lines read and written by orjson, where it is installed: the same
values as the standard library's ``json``, in about half the time to read and a
tenth of the time to write.

The standard library stays the protocol's reference codec (:mod:`.protocol`,
:mod:`.request_checks`, :mod:`.serve`): each of them asks :func:`fast_object` or
:func:`fast_line` first, and uses ``json`` itself wherever these answer ``None``:

- orjson is not installed (it is a dependency on CPython only), or it is not
  worth importing yet. Importing it, ~15 ms with the modules it brings, would
  double ``serve``'s start-up, so ``serve`` reads a request below
  :data:`LONG_LINE` bytes with ``json`` and writes its replies to ``hello`` and
  ``quit`` so (:data:`.serve.SHORT_REPLIES`); it imports orjson while it waits
  for its first request after ``hello``. The kit, whose modules orjson's are
  mostly among (~1 ms more), reads every reply and writes every request by
  orjson but its ``hello`` (:mod:`.protocol`), sent as an implementation is launched;
- orjson refuses the line (not UTF-8, not JSON, NaN, a lone surrogate ``\\ud800``,
  nested deeper than its limit …), so that the error a user reads is the one the
  standard library words;
- the decoded value is not an object, or the line holds an integer of 19 digits
  or more, which orjson, unlike ``json``, would read as a float past 64 bits;
- a value to write holds what orjson refuses and ``json`` writes (a lone
  surrogate, a key that is not a string, an integer past 64 bits).

Where both answer, they answer alike: the same object read; the same bytes
written, except a float, which orjson writes in its shortest form (``1e16``, the
standard library ``1e+16``: the same number), and NaN or an infinity, which JSON
cannot hold: orjson writes ``null``, the standard library ``NaN`` (no reply of
``serve`` nor ``batch`` step of the kit holds a float). ``tests/test_json_codec.py`` holds
both to it.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

LONG_LINE = 1024
"""Lines at least this long (in bytes) are read by orjson."""

_DIGITS_ONLY = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
"""Each digit as ``0``, every other byte as a space: a run of digits stays a run."""
_LONG_NUMBER = b"0" * 19
"""The shortest run of digits that may be an integer orjson does not read exactly
(below -2**63 or above 2**64 - 1)."""


@cache
def _orjson() -> ModuleType | None:
    """orjson, imported at the first long line; ``None`` where it is not installed."""
    try:
        import orjson
    except ImportError:
        return None
    return orjson


def warm_up() -> None:
    """Import orjson now (``serve`` calls it while it waits for its first request
    after ``hello``), not at the first long line."""
    _orjson()


def fast_object(data: bytes, shortest: int = LONG_LINE) -> dict[str, Any] | None:
    """The JSON object of the line ``data`` (UTF-8) as ``json`` reads it, read by
    orjson if it is at least ``shortest`` bytes long; ``None`` where orjson is not
    used (see the module's docstring)."""
    if len(data) < shortest or _LONG_NUMBER in data.translate(_DIGITS_ONLY):
        return None
    orjson = _orjson()
    if orjson is None:
        return None
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return value if type(value) is dict else None


def fast_line(value: Any) -> bytes | None:
    """``value`` as compact UTF-8 JSON (no newline), written by orjson; ``None``
    where orjson is not installed or refuses it (see the module's docstring)."""
    orjson = _orjson()
    if orjson is None:
        return None
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return None
