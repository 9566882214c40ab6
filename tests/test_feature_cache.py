"""The cache of the parsed Gherkin features (``feature_cache``): what it gives pytest-bdd
is what pytest-bdd parses, a changed feature file is parsed again, a foreign or damaged
cache file is never trusted (nor run), and a cache that cannot be written costs nothing
but speed."""

from __future__ import annotations

import os
import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from generala_conformance.suite import feature_cache
from generala_scenarios import CARDS
from generala_spec import parsed_cache
from pytest_bdd import feature as bdd
from pytest_bdd.parser import FeatureParser


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv(parsed_cache.ENV, str(directory))
    return directory


@pytest.fixture
def features(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the card game's features, and pytest-bdd's table of parsed features emptied."""
    folder = tmp_path / "features"
    shutil.copytree(CARDS / "features", folder)
    monkeypatch.setattr(bdd, "features", {})
    yield folder


def parsed(folder: Path) -> list[tuple[str, list[tuple[str, int, list[str], set[str]]]]]:
    """What pytest-bdd holds for ``folder``: each feature's file, scenarios, lines, steps and tags."""
    found = []
    for name in feature_cache.feature_files(folder):
        feature = bdd.features[os.path.abspath(name)]
        scenarios = [
            (s.name, s.line_number, [f"{step.keyword} {step.name}" for step in s.steps], set(s.tags))
            for s in feature.scenarios.values()
        ]
        found.append((feature.filename, scenarios))
    return found


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original = FeatureParser.parse

    def counting(self: FeatureParser):  # type: ignore[no-untyped-def]
        seen.append(self.rel_filename)
        return original(self)

    monkeypatch.setattr(FeatureParser, "parse", counting)
    return seen


def test_the_cached_features_are_the_parsed_ones(cache: Path, features: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parses = _parses(monkeypatch)
    feature_cache.preload(features)
    fresh = parsed(features)
    assert len(parses) == len(feature_cache.feature_files(features)) > 0
    monkeypatch.setattr(bdd, "features", {})
    parses.clear()
    feature_cache.preload(features)
    assert parses == []  # from the cache
    assert parsed(features) == fresh
    assert sum(len(scenarios) for _, scenarios in fresh) > 100


def test_a_changed_feature_file_is_parsed_again(cache: Path, features: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    feature_cache.preload(features)
    path = Path(feature_cache.feature_files(features)[0])
    text = path.read_text("utf-8")
    path.write_text(text.replace("  Scenario: ", "  Scenario: Renamed ", 1), "utf-8")
    monkeypatch.setattr(bdd, "features", {})
    parses = _parses(monkeypatch)
    feature_cache.preload(features)
    assert len(parses) == len(feature_cache.feature_files(features))
    names = [s.name for s in bdd.features[os.path.abspath(path)].scenarios.values()]
    assert any(name.startswith("Renamed ") for name in names)


class _Payload:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (os.mkdir, (str(self.marker),))


@pytest.mark.parametrize("body", ["payload", "damaged", "not-features"])
def test_a_foreign_or_damaged_cache_file_is_not_trusted(
    cache: Path, features: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str
) -> None:
    feature_cache.preload(features)
    fresh = parsed(features)
    [stored] = cache.glob("features-*.pickle")  # (the options cache may sit beside it)
    key, _, good = stored.read_bytes().partition(b"\n")
    marker = tmp_path / "payload-ran"
    data = {"payload": pickle.dumps({"x": _Payload(marker)}), "damaged": good[:-200], "not-features": pickle.dumps([1])}
    stored.write_bytes(key + b"\n" + data[body])
    monkeypatch.setattr(bdd, "features", {})
    parses = _parses(monkeypatch)
    feature_cache.preload(features)
    assert parses and parsed(features) == fresh
    assert not marker.exists()


def test_a_cache_that_cannot_be_written_only_costs_speed(
    tmp_path: Path, features: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", "utf-8")
    monkeypatch.setenv(parsed_cache.ENV, str(blocker / "cache"))
    feature_cache.preload(features)
    assert len(parsed(features)) == len(feature_cache.feature_files(features))
    assert not list(tmp_path.glob("**/features-*"))
