"""``Planned``: an adapter told the calls a case is about to make, which it asks
ahead in one pipeline (``docs/protocol.md``, "Requests sent ahead").

A suite case knows its requests before it makes them: its start, its moves, the
states and legal actions it checks. :meth:`Planned.plan` sends them all with
:meth:`Adapter.pipeline` (one round trip through a process instead of one per
request); each call that is the next one planned is then answered from its
outcome, exactly as the implementation answered it. To an implementation that
takes batches, a run of moves goes as one ``batch``, with the states and legal
actions asked after them: a step's result carries them where the plan asks them
after it, and its step says ``"state": false``, ``"actions": false`` where it
does not (what a step's result holds is what those requests would answer,
``docs/protocol.md``, "Batches"). A batch that fails as a whole leaves its calls
to be asked one by one, off the plan (but a fault, which is the case's, as at
any request).

A call off the plan (the state a divergence's report shows, or a plan that
guessed wrong) drops the rest of the plan. If the rest held a request that
changes the game (a start, a move, a deal, a batch), the implementation is
first brought back to where the calls answered so far left it: the game's
start and every move since are asked again, one by one. A deterministic
implementation is then exactly where it would be without any plan, so a case
reports the same divergence, at the same step, with the same state.

:meth:`Planned.send_ahead` sends a plan's requests before the case that makes it
(the plugin sends the next case's while pytest ends the one before, and gives
that case this adapter): the plan is then made, its replies read when the case
makes its first call (or plans the same calls), the same outcomes. A case need
not plan again what its adapter holds sent ahead (:attr:`Planned.planned_ahead`;
:func:`~generala_conformance.transport.adapter.takes_plans` says so).
"""

from __future__ import annotations

from collections import deque
from contextlib import suppress
from typing import Any, NamedTuple

from generala_conformance.transport.adapter import Adapter, AdapterFault, BadRequest, Json, Refused, Unsupported

Call = tuple[str, Json]
"""A method of :class:`Adapter` by name and its keyword arguments (as :meth:`Adapter.pipeline` takes them)."""
CHANGING = ("start", "apply", "deal", "batch")
"""The requests that change the game the implementation holds."""


def apply_call(action: str, player: int | None) -> Call:
    """The call of ``apply(action, player)`` (no ``player`` field when it is ``None``)."""
    return ("apply", {"action": action} if player is None else {"action": action, "player": player})


class _Requests(NamedTuple):
    """A plan's ``calls``, cut into ``runs`` (:func:`_cut`), and the request of each run."""

    calls: list[Call]
    runs: list[list[Call]]
    requests: list[Call]


UNKNOWN = object()
"""The planned answer of a move whose batch failed as a whole: asked again, off the plan."""


def _batchable(kwargs: Json) -> bool:
    """Whether a move (``apply``) of ``kwargs`` is one a batch step can carry (a
    malformed one would fail the whole batch)."""
    player = kwargs.get("player")
    return isinstance(kwargs["action"], str) and (player is None or (type(player) is int and 0 <= player <= 9))


_ASKED_AFTER = {"state": "state", "legal": "actions"}
"""The calls a batch step's result answers after its move, and the field of the result that holds each."""


def _cut(calls: list[Call]) -> tuple[list[list[Call]], list[Call]]:
    """``calls`` cut into runs, with the request of each: a run of moves a batch
    can carry, with the first ``state`` and the first ``legal`` asked after each of
    its moves (its step's result carries them), is one ``batch`` whose steps need
    the state and the legal actions only where the run asks them
    (:func:`~generala_conformance.transport.adapter.lean`);
    every other call (and a lone move) is its own request."""
    runs: list[list[Call]] = []
    requests: list[Call] = []
    steps: list[Json] | None = None  # the steps of the batch the last run is, if it is one
    step: Json = {}  # the step of the last move of that batch
    unasked: set[str] = set()  # the calls that step's result may answer yet
    for call in calls:
        name, kwargs = call
        if name == "apply" and _batchable(kwargs):
            step = {"cmd": "apply", **kwargs, "state": False, "actions": False}
            if steps is None:
                steps = [step]
                runs.append([call])
                requests.append(("batch", {"steps": steps}))
            else:
                steps.append(step)
                runs[-1].append(call)
            unasked = {"state", "legal"}
        elif steps is not None and name in unasked:
            runs[-1].append(call)
            unasked.discard(name)
            del step[_ASKED_AFTER[name]]  # (its result carries it)
        else:
            steps = None
            runs.append([call])
            requests.append(call)
    return runs, [run[0] if len(run) == 1 else request for run, request in zip(runs, requests, strict=True)]


def _spread(run: list[Call], outcome: Any) -> list[Any]:
    """The answer to each call of ``run`` from the outcome of its request (a batch
    for a run of moves: the events or refusal of each move, the state or the legal
    actions of the step before a ``state`` or a ``legal``; if it failed as a whole,
    :data:`UNKNOWN` for every call, or the fault it ended with: a crash, a hang or
    garbage is the outcome of the run's first call, as of any request)."""
    if len(run) == 1 or isinstance(outcome, AdapterFault):
        return [outcome] * len(run)
    if isinstance(outcome, Exception):
        return [UNKNOWN] * len(run)
    answers: list[Any] = []
    results = iter(outcome)
    for name, _ in run:
        if name == "apply":
            result = next(results)
            error = result.get("error")
            events = result["events"] if result["ok"] else Refused(error.get("code"), str(error.get("message", "")))
            answers.append(events)
        else:
            answers.append(result[_ASKED_AFTER[name]])
    return answers


