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
from pathlib import Path
from typing import Any

ENV = "GENERALA_KIT_CACHE_DIR"


def cache_dir() -> Path | None:
    """Where the cache is kept; ``None`` when it is turned off or there is no home."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home directory to find
            return None
    return Path(base) / "generala-kit"


def cached_json(name: str, text: str, parse: Callable[[str], Any]) -> Any:
    """``parse(text)`` (a value JSON writes and reads back unchanged), from the cache
    file ``name.json`` when it was stored for this ``text``."""
    data = text.encode("utf-8")
    key = f"{len(data)}:{zlib.crc32(data):08x}"
    directory = cache_dir()
    where = directory / f"{name}.json" if directory is not None else None
    if where is not None:
        try:
            stored = json.loads(where.read_bytes())
        except (OSError, ValueError):
            stored = None
        if isinstance(stored, dict) and stored.get("key") == key and "value" in stored:
            return stored["value"]
    value = parse(text)
    if where is not None and json.loads(json.dumps(value)) == value:
        store(where, json.dumps({"key": key, "value": value}).encode("utf-8"))
    return value


def store(where: Path, data: bytes) -> None:
    """Write ``data`` to ``where`` atomically (a concurrent reader sees the old file or
    the new one); a directory that cannot be written leaves the cache as it was."""
    import tempfile  # here: reading the cache (``serve``'s start) writes nothing

    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=where.parent, prefix=where.name, delete=False) as out:
            out.write(data)
    except OSError:
        return  # no cache this time: the value was computed anyway
    try:
        os.replace(out.name, where)
    except OSError:
        Path(out.name).unlink(missing_ok=True)
