"""``generala-kit``: the kit's command line.

Each sub-command lives in its own module ``generala_conformance.cli.<name>``
exposing ``HELP`` (one line), ``configure(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generala_conformance import games

if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace

COMMANDS = ["play", "serve", "rules", "explain", "check", "report", "expectations", "profile", "perft", "fuzz"]
COMMANDS += ["regenerate", "site"]


EPILOG = (
    "exit status of check, fuzz, perft and profile: 0 nothing unexpected; 1 the implementation "
    "diverged from the rules (not profile); 2 the kit could not run: bad options or files, an "
    "implementation that never completed its handshake (README, 'Exit status')"
)


def version_line() -> str:
    """``generala-kit 0.1.0 (cards suite 1.0.0, dice suite 1.1.0, protocol 1)``."""
    from generala_conformance.games.cards.reference_adapter import kit_version
    from generala_conformance.transport.handshake import PROTOCOL_VERSION

    suites = ", ".join(f"{name} suite {games.get(name).suite_version}" for name in games.names())
    return f"generala-kit {kit_version()} ({suites}, protocol {PROTOCOL_VERSION})"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per command of ``COMMANDS`` (or only
    for the command ``only``, so that starting one command imports no other)."""
    import argparse

    class VersionAction(argparse.Action):
        """``--version``, its line worked out only when it is asked for (the line
        loads every game's suite package, which no command's start-up needs)."""

        def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
            super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=str(kwargs.get("help")))

        def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
            print(version_line())
            parser.exit()

    parser = argparse.ArgumentParser(
        prog="generala-kit",
        description="Générala rules, reference engine and conformance kit.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action=VersionAction, help="the kit, suite and protocol versions")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in [only] if only in COMMANDS else COMMANDS:
        module = importlib.import_module(f"generala_conformance.cli.{name}")
        epilog = getattr(module, "EPILOG", None)
        command = sub.add_parser(name, help=module.HELP, description=module.HELP, epilog=epilog)
        module.configure(command)
        command.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``generala-kit`` console script."""
    from generala_conformance.cli.console import adapt_streams

    adapt_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | SimpleNamespace
    if argv == ["serve"]:  # how implementers and the kit itself start it, often: no parser to build
        from generala_conformance.cli import serve

        args = serve.bare()
    else:
        args = build_parser(argv[0] if argv else None).parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except BrokenPipeError:  # the reader went away (e.g. ``| head``): stop quietly
        sys.stderr.close()
        return 141


def program() -> int:
    """The ``generala-kit`` console script and ``python -m generala_conformance.cli``:
    :func:`main`, in a process that ends as it returns. What the process holds is
    frozen first (``gc.freeze``), so that the collector's passes as the interpreter
    exits skip it: ``serve`` ends ~6 ms after ``quit`` instead of ~22 (the kit waits
    for that at the end of every run through it). Handlers registered with
    ``atexit`` still run and open files are still flushed."""
    status = main()
    import gc

    gc.freeze()
    return status


if __name__ == "__main__":
    sys.exit(program())
