"""The ``generala`` pytest plugin (entry point ``pytest11``): the conformance suite
inside any pytest run, as a thin front end over the runner core.

It stays out of the way unless ``--generala-adapter`` or ``--generala-adapter-cmd``
is given; then it adds the game's cases to the collection, one item each, which
plays its case with :func:`generala_conformance.core.runner.run_case` and tells
pytest the outcome (``fail``, ``error`` and ``timeout`` as failures, ``skip`` and
``xfail`` as such); writes the JSON report and the Markdown summary, and prints
the kit's summary per clause area. Each xdist worker opens its own implementation;
the results reach the controller in each report's ``user_properties``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from generala_conformance import __version__, games
from generala_conformance.core import expectations as expectations_mod
from generala_conformance.core.results import UNEXPECTED, CaseResult
from generala_conformance.core.runner import Case, Filters, Implementation, Labels, Settings, run_case
from generala_conformance.suite import report as report_mod
from generala_conformance.suite.suite_run import CheckUsageError, suite_cases
from generala_conformance.transport import handshake
from generala_conformance.transport.loading import AdapterLoadError, describe, load_factory
from generala_spec.options import profile_names

RESULT = "generala_result"
"""The ``user_properties`` key of a case's result (its JSON), which xdist carries to the controller."""
HELLO = "generala_hello"
"""The ``user_properties`` key of the implementation's hello (on the first case of each process)."""
LOAD_ERROR_CHARS = 4000  # of each collection error kept in the report


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("generala", "Générala conformance suite")
    group.addoption("--generala-adapter", metavar="MODULE:FACTORY", help="run the suite against this Python adapter")
    group.addoption(
        "--generala-adapter-cmd", metavar="COMMAND", help="run the suite against this program (JSON-lines protocol)"
    )
    group.addoption("--generala-timeout", type=float, default=10.0, metavar="SECONDS", help="per-request timeout")
    group.addoption("--generala-game", default="cards", choices=games.names(), help="the game to check (cards)")
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
    group.addoption("--generala-suite-only", action="store_true", help="collect the suite and nothing from disk")
    group.addoption(
        "--generala-max-faults",
        type=int,
        default=5,
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
        "--generala-no-skip",
        action="store_true",
        help="strict: any skip fails the run (skips declared in the expectations file stay allowed, and are listed)",
    )


