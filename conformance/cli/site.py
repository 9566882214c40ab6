"""``generala-kit site``: build the static web site (the rulebook, searchable, and
the kit's other pages) into a folder of plain files.

generala-kit site --out site     then serve the folder with any static web server
                                 (python3 -m http.server -d site) and open index.html

The arbiter, play and scorer pages run each game's engine in the browser: a
JavaScript port of its reference, held to the game's whole suite in the kit's tests.
After one visit, a service worker keeps the whole site for use offline.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = (
    "build the static web site (both games' rulebooks with search, the arbiter, the dice scorer, "
    "learn by playing; in the players' languages) into a folder"
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``site``."""
    parser.add_argument(
        "--out", required=True, metavar="DIR", help="the folder to write (new, empty, or a previous site)"
    )


def run(args: argparse.Namespace) -> int:
    """Build the site; exit 2 when the folder cannot be written or a rulebook file (a
    translation, a glossary) is wrong."""
    from generala_conformance.errors import UsageError
    from generala_conformance.site.build import build
    from generala_spec.folders import RulebookError

    try:
        built = build(Path(args.out))
    except (UsageError, OSError, RulebookError) as error:  # (a translation or glossary file that is wrong)
        code = getattr(error, "code", "cannot-write")
        print(f"generala-kit site: error [{code}]: {error}", file=sys.stderr)
        return 2
    print(
        f"{built.report()}; open {built.out / 'index.html'} (the pages running a reference engine "
        f"need a web server: python3 -m http.server -d {built.out})"
    )
    return 0
