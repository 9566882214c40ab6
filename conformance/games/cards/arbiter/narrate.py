"""A game told event by event in the words of ``generala-kit play``, each line with
the clause that decided it: the ``play`` command prints the words, the
learn-by-playing web page shows them one event a line with the clause.

The clauses of the moves come from the reference's clause side channel
(:mod:`generala_reference.cards.decisions`); the deal's own lines cite R-DEAL-1,
R-DEAL-2 and R-LEAD-2.
"""

from __future__ import annotations

from dataclasses import dataclass

from generala_reference.cards.decisions import Decided
from generala_reference.cards.deck import iter_cards, pretty_card
from generala_reference.cards.events import Event
from generala_reference.cards.game import Game

WHY = {
    "winner": "played the highest card",
    "highest-remaining": "the winner went out; highest card among those still holding cards",
    "tie-break": "the winner went out; tie broken towards the previous leader's right",
    "taker": "everyone in the trick went out; the player who took a card leads",
}
"""The reason of a ``lead`` event, in words."""


@dataclass(frozen=True)
class Line:
    """One event in words (``text``), the clause that decided it and why, in short."""

    text: str
    clause: str | None = None
    why: str = ""


def deal_lines(game: Game, dealer: int) -> list[Line]:
    """The deal of ``game`` by ``dealer``: who dealt, each hand, and the forced first
    lead when there is one (R-DEAL-1, R-DEAL-2, R-LEAD-2)."""
    lines = [Line(f"P{dealer + 1} deals.", "R-DEAL-1", "every card, one at a time, from the dealer's right")]
    for p in game.holding():
        cards = " ".join(pretty_card(c) for c in iter_cards(game.hands[p]))
        held = f"P{p + 1} ({game.hands[p].bit_count()}): {cards}"
        lines.append(Line(held, "R-DEAL-2", "hands differ by at most one card"))
    if game.forced >= 0:
        forced = f"P{game.leader + 1} must lead {pretty_card(game.forced)}, the last card dealt to him."
        lines.append(Line(forced, "R-LEAD-2", "the first lead: the last card dealt to the leader"))
    return lines


_WORDS = {
    "play": lambda name, e: f"{name} {pretty_card(e[2])}",
    "decline": lambda name, e: f"{name} declines",
    "take": lambda name, e: f"and takes {pretty_card(e[2])}",
    "out": lambda name, e: f"({name} is out)",
    "trick": lambda name, e: f"{name} played the highest card{'' if e[2] else ' (trick ended by a decline)'}.",
    "lead": lambda name, e: f"→ {name} leads next: {WHY[e[2]]}.",
    "game-over": lambda name, e: f"Game over: {'nobody loses' if e[1] is None else name + ' loses'}.",
    "eliminated": lambda name, e: f"{name} is eliminated from the series.",
    "next-dealer": lambda name, e: f"{name} deals next{'' if e[2] else ' (and sits out the game)'}.",
    "champion": lambda name, e: f"{name} is the champion!",
    "deal": lambda name, e: f"{name} deals.",
}
"""The words of each kind of event, from the name of its player (``P3``) and the event."""


def event_words(event: Event) -> str:
    """The words of ``generala-kit play`` for one event of the engine."""
    if event[0] not in _WORDS:
        raise ValueError(f"no words for the event {event!r}")
    return _WORDS[event[0]]("" if event[1] is None else f"P{event[1] + 1}", event)


def told(decided: Decided) -> Line:
    """One decided event of a move, in words, with its clause."""
    return Line(event_words(decided.event), decided.clause, decided.why)
