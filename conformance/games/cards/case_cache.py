"""The kit's own YAML fixtures, parsed and validated once per content.

Loading the bundled fixtures (:func:`~generala_conformance.games.cards.fixtures.load_all`:
YAML, the JSON Schema, the notation, the rulebook's IDs) costs more than running
all their cases; ``generala-kit check`` would pay it at every start, in every
xdist worker. :func:`bundled_cases` loads them fully once, then keeps the cases in
a cache file keyed by everything they are made from: the fixture files (names and
bytes), the fixture schema, the rulebook files whose IDs the cases cite, the
modules that turn a file into cases, and the Python version. Any change to one of
them is a new key, so the cases are loaded and validated again; a stale case is
never served. User fixtures (``--cases DIR``) are always loaded and validated in
full, and the kit's own tests load the bundled ones in full too
(``tests/test_scenarios_fixtures.py``).

The cache is :mod:`generala_spec.parsed_cache`'s directory, one file per kit
location. It is read with an unpickler that builds nothing but the
kit's case classes and plain data, so a foreign file cannot run code. A cache that
cannot be read (missing, corrupt, another key) is rebuilt; one that cannot be
written (a read-only home) only means the next run loads the fixtures again.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from importlib.resources import files
from pathlib import Path

from generala_conformance.games.cards import driver, fixtures, notation
from generala_conformance.games.cards.fixtures import Case, fixture_files, load_all
from generala_conformance.suite import yaml_safe
from generala_spec.parsed_cache import cache_dir, store

_SPEC_FILES = (
    "schemas/fixture.schema.json",
    *(f"cards/{name}.yaml" for name in ("clauses", "ambiguities", "sources", "options")),
)
_MAKERS = (fixtures, notation, yaml_safe, driver)  # the modules a Case's content comes from
_ALLOWED = {
    ("generala_conformance.games.cards.fixtures", "Case"),
    ("generala_conformance.games.cards.fixtures", "Step"),
    ("generala_conformance.games.cards.driver", "Refusal"),
    ("generala_conformance.suite.yaml_safe", "Map"),
    ("generala_conformance.suite.yaml_safe", "Seq"),
    ("pathlib", "PosixPath"),
    ("pathlib", "WindowsPath"),
}


def bundled_cases() -> list[Case]:
    """Every case of the kit's own fixtures (as :func:`load_all` gives them), from the
    cache when it holds this content, else loaded in full and stored."""
    from generala_scenarios import CARDS

    root = CARDS / "fixtures"
    key = cache_key(root, fixture_files(root))
    directory = cache_dir()
    where = directory / f"cases-{hashlib.sha256(str(root).encode()).hexdigest()[:16]}.pickle" if directory else None
    if where is not None:
        cached = _read(where, key)
        if cached is not None:
            return cached
    cases = load_all(None)
    if where is not None:
        _write(where, key, cases)
    return cases


def cache_key(root: Path, paths: list[Path]) -> bytes:
    """The digest of everything the cases of ``paths`` (under ``root``) are made from."""
    digest = hashlib.sha256(f"{sys.version_info[:2]} {pickle.HIGHEST_PROTOCOL} {root}\n".encode())
    spec = files("generala_spec")
    sources = [(f"spec/{name}", spec.joinpath(name).read_bytes()) for name in _SPEC_FILES]
    sources += [(module.__name__, Path(module.__file__ or "").read_bytes()) for module in _MAKERS]
    sources += [(str(path.relative_to(root)), path.read_bytes()) for path in paths]
    for name, data in sources:
        digest.update(f"{name} {len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest().encode()


class _CaseUnpickler(pickle.Unpickler):
    """Builds the kit's case classes and plain data only (``pickle`` docs, "Restricting Globals")."""

    def find_class(self, module: str, name: str) -> type:
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not a part of a cached case")
        return super().find_class(module, name)


def _read(where: Path, key: bytes) -> list[Case] | None:
    """The cases stored under ``key`` at ``where``; ``None`` if there are none."""
    try:
        data = where.read_bytes()
    except OSError:
        return None
    head, _, body = data.partition(b"\n")
    if head != key:
        return None
    try:
        cases = _CaseUnpickler(io.BytesIO(body)).load()
    except (pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError, IndexError):
        return None  # a damaged file: rebuilt below
    return cases if isinstance(cases, list) and all(isinstance(c, Case) for c in cases) else None


def _write(where: Path, key: bytes, cases: list[Case]) -> None:
    """Store ``cases`` under ``key``."""
    store(where, key + b"\n" + pickle.dumps(cases, protocol=pickle.HIGHEST_PROTOCOL))
