"""The ``generala`` pytest plugin (entry point ``pytest11``): run the conformance
suite — the ``.feature`` scenarios and the YAML fixtures — inside any pytest run.

It stays out of the way unless ``--generala-adapter`` or ``--generala-adapter-cmd``
is given; then it adds the suite's cases to the collection, gives them the
``generala_adapter`` and ``generala_rules`` fixtures, keeps the outcomes pass,
fail, error, timeout, skip, xfail and xpass apart, prints a summary per clause
area and writes the JSON report. Each xdist worker opens its own adapter (its
own implementation process).
"""

from __future__ import annotations

import fnmatch
import functools
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pytest
from generala_conformance import games
from generala_conformance.core.features import FeatureCase, FeatureError
from generala_conformance.suite import expectations as expectations_mod
from generala_conformance.suite import report as report_mod
from generala_conformance.suite.sent_rules import Lacking, rules_to_send
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
from generala_conformance.transport.loading import AdapterLoadError, describe, load_factory, open_adapter
from generala_conformance.transport.protocol import InvalidMessage
from generala_spec.options import profile_names, resolve

MARKERS = {
    "generala_clause": "generala_clause(id): the case checks rule clause id (R-…)",
    "generala_ambiguity": "generala_ambiguity(id): the case shows a reading of ambiguity id (AMB-…)",
    "generala_option": "generala_option(name, value): the case runs with that rule option value",
    "generala_tag": "generala_tag(tag): any other tag of a conformance case",
}
DEFAULT_MAX_FAULTS = 5
CASE_KEY = pytest.StashKey["CaseInfo"]()
PHASES_KEY = pytest.StashKey[list[str]]()
ATTRIBUTION_KEY = pytest.StashKey[dict[str, str]]()
STDERR_KEY = pytest.StashKey[str]()
"""What the implementation wrote on stderr during a case's call (its report's section)."""


@dataclass
class CaseInfo:
    """What the plugin knows of one collected case."""

    id: str
    title: str
    kind: str
    where: str
    clauses: list[str] = field(default_factory=list)
    ambiguities: list[str] = field(default_factory=list)
    requires: dict[str, str] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)


# ------------------------------------------------------------------ options


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("generala", "Générala conformance suite")
    group.addoption("--generala-adapter", metavar="MODULE:FACTORY", help="run the suite against this Python adapter")
    group.addoption(
        "--generala-adapter-cmd", metavar="COMMAND", help="run the suite against this program (JSON-lines protocol)"
    )
    group.addoption("--generala-timeout", type=float, default=10.0, metavar="SECONDS", help="per-request timeout")
    group.addoption("--generala-game", default="cards", choices=games.NAMES, help="the game to check (cards)")
    group.addoption("--generala-profile", metavar="PROFILE", help="run only cases compatible with this profile")
    group.addoption("--generala-expectations", metavar="FILE", help="YAML file of expected skips and failures")
    group.addoption(
        "--generala-validate-messages", action="store_true", help="check every message against the protocol schema"
    )
    group.addoption("--generala-report-json", metavar="FILE", help="write the JSON report here")
    group.addoption("--generala-report-markdown", metavar="FILE", help="write the Markdown summary here")
    group.addoption("--generala-clause", action="append", default=[], metavar="ID", help="only cases of this clause")
    group.addoption("--generala-tag", action="append", default=[], metavar="TAG", help="only cases with this tag")
    group.addoption("--generala-cases", metavar="DIR", help="run the YAML fixtures of DIR instead of the kit's suite")
    group.addoption(
        "--generala-withhold",
        action="store_true",
        help="profile detection: leave each case's required options out of its rules",
    )
    group.addoption("--generala-suite-only", action="store_true", help="collect the suite and nothing from disk")
    group.addoption(
        "--generala-max-faults",
        type=int,
        default=DEFAULT_MAX_FAULTS,
        metavar="K",
        help="after K cases in a row end in a timeout or a crash, report the rest as errors at once (0: never)",
    )
    group.addoption(
        "--generala-clean-env", action="store_true", help="start the implementation with a minimal environment"
    )
    group.addoption(
        "--generala-pass-env", action="append", default=[], metavar="NAME", help="with --generala-clean-env, pass NAME"
    )
    group.addoption(
        "--generala-progress",
        action="store_true",
        help="progress on stderr instead of a letter per case: a bar on a terminal, else a line every 30 s",
    )
    group.addoption(
        "--generala-no-skip",
        action="store_true",
        help="strict: any skip fails the run (skips declared in the expectations file stay allowed, and are listed)",
    )


