"""A report is always written (issue 42, item 3): whatever goes wrong once the cases
run, the reports asked for are written whole, marked not OK, with what ran (the
interrupted runs are ``test_signals.py``'s)."""

from __future__ import annotations

import copy
import json
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from generala_conformance.suite import report
from generala_conformance.suite.report_rescue import ReportUnwritable, rescued

from tests.hostile_runs import KIT

DICE_FIXTURE = Path(__file__).parents[3] / "scenarios" / "dice" / "fixtures" / "game" / "categories.yaml"


def _a_document(tmp_path: Path) -> dict:
    """The JSON report of ``check --game dice`` on two cases of the kit's suite."""
    folder = tmp_path / "cases"
    folder.mkdir()
    data = yaml.safe_load(DICE_FIXTURE.read_text("utf-8"))
    data["cases"] = data["cases"][:2]
    (folder / "two.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    done = subprocess.run(
        [*KIT, "check", "--game", "dice", "--cases", str(folder), "--json", str(tmp_path / "r.json")],
        capture_output=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads((tmp_path / "r.json").read_text("utf-8"))


def test_a_report_the_schema_refuses_a_case_of_leaves_it_out_and_fails_the_run(tmp_path: Path) -> None:
    document = _a_document(tmp_path)
    assert rescued(document) is document  # a valid report is left as it is
    broken = copy.deepcopy(document)
    broken["cases"][1]["id"] = ""
    fixed = rescued(broken)
    report.validate(fixed)
    assert fixed["ok"] is False and fixed["verdict"].startswith("NOT OK: the report cannot hold 1 case(s)")
    assert "cases/1/id" in fixed["error"]
    assert [case["id"] for case in fixed["cases"]] == [document["cases"][0]["id"]]
    assert fixed["summary"] == document["summary"]  # what ran is still counted
    broken["adapter"] = 7  # outside the cases: a kit bug, said in one line
    with pytest.raises(ReportUnwritable, match=r"^the report does not validate at adapter: "):
        rescued(broken)


def test_a_case_with_an_empty_id_gets_every_report_written_and_not_ok(tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    data = yaml.safe_load(DICE_FIXTURE.read_text("utf-8"))
    data["cases"] = data["cases"][:2]
    data["cases"][0]["id"] = ""
    (folder / "bad.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    argv = [*KIT, "check", "--game", "dice", "--cases", str(folder), "--json", "r.json", "--junit", "j.xml"]
    done = subprocess.run([*argv, "--markdown", "m.md"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-3000:]
    assert done.returncode == 2
    document = json.loads((tmp_path / "r.json").read_text("utf-8"))
    report.validate(document)
    assert document["ok"] is False and document["error"]
    assert ET.parse(tmp_path / "j.xml").getroot().tag in ("testsuites", "testsuite")
    assert "NOT OK" in (tmp_path / "m.md").read_text("utf-8")
