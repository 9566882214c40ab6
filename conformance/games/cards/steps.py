"""The Gherkin step definitions of the card game's feature suite (:data:`STEPS`).

Few and general on purpose: each step
reads a whole sentence and dispatches on its wording. The sentences:

Given
  ``a 4-player table where P1 leads:`` + a table of hands ``| P1 | 8H 9H JK |``
  ``P1 deals a 4-player game from the deck:`` + the 54 cards as a docstring
  (``series`` instead of ``game`` starts a series; ``the canonical deck`` needs no docstring)
When
  ``P1 leads 8H, P2 plays 9H and P3 declines`` (also ``P3 takes 9H``, and
  ``P2 sends "8X"`` for an action text sent as it is);
  ``the game is played out:`` + moves ``P2 8H, P3 decline, P3 take 8H`` as a docstring;
  ``the next game is dealt from the canonical deck`` (or ``from the deck:`` + docstring)
Then
  ``P3 wins the trick``, ``P4 leads next``, ``P2 must take a card``, ``P3 loses``,
  ``P2 goes out``, ``P2 does not go out``, ``P2 is to move``, ``P2 holds 8H 9H``,
  ``P2 holds 13 cards``, ``P2 holds no cards``, ``P2 must lead 8H``,
  ``P2 may play 8H`` / ``may decline`` / ``may take 8H``, ``P2 may not take JK``,
  ``P3 is eliminated``, ``P2 is the champion``,
  ``P3 deals the next game and does not play in it`` / ``and plays in it``;
  ``nobody loses``, ``nobody goes out``, ``the game is over``, ``the game is not over``,
  ``the move is refused with must-follow-suit``, ``the legal moves are 8H, JK, decline``,
  ``the trick on the table is P1 8H, P2 9H``, ``the cards out of play include JK, 8H`` / ``do not include 9H``,
  ``the events are play P3 9H, trick P2 complete, lead P2 winner``,
  ``the series is not over``.

Every refusal asserted by a step also asserts the state unchanged. Each claim also
says what it compared (:func:`~generala_conformance.core.transcripts.claim`), for the
case's transcript.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from generala_conformance.core import transcripts
from generala_conformance.core.features import StepDefinitions
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.driver import Driver, show_events
from generala_conformance.games.cards.notation import (
    CANONICAL_DECK,
    canonical,
    card,
    cards,
    event_text,
    parse_action,
    parse_event,
    player,
    seat,
)
from generala_conformance.transport.adapter import Adapter, Refused
from generala_conformance.transport.json_values import strict_equal, strict_within

Json = dict[str, Any]


class Table:
    """The game of one scenario: set up by Given steps, started at the first move."""

    def __init__(self, adapter: Adapter, rules: Mapping[str, str]) -> None:
        self.driver = Driver(adapter)
        self.adapter = adapter
        self.rules = dict(rules)
        self.setup: Json | None = None
        self.started = False
        self.pending: tuple[str, Refused, Json] | None = None
        self.moved_at: tuple[int | None, int | None] | None = None
        """In a recording: the requests of the state before the last move of a When step and of that move."""

    def restart(self, setup: Json) -> None:
        """A new game (or series) on the same implementation, started at the next step."""
        if self.started:
            self.game()  # a refused move that no step asserted fails here
        self.setup, self.started = setup, False

    def game(self) -> Driver:
        """The driver of the started game; a refused move nobody asserted is a divergence."""
        if self.pending is not None:
            step, refusal, _ = self.pending
            refused = f"refused ({refusal.code}): {refusal.message}"
            attempted = self.driver.refused
            raise self.driver.fail(step, "the move is accepted", refused, attempted=attempted, code=refusal.code)
        if self.moved_at is not None:  # the last move was accepted, and must be
            transcripts.claim(self.adapter, self.moved_at[1], accept=["ok"])
            self.moved_at = None
        if not self.started:
            if self.setup is None:
                raise Divergence("(scenario)", "a Given step sets up the table", "no setup", None)
            self.driver.start({**self.setup, "rules": self.rules})
            self.started = True
        return self.driver

    def deal(self, deck: list[str]) -> None:
        """Series: deal the next game."""
        self.game().deal(deck)

    def move(self, s: int, action: str, last: bool) -> None:
        """Apply one move; the refusal of the step's last move waits for a Then step."""
        driver = self.game()
        if not last:
            driver.act(s, action)
            return
        before = self.adapter.state()
        before_at = transcripts.mark(self.adapter)
        result = driver.attempt(s, action)
        self.moved_at = (before_at, transcripts.mark(self.adapter))
        transcripts.claim(self.adapter, accept=["ok", "illegal"])  # until a later step says which
        if isinstance(result, Refused):
            self.pending = (f"{player(s)} {action}", result, before)

    def refusal(self, code: str | None) -> tuple[str, Refused, Json, int | None]:
        """The pending refusal (consumed) of a move that must be refused (with ``code``
        when given), with the state before the move and the request that asked it."""
        if self.pending is None:
            raise self.driver.fail("the move is refused", "the last move refused", "it was accepted")
        (text, refused, before), self.pending = self.pending, None
        before_at, move_at = self.moved_at or (None, None)
        self.driver.claim_refused(code, move_at)
        self.moved_at = None
        return text, refused, before, before_at


