"""``generala-kit site``: build the static web site (the rulebook, searchable, and
the kit's other pages) into a folder of plain files.

generala-kit site --out site     then open site/index.html, or serve the folder
                                 with any static web server
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "build the static web site (the rulebook with search) into a folder"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``site``."""
    parser.add_argument(
        "--out", required=True, metavar="DIR", help="the folder to write (new, empty, or a previous site)"
    )


def run(args: argparse.Namespace) -> int:
    """Build the site; exit 2 when the folder cannot be written."""
    from generala_conformance.site.build import build
    from generala_conformance.site.output import SiteError

    try:
        built = build(Path(args.out))
    except (SiteError, OSError) as error:
        code = getattr(error, "code", "cannot-write")
        print(f"generala-kit site: error [{code}]: {error}", file=sys.stderr)
        return 2
    print(
        f"wrote {len(built.files)} files ({built.size / 1024:.0f} KiB) to {built.out} in {built.seconds:.1f} s; "
        f"open {built.out / 'index.html'}"
    )
    return 0