def active(config: pytest.Config) -> bool:
    """Whether the suite is to be collected in this run."""
    return bool(config.getoption("generala_adapter") or config.getoption("generala_adapter_cmd"))


def pytest_configure(config: pytest.Config) -> None:
    for name, text in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {text.split(': ', 1)[1]}")
    if active(config):
        try:
            _check_adapter_options(config)
            state = RunState(config)
        except (expectations_mod.ExpectationsError, AdapterLoadError) as error:
            raise pytest.UsageError(f"{error} [{error.code}]") from None
        config.stash[RUN_KEY] = state
        if not hasattr(config, "workerinput"):
            config.pluginmanager.register(state, "generala-run")


def game_of(config: pytest.Config) -> games.Game:
    """The game this run checks (``--generala-game``)."""
    return games.get(config.getoption("generala_game"))


def _check_adapter_options(config: pytest.Config) -> None:
    profile, spec = config.getoption("generala_profile"), game_of(config).spec
    if profile and profile not in profile_names(spec):
        names = ", ".join(profile_names(spec))
        raise AdapterLoadError("unknown-profile", f"--profile {profile!r}: the profiles of this game are {names}")
    adapter, command = config.getoption("generala_adapter"), config.getoption("generala_adapter_cmd")
    if adapter and command:
        raise AdapterLoadError("two-adapters", "give --generala-adapter or --generala-adapter-cmd, not both")
    if adapter:
        load_factory(adapter)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    return True if config.getoption("generala_suite_only") else None


# --------------------------------------------------------------- collection


def _collect_suite(session: pytest.Session) -> Iterator[pytest.Item]:
    """The suite's cases: the feature scenarios (not with ``--generala-cases``), then the fixture cases."""
    if not session.config.getoption("generala_cases"):
        yield from session.genitems(SuiteCases.from_parent(session, name="features", nodeid="generala/features"))
    yield from session.genitems(SuiteCases.from_parent(session, name="fixtures", nodeid="generala/fixtures"))


class SuiteCases(pytest.Collector):
    """The game's cases of one kind, one :class:`CaseItem` each: its feature scenarios
    (``features``), or its fixture cases (``fixtures``: the YAML fixtures of
    ``--generala-cases DIR``, else the kit's own and, for the card game, the perft table's)."""

    def collect(self) -> Iterator[pytest.Item]:
        from generala_conformance.errors import UsageError
        from generala_conformance.games.cards.fixtures import FixtureError

        game = game_of(self.config)
        root = self.config.getoption("generala_cases")
        try:
            if self.name == "features":
                cases = games.load(game.features)()
            else:
                cases = games.load(game.cases)(Path(root) if root else None)
        except (FixtureError, FeatureError, UsageError) as error:  # one paragraph, without a traceback
            raise self.CollectError(f"{error} [{error.code}]") from None
        for case in cases:
            yield CaseItem.from_parent(self, name=case.id, path=Path(case.path), case=case)


class CaseItem(pytest.Item):
    """One case of the suite, played as it is (``case.run(adapter, rules)``): its set-up
    checks the circuit breaker, takes the rules to send (or skips) and the adapter, its
    tear-down checks that the implementation wrote nothing unasked."""

    def __init__(self, *, case: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        clauses, ambiguities, requires = _labels(case)
        for mark in _case_marks(clauses, ambiguities, requires):
            self.add_marker(mark)
        kind = "feature" if isinstance(case, FeatureCase) else "fixture"
        info = CaseInfo(case.id, case.title, kind, f"{case.path}:{case.line}", requires=requires)
        info.clauses, info.ambiguities = sorted(set(clauses)), sorted(set(ambiguities))
        others = set(case.tags) if isinstance(case, FeatureCase) else set()
        for tag in sorted(others):
            self.add_marker(_mark("generala_tag", tag))
        info.tags = _tags(info, others)
        self.stash[CASE_KEY] = info
        self.rules: dict[str, str] = {}
        self.adapter: Adapter | None = None

    def setup(self) -> None:
        impl = _implementation(self.config, self.session)
        impl.guard()
        self.rules = case_rules(self, impl)
        self.adapter = _case_adapter(impl)

    def runtest(self) -> None:
        assert self.adapter is not None  # set up
        self.case.run(self.adapter, self.rules)

    def teardown(self) -> None:
        if self.adapter is not None:
            self.adapter = None
            _check_idle(_implementation(self.config, self.session))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.case.path), self.case.line - 1, self.case.id


