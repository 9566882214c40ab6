"""A game's own fixture cases, loaded and checked once per content.

Loading a game's bundled fixtures (YAML, the schema or the case checks, the
rulebook's IDs) costs more than running their cases; ``generala-kit check`` would
pay it at every start, in every xdist worker. :func:`cached_cases` loads them
fully once, then keeps the cases in a cache file keyed by everything they are made
from: the fixture files (names and bytes), the rulebook and schema files the cases
are checked against, the modules that turn a file into cases, and the Python
version. Any change to one of them is a new key, so the cases are loaded and
checked again; a stale case is never served. User fixtures (``--cases DIR``) are
always loaded and checked in full, and the kit's own tests load the bundled ones in
full too.

The cache is a file of :mod:`generala_conformance.core.pickle_cache`, one per
fixture folder, read with an unpickler that builds nothing but the game's case
classes and plain data, so a foreign file cannot run code. A cache that cannot be
read (missing, corrupt, another key) is rebuilt; one that cannot be written (a
read-only home) only means the next run loads the fixtures again.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from generala_conformance.core import pickle_cache


class CaseSource(NamedTuple):
    """What a game's bundled cases are made from, and how to load them in full."""

    root: Path
    """The fixture folder."""
    paths: Sequence[Path]
    """Its fixture files."""
    spec_files: Sequence[str]
    """The files of ``generala_spec`` the cases are checked against."""
    makers: Sequence[ModuleType]
    """The modules a case's content comes from."""
    allowed: frozenset[tuple[str, str]]
    """The ``(module, class)`` pairs a cached case is built of."""
    case_class: type
    load: Callable[[], list[Any]]
    """Loads and checks the cases in full."""


def cached_cases(source: CaseSource) -> list[Any]:
    """Every case of ``source`` (as ``source.load()`` gives them), from the cache when it
    holds this content, else loaded in full and stored."""
    key = cache_key(source)
    where = pickle_cache.location("cases", str(source.root))
    cached = pickle_cache.read(where, key, source.allowed)
    if isinstance(cached, list) and all(isinstance(case, source.case_class) for case in cached):
        return cached
    cases = source.load()
    pickle_cache.write(where, key, cases)
    return cases


def cache_key(source: CaseSource) -> bytes:
    """The digest of everything the cases of ``source`` are made from."""
    spec = files("generala_spec")
    sources = [(f"spec/{name}", spec.joinpath(name).read_bytes()) for name in source.spec_files]
    sources += [(module.__name__, Path(module.__file__ or "").read_bytes()) for module in source.makers]
    sources += [(str(path.relative_to(source.root)), path.read_bytes()) for path in source.paths]
    return pickle_cache.digest(f"{sys.version_info[:2]} {source.root}", sources)
