"""The cache of the kit's own cases (``case_cache``): the cached cases are the fully
loaded ones, any change to what they are made from is a new key, a foreign or
damaged file is never trusted (nor run), and a cache that cannot be written costs
nothing but speed."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest
from generala_conformance.games.cards import case_cache
from generala_conformance.games.cards.case_cache import bundled_cases, cache_key
from generala_conformance.games.cards.fixtures import fixture_files, load_all
from generala_spec import parsed_cache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv(parsed_cache.ENV, str(directory))
    return directory


def _no_full_load(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(root: Path | None = None) -> list:
        raise AssertionError("the cases were loaded in full, not from the cache")

    monkeypatch.setattr(case_cache, "load_all", refuse)


def test_the_cached_cases_are_the_fully_loaded_ones(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    full = load_all(None)
    assert bundled_cases() == full  # the first call loads in full and stores
    [stored] = cache.glob("cases-*.pickle")  # (the options cache may sit beside it)
    _no_full_load(monkeypatch)
    again = bundled_cases()
    assert again == full
    assert [(c.path, c.line, c.steps) for c in again] == [(c.path, c.line, c.steps) for c in full]
    assert stored.stat().st_size > 0


def test_a_changed_fixture_file_or_name_is_a_new_key(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    shutil.copytree(fixture_files()[0].parent, root / "a")
    paths = fixture_files(root)
    first = cache_key(root, paths)
    assert cache_key(root, paths) == first
    text = paths[0].read_text("utf-8")
    paths[0].write_text(text.replace("title:", "title: x", 1), "utf-8")
    assert cache_key(root, paths) != first
    paths[0].write_text(text, "utf-8")
    assert cache_key(root, paths) == first
    paths[0].rename(paths[0].with_name("renamed.yaml"))
    assert cache_key(root, fixture_files(root)) != first


def test_another_key_in_the_file_means_a_full_load(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled_cases()
    [stored] = cache.glob("cases-*.pickle")  # (the options cache may sit beside it)
    stored.write_bytes(b"0" * 64 + b"\n" + stored.read_bytes().partition(b"\n")[2])
    loads = []
    monkeypatch.setattr(case_cache, "load_all", lambda root=None: loads.append(root) or load_all(root))
    assert bundled_cases() == load_all(None)
    assert loads == [None]
    _no_full_load(monkeypatch)
    bundled_cases()  # rewritten under the right key


class _Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


@pytest.mark.parametrize("body", ["payload", "damaged", "not-cases"])
def test_a_foreign_or_damaged_cache_file_is_not_trusted(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str
) -> None:
    bundled_cases()
    [stored] = cache.glob("cases-*.pickle")  # (the options cache may sit beside it)
    key = stored.read_bytes().partition(b"\n")[0]
    marker = tmp_path / "payload-ran"
    data = {
        "payload": pickle.dumps([_Payload(marker)]),
        "damaged": pickle.dumps(load_all(None))[:-200],
        "not-cases": pickle.dumps({"cases": 1}),
    }[body]
    stored.write_bytes(key + b"\n" + data)
    assert bundled_cases() == load_all(None)
    assert not marker.exists()


def test_a_cache_that_cannot_be_written_only_costs_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", "utf-8")
    monkeypatch.setenv(parsed_cache.ENV, str(blocker / "cache"))
    assert bundled_cases() == load_all(None)
    assert not list(tmp_path.glob("**/cases-*"))
