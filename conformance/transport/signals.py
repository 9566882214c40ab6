"""Ctrl-C and SIGTERM: how the kit stops (``docs/protocol.md``, "Processes").

:func:`install` turns the first SIGINT or SIGTERM into :class:`Interrupted`, raised
where the kit is: the ``finally`` clauses on its way out stop every implementation
and worker the kit started, the command writes the reports asked for, and the
command line ends with one line and exit code 128 + the signal's number (130,
143). A signal that comes while the kit is already stopping is ignored, so that
the clean-up it does is not cut short; :func:`stopping` tells the clean-up to
make it quick (no goodbye to an implementation, no waiting for its replies).
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

CAUGHT = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop the kit cleanly."""

_received: int | None = None


class Interrupted(BaseException):
    """The kit was asked to stop by a signal (a ``BaseException``, as
    ``KeyboardInterrupt`` is: no case, fault handler or ``except Exception`` takes it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"interrupted by {signal.Signals(signum).name}")
        self.signum = signum

    @property
    def name(self) -> str:
        """``SIGINT``, ``SIGTERM``."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a command a signal ended."""
        return 128 + self.signum


def _raise(signum: int, frame: FrameType | None) -> None:
    global _received
    if _received is not None:
        return  # stopping already: the clean-up goes on
    _received = signum
    raise Interrupted(signum)


def install() -> None:
    """Make SIGINT and SIGTERM raise :class:`Interrupted` (once) in the main thread."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in CAUGHT:
        signal.signal(signum, _raise)


def stopping() -> bool:
    """Whether a signal asked the kit to stop (its clean-up is under way)."""
    return _received is not None


def reset() -> None:
    """Forget a signal received (a process forked to work anew, a test)."""
    global _received
    _received = None