STEPS = StepDefinitions(lambda adapter, rules, _requires: Table(adapter, rules))
"""The card game's step definitions (a scenario's table: :class:`Table`)."""


# ----------------------------------------------------------------------- Given


GIVEN_POSITION = re.compile(r"a (?P<n>\d+)-player table where (?P<leader>P\d+) leads:")


def _position(n: str, leader: str, datatable: list[list[str]]) -> Json:
    """The setup of a position: the hands (one row per player; players not listed hold nothing)."""
    hands: list[list[str]] = [[] for _ in range(int(n))]
    for row in datatable:
        if row[0].strip().lower() != "player":
            hands[seat(row[0])] = cards(row[1])
    return {"position": {"players": int(n), "hands": hands, "leader": seat(leader)}}


@STEPS.given(GIVEN_POSITION)
def given_position(generala_table: Table, n: str, leader: str, datatable: list[list[str]]) -> None:
    """A position: the hands (one row per player; players not listed hold nothing)."""
    generala_table.restart(_position(n, leader, datatable))


_DECK = r"from the (?P<which>canonical |reversed |)deck:?"


def _deck(which: str, docstring: str | None) -> list[str]:
    if which.strip() == "canonical":
        return list(CANONICAL_DECK)
    if which.strip() == "reversed":
        return list(reversed(CANONICAL_DECK))
    return cards(docstring or "")


GIVEN_DEAL = re.compile(
    rf"(?P<dealer>P\d+) deals a (?P<n>\d+)-player (?P<kind>game|series)(?: to (?P<seated>P\d+(?:, P\d+)+))? {_DECK}"
)


def _deal(dealer: str, n: str, kind: str, seated: str | None, which: str, docstring: str | None) -> Json:
    """The setup of a deal of the given deck, top card first, to every player or to the ``seated`` ones."""
    deal: Json = {"players": int(n), "dealer": seat(dealer), "deck": _deck(which, docstring)}
    if seated:
        deal["seated"] = [seat(p) for p in seated.split(", ")]
    return {"deal": deal, "series": kind == "series"}


@STEPS.given(GIVEN_DEAL)
def given_deal(
    generala_table: Table,
    dealer: str,
    n: str,
    kind: str,
    seated: str | None,
    which: str,
    docstring: str | None = None,
) -> None:
    """A deal (R-DEAL-1) of the given deck, top card first, to every player or to
    the ``seated`` ones (R-SERIES-5)."""
    generala_table.restart(_deal(dealer, n, kind, seated, which, docstring))


# ------------------------------------------------------------------------ When

_MOVE = re.compile(r'(P\d+) (?:(leads|plays) (\S+)|(declines)|takes (\S+)|sends "([^"]*)")')


def _move(text: str) -> tuple[int, str]:
    match = _MOVE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"not a move: {text!r}")
    who, _, played, declines, taken, raw = match.groups()
    if declines:
        return seat(who), "decline"
    if taken:
        return seat(who), f"take {card(taken)}"
    return seat(who), raw if raw is not None else card(played)


