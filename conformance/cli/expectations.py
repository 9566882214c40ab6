"""``generala-kit expectations``: write or update an expectations file from the JSON
report of a run (``check --json``), so that the current failures are expected.

Reasons and issue links already written are kept; an entry whose cases pass now is
removed, one that selects no case of the report is reported as stale
(:mod:`generala_conformance.suite.expectations_update`).

Exit code: 0 written, 2 the report or the expectations file cannot be used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from generala_conformance import games
from generala_conformance.core import expectations
from generala_conformance.errors import UsageError
from generala_conformance.report_site.inputs import ReportInputError, of_game, read_run
from generala_conformance.suite import report
from generala_conformance.suite.expectations_update import update
from generala_conformance.transport.impl_options import guarded

HELP = "write (or --update) an expectations file listing the failures of a JSON report"
HEADER = """Expectations of {who}, kept by `generala-kit expectations --from {source} --update FILE`.
Edit reasons and add issue links freely: an update keeps them (it rewrites the file,
without comments). Selectors: case (id or glob), clause, area, ambiguity, tag."""


class ReportFileError(UsageError):
    """A JSON report that cannot be read, or that records a run that checked nothing."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    games.add_option(parser, "the game of the report")
    parser.add_argument("--from", dest="source", required=True, metavar="REPORT", help="a check --json report")
    parser.add_argument(
        "--update",
        metavar="FILE",
        help="the expectations file to update in place (created when missing); default: print to stdout",
    )


def read_report(path: str, game: str = "cards") -> dict[str, Any]:
    """The report at ``path``, read and checked as ``generala-kit report`` reads one
    (:func:`~generala_conformance.report_site.inputs.read_run`, whose codes it keeps);
    a run that checked nothing is refused (``report-checked-nothing``)."""
    try:
        document = of_game(read_run(path), game).document
    except ReportInputError as error:
        raise ReportFileError(error.code, f"--from {error}") from None
    if document["aborted"] or document["error"]:
        raise ReportFileError(
            "report-checked-nothing", f"--from {path}: the run checked nothing: {document['verdict']}"
        )
    return document


def run(args: argparse.Namespace) -> int:
    """Write the entries the report calls for; what changed goes to stderr."""
    return guarded("expectations", lambda: _run(args), (ReportFileError, expectations.ExpectationsError, OSError))


def _run(args: argparse.Namespace) -> int:
    document = read_report(args.source, args.game)
    target = Path(args.update) if args.update else None
    existing = expectations.load(target).entries if target is not None and target.exists() else []
    result = update(existing, document)
    impl = document["implementation"] or {}
    who = f"{impl.get('name', '?')} {impl.get('version', '')}".strip()
    text = expectations.dump(result.entries, HEADER.format(who=who, source=Path(args.source).name))
    if target is None:
        sys.stdout.write(text)
    else:
        report.write_atomic(target, text)
    where = target if target is not None else "stdout"
    for line in result.lines():
        print(f"{where}: {line}" if line[0] != " " else line, file=sys.stderr)
    return 0
