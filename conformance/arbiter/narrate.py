"""A game told event by event in the words of ``generala-kit play``, each line with
the clause that decided it: the ``play`` command prints the words, the
learn-by-playing web page shows them one event a line with the clause.

The clauses of the moves come from the reference's clause side channel
(:mod:`generala_reference.decisions`); the deal's own lines cite R-DEAL-1,
R-DEAL-2 and R-LEAD-2.
"""

from __future__ import annotations

from dataclasses import dataclass

from generala_reference.cards import iter_cards, pretty_card
from generala_reference.decisions import Decided
from generala_reference.game import Game

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


def event_words(event: tuple) -> str:
    """The words of ``generala-kit play`` for one event of the engine."""
    kind, who = event[0], event[1]
    name = "" if who is None else f"P{who + 1}"
    if kind == "play":
        return f"{name} {pretty_card(event[2])}"
    if kind == "decline":
        return f"{name} declines"
    if kind == "take":
        return f"and takes {pretty_card(event[2])}"
    if kind == "out":
        return f"({name} is out)"
    if kind == "trick":
        ended = "" if event[2] else " (trick ended by a decline)"
        return f"{name} played the highest card{ended}."
    if kind == "lead":
        return f"→ {name} leads next: {WHY[event[2]]}."
    if kind == "game-over":
        return f"Game over: {'nobody loses' if who is None else name + ' loses'}."
    if kind == "eliminated":
        return f"{name} is eliminated from the series."
    if kind == "next-dealer":
        return f"{name} deals next{'' if event[2] else ' (and sits out the game)'}."
    if kind == "champion":
        return f"{name} is the champion!"
    if kind == "deal":
        return f"{name} deals."
    raise ValueError(f"no words for the event {event!r}")


def told(decided: Decided) -> Line:
    """One decided event of a move, in words, with its clause."""
    return Line(event_words(decided.event), decided.clause, decided.why)
