"""The dice protocol end to end: ``generala-kit serve --game dice`` speaks it (every
message valid against spec/schemas/dice-protocol.schema.json), ``check --game dice``
runs the suite over the pipe, the handshake names a game or level mismatch, a
scoring-only implementation skips the game level with that reason, a declared point
table is what the points are checked against, and serve refuses bad requests with
the documented codes (agreeing with the schema)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance.games.dice import request_checks
from generala_conformance.games.dice.game import GAME as DICE
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_conformance.transport import handshake
from generala_conformance.transport.request_checks import RequestError
from jsonschema import Draft202012Validator

from tests.integration.test_broken_engines_suite import run_check

HERE = Path(__file__)
VARIANTS = HERE.parents[1] / "impls" / "dice_variants.py"
SCHEMA = json.loads((HERE.resolve().parents[2] / "spec/schemas/dice-protocol.schema.json").read_text())
SERVE = f"{sys.executable} -m generala_conformance.cli serve --game dice"


def test_check_over_the_pipe_with_every_message_validated(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter-cmd", SERVE, "--validate-messages"])
    assert code == 0 and report["ok"], [c for c in report["cases"] if c["outcome"] != "pass"][:3]
    assert report["summary"]["pass"] > 1500
    assert report["implementation"]["game"] == "dice"


def test_a_card_engine_checked_as_dice_fails_the_handshake_with_one_message(tmp_path: Path) -> None:
    cards = f"{sys.executable} -m generala_conformance.cli serve"
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter-cmd", cards])
    assert code == 2 and report["aborted"]["code"] == "handshake-failed"
    assert "it plays cards" in report["aborted"]["message"] and "this run checks dice" in report["aborted"]["message"]


def test_a_scoring_only_implementation_skips_the_game_level(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{VARIANTS}:ScoringOnly"])
    assert code == 0, report["skips"]
    skips = {skip["reason"]: skip["count"] for skip in report["skips"]}
    assert list(skips) == ["level not supported: game"] and skips["level not supported: game"] >= 60
    assert report["summary"]["pass"] > 1400


def test_a_declared_table_is_what_the_points_are_checked_against(tmp_path: Path) -> None:
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{VARIANTS}:OwnTable"])
    assert code == 0, [c for c in report["cases"] if c["outcome"] != "pass"][:3]
    assert [skip["reason"] for skip in report["skips"]] == [
        "point table declared by the implementation (its points replace the point options)"
    ]
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{VARIANTS}:TableIgnored", "-x"])
    assert code == 1


def test_the_hello_of_a_dice_implementation_is_checked_field_by_field() -> None:
    hello = DiceReferenceAdapter().hello()
    assert handshake.problems(hello, DICE) == []
    assert handshake.problems({**hello, "levels": []}, DICE) == [
        "'levels' must be a non-empty list of scoring, game, not []"
    ]
    found = handshake.problems({**hello, "points": {"yacht": 50}}, DICE)
    assert len(found) == 2 and "unknown point table keys ['yacht']" in found[0]
    assert "do not list the point options" in found[1]
    assert handshake.problems({**hello, "options": {"tie-break": ["tied-nearest"]}}, DICE) == [
        "unknown option 'tie-break' (the options are " + ", ".join(DiceReferenceAdapter().hello()["options"]) + ")"
    ]
    assert "plays the game 'chess'" in handshake.problems({**hello, "game": "chess"}, DICE)[0]


REQUESTS = [
    ({"id": 1, "cmd": "score", "dice": [1, 2, 3, 4, 5], "roll": 1, "thrown": 5, "rules": {}, "marks": {}}, None),
    ({"id": 1, "cmd": "score", "dice": [1, 2, 3, 4], "roll": 1, "thrown": 5, "rules": {}, "marks": {}}, "bad-roll"),
    ({"id": 1, "cmd": "score", "dice": [1, 2, 3, 4, 7], "roll": 1, "thrown": 5, "rules": {}, "marks": {}}, "bad-roll"),
    ({"id": 1, "cmd": "score", "dice": [1, 2, 3, 4, 5], "roll": 0, "thrown": 5, "rules": {}, "marks": {}}, "bad-roll"),
    (
        {"id": 1, "cmd": "score", "dice": [1, 2, 3, 4, 5], "roll": 1, "thrown": 5, "rules": {}, "marks": {"x": "y"}},
        "bad-roll",
    ),
    ({"id": 1, "cmd": "start", "setup": {"players": 2}}, None),
    ({"id": 1, "cmd": "start", "setup": {"players": "2"}}, "bad-setup"),
    ({"id": 1, "cmd": "start", "setup": {"players": 11}}, "bad-players"),
    ({"id": 1, "cmd": "start", "setup": {"players": 2, "rules": {"rolls": 3}}}, "bad-setup"),
    ({"id": 1, "cmd": "apply", "action": "roll", "dice": [1, 2, 3, 4, 5]}, None),
    ({"id": 1, "cmd": "apply", "action": "roll", "dice": [0, 2, 3, 4, 5]}, "bad-dice"),
    ({"id": 1, "cmd": "apply", "action": "roll", "dice": [1, 2, 3, 4, 5, 6]}, "bad-dice"),
    ({"id": 1, "cmd": "apply", "action": "roll", "player": True}, "bad-player"),
    ({"id": 1, "cmd": "batch", "steps": [{"cmd": "apply", "action": "roll", "dice": [1, 1, 1, 1, 1]}]}, None),
    ({"id": 1, "cmd": "batch", "steps": [{"cmd": "deal", "deck": []}]}, "bad-request"),
    ({"id": 1, "cmd": "deal", "deck": []}, "unknown-command"),
]


@pytest.mark.parametrize(("request_", "code"), REQUESTS)
def test_serve_refuses_what_the_dice_schema_forbids_with_its_code(request_: dict, code: str | None) -> None:
    schema_ok = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/request"}).is_valid(request_)
    try:
        request_checks.check_request(request_)
        refused = None
    except RequestError as error:
        refused = error.code
    assert refused == code and schema_ok == (code is None)


def test_serve_answers_each_line_of_a_dice_session() -> None:
    lines = [
        {"id": 1, "cmd": "hello", "protocol": 1},
        {"id": 2, "cmd": "legal"},
        {"id": 3, "cmd": "start", "setup": {"players": 1}},
        {"id": 4, "cmd": "apply", "action": "roll", "dice": [6, 6, 6, 1, 2]},
        {"id": 5, "cmd": "apply", "action": "reroll 6 6 6", "dice": [6]},
        {"id": 6, "cmd": "apply", "action": "score generala"},
        {"id": 7, "cmd": "apply", "action": "score sixes"},
        {"id": 8, "cmd": "quit"},
    ]
    done = subprocess.run(
        SERVE.split(),
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert replies[0]["result"]["game"] == "dice" and replies[0]["result"]["batch"] is True
    assert replies[1]["error"]["code"] == "no-game"
    assert replies[4]["error"]["code"] == "bad-dice"
    assert replies[5]["error"] == {
        "kind": "illegal",
        "code": "does-not-qualify",
        "message": "[1, 2, 6, 6, 6] does not qualify for generala",
    }
    assert replies[6]["result"]["events"] == [
        {"type": "scored", "player": 0, "category": "sixes", "points": 18, "bonus": 0}
    ]