def active(config: pytest.Config) -> bool:
    """Whether the suite is to be collected in this run."""
    return bool(config.getoption("generala_adapter") or config.getoption("generala_adapter_cmd"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "generala_clause(id): the case checks rule clause id (R-…, D-…)")
    if not active(config):
        return
    try:
        state = RunState(config)
    except (expectations_mod.ExpectationsError, AdapterLoadError) as error:
        raise pytest.UsageError(f"{error} [{error.code}]") from None
    config.stash[RUN_KEY] = state
    if not hasattr(config, "workerinput"):  # the controller (or the only process) reports
        config.pluginmanager.register(state, "generala-run")


def idle_options(config: pytest.Config) -> list[str]:
    """The ``--generala-…`` options given on the command line of a run in which the
    plugin stays out of the way (no adapter named): they do nothing."""
    if active(config):
        return []
    given = (str(arg).partition("=")[0] for arg in config.invocation_params.args)
    return sorted({arg for arg in given if arg.startswith("--generala-")})


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Say why the suite did not run when ``--generala-…`` options came without an adapter."""
    idle = idle_options(config)
    if idle:
        terminalreporter.write_line(
            f"generala: the conformance suite was not collected: {', '.join(idle)} given without "
            "--generala-adapter or --generala-adapter-cmd (the implementation to check)",
            yellow=True,
        )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    return True if config.getoption("generala_suite_only") else None


def _settings(config: pytest.Config) -> Settings:
    return Settings(
        game=games.get(config.getoption("generala_game")),
        adapter=config.getoption("generala_adapter"),
        command=config.getoption("generala_adapter_cmd"),
        timeout=config.getoption("generala_timeout"),
        validate=config.getoption("generala_validate_messages"),
        clean_env=config.getoption("generala_clean_env"),
        pass_env=tuple(config.getoption("generala_pass_env")),
        max_faults=config.getoption("generala_max_faults"),
        profile=config.getoption("generala_profile"),
    )


# --------------------------------------------------------------- collection


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Shake hands with the implementation, then add the suite's cases (those the
    filters select). When the handshake fails, the run holds one item that errors
    with its message: nothing can be checked."""
    state = config.stash.get(RUN_KEY, None)
    if state is None:
        return
    impl = _implementation(config)
    try:
        impl.hello()
    except handshake.HandshakeFailed as failure:
        items.append(
            HandshakeItem.from_parent(session, name="handshake", nodeid="generala::handshake", failure=failure)
        )
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in session.genitems(SuiteCases.from_parent(session, name="generala", nodeid="generala")):
        assert isinstance(item, CaseItem)
        (kept if state.selects(item.case) else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items.extend(kept)


class SuiteCases(pytest.Collector):
    """The game's cases, as ``check`` loads them (:func:`~generala_conformance.suite.suite_run.suite_cases`):
    a scenario's node id is ``generala/features::<id>``, a fixture case's ``generala/fixtures::<id>``."""

    def collect(self) -> Iterator[pytest.Item]:
        game = games.get(self.config.getoption("generala_game"))
        try:
            cases = suite_cases(game, self.config.getoption("generala_cases"))
        except CheckUsageError as error:  # one paragraph, without a traceback
            raise self.CollectError(f"{error} [{error.code}]") from None
        for case in cases:
            nodeid = f"generala/{Labels.of(case).kind}s::{case.id}"
            yield CaseItem.from_parent(self, name=case.id, nodeid=nodeid, path=Path(case.path), case=case)


class CaseFailed(Exception):
    """A case that did not pass, with the message of its result (what pytest shows)."""


class CaseItem(pytest.Item):
    """One case of the suite, played by the runner core."""

    def __init__(self, *, case: Case, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        for clause in case.clauses:
            self.add_marker(pytest.mark.generala_clause(clause))

    def runtest(self) -> None:
        state = self.config.stash[RUN_KEY]
        impl = _implementation(self.config)
        result = run_case(self.case, impl, state.expectation(self.case))
        self.user_properties.append((RESULT, json.dumps(result.as_dict())))
        if impl.known_hello is not None and not self.config.stash.get(HELLO_SENT_KEY, False):
            self.config.stash[HELLO_SENT_KEY] = True  # (once a process: the controller keeps the first)
            self.user_properties.append((HELLO, json.dumps(impl.known_hello)))
        self.user_properties += _junit_properties(result)
        if result.outcome == "skip":
            pytest.skip(result.message or "")
        if result.outcome == "xfail":
            pytest.xfail(result.message or "")
        if result.outcome != "pass":
            raise CaseFailed(result.message or result.outcome)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            result = _result_of(self.user_properties)
            spec = games.get(self.config.getoption("generala_game")).spec
            return "\n".join(report_mod.failure_lines(result.as_dict(), spec)) if result else str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.case.path), self.case.line - 1, self.case.id


class HandshakeItem(pytest.Item):
    """The one item of a run whose implementation never completed its handshake."""

    def __init__(self, *, failure: handshake.HandshakeFailed, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.failure = failure

    def runtest(self) -> None:
        aborted = {"code": self.failure.code, "message": str(self.failure), "detail": self.failure.detail}
        self.user_properties.append(("generala_aborted", json.dumps(aborted)))
        raise self.failure

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        detail = self.failure.detail
        return f"{self.failure} [{self.failure.code}]" + (f"\n{detail}" if detail else "")

    def reportinfo(self) -> tuple[str, int | None, str]:
        return "generala", None, "handshake"


def _junit_properties(result: CaseResult) -> list[tuple[str, str]]:
    """JUnit properties: the case, its outcome, the clauses it checks and the one its failure breaks."""
    found = [("generala_case", result.id), ("generala_outcome", result.outcome)]
    if result.clauses:
        found.append(("generala_clauses", " ".join(result.clauses)))
    if result.attribution is not None:
        found.append(("generala_clause", result.attribution["clause"]))
        found.append(("generala_clause_statement", result.attribution["statement"]))
    return found


CASE_PREFIXES = ("generala/features::", "generala/fixtures::")
"""How the node id of a case's item begins (the case id follows)."""


def _lost(report: pytest.TestReport) -> CaseResult:
    """The result of a case whose report carries none: an error, with pytest's words for it."""
    case_id = report.nodeid.split("::", 1)[1]
    message = f"[WorkerLost] the process running this case ended or failed: {report.longrepr}"
    return CaseResult(id=case_id, title=case_id, kind="fixture", outcome="error", nodeid=report.nodeid, message=message)


def _result_of(properties: list[tuple[str, object]]) -> CaseResult | None:
    """The case result a report's (or an item's) ``user_properties`` carry, if any."""
    for name, value in properties:
        if name == RESULT:
            return CaseResult(**json.loads(str(value)))
    return None


# ------------------------------------------------------------ the implementation


IMPL_KEY = pytest.StashKey[Implementation]()
HELLO_SENT_KEY = pytest.StashKey[bool]()


def _implementation(config: pytest.Config) -> Implementation:
    """The implementation under test in this pytest process (closed as its session ends)."""
    impl = config.stash.get(IMPL_KEY, None)
    if impl is None:
        impl = config.stash[IMPL_KEY] = Implementation(_settings(config))
    return impl


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Close this process's implementation (each xdist worker has its own)."""
    impl = session.config.stash.get(IMPL_KEY, None)
    if impl is not None:
        impl.close()


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    """A case's outcome in pytest's words: an error and a timeout are not rule failures."""
    result = _result_of(report.user_properties) if report.when == "call" else None
    if result is None:
        return None
    if result.outcome == "timeout":
        return "error", "T", "TIMEOUT"
    if result.outcome == "error":
        return "error", "E", "ERROR"
    if result.outcome == "xpass":
        return "failed", "X", "XPASS(strict)"
    return None


# ------------------------------------------------------------------- the run


class RunState:
    """The run's filters and expectations; on the controller, the results and the reports."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        game = games.get(config.getoption("generala_game"))
        profile = config.getoption("generala_profile")
        if profile and profile not in profile_names(game.spec):
            names = ", ".join(profile_names(game.spec))
            raise AdapterLoadError("unknown-profile", f"--profile {profile!r}: the profiles of this game are {names}")
        adapter, command = config.getoption("generala_adapter"), config.getoption("generala_adapter_cmd")
        if adapter and command:
            raise AdapterLoadError("two-adapters", "give --generala-adapter or --generala-adapter-cmd, not both")
        if adapter:
            load_factory(adapter)
        self.spec = game.spec
        self.filters = Filters(config.getoption("generala_clause"), config.getoption("generala_tag"), profile=profile)
        path = config.getoption("generala_expectations")
        self.expectations = expectations_mod.load(path) if path else None
        self.results: dict[str, CaseResult] = {}
        self.hello: dict[str, Any] | None = None
        self.aborted: dict[str, str] | None = None
        self.load_errors: list[str] = []
        self.started = time.monotonic()
        self.document: dict[str, Any] | None = None

    def expectation(self, case: Case) -> expectations_mod.Expectation | None:
        return self.expectations.lookup(Labels.of(case)) if self.expectations is not None else None

    def selects(self, case: Case) -> bool:
        return self.filters.selects(Labels.of(case), self.spec)

    @property
    def unexpected(self) -> int:
        """How many results so far are unexpected."""
        return sum(result.outcome in UNEXPECTED for result in self.results.values())

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """A case set that cannot be loaded (a bad fixture: ``file:line: field: message [code]``)."""
        if report.failed:
            self.load_errors.append(str(report.longrepr).strip()[:LOAD_ERROR_CHARS])

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == "generala_aborted":
                self.aborted = json.loads(str(value))
            elif name == HELLO and self.hello is None:
                self.hello = json.loads(str(value))
        result = _result_of(report.user_properties)
        if result is None and report.failed and report.nodeid.startswith(CASE_PREFIXES):
            result = _lost(report)  # a case whose process died (an xdist worker), or the kit's own bug
        if result is not None:
            self.results[result.id] = result

    def run_error(self, exitstatus: int) -> str | None:
        """Why the run did not run (``None`` when it did): the cases could not be
        loaded, it was interrupted, or pytest failed."""
        if self.load_errors:
            return "the cases could not be loaded:\n" + "\n".join(self.load_errors)
        if exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            return None
        if exitstatus == pytest.ExitCode.INTERRUPTED and self.config.option.maxfail and self.unexpected:
            return None  # -x under xdist: it stops its workers at the first failure and calls it an interruption
        if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            return "no case was run"
        return f"the run did not complete (pytest exit status {int(exitstatus)}: {pytest.ExitCode(exitstatus).name})"

    def build(self, error: str | None = None) -> dict[str, Any]:
        game = self.config.getoption("generala_game")
        hello = self.hello
        if hello is None and RUN_KEY in self.config.stash and IMPL_KEY in self.config.stash:
            hello = self.config.stash[IMPL_KEY].known_hello
        path, results = self.config.getoption("generala_expectations"), list(self.results.values())
        expectations = self.expectations.record(path, results) if self.expectations is not None else None
        return report_mod.build(
            list(self.results.values()),
            implementation=hello,
            adapter=describe(
                self.config.getoption("generala_adapter") or games.get(game).reference,
                self.config.getoption("generala_adapter_cmd"),
            ),
            profile=self.config.getoption("generala_profile"),
            duration=time.monotonic() - self.started,
            kit_version=__version__,
            suite=report_mod.suite_identity(self.config.getoption("generala_cases"), game),
            error=error,
            aborted=self.aborted,
            no_skip=self.config.getoption("generala_no_skip"),
            expectations=expectations,
        )

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
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
        if self.document is None:
            return
        terminalreporter.section("generala conformance")
        for line in report_mod.terminal_lines(self.document):
            terminalreporter.write_line(line)
        if self.expectations is not None:
            stale = self.document["expectations"]["stale"]
            if stale:
                terminalreporter.write_line(f"stale expectations (they select no case of this run): {', '.join(stale)}")


RUN_KEY = pytest.StashKey[RunState]()
