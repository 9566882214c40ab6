"""Which clause a divergence breaks: the case is replayed on the reference engine
up to the diverging step, and the clause side channel of the engine
(:mod:`generala_reference.cards.decisions`) names the clause that decided it.

A case cites every clause it touches (a Joker case cites eight); the
attribution names the one the first diverging step exercises: a wrong trick
winner after two Jokers is R-JOKER-4, a Joker accepted from a player holding
the led suit is R-FOLLOW-4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generala_conformance.games.cards import readings
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest, Json
from generala_reference.cards.actions import parse_action
from generala_reference.cards.decisions import Decided, decide, legal_clause, refusal_clause
from generala_reference.cards.deck import parse_deck
from generala_reference.cards.events import Event, event_json
from generala_reference.cards.game import Game
from generala_reference.cards.series import Series
from generala_reference.errors import GeneralaError, IllegalAction
from generala_spec import rulebook

FIELD_EVENTS = {
    "leader": "lead",
    "to_move": "lead",
    "over": "game-over",
    "loser": "game-over",
    "went_out": "out",
    "out_of_play": "trick",
    "hands": "trick",
}
"""The event that decides a field of the snapshot."""

RECORD_CLAUSES = {"series": "R-SERIES-9"}
"""The clause of a snapshot field that a record keeps, whatever the last move was."""

SETUP_CLAUSES = {"hands": "R-DEAL-1", "leader": "R-LEAD-1", "to_move": "R-LEAD-1", "forced": "R-LEAD-2"}
"""The clause that decides a field of the snapshot right after a deal."""

AFTER = {
    "decline": ("R-DECL-2", "after a decline the decliner must take a card of the trick"),
    "take": ("R-DECL-4", "the trick ends on the take"),
    "play": ("R-FOLLOW-1", "the trick goes on to the next player who holds cards"),
    "out": ("R-OUT-2", "a player who went out is skipped; the trick goes on"),
}
"""What the rulebook says comes after a move's last event, when the implementation
did more, or a field shows something the reference did not do."""

MISSING = ("R-DECL-1", "a decline ends the trick at once: it is over once the card is taken")
"""The clause of a take after which the implementation's trick goes on."""

Move = tuple[int | None, str]
"""A step of a game: ``(seat, action text)``, or ``(None, "deal")`` with the deck aside."""


@dataclass(frozen=True)
class Attribution:
    """The clause a diverging step breaks, and why the rulebook says so."""

    clause: str
    why: str

    @classmethod
    def read(cls, reading: readings.Reading | None) -> Attribution | None:
        """The attribution of a reading (:mod:`~generala_conformance.games.cards.readings`)."""
        return cls(*reading) if reading is not None else None

    @property
    def statement(self) -> str:
        """The clause's one-line statement."""
        return rulebook.clauses()[self.clause].statement

    def as_dict(self) -> dict[str, str]:
        """The JSON form (``attribution`` of a case in the report)."""
        return {"clause": self.clause, "statement": self.statement, "why": self.why}


@dataclass
class Replay:
    """A case's game so far: the setup and the moves (``(seat, action)`` or a deal)."""

    setup: Json | None = None
    moves: list[tuple[int | None, str | list[str]]] = field(default_factory=list)

    def record(self, seat: int | None, action: str | list[str]) -> None:
        """Remember a move the implementation accepted (``seat None`` with a deck: a deal)."""
        self.moves.append((seat, action))


def _replayed(replay: Replay, upto: int) -> ReferenceAdapter:
    """The reference engine after the first ``upto`` moves of ``replay``."""
    reference = ReferenceAdapter()
    reference.start(dict(replay.setup or {}))
    for seat, action in replay.moves[:upto]:
        _apply(reference, seat, action)
    return reference


def _game(reference: ReferenceAdapter) -> Game:
    """The reference's game; AttributeError without one (as using its None would)."""
    if reference.game is None:
        raise AttributeError("the reference has no game")
    return reference.game


def _series(reference: ReferenceAdapter) -> Series:
    """The reference's series; AttributeError outside a series (as using its None would)."""
    if reference.series is None:
        raise AttributeError("the reference plays no series")
    return reference.series


def _apply(reference: ReferenceAdapter, seat: int | None, action: str | list[str]) -> list[Event]:
    if seat is None:
        series = _series(reference)
        events = series.deal(parse_deck(action))
        reference.game = series.game
        return events
    return (reference.series or _game(reference)).apply(parse_action(str(action)), seat)


