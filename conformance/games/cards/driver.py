"""Drive one implementation through a scenario and compare what it does with what
the rulebook expects; the first difference raises :class:`Divergence`.

Shared by the YAML fixtures (:mod:`generala_conformance.games.cards.fixtures`) and the Gherkin
step definitions (:mod:`generala_conformance.games.cards.steps`). Comparison rules are those of
``docs/cards-contract.md``: expected events are matched in order, each expected event
being a subset of the actual one; a refused action must leave the state unchanged.
Each comparison also says what it compared (:func:`~generala_conformance.core.transcripts.claim`),
which a recording writes down as the case's transcript (``docs/transcripts.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generala_conformance.core.transcripts import claim, mark, refusal
from generala_conformance.games.cards.attribution import Attribution, Move, Replay, Shown, attribute
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.notation import action_text, canonical, event_text
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import Adapter, BadRequest, Refused, Unsupported, kept

Json = dict[str, Any]


def subset(expected: Any, actual: Any) -> bool:
    """Whether ``expected`` is contained in ``actual``: dicts key by key (recursively),
    everything else by equality. (Equal values first: most expected events are whole
    events, compared at C speed; ``type(...) is dict`` spares the slow ABC checks.)"""
    if expected == actual:
        return True
    if type(expected) is dict or isinstance(expected, Mapping):
        return (type(actual) is dict or isinstance(actual, Mapping)) and all(
            key in actual and subset(value, actual[key]) for key, value in expected.items()
        )
    return False


def events_match(expected: Sequence[Json], actual: Sequence[Json]) -> bool:
    """Same number of events, each expected event a subset of the actual one, in order."""
    return len(expected) == len(actual) and all(subset(e, a) for e, a in zip(expected, actual, strict=True))


def _shown(result: Any) -> str:
    """What an accepted request answered, in short."""
    if isinstance(result, list) and all(isinstance(e, Mapping) and "type" in e for e in result):
        return show_events(result)
    if isinstance(result, Mapping) and "hands" in result:
        return "answered with a game's state snapshot"
    return repr(result)[:200]


def show_events(events: Sequence[Json]) -> str:
    """Events in the short notation, for messages."""
    return "[" + ", ".join(event_text(e) for e in events) + "]"


@dataclass(frozen=True)
class Refusal:
    """An expected refusal of a setup, a deal or a request: the reply's error ``kind``
    (``illegal`` or ``bad-request``) and its ``code`` (``docs/cards-contract.md``)."""

    kind: str
    code: str

    def __str__(self) -> str:
        return f"refused as {self.kind} {self.code}"


def _refusal_of(error: Refused | BadRequest) -> tuple[str, str | None]:
    return ("illegal" if isinstance(error, Refused) else "bad-request"), error.code


def reports_codes(adapter: Adapter) -> bool:
    """Whether the implementation's hello says ``"reason_codes": true`` (``docs/protocol.md``,
    "The handshake"): then every ``illegal`` refusal must carry the expected code;
    with ``false`` the codes of ``illegal`` refusals are not compared."""
    return adapter.hello().get("reason_codes", True) is not False


def expected_illegal(code: str | None) -> Json:
    """The transcript's expected ``illegal`` refusal with ``code`` (``None``: any code): the
    code is compared unless the hello says ``"reason_codes": false``."""
    return refusal("illegal", code, code_may_be_absent=False, ignored_without_reason_codes=True)


_PLAYERS = ("R-MAT-2", "a game has from 2 to 10 players: this setup's number is one of them")
_DEALER = ("R-DEAL-3", "any player may deal: this setup's dealer is a seat of the table")
ALLOWED_BY = {
    ("bad-players", False): _PLAYERS,
    ("bad-players", True): _PLAYERS,
    ("bad-dealer", False): _DEALER,
    ("bad-dealer", True): _DEALER,
    ("bad-seated", True): ("R-SERIES-8", "a new series is dealt to every seat: nothing carries over from the last one"),
}
"""The clause that allows what a ``bad-request`` code of a valid setup refuses, by
code and whether the setup starts a series."""


def _allowed(setup: Json) -> bool:
    """Whether the reference engine accepts ``setup``."""
    try:
        ReferenceAdapter().begin(setup)
    except BadRequest:
        return False
    return True


class Driver:
    """One implementation playing one case; remembers the moves (to replay them on
    the reference engine when it diverges) and the last events."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.history: list[str] = []
        self.events: list[Json] = []
        self.replay = Replay()
        self.refused: Move | None = None  # the last move refused by the implementation
        self.events_at: int | None = None  # the request that answered :attr:`events` (in a recording)
        self._codes: bool | None = None

    @property
    def reason_codes(self) -> bool:
        """Whether the implementation reports reason codes (its hello, read once)."""
        if self._codes is None:
            self._codes = reports_codes(self.adapter)
        return self._codes

    def code_differs(self, want: str | None, got: str | None) -> bool:
        """Whether an ``illegal`` refusal with ``got`` breaks an expected ``want``: never
        when any code will do (``want`` ``None``) or the hello says ``"reason_codes":
        false``; else a refusal without the code (``got`` ``None``) breaks it too."""
        return want is not None and self.reason_codes and got != want

    def fail(
        self,
        step: str,
        expected: Any,
        actual: Any,
        *,
        attempted: Move | None = None,
        about: str | None = None,
        code: str | None = None,
        legal: list[str] | None = None,
    ) -> Divergence:
        """A :class:`Divergence` at ``step`` with the table as it is now and the clause
        it breaks (``attempted``: the move whose acceptance or refusal diverged;
        ``about``: the snapshot field the step checks; ``code``, ``legal``: the
        implementation's refusal code and legal moves; see :func:`attribute`)."""
        try:
            state = self.adapter.state()
        except Exception as exc:
            state = {"error": repr(exc)}
        attribution = attribute(self.replay, self.events, attempted, about, Shown(state, code, legal))
        return Divergence(step, expected, actual, state, history=self.history, attribution=attribution)

    def start(self, setup: Json) -> Json:
        """Start the game; a refusal of a setup the rules allow (the reference accepts
        it) is a divergence, a ``bad-request`` too: it names the clause that allows what
        its code refuses (:data:`ALLOWED_BY`, ``docs/cards-contract.md``, "Refused
        setups"). A setup the reference refuses too is the case's fault: its
        ``bad-request`` is an error of the run."""
        self.replay = Replay(setup)
        try:
            state = self.adapter.start(setup)
        except Refused as exc:
            raise Divergence("start", "the setup is accepted", f"refused: {exc}", None) from None
        except BadRequest as exc:
            if not _allowed(setup):
                raise  # the reference refuses it too: the case is wrong, an error of the run
            allowed = ALLOWED_BY.get((exc.code or "", bool(setup.get("series"))))
            attribution = Attribution(*allowed) if allowed else None
            got = f"refused as bad-request {exc.code}: {exc.message}"
            raise Divergence("start", "the setup is accepted", got, None, attribution=attribution) from None
        claim(self.adapter, otherwise={"bad-request": "fail"})
        return state

    def expect_refusal(
        self, step: str, call: Callable[[], Any], want: Refusal, *, unchanged: bool = True, unsupported_ok: bool = False
    ) -> None:
        """``call`` (a start, a deal or a request) must be refused with ``want``'s kind
        and code and, when ``unchanged``, leave the state as it was (R-PROTO-1). The
        code of an ``illegal`` refusal is compared only with ``"reason_codes": true``
        (:meth:`code_differs`). ``unsupported`` is a divergence, unless ``unsupported_ok``
        (the case is then skipped)."""
        before = self._state_or_none() if unchanged else None
        before_at = mark(self.adapter)
        if unchanged:
            claim(self.adapter, accept=["ok", "bad-request"])
        try:
            result = call()
        except (Refused, BadRequest) as exc:
            kind, code = _refusal_of(exc)
            wrong_code = self.code_differs(want.code, code) if kind == "illegal" else code != want.code
            if kind != want.kind or wrong_code:
                raise self.fail(step, str(want), f"refused as {kind} {code}: {exc.message}") from None
        except Unsupported as exc:
            if unsupported_ok:
                raise
            raise self.fail(step, str(want), f"answered unsupported: {exc}") from None
        else:
            raise self.fail(step, str(want), f"accepted: {_shown(result)}")
        claim(
            self.adapter,
            accept=[],
            refusal=expected_illegal(want.code)
            if want.kind == "illegal"
            else refusal(want.kind, want.code, code_may_be_absent=False, ignored_without_reason_codes=False),
            otherwise={
                "ok": "fail",
                "illegal": "fail",
                "bad-request": "fail",
                "unsupported": "skip" if unsupported_ok else "fail",
            },
        )
        after = self._state_or_none() if unchanged else None
        if unchanged:
            claim(self.adapter, accept=["ok", "bad-request"], same_as=before_at)
        if after != before:
            changed = sorted(
                k for k in set(before or {}) | set(after or {}) if (before or {}).get(k) != (after or {}).get(k)
            )
            raise self.fail(f"{step} (refused)", "the state unchanged", f"changed: {', '.join(changed) or 'the game'}")

    def _state_or_none(self) -> Json | None:
        """The snapshot, or ``None`` when the implementation holds no game."""
        try:
            return self.adapter.state()
        except BadRequest:
            return None

    def attempt(self, seat: int, action: str) -> list[Json] | Refused:
        """Apply a move: its events, or the refusal (then nothing changed)."""
        try:
            events = self.adapter.apply(action, seat)
        except Refused as exc:
            self.refused = (seat, action)
            return kept(exc)
        self.refused = None
        self.history.append(action_text(seat, action))
        self.replay.record(seat, action)
        self.events, self.events_at = list(events), mark(self.adapter)
        return self.events

    def act(self, seat: int, action: str) -> list[Json]:
        """Apply a move the rules allow; its refusal is a divergence."""
        result = self.attempt(seat, action)
        if isinstance(result, Refused):
            step = action_text(seat, action)
            refused = f"refused ({result.code}): {result.message}"
            raise self.fail(step, "the move is accepted", refused, attempted=(seat, action), code=result.code)
        return result

    def deal(self, deck: list[str]) -> list[Json]:
        """Series: deal the next game."""
        try:
            events = self.adapter.deal(deck)
        except Refused as exc:
            raise self.fail("deal the next game", "the deal is accepted", f"refused: {exc}") from None
        self.history.append("deal")
        self.replay.record(None, deck)
        self.events, self.events_at = list(events), mark(self.adapter)
        return self.events

    def refuse(self, seat: int, action: str, code: str | None) -> None:
        """Apply a move the rules forbid: it must be refused (with ``code``, when
        given and the implementation reports codes: :meth:`code_differs`) and leave
        the state unchanged."""
        step = action_text(seat, action)
        before = self.adapter.state()
        before_at = mark(self.adapter)
        try:
            events = self.adapter.apply(action, seat)
        except Refused as exc:
            self.claim_refused(code)
            if self.code_differs(code, exc.code):
                got = f"refused with {exc.code}" if exc.code else "refused without a code"
                raise self.fail(step, f"refused with {code}", got, attempted=(seat, action)) from None
        else:
            self.history.append(step)
            accepted = f"accepted: {show_events(events)}"
            raise self.fail(step, f"refused with {code or 'any code'}", accepted, attempted=(seat, action))
        after = self.adapter.state()
        claim(self.adapter, same_as=before_at)
        if after != before:
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            refused = f"changed: {', '.join(changed)}"
            raise self.fail(f"{step} (refused)", "the state unchanged", refused, attempted=(seat, action))

    def claim_refused(self, code: str | None, at: int | None = None) -> None:
        """Say that the move sent as request ``at`` (default: the last) must be refused
        as illegal, with ``code`` when given (:meth:`code_differs`)."""
        claim(self.adapter, at, accept=[], refusal=expected_illegal(code))

    def claim_events(self, check: Json) -> None:
        """Say that the events of the last move or deal (:attr:`events`) satisfy ``check``."""
        if self.events_at is not None:
            claim(self.adapter, self.events_at, check={"path": ["events"], **check})

    def expect_events(self, step: str, expected: Sequence[Json], actual: Sequence[Json]) -> None:
        """The events of a move must match the expected ones (``docs/cards-contract.md``)."""
        self.claim_events({"op": "items-match", "value": list(expected)})
        if not events_match(expected, actual):
            raise self.fail(step, show_events(expected), show_events(actual))

    def expect_state(self, step: str, expected: Mapping[str, Any]) -> Json:
        """Each expected field of the snapshot must match; hands compare as card sets."""
        state = self.adapter.state()
        for key, want in sorted(expected.items(), key=lambda item: item[0] != "hands"):  # the deal first
            got = state.get(key)
            self._claim_state_field(key, want)
            if key == "hands":
                got = {s: canonical(state["hands"][s]) for s in want} if "hands" in state else None
                want = {s: canonical(cards) for s, cards in want.items()}
            elif key == "out_of_play" and isinstance(got, list):
                got, want = canonical(got), canonical(want)
            if not subset(want, got):
                raise self.fail(step, f"{key} = {want!r}", f"{key} = {got!r}", about=key)
        return state

    def _claim_state_field(self, key: str, want: Any) -> None:
        """What :meth:`expect_state` compares of the snapshot's field ``key``: hands and
        the cards out of play as sets of cards, every other field as a subset."""
        if key == "hands":
            for seat, cards in want.items():
                claim(self.adapter, check={"path": ["state", "hands", seat], "op": "set-equals", "value": cards})
        else:
            op = "set-equals" if key == "out_of_play" else "subset"
            claim(self.adapter, check={"path": ["state", key], "op": op, "value": want})

    def expect_legal(self, step: str, expected: Sequence[str]) -> None:
        """The legal actions, as a set."""
        got = sorted(self.adapter.legal())
        claim(self.adapter, check={"path": ["actions"], "op": "set-equals", "value": list(expected)})
        if got != sorted(expected):
            differs = sorted(set(got) ^ set(expected))
            attempted = (self.adapter.state().get("to_move"), differs[0]) if differs else None
            actual = f"legal actions {got}"
            raise self.fail(step, f"legal actions {sorted(expected)}", actual, attempted=attempted, legal=got)
