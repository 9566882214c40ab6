"""The suite's stable case ids: unique, listed for the current suite version, and no id
of an earlier version gone without being listed as retired (``scenarios/cards/releases/``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.games.cards import releases
from generala_conformance.suite.suite_run import suite_cases
from generala_scenarios import CARDS, SUITE_VERSION


@pytest.fixture(scope="module")
def suite_ids() -> list[str]:
    """The id of every case of the kit's suite, as ``generala-kit check`` loads them."""
    return [case.id for case in suite_cases(games.get("cards"), None)]


def test_case_ids_are_unique(suite_ids: list[str]) -> None:
    assert len(suite_ids) == len(set(suite_ids)) > 600


def test_the_current_version_lists_exactly_the_suite_s_ids(suite_ids: list[str]) -> None:
    listed = releases.released().get(SUITE_VERSION)
    assert listed is not None, f"no scenarios/cards/releases/{SUITE_VERSION}.yaml for the suite version"
    assert sorted(listed) == listed, "keep the ids of a release file sorted"
    new, gone = sorted(set(suite_ids) - set(listed)), sorted(set(listed) - set(suite_ids))
    assert (new, gone) == ([], []), (
        f"suite {SUITE_VERSION}: ids not in releases/{SUITE_VERSION}.yaml {new}, listed but not in the suite {gone}"
    )


def test_no_released_id_vanished_unless_retired(suite_ids: list[str]) -> None:
    assert releases.vanished(set(suite_ids)) == {}
    reused = sorted(set(releases.retired()) & set(suite_ids))
    assert reused == [], f"retired ids are never reused: {reused}"


def test_vanished_names_a_released_id_that_is_gone_and_not_retired(tmp_path: Path) -> None:
    (tmp_path / "1.0.0.yaml").write_text("suite: 1.0.0\nids: [a, b, c]\n", "utf-8")
    (tmp_path / "1.1.0.yaml").write_text("suite: 1.1.0\nids: [a, c, d]\n", "utf-8")
    (tmp_path / "retired.yaml").write_text("retired:\n  b: {version: 1.1.0, reason: merged into a}\n", "utf-8")
    assert releases.vanished({"a", "c", "d"}, tmp_path) == {}
    assert releases.vanished({"a", "d"}, tmp_path) == {"1.0.0": ["c"], "1.1.0": ["c"]}
    assert list(releases.released(tmp_path)) == ["1.0.0", "1.1.0"]
    assert releases.retired(tmp_path)["b"].version == "1.1.0"


def test_every_released_version_has_a_changelog_section() -> None:
    changelog = (CARDS / "CHANGELOG.md").read_text("utf-8")
    sections = re.findall(r"^## (\d+\.\d+\.\d+)$", changelog, re.MULTILINE)
    assert sections and sections[0] == SUITE_VERSION, "the newest section first, for the current version"
    assert set(sections) == set(releases.released())
