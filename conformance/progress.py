"""Progress of a long run (``check``, ``fuzz``, ``perft --table``), on standard error.

On a terminal it is a live bar redrawn in place (``\\r``, at most ten times a
second) and wiped at the end. Anywhere else (a CI log, a file) it is whole lines
with the elapsed time and an estimate of the time left, printed only once the run
has lasted ``first`` seconds (10: a short run prints nothing) and then every
``every`` seconds (30), never a ``\\r``. ``forced`` prints lines from the start.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

BAR = 24
REDRAW = 0.1


def clock_text(seconds: float) -> str:
    """``75.2`` -> ``1:15``; ``3725`` -> ``1:02:05``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class Progress:
    """How far a run of ``total`` units (cases, games, positions) has got."""

    def __init__(
        self,
        label: str,
        total: int,
        *,
        stream: TextIO | None = None,
        forced: bool = False,
        first: float = 10.0,
        every: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label, self.total, self.stream, self.clock = label, total, stream or sys.stderr, clock
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.first, self.every = (0.0, min(every, 2.0)) if forced else (first, every)
        self.started = clock()
        self.count = 0
        self.extra = ""
        self._next = self.started + (REDRAW if self.live else self.first)
        self._drawn = False
        self._shown = -1  # the count last shown

    def text(self) -> str:
        """``check: 120/653 (18%), 0:12 elapsed, about 0:54 left``."""
        elapsed = self.clock() - self.started
        share = self.count / self.total if self.total else 1.0
        left = f", about {clock_text(elapsed / self.count * (self.total - self.count))} left" if self.count else ""
        extra = f", {self.extra}" if self.extra else ""
        return f"{self.label}: {self.count}/{self.total} ({share:.0%}){extra}, {clock_text(elapsed)} elapsed{left}"

    def advance(self, units: int = 1, extra: str = "") -> None:
        """``units`` more done (``extra``: more to say, e.g. ``2 divergences``)."""
        self.count += units
        self.extra = extra or self.extra
        now = self.clock()
        if now < self._next:
            return
        if self.live:
            filled = round(BAR * self.count / self.total) if self.total else BAR
            self.stream.write(f"\r[{'#' * filled}{'.' * (BAR - filled)}] {self.text()} ")
            self._next = now + REDRAW
        else:
            self.stream.write(self.text() + "\n")
            self._next = now + self.every
        self.stream.flush()
        self._drawn, self._shown = True, self.count

    def done(self) -> None:
        """The end: the bar is wiped; lines end with the final count (if any was printed)."""
        if not self._drawn:
            return
        if self.live:
            self.stream.write("\r\x1b[K")
        elif self._shown != self.count:
            self.stream.write(self.text() + "\n")
        self.stream.flush()
        self._drawn = False
