"""``fuzz``, ``perft`` and ``profile`` survive what an implementation does not
support (issue 15, parts 2 and 6): a setup answered ``unsupported`` is counted and
left out, series declared missing are never drawn, a failed handshake is one
message and exit code 2 — never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance.cli import main
from generala_conformance.games.cards.fuzz import campaign, shards
from generala_conformance.games.cards.fuzz.differential import Settings, game_rng, random_setup, setup_kind

IMPLS = Path(__file__).parents[1] / "impls"
READINGS = IMPLS / "fa_reading.py"


def test_fuzz_leaves_out_a_series_answered_unsupported_and_stops_drawing_series(tmp_path: Path, capsys) -> None:
    path = tmp_path / "r.json"
    code = main(
        ["fuzz", "--adapter", f"{READINGS}:NoSeries", "--games", "40", "--series", "0.5", "--report", str(path)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    report = json.loads(path.read_text("utf-8"))
    assert report["unsupported"] == {"series": {"games": 1, "reason": "series are not implemented"}}
    assert report["games"] == 39
    assert "left out: 1 game(s) of series, answered unsupported (series are not implemented); no series drawn" in out


def test_fuzz_never_draws_series_the_hello_declares_missing(capsys) -> None:
    code = main(["fuzz", "--adapter", f"{READINGS}:SeriesDeclaredMissing", "--games", "30", "--series", "0.5"])
    out = capsys.readouterr().out
    assert code == 0 and "0 divergences" in out and "left out" not in out


def test_without_draws_the_same_game_as_a_plain_deal() -> None:
    settings = Settings(series_rate=1.0, endgame_rate=0.0)
    series = random_setup(game_rng(3, 4), settings, {})
    plain = random_setup(game_rng(3, 4), Settings(series_rate=1.0, endgame_rate=0.0, without=("series",)), {})
    assert setup_kind(series) == "series" and setup_kind(plain) == "deals"
    assert {k: v for k, v in series.items() if k != "series"} == plain


def test_left_out_games_merge_across_shards() -> None:
    params = shards.parameters(1, 9, Settings())
    one = campaign.Summary(params, {"count": 2, "indices": [1]}, [[0, 4]]).report()
    two = campaign.Summary(params, {"count": 2, "indices": [2]}, [[4, 9]]).report()
    one["unsupported"], two["unsupported"] = (
        {"series": {"games": 2, "reason": "r"}},
        {"series": {"games": 1, "reason": "r"}},
    )
    assert campaign.merge([one, two])["unsupported"] == {"series": {"games": 3, "reason": "r"}}


def test_perft_table_skips_what_the_implementation_lacks_and_runs_the_rest(capsys) -> None:
    assert main(["perft", "--table", "--adapter", f"{READINGS}:FreeLeadOnly"]) == 0
    out = capsys.readouterr().out
    assert "skip " in out and "option value not supported: first-lead=forced-last-dealt" in out
    assert "0 failed" in out and " 0 ok" not in out


def test_perft_count_of_an_unsupported_setup_is_one_message(capsys) -> None:
    assert main(["perft", "--adapter", f"{READINGS}:FreeLeadOnly", "--rule", "first-lead=forced-last-dealt"]) == 2
    err = capsys.readouterr().err
    assert "first-lead=forced-last-dealt is not implemented [Unsupported]" in err


@pytest.mark.parametrize(
    "command", [["check"], ["fuzz", "--games", "3"], ["perft", "--table"], ["perft", "-d", "2"], ["profile"]]
)
def test_a_failed_handshake_is_one_message_and_exit_2(tmp_path: Path, command: list[str]) -> None:
    missing = f"{sys.executable} {tmp_path / 'missing.py'}"
    done = subprocess.run(
        [sys.executable, "-m", "generala_conformance.cli", *command, "--adapter-cmd", missing],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    said = done.stdout + done.stderr if command == ["check"] else done.stderr  # check: in its run's summary
    assert f"the implementation `{missing}` never completed the handshake: " in said
    assert "[handshake-failed]" in said and "Traceback" not in done.stderr + done.stdout
