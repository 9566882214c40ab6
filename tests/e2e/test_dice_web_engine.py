"""The dice pages' JavaScript (``conformance/games/dice/web/``) against the kit and against
the Python it ports: the whole dice suite through ``check --adapter-cmd`` on ``serve.mjs``;
the scorer's answers equal ``dice_page_api``'s (parsed JSON) on every roll of five dice under
every profile, on sheets and option overrides, and on bad input; whole games on the play
page's lesson equal the Python lesson's, the dice thrown from the same seeds; and a port with
one rule broken fails both."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.games.dice.site.page_api import DiceLesson, score_text
from generala_reference.dice import DiceRules
from generala_spec.options import options, profile_names

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "conformance" / "games" / "dice" / "web"
SHARED = ROOT / "conformance" / "core" / "web"
"""The JavaScript both games' ports share (``pyrandom.mjs``)."""
HARNESS = Path(__file__).with_name("dice_web_answers.mjs")
NODE = shutil.which("node")
KIT = [sys.executable, "-m", "generala_conformance.cli"]
ROLLS = [" ".join(map(str, r)) for r in combinations_with_replacement(range(1, 7), 5)]
SHEETS = (
    {},
    {"generala": "scored", "sixes": "scratched"},
    {"generala": "scratched", "straight": "scored", "ones": "scored"},
    {"double-generala": "scored", "full-house": "scratched", "generala": "scored"},
)
BAD = (
    ("1 2 3 4 7", 1, True, {}, "default", {}),  # a die of 7
    ("1 2 3 4", 1, True, {}, "default", {}),  # four dice
    ("one two three four five", 1, True, {}, "default", {}),  # words
    ("1 2 3 4 5", 4, False, {}, "default", {}),  # a fourth roll under three rolls
    ("1 2 3 4 5", 0, False, {}, "default", {}),
    ("1 2 3 4 5", 1, True, {"sevens": "open"}, "default", {}),
    ("1 2 3 4 5", 1, True, {"ones": "crossed"}, "default", {}),
    ("1 2 3 4 5", 1, True, {}, "nobody", {}),
    ("1 2 3 4 5", 1, True, {}, "default", {"straight": "curved"}),
    ("1 2 3 4 5", 1, True, {}, "default", {"colour": "red"}),
)

pytestmark = pytest.mark.skipif(
    NODE is None, reason="node (Node.js) is not on PATH: the dice pages' JavaScript cannot run"
)