def _moves(text: str) -> list[tuple[int, str]]:
    """The moves of ``P1 leads 8H, P2 plays 9H and P3 declines``, in order."""
    return [_move(p) for p in re.split(r",\s*|\s+and\s+", text) if p]


def _played_out(docstring: str) -> list[tuple[int, str]]:
    """The moves of a run in the short notation (``P2 8H, P3 decline, P3 take 8H``)."""
    return [parse_action(text) for text in re.split(r"\s*[,\n]\s*", docstring.strip()) if text]


WHEN_MOVES = re.compile(r"(?P<moves>P\d+ (?:leads|plays|declines|takes|sends) .*|P\d+ declines)")
WHEN_PLAYED_OUT = re.compile(r"the game is played out:")


@STEPS.when(WHEN_MOVES)
def when_moves(generala_table: Table, moves: str) -> None:
    """Moves in order: ``P1 leads 8H, P2 plays 9H and P3 declines``, ``P3 takes 9H``;
    ``P2 sends "8X"`` sends an action text as it is."""
    parts = _moves(moves)
    for i, (s, action) in enumerate(parts):
        generala_table.move(s, action, last=i == len(parts) - 1)


@STEPS.when(WHEN_PLAYED_OUT)
def when_played_out(generala_table: Table, docstring: str) -> None:
    """A whole run of moves in the short notation (``P2 8H, P3 decline, P3 take 8H``)."""
    moves = _played_out(docstring)
    driver = generala_table.game()
    for move in moves:
        driver.act(*move)


WHEN_DEAL = re.compile(rf"the next game is dealt {_DECK}")


@STEPS.when(WHEN_DEAL)
def when_next_deal(generala_table: Table, which: str, docstring: str | None = None) -> None:
    """Series: the next game is dealt."""
    generala_table.deal(_deck(which, docstring))


# ------------------------------------------------------------------------ Then


def _event(driver: Driver, step: str, kind: str) -> Json:
    found = [e for e in driver.events if e.get("type") == kind]
    if not found:
        raise driver.fail(step, f"a {kind} event", f"events {show_events(driver.events)}")
    return found[-1]


def _expect(driver: Driver, step: str, ok: bool, expected: str, actual: str, about: str | None = None) -> None:
    """Fail ``step`` unless ``ok``; ``about``: the snapshot field it checks (:meth:`Driver.fail`)."""
    if not ok:
        raise driver.fail(step, expected, actual, about=about)


def _action(verb: str, what: str) -> str:
    if verb == "decline":
        return "decline"
    return ("take " if verb == "take" else "") + card(what)


def _claim_event(driver: Driver, step: str, who: int, kind: str, field: str, extra: Json) -> None:
    event = _event(driver, step, kind)
    wanted = {field: who, **extra}
    driver.claim_events({"op": "last-where", "where": {"type": kind}, "value": wanted})
    ok = strict_within(wanted, event)
    _expect(driver, step, ok, event_text({"type": kind, **wanted}), event_text(event))


_EVENT_CLAIMS: dict[str, tuple[str, str, Json]] = {
    "wins the trick": ("trick", "winner", {}),
    "loses": ("game-over", "loser", {}),
    "loses the game": ("game-over", "loser", {}),
    "is eliminated": ("eliminated", "player", {}),
    "is the champion": ("champion", "player", {}),
    "deals the next game and plays in it": ("next-dealer", "player", {"plays": True}),
    "deals the next game and does not play in it": ("next-dealer", "player", {"plays": False}),
}


def _state_claims(table: Table, *checks: tuple[str | int, str, Any]) -> None:
    """Say what a claim compared of the snapshot just asked: ``(field, op, value)`` each."""
    for key, op, value in checks:
        path = ["state", "hands", key] if isinstance(key, int) else ["state", key]
        transcripts.claim(table.adapter, check={"path": path, "op": op, "value": value})


