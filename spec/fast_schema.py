"""Whether a document is valid, told fast by ``jsonschema_rs``: the rulebook, the
kit's input files, the protocol's messages and the reports are checked so, and the
pure-Python ``jsonschema`` (which says where and why) is asked only when this says no."""

from __future__ import annotations

from typing import Any


def fast_valid(validator: Any, document: object) -> bool:
    """``validator.is_valid(document)`` for a ``jsonschema_rs`` validator; ``False`` for a
    text Rust cannot hold (a lone surrogate), which ``jsonschema`` alone decides."""
    try:
        return bool(validator.is_valid(document))
    except ValueError:
        return False
