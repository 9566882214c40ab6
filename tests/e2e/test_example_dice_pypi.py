"""The PyPI package ``generala`` (pinned in the ``test`` extra) under the kit.

A real third-party implementation of the dice game's scoring, driven by
``examples/dice-pypi/adapter.py`` at the scoring level. Its verdict is asserted
exactly: the cases it fails are the entries of ``examples/dice-pypi/expectations.yaml``
(each naming the clause it breaks), and ``generala-kit profile`` detects the
readings it follows. A release that fixes or breaks something fails here.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "dice-pypi"
ADAPTER = EXAMPLE / "adapter.py"
EXPECTATIONS = EXAMPLE / "expectations.yaml"
KIT = [sys.executable, "-m", "generala_conformance.cli"]

# What the package 2.0.0 follows, as `profile` finds it. Double Generala reads `off`:
# it never qualifies (the precedence bug the expectations file describes).
FOLLOWS = {
    "straight": "plain",
    "straight-ace-for-two": "no",
    "full-house-five": "no",
    "four-of-a-kind-five": "no",
    "double-generala": "off",
    "number-zero": "score",
    "auto-win": "generala-open",
}


def pinned_version() -> str:
    """The version of ``generala`` that pyproject.toml's ``test`` extra pins."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"]["test"]
    (pin,) = [req for req in extra if req.split("==")[0].strip() == "generala"]
    return pin.split("==")[1].split(";")[0].strip().strip('"')


@pytest.fixture(scope="module")
def installed() -> str:
    """The installed ``generala``: it must be the pinned one (the kit's test extra installs it)."""
    try:
        version = importlib.metadata.version("generala")
    except importlib.metadata.PackageNotFoundError:
        pytest.fail("the PyPI package generala is not installed: pip install -e '.[test]'")
    assert version == pinned_version(), f"generala {version} is installed, the test extra pins {pinned_version()}"
    return version


def adapter_cmd() -> str:
    return f'"{sys.executable}" "{ADAPTER}"'


def kit(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KIT, *args], cwd=tmp_path, capture_output=True, text=True, timeout=600)


def test_the_adapter_declares_the_packages_own_point_table(installed: str) -> None:
    run = subprocess.run(
        [sys.executable, str(ADAPTER)],
        input='{"id": 1, "cmd": "hello", "protocol": 1}\n',
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    hello = json.loads(run.stdout)["result"]
    assert (hello["version"], hello["levels"]) == (installed, ["scoring"])
    assert hello["points"] == {
        "straight": 30,
        "full-house": 50,
        "four-of-a-kind": 80,
        "generala": 100,
        "double-generala": 200,
        "bonus-straight": 10,
        "bonus-full-house": 10,
        "bonus-four-of-a-kind": 10,
    }


def expected_failures() -> dict[str, str]:
    """The expectations file's xfail entries: case id -> the clause its reason says it breaks."""
    document = yaml.safe_load(EXPECTATIONS.read_text("utf-8"))
    found = {}
    for entry in document["expectations"]:
        assert entry["outcome"] == "xfail" and "case" in entry, entry
        clause = re.search(r"breaks (D-[A-Z]+-\d+)", entry["reason"])
        assert clause, f"the reason of {entry['case']} names no clause: {entry['reason']}"
        found[entry["case"]] = clause.group(1)
    return found


def test_check_fails_exactly_the_cases_of_the_expectations_file(installed: str, tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    run = kit(
        tmp_path,
        "check",
        "--game",
        "dice",
        "--adapter-cmd",
        adapter_cmd(),
        "--expectations",
        str(EXPECTATIONS),
        "--json",
        str(report_path),
    )
    report: dict[str, Any] = json.loads(report_path.read_text("utf-8"))
    outcomes: dict[str, list[str]] = {}
    for case in report["cases"]:
        outcomes.setdefault(case["outcome"], []).append(case["id"])
    assert set(outcomes) <= {"pass", "skip", "xfail"}, {k: v for k, v in outcomes.items() if k not in ("pass", "skip")}
    failed = {case["id"]: case["attribution"]["clause"] for case in report["cases"] if case["outcome"] == "xfail"}
    assert failed == expected_failures()
    assert report["summary"]["pass"] > 250
    assert report["expectations"]["stale"] == []
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]


def test_profile_finds_the_readings_the_package_follows(installed: str, tmp_path: Path) -> None:
    found_path = tmp_path / "profile.json"
    run = kit(tmp_path, "profile", "--game", "dice", "--adapter-cmd", adapter_cmd(), "--json", str(found_path))
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(found_path.read_text("utf-8"))
    follows = {name: finding["follows"] for name, finding in found["options"].items() if finding["follows"]}
    assert follows == FOLLOWS, run.stdout


def test_fuzz_expects_the_packages_own_points(installed: str, tmp_path: Path) -> None:
    """The fuzzer scores the reference's rolls with the declared table (D-SCORE-7): every roll
    of these games is scored alike (a first-roll Full House is the package's 60, not 35)."""
    run = kit(tmp_path, "fuzz", "--game", "dice", "--adapter-cmd", adapter_cmd(), "--games", "100", "--seed", "3")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "100 games, 0 divergences" in run.stdout + run.stderr
