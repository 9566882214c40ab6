"""The options ``play`` and ``perft`` share: seats are ``P1`` … ``Pn`` everywhere, as
the rulebook and the game number them, a table seats 2 to 10 players (R-MAT-2),
and ``--rule OPTION=VALUE`` names an option and a value of the rulebook."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from generala_conformance.errors import UsageError
from generala_spec.options import resolve

PLAYERS = range(2, 11)
"""The table sizes of R-MAT-2."""


def seat(text: str) -> int:
    """``--dealer``'s type: ``P2``, ``p2`` or ``2`` is seat 2 (counted from 1)."""
    number = text[1:] if text[:1] in ("P", "p") else text
    if not number.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat: write P1 … P10")
    return int(number)


def table(players: int, dealer: int) -> int:
    """The dealer's index (counted from 0) at a table of ``players``;
    :class:`UsageError` when either is out of range."""
    if players not in PLAYERS:
        raise UsageError("bad-players", f"--players {players}: a table seats 2 to 10 players (R-MAT-2)")
    if not 1 <= dealer <= players:
        raise UsageError("bad-dealer", f"--dealer P{dealer}: the dealer is one of P1 … P{players}")
    return dealer - 1


def rules(profile: str, items: Sequence[str], requires: Mapping[str, str] | None = None) -> dict[str, str]:
    """The option values of ``profile`` with ``requires`` then each ``--rule
    OPTION=VALUE`` on top; :class:`UsageError` (``bad-rule``) for an item that is
    not ``OPTION=VALUE`` or names an option or value the rulebook lacks."""
    overrides = dict(requires or {})
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError("bad-rule", f"--rule {item!r}: write OPTION=VALUE")
        overrides[name] = value
    try:
        return resolve(profile, overrides)
    except ValueError as error:
        raise UsageError("bad-rule", str(error)) from None
