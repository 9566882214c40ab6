"""``generala-kit export``: write a game's suite as transcripts (``docs/transcripts.md``).

Every case, Gherkin scenarios included, is recorded on the reference engine as the
ordered requests of the protocol with what a conforming reply must satisfy
(:mod:`generala_conformance.core.transcripts`); a case that cannot be a fixed
transcript is listed in ``index.json`` with the reason. The set is made from the
installed kit each time (a few seconds), so that it is always the suite's own.

Exit code: 0 the set is written; 2 it cannot be (the folder is not empty and
``--force`` is not given, or cannot be written).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generala_conformance import games
from generala_conformance.core.transcripts import ExportError, record, write_set
from generala_conformance.transport.impl_options import guarded

HELP = "write the suite as transcripts: requests and what a conforming reply must satisfy (docs/transcripts.md)"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    games.add_option(parser, "the game whose suite to export")
    parser.add_argument("--out", metavar="DIR", type=Path, required=True, help="the folder to write (made whole)")
    parser.add_argument("--force", action="store_true", help="replace DIR even when it holds files")


def run(args: argparse.Namespace) -> int:
    """Record every case and write the set; print what was written and what was left out."""
    return guarded("export", lambda: _export(args), (ExportError, OSError))


def _export(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    game = games.get(args.game)
    found = record(game, [*game.feature_cases(), *game.fixture_cases(None)])
    write_set(found, args.out, force=args.force)
    took = time.perf_counter() - started
    print(
        f"exported {found.count} transcripts of the {game.name} suite {found.suite} in {len(found.areas)} files "
        f"to {args.out}; {len(found.excluded)} cases excluded ({took:.1f} s)"
    )
    for reasons in sorted({e["reason"] for e in found.excluded}):
        count = sum(e["reason"] == reasons for e in found.excluded)
        print(f"  excluded {count} × {reasons}")
    return 0
