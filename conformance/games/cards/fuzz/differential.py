"""Differential fuzzing: random games played on the implementation under test and
on the reference engine, compared after every action.

Each game is drawn from its own seeded generator (``game_rng(seed, index)``), so a
campaign, a shard of it, or one game is reproducible from the seed alone. Every
step is chosen from the reference's state (:class:`Reference`), so a game can be
sent ahead to an implementation that takes ``batch`` requests (:class:`Pair`).
The kit draws every deck itself and sends explicit deck orders (R-DEAL-1): the
implementation's own shuffling is never used. After each action the legal actions
(as sets), the events (exactly) and the state snapshot are compared; now and then
an illegal action is tried on both, and the refusals compared. The first
difference is a :class:`Mismatch`; :mod:`generala_conformance.games.cards.fuzz.shrink` reduces it.

A campaign compares cheaply: the state only after the start, a trick's end, the
game's end and a deal (the events and legal actions after every step). A mismatch
found so is located again with every state compared, so it is reported at the
first step that differs, exactly as a comparison of every state reports it
(:func:`replay`, used by the shrinker, compares every state).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter, is_, is_not, not_
from typing import Any, NamedTuple, Protocol, cast

from generala_conformance.errors import UsageError
from generala_conformance.games.cards.driver import show_events
from generala_conformance.games.cards.notation import CANONICAL_DECK
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.snapshots import Held, held, held_differing
from generala_conformance.transport.adapter import Adapter, AdapterFault, BadRequest, Refused, Unsupported
from generala_conformance.transport.declared import supports_series
from generala_conformance.transport.json_values import strict_equal
from generala_reference.cards.actions import format_actions
from generala_reference.cards.events import shared_events_json
from generala_reference.cards.game import OVER, Game
from generala_reference.errors import GeneralaError
from generala_spec.options import options, profile_names, resolve

Json = dict[str, Any]


class AdapterFactory(Protocol):
    """Builds the implementation under test: a function, a class, or
    :class:`~generala_conformance.transport.impl_options.OpenAdapter` (a protocol, not
    ``Callable[[], Adapter]``, which mypy does not see a named tuple's ``__call__`` as:
    python/mypy#9858)."""

    def __call__(self) -> Adapter: ...


MAX_STEPS = 3000
TWO_SEAT_GAMES = 3
"""A two-seat series never ends by itself (R-SERIES-7): the fuzzer plays this many games of it."""
"""A trial longer than this is cut (a guard: the reference never needs it)."""
BATCH_STEPS = 200
"""Steps sent in one ``batch`` request to an implementation that takes them."""

ALL_ACTIONS = (
    *dict.fromkeys(CANONICAL_DECK),
    "decline",
    *(f"take {c}" for c in dict.fromkeys(CANONICAL_DECK)),
)
"""Every well-formed action text (the illegal ones are drawn from these)."""
_ACTION_AT = {action: at for at, action in enumerate(ALL_ACTIONS)}
GARBAGE = ("8X", "take", "play 8H", "")
KINDS = ("series", "positions", "deals")
"""The kinds of setup a campaign draws; an implementation may lack the first two."""


_tuple = tuple.__new__
"""A named tuple made from the tuple of its fields: ``_tuple(Step, (kind, player,
action))`` is ``Step(kind, player, action)`` at half the cost (a step's hot path
makes two of them)."""


class Step(NamedTuple):
    """One step of a trial: ``do`` a legal action, ``try`` an illegal one (it must be
    refused), or ``deal`` the next game of a series (``action`` holds the deck)."""

    kind: str
    player: int | None = None
    action: Any = None


@dataclass
class Trial:
    """A setup and the steps played from it."""

    setup: Json
    steps: list[Step] = field(default_factory=list)


@dataclass
class Mismatch:
    """The first difference between the implementation and the reference.

    ``index`` is the step (``-1``: right after the start); ``what`` is one of
    ``start``, ``legal``, ``events``, ``state``, ``refusal``, ``error``.
    """

    index: int
    what: str
    expected: Any
    actual: Any
    fields: list[str] = field(default_factory=list)

    @property
    def needed(self) -> int:
        """How many steps of the trial it takes to show the mismatch."""
        return self.index if self.what == "legal" else self.index + 1

    def describe(self) -> str:
        """One line for people."""
        where = "after the start" if self.index < 0 else f"at step {self.index + 1}"
        return f"{self.what} differs {where}: expected {_show(self.expected)}, got {_show(self.actual)}"


def _show(value: Any) -> str:
    """Events in the short notation, anything else as its repr."""
    if isinstance(value, list) and value and all(isinstance(e, dict) and "type" in e for e in value):
        return show_events(value)
    return repr(value)


class FuzzError(UsageError):
    """A campaign that cannot run (``code``, message for the user)."""


class InvalidTrial(Exception):
    """The reference itself cannot play the trial (a shrinking candidate that broke it)."""


class Expected(NamedTuple):
    """What the reference answered to one step (its ``events``, or the refusal
    ``code`` of a try), then its state and legal actions (none once the game is
    over), who is to move and whether the game is over.

    ``state`` is the contract's part of the snapshot (:class:`Held`), ``None``
    at a step whose state is not compared (see :class:`Reference`).
    """

    events: list[Json] | None
    code: str | None
    state: Held | None
    legal: list[str]
    to_move: int | None
    over: bool


class Reference:
    """The reference engine playing a trial; ``now`` is what it expects of the last
    step played (at first: of the start). A step it cannot play raises
    :class:`InvalidTrial`.

    With ``full`` every step's state is compared; without it (a campaign's cheap
    comparison) only the state after the start, a trick's end, the game's end
    and a deal: the events and legal actions of every step still are, and
    :class:`Pair` locates any mismatch again with every state compared.
    The setup and deals go through :class:`ReferenceAdapter`; moves straight to
    its engine (for speed), with the same events; a state compared is held as the
    snapshot's contract fields (:class:`Held`, no snapshot dict is built).
    """

    def __init__(self, setup: Json, full: bool = True) -> None:
        self.adapter = ReferenceAdapter()
        try:
            self.adapter.begin(setup)
        except BadRequest as exc:
            raise InvalidTrial(str(exc)) from None
        self.full = full
        self.game = self._game()
        self.players = self.game.n
        self.steps = 0
        self.codes: list[int] = []
        self.now = self._settled(None, held(self.game, self.adapter.series))

    def play(self, step: Step) -> Expected:
        """Play ``step``; what the reference expects of it."""
        now = self.now
        kind = step.kind
        try:
            if kind != "try" and kind != "deal" and step.action in now.legal:
                return self.move(now.legal.index(step.action), step.player)
        except GeneralaError as exc:
            raise InvalidTrial(f"step {self.steps}: the reference cannot play it: {exc}") from None
        self.steps += 1
        if kind == "try":
            try:
                self.adapter.apply(step.action, step.player)
            except Refused as exc:
                state = now.state if self.full else None
                self.now = _tuple(Expected, (None, exc.code, state, now.legal, now.to_move, now.over))
                return self.now
            raise InvalidTrial(f"step {self.steps}: the reference accepts {step.action!r}")
        if kind != "deal":  # (a move not in the legal set)
            raise InvalidTrial(f"step {self.steps}: {step.action} is not legal for the reference")
        try:
            events = self.adapter.deal(step.action)
        except (Refused, BadRequest) as exc:
            raise InvalidTrial(f"step {self.steps}: the reference cannot play it: {exc}") from None
        self.game = self._game()
        self.now = self._settled(events, held(self.game, self.adapter.series))
        return self.now

    def move(self, choice: int, player: int | None) -> Expected:
        """Play the legal action numbered ``choice`` (in ``now.legal``), by ``player``
        (:meth:`play` of a ``do`` step, without reading its action's text again:
        a random game's steps are played so, :func:`random_plays`)."""
        self.steps += 1
        series = self.adapter.series
        game = self.game
        events = shared_events_json((series or game).apply(self.codes[choice], player))
        now = self.now = self._settled(
            events, held(game, series) if self.full or not game.trick or game.phase == OVER else None
        )
        return now

    def played(self, steps: Iterable[Step]) -> Iterator[Played]:
        """Each of ``steps`` with what the reference expects of it, played as it is asked for."""
        for step in steps:
            yield step, self.play(step)

    def _game(self) -> Game:
        game = self.adapter.game
        assert game is not None  # a start or deal that worked leaves a game
        return game

    def _settled(self, events: list[Json] | None, state: Held | None) -> Expected:
        """What the reference expects now, with its ``state`` where it is compared (a trick's end …);
        ``codes`` are its legal actions as action ints (:meth:`move` plays one)."""
        game = self.game
        if game.phase == OVER:
            self.codes = []
            return _tuple(Expected, (events, None, state, [], None, True))
        self.codes = codes = game.legal_actions()
        key = tuple(codes)
        legal = _LEGAL_TEXTS.get(key)
        if legal is None:
            if len(_LEGAL_TEXTS) >= LEGAL_KEPT:
                _LEGAL_TEXTS.clear()
            legal = _LEGAL_TEXTS[key] = format_actions(codes)
        return _tuple(Expected, (events, None, state, legal, game.to_move, False))


_LEGAL_TEXTS: dict[tuple[int, ...], list[str]] = {}
"""The texts of each set of legal actions met so far (shared: read, never changed):
seven in ten of a campaign's steps have a set met before (a follower's cards of
the suit led, a Joker or decline, a card to take …)."""
LEGAL_KEPT = 8192
"""At most this many are kept."""


class _Answered:
    """One result of a ``batch``, read back through the calls :class:`Pair` makes."""

    def __init__(self, result: Json) -> None:
        self.result = result

    def apply(self, *_: Any) -> list[Json]:
        if self.result["ok"]:
            return cast(list[Json], self.result["events"])
        error = self.result["error"]
        raise Refused(error.get("code"), error.get("message", ""))

    deal = apply

    def state(self) -> Json:
        return cast(Json, self.result["state"])

    def legal(self) -> list[str]:
        return cast(list[str], self.result["actions"])


_NOT_ASKED: Any = object()
"""An answer not asked yet (:class:`_Asked`)."""


class _Asked:
    """What the implementation answered, asked already: to one step, its events or
    the exception its ``apply`` raised, then perhaps its state and legal actions
    (read back by :meth:`Pair._step`); after a pipelined start, the outcome of
    its legal actions. Anything not asked yet is asked now."""

    def __init__(self, impl: Adapter, events: Any, state: Any = _NOT_ASKED, legal: Any = _NOT_ASKED) -> None:
        self.impl = impl
        self.events = events
        self.asked_state = state
        self.asked_legal = legal

    def apply(self, *_: Any) -> Any:
        return _value(self.events)

    def state(self) -> Any:
        return self.impl.state() if self.asked_state is _NOT_ASKED else self.asked_state

    def legal(self) -> Any:
        return self.impl.legal() if self.asked_legal is _NOT_ASKED else _value(self.asked_legal)

    deal = apply  # (as :class:`_Answered`'s: only a move is asked ahead, so never called)


def _value(outcome: Any) -> Any:
    """A pipelined request's value, or the exception it ended with, raised."""
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


_STATE = attrgetter("state")

Answers = Adapter | _Answered | _Asked
"""What one step is compared from: the implementation asked request by request, or a batch result."""
Played = tuple[Step, Expected]
"""A step and what the reference expects of it."""


def _raised(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"


def _request(played: Played) -> Json:
    """A step of a trial as a step of a ``batch`` request, asking its state only
    where it is compared (the legal actions after every step)."""
    step, want = played
    if step.kind == "deal":
        request: Json = {"cmd": "deal", "deck": step.action}
    else:
        request = {"cmd": "apply", "action": step.action}
        if step.player is not None:
            request["player"] = step.player
    if want.state is None:
        request["state"] = False  # (as ``lean`` writes it, without copying the request made here)
    return request


@dataclass
class Opening:
    """The start of a game sent in batches: the ``chunk`` of plays of its first batch
    and, once sent (:meth:`Pair.send`), the function that gives the outcomes of the
    start, the legal actions and that batch."""

    chunk: list[Played]
    outcomes: Callable[[], list[Any]] | None = None

    @property
    def whole(self) -> bool:
        """Whether the game's every play is in this first batch (none is asked after it)."""
        return len(self.chunk) < BATCH_STEPS


class Pair:
    """The implementation under test, compared with what the reference expects.

    With ``batch`` the steps go to the implementation in ``batch`` requests of up
    to :data:`BATCH_STEPS` steps; a batch that fails (a crash, a timeout, garbage)
    is played again request by request, so that the fault shows at its step.

    A step whose expected state is ``None`` is compared without its state (a
    cheap comparison; in a batch, the step says ``"state": false``); a mismatch
    found so is located again with every state compared, request by request
    (:meth:`_located`), so that it is reported at the first step that differs,
    as a comparison of every state would report it.
    """

    def __init__(self, impl: Adapter, reason_codes: bool = True, batch: bool = False) -> None:
        self.impl = impl
        self.reason_codes = reason_codes
        self.batch = batch

    def check(
        self, setup: Json, start: Expected, plays: Iterable[Played], opening: Opening | None = None
    ) -> tuple[int, Mismatch] | None:
        """The first mismatch and the step it shows at (``-1``: the start), or
        ``None``; ``plays`` is drawn only as far as it is compared (or batched).
        With batches, ``opening`` is the start's :class:`Opening`, perhaps sent
        already (:meth:`send`); without it, it is made and sent now."""
        plays = iter(plays)
        outcomes = None
        if self.batch:
            opening = opening or self.opening(plays)
            started, legal, *batch = (opening.outcomes or self.send(setup, opening))()
            outcomes = (started, legal)
        found = self._start(setup, start, outcomes)
        if found:
            return -1, found
        # the steps compared, and whether each was without its state (what the reference
        # expects of them is not kept: a game's worth of it, kept, costs the GC more)
        drawn: list[Step] = []
        stateless: list[bool] = []
        answers: list[Json] = []  # (the batches' results)
        if opening is None:
            found_at = self._live(plays, drawn, stateless)
        else:
            chunk, outcome = opening.chunk, batch[0] if batch else None
            found_at = self._batched(setup, plays, drawn, stateless, answers, chunk, outcome)
        needed = found_at[0] + 1 if found_at else 0
        if not needed or not any(stateless[:needed]):
            return found_at
        if self.batch and len(answers) < needed:
            return found_at  # a batch that failed: located already, request by request
        # the batches' answers hold a state only where it was compared: asked again, with every state
        return self._located(setup, drawn[:needed]) or found_at

    @staticmethod
    def opening(plays: Iterator[Played]) -> Opening:
        """The first batch of a game's ``plays`` (drawn now: the reference plays them)."""
        return Opening(list(itertools.islice(plays, BATCH_STEPS)))

    def send(self, setup: Json, opening: Opening) -> Callable[[], list[Any]]:
        """Ask the start, the legal actions after it and the ``opening``'s batch in
        one round trip (:meth:`Adapter.send`), to be read by the function returned
        (also kept as ``opening.outcomes``): the outcomes of the start and the legal
        actions, and of the batch if the opening has plays."""
        calls: list[tuple[str, Json]] = [("start", {"setup": setup}), ("legal", {})]
        if opening.chunk:
            calls.append(("batch", {"steps": [_request(played) for played in opening.chunk]}))
        opening.outcomes = self.impl.send(calls)
        return opening.outcomes

    def _batched(
        self,
        setup: Json,
        plays: Iterator[Played],
        drawn: list[Step],
        stateless: list[bool],
        answers: list[Json],
        chunk: list[Played],
        outcome: Any,
    ) -> tuple[int, Mismatch] | None:
        """Compare ``plays`` sent in batches, the first one (``chunk``) asked already
        (its ``outcome``); ``drawn`` gets each step, ``stateless`` whether it is
        compared without its state, ``answers`` each result. A batch whose every
        result agrees with what the reference expects (:meth:`_agreed`) is passed
        at once; any other is compared step by step."""
        while chunk:
            first = len(drawn)
            steps, wants = zip(*chunk, strict=True)
            drawn += steps
            stateless += map(is_, map(_STATE, wants), itertools.repeat(None))
            try:
                results = self.impl.batch([_request(p) for p in chunk]) if outcome is None else _value(outcome)
                if len(results) != len(chunk):
                    raise AdapterFault(f"the batch answered {len(results)} results for {len(chunk)} steps")
            except Exception as exc:  # a broken implementation may raise anything
                again = self._located(setup, drawn)
                return again or (first, Mismatch(first, "error", "the batch is answered", _raised(exc)))
            answers += results
            if not self._agreed(wants, results):
                found_at = self._steps(first, chunk, [_Answered(result) for result in results])
                if found_at:
                    return found_at
            chunk, outcome = list(itertools.islice(plays, BATCH_STEPS)), None
        return None

    def _agreed(self, wants: tuple[Expected, ...], results: list[Any]) -> bool:
        """Whether the batch ``results`` agree with what the reference expects of
        each step (``wants``), told a field at a time over the whole batch (loops
        in C): ``True`` only where comparing them step by step (:meth:`_step`)
        finds no mismatch. ``False`` may still be a batch that agrees (legal
        actions in another order, a result that is not a plain dict …): it is
        compared step by step."""
        get: Callable[[Any, str], Any] = dict.get
        events, codes, states, legal, _, _ = zip(*wants, strict=True)
        try:
            refused = [*map(is_, events, itertools.repeat(None))]  # (the steps tried: refused)
            if (
                [*map(get, results, itertools.repeat("ok"))] != [*map(not_, refused)]
                or tuple(map(get, results, itertools.repeat("events"))) != events
                or tuple(map(get, results, itertools.repeat("actions"))) != legal
            ):
                return False
            errors = itertools.compress(map(get, results, itertools.repeat("error")), refused)
            got_codes = tuple(map(get, errors, itertools.repeat("code")))  # (each error a dict, as a refusal reads it)
            if self.reason_codes and got_codes != tuple(itertools.compress(codes, refused)):
                return False
            compared = [*map(is_not, states, itertools.repeat(None))]
            got = [*itertools.compress(map(get, results, itertools.repeat("state")), compared)]
            return all(map(isinstance, got, itertools.repeat(dict))) and not any(
                map(held_differing, itertools.compress(states, compared), got)
            )
        except TypeError:  # (a result, or its error, that is not a dict)
            return False

    def _located(self, setup: Json, steps: list[Step]) -> tuple[int, Mismatch] | None:
        """The first mismatch of ``steps`` with every state compared, asked again request by request."""
        ref = Reference(setup)
        return Pair(self.impl, self.reason_codes).check(setup, ref.now, ref.played(steps))

    def _steps(self, first: int, plays: Iterable[Played], answers: list[Answers]) -> tuple[int, Mismatch] | None:
        """Compare ``plays`` from step ``first`` on, answered by ``answers`` (one per play)."""
        for index, (step, want) in enumerate(plays, first):
            found = self._step(index, step, answers[index - first], want)
            if found:
                return index, found
        return None

    def _live(self, plays: Iterable[Played], drawn: list[Step], stateless: list[bool]) -> tuple[int, Mismatch] | None:
        """Compare ``plays`` asked of the implementation one by one; ``drawn`` gets
        each step and ``stateless`` whether it is compared without its state.

        A move whose events, state (where compared) and legal actions are the
        reference's is passed in three comparisons (as :meth:`_agreed` passes a
        batch); any other step, and a move whose answers differ, is compared by
        :meth:`_step`, reading what the implementation answered already
        (:class:`_Asked`: nothing is asked twice).
        """
        impl = self.impl
        apply, legal = impl.apply, impl.legal
        for index, (step, want) in enumerate(plays):
            drawn.append(step)
            expected_state = want.state
            stateless.append(expected_state is None)
            if step.kind != "do":
                found = self._step(index, step, impl, want)
            else:
                try:
                    got: list[Json] | Exception = apply(step.action, step.player)
                except Unsupported:
                    raise  # the game is left out (see play_random)
                except Exception as exc:  # (a refusal, or a broken implementation's anything: _step tells)
                    got = exc
                state = actions = _NOT_ASKED
                if strict_equal(want.events, got):
                    if expected_state is not None:
                        state = _state_of(impl)
                    # (a state is asked only when one is expected)
                    if state is _NOT_ASKED or (
                        type(state) is dict and expected_state is not None and not held_differing(expected_state, state)
                    ):
                        if want.over:
                            continue
                        try:
                            actions = legal()
                        except Exception as exc:
                            actions = exc
                        if actions == want.legal:
                            continue
                found = self._step(index, step, _Asked(impl, got, state, actions), want)
            if found:
                return index, found
        return None

    def _start(self, setup: Json, want: Expected, opened: tuple[Any, Any] | None = None) -> Mismatch | None:
        """Compare the start (``opened``: the outcomes of the start and of the legal
        actions after it, already asked)."""
        try:
            got = self.impl.start(setup) if opened is None else _value(opened[0])
        except (BadRequest, Refused, AdapterFault) as exc:
            return Mismatch(-1, "start", "the setup is accepted", _raised(exc))
        legal = self.impl if opened is None else _Asked(self.impl, _NOT_ASKED, legal=opened[1])
        return self._compare_state(-1, got, want) or self._compare_legal(-1, legal, want)

    def _step(self, index: int, step: Step, impl: Answers, want: Expected) -> Mismatch | None:
        """Compare one step (``impl`` answers it)."""
        if step.kind == "try":
            return self._try(index, step, impl, want)
        try:
            got = impl.deal(step.action) if step.kind == "deal" else impl.apply(step.action, step.player)
        except Refused as exc:
            if step.kind == "deal":
                return Mismatch(index, "error", "the deal is accepted", _raised(exc))
            return Mismatch(index, "events", "the move is accepted", f"refused ({exc.code}): {exc.message}")
        except Unsupported:
            raise  # the game is left out (see play_random)
        except Exception as exc:  # a broken implementation may raise anything
            what = "deal" if step.kind == "deal" else "move"
            return Mismatch(index, "error", f"the {what} is accepted", _raised(exc))
        if not strict_equal(want.events, got):  # (the reference's events are shared: copied into the mismatch)
            assert want.events is not None  # a move's or a deal's (a try's are compared by _try)
            return Mismatch(index, "events", [dict(e) for e in want.events], got)
        if want.state is not None:
            found = self._compare_state(index, _state_of(impl), want)
            if found:
                return found
        return self._compare_legal(index, impl, want)

    def _try(self, index: int, step: Step, impl: Answers, want: Expected) -> Mismatch | None:
        try:
            got = impl.apply(step.action, step.player)
        except Refused as exc:
            if self.reason_codes and exc.code != want.code:
                return Mismatch(index, "refusal", want.code, exc.code)
        except Exception as exc:
            return Mismatch(index, "error", f"refused with {want.code}", _raised(exc))
        else:
            return Mismatch(index, "refusal", want.code, f"accepted: {got}")
        return None if want.state is None else self._compare_state(index, _state_of(impl), want)

    @staticmethod
    def _compare_state(index: int, got: Any, want: Expected) -> Mismatch | None:
        assert want.state is not None
        # (a dict told first: an ABC's isinstance costs a Python call at every compared state)
        fields = held_differing(want.state, got) if type(got) is dict or isinstance(got, Mapping) else ["state"]
        if fields:
            state = want.state._asdict()
            expected = {k: state.get(k) for k in fields}
            have = {k: got.get(k) for k in fields} if isinstance(got, Mapping) else got
            return Mismatch(index, "state", expected, have, fields)
        return None

    @staticmethod
    def _compare_legal(index: int, impl: Answers, want: Expected) -> Mismatch | None:
        if want.over:
            return None
        try:
            got = impl.legal()
        except Exception as exc:
            return Mismatch(index + 1, "error", "the legal actions", _raised(exc))
        if got != want.legal and sorted(got) != sorted(want.legal):
            return Mismatch(index + 1, "legal", sorted(want.legal), sorted(got))
        return None


def _state_of(impl: Answers) -> Any:
    try:
        return impl.state()
    except Exception as exc:
        return {"error": _raised(exc)}


def replay(impl: Adapter, trial: Trial, reason_codes: bool = True, batch: bool = False) -> Mismatch | None:
    """Play ``trial`` on ``impl`` and compare with the reference; the first mismatch, or ``None``.

    Raises :class:`InvalidTrial` when the reference cannot play a step the
    comparison reaches (in batches: a step of a batch being sent).
    """
    ref = Reference(trial.setup)
    found = Pair(impl, reason_codes, batch).check(trial.setup, ref.now, ref.played(trial.steps))
    return found[1] if found else None


# ------------------------------------------------------------- random games


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` of the campaign ``seed`` (stable across runs and platforms)."""
    return random.Random(f"generala-fuzz:{seed}:{index}")


_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(CANONICAL_DECK))))
"""``random.shuffle``'s steps over a deck: the place swapped, the count drawn below and its width."""


def shuffled_deck(rng: random.Random) -> list[str]:
    """A deck order drawn by the kit's generator: ``rng.shuffle`` of the canonical deck,
    its draws made here (``Random._randbelow``'s, inlined: the same decks at a third less cost)."""
    deck = list(CANONICAL_DECK)
    bits = rng.getrandbits
    for i, count, width in _SWAPS:
        j = bits(width)
        while j >= count:
            j = bits(width)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def supported_profiles(hello: Mapping[str, Any]) -> list[str]:
    """The profiles whose every option value the implementation lists (an option it
    does not list at all is taken to be played by its default)."""
    listed = hello.get("options") or {}
    table = options()
    names = []
    for name in profile_names():
        chosen = resolve(name)
        if all(v in listed.get(k, [table[k].default]) for k, v in chosen.items()):
            names.append(name)
    return names


def rules_for(profile: str, hello: Mapping[str, Any]) -> dict[str, str]:
    """The explicit rule options of ``profile`` that the implementation lists."""
    listed = hello.get("options") or {}
    return {k: v for k, v in resolve(profile).items() if k in listed}


def mixed_rules(rng: random.Random, hello: Mapping[str, Any]) -> dict[str, str]:
    """A random value of every rule option the implementation lists, drawn one by
    one, so that combinations no profile makes (``each-card`` with
    ``two-or-more``, ``alternate`` dealers …) are played too."""
    listed = hello.get("options") or {}
    return {name: rng.choice(listed[name]) for name in options() if listed.get(name)}


@dataclass(frozen=True)
class Settings:
    """What a campaign draws from: table sizes, profiles, how often it tries
    illegal actions, and the share of endgame positions and series."""

    players: tuple[int, ...] = tuple(range(2, 11))
    profiles: tuple[str, ...] = ()
    illegal_rate: float = 0.05
    endgame_rate: float = 0.3
    series_rate: float = 0.15
    mixed_rate: float = 0.25
    without: tuple[str, ...] = ()
    """Kinds of setup (``series``, ``positions``) never drawn: a game that would be
    one is drawn as a plain deal instead (a series: the same deal, not a series)."""


def random_setup(rng: random.Random, settings: Settings, rules: dict[str, str]) -> Json:
    """A deal (perhaps the first of a series) or a small endgame position."""
    n = rng.choice(settings.players)
    roll = rng.random()
    if roll < settings.endgame_rate and "positions" not in settings.without:
        return {"rules": rules, "position": random_endgame(rng, n)}
    setup: Json = {"rules": rules, "deal": {"players": n, "dealer": rng.randrange(n), "deck": shuffled_deck(rng)}}
    if (
        settings.endgame_rate <= roll < settings.endgame_rate + settings.series_rate
        and "series" not in settings.without
    ):
        setup["series"] = True
    return setup


def setup_kind(setup: Json) -> str:
    """The kind of a drawn setup (one of :data:`KINDS`)."""
    return "series" if setup.get("series") else "positions" if "position" in setup else "deals"


def random_endgame(rng: random.Random, n: int) -> Json:
    """A position late in a game: each player holds 0 to 4 cards (at least two
    players hold some), the rest is out of play, and a holder is to lead."""
    deck = shuffled_deck(rng)
    sizes = [rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(n)]
    for s in rng.sample(range(n), 2):
        sizes[s] = max(sizes[s], 1)
    hands, at = [], 0
    for size in sizes:
        hands.append(deck[at : at + size])
        at += size
    leader = rng.choice([s for s in range(n) if hands[s]])
    return {"players": n, "hands": hands, "leader": leader, "trick": [], "taking": None, "forced": None}


def illegal_step(rng: random.Random, to_move: int, players: int, legal: list[str]) -> Step:
    """An action the reference refuses: a wrong player, a malformed text, or an
    action outside the legal set."""
    roll = rng.random()
    if roll < 0.1 and players > 1:
        other = rng.choice([s for s in range(players) if s != to_move])
        return Step("try", other, rng.choice(legal))
    if roll < 0.15:
        return Step("try", to_move, rng.choice(GARBAGE))
    # ``rng.choice`` of ALL_ACTIONS less the legal ones: the draw's place counted over the legal ones' places
    at = _below(rng, len(ALL_ACTIONS) - len(legal))
    for taken in sorted(map(_ACTION_AT.__getitem__, legal)):
        if taken > at:
            break
        at += 1
    return Step("try", to_move, ALL_ACTIONS[at])


def _below(rng: random.Random, count: int) -> int:
    """A number below ``count`` drawn as ``rng.choice`` draws it (``Random._randbelow``)."""
    width = count.bit_length()
    drawn = rng.getrandbits(width)
    while drawn >= count:
        drawn = rng.getrandbits(width)
    return drawn


def random_plays(rng: random.Random, settings: Settings, ref: Reference, steps: list[Step]) -> Iterator[Played]:
    """The steps of a random game, each chosen from the reference's state once
    ``ref`` has played the one before, and played on it: each with what it
    expects of it (as :meth:`Reference.played`); each is also appended to ``steps``."""
    play, move, draw, bits = ref.play, ref.move, rng.random, rng.getrandbits
    illegal_rate = settings.illegal_rate
    while len(steps) < MAX_STEPS:
        now = ref.now
        if now.over:
            assert now.state is not None  # a game's end is always compared
            series = now.state.series
            if not series or series.get("over") or (series["seats"] == 2 and series["games"] >= TWO_SEAT_GAMES):
                return
            step = Step("deal", None, shuffled_deck(rng))
        elif draw() < illegal_rate:
            assert now.to_move is not None
            step = illegal_step(rng, now.to_move, ref.players, now.legal)
        else:  # ``rng.choice(now.legal)``'s draw (``Random._randbelow``), played by its number: the same games
            count = len(now.legal)
            width = count.bit_length()
            choice = bits(width)
            while choice >= count:
                choice = bits(width)
            step = _tuple(Step, ("do", now.to_move, now.legal[choice]))
            steps.append(step)
            yield step, move(choice, step.player)
            continue
        steps.append(step)
        yield step, play(step)


@dataclass
class GameResult:
    """One random game: its trial, how many actions were played, and the mismatch if
    any; or, when the implementation answered ``unsupported``, the reason (the game is
    left out). ``without`` are the kinds of setup left out of the draw of this game."""

    index: int
    trial: Trial
    actions: int
    mismatch: Mismatch | None
    unsupported: str | None = None
    without: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """The kind of the game's setup."""
        return setup_kind(self.trial.setup)


@dataclass
class Drawn:
    """A random game drawn, not yet compared: its trial, what the reference expects
    of its start, its plays (drawn lazily, each step chosen from the reference's
    state), the kinds of setup left out of its draw, and its :class:`Opening` once
    the first batch is drawn."""

    index: int
    trial: Trial
    start: Expected
    plays: Iterator[Played]
    without: tuple[str, ...]
    opening: Opening | None = None


def draw_random(rng: random.Random, settings: Settings, hello: Mapping[str, Any], index: int) -> Drawn:
    """Draw one random game (or series) of ``settings``, the rule options among those ``hello`` lists."""
    profile = rng.choice(settings.profiles)
    mixed = rng.random() < settings.mixed_rate
    rules = mixed_rules(rng, hello) if mixed else rules_for(profile, hello)
    trial = Trial(random_setup(rng, settings, rules))
    ref = Reference(trial.setup, full=False)
    plays = random_plays(rng, settings, ref, trial.steps)
    return Drawn(index, trial, ref.now, plays, settings.without)


def compare_drawn(pair: Pair, drawn: Drawn) -> GameResult:
    """Compare the implementation with the reference on the ``drawn`` game, step by
    step (or batches ahead); the trial is cut at the first mismatch."""
    trial = drawn.trial
    try:
        found = pair.check(trial.setup, drawn.start, drawn.plays, drawn.opening)
    except Unsupported as exc:
        return GameResult(drawn.index, trial, 0, None, str(exc), drawn.without)
    mismatch = None
    if found is not None:
        at, mismatch = found
        del trial.steps[at + 1 :]
    actions = [step.kind for step in trial.steps].count("do")
    return GameResult(drawn.index, trial, actions, mismatch, None, drawn.without)


def play_random(pair: Pair, rng: random.Random, settings: Settings, hello: Mapping[str, Any], index: int) -> GameResult:
    """Draw one random game (or series) and compare the implementation on it."""
    return compare_drawn(pair, draw_random(rng, settings, hello, index))


class Kept:
    """One implementation kept open for as many games as asked (a campaign's, or a
    pool worker's for all its chunks), opened when first needed and reopened after
    a crash."""

    def __init__(self, factory: AdapterFactory) -> None:
        self.factory = factory
        self.adapter: Adapter | None = None

    def open(self) -> Adapter:
        """The implementation (opened now if it is not open)."""
        if self.adapter is None:
            self.adapter = self.factory()
        return self.adapter

    def reopen(self) -> Adapter:
        """A fresh implementation in place of one that may be left broken."""
        self.close()
        return self.open()

    def close(self) -> None:
        """Release the implementation (if open)."""
        adapter, self.adapter = self.adapter, None
        if adapter is not None:
            adapter.close()


def run_games(
    factory: AdapterFactory, seed: int, indices: Iterable[int], settings: Settings, stop_at_first: bool = True
) -> Iterator[GameResult]:
    """Play the games ``indices`` of campaign ``seed`` on one implementation
    (:func:`play_games`), released at the end."""
    kept = Kept(factory)
    try:
        yield from play_games(kept, seed, indices, settings, stop_at_first)
    finally:
        kept.close()


def play_games(
    kept: Kept, seed: int, indices: Iterable[int], settings: Settings, stop_at_first: bool = True
) -> Iterator[GameResult]:
    """Play the games ``indices`` of campaign ``seed`` on the ``kept`` implementation,
    yielding each result (a crashed implementation is reopened for the next game).

    A kind of setup the implementation answers ``unsupported`` (or, for series,
    declares unsupported in its hello) is no longer drawn from then on.

    An implementation in another process that takes batches (:attr:`Adapter.pipelines`)
    works on games while the kit draws the next one (the reference playing its
    first batch) and compares the one before: a game that fits in one batch is sent
    before the one before it, also in one batch, is compared (:meth:`Adapter.send`
    answers in order, and a game held in one batch asks nothing more of the
    implementation but a new start when a mismatch is located); any other game is
    sent once the one before is compared. Every game is drawn, compared and
    reported exactly as one by one.
    """
    impl = kept.open()
    hello = impl.hello()
    supported = supported_profiles(hello)
    unsupported = [p for p in settings.profiles if p not in supported]
    if unsupported or not supported:
        raise FuzzError("unsupported-profile", f"the implementation's hello supports the profiles {supported}")
    if not settings.profiles:
        settings = replace(settings, profiles=tuple(supported))
    if not supports_series(hello):
        settings = replace(settings, without=tuple(dict.fromkeys((*settings.without, "series"))))
    pair = Pair(impl, bool(hello.get("reason_codes", True)), hello.get("batch") is True)
    ahead = pair.batch and impl.pipelines
    upcoming = iter(indices)

    def draw(index: int | None) -> Drawn | None:
        if index is None:
            return None
        drawn = draw_random(game_rng(seed, index), settings, hello, index)
        if ahead:
            drawn.opening = pair.opening(drawn.plays)
        return drawn

    following = draw(next(upcoming, None))
    while following is not None:
        drawn = following
        if drawn.opening is not None and drawn.opening.outcomes is None:
            pair.send(drawn.trial.setup, drawn.opening)
        following = draw(next(upcoming, None))  # the reference's work, while the implementation's goes on
        if following and following.opening and drawn.opening and drawn.opening.whole and following.opening.whole:
            pair.send(following.trial.setup, following.opening)  # in flight while `drawn` is compared
        result = compare_drawn(pair, drawn)
        yield result
        if result.unsupported is not None:
            if result.kind == "deals":
                raise FuzzError(
                    "nothing-supported",
                    f"the implementation answers unsupported to a plain deal of game "
                    f"{result.index}: {result.unsupported}; there is nothing left to fuzz",
                )
            settings = replace(settings, without=(*settings.without, result.kind))
            following = following and draw(following.index)  # drawn again without that kind
        if result.mismatch is not None:
            if stop_at_first:
                return
            if result.mismatch.what == "error":
                pair = Pair(kept.reopen(), pair.reason_codes, pair.batch)
                if following and following.opening:
                    following.opening.outcomes = None  # sent to the process closed: sent again
