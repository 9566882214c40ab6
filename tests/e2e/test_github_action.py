"""The GitHub Action (``action.yml``): its keys are what GitHub expects of a composite
action, and its shell steps, run here as GitHub would run them (the inputs rendered
into each step's environment, ``GITHUB_OUTPUT`` and ``GITHUB_STEP_SUMMARY`` pointed at
temporary files), install the kit into a fresh environment and check the reference
and a broken engine; the ``docs/ci.md`` example workflow uses the action's inputs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from generala_conformance.suite import report

ROOT = Path(__file__).resolve().parents[2]
ACTION = yaml.safe_load((ROOT / "action.yml").read_text("utf-8"))
EXPRESSION = re.compile(r"\$\{\{\s*([a-z_.-]+)\s*\}\}")
PINNED = re.compile(r"^actions/[a-z-]+@v\d+$")


def test_the_action_has_the_keys_of_a_composite_action() -> None:
    assert set(ACTION) == {"name", "description", "author", "branding", "inputs", "outputs", "runs"}
    inputs = ACTION["inputs"]
    assert set(inputs) == {
        "command", "options", "expectations", "kit-version", "kit-source", "python-version", "report-dir",
        "artifact-name",
    }  # fmt: skip
    assert inputs["command"]["required"] is True
    for name, spec in inputs.items():
        assert set(spec) <= {"description", "required", "default"} and spec["description"], name
        assert spec["required"] or "default" in spec, f"optional input {name} needs a default"
    assert re.fullmatch(r"\d+\.\d+\.\d+", inputs["kit-version"]["default"]), "the kit version is pinned"
    assert set(ACTION["outputs"]) == {"exit-code", "json", "junit", "markdown", "html"}
    assert all(set(o) == {"description", "value"} for o in ACTION["outputs"].values())
    runs = ACTION["runs"]
    assert set(runs) == {"using", "steps"} and runs["using"] == "composite"
    for step in runs["steps"]:
        assert "name" in step and ("uses" in step) != ("run" in step), step
        if "uses" in step:
            assert PINNED.match(step["uses"]), f"{step['uses']}: pin an action at a major version"
        else:
            assert step["shell"] == "bash" and "${{" not in step["run"], "inputs reach scripts through env only"
    uses = {step["uses"].split("@")[0]: step for step in runs["steps"] if "uses" in step}
    assert uses["actions/upload-artifact"]["if"] == "always()"  # the reports of a failing run too
    assert uses["actions/upload-artifact"]["with"]["path"] == "${{ inputs.report-dir }}"
    referenced = {m for step in runs["steps"] for m in EXPRESSION.findall(json.dumps(step))}
    referenced |= {m for o in ACTION["outputs"].values() for m in EXPRESSION.findall(o["value"])}
    assert {r.split(".", 1)[1] for r in referenced if r.startswith("inputs.")} == set(inputs), "every input used"


class Runner:
    """Runs the action's shell steps like a GitHub runner: expressions rendered from the
    inputs and the earlier steps' outputs, the job's files in a temporary directory."""

    def __init__(self, workspace: Path, path: str, inputs: dict[str, str]) -> None:
        self.workspace, self.path = workspace, path
        self.inputs = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()} | inputs
        self.outputs: dict[str, dict[str, str]] = {}
        self.summary = workspace / "step-summary.md"

    def render(self, text: str) -> str:
        def value(match: re.Match[str]) -> str:
            kind, _, rest = match.group(1).partition(".")
            if kind == "inputs":
                return self.inputs[rest]
            step, _, name = rest.partition(".outputs.")
            return self.outputs.get(step, {}).get(name, "")

        return EXPRESSION.sub(value, text)

    def run(self, step: dict) -> subprocess.CompletedProcess[str]:
        output = self.workspace / f"output-{len(self.outputs)}"
        output.write_text("", "utf-8")
        env = {**os.environ, "PATH": self.path, "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(self.summary)}
        env |= {"GITHUB_WORKSPACE": str(self.workspace), "GITHUB_ACTION_PATH": str(ROOT)}
        env |= {name: self.render(str(value)) for name, value in step.get("env", {}).items()}
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]],
            cwd=self.workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        lines = output.read_text("utf-8").splitlines()
        self.outputs[step.get("id", step["name"])] = dict(line.split("=", 1) for line in lines)
        return done

    def run_all(self) -> dict[str, subprocess.CompletedProcess[str]]:
        return {step["name"]: self.run(step) for step in ACTION["runs"]["steps"] if "run" in step}


@pytest.mark.slow
def test_the_action_s_steps_install_the_kit_check_and_write_the_summary_and_reports(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    path = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"
    serve = f"{venv / 'bin' / 'generala-kit'} serve"
    engines = ROOT / "tests" / "broken_engines.py"

    passing = tmp_path / "passing"
    passing.mkdir()
    runner = Runner(passing, path, {"command": serve, "options": "--clause R-JOKER-4", "kit-source": str(ROOT)})
    done = runner.run_all()
    install = done["Install generala-kit"]
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    assert re.search(
        r"^generala-kit \d+\.\d+\.\d+ \(cards suite \d+\.\d+\.\d+, dice suite \d+\.\d+\.\d+, protocol 1\)$",
        install.stdout,
        re.M,
    )
    outputs = runner.outputs["check"]
    assert outputs["exit-code"] == "0", done["Run the conformance suite"].stdout[-3000:]
    assert done["Verdict"].returncode == 0
    reports = passing / "generala-reports"  # what the upload step uploads
    assert sorted(p.name for p in reports.iterdir()) == ["html", "junit.xml", "report.json", "summary.md"]
    assert outputs["html"] == "generala-reports/html"
    assert "generala-kit reference" in (reports / "html" / "index.html").read_text("utf-8")
    badges = [json.loads(path.read_text("utf-8")) for path in (reports / "html" / "badges").glob("*.json")]
    assert badges and all(b["schemaVersion"] == 1 and b["message"].startswith("rules 100%") for b in badges)
    assert outputs["json"] == "generala-reports/report.json"
    document = json.loads((reports / "report.json").read_text("utf-8"))
    report.validate(document)
    assert document["ok"] and document["summary"]["pass"] > 0
    assert sum(int(s.get("tests", 0)) for s in ET.parse(reports / "junit.xml").getroot().iter("testsuite")) > 0
    summary = runner.summary.read_text("utf-8")
    assert summary.startswith("### ✅ Générala conformance: OK") and summary == (reports / "summary.md").read_text()

    failing = tmp_path / "failing"
    failing.mkdir()
    (failing / "expected.yaml").write_text(
        "version: 1\nexpectations:\n- {tag: 'option:first-lead=free', outcome: skip, reason: later}\n", "utf-8"
    )
    broken = f"{serve} --adapter {engines}:must_beat_adapter"
    inputs = {"command": broken, "options": "--clause R-FOLLOW-2 --jobs 1", "expectations": "expected.yaml"}
    runner = Runner(failing, path, inputs)
    check, verdict = runner.run(ACTION["runs"]["steps"][2]), runner.run(ACTION["runs"]["steps"][4])
    assert runner.outputs["check"]["exit-code"] == "1", check.stdout[-3000:] + check.stderr[-3000:]
    assert verdict.returncode == 1 and "::error title=generala-kit::the implementation diverged" in verdict.stdout
    summary = runner.summary.read_text("utf-8")
    assert summary.startswith("### ❌ Générala conformance: NOT OK")
    assert "| R-FOLLOW-2 — " in summary
    document = json.loads((failing / "generala-reports" / "report.json").read_text("utf-8"))
    assert document["expectations"]["file"].endswith("expected.yaml")
    page = (failing / "generala-reports" / "html" / "index.html").read_text("utf-8")
    assert "R-FOLLOW-2" in page and "fail" in page


def test_the_docs_example_workflow_uses_the_action_with_its_inputs() -> None:
    text = (ROOT / "docs" / "ci.md").read_text("utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    workflow = yaml.safe_load(blocks[0])
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    ours = [s for s in steps if "generala-kit@" in s.get("uses", "")]
    assert len(ours) == 1 and set(ours[0]["with"]) <= set(ACTION["inputs"]) and "command" in ours[0]["with"]
    assert re.search(r"generala-kit@v\d+\.\d+\.\d+$", ours[0]["uses"]), "pin the action at a release"
    assert all(PINNED.match(s["uses"]) for s in steps if "uses" in s and s is not ours[0])