def _claim_state(table: Table, step: str, who: int, claim: str) -> None:
    driver = table.driver
    state = table.adapter.state()
    if claim == "leads next":
        _state_claims(table, ("to_move", "equals", who), ("phase", "equals", "play"), ("trick", "truthy", False))
        _claim_event(driver, step, who, "lead", "player", {})
        ok = state.get("to_move") == who and state.get("phase") == "play" and not state.get("trick")
        _expect(driver, step, ok, f"{player(who)} to lead a new trick", f"to_move {state.get('to_move')}", "to_move")
    elif claim == "is to move":
        _state_claims(table, ("to_move", "equals", who))
        _expect(
            driver, step, state.get("to_move") == who, f"{player(who)} to move", str(state.get("to_move")), "to_move"
        )
    elif claim == "must take a card":
        _state_claims(table, ("phase", "equals", "take"), ("taking", "equals", who), ("to_move", "equals", who))
        ok = state.get("phase") == "take" and state.get("taking") == who and state.get("to_move") == who
        _expect(driver, step, ok, f"phase take, {player(who)} taking", f"phase {state.get('phase')}", "taking")
    elif (m := re.fullmatch(r"holds (\d+) cards?", claim)) is not None:
        _state_claims(table, (who, "length", int(m.group(1))))
        got = len(state["hands"][who])
        _expect(driver, step, got == int(m.group(1)), f"{m.group(1)} cards", f"{got} cards", "hands")
    elif (m := re.fullmatch(r"holds (.+)", claim)) is not None:
        want = canonical(cards(m.group(1).replace("no cards", "none")))
        _state_claims(table, (who, "set-equals", want))
        held = canonical(state["hands"][who])
        _expect(driver, step, held == want, " ".join(want) or "no cards", " ".join(held) or "no cards", "hands")
    else:
        raise ValueError(f"unknown claim about a player: {claim!r}")


_MUST_LEAD = re.compile(r"must lead (\S+)")
_MAY = re.compile(r"may (not )?(play|lead|decline|take)(?: (\S+))?")
THEN_PLAYER = re.compile(r"(?P<who>P\d+) (?P<claim>.+)")
THEN_GENERAL = re.compile(r"(?P<claim>(?:the|nobody) .+)")


@STEPS.then(THEN_PLAYER)
def then_player(generala_table: Table, who: str, claim: str) -> None:
    """A claim about one player (see the module docstring)."""
    driver = generala_table.game()
    s, step = seat(who), f"Then {who} {claim}"
    if claim in _EVENT_CLAIMS:
        kind, field, extra = _EVENT_CLAIMS[claim]
        _claim_event(driver, step, s, kind, field, extra)
    elif claim in ("goes out", "does not go out"):
        op = "some-where" if claim == "goes out" else "none-where"
        driver.claim_events({"op": op, "where": {"type": "out", "player": s}})
        went = any(e.get("type") == "out" and e.get("player") == s for e in driver.events)
        _expect(driver, step, went == (claim == "goes out"), claim, show_events(driver.events))
    elif (m := _MUST_LEAD.fullmatch(claim)) is not None:
        driver.expect_legal(step, [card(m.group(1))])
    elif (m := _MAY.fullmatch(claim)) is not None:
        action = _action(m.group(2), m.group(3) or "")
        _claim_state(generala_table, step, s, "is to move")
        legal = generala_table.adapter.legal()
        op = "not-contains" if m.group(1) else "contains"
        transcripts.claim(generala_table.adapter, check={"path": ["actions"], "op": op, "value": action})
        if m.group(1):
            _expect(driver, step, action not in legal, f"{action} not legal", f"legal {legal}")
            driver.refuse(s, action, None)
        else:
            _expect(driver, step, action in legal, f"{action} legal", f"legal {legal}")
    else:
        _claim_state(generala_table, step, s, claim)


