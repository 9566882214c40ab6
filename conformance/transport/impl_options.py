"""The ``--adapter`` / ``--adapter-cmd`` / ``--timeout`` / ``--clean-env`` options of the commands that
drive one implementation directly (``fuzz``, ``perft``), and the picklable
factory they describe."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from generala_conformance.transport.adapter import Adapter

if TYPE_CHECKING:  # (serve starts without argparse)
    import argparse

    from generala_conformance.core.game import Game


class OpenAdapter(NamedTuple):
    """A picklable factory of the implementation of ``game`` under test (for process
    pools; a named tuple, not a dataclass: ``serve`` starts without importing dataclasses)."""

    game: Game
    adapter: str | None = None
    adapter_cmd: str | None = None
    timeout: float = 10.0
    clean_env: bool = False
    pass_env: tuple[str, ...] = ()

    def __call__(self) -> Adapter:
        from generala_conformance.transport.loading import open_adapter

        return open_adapter(self.adapter, self.adapter_cmd, game=self.game, timeout=self.timeout, env=self.env())

    def env(self) -> dict[str, str] | None:
        """The implementation's environment: ``None`` (the kit's own) unless ``--clean-env``."""
        return environment(self.clean_env, self.pass_env)

    @property
    def who(self) -> str:
        """The implementation, as messages name it."""
        return f"`{self.adapter_cmd}`" if self.adapter_cmd else self.adapter or "the reference engine"

    def open_checked(self) -> Adapter:
        """A new adapter whose handshake completed and is valid; otherwise
        :class:`~generala_conformance.transport.handshake.HandshakeFailed` (one sentence)."""
        from generala_conformance.transport.handshake import shake

        adapter = self()
        try:
            shake(adapter, self.who, self.game)
        except Exception:
            adapter.close()
            raise
        return adapter


def environment(clean: bool, passed: Sequence[str] = ()) -> dict[str, str] | None:
    """The environment an implementation process starts with: the kit's own
    (``None``), or with ``clean`` the minimal one plus the ``passed`` names."""
    if not clean:
        return None
    from generala_conformance.transport.process_adapter import clean_environment

    return clean_environment(passed)


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--adapter``, ``--adapter-cmd``, ``--timeout``, ``--clean-env`` and ``--pass-env``."""
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--adapter", metavar="MODULE:FACTORY", help="a Python adapter (default: the reference engine)")
    which.add_argument(
        "--adapter-cmd", metavar="COMMAND", help='a program speaking the protocol, e.g. "node engine.js"'
    )
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS", help="per-request timeout (10)")
    parser.add_argument(
        "--clean-env",
        action="store_true",
        help="start the implementation with a minimal environment (PATH, HOME, LANG, LC_*, TMPDIR), not the kit's",
    )
    parser.add_argument(
        "--pass-env",
        action="append",
        default=[],
        metavar="NAME",
        help="with --clean-env, also pass this environment variable (repeatable)",
    )


def guarded(command: str, body: Callable[[], int], errors: tuple[type[Exception], ...]) -> int:
    """Run a command's ``body``; one of ``errors`` is printed on stderr (its ``code``
    or class name, then its ``detail`` if any, e.g. the implementation's stderr) and
    gives exit code 2."""
    try:
        return body()
    except errors as error:
        code = getattr(error, "code", None) or type(error).__name__
        print(f"generala-kit {command}: {error} [{code}]", file=sys.stderr)
        detail = getattr(error, "detail", "")
        if detail:
            print(detail, file=sys.stderr)
        return 2


def factory(args: argparse.Namespace, game: Game) -> OpenAdapter:
    """The factory of the implementation of ``game`` the options name; a Python adapter
    is imported at once, so that a bad ``--adapter`` fails early with
    :class:`~generala_conformance.transport.loading.AdapterLoadError`."""
    if args.adapter:
        from generala_conformance.transport.loading import load_factory

        load_factory(args.adapter)
    return OpenAdapter(game, args.adapter, args.adapter_cmd, args.timeout, args.clean_env, tuple(args.pass_env))
