"""Pyodide, vendored into the site from the npm package ``pyodide`` at one pinned
version, so that the arbiter and play pages run the reference itself in the browser.

Where the files come from, in order: ``--pyodide DIR`` (a folder holding the npm
package's files, such as ``node_modules/pyodide`` or an unpacked tarball), else the
user cache (``$GENERALA_KIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/generala-kit``, else
``~/.cache/generala-kit``), else ``npm pack pyodide@VERSION`` into that cache. The
tarball must have the registry's integrity hash and every file its pinned SHA-256,
whatever its origin; only the files the pages load go into the site.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generala_conformance.errors import UsageError
from generala_spec import parsed_cache

VERSION = "314.0.8"
"""The pinned version of the npm package ``pyodide`` (Python 3.14)."""

INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
"""The registry's integrity hash of ``pyodide-VERSION.tgz`` (``npm view pyodide@VERSION dist.integrity``)."""

FILES = {
    "pyodide.mjs": "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70",
    "pyodide.asm.mjs": "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972",
    "pyodide.asm.wasm": "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329",
    "python_stdlib.zip": "2bd3394a145bfbbe5bbc9d9d6ab9136abbb986c6fef6c142b3a2962227aa5c28",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
"""The files the pages load, each with its SHA-256 in the package at :data:`VERSION`."""

NPM_TIMEOUT = 300
"""Seconds ``npm pack`` may take to fetch the package."""


class PyodideError(UsageError):
    """Pyodide cannot be had: no npm and no copy, a failed fetch, or wrong files."""


def cache_root() -> Path:
    """The user cache of generala-kit (:func:`generala_spec.parsed_cache.cache_dir`);
    when that cache is turned off, its default place all the same: Pyodide needs a
    folder to be fetched into."""
    chosen = parsed_cache.cache_dir()
    if chosen is not None:
        return chosen
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "generala-kit"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check_files(folder: Path, origin: str) -> Path:
    """``folder`` if it holds every file of :data:`FILES` with its pinned hash."""
    for name, expected in FILES.items():
        path = folder / name
        if not path.is_file():
            raise PyodideError("pyodide-missing", f"{origin}: no {name} (expected the npm package pyodide@{VERSION})")
        if _sha256(path) != expected:
            raise PyodideError(
                "pyodide-mismatch", f"{origin}: {name} is not the one of pyodide@{VERSION} (SHA-256 differs)"
            )
    return folder


def check_tarball(tarball: Path, integrity: str = INTEGRITY) -> None:
    """Refuse a tarball whose SHA-512 is not the registry's ``integrity`` (Pyodide's :data:`INTEGRITY`)."""
    digest = hashlib.sha512(tarball.read_bytes()).digest()
    if "sha512-" + base64.b64encode(digest).decode() != integrity:
        raise PyodideError("pyodide-integrity", f"{tarball}: not the registry's {tarball.name} (SHA-512 differs)")


def unpack(tarball: Path, folder: Path) -> Path:
    """Check ``tarball`` and extract the files of :data:`FILES` from it into ``folder``."""
    check_tarball(tarball)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(tarball, "r:gz") as archive:
            for name in FILES:
                member = archive.extractfile(f"package/{name}")
                if member is None:
                    raise KeyError(name)
                with member, (folder / name).open("wb") as target:
                    shutil.copyfileobj(member, target)
    except (KeyError, tarfile.TarError, OSError) as error:
        raise PyodideError("pyodide-missing", f"{tarball}: cannot extract the Pyodide files: {error}") from None
    return check_files(folder, str(tarball))


def npm_pack(destination: Path, package: str = "pyodide", version: str = VERSION) -> Path:
    """Fetch ``PACKAGE-VERSION.tgz`` (Pyodide's, unless told) from the npm registry into ``destination``."""
    npm = shutil.which("npm")
    if npm is None:
        raise PyodideError(
            "pyodide-unavailable",
            f"npm is not installed, so {package}@{version} cannot be fetched: install Node.js and npm, "
            f"or pass --pyodide DIR (a copy of the npm package pyodide@{VERSION}, e.g. node_modules/pyodide)",
        )
    command = [npm, "pack", f"{package}@{version}", "--pack-destination", str(destination), "--silent"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise PyodideError("pyodide-fetch-failed", f"npm pack {package}@{version} took over {NPM_TIMEOUT} s") from None
    tarball = destination / f"{package}-{version}.tgz"
    if done.returncode != 0 or not tarball.is_file():
        said = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise PyodideError(
            "pyodide-fetch-failed",
            f"npm pack {package}@{version} failed ({said}); pass --pyodide DIR to use a local copy",
        )
    return tarball


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the lock of the cache ``folder`` (parallel test workers fetch once)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def cached(root: Path | None = None) -> Path:
    """The folder of the pinned Pyodide files in the cache, fetched with npm if
    they are not there (or are not the pinned ones)."""
    root = cache_root() if root is None else root
    folder = root / f"pyodide-{VERSION}"
    with locked(root):
        try:
            return check_files(folder, str(folder))
        except PyodideError:
            pass
        with tempfile.TemporaryDirectory(dir=root) as scratch:
            fresh = unpack(npm_pack(Path(scratch)), Path(scratch) / "files")
            shutil.rmtree(folder, ignore_errors=True)
            fresh.rename(folder)
    return folder


def pyodide_files(given: Path | str | None = None) -> Path:
    """The folder of the pinned Pyodide files: ``given``, else the cache, fetched
    with npm when needed."""
    if given is None:
        return cached()
    path = Path(given)
    if not path.is_dir():
        raise PyodideError("pyodide-missing", f"--pyodide {path}: no such folder")
    return check_files(path, f"--pyodide {path}")


def copy_into(folder: Path, destination: Path) -> int:
    """Copy the Pyodide files of ``folder`` into ``destination``; their size in bytes."""
    destination.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copyfile(folder / name, destination / name)
    return sum((destination / name).stat().st_size for name in FILES)