def _general(table: Table, step: str) -> Callable[[], None] | None:
    driver = table.driver

    def refused(code: str) -> None:
        want = code or None
        text, refusal, before, before_at = table.refusal(want)
        if driver.code_differs(want, refusal.code):
            got = f"refused with {refusal.code}" if refusal.code else "refused without a code"
            raise driver.fail(text, f"refused with {want}", got, attempted=driver.refused)
        after = table.adapter.state()
        transcripts.claim(table.adapter, same_as=before_at)
        _expect(driver, text, after == before, "the state unchanged after the refusal", "it changed")

    def legal(text: str) -> None:
        wanted = [w if w == "decline" or w.startswith("take ") else card(w) for w in re.split(r",\s*", text)]
        driver.expect_legal(step, wanted)

    def trick(text: str) -> None:
        plays = [] if text == "empty" else [parse_action(p) for p in re.split(r",\s*", text)]
        got = [(t["player"], t["card"]) for t in table.adapter.state().get("trick", [])]
        _state_claims(table, ("trick", "items-match", [{"player": s, "card": c} for s, c in plays]))
        _expect(driver, step, got == plays, str(plays), str(got))

    def out_of_play(text: str) -> None:
        got = list(table.adapter.state().get("out_of_play", []))
        _state_claims(table, ("out_of_play", "includes-all", cards(text)))
        for c in cards(text):
            _expect(driver, step, c in got, f"{c} out of play", f"out of play {canonical(got)}", "out_of_play")
            got.remove(c)

    def not_out_of_play(text: str) -> None:
        got = list(table.adapter.state().get("out_of_play", []))
        _state_claims(table, ("out_of_play", "excludes-all", cards(text)))
        for c in cards(text):
            _expect(driver, step, c not in got, f"{c} not out of play", f"out of play {canonical(got)}", "out_of_play")

    def events(text: str) -> None:
        driver.expect_events(step, [parse_event(e) for e in re.split(r",\s+", text)], driver.events)

    def sizes(text: str) -> None:
        got = [len(h) for h in table.adapter.state()["hands"]]
        want = [int(x) for x in re.split(r",\s*", text)]
        _state_claims(table, ("hands", "lengths", want))
        _expect(driver, step, strict_equal(want, got), f"hand sizes {want}", f"hand sizes {got}", "hands")

    def over(negated: str) -> None:
        state = table.adapter.state()
        _state_claims(table, ("over", "truthy", not negated))
        _expect(driver, step, bool(state.get("over")) != bool(negated), step, f"over = {state.get('over')}", "over")

    def series_on(_: str) -> None:
        series = table.adapter.state().get("series") or {}
        transcripts.claim(table.adapter, check={"path": ["state", "series", "over"], "op": "equals", "value": False})
        _expect(driver, step, series.get("over") is False, "the series goes on", str(series), "series")

    def nobody_out(_: str) -> None:
        driver.claim_events({"op": "none-where", "where": {"type": "out"}})
        _expect(driver, step, all(e.get("type") != "out" for e in driver.events), step, show_events(driver.events))

    def nobody_loses(_: str) -> None:
        event = _event(driver, step, "game-over")
        driver.claim_events({"op": "last-where", "where": {"type": "game-over"}, "value": {"loser": None}})
        _expect(driver, step, event.get("loser") is None, "no loser", str(event))

    checks: dict[str, Callable[[str], None]] = {
        "refused": refused,
        "legal": legal,
        "trick": trick,
        "out_of_play": out_of_play,
        "not_out_of_play": not_out_of_play,
        "events": events,
        "over": over,
        "sizes": sizes,
        "series_on": series_on,
        "nobody_out": nobody_out,
        "nobody_loses": nobody_loses,
    }
    for pattern, name in GENERAL_FORMS:
        if (m := re.fullmatch(pattern, step)) is not None:
            check = checks[name]
            return lambda: check(m.group(1) or "")
    return None


GENERAL_FORMS: tuple[tuple[str, str], ...] = (
    (r"the move is refused(?: with (\S+))?", "refused"),
    (r"the legal moves are (.+)", "legal"),
    (r"the trick on the table is (.+)", "trick"),
    (r"the cards out of play include (.+)", "out_of_play"),
    (r"the cards out of play do not include (.+)", "not_out_of_play"),
    (r"the events are (.+)", "events"),
    (r"the game is (not )?over", "over"),
    (r"the hands hold (.+) cards", "sizes"),
    (r"the series is not over()", "series_on"),
    (r"nobody goes out()", "nobody_out"),
    (r"nobody loses()", "nobody_loses"),
)
"""The general claims (:func:`then_general`): each one's pattern and check."""


@STEPS.then(THEN_GENERAL)
def then_general(generala_table: Table, claim: str) -> None:
    """A claim about the table, the last move or the game (see the module docstring)."""
    if not claim.startswith("the move is refused"):
        generala_table.game()
    check = _general(generala_table, claim)
    if check is None:
        raise ValueError(f"unknown step: Then {claim}")
    check()
