"""Make text written by an implementation safe to keep, print and write to a report.

Implementation strings enter the kit at two places only: the decoded reply lines
(:func:`generala_conformance.transport.protocol.decode`) and the captured stderr
(:mod:`generala_conformance.transport.process_adapter`). Both pass through
:func:`clean_text` once, there, so that everything downstream (the terminal
summary, the JSON and JUnit reports) can trust its text:

- a lone surrogate (``"\\ud800"`` in JSON, which Python decodes but UTF-8 cannot
  encode) becomes U+FFFD;
- every control character but newline and tab (ESC, BEL, CR, DEL, the C1
  controls U+0080–U+009F) becomes a visible stand-in: its Control Pictures glyph
  (``␛`` for ESC) or ``\\x9b``-style text for C1, so ANSI/OSC escape sequences
  cannot move the cursor, recolour, retitle or hyperlink the user's terminal.
"""

from __future__ import annotations

import re
from typing import Any

_UNSAFE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]"
"""What :func:`clean_text` replaces (a pattern ``re`` compiles at its first use, not at ``serve``'s start)."""
_DEL_PICTURE = "\u2421"


def _stand_in(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code >= 0xD800:
        return "\ufffd"
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return _DEL_PICTURE
    return f"\\x{code:02x}"


def clean_text(text: str) -> str:
    """``text`` with lone surrogates replaced and control characters (but ``\\n``
    and ``\\t``) made visible."""
    return re.sub(_UNSAFE, _stand_in, text)


def needs_cleaning(text: str, strict_json: bool = False) -> bool:
    """Whether :func:`clean_text` would change ``text``; with ``strict_json``,
    whether it would change a string of the JSON ``text`` (one that strict JSON
    decoding accepted, without ``\\u`` escapes): its strings hold no raw
    character below U+0020, so an ASCII text needs it only for a DEL (faster)."""
    if strict_json and text.isascii():
        return "\x7f" in text
    return re.search(_UNSAFE, text) is not None


def clean_value(value: Any) -> Any:
    """A decoded JSON value with :func:`clean_text` applied to every string (keys
    included). Iterative: the value may be as deep as the decoder allowed."""
    if isinstance(value, str):
        return clean_text(value)
    if not isinstance(value, dict | list):
        return value
    stack: list[Any] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            for i, item in enumerate(node):
                if isinstance(item, str):
                    node[i] = clean_text(item)
                elif isinstance(item, dict | list):
                    stack.append(item)
        else:
            for key in [k for k in node if needs_cleaning(k)]:
                node[clean_text(key)] = node.pop(key)
            for key, item in node.items():
                if isinstance(item, str):
                    node[key] = clean_text(item)
                elif isinstance(item, dict | list):
                    stack.append(item)
    return value
