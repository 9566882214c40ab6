"""Output that works on a terminal that is not UTF-8 (``LANG=C`` on an old system,
``PYTHONIOENCODING=ascii``, a Windows code page): characters the stream cannot
encode are written in ASCII instead of raising ``UnicodeEncodeError`` — card suits
as their letters (``3♣`` -> ``3C``, ``🃏`` -> ``JK``, the kit's own notation), the
dashes, arrows and marks of the summaries and tables as their ASCII look-alikes,
accented letters without their accents, anything else as ``?``.
"""

from __future__ import annotations

import codecs
import sys
import unicodedata

ERRORS = "generala-ascii"
ASCII = {
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S", "🃏": "JK",
    "—": "-", "–": "-", "−": "-", "→": "->", "←": "<-", "×": "x", "…": "...", "·": "*", "•": "*",
    "’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"', "≥": ">=", "≤": "<=", "≠": "!=",
    "✅": "[OK]", "❌": "[X]", "│": "|", "─": "-", "┼": "+", "\u00a0": " ",
}  # fmt: skip


def ascii_of(char: str) -> str:
    """The ASCII stand-in of one character (``?`` when it has none)."""
    if char in ASCII:
        return ASCII[char]
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return bare if bare.isascii() and bare else "?"


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(ascii_of(c) for c in error.object[error.start : error.end]), error.end


codecs.register_error(ERRORS, _fallback)


def adapt_streams() -> None:
    """Make standard output and standard error fall back to ASCII for what their
    encoding cannot write (nothing changes on a UTF-8 terminal)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not _encodes_all(stream):
            reconfigure(errors=ERRORS)


def _encodes_all(stream: object) -> bool:
    try:
        "♣🃏—é".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
