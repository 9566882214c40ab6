"""``generala-kit check``: run the conformance suite against an implementation.

Runs the ``.feature`` scenarios and the YAML fixtures of a game against the
reference engine, a Python adapter (``--adapter``) or any program speaking the
JSON-lines protocol (``--adapter-cmd``), through the runner core
(:mod:`generala_conformance.core.runner`). Exit code 0 only when the
implementation completed its handshake, at least one case passed and nothing
unexpected happened: no case failed, errored, timed out, or passed while expected
to fail (and, with ``--no-skip``, none was skipped but those the expectations file
declares); 1 when the implementation diverged, 2 when the kit could not run
(:mod:`generala_conformance.cli.exit_codes`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from generala_conformance import __version__, games
from generala_conformance.cli import exit_codes
from generala_conformance.core import expectations as expectations_mod
from generala_conformance.core.results import UNEXPECTED, CaseResult
from generala_conformance.core.runner import Filters, Labels, Run, expectation_of, run_cases
from generala_conformance.suite import report
from generala_conformance.suite.report_rescue import rescued
from generala_conformance.suite.suite_run import (
    CheckUsageError,
    add_adapter_options,
    preflight,
    settings_of,
    suite_cases,
)
from generala_conformance.suite.unknown_filters import unknown
from generala_conformance.transport import signals
from generala_conformance.transport.loading import describe
from generala_spec.options import profile_names

HELP = "run the conformance suite against an implementation (default: the reference engine)"
EPILOG = exit_codes.EPILOG


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    add_adapter_options(parser)
    parser.add_argument(
        "-k", dest="keyword", metavar="EXPR", help="only cases whose id or tags contain these words (and, or, not)"
    )
    parser.add_argument(
        "--clause",
        action="append",
        default=[],
        metavar="ID",
        help="only cases of clause ID (R-FOLLOW-2, R-FOLLOW, R-*-1)",
    )
    parser.add_argument(
        "--tag", action="append", default=[], metavar="TAG", help="only cases with this tag (AMB-5, option:*)"
    )
    parser.add_argument(
        "--profile",
        metavar="PROFILE",
        help=f"only cases compatible with this profile, run under it ({', '.join(profile_names())}; "
        f"of the dice game: {', '.join(profile_names('dice'))})",
    )
    parser.add_argument("--expectations", metavar="FILE", help="YAML file of expected skips and failures")
    parser.add_argument("--json", metavar="FILE", help="write the JSON report (spec/schemas/report.schema.json)")
    parser.add_argument("--junit", metavar="FILE", help="write a JUnit XML report")
    parser.add_argument(
        "--markdown", metavar="FILE", help="write a Markdown summary (for $GITHUB_STEP_SUMMARY or a pull request)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per case")
    parser.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first unexpected outcome")
    parser.add_argument(
        "--no-skip",
        action="store_true",
        help="strict: any skipped case fails the run (skips declared in --expectations stay allowed, and are listed)",
    )


def _say(error: CheckUsageError) -> int:
    print(f"generala-kit check: {error} [{error.code}]", file=sys.stderr)
    return exit_codes.CANNOT_RUN


def run(args: argparse.Namespace) -> int:
    """Run the suite; 0 when nothing unexpected happened."""
    started = time.monotonic()
    try:
        preflight(args)
    except CheckUsageError as error:
        return _say(error)
    game = games.get(args.game)
    suite = report.suite_identity(str(Path(args.cases).resolve()) if args.cases else None, game.name)
    try:
        cases = suite_cases(game, args.cases)
        expected = expectations_mod.load(args.expectations) if args.expectations else None
        filters = Filters(args.clause, args.tag, args.keyword, args.profile)
        selected = [c for c in cases if filters.selects(Labels.of(c), game.spec, _expected(expected, c))]
    except CheckUsageError as error:
        _not_run(args, suite, f"the cases could not be loaded:\n{error} [{error.code}]", started)
        return _say(error)
    except ValueError as error:  # a -k expression that does not read
        return _say(CheckUsageError("bad-keyword", str(error)))
    if not selected:
        _not_run(args, suite, "no case was run", started)
        said = "; ".join(unknown(args.clause, args.tag, cases, game.spec)) or "no case matched the filters"
        print(f"generala-kit check: {said}", file=sys.stderr)
        return exit_codes.CANNOT_RUN
    shown = _Shown(args.verbose, len(selected))
    stop: signals.Interrupted | None = None
    try:
        done = run_cases(
            selected,
            settings_of(args),
            expected,
            jobs=args.jobs,
            exitfirst=args.exitfirst,
            on_result=shown.result,
        )
    except signals.Interrupted as interrupted:  # the reports say what ran, then the command line says why it ended
        stop, done = interrupted, Run(results=shown.results)
    shown.done()
    document = rescued(
        report.build(
            done.results,
            implementation=done.hello,
            adapter=describe(args.adapter or game.reference, args.adapter_cmd),
            profile=args.profile,
            duration=time.monotonic() - started,
            kit_version=__version__,
            suite=suite,
            aborted=done.aborted,
            no_skip=args.no_skip,
            expectations=expected.record(args.expectations, done.results) if expected is not None else None,
            error=None if stop is None else f"{stop} after {len(done.results)} of {len(selected)} case(s)",
        )
    )
    _write_reports(args, document)
    if stop is not None:
        raise stop
    _print(document, game.spec)
    if done.aborted is not None:  # nothing was checked: one message, and what the implementation wrote
        print(f"generala-kit check: {done.aborted['message']} [{done.aborted['code']}]", file=sys.stderr)
        if done.aborted["detail"]:
            print(done.aborted["detail"], file=sys.stderr)
    return exit_codes.of_report(document)


def _not_run(args: argparse.Namespace, suite: dict[str, Any], error: str, started: float) -> None:
    """The reports asked for, of a run that ran no case: not OK, saying why."""
    document = report.build(
        [],
        implementation=None,
        adapter=describe(args.adapter or games.get(args.game).reference, args.adapter_cmd),
        profile=args.profile,
        duration=time.monotonic() - started,
        kit_version=__version__,
        suite=suite,
        error=error,
        no_skip=args.no_skip,
    )
    _write_reports(args, document)


def _expected(expected: expectations_mod.Expectations | None, case: Any) -> expectations_mod.Expectation | None:
    return expectation_of(expected, Labels.of(case))


def _write_reports(args: argparse.Namespace, document: dict[str, Any]) -> None:
    """The JSON, JUnit and Markdown reports asked for, each written whole or not at all."""
    if args.json:
        report.write_json(document, args.json)
    if args.junit:
        from generala_conformance.suite.junit import junit_xml

        report.write_atomic(args.junit, junit_xml(document))
    if args.markdown:
        from generala_conformance.suite.markdown import summary

        report.write_atomic(args.markdown, summary(document))


def _print(document: dict[str, Any], spec: str) -> None:
    """Every case that went wrong, in full (as a test runner shows them all), the
    summary and the closing line."""
    bad = [case for case in document["cases"] if case["outcome"] in UNEXPECTED]
    if bad:
        print(_rule("FAILURES", "="))
    for case in bad:
        print(_rule(case["id"], "_"))
        print("\n".join(report.failure_lines(case, spec)))
    print(_rule("generala conformance", "="))
    print("\n".join(report.terminal_lines(document)))
    if document["expectations"] is not None and document["expectations"]["stale"]:
        stale = ", ".join(document["expectations"]["stale"])
        print(f"stale expectations (they select no case of this run): {stale}")
    print(report.closing_line(document))


def _rule(title: str, char: str, width: int = 80) -> str:
    """``=== title ===`` across the terminal's width."""
    side = max(3, (width - len(title) - 2) // 2)
    return f"{char * side} {title} {char * side}"


class _Shown:
    """What the terminal shows while the cases run: one line a case (``-v``), else a
    progress display on stderr (:class:`~generala_conformance.progress.Progress`)."""

    def __init__(self, verbose: bool, total: int) -> None:
        from generala_conformance.progress import Progress

        self.verbose = verbose
        self.progress = None if verbose else Progress("check", total)
        self.unexpected = 0
        self.results: list[CaseResult] = []

    def result(self, result: CaseResult) -> None:
        self.results.append(result)
        self.unexpected += result.outcome in UNEXPECTED
        if self.verbose:
            print(f"{result.outcome.upper():<8} {result.id}  ({report.short_where(result.where)})", flush=True)
        elif self.progress is not None:
            self.progress.advance(extra=f"{self.unexpected} unexpected")

    def done(self) -> None:
        if self.progress is not None:
            self.progress.done()
