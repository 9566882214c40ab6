"""docs/fuzzing.md says what the fuzzer does: its example CI workflow is valid YAML
whose jobs run real `generala-kit fuzz` commands (one job per shard, then the merge),
and its example report names the fields a report has."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml
from generala_conformance.cli import build_parser
from generala_conformance.games.cards.fuzz import campaign, shards
from generala_conformance.games.cards.fuzz.differential import Settings

DOC = (Path(__file__).resolve().parents[2] / "docs" / "fuzzing.md").read_text("utf-8")
SAMPLE = {"matrix.shard": "3", "strategy.job-total": "8"}


def _block(language: str) -> str:
    (block,) = re.findall(rf"```{language}\n(.*?)```", DOC, re.S)
    return block


def _command(line: str, env: dict[str, str]) -> list[str]:
    """A workflow's command line as the shell would split it, expressions and variables filled in."""
    line = re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: SAMPLE[m.group(1)], line)
    words = shlex.split(line.replace("shard-*.json", "shard-1.json shard-2.json"))
    return [env.get(w[1:], w) if w.startswith("$") else w for w in words]


def test_the_ci_workflow_runs_one_job_per_shard_then_merges() -> None:
    workflow = yaml.safe_load(_block("yaml"))
    env = {"KIT": "generala-kit", "IMPL": workflow["env"]["IMPL"], "SEED": "5", "GAMES": "100000"}
    shard, merge = workflow["jobs"]["shard"], workflow["jobs"]["merge"]
    assert shard["strategy"]["matrix"]["shard"] == list(range(1, 9)) and shard["strategy"]["fail-fast"] is False
    assert merge["needs"] == "shard" and merge["if"] == "always()"
    runs = [_command(s["run"], env) for s in shard["steps"] if "generala-kit fuzz" in s.get("run", "")]
    (fuzz,) = runs
    args = build_parser().parse_args(fuzz[1:])
    assert (args.shard, args.seed, args.games, args.adapter_cmd) == ("3/8", 5, 100000, "node engine.js")
    assert shards.shard_range(args.games, args.shard) == range(25000, 37500)
    (merging,) = [_command(s["run"], env) for s in merge["steps"] if "--merge" in s.get("run", "")]
    args = build_parser().parse_args(merging[1:])
    assert args.merge == ["shard-1.json", "shard-2.json"] and args.report == "campaign.json"
    uploads = [s for s in shard["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
    assert uploads and uploads[0]["if"] == "always()" and "shard-${{ matrix.shard }}.json" in uploads[0]["with"]["path"]


def test_the_example_report_names_every_field_of_a_report() -> None:
    example = _block("json")
    summary = campaign.Summary(shards.parameters(7, 100000, Settings()), {"count": 8, "indices": [3]}, [[0, 1]])
    report = summary.report()
    for key in [*report, *report["campaign"], *report["campaign"]["options"], *report["shards"]]:
        assert f'"{key}"' in example, key
