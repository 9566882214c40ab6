"""Where the rulebooks are: one folder of generala_spec per game, each with a
``book.yaml`` (see :mod:`generala_spec.rulebook` for what a rulebook holds).

Kept apart from :mod:`generala_spec.rulebook` so that what only needs a rulebook's
files (``options.yaml`` at every command's start, ``serve``'s included) does not
import the rulebook's data classes and schema checks.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

CARDS = "cards"
"""The ``spec`` of the card rulebook (``generala_spec/cards/``): the default."""


class RulebookError(ValueError):
    """A rulebook file that does not match its schema, or an unknown ID."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def folder(spec: str = CARDS) -> Traversable:
    """The folder of the rulebook ``spec`` inside generala_spec."""
    root = files(__package__)
    if not root.joinpath(spec, "book.yaml").is_file():
        raise RulebookError("unknown-rulebook", f"no rulebook {spec!r} in generala_spec (no {spec}/book.yaml)")
    return root.joinpath(spec)


def rulebooks() -> tuple[str, ...]:
    """Every rulebook of generala_spec: the card game's, then each other sub-folder
    with a ``book.yaml``, by name."""
    root = files(__package__)
    found = sorted(entry.name for entry in root.iterdir() if entry.joinpath("book.yaml").is_file())
    return (CARDS, *(name for name in found if name != CARDS))
