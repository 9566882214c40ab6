"""What ``generala-kit check`` and ``generala-kit profile`` share: their options, the
checks of those options, the suite's cases and the settings of the implementation.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
from pathlib import Path

from generala_conformance import games
from generala_conformance.core import expectations
from generala_conformance.core.game import Game
from generala_conformance.core.runner import Case, Settings
from generala_conformance.errors import UsageError
from generala_conformance.transport import impl_options
from generala_conformance.transport.loading import AdapterLoadError, load_factory


class CheckUsageError(UsageError):
    """The command's options cannot work (``code``, message for the user)."""


def add_adapter_options(parser: argparse.ArgumentParser) -> None:
    """``--adapter``, ``--adapter-cmd``, ``--timeout``, ``--clean-env``, ``--validate-messages``,
    ``-n``, ``--cases``, ``--max-faults``, ``--game``."""
    impl_options.add_options(parser)
    games.add_option(parser, "the game to check")
    parser.add_argument(
        "--validate-messages", action="store_true", help="check every message against the protocol schema"
    )
    parser.add_argument(
        "-n",
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="run the cases in N worker processes, each with its own implementation (POSIX)",
    )
    parser.add_argument("--cases", metavar="DIR", help="run the YAML fixtures of DIR instead of the kit's suite")
    parser.add_argument(
        "--max-faults",
        type=int,
        default=5,
        metavar="K",
        help="after K cases in a row end in a timeout or a crash, report the rest as errors at once (5; 0: never)",
    )


def preflight(args: argparse.Namespace) -> None:
    """Fail early, with a clear message, on options that cannot work."""
    from generala_spec.options import profile_names

    spec = _spec(args)
    profile = getattr(args, "profile", None)
    if profile and profile not in profile_names(spec):
        names = ", ".join(profile_names(spec))
        raise CheckUsageError(
            "unknown-profile", f"--profile {profile!r}: the profiles of --game {args.game} are {names}"
        )
    if args.adapter_cmd:
        argv = shlex.split(args.adapter_cmd)
        if not argv or shutil.which(argv[0]) is None:
            raise CheckUsageError("adapter-cmd-not-found", f"--adapter-cmd: no program {argv[:1]} on PATH")
    elif args.adapter:
        try:
            load_factory(args.adapter)
        except AdapterLoadError as error:
            raise CheckUsageError(error.code, str(error)) from None
    if getattr(args, "expectations", None):
        try:
            expectations.load(args.expectations)
        except expectations.ExpectationsError as error:
            raise CheckUsageError(error.code, str(error)) from None
    if args.cases and not Path(args.cases).is_dir():
        raise CheckUsageError("no-cases-dir", f"--cases: {args.cases} is not a directory")
    if args.max_faults < 0:
        raise CheckUsageError("bad-max-faults", f"--max-faults {args.max_faults}: give 0 (never) or more")
    if args.jobs < 1:
        raise CheckUsageError("bad-jobs", f"-n {args.jobs}: give 1 or more")


def _spec(args: argparse.Namespace) -> str:
    """The rulebook folder of the game ``args`` check."""
    return games.get(getattr(args, "game", "cards")).spec


def settings_of(args: argparse.Namespace, *, withhold: bool = False) -> Settings:
    """The implementation ``args`` name and what to send it."""
    return Settings(
        game=games.get(args.game),
        adapter=args.adapter if not args.adapter_cmd else None,
        command=args.adapter_cmd,
        timeout=args.timeout,
        validate=args.validate_messages,
        clean_env=args.clean_env,
        pass_env=tuple(args.pass_env),
        max_faults=args.max_faults,
        profile=getattr(args, "profile", None),
        withhold=withhold,
    )


def suite_cases(game: Game, cases: str | None) -> list[Case]:
    """The cases of ``game``'s suite: its feature scenarios, then its fixture cases; with
    ``cases`` (``--cases DIR``) the YAML fixtures of that directory instead. A file that
    cannot be used, or two cases with one id, raise :class:`CheckUsageError` (one paragraph)."""
    try:
        found: list[Case] = [] if cases else list(game.feature_cases())
        found += game.fixture_cases(Path(cases) if cases else None)
    except UsageError as error:
        raise CheckUsageError(error.code, str(error)) from None
    seen: dict[str, str] = {}
    for case in found:
        where = f"{case.path}:{case.line}"
        if case.id in seen:
            raise CheckUsageError("duplicate-id", f"two cases have the id {case.id!r}: {seen[case.id]} and {where}")
        seen[case.id] = where
    return found
