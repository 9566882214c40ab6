"""The base of the errors that stop a command before it runs (bad options, an
adapter that cannot be loaded, a campaign that cannot start)."""

from __future__ import annotations


class UsageError(Exception):
    """A command that cannot run as asked: ``code`` is stable, the message is for the user."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
