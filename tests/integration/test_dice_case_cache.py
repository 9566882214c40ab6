"""The cache of the dice suite's own cases (:mod:`generala_conformance.core.case_cache`,
shared with the card game's, whose file, key and refusal cases ``test_case_cache.py``
checks): the cached cases are the fully loaded ones, any change to a fixture is a new
key, and ``--cases DIR`` is always loaded in full."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from generala_conformance.core import case_cache
from generala_conformance.games.dice import cases
from generala_scenarios import ROOT
from generala_spec import parsed_cache

FIXTURES = ROOT / "dice" / "fixtures"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv(parsed_cache.ENV, str(directory))
    return directory


def _count_full_loads(monkeypatch: pytest.MonkeyPatch, loaded: list[object] | None = None) -> list[Path]:
    """The roots :func:`cases.load_all` is called on from now on (what it returns kept in ``loaded``)."""
    loads: list[Path] = []
    full = cases.load_all

    def counted(root: Path) -> list[cases.DiceCase]:
        loads.append(root)
        found = full(root)
        if loaded is not None:
            loaded.append(found)
        return found

    monkeypatch.setattr(cases, "load_all", counted)
    return loads


def test_the_cached_dice_cases_are_the_fully_loaded_ones(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[object] = []
    loads = _count_full_loads(monkeypatch, loaded)
    first = cases.suite_cases()  # loaded in full (one load of the whole suite: seconds), and stored
    assert loads == [FIXTURES] and first == loaded[0] and len(first) > 2000
    assert cases.suite_cases() == loaded[0]  # from the cache
    assert loads == [FIXTURES]
    [stored] = cache.glob("cases-*.pickle")  # (the options cache may sit beside it)
    assert stored.stat().st_size > 0


def test_a_changed_dice_fixture_is_a_new_key(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, root)
    first = case_cache.cache_key(cases.bundled_source(root))
    path = cases.fixture_paths(root)[0]
    text = path.read_text("utf-8")
    path.write_text(text.replace("title:", "title: x", 1), "utf-8")
    assert case_cache.cache_key(cases.bundled_source(root)) != first
    path.write_text(text, "utf-8")
    assert case_cache.cache_key(cases.bundled_source(root)) == first


def test_a_cases_dir_is_always_loaded_in_full(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = FIXTURES / "scoring"
    loads = _count_full_loads(monkeypatch)
    assert cases.suite_cases(root) == cases.suite_cases(root)
    assert loads == [root, root] and not list(cache.glob("cases-*.pickle"))
