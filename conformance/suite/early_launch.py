"""The implementation's process launched as ``generala-kit check`` begins, before pytest
starts up, so that the implementation starts up (and ``serve`` prepares its first
game, :func:`~generala_conformance.transport.serve.warm_up`) while the kit does.

:func:`launch` opens the process adapter the run's options ask for and sends its
``hello`` (:meth:`ProcessAdapter.launch`); the suite's plugin takes it
(:func:`taken`) when it opens that same implementation, as it would
have opened it at collection. A run that never takes it (a usage error, an
interrupted start-up) closes it at its end. Only for a run in one process: the
workers of ``--jobs`` each open their own.
"""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from generala_conformance import games
from generala_conformance.transport.adapter import Adapter
from generala_conformance.transport.impl_options import environment
from generala_conformance.transport.loading import AdapterLoadError, open_adapter

KEY = pytest.StashKey["EarlyLaunch"]()
"""Where the plugin puts itself in the run's ``config.stash`` (:func:`taken`)."""


class EarlyLaunch:
    """A pytest plugin holding an adapter opened and launched before pytest started,
    with the options it was opened with (``open_adapter``'s keyword arguments)."""

    def __init__(self, adapter: Adapter, opened: dict[str, Any]) -> None:
        self.adapter: Adapter | None = adapter
        self.opened = opened

    def take(self, opened: dict[str, Any]) -> Adapter | None:
        """The adapter launched early, if it was opened with ``opened`` (once; an
        adapter opened otherwise is closed, and ``None`` returned)."""
        adapter, self.adapter = self.adapter, None
        if adapter is not None and opened != self.opened:
            adapter.close()
            return None
        return adapter

    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        config.stash[KEY] = self

    @pytest.hookimpl(trylast=True)
    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """Close the adapter if the run never took it."""
        if self.adapter is not None:
            self.adapter.close()
            self.adapter = None


def taken(config: pytest.Config, opened: dict[str, Any]) -> Adapter | None:
    """The adapter launched early for this run, if it was opened with ``opened``."""
    early = config.stash.get(KEY, None)
    return early.take(opened) if early is not None else None


def opened_with(
    command: str | None, timeout: float, validate: bool, clean_env: bool, pass_env: list[str], game: str
) -> dict[str, Any]:
    """The keyword arguments of ``open_adapter`` but the Python adapter's (with
    ``command``: those of an implementation process)."""
    env = environment(clean_env, pass_env)
    return {"adapter_cmd": command, "timeout": timeout, "validate": validate, "env": env, "game": game}


def launch(args: argparse.Namespace) -> EarlyLaunch | None:
    """The plugin holding the process of ``check``'s ``--adapter-cmd``, launched now
    (``None``: no process to launch, ``--jobs``, or a command that cannot be opened,
    which the run then reports as it opens it)."""
    if not args.adapter_cmd or args.jobs > 1:
        return None
    game = games.get(getattr(args, "game", games.DEFAULT)).name
    opened = opened_with(args.adapter_cmd, args.timeout, args.validate_messages, args.clean_env, args.pass_env, game)
    try:
        adapter = open_adapter(**opened)
    except (ValueError, AdapterLoadError):  # (reported by the run, which opens it again)
        return None
    launch_now = getattr(adapter, "launch", None)
    if launch_now is not None:
        launch_now()
    return EarlyLaunch(adapter, opened)
