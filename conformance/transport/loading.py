"""Choose and open the implementation under test.

``--adapter module:factory`` loads a Python adapter in-process (``module`` is a
dotted module name or a path to a ``.py`` file; ``factory`` is a class or a
function returning an :class:`Adapter`). ``--adapter-cmd "node engine.js"``
runs a program speaking the JSON-lines protocol (:class:`ProcessAdapter`).
Neither given: the reference engine, in-process.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from generala_conformance.errors import UsageError
from generala_conformance.transport.adapter import Adapter, Json

if TYPE_CHECKING:
    from generala_conformance.core.game import Game

ADAPTER_METHODS = ("hello", "start", "deal", "legal", "apply", "state", "close")


class AdapterLoadError(UsageError):
    """``--adapter`` names nothing usable; ``code`` says why."""


def load_factory(spec: str) -> Callable[[], Adapter]:
    """The factory named by ``spec`` (``module:factory`` or ``path/to/file.py:factory``)."""
    module_name, sep, attr = spec.rpartition(":")
    if not sep or not module_name or not attr:
        raise AdapterLoadError("bad-adapter-spec", f"--adapter {spec!r}: write module:factory")
    try:
        module = _import(module_name)
    except ImportError as error:
        raise AdapterLoadError("adapter-import", f"--adapter {spec!r}: cannot import: {error}") from None
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise AdapterLoadError("adapter-factory", f"--adapter {spec!r}: {module_name} has no callable {attr!r}")
    return cast(Callable[[], Adapter], factory)


def _import(name: str) -> object:
    if not name.endswith(".py"):
        return importlib.import_module(name)
    from importlib.util import module_from_spec, spec_from_file_location  # here: serve's start-up needs neither
    from pathlib import Path

    path = Path(name).resolve()
    module_name = f"generala_adapter_{path.stem}"
    spec = spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None or not path.is_file():
        raise ImportError(f"no Python file {path}")
    module = module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def make_adapter(spec: str) -> Adapter:
    """An adapter built by the factory ``spec``; checked to have the adapter methods."""
    adapter = load_factory(spec)()
    missing = [m for m in ADAPTER_METHODS if not callable(getattr(adapter, m, None))]
    if missing:
        raise AdapterLoadError("not-an-adapter", f"--adapter {spec!r} built an object without {missing}")
    return adapter


def describe(adapter: str, adapter_cmd: str | None) -> str:
    """A one-line description of the implementation chosen by the options."""
    if adapter_cmd:
        return f"process: {adapter_cmd}"
    return f"in-process: {adapter}"


def open_adapter(
    adapter: str | None = None,
    adapter_cmd: str | None = None,
    *,
    game: Game,
    timeout: float = 10.0,
    validate: bool = False,
    wire: bool = False,
    env: Mapping[str, str] | None = None,
) -> Adapter:
    """The implementation of ``game`` chosen by ``--adapter`` / ``--adapter-cmd`` (not
    both; neither given: the game's reference engine).

    Every reply of a process is checked against the game's protocol schema, and
    with ``validate`` every request too. An in-process adapter is driven through the
    same messages and checks (:class:`LoopbackAdapter`) with ``wire`` or ``validate``
    (``check`` asks for it: its verdict does not depend on how an engine is reached;
    every request reaches the engine, none is refused on its behalf);
    without, it is called directly (the fuzzer and perft, which compare or count
    what it answers).
    ``env`` is a process's whole environment (``None``: the kit's own).
    """
    if adapter and adapter_cmd:
        raise AdapterLoadError("two-adapters", "give --adapter or --adapter-cmd, not both")
    if adapter_cmd:
        from generala_conformance.transport.process_adapter import ProcessAdapter

        return ProcessAdapter(adapter_cmd, timeout=timeout, validate=validate, env=env, schema=game.schema)
    built = make_adapter(adapter or game.reference)
    if not (validate or wire):
        return built
    from generala_conformance.transport.serve import LoopbackAdapter

    plain = (adapter or game.reference) == game.reference  # (LoopbackAdapter: the reference needs no round trip)
    return LoopbackAdapter(built, validate=validate, schema=game.schema, checks=_unfiltered, plain=plain)


def _unfiltered(message: Json) -> None:
    """No request check: the implementation under test answers every request the
    kit sends, the malformed ones a case sends on purpose included (``serve``'s
    checks would answer those for it)."""
