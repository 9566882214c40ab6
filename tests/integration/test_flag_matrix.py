"""Every documented ``check`` option holds on a correct implementation (issue 38).

The whole suite of each game runs on the reference engine, in-process and through
``generala-kit serve``, under the options that must not change a correct engine's
verdict (``--validate-messages``, ``-n 2``, ``--no-skip``, ``--clean-env``,
``--max-faults``, the three reports: all in one run, as each leaves every verdict
as it is), under every profile (through ``serve``: the in-process run of a profile
checks nothing the run through ``serve`` does not, which reads every reply as
JSON and sends the profile's rules through ``serve``'s request checks), and on the
two JavaScript engines of ``examples/`` with ``--validate-messages``. Each run must
be OK, and where the options select the same cases, every case must have the
outcome it has in the plain run of the same implementation.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from generala_spec.options import profile_names

ROOT = Path(__file__).resolve().parents[2]
KIT = [sys.executable, "-m", "generala_conformance.cli"]
NODE = shutil.which("node")
SERVE = {"cards": "generala-kit serve", "dice": "generala-kit serve --game dice"}
ENGINES = {"cards": ROOT / "examples/javascript/engine.js", "dice": ROOT / "examples/javascript-dice/engine.js"}
UNEXPECTED = ("fail", "error", "timeout", "xpass")

SAME_CASES = ["--validate-messages", "-n", "2", "--no-skip", "--clean-env", "--max-faults", "1"]
"""Options under which a correct engine's every case keeps its plain run's outcome."""


def _run(tmp_path: Path, game: str, adapter: list[str], flags: list[str], name: str) -> tuple[dict, Path]:
    """``check`` of ``game`` with ``adapter`` and ``flags``; its JSON report (asserted OK) and folder."""
    out = tmp_path / name
    out.mkdir()
    report = out / "report.json"
    argv = [*KIT, "check", "--game", game, *adapter, *flags, "--json", str(report)]
    run = subprocess.run(argv, cwd=out, capture_output=True, text=True, timeout=600)
    shown = f"{' '.join(argv[2:])}\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    assert run.returncode == 0, shown
    assert "_pytest" not in run.stdout + run.stderr, shown
    document = json.loads(report.read_text("utf-8"))
    assert document["ok"] is True, shown
    summary = document["summary"]
    assert summary["pass"] > 0, shown
    assert all(summary[outcome] == 0 for outcome in UNEXPECTED), shown
    return document, out


def _outcomes(document: dict) -> dict[str, str]:
    return {case["id"]: case["outcome"] for case in document["cases"]}


@cache
def _plain(game: str, adapter: tuple[str, ...], tmp: Path) -> dict[str, str]:
    """Each case's outcome in the plain run (no option) of ``game`` on ``adapter``."""
    document, _ = _run(tmp, game, list(adapter), [], f"plain-{game}-{len(adapter)}")
    return _outcomes(document)


def _adapter(how: str, game: str) -> list[str]:
    return [] if how == "in-process" else ["--adapter-cmd", SERVE[game]]


@pytest.fixture(scope="module")
def plain_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("plain")


@pytest.mark.parametrize("how", ["in-process", "serve"])
@pytest.mark.parametrize("game", ["cards", "dice"])
def test_the_options_leave_every_verdict_of_the_reference_as_it_is(
    game: str, how: str, tmp_path: Path, plain_dir: Path
) -> None:
    adapter = _adapter(how, game)
    reports = ["--junit", str(tmp_path / "reports" / "junit.xml"), "--markdown", str(tmp_path / "reports" / "s.md")]
    document, out = _run(tmp_path, game, adapter, [*SAME_CASES, *reports], "reports")
    assert _outcomes(document) == _plain(game, tuple(adapter), plain_dir)
    assert document["no_skip"] is True
    cases = ET.parse(out / "junit.xml").getroot().iter("testcase")
    assert sum(1 for _ in cases) == document["summary"]["total"]
    assert "OK" in (out / "s.md").read_text("utf-8")


@pytest.mark.parametrize(
    ("game", "profile"), [(game, profile) for game in ("cards", "dice") for profile in profile_names(game)]
)
def test_the_reference_passes_under_every_profile(game: str, profile: str, tmp_path: Path) -> None:
    document, _ = _run(tmp_path, game, _adapter("serve", game), ["--profile", profile], "profile")
    assert document["profile"] == profile


@pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH: the JavaScript examples cannot run")
@pytest.mark.parametrize("game", ["cards", "dice"])
def test_the_javascript_engines_pass_with_every_message_validated(game: str, tmp_path: Path) -> None:
    adapter = ["--adapter-cmd", f'"{NODE}" "{ENGINES[game]}"']
    document, _ = _run(tmp_path, game, adapter, ["--validate-messages"], "validated")
    assert _outcomes(document) == _plain(game, tuple(adapter), tmp_path)
