"""Run a game's cases on one implementation: case → adapter → verdict per clause.

The core of ``generala-kit check`` and ``profile`` and of the pytest plugin, which
are front ends over it; it knows neither them nor any game by name (a game comes
in as its :class:`~generala_conformance.core.game.Game`). One request at a time, one
case at a time: each case is set up (the circuit breaker, the rules it is sent),
played (``case.run(adapter, rules)``), then the implementation is checked idle
(nothing written unasked); faults of the implementation are told apart from rule
failures (:func:`outcome_of`).
"""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from generala_conformance.core import workers
from generala_conformance.core.expectations import Expectation, Expectations
from generala_conformance.core.results import DECLARED, UNEXPECTED, CaseResult
from generala_conformance.core.sent_rules import Lacking, rules_to_send
from generala_conformance.transport import handshake, impl_options
from generala_conformance.transport.adapter import (
    Adapter,
    AdapterFault,
    AdapterTimeout,
    BadRequest,
    ProtocolViolation,
    Refused,
    Unsupported,
)
from generala_conformance.transport.declared import Declared, DeclaredUnsupported
from generala_conformance.transport.loading import describe, open_adapter
from generala_conformance.transport.protocol import InvalidMessage
from generala_spec.options import resolve

if TYPE_CHECKING:
    from generala_conformance.core.game import Game


class Case(Protocol):
    """What the runner needs of a case (a fixture, a scenario, a perft position)."""

    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def path(self) -> Path | str: ...
    @property
    def line(self) -> int: ...
    @property
    def clauses(self) -> Sequence[str]: ...
    @property
    def ambiguities(self) -> Sequence[str]: ...
    @property
    def requires(self) -> Mapping[str, str]: ...

    def run(self, adapter: Any, rules: Mapping[str, str]) -> None:
        """Play the case; raise at the first step the implementation gets wrong."""


@dataclass(frozen=True)
class Labels:
    """A case as the filters and the expectations file see it (a :class:`.expectations.Selectable`)."""

    id: str
    title: str
    kind: str
    where: str
    clauses: list[str]
    ambiguities: list[str]
    requires: dict[str, str]
    tags: list[str]

    @classmethod
    def of(cls, case: Case) -> Labels:
        """The labels of ``case``: its tags are its clauses, its ambiguities, its
        required options as ``option:NAME=VALUE`` and a scenario's other tags."""
        clauses, ambiguities = sorted(set(case.clauses)), sorted(set(case.ambiguities))
        requires = dict(case.requires)
        others = set(getattr(case, "tags", ()))
        tags = sorted({*clauses, *ambiguities, *(f"option:{k}={v}" for k, v in requires.items())} | others)
        kind = getattr(case, "kind", "fixture")
        return cls(case.id, case.title, kind, f"{case.path}:{case.line}", clauses, ambiguities, requires, tags)


@dataclass(frozen=True)
class Filters:
    """Which cases a run selects: ``--clause``, ``--tag``, ``-k``, ``--profile`` (the
    cases compatible with it) and ``withhold`` (``profile``: the cases that require options)."""

    clauses: Sequence[str] = ()
    tags: Sequence[str] = ()
    keyword: str | None = None
    profile: str | None = None
    withhold: bool = False

    def selects(self, labels: Labels, spec: str, expected: Expectation | None = None) -> bool:
        """Whether the run keeps the case ``labels`` (of the rulebook ``spec``)."""
        if self.clauses and not any(_clause_matches(c, p) for c in labels.clauses for p in self.clauses):
            return False
        if self.tags and not any(fnmatch.fnmatchcase(t, p) for t in labels.tags for p in self.tags):
            return False
        if self.keyword and not keyword_matches(self.keyword, _names(labels, expected)):
            return False
        if self.profile:
            chosen = resolve(self.profile, spec=spec)
            return all(chosen.get(k) == v for k, v in labels.requires.items())
        return not self.withhold or bool(labels.requires)


def _clause_matches(clause: str, pattern: str) -> bool:
    return fnmatch.fnmatchcase(clause, pattern) or clause.startswith(pattern + "-")


def _names(labels: Labels, expected: Expectation | None) -> set[str]:
    """What ``-k`` matches: the case id, its kind's group, its tags, its expectation."""
    names = {labels.id, f"{labels.kind}s", *labels.tags}
    if expected is not None:
        names.add("skip" if expected.outcome == "skip" else "xfail")
    return names


def keyword_matches(expression: str, names: set[str]) -> bool:
    """``-k``: words joined by ``and``, ``or``, ``not`` and parentheses; a word holds
    when it is part of any of ``names`` (case ignored), as pytest's ``-k`` reads it."""
    lowered = [name.lower() for name in names]
    tokens = expression.replace("(", " ( ").replace(")", " ) ").split()
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        token = peek()
        if token is None:
            raise ValueError(f"-k {expression!r}: the expression ends too early")
        position += 1
        return token

    def either() -> bool:
        value = both()
        while peek() == "or":
            take()
            value = both() or value
        return value

    def both() -> bool:
        value = negated()
        while peek() == "and":
            take()
            value = negated() and value
        return value

    def negated() -> bool:
        if peek() == "not":
            take()
            return not negated()
        token = take()
        if token == "(":
            value = either()
            if take() != ")":
                raise ValueError(f"-k {expression!r}: a parenthesis is not closed")
            return value
        if token in (")", "and", "or"):
            raise ValueError(f"-k {expression!r}: unexpected {token!r}")
        return any(token.lower() in name for name in lowered)

    value = either()
    if peek() is not None:
        raise ValueError(f"-k {expression!r}: unexpected {peek()!r}")
    return value


