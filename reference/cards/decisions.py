"""Which clause decided each event, move and refusal: the engine's clause side channel.

The engine itself (:mod:`generala_reference.cards.game`) stays lean: :meth:`Game.apply`
returns bare event tuples. This module looks at the game before and after a
move and names, for every event, the clause (``R-…`` of ``spec/cards/clauses.yaml``)
that decided it, with the clauses it also rests on and a short reason. The
adapter protocol is unchanged: clause attribution is the kit's knowledge, never
something an implementation must send.

>>> from generala_reference.cards.actions import parse_action
>>> from generala_reference.cards.position import from_position
>>> game = from_position({"players": 3, "hands": [["JK"], ["2C", "JK"], ["KH", "3D"]],
...                       "leader": 2, "trick": []})
>>> [d.clause for d in apply_decided(game, parse_action("KH"))]
['R-LEAD-3']
>>> [d.clause for d in apply_decided(game, parse_action("JK"))]
['R-FOLLOW-5', 'R-OUT-1']
>>> [d.clause for d in apply_decided(game, parse_action("JK"))][-2:]
['R-JOKER-4', 'R-NEXT-6']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generala_reference.cards.actions import DECLINE, JOKER_ACTION, TAKE_BASE
from generala_reference.cards.deck import JOKER
from generala_reference.cards.events import Event
from generala_reference.cards.game import TAKE, Game

REFUSAL_CLAUSES = {
    "forced-first-lead": "R-LEAD-2",
    "must-follow-suit": "R-FOLLOW-2",
    "joker-only-when-void": "R-FOLLOW-4",
    "off-suit-card": "R-FOLLOW-5",
    "must-take": "R-DECL-2",
    "no-take-pending": "R-DECL-2",
    "card-not-in-trick": "R-DECL-2",
    "cannot-take-joker": "R-DECL-3",
    "not-your-turn": "R-FOLLOW-1",
    "card-not-in-hand": "R-FOLLOW-1",
    "game-over": "R-END-1",
}
"""The clause behind each reason code (``cannot-decline`` depends on the position:
see :func:`refusal_clause`; ``bad-action`` is a matter of notation, no clause)."""


@dataclass(frozen=True)
class Decided:
    """One event and the clause that decided it.

    ``clause`` is the deciding clause, ``also`` the clauses it rests on besides,
    ``why`` a short reason in English (``first Joker played``).
    """

    event: Event
    clause: str
    why: str
    also: tuple[str, ...] = ()


def apply_decided(game: Game, action: int, player: int | None = None) -> list[Decided]:
    """Apply ``action`` to ``game`` (as :meth:`Game.apply`, raising
    :class:`~generala_reference.errors.IllegalAction` when refused) and return
    each event with the clause that decided it."""
    before = game.copy()
    events = game.apply(action, player)
    return decide(before, game, events)


def decide(before: Game, after: Game, events: Sequence[Event]) -> list[Decided]:
    """The clause of each of ``events``, caused by one move from ``before`` to ``after``."""
    trick = list(before.trick)
    played = [e for e in events if e[0] == "play"]
    if played:
        trick.append((played[0][1], played[0][2]))
    out = []
    for event in events:
        kind = event[0]
        if kind == "play":
            out.append(_play(before, event))
        elif kind == "decline":
            out.append(Decided(event, "R-FOLLOW-5", "void in the led suit: he may decline", ("R-DECL-1",)))
        elif kind == "take":
            out.append(Decided(event, "R-DECL-2", "the decliner takes one card of the trick", ("R-DECL-4",)))
        elif kind == "out":
            out.append(Decided(event, "R-OUT-1", "no card left: saved, leaves the game", ("R-OUT-2",)))
        elif kind == "trick":
            out.append(_trick(event, trick))
        elif kind == "lead":
            out.append(_lead(before, event, trick, events))
        elif kind == "game-over":
            out.append(_game_over(after, event, events))
        else:
            out.append(series_decided(event, before.dealt, events))
    return out


def _play(before: Game, event: Event) -> Decided:
    """A card led or played (R-LEAD-2, R-LEAD-3, R-FOLLOW-2, R-FOLLOW-5, R-JOKER-3)."""
    card = event[2]
    if not before.trick:
        if before.forced >= 0:
            return Decided(event, "R-LEAD-2", "the first lead: the last card dealt to the leader", ("R-LEAD-1",))
        return Decided(event, "R-LEAD-3", "the leader may lead any card", ())
    if not before.follow_mask:
        return Decided(event, "R-JOKER-3", "a Joker was led: any card may be played", ())
    if card >= JOKER:
        return Decided(event, "R-FOLLOW-5", "void in the led suit: he may play a Joker", ("R-JOKER-2",))
    return Decided(event, "R-FOLLOW-2", "a card of the led suit", ("R-FOLLOW-3",))


def _trick(event: Event, trick: list[tuple[int, int]]) -> Decided:
    """Who won the trick (R-TRICK-1, R-JOKER-1, R-JOKER-4) and how it ended."""
    jokers = sum(1 for _, card in trick if card >= JOKER)
    ended = ("R-TRICK-2",) if event[2] else ("R-DECL-1", "R-DECL-4")
    if jokers >= 2:
        return Decided(event, "R-JOKER-4", "both Jokers fell: the first Joker played is highest", ("R-TRICK-1", *ended))
    if jokers == 1:
        return Decided(event, "R-JOKER-1", "a Joker is higher than every other card", ("R-TRICK-1", *ended))
    return Decided(event, "R-TRICK-1", "the highest card of the led suit", ended)


def _lead(before: Game, event: Event, trick: list[tuple[int, int]], events: Sequence[Event]) -> Decided:
    """Who leads next, and why (R-NEXT-1 … R-NEXT-6)."""
    leader, why = event[1], event[2]
    if why == "winner":
        taken = [e[2] for e in events if e[0] == "take"]
        best = [card for p, card in trick if p == leader]
        if taken and best and taken[0] in best:
            return Decided(event, "R-NEXT-2", "the winner leads even though his card was taken", ("R-NEXT-1",))
        return Decided(event, "R-NEXT-1", "the player of the highest card leads", ())
    if why == "highest-remaining":
        own = [card for p, card in trick if p == leader]
        if own and own[0] >= JOKER:
            return Decided(
                event, "R-NEXT-6", "the first Joker's player is out: the second Joker's plays", ("R-NEXT-3",)
            )
        return Decided(event, "R-NEXT-3", "the winner is out: the highest card remaining, regardless of suit", ())
    if why == "tie-break":
        nearest = "any-nearest" if before.rules.tie_any else "tied-nearest"
        return Decided(event, "R-NEXT-4", f"equal ranks: the nearest to the leader's right ({nearest})", ("R-NEXT-3",))
    return Decided(event, "R-NEXT-5", "nobody of the trick holds a card: the taker leads", ())


def _game_over(after: Game, event: Event, events: Sequence[Event]) -> Decided:
    """Who loses (R-END-1 … R-END-4)."""
    loser = event[1]
    if not any(e[0] == "trick" for e in events):
        return Decided(event, "R-END-2", "end-check each-card: the game ends on the card", ("R-END-1",))
    if after.dealt == 2 and after.holders == 0:
        return Decided(event, "R-END-4", "both players of a two-player game went out in one trick", ("R-END-3",))
    if loser is not None:
        return Decided(event, "R-END-1", "only one player holds cards: he loses", ("R-END-2",))
    return Decided(event, "R-END-3", "the last players all went out in one trick: nobody loses", ())


def series_decided(event: Event, seats: int, events: Sequence[Event] = ()) -> Decided:
    """A series event (R-SERIES-*); ``seats`` is the number of players dealt in,
    ``events`` the events of the same move."""
    kind = event[0]
    if kind == "eliminated":
        return Decided(event, "R-SERIES-1", "the loser is eliminated from the series")
    if kind == "champion":
        return Decided(event, "R-SERIES-3", "the last player left is the champion")
    if kind == "next-dealer":
        if seats == 2:
            return Decided(event, "R-SERIES-7", "two players: no series, game after game")
        if any(e[0] == "eliminated" for e in events):
            return Decided(event, "R-SERIES-4", "after a game with a loser (option next-dealer)", ("R-SERIES-5",))
        return Decided(event, "R-SERIES-6", "after a game with no loser (option no-loser-dealer)", ("R-SERIES-2",))
    return Decided(event, "R-DEAL-1", "a new game is dealt")


def legal_clause(game: Game, action: int) -> str:
    """The clause that allows a legal ``action`` of the player to move."""
    if action >= TAKE_BASE or game.phase == TAKE:
        return "R-DECL-2"
    if not game.trick:
        return "R-LEAD-2" if game.forced >= 0 else "R-LEAD-3"
    if not game.follow_mask:
        return "R-JOKER-3"
    return "R-FOLLOW-5" if action in (DECLINE, JOKER_ACTION) else "R-FOLLOW-2"


def refusal_clause(game: Game, action: int, code: str) -> str | None:
    """The clause behind the refusal ``code`` of ``action`` in ``game``."""
    if code != "cannot-decline":
        return REFUSAL_CLAUSES.get(code)
    if not game.trick:
        return "R-LEAD-3"
    if not game.follow_mask:
        return "R-JOKER-3"
    return "R-FOLLOW-4" if game.hands[game.to_move] & game.follow_mask else "R-FOLLOW-5"
