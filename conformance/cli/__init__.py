"""``generala-kit``: the kit's command line.

A command is a module exposing ``HELP`` (one line), ``configure(parser)`` and
``run(args) -> int``: the commands of every game in ``generala_conformance.cli.<name>``
(:data:`SHARED`), and each game's own in the modules its ``Game.commands`` names.
A command several games supply (``fuzz``) takes the options of the game its
``--game`` names (``generala-kit fuzz --game dice --help``).
"""

from __future__ import annotations

import importlib
import signal
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generala_conformance import games
from generala_conformance.transport import signals

if TYPE_CHECKING:
    import argparse

SHARED = ["serve", "rules", "check", "report", "expectations", "profile", "site", "export"]
"""The commands of every game, each a module of this package."""


EPILOG = (
    "exit status of check, fuzz, perft and profile: 0 nothing unexpected; 1 the implementation "
    "diverged from the rules (not profile); 2 the kit could not run: bad options or files, an "
    "implementation that never completed its handshake (README, 'Exit status')"
)


def version_line() -> str:
    """``generala-kit 0.1.0 (cards suite 1.0.0, dice suite 1.2.0, protocol 1)``."""
    from generala_conformance import __version__
    from generala_conformance.transport.handshake import PROTOCOL_VERSION

    suites = ", ".join(f"{name} suite {games.get(name).suite_version}" for name in games.names())
    return f"generala-kit {__version__} ({suites}, protocol {PROTOCOL_VERSION})"


def commands(game: str = games.DEFAULT) -> dict[str, str]:
    """Every command -> its module: the shared ones, then each game's own; a command
    several games supply is ``game``'s when ``game`` has it, else the first's."""
    found = {name: f"generala_conformance.cli.{name}" for name in SHARED}
    for name in games.names():
        for command, module in games.get(name).commands.items():
            if command not in found or (name == game and command not in SHARED):
                found[command] = module
    return found


def _game_asked(argv: Sequence[str]) -> str:
    """The ``--game`` of a command line (the default game when none is given)."""
    for index, word in enumerate(argv):
        if word == "--game" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--game="):
            return word.partition("=")[2]
    return games.DEFAULT


def build_parser(only: str | None = None, game: str = games.DEFAULT) -> argparse.ArgumentParser:
    """The argument parser with one sub-parser per command (or only for the command
    ``only``, so that starting one command imports no other); a command several games
    supply takes ``game``'s options."""
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
    modules = {only: f"generala_conformance.cli.{only}"} if only in SHARED else commands(game)
    if only in modules:
        modules = {only: modules[only]}
    for name, where in modules.items():
        module = importlib.import_module(where)
        epilog = getattr(module, "EPILOG", None)
        command = sub.add_parser(name, help=module.HELP, description=module.HELP, epilog=epilog)
        module.configure(command)
        command.set_defaults(_run=module.run, _parser=command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``generala-kit`` console script."""
    from generala_conformance.cli.console import adapt_streams

    adapt_streams()
    signals.install()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args, unknown = build_parser(argv[0] if argv else None, _game_asked(argv)).parse_known_args(argv)
        if unknown:  # refused by the command that was asked, with its usage (the game's, for fuzz)
            args._parser.error(f"unrecognized arguments: {' '.join(unknown)}{_whose(argv)}")
        return int(args._run(args) or 0)
    except BrokenPipeError:  # the reader went away (e.g. ``| head``): stop quietly
        sys.stderr.close()
        return 141
    except (signals.Interrupted, KeyboardInterrupt) as stop:
        return _interrupted(argv[0] if argv else "", stop)


def _whose(argv: Sequence[str]) -> str:
    """`` (the dice game's fuzz has no such option)`` when the command is one several games supply."""
    supplying = [name for name in games.names() if argv[0] in games.get(name).commands]
    if len(supplying) < 2:
        return ""
    return f" (the {_game_asked(argv)} game's {argv[0]} has no such option)"


def _interrupted(command: str, stop: BaseException) -> int:
    """A command a signal stopped: what it started is stopped, one line says so;
    128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM)."""
    from generala_conformance.transport.process_adapter import stop_all

    stop_all()
    if not isinstance(stop, signals.Interrupted):
        stop = signals.Interrupted(signal.SIGINT)
    name = "generala-kit" if command.startswith("-") else f"generala-kit {command}".strip()
    print(f"{name}: {stop}; every process it started is stopped", file=sys.stderr)
    return stop.exit_code


if __name__ == "__main__":
    sys.exit(main())
