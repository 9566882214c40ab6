"""The errors of both engines: each carries a stable ``code`` (see ``docs/cards-contract.md``
and ``docs/dice-contract.md``)."""

from __future__ import annotations


class GeneralaError(ValueError):
    """Base of the engine's errors; ``code`` is a stable, machine-readable reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class IllegalAction(GeneralaError):
    """An action the rules forbid (reason codes such as ``must-follow-suit``).

    The state that refused it is left exactly as it was.
    """


class InvalidInput(GeneralaError):
    """Text that is not a card or an action (``bad-card``, ``duplicate-card``, ``bad-action``)."""


class InvalidPosition(GeneralaError):
    """A setup or snapshot that describes no legal position (``bad-position``, …)."""
