"""The adapter interface: how the kit talks to an implementation under test.

Every implementation — the reference engine, a Python engine loaded in-process,
a program in any language speaking the JSON-lines protocol — is driven through
this interface, and nothing else (see ``docs/dev/internals.md``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

Json = dict[str, Any]
E = TypeVar("E", bound=BaseException)
Call = tuple[str, Json]
"""A method of :class:`Adapter` by name and its keyword arguments (as :meth:`Adapter.pipeline` takes them)."""


def apply_call(action: str, player: int | None) -> Call:
    """The call of ``apply(action, player)`` (no ``player`` field when it is ``None``)."""
    return ("apply", {"action": action} if player is None else {"action": action, "player": player})


class AdapterFault(Exception):
    """The implementation misbehaved (not a rules failure): base of crash, timeout
    and protocol violations. ``detail`` carries what was captured (stderr, line)."""

    kind = "error"

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class AdapterCrash(AdapterFault):
    """The implementation's process died or could not start."""

    kind = "crash"


class AdapterTimeout(AdapterFault):
    """The implementation did not answer a request in time."""

    kind = "timeout"


class ProtocolViolation(AdapterFault):
    """The implementation answered with something the protocol does not allow.
    ``in_step``: the reply to the request asked (its ``id``), only of a shape the
    protocol does not allow; the conversation is still in step, so the
    implementation is not restarted for the next case (``docs/transcripts.md``,
    playing a set, step 4)."""

    kind = "protocol"

    def __init__(self, message: str, detail: str = "", *, in_step: bool = False) -> None:
        super().__init__(message, detail)
        self.in_step = in_step


class Unsupported(Exception):
    """The implementation does not support a command or rule option value."""


class Refused(Exception):
    """The implementation refused an action as illegal.

    ``code`` is the reason code (``docs/cards-contract.md``) or ``None`` when the
    implementation does not report reason codes.
    """

    def __init__(self, code: str | None, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if code else message)
        self.code = code
        self.message = message


def kept(exc: E) -> E:
    """``exc`` without its traceback (nor the exception it was raised while handling),
    to be kept as a value: a call's outcome, a refusal answered. A traceback holds
    every frame it went through, each its caller too, and one of them holds ``exc``
    in turn (in the list or local it is kept in): a cycle that only the garbage
    collector frees, with the locals of every frame up the stack (a suite run
    through ``serve`` left ~50,000 objects so, which its young collections freed at
    twice the in-process cost). Raised again, it gets a traceback from there."""
    exc.__context__ = None
    return exc.with_traceback(None)


def lean(step: Json, state: bool = True) -> Json:
    """A ``batch`` step whose result need not hold the state: ``state: false`` lets an
    implementation leave it out (``docs/protocol.md``, "Batches"; one that ignores it
    answers it anyway)."""
    return step if state else {**step, "state": False}


