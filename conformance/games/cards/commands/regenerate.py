"""``generala-kit regenerate`` (``--game cards``): write the fixture files and the perft table from their
recipes with the reference engine (``scenarios/README.md``, "Adding a case");
``--check`` writes nothing and shows how each committed file differs; ``--adopt
FIXTURE`` turns a fixture file into a recipe.

Exit code: 0 every file is accounted for (generated from its recipe, or declared
hand-written), 1 one is not (each named, with a diff), 2 a recipe or a fixture
cannot be followed (file, line and field named).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generala_conformance import games
from generala_conformance.games.cards.fixtures import FixtureError
from generala_conformance.games.cards.regenerate import AdoptError, Tree, adopt, check, default_tree, regenerate
from generala_conformance.transport.impl_options import guarded

HELP = "write the YAML fixtures and perft table from their hand-chosen recipes (--check: compare, --adopt)"

RECORDED = (
    "Recorded from the fixture file when it was adopted: its setups and moves were chosen "
    "before it had a recipe, by a means the repository does not hold."
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when a file differs")
    parser.add_argument("--adopt", metavar="FIXTURE", type=Path, nargs="+", help="make the recipe of these fixtures")
    parser.add_argument("--provenance", default=RECORDED, help="how an adopted fixture's setups were chosen")
    parser.add_argument(
        "--scenarios", metavar="DIR", type=Path, help="the folder of recipes/, fixtures/, perft/ (default: the kit's)"
    )
    parser.add_argument("--out", metavar="DIR", type=Path, help="write (or compare) generated files under DIR")
    games.add_option(parser, "the game whose fixtures to write", only=games.supplying("regenerate"))


def run(args: argparse.Namespace) -> int:
    """Regenerate, check or adopt; a bad recipe or fixture is reported on one line."""
    tree = Tree(args.scenarios, args.out) if args.scenarios else default_tree(args.out)
    return guarded("regenerate", lambda: _run(args, tree), (FixtureError, AdoptError, OSError))


def _run(args: argparse.Namespace, tree: Tree) -> int:
    start = time.perf_counter()
    if args.adopt:
        for fixture in args.adopt:
            print(f"adopted {fixture}: recipe {adopt(tree, fixture, args.provenance)}")
    elif not args.check:
        written = regenerate(tree)
        print(f"wrote {len(written)} files from their recipes under {tree.root}")
    problems = check(tree)
    for problem in problems:
        print(f"{problem.path}: {problem.message}", file=sys.stderr)
        if problem.diff:
            sys.stderr.write(problem.diff)
    made, listed = len(tree.recipe_files()), len(tree.hand_written())
    took = time.perf_counter() - start
    if problems:
        print(f"FAILED: {len(problems)} files not accounted for ({took:.1f} s)", file=sys.stderr)
        return 1
    print(f"OK: {made} files are what their recipes give, {listed} declared hand-written ({took:.1f} s)")
    return 0