def _last_move(replay: Replay) -> tuple[Game, list[Decided]]:
    """The last accepted move replayed on the reference: the game before it, and each
    event with its clause."""
    reference = _replayed(replay, len(replay.moves) - 1)
    before = _game(reference).copy()
    seat, action = replay.moves[-1]
    events = _apply(reference, seat, action)
    if seat is None:
        return before, [Decided(e, "R-DEAL-1", "a new game is dealt") for e in events]
    return before, decide(before, _game(reference), events)


def _since_deal(replay: Replay) -> bool:
    """Whether no move was made since the game was dealt (at the start or in a series)."""
    if replay.moves:
        return replay.moves[-1][0] is None
    return "deal" in (replay.setup or {})


def _dealer(replay: Replay, reference: ReferenceAdapter) -> int:
    """The dealer of the game being played."""
    if reference.series is not None:
        return reference.series.dealer
    return int((replay.setup or {})["deal"]["dealer"])


def _dealt(replay: Replay, state: Mapping[str, Any] | None, turn: bool) -> Attribution | None:
    """Right after a deal: the clause the implementation's hands break, if they differ
    (:func:`readings.dealt`); else, with ``turn``, the clause of the first lead when
    its player to move differs."""
    if not _since_deal(replay) or state is None:
        return None
    reference = _replayed(replay, len(replay.moves))
    game, dealer = _game(reference), _dealer(replay, reference)
    hands = readings.hands_of(state)
    if hands is not None and hands != readings.reference_hands(game):
        return Attribution.read(readings.dealt(game, dealer, hands, fresh=not replay.moves))
    if turn and state.get("to_move") != game.to_move:
        return Attribution(*readings.first_lead(game, dealer))
    return None


def _attempted(replay: Replay, upto: int, seat: int, action: str) -> tuple[bool, Attribution | None]:
    """Whether the reference accepts ``action`` of ``seat`` after ``upto`` moves, and
    the clause that allows or forbids it (an off-suit card after a follower's Joker:
    :func:`readings.off_suit_after_joker`)."""
    game = _game(_replayed(replay, upto))
    code = parse_action(action)
    try:
        game.copy().apply(code, seat)
    except IllegalAction as refused:
        reading = readings.off_suit_after_joker(game, refused.code)
        clause = reading[0] if reading else refusal_clause(game, code, refused.code)
        why = reading[1] if reading else f"{action} is refused: {refused.code}"
        return False, Attribution(clause, why) if clause else None
    return True, Attribution(legal_clause(game, code), f"{action} is a legal move")


@dataclass(frozen=True)
class Shown:
    """What the implementation showed at the diverging step besides its events: its
    snapshot, its refusal code of the attempted move, its legal moves."""

    state: Mapping[str, Any] | None = None
    code: str | None = None
    legal: Sequence[str] | None = None


def _refused_legal(replay: Replay, seat: int, action: str, shown: Shown) -> Attribution | None:
    """The clause a legal move's refusal (or absence from the legal moves) breaks when
    the implementation's answer says why: hands dealt otherwise, another player to
    move, a forced first lead under ``first-lead: free``, a suit after a Joker lead."""
    to_move = shown.state.get("to_move") if shown.state is not None else None
    dealt = _dealt(replay, shown.state, turn=shown.code == "not-your-turn" or to_move != seat)
    if dealt is not None:
        return dealt
    game = _game(_replayed(replay, len(replay.moves)))
    if shown.code == "not-your-turn" or (type(to_move) is int and to_move != game.to_move):
        return Attribution.read(readings.follower(game, to_move))
    if shown.code == "forced-first-lead" and game.forced < 0 and not game.trick:
        return Attribution("R-LEAD-2", "under first-lead: free the first lead is any card (rule option first-lead)")
    return Attribution.read(readings.suit_after_joker(game, shown.code, shown.legal))


def _first_difference(
    before: Game, decided: Sequence[Decided], actual: Sequence[Mapping[str, Any]]
) -> Attribution | None:
    """The clause of the first event the implementation made otherwise (see :func:`_differs`)."""
    for i, item in enumerate(decided):
        if i >= len(actual):
            stopped = i and decided[i - 1].event[0] == "take"
            return Attribution(*MISSING) if stopped else Attribution(item.clause, item.why)
        if event_json(item.event) != dict(actual[i]):
            return _differs(before, decided, item, actual[i])
    return _after(decided) if len(actual) > len(decided) else None