# ----------------------------------------------------------- the implementation


class CircuitOpen(AdapterFault):
    """A case not run because the circuit breaker is open (reported as an error)."""


@dataclass
class Settings:
    """How to reach the implementation and what to send it."""

    game: Game
    adapter: str | None = None
    """``--adapter MODULE:FACTORY`` (neither this nor :attr:`command`: the game's reference engine)."""
    command: str | None = None
    """``--adapter-cmd``: a program speaking the JSON-lines protocol."""
    timeout: float = 10.0
    validate: bool = False
    clean_env: bool = False
    pass_env: Sequence[str] = ()
    max_faults: int = 5
    profile: str | None = None
    withhold: bool = False


@dataclass
class Implementation:
    """The implementation under test in this process, its handshake and its circuit breaker."""

    settings: Settings
    adapter: Adapter = field(init=False)
    known_hello: dict[str, Any] | None = None
    faults_in_a_row: int = 0
    """Cases ended in a timeout or a crash since the last one that was not."""

    def __post_init__(self) -> None:
        s = self.settings
        env = impl_options.environment(s.clean_env, s.pass_env)
        self.adapter = open_adapter(
            s.adapter, s.command, game=s.game, timeout=s.timeout, validate=s.validate, wire=True, env=env
        )

    @property
    def who(self) -> str:
        """The implementation as messages name it."""
        settings = self.settings
        return (
            f"`{settings.command}`" if settings.command else describe(settings.adapter or settings.game.reference, None)
        )

    def hello(self) -> dict[str, Any]:
        """The checked handshake, asked once (:class:`~generala_conformance.transport.handshake.HandshakeFailed`
        is raised again at the next ask)."""
        if self.known_hello is None:
            self.known_hello = handshake.shake(self.adapter, self.who, self.settings.game)
        return self.known_hello

    def guard(self) -> None:
        """The circuit breaker: once ``max_faults`` cases in a row ended in a timeout
        or a crash, every further case is an error at once (not run)."""
        limit = self.settings.max_faults
        if limit and self.faults_in_a_row >= limit:
            raise CircuitOpen(
                f"not run: the last {self.faults_in_a_row} cases in a row ended in a timeout or a crash "
                f"(circuit breaker, --max-faults {limit})"
            )

    def note(self, error: BaseException | None) -> None:
        """Count a case played to a timeout or a crash; one played without a fault resets the count."""
        if isinstance(error, AdapterFault) and not isinstance(error, ProtocolViolation | CircuitOpen):
            self.faults_in_a_row += 1
        elif not isinstance(error, AdapterFault):
            self.faults_in_a_row = 0

    def rules(self, labels: Labels) -> dict[str, str]:
        """The rule options a case's games start with (:func:`~generala_conformance.core.sent_rules.rules_to_send`);
        :class:`~generala_conformance.core.sent_rules.Lacking` when the implementation lacks a value it needs."""
        game, hello = self.settings.game, self.hello()
        requires = labels.requires
        requires = game.requires_for(requires, hello)
        return rules_to_send(
            requires, hello["options"], self.settings.profile, withhold=self.settings.withhold, spec=game.spec
        )

    def take_stderr(self) -> str:
        """What the implementation wrote to stderr since the last call ('' in-process)."""
        take = getattr(self.adapter, "take_stderr", None)
        return str(take()) if take else ""

    def check_idle(self) -> None:
        """Raise if the implementation wrote output nobody asked for (a process only)."""
        check = getattr(self.adapter, "check_idle", None)
        if check is not None:
            check()

    def close(self) -> None:
        self.adapter.close()


# ------------------------------------------------------------------ one case


def outcome_of(error: BaseException | None) -> str:
    """A played case's outcome: a rule failure (``fail``) told apart from a fault of
    the implementation (``timeout``, ``error``) and from a case it cannot play (``skip``)."""
    if error is None:
        return "pass"
    if isinstance(error, Unsupported):
        return "skip"
    if isinstance(error, AdapterTimeout):
        return "timeout"
    if isinstance(error, AdapterFault | BadRequest):
        return "error"
    return "fail" if isinstance(error, AssertionError | Refused) else "error"


def message_of(error: BaseException) -> str:
    """What a report says of ``error``: a fault named by its kind, with its detail."""
    if isinstance(error, Unsupported):
        return str(error) if isinstance(error, DeclaredUnsupported) else f"unsupported: {error}"
    if isinstance(error, InvalidMessage):  # the kit's own request: a fixture or kit bug
        return f"[{error.code}] the kit's {error}"
    if isinstance(error, AdapterFault):
        text = f"[{type(error).__name__}] {error}"
        return f"{text}\n{error.detail}" if error.detail else text
    if isinstance(error, AssertionError | BadRequest | Refused):
        return str(error)
    return f"[{type(error).__name__}] {error}"


