"""spec/schemas/dice-protocol.schema.json is a valid schema, and what the dice
reference engine produces (snapshot, events, action texts) fits it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from generala_reference.dice import DiceGame, DiceRules, SeededDice, event_json, format_action
from jsonschema import Draft202012Validator

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "spec/schemas/dice-protocol.schema.json").read_text())


def part(name: str) -> Draft202012Validator:
    return Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"})


def test_the_dice_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("profile", ["default", "every-variation", "no-double"])
def test_a_whole_reference_game_fits_the_schema(profile: str) -> None:
    game = DiceGame(players=3, rules=DiceRules.of(profile), dice=SeededDice(5))
    state, event, action = part("state"), part("event"), part("action")
    while not game.is_over():
        state.validate(game.snapshot())
        legal = game.legal_actions()
        for one in legal:
            action.validate(format_action(one))
        for happened in game.apply(legal[len(legal) // 2]):
            event.validate(event_json(happened))
    assert game.snapshot()["over"] is True
    state.validate(game.snapshot())


def test_the_schema_refuses_a_hello_without_game_or_levels() -> None:
    hello = part("hello-result")
    good = {
        "name": "x",
        "version": "1",
        "language": "python",
        "protocol": 1,
        "game": "dice",
        "levels": ["scoring"],
        "options": {"straight": ["plain"]},
        "points": {"generala": 80},
        "reason_codes": True,
    }
    hello.validate(good)
    for broken in ({**good, "game": "cards"}, {**good, "levels": []}, {**good, "points": {"yacht": 50}}):
        assert not hello.is_valid(broken)
    assert not hello.is_valid({k: v for k, v in good.items() if k != "levels"})


def test_a_score_request_needs_five_dice_and_a_reply_null_or_points() -> None:
    request, reply = part("request"), part("reply-score")
    sent = {"id": 2, "cmd": "score", "dice": [4, 4, 4, 2, 6], "roll": 1, "thrown": 5, "rules": {}, "marks": {}}
    request.validate(sent)
    assert not request.is_valid({**sent, "dice": [4, 4, 4, 2]})
    assert not request.is_valid({**sent, "marks": {"fours": "done"}})
    reply.validate({"id": 2, "ok": True, "result": {"scores": {"fours": 12, "generala": None}, "wins": False}})
    assert not reply.is_valid({"id": 2, "ok": True, "result": {"scores": {"fours": -1}, "wins": False}})