def _differs(before: Game, decided: Sequence[Decided], item: Decided, shown: Mapping[str, Any]) -> Attribution:
    """The clause of an event made otherwise: an event of a kind the rulebook does not
    make here (:func:`readings.unexpected`), a follower's Joker that lost
    (:func:`readings.winner`), else the clause that decided the reference's event."""
    kinds = {d.event[0] for d in decided}
    loser = any(d.event[0] == "game-over" and d.event[1] is not None for d in decided)
    reading = readings.unexpected(shown.get("type"), loser) if shown.get("type") not in kinds else None
    if reading is None and item.event[0] == "trick" and shown.get("type") == "trick":
        played = [e[1:] for e in (d.event for d in decided) if e[0] == "play"]
        reading = readings.winner([*before.trick, *played], item.event[1], shown.get("winner"))
    return Attribution.read(reading) or Attribution(item.clause, item.why)


def _after(decided: Sequence[Decided]) -> Attribution | None:
    """The clause of what follows the move's last event (see :data:`AFTER`)."""
    after = AFTER.get(decided[-1].event[0]) if decided else None
    return Attribution(*after) if after else None


def _about(decided: Sequence[Decided], field: str) -> Attribution | None:
    """The clause deciding snapshot ``field`` after the move."""
    if field in RECORD_CLAUSES:
        return Attribution(RECORD_CLAUSES[field], f"the {field} record after the move")
    kind = FIELD_EVENTS.get(field)
    item = next((d for d in reversed(decided) if d.event[0] == kind), None)
    if item is None:
        return _after(decided) if field in ("to_move", "phase", "taking") else None
    if field in ("out_of_play", "hands"):  # where the cards of the trick went: how it ended
        return Attribution(item.also[-1], "the cards of an ended trick leave play; a taken card is in the hand")
    return Attribution(item.clause, item.why)


def within(attribution: Attribution | None, cited: Sequence[str]) -> Attribution | None:
    """A case is evidence for the clauses it cites: a divergence of a case citing one
    clause breaks that clause (the step's own clause, when it is another, is a
    consequence: a low Ace is seen as a wrong trick winner); a case citing several
    keeps the step's clause."""
    if len(cited) != 1 or (attribution is not None and attribution.clause == cited[0]):
        return attribution
    step = f"; the step: {attribution.clause}, {attribution.why}" if attribution is not None else ""
    return Attribution(cited[0], f"the case checks {cited[0]} alone{step}")


def attribute(
    replay: Replay,
    actual_events: Sequence[Mapping[str, Any]],
    attempted: Move | None = None,
    about: str | None = None,
    shown: Shown | None = None,
) -> Attribution | None:
    """The clause a divergence breaks, or ``None`` when it cannot be told.

    ``attempted`` is a move whose acceptance or refusal diverged; a legal one the
    implementation refused takes the clause its answer (``shown``: snapshot, code,
    legal moves) says it read otherwise (:func:`_refused_legal`), else the clause
    allowing it. Otherwise the last accepted move is replayed on the reference: if
    the reference refuses it, the clause that forbids it; else its first event that
    differs from ``actual_events`` (the implementation's) names the clause (more
    events than the reference: the clause of what follows); failing that, the
    clause that decides the snapshot field ``about`` the step checks (right after a
    deal: the deal's, :func:`_dealt`, :data:`SETUP_CLAUSES`).
    """
    shown = shown or Shown()
    try:
        if attempted is not None and attempted[0] is not None:
            legal, attribution = _attempted(replay, len(replay.moves), attempted[0], attempted[1])
            reading = _refused_legal(replay, attempted[0], attempted[1], shown) if legal else None
            return reading or attribution
        last = replay.moves[-1] if replay.moves else (None, "")
        if last[0] is not None:  # an accepted move the reference refuses
            legal, attribution = _attempted(replay, len(replay.moves) - 1, last[0], str(last[1]))
            if not legal:
                return attribution
        dealt = _dealt(replay, shown.state, turn=about in ("to_move", "leader"))
        if dealt is not None or not replay.moves:
            if dealt is None and about in SETUP_CLAUSES and "deal" in (replay.setup or {}):
                return Attribution(SETUP_CLAUSES[about], f"the deal decides {about}")
            return dealt
        before, decided = _last_move(replay)
        found = _first_difference(before, decided, actual_events)
        if found is None and about == "to_move" and shown.state is not None:
            found = Attribution.read(
                readings.follower(_game(_replayed(replay, len(replay.moves))), shown.state.get("to_move"))
            )
        return found or (_about(decided, about) if about is not None else None)
    except (GeneralaError, BadRequest, ValueError, KeyError, TypeError, AttributeError):
        return None  # the reference cannot replay it (e.g. a setup it refuses): no attribution
