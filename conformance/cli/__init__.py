"""``generala-kit``: the kit's command line.

Each sub-command lives in its own module ``generala_conformance.cli.<name>``
exposing ``HELP`` (one line), ``configure(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS = ["play", "serve", "rules", "explain", "check", "profile", "perft", "fuzz", "regenerate", "site"]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per command of ``COMMANDS`` (or only
    for the command ``only``, so that starting one command imports no other)."""
    parser = argparse.ArgumentParser(
        prog="generala-kit",
        description="Générala rules, reference engine and conformance kit.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in [only] if only in COMMANDS else COMMANDS:
        module = importlib.import_module(f"generala_conformance.cli.{name}")
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``generala-kit`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv[0] if argv else None).parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except BrokenPipeError:  # the reader went away (e.g. ``| head``): stop quietly
        sys.stderr.close()
        return 141


if __name__ == "__main__":
    sys.exit(main())