def run_case(case: Case, impl: Implementation, expected: Expectation | None = None) -> CaseResult:
    """Play ``case`` on ``impl`` (under what the expectations file says of it) and fold it into its result."""
    labels = Labels.of(case)
    result = _result(labels)
    if expected is not None and expected.outcome == "skip":
        result.outcome, result.message = "skip", f"{DECLARED}{expected.text}"
        return result
    started = time.monotonic()
    error = _play(case, labels, impl)
    result.duration = round(time.monotonic() - started, 4)
    result.outcome = outcome_of(error)
    result.stderr = impl.take_stderr() or None
    if error is not None:
        result.message = message_of(error)
        attribution = getattr(error, "attribution", None)
        result.attribution = attribution.as_dict() if attribution is not None else None
    if expected is not None:  # an expected failure
        if result.outcome in ("fail", "error", "timeout"):
            result.outcome, result.message = "xfail", f"{DECLARED}{expected.text}"
        elif result.outcome == "pass":
            result.outcome = "xpass"
            result.message = f"[XPASS(strict)] {DECLARED}{expected.text} [entry {expected.label}]"
    return result


def _result(labels: Labels, outcome: str = "pass", message: str | None = None) -> CaseResult:
    """A result of the case ``labels`` (``pass`` until played)."""
    return CaseResult(
        id=labels.id,
        title=labels.title,
        kind=labels.kind,
        outcome=outcome,
        where=labels.where,
        nodeid=f"generala/{labels.kind}s::{labels.id}",
        clauses=labels.clauses,
        ambiguities=labels.ambiguities,
        requires=labels.requires,
        message=message,
    )


def _play(case: Case, labels: Labels, impl: Implementation) -> BaseException | None:
    """Set the case up, play it and check the implementation idle; what went wrong first."""
    try:
        impl.guard()
        rules = impl.rules(labels)
    except Lacking as lacking:
        return DeclaredUnsupported(lacking.reason)  # (its hello lists no such value: the case is not sent)
    except CircuitOpen as open_circuit:
        return open_circuit
    error: BaseException | None = None
    try:
        case.run(Declared(impl.adapter, impl.hello()), rules)
    except Exception as exc:  # every exception is the case's outcome (outcome_of tells them apart)
        error = exc
    impl.note(error)
    if error is None or isinstance(error, Unsupported):
        try:
            impl.check_idle()
        except AdapterFault as fault:  # output nobody asked for: this case's error
            return fault
    return error


# ------------------------------------------------------------------- the run


def expectation_of(expectations: Expectations | None, labels: Labels) -> Expectation | None:
    """What the expectations file says of a case (``None``: nothing)."""
    return expectations.lookup(labels) if expectations is not None else None


@dataclass
class Run:
    """What a run found: each case's result, the implementation's hello, and why
    nothing was checked when its handshake failed (``{code, message, detail}``)."""

    results: list[CaseResult] = field(default_factory=list)
    hello: dict[str, Any] | None = None
    aborted: dict[str, str] | None = None


def run_cases(
    cases: Sequence[Case],
    settings: Settings,
    expectations: Expectations | None = None,
    *,
    jobs: int = 1,
    exitfirst: bool = False,
    on_result: Callable[[CaseResult], None] | None = None,
) -> Run:
    """Play ``cases`` on the implementation of ``settings``, in order, or in ``jobs``
    worker processes (each with its own implementation); ``exitfirst``: no case is
    started after the first unexpected outcome. ``on_result`` hears of each result
    as it comes. A failed handshake ends the run before any case."""
    impl = Implementation(settings)
    try:
        hello = impl.hello()
    except handshake.HandshakeFailed as failure:
        impl.close()
        return Run(aborted={"code": failure.code, "message": str(failure), "detail": failure.detail})
    run = Run(hello=hello)

    def record(result: CaseResult) -> bool:
        run.results.append(result)
        if on_result is not None:
            on_result(result)
        return exitfirst and result.outcome in UNEXPECTED

    if jobs > 1 and len(cases) > 1 and workers.available():
        impl.close()

        def player() -> workers.Player[CaseResult]:
            ours = Implementation(settings)

            def play(index: int) -> CaseResult:
                case = cases[index]
                try:
                    return run_case(case, ours, expectation_of(expectations, Labels.of(case)))
                except handshake.HandshakeFailed as failure:  # (this worker's own implementation)
                    return _result(Labels.of(case), "error", f"[HandshakeFailed] {failure}")

            return play, ours.close

        def lost(index: int, status: int | None) -> CaseResult:
            message = f"[WorkerLost] the worker process (-n) running this case ended (exit status {status})"
            return _result(Labels.of(cases[index]), "error", message)

        workers.run(len(cases), player, jobs, record, lost)
        return run
    try:
        for case in cases:
            if record(run_case(case, impl, expectation_of(expectations, Labels.of(case)))):
                break
    finally:
        impl.close()
    return run
