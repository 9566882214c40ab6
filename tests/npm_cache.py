"""npm packages the browser tests need (axe-core), fetched once with ``npm pack`` into
the user cache of generala-kit and checked against the registry's integrity hash."""

from __future__ import annotations

import base64
import fcntl
import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generala_spec import parsed_cache

NPM_TIMEOUT = 300
"""Seconds ``npm pack`` may take to fetch a package."""


def cache_root() -> Path:
    """The user cache of generala-kit (:func:`generala_spec.parsed_cache.cache_dir`);
    when that cache is turned off, its default place all the same."""
    chosen = parsed_cache.cache_dir()
    if chosen is not None:
        return chosen
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "generala-kit"


def npm_pack(destination: Path, package: str, version: str, integrity: str) -> Path:
    """Fetch ``PACKAGE-VERSION.tgz`` from the npm registry into ``destination``; refuse it
    unless its SHA-512 is the registry's ``integrity``."""
    npm = shutil.which("npm")
    assert npm is not None, f"npm is not installed, so {package}@{version} cannot be fetched"
    command = [npm, "pack", f"{package}@{version}", "--pack-destination", str(destination), "--silent"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False)
    tarball = destination / f"{package}-{version}.tgz"
    assert done.returncode == 0 and tarball.is_file(), f"npm pack {package}@{version} failed: {done.stderr}"
    digest = hashlib.sha512(tarball.read_bytes()).digest()
    assert "sha512-" + base64.b64encode(digest).decode() == integrity, f"{tarball}: not the registry's"
    return tarball


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the lock of the cache ``folder`` (parallel test workers fetch once)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
