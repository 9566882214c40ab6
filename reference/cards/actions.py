"""Actions as small ints, and their text form (``docs/cards-contract.md``).

``0 … 51`` play that card, ``52`` plays a Joker (either one: they are equal,
R-MAT-4), ``53`` declines, ``54 + c`` takes card ``c`` from the trick.

>>> format_action(parse_action("take 10♥")), format_action(parse_action("pass"))
('take 10H', 'decline')
"""

from __future__ import annotations

from generala_reference.cards.deck import JOKER, format_card, parse_card, ranked_cards
from generala_reference.errors import InvalidInput

JOKER_ACTION = JOKER
DECLINE = 53
TAKE_BASE = 54


def cards_as_actions(mask: int) -> list[int]:
    """The play actions for the cards of ``mask``: one per ranked card, one for any Jokers."""
    out = ranked_cards(mask)
    if mask >> JOKER:
        out.append(JOKER_ACTION)
    return out


def _text_of(action: int) -> str:
    if action == DECLINE:
        return "decline"
    if action >= TAKE_BASE:
        return "take " + format_card(action - TAKE_BASE)
    return format_card(action)


_TEXTS = tuple(_text_of(a) for a in range(TAKE_BASE + JOKER + 1))
_CANONICAL = {text: action for action, text in enumerate(_TEXTS)}


def parse_action(text: str) -> int:
    """Read an action text: a card (``8H``, ``JK``), ``decline`` (or ``pass``), ``take 8H``.

    Raises :class:`InvalidInput` with code ``bad-action`` quoting the text.
    """
    action = _CANONICAL.get(text) if isinstance(text, str) else None
    if action is not None:
        return action
    words = text.split() if isinstance(text, str) else []
    try:
        if len(words) == 1:
            if words[0].lower() in ("decline", "pass"):
                return DECLINE
            return parse_card(words[0])
        if len(words) == 2 and words[0].lower() == "take":
            return TAKE_BASE + parse_card(words[1])
    except InvalidInput:
        pass
    raise InvalidInput("bad-action", f"not an action: {text!r} (write e.g. 8H, JK, decline, take 8H)")


def format_action(action: int) -> str:
    """The canonical text of an action int."""
    return _TEXTS[action]


def format_actions(actions: list[int]) -> list[str]:
    """The canonical texts of action ints (a comprehension: twice as fast as
    ``map`` over ``_TEXTS.__getitem__``, and the fuzzer asks it of both sides at every step)."""
    return [_TEXTS[action] for action in actions]
