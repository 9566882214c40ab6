"""``generala-kit check``, ``serve`` and ``profile``, run as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from generala_conformance.suite import report

HERE = Path(__file__).parents[1]
IMPLS = HERE / "impls"
KIT = [sys.executable, "-m", "generala_conformance.cli"]
SERVE = " ".join([*KIT, "serve"])


def kit(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KIT, *args], cwd=tmp_path, input=stdin, capture_output=True, text=True, timeout=300)


def test_check_passes_the_reference_through_serve_with_reports(tmp_path: Path) -> None:
    done = kit(tmp_path, "check", "--adapter-cmd", SERVE, "--json", "r.json", "--junit", "j.xml")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    document = json.loads((tmp_path / "r.json").read_text("utf-8"))
    report.validate(document)
    assert document["ok"] and document["summary"]["pass"] == document["summary"]["total"] > 0
    assert document["adapter"] == f"process: {SERVE}"
    junit = ET.parse(tmp_path / "j.xml").getroot()
    assert sum(int(s.get("tests", 0)) for s in junit.iter("testsuite")) == document["summary"]["total"]
    assert "OK: nothing unexpected" in done.stdout


def test_check_filters_by_clause_and_tag(tmp_path: Path) -> None:
    done = kit(tmp_path, "check", "--clause", "R-JOKER", "--tag", "R-JOKER-*", "--json", "r.json")
    assert done.returncode == 0, done.stdout[-3000:]
    cases = json.loads((tmp_path / "r.json").read_text("utf-8"))["cases"]
    assert cases and all(any(c.startswith("R-JOKER-") for c in case["clauses"]) for case in cases)


def test_check_reports_a_failing_implementation_with_the_diverging_step(tmp_path: Path) -> None:
    adapter = f"{IMPLS / 'fa_reading.py'}:FaReading"
    done = kit(tmp_path, "check", "--adapter", adapter, "--tag", "option:tie-break=*", "--json", "r.json")
    document = json.loads((tmp_path / "r.json").read_text("utf-8"))
    # FaReading plays the kit's explicit options correctly: every case passes.
    assert done.returncode == 0 and document["ok"]
    done = kit(tmp_path, "profile", "--adapter", adapter, "--json", "p.json")
    assert done.returncode == 0, done.stderr
    found = json.loads((tmp_path / "p.json").read_text("utf-8"))
    assert found["options"]["tie-break"]["follows"] == "any-nearest"
    assert found["options"]["no-loser"]["follows"] == "two-or-more"
    assert "fa" in found["profiles"] and "default" not in found["profiles"]
    assert "profiles consistent with these findings:" in done.stdout


def test_profile_of_the_reference_is_the_default_profile(tmp_path: Path) -> None:
    done = kit(tmp_path, "profile")
    assert done.returncode == 0, done.stderr
    assert "tie-break          tied-nearest" in done.stdout
    assert "profiles consistent with these findings: default" in done.stdout


def test_check_exit_codes_for_bad_options_and_empty_selections(tmp_path: Path) -> None:
    missing = kit(tmp_path, "check", "--adapter-cmd", "no-such-engine-anywhere")
    assert missing.returncode == 2 and "adapter-cmd-not-found" in missing.stderr
    bad_adapter = kit(tmp_path, "check", "--adapter", "no_such_module:Factory")
    assert bad_adapter.returncode == 2 and "adapter-import" in bad_adapter.stderr
    (tmp_path / "e.yaml").write_text("version: 1\nexpectations: [{case: x, outcome: skip}]\n", "utf-8")
    bad_file = kit(tmp_path, "check", "--expectations", "e.yaml")
    assert bad_file.returncode == 2 and "expectations.0: 'reason' is a required property" in bad_file.stderr
    nothing = kit(tmp_path, "check", "--cases", str(HERE / "data" / "cases"), "-k", "no_case_is_called_this")
    assert nothing.returncode == 2 and "no case matched" in nothing.stderr


def test_serve_speaks_the_protocol_on_stdin_and_stdout(tmp_path: Path) -> None:
    lines = [
        {"id": 1, "cmd": "hello", "protocol": 1},
        {"id": 2, "cmd": "start", "setup": {"position": {"players": 2, "hands": [["9H"], ["2C", "JK"]], "leader": 0}}},
        {"id": 3, "cmd": "apply", "action": "9H", "player": 0},
        {"id": 4, "cmd": "legal"},
        {"id": 5, "cmd": "quit"},
    ]
    done = kit(tmp_path, "serve", stdin="".join(json.dumps(m) + "\n" for m in lines))
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, 2, 3, 4, 5] and all(r["ok"] for r in replies)
    assert replies[0]["result"]["protocol"] == 1
    assert replies[3]["result"]["actions"] == ["JK", "decline"]
