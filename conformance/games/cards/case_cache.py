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

The cache is a file of :mod:`generala_conformance.suite.pickle_cache`, one per kit
location, read with an unpickler that builds nothing but the kit's case classes
and plain data, so a foreign file cannot run code. A cache that cannot be read
(missing, corrupt, another key) is rebuilt; one that cannot be written (a
read-only home) only means the next run loads the fixtures again.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from generala_conformance.games.cards import driver, fixtures, notation
from generala_conformance.games.cards.fixtures import Case, fixture_files, load_all
from generala_conformance.suite import pickle_cache, yaml_safe

_SPEC_FILES = (
    "schemas/fixture.schema.json",
    *(f"cards/{name}.yaml" for name in ("clauses", "ambiguities", "sources", "options")),
)
_MAKERS = (fixtures, notation, yaml_safe, driver)  # the modules a Case's content comes from
_ALLOWED = frozenset(
    {
        ("generala_conformance.games.cards.fixtures", "Case"),
        ("generala_conformance.games.cards.fixtures", "Step"),
        ("generala_conformance.games.cards.driver", "Refusal"),
        ("generala_conformance.suite.yaml_safe", "Map"),
        ("generala_conformance.suite.yaml_safe", "Seq"),
        ("pathlib", "PosixPath"),
        ("pathlib", "WindowsPath"),
    }
)


def bundled_cases() -> list[Case]:
    """Every case of the kit's own fixtures (as :func:`load_all` gives them), from the
    cache when it holds this content, else loaded in full and stored."""
    from generala_scenarios import CARDS

    root = CARDS / "fixtures"
    key = cache_key(root, fixture_files(root))
    where = pickle_cache.location("cases", str(root))
    cached = pickle_cache.read(where, key, _ALLOWED)
    if isinstance(cached, list) and all(isinstance(c, Case) for c in cached):
        return cached
    cases = load_all(None)
    pickle_cache.write(where, key, cases)
    return cases


def cache_key(root: Path, paths: list[Path]) -> bytes:
    """The digest of everything the cases of ``paths`` (under ``root``) are made from."""
    spec = files("generala_spec")
    sources = [(f"spec/{name}", spec.joinpath(name).read_bytes()) for name in _SPEC_FILES]
    sources += [(module.__name__, Path(module.__file__ or "").read_bytes()) for module in _MAKERS]
    sources += [(str(path.relative_to(root)), path.read_bytes()) for path in paths]
    return pickle_cache.digest(f"{sys.version_info[:2]} {root}", sources)