def card_cases(root: Path | None) -> list[Any]:
    """The card game's fixture cases: those of ``root`` (``--cases DIR``, validated now),
    else the kit's own (validated, from the cache) and the perft table's."""
    from generala_conformance.games.cards.case_cache import bundled_cases
    from generala_conformance.games.cards.fixtures import load_all
    from generala_conformance.games.cards.perft import perft_cases

    return load_all(root) if root else [*bundled_cases(), *perft_cases()]


def _labels(case: Any) -> tuple[list[str], list[str], dict[str, str]]:
    """A fixture case's clauses, ambiguities and required options: its marks, and its :class:`CaseInfo`."""
    ambiguities = getattr(case, "ambiguities", None)
    if ambiguities is None:  # (a card fixture names one)
        ambiguities = [case.ambiguity] if case.ambiguity else []
    return list(case.clauses), list(ambiguities), dict(case.requires)


@functools.cache
def _mark(name: str, *args: str) -> pytest.MarkDecorator:
    """``pytest.mark.NAME(*args)``, made once (hundreds of cases share each clause's mark)."""
    return getattr(pytest.mark, name)(*args)


def _case_marks(clauses: list[str], ambiguities: list[str], requires: dict[str, str]) -> list[pytest.MarkDecorator]:
    """A fixture case's marks: its clauses, ambiguities and required options (as its :class:`CaseInfo`)."""
    marks = [_mark("generala_clause", c) for c in clauses]
    marks += [_mark("generala_ambiguity", a) for a in ambiguities]
    return marks + [_mark("generala_option", k, v) for k, v in requires.items()]


def case_info(item: pytest.Item) -> CaseInfo | None:
    """The case an item runs, or ``None`` for an item outside the suite."""
    return item.stash.get(CASE_KEY, None)


def _tags(info: CaseInfo, others: set[str]) -> list[str]:
    """Every tag of a case: its clauses, ambiguities, ``option:NAME=VALUE`` and ``others``."""
    return sorted({*info.clauses, *info.ambiguities, *(f"option:{k}={v}" for k, v in info.requires.items())} | others)


def _clause_matches(clauses: list[str], patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(c, p) or c.startswith(p + "-") for c in clauses for p in patterns)


