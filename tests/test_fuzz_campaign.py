"""``generala-kit fuzz`` as a campaign: shards, jobs, reports and their merge,
progress, fixtures written for a divergence, and the protocol path."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from generala_conformance.cli import main
from generala_conformance.fuzz import campaign
from generala_conformance.suite.fixtures import load_file


def test_shards_partition_the_games() -> None:
    parts = [campaign.shard_range(103, f"{i}/4") for i in range(1, 5)]
    assert [g for p in parts for g in p] == list(range(103))
    with pytest.raises(campaign.CampaignError):
        campaign.shard_range(10, "5/4")
    with pytest.raises(campaign.CampaignError):
        campaign.shard_range(10, "half")


def report(seed: int, start: int, stop: int, found: int = 0) -> dict:
    divergences = [{"game": start + i} for i in range(found)]
    summary = campaign.Summary(seed, [[start, stop]], games=stop - start, actions=10, divergences=divergences)
    return summary.report()


def test_merge_adds_up_and_refuses_mixed_campaigns() -> None:
    merged = campaign.merge([report(1, 50, 100, found=1), report(1, 0, 50, found=2)])
    assert merged["games"] == 100 and merged["actions"] == 20 and merged["ranges"] == [[0, 50], [50, 100]]
    assert [d["game"] for d in merged["divergences"]] == [0, 1, 50]
    for bad, code in (
        ([report(1, 0, 60), report(1, 50, 100)], "overlapping-shards"),
        ([report(1, 0, 50), report(2, 50, 100)], "seed-mismatch"),
        ([{"kind": "other"}], "not-a-fuzz-report"),
    ):
        with pytest.raises(campaign.CampaignError) as info:
            campaign.merge(bad)
        assert info.value.code == code


def test_cli_shards_with_jobs_then_merge(tmp_path, capsys) -> None:
    a, b, merged = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "all.json"
    assert main(["fuzz", "--games", "120", "--seed", "4", "--shard", "1/2", "--jobs", "2", "--report", str(a)]) == 0
    assert main(["fuzz", "--games", "120", "--seed", "4", "--shard", "2/2", "--report", str(b)]) == 0
    assert main(["fuzz", "--merge", str(a), str(b), "--report", str(merged)]) == 0
    data = json.loads(merged.read_text())
    assert data["games"] == 120 and data["divergences"] == [] and data["actions"] > 1000
    assert "fuzz: 120 games" in capsys.readouterr().err


def test_cli_progress_goes_to_stderr(capsys) -> None:
    assert main(["fuzz", "--games", "60", "--progress", "--players", "2,3"]) == 0
    out, err = capsys.readouterr()
    assert "fuzz: 60/60 (100%), " in err and "divergences" in err and "\r" not in err and "fuzz: 60 games" in out


def test_cli_finds_shrinks_and_writes_a_fixture(tmp_path, capsys) -> None:
    module = tmp_path / "broken.py"
    module.write_text(
        "from tests.broken_engines import adapter_for\n\ndef make():\n    return adapter_for('take-joker')\n", "utf-8"
    )
    out_dir = tmp_path / "fixtures"
    rep = tmp_path / "r.json"
    args = ["fuzz", "--adapter", f"{module}:make", "--games", "300", "--fixture-dir", str(out_dir)]
    args += ["--report", str(rep)]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "minimal reproduction:" in out and "fixture written:" in out
    assert any(glyph in out for glyph in "♣♦♥♠🃏")
    (path,) = out_dir.glob("*.yaml")
    (case,) = load_file(path)
    assert case.clauses == ("R-DECL-3",)  # the fuzzer's guess is right for this one
    entry = json.loads(rep.read_text())["divergences"][0]
    assert entry["replay"].startswith("generala-kit fuzz --seed 0 --game ") and "shrunk" in entry
    game = entry["game"]
    replay = shlex.split(entry["replay"])[1:]
    assert replay == ["fuzz", "--seed", "0", "--game", str(game), "--adapter", f"{module}:make"]
    assert main([*replay, "--fixture-dir", str(out_dir)]) == 1
    assert f"divergence in game {game}" in capsys.readouterr().out


def test_cli_bad_options_exit_2(capsys) -> None:
    assert main(["fuzz", "--players", "1-3"]) == 2
    assert main(["fuzz", "--shard", "0/3"]) == 2
    assert "bad-shard" in capsys.readouterr().err
    assert main(["fuzz", "--adapter", "no_such_module:make"]) == 2
    assert "adapter-import" in capsys.readouterr().err


def test_cli_refuses_a_profile_the_implementation_does_not_support(tmp_path, capsys) -> None:
    module = tmp_path / "narrow.py"
    module.write_text(
        "from generala_conformance.transport.reference_adapter import ReferenceAdapter\n\n"
        "class Narrow(ReferenceAdapter):\n"
        "    def hello(self):\n"
        "        return {**super().hello(), 'options': {'first-lead': ['forced-last-dealt']}}\n",
        "utf-8",
    )
    assert main(["fuzz", "--adapter", f"{module}:Narrow", "--profile", "fa", "--games", "5"]) == 2
    assert "unsupported-profile" in capsys.readouterr().err
    assert main(["fuzz", "--adapter", f"{module}:Narrow", "--games", "20"]) == 0


def test_through_the_protocol(capsys) -> None:
    command = f"{shlex.quote(sys.executable)} -m generala_conformance.cli serve"
    assert main(["fuzz", "--adapter-cmd", command, "--games", "15", "--seed", "9"]) == 0
    assert "0 divergences" in capsys.readouterr().out


def test_replay_command_keeps_the_settings_that_shape_the_games() -> None:
    from generala_conformance.cli import build_parser
    from generala_conformance.cli.fuzz import replay_command

    args = build_parser().parse_args(["fuzz", "--seed", "7", "--players", "4", "--endgames", "0", "--profile", "fa"])
    assert shlex.split(replay_command(args, 12)) == [
        *("generala-kit", "fuzz", "--seed", "7", "--game", "12"),
        *("--players", "4", "--endgames", "0.0", "--profile", "fa"),
    ]
