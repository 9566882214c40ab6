"""The Gherkin features of a suite, parsed once per content.

pytest-bdd parses every ``.feature`` file of a suite at each collection (with the
``gherkin`` parser: about as long as importing pytest). :func:`preload` puts the
parsed features of a folder into pytest-bdd's own table of parsed features
(``pytest_bdd.feature.features``, which ``scenarios()`` consults first) from a
:mod:`~generala_conformance.suite.pickle_cache` file keyed by the names and bytes
of the feature files, the bytes of the parsing modules of pytest-bdd and gherkin,
and the Python version; any change to one of them is a new key, and the features
are parsed again by pytest-bdd itself and stored.
"""

from __future__ import annotations

import glob
import os
import sys
from pathlib import Path
from typing import Any

_ALLOWED = frozenset(
    {
        ("collections", "OrderedDict"),
        *(("pytest_bdd.parser", name) for name in ("Feature", "ScenarioTemplate", "Scenario", "Step")),
        *(("pytest_bdd.parser", name) for name in ("Background", "Examples", "Rule")),
        *(("pytest_bdd.gherkin_parser", name) for name in ("Location", "DataTable", "Row", "Cell", "DocString")),
    }
)


def feature_files(folder: Path) -> list[str]:
    """The ``.feature`` files under ``folder``, named as ``scenarios(folder)`` names them."""
    return sorted(glob.iglob(os.path.join(folder, "**", "*.feature"), recursive=True))


def preload(folder: Path) -> None:
    """Give pytest-bdd the parsed features of ``folder``, from the cache when it holds
    this content, else parsed now (by pytest-bdd) and stored."""
    from generala_conformance.suite import pickle_cache
    from pytest_bdd import feature as bdd
    from pytest_bdd.parser import Feature

    paths = feature_files(folder)
    key = cache_key(folder, paths)
    where = pickle_cache.location("features", str(folder))
    parsed: Any = pickle_cache.read(where, key, _ALLOWED)
    wanted = [os.path.abspath(path) for path in paths]
    whole = isinstance(parsed, dict) and list(parsed) == wanted
    if not (whole and all(isinstance(feature, Feature) for feature in parsed.values())):
        parsed = {name: bdd.get_feature(*os.path.split(name)) for name in wanted}
        pickle_cache.write(where, key, parsed)
    for name, feature in parsed.items():
        bdd.features.setdefault(name, feature)


def cache_key(folder: Path, paths: list[str]) -> bytes:
    """The digest of everything the parsed features of ``paths`` are made from."""
    import gherkin.parser
    import pytest_bdd.gherkin_parser
    import pytest_bdd.parser
    from generala_conformance.suite import pickle_cache

    makers = (pytest_bdd.parser, pytest_bdd.gherkin_parser, gherkin.parser)
    sources = [(module.__name__, Path(module.__file__ or "").read_bytes()) for module in makers]
    sources += [(os.path.relpath(path, folder), Path(path).read_bytes()) for path in paths]
    return pickle_cache.digest(f"{sys.version_info[:2]} {folder}", sources)