def _selected(info: CaseInfo, config: pytest.Config) -> bool:
    clauses, tags = config.getoption("generala_clause"), config.getoption("generala_tag")
    if clauses and not _clause_matches(info.clauses, clauses):
        return False
    if tags and not any(fnmatch.fnmatchcase(t, p) for t in info.tags for p in tags):
        return False
    profile = config.getoption("generala_profile")
    if profile:
        chosen = resolve(profile, spec=game_of(config).spec)
        return all(chosen.get(k) == v for k, v in info.requires.items())
    return not config.getoption("generala_withhold") or bool(info.requires)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Shake hands with the implementation, then add the suite's cases, apply the
    filters and the expectations file. When the handshake fails, the run holds one
    item that errors with its message (nothing can be checked: one error, not one
    per case, and the suite is not even collected)."""
    state = config.stash.get(RUN_KEY, None)
    if state is None:
        return
    failure = _handshake_failure(config)
    if failure is not None:
        items.append(
            HandshakeItem.from_parent(session, name="handshake", nodeid="generala::handshake", failure=failure)
        )
        return
    collected: list[tuple[pytest.Item, CaseInfo]] = []
    seen: dict[str, str] = {}
    for item in _collect_suite(session):
        info = case_info(item)
        if info is None:
            continue
        if info.id in seen:
            raise pytest.UsageError(f"two cases have the id {info.id!r}: {seen[info.id]} and {info.where}")
        seen[info.id] = info.where
        collected.append((item, info))
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item, info in collected:
        (kept if _selected(info, config) else dropped).append(item)
        expected = state.expectations.lookup(info) if state.expectations else None
        if expected is not None and expected.outcome == "skip":
            item.add_marker(pytest.mark.skip(reason=f"{report_mod.DECLARED}{expected.text}"))
        elif expected is not None:  # an xpass names the entry to remove
            reason = f"{report_mod.DECLARED}{expected.text} [entry {expected.label}]"
            item.add_marker(pytest.mark.xfail(reason=reason, strict=True))
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items.extend(kept)


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """Launch the implementation of this pytest process as collection begins (in
    every process that collects: each xdist worker, or the only process; never
    the xdist controller), so that it starts up while the suite is collected
    (:meth:`ProcessAdapter.launch`)."""
    config = session.config
    if config.stash.get(RUN_KEY, None) is None or config.pluginmanager.has_plugin("dsession"):
        return
    impl = Implementation(config)
    config.stash[IMPL_KEY] = impl
    launch = getattr(impl.adapter, "launch", None)
    if launch is not None:
        launch()


def _handshake_failure(config: pytest.Config) -> handshake.HandshakeFailed | None:
    """Shake hands once with the implementation of this pytest process (opened
    at :func:`pytest_collection`), before any case runs; the failure when it
    never completes a handshake."""
    impl = _implementation(config)
    try:
        impl.hello()
    except handshake.HandshakeFailed as failure:
        impl.close()
        return failure
    return None


class HandshakeItem(pytest.Item):
    """The one item a run holds when the implementation never completed a handshake:
    it errors with the handshake's message (recorded in every report)."""

    def __init__(self, *, failure: handshake.HandshakeFailed, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.failure = failure

    def runtest(self) -> None:
        raise self.failure

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        detail = self.failure.detail
        return f"{self.failure} [{self.failure.code}]" + (f"\n{detail}" if detail else "")

    def reportinfo(self) -> tuple[str, int | None, str]:
        return "generala", None, "handshake"


# ----------------------------------------------------------------- fixtures


class Implementation:
    """The adapter of one pytest process (one per xdist worker) and its handshake."""

    def __init__(self, config: pytest.Config) -> None:
        adapter, command = config.getoption("generala_adapter"), config.getoption("generala_adapter_cmd")
        self.game = game_of(config)
        timeout, validate = config.getoption("generala_timeout"), config.getoption("generala_validate_messages")
        clean_env, pass_env = config.getoption("generala_clean_env"), config.getoption("generala_pass_env")
        env = impl_options.environment(clean_env, pass_env)
        self.adapter: Adapter = open_adapter(
            adapter, command, timeout=timeout, validate=validate, env=env, game=self.game.name
        )
        self.who = f"`{command}`" if command else f"{adapter}"
        self.known_hello: dict[str, Any] | None = None
        self.hello_reported = False  # whether a report carried it already (generala_hello)
        self.max_faults: int = config.getoption("generala_max_faults")
        self.faults_in_a_row = 0  # cases ended in a timeout or a crash since the last one that did not
        self.closed = False
        self.closes_with: pytest.Session | None = None  # the session whose end closes the adapter

    def close(self) -> None:
        """Close the adapter (once)."""
        if not self.closed:
            self.closed = True
            self.adapter.close()

    def guard(self) -> None:
        """The circuit breaker: once :attr:`max_faults` cases in a row ended in a
        timeout or a crash, every further case is an error at once (not run)."""
        if self.max_faults and self.faults_in_a_row >= self.max_faults:
            raise CircuitOpen(
                f"not run: the last {self.faults_in_a_row} cases in a row ended in a timeout or a crash "
                f"(circuit breaker, --max-faults {self.max_faults})"
            )

    def note(self, when: str, error: BaseException | None) -> None:
        """Count a case ended by a timeout or a crash (a handshake that never
        happened included); a case whose call ran to its end without a fault of
        the implementation resets the count."""
        if isinstance(error, AdapterFault) and not isinstance(error, ProtocolViolation | CircuitOpen):
            self.faults_in_a_row += 1
        elif when == "call" and not isinstance(error, AdapterFault):
            self.faults_in_a_row = 0

    def hello(self) -> dict[str, Any]:
        """The checked handshake, asked once (:class:`~generala_conformance.transport.handshake.HandshakeFailed`
        is raised again at the next ask)."""
        if self.known_hello is None:
            self.known_hello = handshake.shake(self.adapter, self.who, self.game.name)
        return self.known_hello

    def take_stderr(self) -> str:
        """What the implementation wrote to stderr since the last call ('' in-process)."""
        take = getattr(self.adapter, "take_stderr", None)
        return take() if take else ""


class CircuitOpen(AdapterFault):
    """A case not run because the circuit breaker is open (reported as an error)."""


IMPL_KEY = pytest.StashKey[Implementation]()


def _implementation(config: pytest.Config, session: pytest.Session | None = None) -> Implementation:
    """The implementation under test for this pytest process (opened, and its handshake
    checked, at collection); given the ``session`` of a case being set up, it is closed
    when that session's cases are torn down (as a session fixture is)."""
    impl = config.stash.get(IMPL_KEY, None) or Implementation(config)
    config.stash[IMPL_KEY] = impl
    if session is not None and impl.closes_with is not session:
        impl.closes_with = session
        session.addfinalizer(impl.close)
    return impl


@pytest.fixture(scope="session")
def generala_implementation(request: pytest.FixtureRequest) -> Implementation:
    """The implementation under test for this pytest process (closed at the end of the session)."""
    return _implementation(request.config, request.session)


def rules_for(info: CaseInfo | None, config: pytest.Config, hello: dict[str, Any]) -> dict[str, str]:
    """The rule options to start the case's games with
    (:func:`~generala_conformance.suite.sent_rules.rules_to_send`), or ``pytest.skip``
    when the implementation does not list a value the case depends on."""
    game = game_of(config)
    requires = dict(info.requires) if info else {}
    if game.requires is not None:
        requires = games.load(game.requires)(requires, hello)
    try:
        return rules_to_send(
            requires,
            hello["options"],
            config.getoption("generala_profile"),
            withhold=config.getoption("generala_withhold"),
            spec=game.spec,
        )
    except Lacking as lacking:
        pytest.skip(lacking.reason)


@pytest.fixture
def generala_rules(request: pytest.FixtureRequest, generala_implementation: Implementation) -> dict[str, str]:
    """The rule options of this case (skips it when the implementation lacks one)."""
    generala_implementation.guard()
    return case_rules(request.node, generala_implementation)


def case_rules(item: pytest.Item, impl: Implementation) -> dict[str, str]:
    """The rule options of the case ``item`` being set up (:func:`rules_for`)."""
    return rules_for(case_info(item) if isinstance(item, pytest.Item) else None, item.config, impl.hello())


@pytest.fixture
def generala_adapter(generala_implementation: Implementation, generala_rules: dict[str, str]) -> Iterator[Adapter]:
    """The implementation under test, holding no game yet (:func:`_case_adapter`). After
    the case, output nobody asked for (a second reply) is this case's error."""
    yield _case_adapter(generala_implementation)
    _check_idle(generala_implementation)


def _case_adapter(impl: Implementation) -> Adapter:
    """The implementation for the case being set up (its rules taken, :func:`case_rules`),
    holding no game yet (each case starts its own): a setup its hello declares
    unsupported is skipped, never sent."""
    return Declared(impl.adapter, impl.hello())


def _check_idle(impl: Implementation) -> None:
    """Raise if the implementation wrote output nobody asked for (a process only)."""
    check_idle = getattr(impl.adapter, "check_idle", None)
    if check_idle is not None:
        check_idle()


# ------------------------------------------------------------------ outcomes


def outcome_of(report: pytest.TestReport, excinfo: pytest.ExceptionInfo[BaseException] | None) -> str:
    """One phase's outcome, telling faults of the implementation from rule failures."""
    if report.skipped:
        return "xfail" if hasattr(report, "wasxfail") else "skip"
    if report.passed:
        return "xpass" if hasattr(report, "wasxfail") else "pass"
    if isinstance(report.longrepr, str) and report.longrepr.startswith("[XPASS(strict)]"):
        return "xpass"
    error = excinfo.value if excinfo is not None else None
    if isinstance(error, AdapterTimeout):
        return "timeout"
    if isinstance(error, AdapterFault | BadRequest) or report.when != "call":
        return "error"
    return "fail" if isinstance(error, AssertionError | Refused) else "error"


def _message(error: BaseException) -> str:
    if isinstance(error, InvalidMessage):  # the kit's own request: a fixture or kit bug
        return f"[{error.code}] the kit's {error}"
    if isinstance(error, AdapterFault):
        text = f"[{type(error).__name__}] {error}"
        return f"{text}\n{error.detail}" if error.detail else text
    return str(error)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    info = case_info(item) if RUN_KEY in item.config.stash and not isinstance(item, HandshakeItem) else None
    impl = item.config.stash.get(IMPL_KEY, None)
    stderr = impl.take_stderr() if impl is not None and info is not None and call.when == "call" else ""
    if stderr:
        item.add_report_section("call", "implementation stderr", stderr)
        item.stash[STDERR_KEY] = stderr
    report: Any = yield  # (the kit's fields ride on it as attributes, which xdist carries)
    if isinstance(item, HandshakeItem):
        report.generala_aborted = {
            "code": item.failure.code,
            "message": str(item.failure),
            "detail": item.failure.detail,
        }
        return report
    if info is None:
        return report
    error = call.excinfo.value if call.excinfo is not None else None
    if impl is not None:
        impl.note(call.when, error)
    if isinstance(error, Unsupported) and not hasattr(report, "wasxfail"):
        report.outcome = "skipped"
        reason = str(error) if isinstance(error, DeclaredUnsupported) else f"unsupported: {error}"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {reason}")
    outcome = outcome_of(report, call.excinfo)
    report.generala_outcome = outcome
    phases = item.stash.setdefault(PHASES_KEY, [])
    phases.append(outcome)
    attribution = getattr(error, "attribution", None)
    if attribution is not None:
        item.stash[ATTRIBUTION_KEY] = attribution.as_dict()
    if call.when == "teardown":  # JUnit XML takes the properties of the teardown report
        report.user_properties += [("generala_case", info.id), ("generala_outcome", report_mod.fold(phases))]
        report.user_properties += _clause_properties(info, item.stash.get(ATTRIBUTION_KEY, None))
    if call.when == "setup":  # (the run state reads it from a case's first report: not sent thrice by a -n worker)
        report.generala_case = vars(info)
    report.generala_stderr = stderr
    report.generala_attribution = item.stash.get(ATTRIBUTION_KEY, None)
    if error is not None and outcome in ("fail", "error", "timeout") and _readable(error):
        report.generala_message = _message(error)
        report.longrepr = "\n".join([*_failure_head(info, attribution), report.generala_message])
    if impl is not None and impl.known_hello is not None and call.when == "setup" and not impl.hello_reported:
        report.generala_hello = impl.known_hello  # (once a process: the run state keeps the first)
        impl.hello_reported = True
    return report


@pytest.hookimpl(tryfirst=True, specname="pytest_runtest_makereport")
def pytest_runtest_makereport_of_a_fault(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport | None:
    """The report of a case ended by an implementation fault, made without pytest's
    traceback (the wrapper above replaces it with the fault's message anyway, and
    formatting it costs a fifth of a second a case: the circuit breaker's hundreds
    of errors would take minutes)."""
    error = call.excinfo.value if call.excinfo is not None else None
    if RUN_KEY not in item.config.stash or not isinstance(error, AdapterFault):
        return None
    stderr = item.stash.get(STDERR_KEY, "")
    sections = [("Captured implementation stderr call", stderr)] if stderr else []
    keywords: dict[str, Literal[1]] = dict.fromkeys(item.keywords, 1)
    return pytest.TestReport(
        item.nodeid,
        item.location,
        keywords,
        "failed",
        _message(error),
        call.when,  # type: ignore[arg-type]
        sections,
        call.duration,
        call.start,
        call.stop,
        item.user_properties,
    )


def _clause_properties(info: CaseInfo, attribution: dict[str, str] | None) -> list[tuple[str, str]]:
    """JUnit properties: the clauses the case checks and the one its failure breaks."""
    found = [("generala_clauses", " ".join(info.clauses))] if info.clauses else []
    if attribution is not None:
        found.append(("generala_clause", attribution["clause"]))
        found.append(("generala_clause_statement", attribution["statement"]))
    return found


def _failure_head(info: CaseInfo, attribution: Any) -> list[str]:
    """The first lines of a failure: the case, the clause it breaks and why, the clauses it checks."""
    from generala_spec import rulebook

    head = [f"case {info.id}  ({info.where})"]
    if attribution is not None:
        head.append(f"breaks {attribution.clause}: {attribution.statement}  ({attribution.why})")
    statements = rulebook.clauses()
    head += [f"checks {c}: {statements[c].statement}" for c in info.clauses if c in statements]
    return head


def _readable(error: BaseException) -> bool:
    return isinstance(error, AssertionError | AdapterFault | BadRequest | Refused | InvalidMessage)


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    outcome = getattr(report, "generala_outcome", None)
    if outcome == "timeout":
        return "error", "T", "TIMEOUT"
    if outcome == "error" and report.when == "call":
        return "error", "E", "ERROR"
    if outcome == "xpass" and report.failed:
        return "failed", "X", "XPASS(strict)"
    return None


@pytest.hookimpl(wrapper=True, specname="pytest_report_teststatus")
def pytest_report_teststatus_under_progress(report: pytest.TestReport, config: pytest.Config) -> Iterator[Any]:
    """Under ``--generala-progress`` no letter per case is written (the progress display
    says how far the run is); the outcome's category and word stay as they were."""
    status = yield
    if status and config.getoption("generala_progress", False):
        category, _letter, word = status
        return category, "", word
    return status


# ------------------------------------------------------------------- the run


class RunState:
    """Collects the outcomes (on the controller) and writes the reports at the end."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        path = config.getoption("generala_expectations")
        self.expectations = expectations_mod.load(path) if path else None
        self.phases: dict[str, list[str]] = {}
        self.results: dict[str, report_mod.CaseResult] = {}
        self.unexpected = 0  # results whose outcome is unexpected (kept as they are folded, for the progress)
        self.hello: dict[str, Any] | None = None
        self.aborted: dict[str, str] | None = None
        self.started = time.monotonic()
        self.document: dict[str, Any] | None = None
        self.load_errors: list[str] = []
        self.progress: Any = None  # a generala_conformance.progress.Progress under --generala-progress

    def _start_progress(self, total: int) -> None:
        if self.progress is None and total and self.config.getoption("generala_progress"):
            from generala_conformance.progress import Progress

            self.progress = Progress("check", total)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._start_progress(len(session.items))

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """Under ``-n`` the controller collects nothing; a worker's collection gives the total."""
        self._start_progress(len(ids))

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """The JUnit report's suite properties: the suite version and the kit version."""
        if not self.config.pluginmanager.has_plugin("junitxml"):  # left out of a check that writes none
            return
        from _pytest.junitxml import xml_key  # what pytest's record_testsuite_property fixture uses
        from generala_conformance.games.cards.reference_adapter import kit_version

        xml = self.config.stash.get(xml_key, None)
        if xml is not None:
            suite = report_mod.suite_identity(
                self.config.getoption("generala_cases"), self.config.getoption("generala_game")
            )
            xml.add_global_property("generala_suite_version", suite["version"])
            xml.add_global_property("generala_kit_version", kit_version())

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """A case set that cannot be loaded (a bad fixture: ``file:line: field: message [code]``)."""
        if report.failed:
            self.load_errors.append(str(report.longrepr).strip()[:LOAD_ERROR_CHARS])

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.aborted = self.aborted or getattr(report, "generala_aborted", None)
        self._record(report)
        if self.progress is not None and report.when == "teardown":
            self.progress.advance(extra=f"{self.unexpected} unexpected")

    def _record(self, report: Any) -> None:
        """Fold one phase's report into its case's result."""
        outcome = getattr(report, "generala_outcome", None)
        if outcome is None and report.failed and report.nodeid in self.results:
            outcome = "error"  # a report made without the case: xdist's of a worker that died running it
            report.generala_message = f"[WorkerLost] the worker process (-n) running this case ended: {report.longrepr}"
        if outcome is None:
            return
        self.hello = self.hello or getattr(report, "generala_hello", None)
        phases = self.phases.setdefault(report.nodeid, [])
        phases.append(outcome)
        result = self.results.get(report.nodeid)
        if result is None:  # (its first report: the set-up's, which carries the case)
            case = report.generala_case
            result = report_mod.CaseResult(
                id=case["id"],
                title=case["title"],
                kind=case["kind"],
                outcome="pass",
                where=case["where"],
                nodeid=report.nodeid,
                clauses=case["clauses"],
                ambiguities=case["ambiguities"],
                requires=case["requires"],
            )
            self.results[report.nodeid] = result
        result.duration = round(result.duration + report.duration, 4)
        was_unexpected = result.outcome in report_mod.UNEXPECTED
        result.outcome = report_mod.fold(phases + ["pass"] * (3 - len(phases)))
        self.unexpected += (result.outcome in report_mod.UNEXPECTED) - was_unexpected
        if outcome != "pass" and result.message is None:
            result.message = getattr(report, "generala_message", None) or _report_text(report)
        if getattr(report, "generala_stderr", ""):
            result.stderr = report.generala_stderr
        if getattr(report, "generala_attribution", None):
            result.attribution = report.generala_attribution

    def run_error(self, exitstatus: int) -> str | None:
        """Why the run did not run (``None`` when it did): the cases could not be
        loaded, it was interrupted, or pytest failed."""
        if self.load_errors:
            return "the cases could not be loaded:\n" + "\n".join(self.load_errors)
        if exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            return None
        if exitstatus == pytest.ExitCode.INTERRUPTED and self.config.option.maxfail and self.unexpected:
            return None  # -x under -n: xdist stops its workers at the first failure and calls it an interruption
        if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            return "no case was run"
        return f"the run did not complete (pytest exit status {int(exitstatus)}: {pytest.ExitCode(exitstatus).name})"

    def build(self, error: str | None = None) -> dict[str, Any]:
        from generala_conformance.games.cards.reference_adapter import kit_version

        return report_mod.build(
            list(self.results.values()),
            implementation=self.hello,
            adapter=describe(self.config.getoption("generala_adapter"), self.config.getoption("generala_adapter_cmd")),
            profile=self.config.getoption("generala_profile"),
            duration=time.monotonic() - self.started,
            kit_version=kit_version(),
            suite=report_mod.suite_identity(
                self.config.getoption("generala_cases"), self.config.getoption("generala_game")
            ),
            error=error,
            aborted=self.aborted,
            no_skip=self.config.getoption("generala_no_skip"),
            expectations=self._expectations_record(),
        )

    def _expectations_record(self) -> dict[str, Any] | None:
        """The report's ``expectations``: the file, its entries, and those selecting no case run."""
        if self.expectations is None:
            return None
        cases = [expectations_mod.CaseRef.of_report(vars(result)) for result in self.results.values()]
        return {
            "file": str(self.config.getoption("generala_expectations")),
            "entries": [e.as_entry() for e in self.expectations.entries],
            "stale": [e.label for e in self.expectations.unused(cases)],
        }

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.progress is not None:
            self.progress.done()
        self.document = self.build(self.run_error(exitstatus))
        path = self.config.getoption("generala_report_json")
        if path:
            report_mod.write_json(self.document, path)
        markdown_path = self.config.getoption("generala_report_markdown")
        if markdown_path:
            from generala_conformance.suite.markdown import summary

            report_mod.write_atomic(markdown_path, summary(self.document))
        if not self.document["ok"] and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED  # e.g. nothing passed: no verdict to give

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.document is None or self.config.getoption("generala_withhold"):
            return
        terminalreporter.section("generala conformance")
        for line in report_mod.terminal_lines(self.document):
            terminalreporter.write_line(line)
        if self.expectations is not None:
            stale = self.document["expectations"]["stale"]
            if stale:
                terminalreporter.write_line(f"stale expectations (they select no case of this run): {', '.join(stale)}")


RUN_KEY = pytest.StashKey[RunState]()
LOAD_ERROR_CHARS = 4000  # of each collection error kept in the report


def _report_text(report: pytest.TestReport) -> str:
    if hasattr(report, "wasxfail"):
        return str(report.wasxfail)
    longrepr = report.longrepr
    if isinstance(longrepr, tuple):
        return str(longrepr[2])
    return str(longrepr) if longrepr is not None else ""
