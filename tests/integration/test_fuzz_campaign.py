"""``generala-kit fuzz`` as a campaign: shards, jobs, reports and their merge,
progress, fixtures written for a divergence, and the protocol path."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from generala_conformance import games
from generala_conformance.cli import main
from generala_conformance.games.cards.fixtures import load_file
from generala_conformance.games.cards.fuzz import campaign, shards
from generala_conformance.games.cards.fuzz.differential import Settings


def test_shards_partition_the_games() -> None:
    parts = [shards.shard_range(103, f"{i}/4") for i in range(1, 5)]
    assert [g for p in parts for g in p] == list(range(103))
    with pytest.raises(shards.CampaignError):
        shards.shard_range(10, "5/4")
    with pytest.raises(shards.CampaignError):
        shards.shard_range(10, "half")


PARAMS = shards.parameters(1, 100, Settings())


def report(index: int, count: int = 2, found: int = 0, **changed: object) -> dict:
    """The report of shard ``index`` of ``count`` of a 100-game campaign (``changed``: other parameters)."""
    games = shards.shard_range(100, f"{index}/{count}")
    divergences = [{"game": games.start + i} for i in range(found)]
    summary = campaign.Summary(
        {**PARAMS, **changed},
        {"count": count, "indices": [index]},
        [[games.start, games.stop]],
        games=len(games),
        actions=10,
        divergences=divergences,
    )
    return summary.report()


def test_merge_adds_up_the_shards_of_one_campaign() -> None:
    merged = campaign.merge([report(2, found=1), report(1, found=2)])
    assert merged["games"] == 100 and merged["actions"] == 20 and merged["ranges"] == [[0, 50], [50, 100]]
    assert [d["game"] for d in merged["divergences"]] == [0, 1, 50]
    assert merged["campaign"] == PARAMS and merged["shards"] == {"count": 2, "indices": [1, 2]}
    again = campaign.merge([merged])  # a merged report is itself a complete campaign
    assert again["games"] == 100 and again["shards"] == merged["shards"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", 2),
        ("games", 99),
        ("options.illegal_rate", 0.1),
        ("kit", "0.0.1"),
        ("suite", "sha256:0000000000000000"),
    ],
)
def test_merge_refuses_a_shard_of_another_campaign_and_names_what_differs(field: str, value: object) -> None:
    name, _, option = field.partition(".")
    changed = {"options": {**PARAMS["options"], option: value}} if option else {name: value}
    with pytest.raises(shards.CampaignError) as info:
        campaign.merge([report(1), report(2, **changed)], ["a.json", "b.json"])
    assert info.value.code == "campaign-mismatch"
    assert str(info.value).startswith("b.json is a shard of another campaign: " + field)
    assert "in a.json" in str(info.value)


def test_merge_names_the_missing_and_repeated_shards() -> None:
    with pytest.raises(shards.CampaignError) as info:
        campaign.merge([report(1, 5), report(3, 5), report(3, 5)])
    assert info.value.code == "missing-shards"
    assert str(info.value) == "shard(s) 2, 4, 5 of 5 missing; shard(s) 3 given more than once"
    with pytest.raises(shards.CampaignError) as info:
        campaign.merge([report(1), report(2), report(2)])
    assert (info.value.code, str(info.value)) == ("repeated-shards", "shard(s) 2 given more than once")
    with pytest.raises(shards.CampaignError) as info:
        campaign.merge([report(1, 2), report(2, 3)])
    assert info.value.code == "shard-count-mismatch"


def test_merge_refuses_what_is_not_a_shard_report_of_this_version() -> None:
    one_game = {**report(1, 1), "shards": None}
    old = {**report(1, 1), "version": 1}
    for bad, code in (
        ([{"kind": "other"}], "not-a-fuzz-report"),
        ([one_game], "not-a-shard"),
        ([old], "report-version"),
    ):
        with pytest.raises(shards.CampaignError) as info:
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
    assert entry["replay"].startswith("generala-kit fuzz --seed 0 --replay ") and "shrunk" in entry
    game = entry["game"]
    replay = shlex.split(entry["replay"])[1:]
    assert replay == ["fuzz", "--seed", "0", "--replay", str(game), "--adapter", f"{module}:make"]
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
        "from generala_conformance.games.cards.reference_adapter import ReferenceAdapter\n\n"
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
    from generala_conformance.games.cards.commands.fuzz import replay_command

    args = build_parser().parse_args(["fuzz", "--seed", "7", "--players", "4", "--endgames", "0", "--profile", "fa"])
    assert shlex.split(replay_command(args, 12)) == [
        *("generala-kit", "fuzz", "--seed", "7", "--replay", "12"),
        *("--players", "4", "--endgames", "0.0", "--profile", "fa"),
    ]


def test_each_pool_worker_keeps_one_implementation_process_for_the_whole_campaign(tmp_path) -> None:
    from generala_conformance.transport.impl_options import OpenAdapter

    pids = tmp_path / "pids"
    serve = f"{shlex.quote(sys.executable)} -m generala_conformance.cli serve"
    command = f"sh -c 'echo $$ >> {shlex.quote(str(pids))}; exec {serve}'"  # exec: the pid written is serve's
    two = Settings(players=(2,), endgame_rate=1.0)  # small endgames: quick games
    results = list(
        campaign.run(OpenAdapter(games.get("cards"), adapter_cmd=command), 3, range(48), two, jobs=2, chunk=6)
    )
    assert len(results) == 8 and sum(r.games for r in results) == 48 and not any(r.found for r in results)
    started = pids.read_text().split()
    assert 1 <= len(started) <= 2  # one per worker, not one per chunk (8)
    for pid in map(int, started):  # and each is stopped when its worker exits
        with pytest.raises(ProcessLookupError):
            _wait_gone(pid)


def _wait_gone(pid: int) -> None:
    import os
    import time

    deadline = time.monotonic() + 10  # a bound, so that a leak fails instead of hanging
    while time.monotonic() < deadline:
        os.kill(pid, 0)  # raises ProcessLookupError once the process is gone
        time.sleep(0.05)


def test_cli_merge_says_which_shards_do_not_belong_or_are_missing(tmp_path, capsys) -> None:
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    assert main(["fuzz", "--games", "30", "--seed", "4", "--shard", "1/3", "--report", str(a)]) == 0
    assert main(["fuzz", "--games", "30", "--seed", "4", "--shard", "2/3", "--report", str(b)]) == 0
    assert main(["fuzz", "--games", "30", "--seed", "4", "--shard", "3/3", "--mixed", "0.5", "--report", str(c)]) == 0
    capsys.readouterr()
    assert main(["fuzz", "--merge", str(a), str(b), str(c)]) == 2
    err = capsys.readouterr().err
    assert f"{c} is a shard of another campaign: options.mixed_rate 0.25 in {a}, 0.5 here [campaign-mismatch]" in err
    assert "Traceback" not in err
    assert main(["fuzz", "--merge", str(a), str(b)]) == 2
    assert "shard(s) 3 of 3 missing [missing-shards]" in capsys.readouterr().err
