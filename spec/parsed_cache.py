"""A per-user cache of what the kit parses from its own files, keyed by their content.

Starting a command should not cost more than its work: :func:`cached_json` gives the
value ``parse(text)`` from a JSON file of the cache when the file was written for
this ``text`` (its length and CRC-32: a change detector for the kit's own files,
cheaper to import than ``hashlib``), else parses and stores it. The cache lives in
``$GENERALA_KIT_CACHE_DIR`` when set (set it empty to turn the cache off), else
``$XDG_CACHE_HOME/generala-kit`` or ``~/.cache/generala-kit``. A file that cannot be
read (missing, damaged, another key) is rewritten; one that cannot be written (a
read-only home) only means the next start parses again.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

ENV = "GENERALA_KIT_CACHE_DIR"


if TYPE_CHECKING:
    from pathlib import Path


def cache_dir() -> Path | None:
    """Where the cache is kept; ``None`` when it is turned off or there is no home."""
    from pathlib import Path

    where = _cache_folder()
    return Path(where) if where is not None else None


def _cache_folder() -> str | None:
    """:func:`cache_dir` as a string."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return chosen or None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~":  # no home directory to find
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "generala-kit")


def cached_json(name: str, text: str, parse: Callable[[str], Any]) -> Any:
    """``parse(text)`` (a value JSON writes and reads back unchanged), from the cache
    file ``name.json`` when it was stored for this ``text``."""
    data = text.encode("utf-8")
    key = f"{len(data)}:{zlib.crc32(data):08x}"
    directory = _cache_folder()
    where = os.path.join(directory, f"{name}.json") if directory is not None else None
    if where is not None:
        try:
            with open(where, "rb") as file:
                stored = json.loads(file.read())
        except (OSError, ValueError):
            stored = None
        if isinstance(stored, dict) and stored.get("key") == key and "value" in stored:
            return stored["value"]
    value = parse(text)
    if where is not None and json.loads(json.dumps(value)) == value:
        store(where, json.dumps({"key": key, "value": value}).encode("utf-8"))
    return value


def store(where: str | Path, data: bytes) -> None:
    """Write ``data`` to ``where`` atomically (a concurrent reader sees the old file or
    the new one); a directory that cannot be written leaves the cache as it was."""
    import contextlib  # here: reading the cache (``serve``'s start) writes nothing
    import tempfile

    parent, base = os.path.split(where)
    try:
        os.makedirs(parent, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=parent, prefix=base, delete=False) as out:
            out.write(data)
    except OSError:
        return  # no cache this time: the value was computed anyway
    try:
        os.replace(out.name, where)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(out.name)