def js_answers(questions: list[dict[str, Any]], harness: Path = HARNESS) -> list[Any]:
    """The JavaScript page API's answers to ``questions``, in one node process."""
    run = subprocess.run(
        [str(NODE), str(harness)], input=json.dumps(questions), capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return list(json.loads(run.stdout))


def py_score(question: tuple[Any, ...]) -> Any:
    dice, roll, all_five, sheet, profile, overrides = question
    return json.loads(score_text(dice, roll, all_five, json.dumps(sheet), profile, json.dumps(overrides)))


def scorer_questions(profile: str) -> list[tuple[Any, ...]]:
    """Every roll under ``profile``: the roll number cycles through 1 … the last roll and the
    one after it (refused), all five thrown or not, so every roll number meets every profile."""
    numbers = DiceRules.of(profile).max_rolls + 1
    return [(dice, 1 + i % numbers, i % 3 != 1, {}, profile, {}) for i, dice in enumerate(ROLLS)]


def run_check(web: Path, tmp_path: Path) -> dict[str, Any]:
    report_path = tmp_path / "report.json"
    command = f'"{NODE}" "{web / "serve.mjs"}"'
    flags = ["--validate-messages", "--no-skip", "--json", str(report_path)]
    subprocess.run(
        [*KIT, "check", "--game", "dice", "--adapter-cmd", command, *flags],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return dict(json.loads(report_path.read_text(encoding="utf-8")))


def test_the_whole_dice_suite_passes_on_the_pages_engine(tmp_path: Path) -> None:
    report = run_check(WEB, tmp_path)
    outcomes = [case["outcome"] for case in report["cases"]]
    assert outcomes.count("pass") == len(outcomes) > 2000, [c for c in report["cases"] if c["outcome"] != "pass"][:5]
    assert {case["id"].split("/")[0] for case in report["cases"]} >= {"scoring", "game"}
    assert report["implementation"]["language"] == "javascript"


@pytest.mark.parametrize("profile", profile_names("dice"))
def test_the_scorer_answers_every_roll_as_the_python_page(profile: str) -> None:
    questions = scorer_questions(profile)
    seen = js_answers([{"score": list(q)} for q in questions])
    for question, answer in zip(questions, seen, strict=True):
        assert answer == py_score(question), question
    assert sum(a["ok"] for a in seen) > 150 and not all(a["ok"] for a in seen)  # refused: the roll after the last


def test_the_scorer_agrees_on_sheets_and_option_overrides() -> None:
    picker = random.Random(43)
    every = [(name, value) for name, option in options("dice").items() for value in option.values]
    questions = []
    for i, (name, value) in enumerate(every * 4):
        dice = picker.choice(ROLLS[-30:] if i % 2 else ROLLS)  # five of a kind and high rolls often
        profile = picker.choice(profile_names("dice"))
        questions.append((dice, picker.randint(1, 3), picker.random() < 0.5, SHEETS[i % 4], profile, {name: value}))
    questions += BAD
    seen = js_answers([{"score": list(q)} for q in questions])
    for question, answer in zip(questions, seen, strict=True):
        want = py_score(question)
        if want["ok"]:
            assert answer == want, question
        else:
            assert (answer["ok"], answer["code"]) == (False, want["code"]), question
    assert [a["code"] for a in seen[-len(BAD) :]] == [
        "bad-dice",
        "bad-dice",
        "bad-dice",
        "bad-roll",
        "bad-roll",
        "bad-sheet",
        "bad-sheet",
        "unknown-profile",
        "unknown-option-value",
        "unknown-option",
    ]


def test_the_pages_start_with_the_same_forms() -> None:
    from generala_conformance.games.dice.site.page_api import start

    assert js_answers([{"start": True}]) == [json.loads(start())]


def python_game(players: int, seed: int, profile: str) -> tuple[list[str], list[Any]]:
    """A whole game on the Python lesson: P1 re-rolls now and then, tries a wrong move now and
    then, and scores or scratches what the lesson offers; the moves and every reply."""
    lesson = DiceLesson(players, seed, profile)
    picker = random.Random(seed)
    state = json.loads(lesson.state())
    moves: list[str] = []
    replies = [state]
    wrong = ["roll", "reroll 9", "score sevens", "dance", "reroll 1 1 1 1 1 1", "score generala"]
    while not state["over"] and len(moves) < 400:
        if picker.random() < 0.15:
            move = picker.choice(wrong)
        elif state["dice"] is None:
            move = "roll"
        elif state["can_reroll"] and picker.random() < 0.5:
            kept = [d for d in state["dice"] if picker.random() < 0.5]
            move = " ".join(["reroll", *map(str, kept)])
        else:
            move = picker.choice(state["choices"])["action"]
        reply = json.loads(lesson.play(move))
        moves.append(move)
        replies.append(reply)
        state = reply if reply["ok"] else state
    moves.append("roll")  # after the end: not P1's turn
    replies.append(json.loads(lesson.play("roll")))
    return moves, replies


@pytest.mark.parametrize(
    ("players", "seed", "profile"),
    [(2, 5, "default"), (3, 11, "pt"), (4, 2026, "every-variation"), (2, 7, "no-double"), (3, 10**25, "no-auto-win")],
)
def test_a_whole_game_on_the_play_page_is_the_python_one(players: int, seed: int, profile: str) -> None:
    moves, replies = python_game(players, seed, profile)
    [seen] = js_answers([{"lesson": [players, str(seed), profile], "moves": moves}])  # digits: beyond 2**53 too
    assert len(seen) == len(replies)
    for move, answer, want in zip(["(start)", *moves], seen, replies, strict=True):
        if want["ok"]:
            assert answer == want, move
        else:
            assert (answer["ok"], answer["code"]) == (False, want["code"]), move
    assert replies[-2]["over"] and replies[-1]["code"] == "not-your-turn"
    assert sum(not r["ok"] for r in replies) >= 2  # refusals were compared too


@pytest.mark.parametrize(
    ("module", "rule", "broken"),
    [("scoring.mjs", 'shape === "2,3"', 'shape === "1,4"')],  # D-CAT-4: a Full House is three and two
)
def test_a_port_with_one_rule_broken_fails_the_suite_and_the_comparison(
    tmp_path: Path, module: str, rule: str, broken: str
) -> None:
    web = tmp_path / "conformance" / "games" / "dice" / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    shutil.copytree(SHARED, tmp_path / "conformance" / "core" / "web")  # (where the port imports it from)
    text = (web / module).read_text(encoding="utf-8")
    assert text.count(rule) == 1
    (web / module).write_text(text.replace(rule, broken), encoding="utf-8")
    report = run_check(web, tmp_path)
    failed = [case for case in report["cases"] if case["outcome"] == "fail"]
    assert failed and any("D-CAT-4" in json.dumps(case) for case in failed)
    harness = tmp_path / "tests" / "e2e" / HARNESS.name
    harness.parent.mkdir(parents=True)
    shutil.copy(HARNESS, harness)
    question = ("3 3 3 5 5", 2, False, {}, "default", {})
    assert js_answers([{"score": list(question)}], harness) != [py_score(question)]