def _value(outcome: Any) -> Any:
    """A pipelined call's value, or the exception it ended with, raised (and let go
    of: the frame in its traceback would hold it, a cycle, see :func:`kept`)."""
    if isinstance(outcome, Exception):
        try:
            raise outcome
        finally:
            outcome = None
    return outcome


class Planned(Adapter):
    """``adapter`` answering planned calls from one pipeline (module docstring).

    ``replays`` counts the times the implementation was brought back after a
    call off the plan (a plan that matches its case never needs it).
    """

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.replays = 0
        self._planned: deque[tuple[Call, Any]] = deque()
        self._played: list[Call] = []  # the last start and every game-changing call since
        self._sent: _Requests | None = None  # a plan sent ahead (send_ahead), its replies not read yet

    @property
    def planned_ahead(self) -> bool:
        """Whether a plan was sent ahead (:meth:`send_ahead`) and no call was made
        since: the adapter holds the case's plan already."""
        return self._sent is not None

    def plan(self, calls: list[Call]) -> None:
        """Ask ``calls`` now, in one pipeline; they are answered as they are made.
        To an implementation that takes batches, each run of moves goes as one
        ``batch`` whose steps need the state and the legal actions only where the
        plan asks them (:func:`_cut`).
        Calls that open the rest of the plan are planned already: it goes on."""
        sent, self._sent = self._sent, None
        if sent is not None and calls == sent.calls:
            self._ask_ahead(sent)
            return
        if (
            calls
            and len(calls) <= len(self._planned)
            and all(call == planned for call, (planned, _) in zip(calls, self._planned, strict=False))
        ):
            return
        self._drop(replay=not calls or calls[0][0] != "start")
        if calls:
            self._ask_ahead(self._requests(calls))

    def _ask_ahead(self, plan: _Requests) -> None:
        """Ask the requests of ``plan`` in one pipeline; its calls are answered as they are made."""
        outcomes = self.adapter.pipeline(plan.requests)
        answers = [answer for run, outcome in zip(plan.runs, outcomes, strict=True) for answer in _spread(run, outcome)]
        self._planned = deque(zip(plan.calls, answers, strict=True))

    def send_ahead(self, calls: list[Call]) -> None:
        """Send the requests of the plan ``calls`` now (:meth:`Adapter.send_ahead`) and
        hold it: the first call made (or a :meth:`plan` of the same calls) reads
        their replies. Only a plan that opens with a start, which makes the game
        it is played on its own."""
        if calls and calls[0][0] == "start":
            self._sent = self._requests(calls)
            self.adapter.send_ahead(self._sent.requests)

    def _requests(self, calls: list[Call]) -> _Requests:
        """``calls`` cut into runs (one per request), with the request of each run."""
        if self.adapter.batches():
            return _Requests(calls, *_cut(calls))
        return _Requests(calls, [[call] for call in calls], calls)

    def _drop(self, replay: bool = True) -> None:
        """Forget the rest of the plan; if it changed the game (and ``replay``:
        the next call is not a start, which replaces the game anyway), bring the
        implementation back to where the calls answered so far left it."""
        rest, self._planned = self._planned, deque()
        if not replay or not any(name in CHANGING for (name, _), _ in rest):
            return
        self.replays += 1
        for name, kwargs in self._played:
            with suppress(Refused, BadRequest, Unsupported):  # answered so the first time too (a fault is raised)
                getattr(self.adapter, name)(**kwargs)

    def _record(self, call: Call) -> None:
        """Keep ``call`` if it changes the game (a start: from it on)."""
        if call[0] == "start":
            self._played = [call]
        elif call[0] in CHANGING:
            self._played.append(call)

    def _ask(self, call: Call) -> Any:
        """Answer ``call`` from the plan when it is the next one planned, else ask it
        (a plan sent ahead is asked first)."""
        if self._sent is not None:
            sent, self._sent = self._sent, None
            self._ask_ahead(sent)
        if self._planned:
            planned, outcome = self._planned[0]
            if planned == call and outcome is not UNKNOWN:
                self._planned.popleft()
                self._record(call)
                if isinstance(outcome, AdapterFault):
                    self._planned.clear()  # the process is gone: the next call starts another
                try:
                    return _value(outcome)
                finally:
                    outcome = None  # (an exception raised would hold this frame: see _value)
            self._drop(replay=call[0] != "start")
        self._record(call)
        return getattr(self.adapter, call[0])(**call[1])

    def hello(self) -> Json:
        return self.adapter.hello()

    def start(self, setup: Json) -> Json:
        return self._ask(("start", {"setup": setup}))

    def deal(self, deck: list[str]) -> list[Json]:
        return self._ask(("deal", {"deck": deck}))

    def legal(self) -> list[str]:
        return self._ask(("legal", {}))

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        return self._ask(apply_call(action, player))

    def state(self) -> Json:
        return self._ask(("state", {}))

    def batch(self, steps: list[Json]) -> list[Json]:
        return self._ask(("batch", {"steps": steps}))

    def batches(self) -> bool:
        return self.adapter.batches()

    def undoes(self) -> bool:
        return self.adapter.undoes()

    def pipeline(self, calls: list[tuple[str, Json]]) -> list[Any]:
        self._sent = None
        self._drop()
        for call in calls:
            self._record(call)
        return self.adapter.pipeline(calls)

    def allow_invalid(self, requests: list[Json]) -> None:
        self.adapter.allow_invalid(requests)

    def close(self) -> None:
        self._sent = None
        self._planned.clear()
        self.adapter.close()
