"""Where the rulebooks are: one folder of generala_spec per game, each with a
``book.yaml`` (see :mod:`generala_spec.rulebook` for what a rulebook holds).

Kept apart from :mod:`generala_spec.rulebook` so that what only needs a rulebook's
files (``options.yaml`` at every command's start, ``serve``'s included) does not
import the rulebook's data classes and schema checks; :func:`read_text` reads one
with ``os.path`` alone (``importlib.resources`` and ``pathlib`` would be a third of
``serve``'s start-up). The package lives in a folder (an installed wheel or a checkout), never in a zip.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

CARDS = "cards"
"""The ``spec`` of the card rulebook (``generala_spec/cards/``): the default."""
ROOT = os.path.dirname(os.path.abspath(__file__))
"""The folder of generala_spec."""


class RulebookError(ValueError):
    """A rulebook file that does not match its schema, or an unknown ID."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _checked(spec: str) -> str:
    """The folder of the rulebook ``spec``; :class:`RulebookError` if there is none."""
    where = os.path.join(ROOT, spec)
    if not os.path.isfile(os.path.join(where, "book.yaml")):
        raise RulebookError("unknown-rulebook", f"no rulebook {spec!r} in generala_spec (no {spec}/book.yaml)")
    return where


def folder(spec: str = CARDS) -> Path:
    """The folder of the rulebook ``spec`` inside generala_spec."""
    from pathlib import Path

    return Path(_checked(spec))


def read_text(spec: str, name: str) -> str:
    """The text of the file ``name`` of the rulebook ``spec`` (UTF-8)."""
    with open(os.path.join(_checked(spec), name), encoding="utf-8") as file:
        return file.read()


def rulebooks() -> tuple[str, ...]:
    """Every rulebook of generala_spec: the card game's, then each other sub-folder
    with a ``book.yaml``, by name."""
    found = sorted(name for name in os.listdir(ROOT) if os.path.isfile(os.path.join(ROOT, name, "book.yaml")))
    return (CARDS, *(name for name in found if name != CARDS))
