"""The suite as transcripts, run outside Python (``docs/transcripts.md``): the
node:test runners of both JavaScript examples read what ``generala-kit export``
writes, pass every transcript on the examples, and on a deliberately broken
variant of each (``tests/data/broken_js/broken.js``) fail exactly the cases
``check`` fails, case by case.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.node_runner import ready

ROOT = Path(__file__).resolve().parents[2]
KIT = [sys.executable, "-m", "generala_conformance.cli"]
NODE = shutil.which("node")
BROKEN = ROOT / "tests" / "data" / "broken_js" / "broken.js"
EXAMPLES = {"cards": ROOT / "examples" / "javascript", "dice": ROOT / "examples" / "javascript-dice"}

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH: the transcript runners cannot run")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Both games' suites, exported once for the module (and the runner's dependency installed)."""
    ready()
    root = tmp_path_factory.mktemp("transcripts")
    sets = {}
    for game in EXAMPLES:
        sets[game] = root / game
        run = subprocess.run([*KIT, "export", "--game", game, "--out", str(sets[game])], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
    return sets


def node_runner(
    game: str, transcripts: Path, verdicts: Path, engine: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``node --test`` of the game's runner on ``transcripts``, its verdicts written to ``verdicts``."""
    env = {**os.environ, "GENERALA_TRANSCRIPTS": str(transcripts), "GENERALA_VERDICTS": str(verdicts)}
    if engine is not None:
        env["GENERALA_ENGINE"] = json.dumps(engine)
    runner = EXAMPLES[game] / "transcripts.test.js"
    assert NODE is not None
    return subprocess.run([NODE, "--test", str(runner)], env=env, capture_output=True, text=True, timeout=600)


def node_verdicts(path: Path) -> dict[str, str]:
    return {case: verdict["outcome"] for case, verdict in json.loads(path.read_text("utf-8"))["cases"].items()}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_the_example_passes_every_transcript(game: str, exported: dict[str, Path], tmp_path: Path) -> None:
    run = node_runner(game, exported[game], tmp_path / "verdicts.json")
    index = json.loads((exported[game] / "index.json").read_text("utf-8"))
    verdicts = node_verdicts(tmp_path / "verdicts.json")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert len(verdicts) == index["transcripts"] > 0
    assert {outcome for outcome in verdicts.values()} == {"pass"}


BREAKAGES = [
    ("cards", "legal-and-codes"),
    ("cards", "out-of-play"),
    ("cards", "lead-why"),
    ("cards", "accepts-out-of-turn"),
    ("dice", "full-house"),
    ("dice", "first-roll"),
    ("dice", "closed-codes"),
    ("dice", "no-actions"),  # a reply of the wrong shape: an error under both
    ("dice", "crashes-on-five"),  # the circuit breaker opens, at the same case under both
    ("dice", "boolean-points"),  # the wrong types Python's == let pass (issue 42): errors under both
    ("dice", "fraction-points"),
    ("dice", "unknown-category"),
    ("cards", "boolean-seats"),
]
"""Each broken variant of ``broken.js``: what it spoils is said there; each breaks what another comparison checks."""


@pytest.mark.parametrize(("game", "mode"), BREAKAGES)
def test_a_broken_engine_fails_the_same_cases_under_node_and_check(
    game: str, mode: str, exported: dict[str, Path], tmp_path: Path
) -> None:
    assert NODE is not None
    engine = [NODE, str(BROKEN), str(EXAMPLES[game] / "engine.js"), mode]
    run = node_runner(game, exported[game], tmp_path / "verdicts.json", engine)
    node = node_verdicts(tmp_path / "verdicts.json")
    command = " ".join(f'"{part}"' for part in engine)
    report_path = tmp_path / "report.json"
    subprocess.run(
        [*KIT, "check", "--game", game, "--adapter-cmd", command, "--json", str(report_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    kit = {case["id"]: case["outcome"] for case in json.loads(report_path.read_text("utf-8"))["cases"]}
    index = json.loads((exported[game] / "index.json").read_text("utf-8"))
    excluded = {entry["id"] for entry in index["excluded"]}
    assert set(kit) - excluded == set(node)  # every case of check is a transcript or excluded by name
    assert {case: kit[case] for case in node} == node
    assert "pass" in node.values() and set(node.values()) != {"pass"}
    assert run.returncode != 0
    messages = [
        v["message"] or "" for v in json.loads((tmp_path / "verdicts.json").read_text("utf-8"))["cases"].values()
    ]
    if mode == "crashes-on-five":  # the breaker opened: later cases were not run, under both
        assert any("circuit breaker, --max-faults 5" in message for message in messages)


def test_a_runner_refuses_a_set_of_another_format(exported: dict[str, Path], tmp_path: Path) -> None:
    copy = tmp_path / "cards"
    shutil.copytree(exported["cards"], copy)
    index = json.loads((copy / "index.json").read_text("utf-8"))
    (copy / "index.json").write_text(json.dumps({**index, "format": 2}), "utf-8")
    run = node_runner("cards", copy, tmp_path / "verdicts.json")
    assert run.returncode != 0
    assert "format 2 is unknown; this runner reads format 1" in run.stdout
    assert not (tmp_path / "verdicts.json").exists()


def test_a_runner_names_the_file_and_line_of_a_line_that_is_not_json(exported: dict[str, Path], tmp_path: Path) -> None:
    copy = tmp_path / "dice"
    shutil.copytree(exported["dice"], copy)
    first = next(iter(json.loads((copy / "index.json").read_text("utf-8"))["files"]))
    lines = (copy / first).read_text("utf-8").splitlines()
    (copy / first).write_text("\n".join([lines[0], "{not json", *lines[2:]]) + "\n", "utf-8")
    run = node_runner("dice", copy, tmp_path / "verdicts.json")
    assert run.returncode != 0
    assert f"{first}:2: not JSON" in run.stdout


def test_a_runner_refuses_a_field_it_does_not_know(exported: dict[str, Path], tmp_path: Path) -> None:
    copy = tmp_path / "cards"
    shutil.copytree(exported["cards"], copy)
    first = next(iter(json.loads((copy / "index.json").read_text("utf-8"))["files"]))
    lines = (copy / first).read_text("utf-8").splitlines()
    changed = json.loads(lines[2])
    changed["requests"][0]["expect"]["novel"] = True
    (copy / first).write_text("\n".join([*lines[:2], json.dumps(changed), *lines[3:]]) + "\n", "utf-8")
    run = node_runner("cards", copy, tmp_path / "verdicts.json")
    assert run.returncode != 0
    assert f"{first}:3: requests[0].expect.novel: unknown to format 1" in run.stdout
