"""``generala-kit regenerate --game dice``: write the dice suite's fixtures from their
sources (:mod:`generala_conformance.games.dice.regenerate`); ``--check`` writes
nothing and names each file that differs.

Exit code: 0 every fixture is what its sources give, 1 one is not (``--check``).
"""

from __future__ import annotations

import argparse
import sys
import time

from generala_conformance import games
from generala_conformance.games.dice.regenerate import regenerate
from generala_conformance.transport.impl_options import guarded

HELP = "write the dice suite's YAML fixtures from their sources (--check: compare)"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a file differs")
    games.add_option(parser, "the game whose fixtures to write", only=games.supplying("regenerate"))


def run(args: argparse.Namespace) -> int:
    """Regenerate, or with ``--check`` compare; an unreadable source is reported on one line."""
    return guarded("regenerate", lambda: _run(args), (ValueError, OSError))


def _run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    changed = regenerate(check=args.check)
    took = time.perf_counter() - start
    for path in changed:
        print(f"{'differs' if args.check else 'wrote'}: {path}", file=sys.stderr if args.check else sys.stdout)
    if args.check and changed:
        print(
            f"FAILED: {len(changed)} dice fixture files are not what their sources give ({took:.1f} s)", file=sys.stderr
        )
        return 1
    print(f"OK: the dice fixtures are what their sources give ({took:.1f} s)")
    return 0
