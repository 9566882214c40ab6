"""The Gherkin step definitions of the feature suite (pytest-bdd ≥ 9).

Few and general on purpose (pytest-bdd looks steps up one by one): each step
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

Every refusal asserted by a step also asserts the state unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
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
from generala_conformance.transport.adapter import Adapter, Refused, takes_plans
from generala_conformance.transport.planned import Call, apply_call
from pytest_bdd import given, parsers, then, when

Json = dict[str, Any]
_STATE: Call = ("state", {})
_LEGAL: Call = ("legal", {})


Running = Callable[[], "tuple[Sequence[Any], int] | None"]
"""The steps of the running scenario (pytest-bdd's) and the index of the running one, if known."""


class Table:
    """The game of one scenario: set up by Given steps, started at the first move.
    ``running`` tells it the scenario's steps and the running one, so that a step's
    plan holds the requests of the Then steps after it (:func:`checks_after`)."""

    def __init__(self, adapter: Adapter, rules: Mapping[str, str], running: Running | None = None) -> None:
        self.driver = Driver(adapter)
        self.adapter = adapter
        self.rules = dict(rules)
        self.running = running
        self.setup: Json | None = None
        self.started = False
        self.start_planned = False  # the adapter was told the start (Table.plan)
        self.pending: tuple[str, Refused, Json] | None = None

    def restart(self, setup: Json) -> None:
        """A new game (or series) on the same implementation, started at the next step."""
        if self.started:
            self.game()  # a refused move that no step asserted fails here
        self.setup, self.started, self.start_planned = setup, False, False

    def game(self) -> Driver:
        """The driver of the started game; a refused move nobody asserted is a divergence."""
        if self.pending is not None:
            step, refusal, _ = self.pending
            refused = f"refused ({refusal.code}): {refusal.message}"
            raise self.driver.fail(step, "the move is accepted", refused, attempted=self.driver.refused)
        if not self.started:
            if self.setup is None:
                raise Divergence("(scenario)", "a Given step sets up the table", "no setup", None)
            if not self.start_planned:  # a step that plays no move: the start and the checks after it
                self._plan([], last_may_be_refused=False, played=False)
            self.driver.start({**self.setup, "rules": self.rules})
            self.started = True
        return self.driver

    def plan(self, moves: list[tuple[int, str]], last_may_be_refused: bool) -> None:
        """Tell the adapter the requests of a step that plays ``moves`` (:meth:`Adapter.plan`,
        :func:`_move_calls`)."""
        if self.pending is not None:
            return  # the step fails before any move (game)
        self._plan(moves, last_may_be_refused)

    def _plan(self, moves: list[tuple[int, str]], last_may_be_refused: bool, played: bool = True) -> None:
        setup = None if self.started else self.setup
        if takes_plans(self.adapter):
            self.adapter.plan(_move_calls(setup, self.rules, moves, last_may_be_refused, self._checks(played)))
        self.start_planned = setup is not None

    def _checks(self, played: bool) -> list[Call]:
        """The requests of the Then steps after the running one (:func:`checks_after`)."""
        where = self.running() if self.running is not None else None
        return [] if where is None else checks_after(*where, played=played)

    def deal(self, deck: list[str]) -> None:
        """Series: deal the next game, planned with the checks of the Then steps after it."""
        driver = self.game()
        self.adapter.plan([("deal", {"deck": deck}), *(self._checks(played=True) or [_STATE])])
        driver.deal(deck)

    def move(self, s: int, action: str, last: bool) -> None:
        """Apply one move; the refusal of the step's last move waits for a Then step."""
        driver = self.game()
        if not last:
            driver.act(s, action)
            return
        before = self.adapter.state()
        result = driver.attempt(s, action)
        if isinstance(result, Refused):
            self.pending = (f"{player(s)} {action}", result, before)

    def refusal(self) -> tuple[str, Refused, Json]:
        """The pending refusal (consumed), with the state before the move."""
        if self.pending is None:
            raise self.driver.fail("the move is refused", "the last move refused", "it was accepted")
        pending, self.pending = self.pending, None
        return pending


def _move_calls(
    setup: Json | None,
    rules: Mapping[str, str],
    moves: list[tuple[int, str]],
    last_may_be_refused: bool,
    checks: Sequence[Call] = (),
) -> list[Call]:
    """The requests of a step that plays ``moves`` (its plan, :meth:`Table.plan`): the
    start of ``setup`` under ``rules`` (``None``: the game is on), each move
    (``last_may_be_refused``: the state before the last one, see :meth:`Table.move`),
    then the ``checks`` of the Then steps after it (:func:`checks_after`), or, when
    there are none, the state (which the next step most often checks; unasked, it
    costs nothing more). A step that starts the game and plays nothing plans its
    start and the same checks."""
    start: list[Call] = [] if setup is None else [("start", {"setup": {**setup, "rules": dict(rules)}})]
    return [*start, *_moves_calls(moves, last_may_be_refused), *(checks or [_STATE])]


def _moves_calls(moves: list[tuple[int, str]], last_may_be_refused: bool) -> list[Call]:
    """Each move's request (``last_may_be_refused``: the state before the last one)."""
    calls: list[Call] = []
    for index, (s, action) in enumerate(moves):
        if last_may_be_refused and index == len(moves) - 1:
            calls.append(_STATE)
        calls.append(apply_call(action, s))
    return calls


def checks_after(steps: Sequence[Any], index: int, played: bool) -> list[Call]:
    """The requests that the steps after ``steps[index]`` (pytest-bdd's steps of a
    scenario, the one running) make when the scenario passes (:func:`_rest`).
    ``played``: the running step's moves (or deal) are planned before them; else
    it is the step that starts the game and plays nothing: they start with its
    own if it is a Then step (none for a When step: its request comes after)."""
    if played:
        return _rest(steps, index + 1)
    return _rest(steps, index) if steps[index].type == "then" else []


def _rest(steps: Sequence[Any], start: int) -> list[Call]:
    """The requests the steps from ``steps[start]`` on make when they pass, in order,
    up to a step that cannot be told (a Given, a step that does not read): each
    Then step's checks (:func:`_checks_of`), each When step's moves or deal and
    then the requests after it, or the state when none are (:func:`_move_calls`)."""
    if start >= len(steps):
        return []
    step = steps[start]
    if step.type == "then":
        checks = _checks_of(step.name)
        return [] if checks is None else [*checks, *_rest(steps, start + 1)]
    played = _played_by(step)
    return [] if played is None else [*played, *(_rest(steps, start + 1) or [_STATE])]


def _played_by(step: Any) -> list[Call] | None:
    """The moves (:func:`_moves_calls`) or the deal a When step plays, ``None`` for any other step."""
    try:
        if (moves := _when_moves(step)) is not None:
            return _moves_calls(*moves)
        if step.type == "when" and (args := WHEN_DEAL.parse_arguments(step.name)) is not None:
            return [("deal", {"deck": _deck(args["which"], step.docstring)})]
    except ValueError:  # a card, a player or a move that does not read: the step fails there
        return None
    return None


def scenario_plan(steps: Sequence[Any], rules: Mapping[str, str]) -> list[Call]:
    """The plan of the first step of a scenario that asks the implementation
    anything, from the scenario's ``steps`` (pytest-bdd's, rendered) under ``rules``:
    the start of what its Given steps set up, the moves of its first When (none
    for any other step: it starts the game, :meth:`Table.game`) and the requests
    of the steps after it (:func:`checks_after`), exactly as that step will plan
    them, so that the plugin can send them ahead while the
    case before ends (:meth:`Adapter.send_ahead`). Empty when a Given step is not
    one the step definitions know, or a step's text does not read (the step itself
    then fails, as it would anyway)."""
    setup: Json | None = None
    try:
        for index, step in enumerate(steps):
            if step.type != "given":
                if setup is None:
                    return []
                if (moves := _when_moves(step)) is not None:
                    return _move_calls(setup, rules, *moves, checks_after(steps, index, played=True))
                return _move_calls(setup, rules, [], False, checks_after(steps, index, played=False))
            setup = _given_setup(step)
            if setup is None:
                return []
    except ValueError:  # a card, a player or a move that does not read (NotationError)
        return []
    return []


def _given_setup(step: Any) -> Json | None:
    """What a Given step sets up (as its step function does), ``None`` if it is none of them."""
    if (args := GIVEN_POSITION.parse_arguments(step.name)) is not None:
        return _position(datatable=step.datatable.raw() if step.datatable else [], **args)
    if (args := GIVEN_DEAL.parse_arguments(step.name)) is not None:
        return _deal(docstring=step.docstring, **args)
    return None


def _when_moves(step: Any) -> tuple[list[tuple[int, str]], bool] | None:
    """The moves a When step plays and whether its last one may be refused (as its
    step function plans them), ``None`` for any other step."""
    if step.type != "when":
        return None
    if (args := WHEN_MOVES.parse_arguments(step.name)) is not None:
        return _moves(args["moves"]), True
    if WHEN_PLAYED_OUT.is_matching(step.name):
        return _played_out(step.docstring or ""), False
    return None


@pytest.fixture
def generala_table(
    generala_adapter: Adapter, generala_rules: Mapping[str, str], request: pytest.FixtureRequest
) -> Table:
    """The table of one scenario, on the implementation under test (told the running
    step by the plugin, :func:`~generala_conformance.suite.pytest_plugin.running_step`)."""
    from generala_conformance.suite.pytest_plugin import running_step

    return Table(generala_adapter, generala_rules, lambda: running_step(request.node))


# ----------------------------------------------------------------------- Given


GIVEN_POSITION = parsers.re(r"a (?P<n>\d+)-player table where (?P<leader>P\d+) leads:")


def _position(n: str, leader: str, datatable: list[list[str]]) -> Json:
    """The setup of a position: the hands (one row per player; players not listed hold nothing)."""
    hands: list[list[str]] = [[] for _ in range(int(n))]
    for row in datatable:
        if row[0].strip().lower() != "player":
            hands[seat(row[0])] = cards(row[1])
    return {"position": {"players": int(n), "hands": hands, "leader": seat(leader)}}


@given(GIVEN_POSITION)
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


GIVEN_DEAL = parsers.re(
    rf"(?P<dealer>P\d+) deals a (?P<n>\d+)-player (?P<kind>game|series)(?: to (?P<seated>P\d+(?:, P\d+)+))? {_DECK}"
)


def _deal(dealer: str, n: str, kind: str, seated: str | None, which: str, docstring: str | None) -> Json:
    """The setup of a deal of the given deck, top card first, to every player or to the ``seated`` ones."""
    deal: Json = {"players": int(n), "dealer": seat(dealer), "deck": _deck(which, docstring)}
    if seated:
        deal["seated"] = [seat(p) for p in seated.split(", ")]
    return {"deal": deal, "series": kind == "series"}


@given(GIVEN_DEAL)
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


WHEN_MOVES = parsers.re(r"(?P<moves>P\d+ (?:leads|plays|declines|takes|sends) .*|P\d+ declines)")
WHEN_PLAYED_OUT = parsers.re(r"the game is played out:")


@when(WHEN_MOVES)
def when_moves(generala_table: Table, moves: str) -> None:
    """Moves in order: ``P1 leads 8H, P2 plays 9H and P3 declines``, ``P3 takes 9H``;
    ``P2 sends "8X"`` sends an action text as it is."""
    parts = _moves(moves)
    generala_table.plan(parts, last_may_be_refused=True)
    for i, (s, action) in enumerate(parts):
        generala_table.move(s, action, last=i == len(parts) - 1)


@when(WHEN_PLAYED_OUT)
def when_played_out(generala_table: Table, docstring: str) -> None:
    """A whole run of moves in the short notation (``P2 8H, P3 decline, P3 take 8H``)."""
    moves = _played_out(docstring)
    generala_table.plan(moves, last_may_be_refused=False)
    driver = generala_table.game()
    for move in moves:
        driver.act(*move)


WHEN_DEAL = parsers.re(rf"the next game is dealt {_DECK}")


@when(WHEN_DEAL)
def when_next_deal(generala_table: Table, which: str, docstring: str | None = None) -> None:
    """Series: the next game is dealt."""
    generala_table.deal(_deck(which, docstring))


# ------------------------------------------------------------------------ Then


def _event(driver: Driver, step: str, kind: str) -> Json:
    found = [e for e in driver.events if e.get("type") == kind]
    if not found:
        raise driver.fail(step, f"a {kind} event", f"events {show_events(driver.events)}")
    return found[-1]


def _expect(driver: Driver, step: str, ok: bool, expected: str, actual: str) -> None:
    if not ok:
        raise driver.fail(step, expected, actual)


def _action(verb: str, what: str) -> str:
    if verb == "decline":
        return "decline"
    return ("take " if verb == "take" else "") + card(what)


def _claim_event(driver: Driver, step: str, who: int, kind: str, field: str, extra: Json) -> None:
    event = _event(driver, step, kind)
    wanted = {field: who, **extra}
    ok = all(event.get(k) == v for k, v in wanted.items())
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


def _claim_state(table: Table, step: str, who: int, claim: str) -> None:
    driver = table.driver
    state = table.adapter.state()
    if claim == "leads next":
        _claim_event(driver, step, who, "lead", "player", {})
        ok = state.get("to_move") == who and state.get("phase") == "play" and not state.get("trick")
        _expect(driver, step, ok, f"{player(who)} to lead a new trick", f"to_move {state.get('to_move')}")
    elif claim == "is to move":
        _expect(driver, step, state.get("to_move") == who, f"{player(who)} to move", str(state.get("to_move")))
    elif claim == "must take a card":
        ok = state.get("phase") == "take" and state.get("taking") == who and state.get("to_move") == who
        _expect(driver, step, ok, f"phase take, {player(who)} taking", f"phase {state.get('phase')}")
    elif (m := re.fullmatch(r"holds (\d+) cards?", claim)) is not None:
        got = len(state["hands"][who])
        _expect(driver, step, got == int(m.group(1)), f"{m.group(1)} cards", f"{got} cards")
    elif (m := re.fullmatch(r"holds (.+)", claim)) is not None:
        want = canonical(cards(m.group(1).replace("no cards", "none")))
        held = canonical(state["hands"][who])
        _expect(driver, step, held == want, " ".join(want) or "no cards", " ".join(held) or "no cards")
    else:
        raise ValueError(f"unknown claim about a player: {claim!r}")


_MUST_LEAD = re.compile(r"must lead (\S+)")
_MAY = re.compile(r"may (not )?(play|lead|decline|take)(?: (\S+))?")
THEN_PLAYER = parsers.re(r"(?P<who>P\d+) (?P<claim>.+)")
THEN_GENERAL = parsers.re(r"(?P<claim>(?:the|nobody) .+)")


@then(THEN_PLAYER)
def then_player(generala_table: Table, who: str, claim: str) -> None:
    """A claim about one player (see the module docstring)."""
    driver = generala_table.game()
    s, step = seat(who), f"Then {who} {claim}"
    if claim in _EVENT_CLAIMS:
        kind, field, extra = _EVENT_CLAIMS[claim]
        _claim_event(driver, step, s, kind, field, extra)
    elif claim in ("goes out", "does not go out"):
        went = any(e.get("type") == "out" and e.get("player") == s for e in driver.events)
        _expect(driver, step, went == (claim == "goes out"), claim, show_events(driver.events))
    elif (m := _MUST_LEAD.fullmatch(claim)) is not None:
        driver.expect_legal(step, [card(m.group(1))])
    elif (m := _MAY.fullmatch(claim)) is not None:
        action = _action(m.group(2), m.group(3) or "")
        _claim_state(generala_table, step, s, "is to move")
        legal = generala_table.adapter.legal()
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
        text, refusal, before = table.refusal()
        want = code or None
        if want and refusal.code is not None and refusal.code != want:
            got = f"refused with {refusal.code}"
            raise driver.fail(text, f"refused with {want}", got, attempted=driver.refused)
        after = table.adapter.state()
        _expect(driver, text, after == before, "the state unchanged after the refusal", "it changed")

    def legal(text: str) -> None:
        wanted = [w if w == "decline" or w.startswith("take ") else card(w) for w in re.split(r",\s*", text)]
        driver.expect_legal(step, wanted)

    def trick(text: str) -> None:
        plays = [] if text == "empty" else [parse_action(p) for p in re.split(r",\s*", text)]
        got = [(t["player"], t["card"]) for t in table.adapter.state().get("trick", [])]
        _expect(driver, step, got == plays, str(plays), str(got))

    def out_of_play(text: str) -> None:
        got = list(table.adapter.state().get("out_of_play", []))
        for c in cards(text):
            _expect(driver, step, c in got, f"{c} out of play", f"out of play {canonical(got)}")
            got.remove(c)

    def not_out_of_play(text: str) -> None:
        got = list(table.adapter.state().get("out_of_play", []))
        for c in cards(text):
            _expect(driver, step, c not in got, f"{c} not out of play", f"out of play {canonical(got)}")

    def events(text: str) -> None:
        driver.expect_events(step, [parse_event(e) for e in re.split(r",\s+", text)], driver.events)

    def sizes(text: str) -> None:
        got = [len(h) for h in table.adapter.state()["hands"]]
        want = [int(x) for x in re.split(r",\s*", text)]
        _expect(driver, step, got == want, f"hand sizes {want}", f"hand sizes {got}")

    def over(negated: str) -> None:
        state = table.adapter.state()
        _expect(driver, step, bool(state.get("over")) != bool(negated), step, f"over = {state.get('over')}")

    def series_on(_: str) -> None:
        series = table.adapter.state().get("series") or {}
        _expect(driver, step, series.get("over") is False, "the series goes on", str(series))

    def nobody_out(_: str) -> None:
        _expect(driver, step, all(e.get("type") != "out" for e in driver.events), step, show_events(driver.events))

    def nobody_loses(_: str) -> None:
        event = _event(driver, step, "game-over")
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
    for pattern, name, _ in GENERAL_FORMS:
        if (m := re.fullmatch(pattern, step)) is not None:
            check = checks[name]
            return lambda: check(m.group(1) or "")
    return None


GENERAL_FORMS: tuple[tuple[str, str, tuple[Call, ...]], ...] = (
    (r"the move is refused(?: with (\S+))?", "refused", (_STATE,)),
    (r"the legal moves are (.+)", "legal", (_LEGAL,)),
    (r"the trick on the table is (.+)", "trick", (_STATE,)),
    (r"the cards out of play include (.+)", "out_of_play", (_STATE,)),
    (r"the cards out of play do not include (.+)", "not_out_of_play", (_STATE,)),
    (r"the events are (.+)", "events", ()),
    (r"the game is (not )?over", "over", (_STATE,)),
    (r"the hands hold (.+) cards", "sizes", (_STATE,)),
    (r"the series is not over()", "series_on", (_STATE,)),
    (r"nobody goes out()", "nobody_out", ()),
    (r"nobody loses()", "nobody_loses", ()),
)
"""The general claims (:func:`then_general`): each one's pattern, check and the
requests it makes when it holds (:func:`_checks_of`)."""


def _checks_of(name: str) -> list[Call] | None:
    """The requests the Then step ``name`` makes when its claim holds, as
    :func:`then_player` and :func:`then_general` make them (a move it expects
    refused, with the states around it); ``None`` for a step it cannot tell."""
    if (args := THEN_PLAYER.parse_arguments(name)) is not None:
        claim = args["claim"]
        if claim in _EVENT_CLAIMS or claim in ("goes out", "does not go out"):
            return []
        if _MUST_LEAD.fullmatch(claim):
            return [_LEGAL]
        if (m := _MAY.fullmatch(claim)) is None:
            return [_STATE]
        if not m.group(1):
            return [_STATE, _LEGAL]
        try:  # (Driver.refuse: the state, the move, the state)
            refused = apply_call(_action(m.group(2), m.group(3) or ""), seat(args["who"]))
        except ValueError:  # a card or a player that does not read: the step fails there
            return None
        return [_STATE, _LEGAL, _STATE, refused, _STATE]
    if THEN_GENERAL.is_matching(name):
        for pattern, _, asked in GENERAL_FORMS:
            if re.fullmatch(pattern, name):
                return list(asked)
    return None


@then(THEN_GENERAL)
def then_general(generala_table: Table, claim: str) -> None:
    """A claim about the table, the last move or the game (see the module docstring)."""
    if not claim.startswith("the move is refused"):
        generala_table.game()
    check = _general(generala_table, claim)
    if check is None:
        raise ValueError(f"unknown step: Then {claim}")
    check()
