"""Numeric options out of range, refused in one line (issue 42): a share is 0 to 1,
a count of games or jobs is not negative."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from generala_conformance.errors import UsageError


def check(args: argparse.Namespace, bounds: Mapping[str, tuple[float, float | None]]) -> None:
    """Raise :class:`UsageError` (``out-of-range``) for the first option of ``bounds``
    (its ``dest`` -> lowest, highest or ``None``) whose value lies outside them."""
    for dest, (low, high) in bounds.items():
        value = getattr(args, dest)
        if value is None or (low <= value and (high is None or value <= high)):
            continue
        span = f"{low:g} to {high:g}" if high is not None else f"at least {low:g}"
        raise UsageError("out-of-range", f"--{dest.replace('_', '-')} {value:g}: must be {span}")


SHARE = (0.0, 1.0)
"""A share of games or tries."""
COUNT = (0.0, None)
"""A number of games."""
JOBS = (1.0, None)
"""A number of processes."""
