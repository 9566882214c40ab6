"""``generala-kit check``: run the conformance suite against an implementation.

Runs the ``.feature`` scenarios and the YAML fixtures (pytest in-process, with
the ``generala`` plugin) against the reference engine, a Python adapter
(``--adapter``) or any program speaking the JSON-lines protocol
(``--adapter-cmd``). Exit code 0 only when the implementation completed its
handshake, at least one case passed and nothing unexpected happened: no case
failed, errored, timed out, or passed while expected to fail (and, with
``--no-skip``, none was skipped but those the expectations file declares); 1 when
the implementation diverged, 2 when the kit could not run
(:mod:`generala_conformance.cli.exit_codes`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.cli import exit_codes
from generala_conformance.suite.pytest_plugin import RUN_KEY
from generala_conformance.suite.suite_run import (
    CheckUsageError,
    add_adapter_options,
    preflight,
    pytest_args,
    run_pytest,
)
from generala_spec.options import profile_names

HELP = "run the conformance suite against an implementation (default: the reference engine)"
EPILOG = exit_codes.EPILOG
NO_CASES = 5  # pytest's exit code when nothing was collected or all was filtered out


class _Verdict:
    """A pytest plugin keeping the run's JSON report document (made by the ``generala`` plugin)."""

    def __init__(self) -> None:
        self.document: dict[str, Any] | None = None

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        state = session.config.stash.get(RUN_KEY, None)
        self.document = state.document if state is not None else None


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    add_adapter_options(parser)
    parser.add_argument("-k", dest="keyword", metavar="EXPR", help="only cases whose name matches (pytest -k)")
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


def build_argv(args: argparse.Namespace) -> list[str]:
    """The pytest command line of a ``check``."""
    extra = ["-v" if args.verbose else "-q", "-rN", "--tb=short", "-o", "console_output_style=classic"]
    if not args.verbose:
        extra.append("--generala-progress")
    if args.keyword:
        extra += ["-k", args.keyword]
    extra += [f"--generala-clause={c}" for c in args.clause]
    extra += [f"--generala-tag={t}" for t in args.tag]
    if args.profile:
        extra.append(f"--generala-profile={args.profile}")
    if args.expectations:
        extra.append(f"--generala-expectations={Path(args.expectations).resolve()}")
    if args.json:
        extra.append(f"--generala-report-json={Path(args.json).resolve()}")
    if args.markdown:
        extra.append(f"--generala-report-markdown={Path(args.markdown).resolve()}")
    if args.junit:
        extra += [f"--junitxml={Path(args.junit).resolve()}", "-o", "junit_suite_name=generala-conformance"]
    else:  # no JUnit report: pytest's plugin and its XML modules left out (~12 ms of every start)
        extra += ["-p", "no:junitxml"]
    if args.exitfirst:
        extra.append("-x")
    if args.no_skip:
        extra.append("--generala-no-skip")
    return pytest_args(args, extra)


def run(args: argparse.Namespace) -> int:
    """Run the suite; 0 when nothing unexpected happened."""
    try:
        preflight(args)
    except CheckUsageError as error:
        print(f"generala-kit check: {error} [{error.code}]", file=sys.stderr)
        return exit_codes.CANNOT_RUN
    verdict = _Verdict()
    if run_pytest(build_argv(args), plugins=[verdict]) == NO_CASES:
        print("generala-kit check: no case matched the filters", file=sys.stderr)
    return exit_codes.of_report(verdict.document)
