"""The scenario notation: players ``P1 … P10``, cards, actions and events as short
text, as written in the Gherkin features and the YAML fixtures.

The kit tests implementations, so it reads cards itself rather than borrowing the
reference engine's reader (``docs/cards-contract.md``, "Cards" and "Events").

>>> seat("P3"), player(2)
(2, 'P3')
>>> card("10♥"), card("th"), card("🃏")
('10H', '10H', 'JK')
>>> parse_action("P2 take 8h")
(1, 'take 8H')
>>> parse_event("lead P4 tie-break")
{'type': 'lead', 'player': 3, 'why': 'tie-break'}
>>> parse_event("game-over nobody")
{'type': 'game-over', 'loser': None}
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
JOKER = "JK"
CANONICAL_DECK = (*(r + s for s in SUITS for r in RANKS), JOKER, JOKER)
"""The 54 cards in canonical order (by suit C D H S, rank 2 … A, Jokers last)."""

_RANK_IN = {r: r for r in RANKS} | {"T": "10"}
_SUIT_IN = {s: s for s in SUITS} | dict(zip("♣♦♥♠", SUITS, strict=True)) | dict(zip("♧♢♡♤", SUITS, strict=True))
_JOKER_IN = {"JK", "JOKER", "🃏"}
_PLAYER = re.compile(r"P(10|[1-9])")
_ORDER = {c: i for i, c in enumerate(CANONICAL_DECK)}


class NotationError(ValueError):
    """A token that is not a player, card, action or event; the message quotes it."""


def seat(text: str) -> int:
    """The seat (``0 … 9``) of a player written ``P1 … P10``."""
    match = _PLAYER.fullmatch(str(text).strip())
    if not match:
        raise NotationError(f"not a player: {text!r} (write P1 … P10)")
    return int(match.group(1)) - 1


def player(seat_: int | None) -> str:
    """The name ``P{seat+1}`` of a seat (``nobody`` for ``None``)."""
    return "nobody" if seat_ is None else f"P{seat_ + 1}"


def card(token: str) -> str:
    """The canonical text of one card token (R-MAT-1, R-MAT-3)."""
    text = str(token).strip().upper()
    if text in _JOKER_IN:
        return JOKER
    rank, suit = _RANK_IN.get(text[:-1]), _SUIT_IN.get(text[-1:])
    if rank is None or suit is None:
        raise NotationError(f"not a card: {token!r} (write e.g. 8H, 10S, QD, AC, JK)")
    return rank + suit


def cards(text: str | Iterable[str]) -> list[str]:
    """Cards written as a list or as one string separated by blanks or commas.

    The word ``none`` (or an empty text) is no card."""
    tokens = re.split(r"[\s,]+", text) if isinstance(text, str) else list(text)
    return [card(t) for t in tokens if t and t.lower() != "none"]


def canonical(hand: Iterable[str]) -> list[str]:
    """Cards in canonical order (``docs/cards-contract.md``)."""
    return sorted(hand, key=_ORDER.__getitem__)


def parse_action(text: str) -> tuple[int, str]:
    """``"P2 8H"``, ``"P2 decline"``, ``"P2 take 8H"`` → (seat, action text)."""
    words = str(text).split()
    if len(words) == 2 and words[1].lower() == "decline":
        return seat(words[0]), "decline"
    if len(words) == 3 and words[1].lower() == "take":
        return seat(words[0]), f"take {card(words[2])}"
    if len(words) == 2:
        return seat(words[0]), card(words[1])
    raise NotationError(f"not an action: {text!r} (write 'P2 8H', 'P2 decline', 'P2 take 8H')")


def action_text(seat_: int, action: str) -> str:
    """The notation of an action by a seat (inverse of :func:`parse_action`)."""
    return f"{player(seat_)} {action}"


_WHY = ("winner", "highest-remaining", "tie-break", "taker")
EVENT_FORMS = (
    "play P2 8H | decline P3 | take P3 8H | out P2 | trick P2 [complete|incomplete] | "
    "lead P2 [winner|highest-remaining|tie-break|taker] | game-over P3|nobody | "
    "eliminated P3 | next-dealer P3 plays|sits-out | champion P2 | deal P3 [P1,P2,P4]"
)


def _event_player(kind: str, words: list[str]) -> dict[str, Any]:
    if kind in ("play", "take") and len(words) == 2:
        return {"type": kind, "player": seat(words[0]), "card": card(words[1])}
    if kind in ("decline", "out", "eliminated", "champion") and len(words) == 1:
        return {"type": kind, "player": seat(words[0])}
    if kind == "lead" and len(words) in (1, 2) and words[1:] in ([], *([w] for w in _WHY)):
        return {"type": kind, "player": seat(words[0])} | ({"why": words[1]} if words[1:] else {})
    if kind == "trick" and len(words) in (1, 2) and words[1:] in ([], ["complete"], ["incomplete"]):
        complete = {} if len(words) == 1 else {"complete": words[1] == "complete"}
        return {"type": kind, "winner": seat(words[0])} | complete
    if kind == "game-over" and len(words) == 1:
        return {"type": kind, "loser": None if words[0] == "nobody" else seat(words[0])}
    if kind == "next-dealer" and len(words) == 2 and words[1] in ("plays", "sits-out"):
        return {"type": kind, "player": seat(words[0]), "plays": words[1] == "plays"}
    if kind == "deal" and len(words) in (1, 2):
        seated = {"seated": [seat(w) for w in words[1].split(",")]} if len(words) == 2 else {}
        return {"type": kind, "dealer": seat(words[0])} | seated
    raise NotationError("")


def parse_event(text: str) -> dict[str, Any]:
    """An expected event in the short notation (:data:`EVENT_FORMS`), as the dict
    an actual event must contain (``docs/cards-contract.md``, "Events")."""
    words = str(text).split()
    try:
        return _event_player(words[0], words[1:])
    except (NotationError, IndexError):
        raise NotationError(f"not an event: {text!r} (forms: {EVENT_FORMS})") from None


def event_text(event: dict[str, Any]) -> str:
    """An actual event written in the short notation (unknown fields as JSON-ish)."""
    kind = event.get("type")
    p = event.get("player")
    name = player(p) if isinstance(p, int) else str(p)
    if kind in ("play", "take"):
        return f"{kind} {name} {event.get('card')}"
    if kind == "trick":
        done_words: dict[object, str] = {True: " complete", False: " incomplete"}
        done = done_words.get(event.get("complete"), "")
        return f"trick {player(event.get('winner'))}{done}"
    if kind == "lead":
        return f"lead {name} {event.get('why', '')}".rstrip()
    if kind == "game-over":
        return f"game-over {player(event.get('loser'))}"
    if kind == "next-dealer":
        return f"next-dealer {name} {'plays' if event.get('plays') else 'sits-out'}"
    if kind == "deal":
        seated = ",".join(player(s) for s in event.get("seated", []))
        return f"deal {player(event.get('dealer'))} {seated}".rstrip()
    if kind in ("decline", "out", "eliminated", "champion"):
        return f"{kind} {name}"
    return repr(event)


def pretty(card_: str) -> str:
    """A card with its suit glyph, for people: ``8♥``, ``10♣``, ``🃏``."""
    return "🃏" if card_ == JOKER else card_[:-1] + GLYPHS.get(card_[-1], card_[-1])
