"""The canonical text of a fixture file (``spec/schemas/fixture.schema.json``), as
``generala-kit regenerate`` writes it: one key per line down to the setup, each step
on one line in flow style, prose (``about``, ``provenance``, ``title``, ``rule``) and raw action texts
(``send``) always double-quoted, every other string plain when YAML reads it back
unchanged.

The same document always gives the same bytes, so a regenerated fixture can be
compared with the committed one byte for byte.

>>> print(fixture_text({"version": 1, "about": "Demo.", "cases": [{"id": "x", "clauses": ["R-END-1"],
...     "position": {"players": 2, "leader": "P1", "hands": {"P1": "8C", "P2": "none"}},
...     "steps": [{"do": "P1 8C", "events": ["play P1 8C", "out P1", "game-over P2"]}]}]}), end="")
version: 1
about: "Demo."
cases:
- id: x
  clauses: [R-END-1]
  position:
    players: 2
    leader: P1
    hands: {P1: 8C, P2: none}
  steps:
  - {do: P1 8C, events: [play P1 8C, out P1, game-over P2]}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import yaml

_QUOTED = frozenset({"about", "provenance", "title", "rule", "send"})
_BLOCK = frozenset({"position", "deal"})
_PLAIN = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`][^:,\[\]{}#]*(?<!\s)")


def quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar (a JSON string is one), every
    non-ASCII character (``♥``, ``🃏``) kept as it is."""
    return json.dumps(text, ensure_ascii=False)


def scalar(value: Any, key: str | None = None) -> str:
    """One scalar: ``true``/``false``, ``null``, a number, or a string (quoted when it must be)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    return quoted(text) if key in _QUOTED or not _plain(text) else text


@cache
def _plain(text: str) -> bool:
    """Whether ``text`` written plain reads back as itself (a fixture repeats the
    same few hundred strings, each asked once)."""
    return bool(_PLAIN.fullmatch(text)) and yaml.safe_load(text) == text


def flow(value: Any, key: str | None = None) -> str:
    """A value in flow style: ``[a, b]``, ``{k: v}``, or a scalar."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v, str(k))}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value, key)


def _case_lines(case: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    for n, (key, value) in enumerate(case.items()):
        lead = "- " if n == 0 else "  "
        if key in _BLOCK:
            lines.append(f"{lead}{key}:")
            lines.extend(f"    {k}: {flow(v, k)}" for k, v in value.items())
        elif key == "steps":
            lines.append(f"{lead}steps:")
            lines.extend(f"  - {flow(step)}" for step in value)
        else:
            lines.append(f"{lead}{key}: {flow(value, key)}")
    return lines


def fixture_text(doc: Mapping[str, Any], header: str = "") -> str:
    """The canonical text of the fixture document ``doc`` (keys in the order given),
    after ``header`` (comment lines, each starting with ``#``)."""
    lines = [line for line in header.splitlines() if line]
    for key, value in doc.items():
        if key == "cases":
            lines.append("cases:")
            for case in value:
                lines.extend(_case_lines(case))
        else:
            lines.append(f"{key}: {flow(value, key)}")
    return "\n".join(lines) + "\n"


def perft_text(doc: Mapping[str, Any], header: str = "") -> str:
    """The canonical text of a perft table (``scenarios/cards/perft/perft.yaml``): PyYAML's
    block style with lists of scalars in flow style, after ``header`` (``doc`` is
    first made of plain dicts and lists, as a loader's subclasses do not dump)."""
    plain = json.loads(json.dumps(doc))
    body = yaml.safe_dump(plain, sort_keys=False, allow_unicode=True, width=1 << 12, default_flow_style=None)
    return "".join(f"{line}\n" for line in header.splitlines() if line) + body