class Adapter(ABC):
    """One implementation under test, holding at most one game (or series) at a time.

    ``pipelines``: whether :meth:`pipeline` saves round trips (an adapter over a
    process), so that asking calls ahead is worth it.
    """

    pipelines = False

    @abstractmethod
    def hello(self) -> Json:
        """Name, version, language, protocol version, supported option values
        (``{"option": [values]}``) and whether reason codes are reported."""

    @abstractmethod
    def start(self, setup: Json) -> Json:
        """Start a game from a deal or a position; return the state snapshot."""

    def deal(self, deck: list[str]) -> list[Json]:
        """The card game's series only: deal the next game from ``deck``; return its
        events. An adapter of a game without series (the dice game) has none."""
        raise Unsupported("deal is a request of the card game's series")

    @abstractmethod
    def legal(self) -> list[str]:
        """The legal actions of the player to move, as action texts."""

    @abstractmethod
    def apply(self, action: str, player: int | None = None) -> list[Json]:
        """Apply ``action`` (by ``player``, when given); return the events it
        caused, or raise :class:`Refused` leaving the state unchanged."""

    def apply_request(self, fields: Json) -> list[Json]:
        """:meth:`apply` for the fields of an ``apply`` request or batch step
        (``action``, ``player``, and a game's own: the dice game's ``dice``, the
        values of the dice a roll throws). This default passes ``action`` and
        ``player``; an adapter whose ``apply`` takes more overrides it."""
        return self.apply(fields["action"], fields.get("player"))

    def score(self, request: Json) -> Json:
        """The dice game's scoring level (``docs/dice-contract.md``): the answer to a
        ``score`` request. An adapter of the card game has none."""
        raise Unsupported("score is a request of the dice game's scoring level")

    @abstractmethod
    def state(self) -> Json:
        """The canonical state snapshot."""

    def batch(self, steps: list[Json]) -> list[Json]:
        """Run ``steps`` (each ``{"cmd": "apply", "action", "player"?}`` or ``{"cmd":
        "deal", "deck"}``) in order; for each, what it answered and the state and
        legal actions after it (``docs/cards-contract.md``, "Batches and undone steps").

        A step's result is ``{"ok": true, "events", "state", "actions"}`` or, for a
        refused step, ``{"ok": false, "error": {"kind": "illegal", "code",
        "message"}, "state", "actions"}``; ``actions`` is empty once the game is
        over. A step with ``"state": false`` does not need the state: its result
        may leave it out (:func:`lean`). A step with
        ``"undo": true`` (only to an adapter that :meth:`undoes`) puts the game
        back as it was before it once its result is taken. Any other error
        (``BadRequest``, ``Unsupported``, a fault) ends the whole batch. This
        default asks step by step, leaving out what a step does not need; an
        adapter over a process may send one request instead.
        """
        return [self._batch_step(step) for step in steps]

    def _batch_step(self, step: Json) -> Json:
        cmd = step.get("cmd")
        if cmd not in ("apply", "deal"):
            raise BadRequest("bad-request", f"a batch step is an apply or a deal, not {cmd!r}")
        if step.get("undo") is not True:
            return self._step_result(cmd, step)
        kept = self._keep()
        try:
            return self._step_result(cmd, step)
        finally:
            self._put_back(kept)

    def _step_result(self, cmd: str, step: Json) -> Json:
        """The result of the batch step ``step`` (an ``apply`` or a ``deal``), played."""
        result: Json
        try:
            if cmd == "deal":
                result = {"ok": True, "events": self.deal(step["deck"])}
            else:
                result = {"ok": True, "events": self.apply_request(step)}
        except Refused as refused:
            result = {"ok": False, "error": {"kind": "illegal", "code": refused.code, "message": refused.message}}
        over = None
        if step.get("state", True):
            result["state"] = self.state()
            over = result["state"].get("over")
        result["actions"] = [] if (self._over() if over is None else over) else self.legal()
        return result

    def _over(self) -> bool:
        """Whether the game held is over (a batch's legal actions are then ``[]``);
        this default asks the state."""
        return bool(self.state().get("over"))

    def batches(self) -> bool:
        """Whether :meth:`batch` is one request to the implementation (its hello
        offers batches); this default asks step by step."""
        return False

    def undoes(self) -> bool:
        """Whether :meth:`batch` takes steps with ``"undo": true`` (an adapter that
        implements :meth:`_keep` and :meth:`_put_back`; over a process, when its
        hello says ``"undo": true``); this default does not."""
        return False

    def _keep(self) -> Any:
        """What puts the game back as it is now (:meth:`_put_back`), for a batch step
        with ``"undo": true``; this default has none."""
        raise Unsupported("this implementation does not undo batch steps")

    def _put_back(self, kept: Any) -> None:  # noqa: B027 - optional hook, with _keep
        """Put the game back as :meth:`_keep` found it."""

    def pipeline(self, calls: list[tuple[str, Json]]) -> list[Any]:
        """Make ``calls`` (a method's name — ``start``, ``legal``, ``batch`` … — and
        its keyword arguments) in order: for each, its value or the exception it
        raised. A fault (:class:`AdapterFault`) is the outcome of its call and of
        every later one. This default calls them one by one; an adapter over a
        process sends every request before reading the replies (one round trip).
        """
        outcomes: list[Any] = []
        for name, kwargs in calls:
            if outcomes and isinstance(outcomes[-1], AdapterFault):
                outcomes.append(outcomes[-1])
                continue
            try:
                outcomes.append(getattr(self, name)(**kwargs))
            except (AdapterFault, BadRequest, Refused, Unsupported) as exc:
                outcomes.append(kept(exc))
        return outcomes

    def send(self, calls: list[tuple[str, Json]]) -> Callable[[], list[Any]]:
        """Ask ``calls`` ahead (as :meth:`pipeline` takes them) and return the function
        that gives their outcomes (as :meth:`pipeline` does), to be called before any
        other call is made. Meanwhile an implementation in another process works on
        them while the kit does something else (the fuzzer draws its next game).
        This default makes the calls when their outcomes are asked."""
        return partial(self.pipeline, calls)

    def allow_invalid(self, requests: list[Json]) -> None:  # noqa: B027 - optional hook
        """``requests`` (without ``id``) break the protocol schema on purpose: a case
        checks their refusal. An adapter validating messages (``--validate-messages``)
        lets them through; the others need not care."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the implementation (stop its process)."""


class BadRequest(Exception):
    """The setup or request itself is wrong (not a move the rules refuse):
    an impossible position, an unknown rule option, a malformed deck."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
