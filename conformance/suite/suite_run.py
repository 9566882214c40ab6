"""Run the conformance suite through pytest, in-process, with the ``generala``
plugin (shared by ``generala-kit check`` and ``generala-kit profile``).

The run is insulated from the directory it is started in and from the other
pytest plugins installed: no ini file, no conftest, no cache, nothing collected
from disk, no plugin but the suite's own (and xdist for ``-n``) — only the suite.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.errors import UsageError
from generala_conformance.suite import expectations
from generala_conformance.transport import impl_options
from generala_conformance.transport.loading import AdapterLoadError, load_factory

UNUSED_PLUGINS = (
    *("unraisableexception", "threadexception", "unittest", "subtests", "logging", "doctest"),
    *("tmpdir", "legacypath", "monkeypatch", "recwarn", "setuponly", "setupplan", "debugging"),
)
"""pytest's built-in plugins the suite has no use for, left out of its runs: they cost
a hook call a case (the first two a full garbage collection at the end, ~0.1 s), or a
hook call a fixture set up (``--setup-show``, ``--setup-plan``: no option of ``check``),
and the fixtures no case asks for (temporary paths, ``monkeypatch``, ``recwarn``) are
names pytest-bdd goes through at every lookup of a step; ``debugging`` (``--pdb``: no option
of ``check`` either) imports :mod:`pdb` at every start."""


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
        help="run the cases in N processes (pytest-xdist)",
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
    if args.jobs > 1 and not _has_xdist():
        raise CheckUsageError("no-xdist", "-n needs pytest-xdist (pip install pytest-xdist)")


def _spec(args: argparse.Namespace) -> str:
    """The rulebook folder of the game ``args`` check."""
    return games.get(getattr(args, "game", "cards")).spec


def _has_xdist() -> bool:
    import importlib.util

    return importlib.util.find_spec("xdist") is not None


def pytest_args(args: argparse.Namespace, extra: list[str]) -> list[str]:
    """The pytest command line for ``args`` (``extra`` appended)."""
    argv = ["-c", os.devnull, f"--rootdir={Path.cwd()}", "--noconftest", "-p", "no:cacheprovider"]
    # Only the plugins the suite needs: another installed plugin (hypothesis's imports
    # hypothesis, ~0.2 s) would slow every start and could change the run.
    argv += ["--disable-plugin-autoload", "-p", "generala_conformance.suite.pytest_plugin"]
    argv += ["-p", "xdist.plugin"] if args.jobs > 1 else []
    for name in UNUSED_PLUGINS:
        argv += ["-p", f"no:{name}"]
    # --assert=plain: the kit's modules are imported already (no rewriting; no warning about it).
    argv += ["--assert=plain", "--generala-suite-only", f"--generala-timeout={args.timeout}"]
    argv.append(f"--generala-max-faults={args.max_faults}")
    game = games.get(getattr(args, "game", "cards"))
    if game.name != "cards":
        argv.append(f"--generala-game={game.name}")
    if args.clean_env:
        argv += ["--generala-clean-env", *(f"--generala-pass-env={name}" for name in args.pass_env)]
    if args.adapter_cmd:
        argv.append(f"--generala-adapter-cmd={args.adapter_cmd}")
    else:
        argv.append(f"--generala-adapter={args.adapter or game.default_adapter}")
    if args.validate_messages:
        argv.append("--generala-validate-messages")
    if args.cases:
        argv.append(f"--generala-cases={Path(args.cases).resolve()}")
    if args.jobs > 1:
        argv += ["-n", str(args.jobs)]
    return argv + extra


def run_pytest(argv: list[str], plugins: list[object] | None = None) -> int:
    """Run pytest in-process (with the suite's plugin and ``plugins`` registered); its exit code.

    The suite's plugin is handed over as a module: for a ``-p`` name pytest would first
    look through the entry points of every installed distribution (a few ms a start,
    more in a larger environment). ``argv`` still names it, for xdist's workers."""
    from generala_conformance.suite import pytest_plugin

    return int(pytest.main(argv, plugins=[pytest_plugin, *(plugins or [])]))
