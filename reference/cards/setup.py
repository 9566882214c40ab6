"""Reading the JSON fields of a ``start`` setup and of a ``deal`` (``docs/cards-contract.md``,
"Setup"): the type of each field is checked before its value.

A field that is missing where it is needed, or of the wrong JSON type (a string
where a number belongs, a boolean seat, a deck that is not a list), is refused
with code ``bad-setup`` (R-SETUP-2). Well-typed values that cannot be are refused
with the code of their own fault (``bad-players``, ``bad-dealer``, ``bad-seated``,
``bad-card``, ``duplicate-card``, ``bad-deck``, ``bad-position``, …).

>>> deal_fields({"players": 4, "dealer": 1, "deck": None})
(4, 1, None, None, None)
>>> integer("3", "deal.players")
Traceback (most recent call last):
...
generala_reference.errors.InvalidPosition: bad-setup: deal.players must be an integer, not '3'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_reference.cards.deck import parse_deck
from generala_reference.errors import InvalidPosition


def malformed(message: str) -> InvalidPosition:
    """The ``bad-setup`` refusal (R-SETUP-2)."""
    return InvalidPosition("bad-setup", message)


def integer(value: Any, field: str) -> int:
    """``value`` if it is a JSON integer (not a boolean), else ``bad-setup``."""
    if type(value) is not int:
        raise malformed(f"{field} must be an integer, not {value!r}")
    return value


def listing(value: Any, field: str) -> list[Any]:
    """``value`` if it is a JSON list, else ``bad-setup``."""
    if not isinstance(value, list):
        raise malformed(f"{field} must be a list, not {value!r}")
    return value


def optional_listing(value: Any, field: str) -> list[Any]:
    """``[]`` for a missing (``None``) field, else :func:`listing`."""
    return [] if value is None else listing(value, field)


def mapping(value: Any, field: str) -> Mapping[str, Any]:
    """``value`` if it is a JSON object, else ``bad-setup``."""
    if not isinstance(value, Mapping):
        raise malformed(f"{field} must be an object, not {value!r}")
    return value


def rule_fields(setup: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The ``profile`` name and the ``rules`` overrides of a setup: ``bad-setup``
    unless a string and an object of strings (their names and values are checked
    by :meth:`generala_reference.cards.rules.Rules.of`, R-SETUP-6)."""
    profile = setup.get("profile", "default")
    if not isinstance(profile, str):
        raise malformed(f"profile must be a profile name, not {profile!r}")
    rules = mapping({} if setup.get("rules") is None else setup["rules"], "rules")
    for name, value in rules.items():
        if not isinstance(value, str):
            raise malformed(f"rules.{name} must be an option value (a string), not {value!r}")
    return profile, dict(rules)


def deck_cards(value: Any, field: str) -> list[int]:
    """A deck order as card ids: ``bad-setup`` unless a list; ``bad-card`` or
    ``duplicate-card`` at its first bad entry (R-SETUP-5). Its length is checked
    where the deck is dealt (``bad-deck``)."""
    return parse_deck(listing(value, field))


def deal_fields(deal: Any) -> tuple[int, int, list[int] | None, list[int] | None, int | None]:
    """``players``, ``dealer``, ``deck`` (card ids, or ``None`` to shuffle with
    ``seed``), ``seated`` and ``seed`` of a setup's ``deal`` (R-SETUP-2, R-SETUP-5)."""
    deal = mapping(deal, "deal")
    players = integer(deal.get("players"), "deal.players")
    dealer = integer(deal.get("dealer"), "deal.dealer")
    deck = None if deal.get("deck") is None else deck_cards(deal["deck"], "deal.deck")
    seated = deal.get("seated")
    if seated is not None:
        seated = [integer(s, f"deal.seated[{i}]") for i, s in enumerate(listing(seated, "deal.seated"))]
    seed = None if deal.get("seed") is None else integer(deal["seed"], "deal.seed")
    return players, dealer, deck, seated, seed
