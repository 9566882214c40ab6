"""The index of a game's bundled suite: each case's group, its labels and the names
``-k`` matches, kept between runs so that a run collects only the groups it needs.

Collecting a group costs whether or not a case of it is then selected: the feature
scenarios need pytest-bdd and the step definitions imported and a test function made
per scenario; the fixture cases, their cache read and an item made per case. A run
whose filters (``-k``, ``--clause``, ``--tag``, ``--profile``) select no case of a group
can leave that group out. The index tells, without collecting: one :class:`Entry` per
case of the bundled suite, written by the plugin after a collection of the whole
suite, with the case's :class:`~generala_conformance.suite.pytest_plugin.CaseInfo` and
the names pytest's own ``-k`` matches it by (``KeywordMatcher.from_item``).

The index is a :mod:`~generala_conformance.suite.pickle_cache` file keyed by the
content of every file of the kit's packages (of ``generala_scenarios``, the game's own
suite only) and of pytest-bdd (what a case's names and labels are made from), the
pytest and Python versions and the game: any change
is a new key, and the next run collects the whole suite again and rewrites it. It
only ever leaves out a group none of whose cases the run would keep; the groups
collected are filtered as before, by the plugin and by pytest itself.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from generala_conformance import games
from generala_conformance.suite import pickle_cache

PACKAGES = ("generala_conformance", "generala_reference", "generala_scenarios", "generala_spec", "pytest_bdd")
"""The packages whose files make the key: the kit's, and pytest-bdd (a scenario's test name)."""
_ALLOWED = frozenset(
    {
        ("generala_conformance.suite.suite_index", "Entry"),
        ("generala_conformance.suite.pytest_plugin", "CaseInfo"),
        ("builtins", "frozenset"),
    }
)


class Entry(NamedTuple):
    """One case of the bundled suite."""

    group: str
    """The collector it comes from: ``features`` or ``fixtures``."""
    info: Any
    """Its :class:`~generala_conformance.suite.pytest_plugin.CaseInfo`."""
    names: frozenset[str]
    """The names ``-k`` matches it by."""


def read(game: str) -> list[Entry] | None:
    """The index of ``game``'s bundled suite, or ``None`` when there is none for this content."""
    found = pickle_cache.read(_location(game), _key(game), _ALLOWED)
    if isinstance(found, list) and all(isinstance(entry, Entry) for entry in found):
        return found
    return None


def write(game: str, entries: list[Entry]) -> None:
    """Store the index of ``game``'s bundled suite (nothing when the cache is off)."""
    pickle_cache.write(_location(game), _key(game), entries)


def names_of(item: pytest.Item) -> frozenset[str] | None:
    """The names pytest's ``-k`` matches ``item`` by; ``None`` if this pytest does not say."""
    try:
        from _pytest.mark import KeywordMatcher
    except ImportError:
        return None
    names = getattr(KeywordMatcher.from_item(item), "_names", None)
    return frozenset(names) if names is not None else None


def keyword_filter(expression: str) -> Callable[[frozenset[str]], bool]:
    """Whether pytest's ``-k expression`` keeps a case of these names (its own parser and
    matcher); raises :class:`SyntaxError` for a wrong expression, :class:`ImportError` if
    this pytest has another parser."""
    if not expression.strip():
        return lambda names: True
    from _pytest.mark import KeywordMatcher
    from _pytest.mark.expression import Expression

    compiled = Expression.compile(expression.lstrip())  # a SyntaxError: pytest itself reports it
    return lambda names: compiled.evaluate(KeywordMatcher(names))  # type: ignore[call-arg]


def _location(game: str) -> Path | None:
    return pickle_cache.location("index", game)


def _key(game: str) -> bytes:
    """The digest of the files of :data:`PACKAGES` (names and bytes) and the versions."""
    return pickle_cache.digest(f"{sys.version_info[:2]} pytest {pytest.__version__} {game}", _sources(game))


def _sources(game: str) -> Iterator[tuple[str, bytes]]:
    other_suites = frozenset(games.NAMES) - {game}  # folders of generala_scenarios no case of ``game`` comes from
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)  # a top-level package: found, not imported
        for root in (spec.submodule_search_locations or []) if spec is not None else []:
            yield from _files(root, package, other_suites if package == "generala_scenarios" else frozenset())


def _files(folder: str, name: str, left_out: frozenset[str] = frozenset()) -> Iterator[tuple[str, bytes]]:
    """Each file under ``folder`` (named from ``name``) and its bytes, in the order of their
    names, but for the folders ``left_out`` of ``folder`` itself."""
    with os.scandir(folder) as found:
        entries = sorted(found, key=lambda entry: entry.name)
    for entry in entries:
        if entry.is_dir():
            if entry.name != "__pycache__" and entry.name not in left_out:
                yield from _files(entry.path, f"{name}/{entry.name}")
        else:
            with open(entry.path, "rb") as file:
                yield f"{name}/{entry.name}", file.read()
