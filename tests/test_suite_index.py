"""The suite's index (``generala_conformance.suite.suite_index``, issue 12): a run
whose filters select no case of a group leaves that group uncollected, and runs the
very cases, with the same outcomes, report and summary, as a run that collects the
whole suite (no index). What it leaves out is checked by ``tests/test_startup_work.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.suite import suite_index

from tests.test_check_jobs import TIMINGS, untimed

KIT = [sys.executable, "-m", "generala_conformance.cli", "check"]
EXPECTATIONS = """\
version: 1
expectations:
  - case: end-of-game-017
    outcome: skip
    reason: "a skip, which -k matches by the name of its mark"
"""
SELECTIONS = {
    "nothing": ["-k", "no-case-has-this-name"],
    "fixture cases": ["-k", "fixtures"],
    "scenarios": ["-k", "not fixtures"],
    "one scenario": ["-k", "eliminated and not fixtures"],
    "a clause": ["--clause", "R-JOKER"],
    "a tag": ["--tag", "option:*", "-k", "not perft"],
    "a profile": ["--profile", "fa"],
    "a mark of the expectations": ["--expectations", "{expectations}", "-k", "skip and end-of-game-01"],
    "dice scenarios": ["--game", "dice", "-k", "not fixtures"],
    "dice clause": ["--game", "dice", "--clause", "D-TURN"],
}


def _check(cache: Path, folder: Path, options: list[str]) -> tuple[int, list[str], dict[str, Any]]:
    """Exit code, summary lines and JSON report of a ``check`` with the cache ``cache``."""
    folder.mkdir()
    expected = folder.parent / "expected.yaml"  # one file for both runs (the report names it)
    expected.write_text(EXPECTATIONS, "utf-8")
    options = [option.format(expectations=expected) for option in options]
    env = {**os.environ, "GENERALA_KIT_CACHE_DIR": str(cache)}
    argv = [*KIT, *options, "--json", str(folder / "r.json")]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, env=env, check=False)
    document = json.loads((folder / "r.json").read_text("utf-8"))
    tail = [TIMINGS.sub("T", line) for line in done.stdout.splitlines()[-3:]]
    return done.returncode, tail, untimed(document)


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache holding the index of both games (each written by a first run)."""
    folder = tmp_path_factory.mktemp("cache")
    for game in ("cards", "dice"):
        _check(folder, tmp_path_factory.mktemp("first") / "run", ["--game", game, "-k", "no-case-has-this-name"])
    assert len(list(folder.glob("index-*.pickle"))) == 2
    return folder


@pytest.mark.parametrize("options", list(SELECTIONS.values()), ids=list(SELECTIONS))
def test_a_run_from_the_index_runs_what_a_whole_collection_runs(
    cache: Path, tmp_path: Path, options: list[str]
) -> None:
    indexed = _check(cache, tmp_path / "indexed", options)
    for index in cache.glob("index-*.pickle"):  # the other run collects the whole suite (and indexes it again)
        index.unlink()
    whole = _check(cache, tmp_path / "whole", options)
    assert indexed == whole
    assert indexed[2]["summary"]["fail"] == indexed[2]["summary"]["error"] == 0  # the reference, as ever


def test_the_index_is_keyed_by_every_file_of_the_packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "indexed_package_for_a_test"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("", "utf-8")
    (package / "data" / "cases.yaml").write_text("a: 1\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(suite_index, "PACKAGES", (package.name,))
    monkeypatch.setenv("GENERALA_KIT_CACHE_DIR", str(tmp_path / "cache"))
    entry = suite_index.Entry("fixtures", None, frozenset({"a-case"}))
    suite_index.write("cards", [entry])
    assert suite_index.read("cards") == [entry]
    assert suite_index.read("dice") is None  # one index per game
    (package / "data" / "cases.yaml").write_text("a: 2\n", "utf-8")  # same size, new content
    assert suite_index.read("cards") is None


def test_the_index_of_a_game_is_not_keyed_by_the_other_games_suite() -> None:
    """Of ``generala_scenarios``, a game's index reads its own suite's files only
    (the other game's suite is as large, and no case of this game comes from it)."""
    for game, other in (("cards", "dice"), ("dice", "cards")):
        names = [name for name, _ in suite_index._sources(game)]
        assert any(name.startswith(f"generala_scenarios/{game}/") for name in names)
        assert not any(name.startswith(f"generala_scenarios/{other}/") for name in names)
        assert "generala_scenarios/__init__.py" in names
        assert any(name.startswith("generala_conformance/games/") for name in names)


def test_the_keyword_filter_is_pytests_own() -> None:
    keeps = suite_index.keyword_filter("Joker and not perft")
    assert keeps(frozenset({"test_both_jokers", "generala_clause"}))
    assert not keeps(frozenset({"test_both_jokers", "perft-3"}))
    assert not keeps(frozenset({"fixtures", "end-of-game-017"}))
    assert suite_index.keyword_filter("  ")(frozenset())
    with pytest.raises(SyntaxError):
        suite_index.keyword_filter("and or")
