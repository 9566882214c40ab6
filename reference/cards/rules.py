"""The rule options a game is played under (the ambiguity register's options).

The names and values come from ``spec/cards/options.yaml`` through
:mod:`generala_spec.options`; this module only turns them into fast flags.

>>> Rules.of("fa")["tie-break"]
'any-nearest'
>>> Rules.of(overrides={"end-check": "each-card"}).end_each_card
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from generala_reference.errors import InvalidPosition
from generala_spec.options import UnknownOption, resolve


class Rules:
    """An immutable, complete assignment of every rule option."""

    __slots__ = (
        "end_each_card",
        "forced_first_lead",
        "next_dealer",
        "no_loser_dealer",
        "no_loser_two_or_more",
        "options",
        "profile",
        "tie_any",
        "two_player_dealer",
        "two_player_tie_loses",
    )

    def __init__(self, options: Mapping[str, str], profile: str = "default") -> None:
        self.options = MappingProxyType(dict(options))
        self.profile = profile
        self.forced_first_lead = options["first-lead"] == "forced-last-dealt"
        self.tie_any = options["tie-break"] == "any-nearest"
        self.end_each_card = options["end-check"] == "each-card"
        self.no_loser_two_or_more = options["no-loser"] == "two-or-more"
        self.two_player_tie_loses = options["two-player-tie"] == "last-to-play-loses"
        self.next_dealer = options["next-dealer"]
        self.no_loser_dealer = options["no-loser-dealer"]
        self.two_player_dealer = options["two-player-dealer"]

    @classmethod
    def of(cls, profile: str = "default", overrides: Mapping[str, str] | None = None) -> Rules:
        """The rules of ``profile`` (``default``, ``fr``, ``fa``) with ``overrides`` on top.

        Raises :class:`InvalidPosition` with code ``unknown-profile``, ``unknown-option``
        or ``unknown-option-value``.
        """
        try:
            return cls(resolve(profile, overrides), profile)
        except UnknownOption as exc:
            raise InvalidPosition(exc.code, str(exc)) from None

    def __getitem__(self, name: str) -> str:
        return self.options[name]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.options == other.options

    def __hash__(self) -> int:
        return hash(tuple(self.options.items()))

    def __repr__(self) -> str:
        return f"Rules({dict(self.options)!r})"


DEFAULT = Rules.of()
