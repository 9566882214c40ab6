"""``generala-kit site``: build the static web site (the rulebook, searchable, and
the kit's other pages) into a folder of plain files.

generala-kit site --out site     then serve the folder with any static web server
                                 (python3 -m http.server -d site) and open index.html

The arbiter and play pages run the kit's Python in the browser with Pyodide, taken
from the npm package pyodide at a pinned version: from --pyodide DIR, else the user
cache, fetched with `npm pack` when it is empty (integrity checked).
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
    parser.add_argument(
        "--pyodide",
        metavar="DIR",
        help="a copy of the npm package pyodide at the pinned version (default: the user cache, "
        "filled with `npm pack` when empty)",
    )


def run(args: argparse.Namespace) -> int:
    """Build the site; exit 2 when the folder cannot be written, Pyodide cannot be had
    or a rulebook file (a translation, a glossary) is wrong."""
    from generala_conformance.errors import UsageError
    from generala_conformance.site.build import build
    from generala_conformance.site.pyodide_bundle import pyodide_files
    from generala_spec.folders import RulebookError

    try:
        pyodide = pyodide_files(args.pyodide)
        built = build(Path(args.out), pyodide=pyodide)
    except (UsageError, OSError, RulebookError) as error:  # (a translation or glossary file that is wrong)
        code = getattr(error, "code", "cannot-write")
        print(f"generala-kit site: error [{code}]: {error}", file=sys.stderr)
        return 2
    print(
        f"{built.report()}; open {built.out / 'index.html'} (the pages running a reference engine "
        f"need a web server: python3 -m http.server -d {built.out})"
    )
    return 0
