"""The independent JavaScript engine of ``examples/javascript`` against the kit.

It proves that an engine in another language plugs into the kit through the
JSON-lines protocol: the whole conformance suite must pass, and a short fuzz
campaign against the reference engine must find no divergence.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from generala_spec.options import options, profile_names, resolve

ENGINE = Path(__file__).resolve().parents[2] / "examples" / "javascript" / "engine.js"
KIT = [sys.executable, "-m", "generala_conformance.cli"]
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH: the JavaScript example cannot run")


def adapter_cmd() -> str:
    """The --adapter-cmd of the engine (the kit splits it like a shell would)."""
    return f'"{NODE}" "{ENGINE}"'


def kit(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KIT, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)


def test_the_whole_suite_passes(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    run = kit(tmp_path, "check", "--adapter-cmd", adapter_cmd(), "--json", str(report_path))
    report = json.loads(report_path.read_text(encoding="utf-8"))
    not_passed = [
        (case["id"], case["outcome"], case["message"]) for case in report["cases"] if case["outcome"] != "pass"
    ]
    assert not_passed == [], run.stdout[-3000:]
    assert report["summary"]["total"] == len(report["cases"]) > 0
    assert report["implementation"]["language"] == "javascript"
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]


def converse(*requests: dict) -> list[dict]:
    """Send requests to a fresh engine process, one JSON line each, and read its replies."""
    lines = "".join(json.dumps({"id": i, **request}) + "\n" for i, request in enumerate(requests, 1))
    run = subprocess.run([NODE, str(ENGINE)], input=lines, capture_output=True, text=True, timeout=60, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_the_engine_leaves_out_of_a_batch_result_what_its_step_does_not_need() -> None:
    position = {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}
    steps = [
        {"cmd": "apply", "action": "9H", "player": 0, "state": False},
        {"cmd": "apply", "action": "10H", "player": 1, "state": False},
        {"cmd": "apply", "action": "3C", "player": 1},
    ]
    _, _, batch, wrong = converse(
        {"cmd": "hello", "protocol": 1},
        {"cmd": "start", "setup": {"rules": {"first-lead": "free"}, "position": position}},
        {"cmd": "batch", "steps": steps},
        {"cmd": "batch", "steps": [{"cmd": "apply", "action": "2C", "state": 0}]},
    )
    results = batch["result"]["results"]
    assert [sorted(set(r) - {"ok", "events", "error"}) for r in results] == [
        ["actions"],
        ["actions"],
        ["actions", "state"],
    ]
    assert (wrong["ok"], wrong["error"]["kind"]) == (False, "bad-request")


def test_the_engine_announces_every_rule_option_and_resolves_the_profiles() -> None:
    profiles = profile_names()
    position = {"players": 2, "hands": [["9H"], ["2C"]], "leader": 0}
    hello, *starts = converse(
        {"cmd": "hello", "protocol": 1},
        *({"cmd": "start", "setup": {"profile": name, "position": position}} for name in profiles),
    )
    expected = {name: sorted(option.values) for name, option in options().items()}
    assert {name: sorted(values) for name, values in hello["result"]["options"].items()} == expected
    assert [reply["result"]["state"]["rules"] for reply in starts] == [resolve(name) for name in profiles]


def test_a_short_fuzz_campaign_finds_no_divergence(tmp_path: Path) -> None:
    report_path = tmp_path / "fuzz.json"
    run = kit(
        tmp_path,
        "fuzz",
        "--adapter-cmd",
        adapter_cmd(),
        "--games",
        "300",
        "--seed",
        "11",
        "--series",
        "0.3",
        "--illegal-rate",
        "0.1",
        "--fixture-dir",
        str(tmp_path),
        "--report",
        str(report_path),
    )
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["games"] == 300
    assert report["actions"] > 0
    assert report["divergences"] == [], run.stdout[-3000:] + run.stderr[-3000:]
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
