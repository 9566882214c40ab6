"""The dice pages' answers in Python (dice_page_api, which the pages' JavaScript port must equal): the scorer answers
every roll as the dice reference scores it, with the clauses of each category, and
a game against the computer runs to its end with every event's clauses."""

from __future__ import annotations

import json
from itertools import combinations_with_replacement

import pytest
from generala_conformance.games.dice.site.page_api import DiceLesson, answer, score_text
from generala_reference.dice import Category, DiceRules, Mark, counts_of, score_roll
from generala_spec.options import profile_names

ROLLS = [list(r) for r in combinations_with_replacement(range(1, 7), 5)]


@pytest.mark.parametrize("profile", profile_names("dice"))
def test_the_scorer_gives_the_dice_references_points(profile: str) -> None:
    """Every one of the 252 rolls under the default rules; every fifth under the other profiles."""
    rules = DiceRules.of(profile)
    for dice in ROLLS if profile == "default" else ROLLS[::5]:
        for roll in (1, 2):
            reply = answer(dice, roll, False, {}, profile, {})
            expected = score_roll(counts_of(dice), rules, first_roll=roll == 1)
            assert {r["category"]: r["points"] for r in reply["rows"]} == {c.value: p for c, p in expected.items()}
            assert reply["profiles"][profile] == {c.value: p for c, p in expected.items()}


def test_a_full_house_from_the_first_roll_is_explained_by_its_clauses() -> None:
    reply = answer([3, 3, 3, 5, 5], 1, True, {}, "default", {})
    rows = {r["category"]: r for r in reply["rows"]}
    assert rows["full-house"]["points"] == 35 and rows["full-house"]["bonus"] == 5
    assert rows["full-house"]["clauses"] == ["D-SHEET-2", "D-CAT-4", "D-SCORE-3", "D-FIRST-1"]
    assert rows["threes"]["points"] == 9 and rows["threes"]["clauses"] == ["D-SHEET-2", "D-CAT-1", "D-SCORE-1"]
    assert rows["straight"]["points"] is None and rows["straight"]["clauses"] == ["D-CAT-2"]
    assert {"option": "first-roll-bonus", "value": "10", "ambiguity": "AMB-3", "changes": {"full-house": [35, 40]}} in (
        reply["variations"]
    )


def test_the_sheet_closes_categories_and_opens_double_generala() -> None:
    reply = answer([6] * 5, 2, False, {"generala": "scored", "sixes": "scratched"}, "default", {})
    rows = {r["category"]: r for r in reply["rows"]}
    assert rows["generala"]["points"] is None and rows["generala"]["clauses"] == ["D-SHEET-4"]
    assert rows["sixes"]["points"] is None and rows["sixes"]["clauses"] == ["D-SHEET-3"]
    assert rows["double-generala"]["points"] == 100
    expected = score_roll(counts_of([6] * 5), DiceRules.of(), generala=Mark.SCORED)
    assert rows["double-generala"]["points"] == expected[Category.DOUBLE_GENERALA]
    first = answer([6] * 5, 1, True, {"generala": "scratched"}, "default", {})
    assert first["auto_win"] == "D-FIRST-4" and answer([6] * 5, 1, True, {}, "default", {})["auto_win"] == "D-FIRST-3"


def test_a_straight_only_an_ace_for_two_makes_rests_on_d_cat_3() -> None:
    reply = answer([1, 1, 3, 4, 5], 2, False, {}, "default", {"straight-ace-for-two": "yes"})
    row = next(r for r in reply["rows"] if r["category"] == "straight")
    assert row["points"] == 20 and "D-CAT-3" in row["clauses"] and "D-CAT-2" not in row["clauses"]


def test_the_scorer_refuses_what_it_cannot_answer() -> None:
    assert json.loads(score_text("1 2 3", 1, True))["code"] == "bad-dice"
    assert json.loads(score_text("1 2 3 4 7", 1, True))["code"] == "bad-dice"
    assert json.loads(score_text("1 2 3 4 5", 4, False))["code"] == "bad-roll"
    assert json.loads(score_text("1 2 3 4 5", 4, False, "{}", "pt"))["ok"]  # the pt profile has four rolls
    assert json.loads(score_text("1 2 3 4 5", 1, True, '{"sevens": "open"}'))["code"] == "bad-sheet"
    assert json.loads(score_text("1 2 3 4 5", 1, True, "{}", "nobody"))["code"] == "unknown-profile"


def test_a_game_against_the_computer_reaches_its_end_with_clauses() -> None:
    lesson = DiceLesson(2, 11)
    state = json.loads(lesson.state())
    moves = 0
    while not state["over"]:
        move = "roll" if state["dice"] is None else state["choices"][0]["action"]
        state = json.loads(lesson.play(move))
        moves += 1
    assert state["winners"] and len(state["events"]) > 40 and moves > 10
    assert all(event["clauses"] for event in state["events"])
    assert state["events"][-1]["type"] == "game-over" and state["events"][-1]["clauses"][0] in ("D-END-1", "D-END-3")
    assert json.loads(lesson.play("roll"))["code"] == "not-your-turn"


def test_a_reroll_tells_the_dice_kept() -> None:
    lesson = DiceLesson(2, 3)
    state = json.loads(lesson.play("roll"))
    kept = state["dice"][:2]
    state = json.loads(lesson.play("reroll " + " ".join(map(str, kept))))
    rolled = [e for e in state["events"] if e["type"] == "rolled" and e["player"] == 0][-1]
    assert rolled["roll"] == 2 and rolled["kept"] == kept and rolled["clauses"] == ["D-TURN-2"]
