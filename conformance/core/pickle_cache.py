"""What the kit builds from its own files at every start (parsed cases, parsed
features), kept between runs in a pickle file keyed by everything it is made from.

The files live in :mod:`generala_spec.parsed_cache`'s directory (``$GENERALA_KIT_CACHE_DIR``,
else ``$XDG_CACHE_HOME/generala-kit`` or ``~/.cache/generala-kit``), one per kind of
value and place it is built from. A file starts with its key (a SHA-256 digest of
the sources) on a line of its own: a file of another key is never used, so a
change to any source means a rebuild, never a stale value. A file is read with an
unpickler that builds only the classes the caller allows (``pickle`` docs,
"Restricting Globals"), so a foreign file cannot run code; a file that cannot be
read (missing, damaged, another key) is rebuilt, and one that cannot be written
(a read-only home) only means the next start builds the value again.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from generala_spec.parsed_cache import cache_dir, store


def location(kind: str, place: str) -> Path | None:
    """The cache file of ``kind`` built from ``place``; ``None`` when the cache is off."""
    directory = cache_dir()
    if directory is None:
        return None
    return directory / f"{kind}-{hashlib.sha256(place.encode()).hexdigest()[:16]}.pickle"


def digest(header: str, sources: Iterable[tuple[str, bytes]]) -> bytes:
    """The key of a value made from ``sources`` (name, content) under ``header``
    (what else it depends on: versions, the place)."""
    found = hashlib.sha256(f"{header} {pickle.HIGHEST_PROTOCOL}\n".encode())
    for name, data in sources:
        found.update(f"{name} {len(data)}\n".encode())
        found.update(data)
    return found.hexdigest().encode()


class _Restricted(pickle.Unpickler):
    """Builds plain data and the classes of ``allowed`` only."""

    def __init__(self, data: bytes, allowed: frozenset[tuple[str, str]]) -> None:
        super().__init__(io.BytesIO(data))
        self.allowed = allowed

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self.allowed:
            raise pickle.UnpicklingError(f"{module}.{name} is not a part of a cached value")
        return super().find_class(module, name)


def read(where: Path | None, key: bytes, allowed: frozenset[tuple[str, str]]) -> Any | None:
    """The value stored under ``key`` at ``where``; ``None`` if there is none."""
    if where is None:
        return None
    try:
        data = where.read_bytes()
    except OSError:
        return None
    head, _, body = data.partition(b"\n")
    if head != key:
        return None
    try:
        return _Restricted(body, allowed).load()
    except (pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError, IndexError, KeyError):
        return None  # a damaged file: rebuilt by the caller


def write(where: Path | None, key: bytes, value: Any) -> None:
    """Store ``value`` under ``key`` at ``where`` (nothing when the cache is off)."""
    if where is not None:
        store(where, key + b"\n" + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
