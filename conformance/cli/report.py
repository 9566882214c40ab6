"""``generala-kit report``: the HTML report (a static site) of one or more JSON reports.

Reads the reports ``generala-kit check --json`` wrote (one per implementation and
profile) and writes, into ``--out DIR``, a clause × run matrix (``index.html``),
one page per run and a shields.io endpoint badge per implementation and per
profile (:mod:`generala_conformance.report_site`; the JSON and JUnit reports of a
single run are :mod:`generala_conformance.suite.report`'s job). Exit 0 when the
site was written, whatever the runs' verdicts; 2 when an input is refused (it is
not a report, or the reports come from different suites).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generala_conformance import games
from generala_conformance.report_site.inputs import ReportInputError, read_runs
from generala_conformance.report_site.site import write_site

HELP = "write an HTML report (clause matrix, run pages, badges) from check --json reports"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    games.add_option(parser, "the game of the reports")
    parser.add_argument("reports", nargs="+", metavar="REPORT.json", help="JSON reports of `check --json`")
    parser.add_argument("--out", required=True, metavar="DIR", help="directory to write the site into")
    parser.add_argument(
        "--allow-mixed-suites",
        action="store_true",
        help="accept reports of different suite versions (each column names its suite)",
    )


def run(args: argparse.Namespace) -> int:
    """Write the site; 2 when a report is refused."""
    try:
        runs = read_runs(args.reports, allow_mixed_suites=args.allow_mixed_suites, game=args.game)
    except ReportInputError as error:
        print(f"generala-kit report: {error} [{error.code}]", file=sys.stderr)
        return 2
    suites = sorted({run.suite for run in runs})
    notes = [f"These runs come from different suites ({', '.join(suites)}): their cases differ."] * (len(suites) > 1)
    out = Path(args.out)
    try:
        written = write_site(runs, out, notes)
    except OSError as error:
        print(f"generala-kit report: cannot write {out}: {error.strerror or error} [unwritable]", file=sys.stderr)
        return 2
    print(f"{out / 'index.html'}: {len(runs)} run(s), {len(written.pages) - 1} run page(s)")
    for badge in written.badges:
        print(f"{out / badge}")
    return 0
