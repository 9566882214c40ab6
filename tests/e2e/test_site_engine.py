"""The card pages' Python page API (``games/cards/site/page_api.py``, the oracle the
JavaScript port is held to by ``test_web_cards.py``): a pasted command line read as
``explain`` reads it, refusals with ``explain``'s codes, and the play page's game told in
the words of ``generala-kit play``."""

from __future__ import annotations

import argparse
import io
import json

import pytest
from generala_conformance.games.cards.commands import explain as cmd_explain
from generala_conformance.games.cards.commands import play as cmd_play
from generala_conformance.games.cards.site.page_api import Lesson, explain_text

from tests.cli_helpers import run_command


def test_the_page_reads_a_pasted_command_line_as_the_command_does(capsys) -> None:
    command = "generala-kit explain 'P1: 5S 2C | P2: JK 3C' 'P1 5S' --profile fa --rule tie-break=tied-nearest"
    code, out, _ = run_command(
        cmd_explain,
        ["P1: 5S 2C | P2: JK 3C", "P1 5S", "--profile", "fa", "--rule", "tie-break=tied-nearest", "--json"],
        capsys,
    )
    assert code == 0
    assert json.loads(explain_text(command)) == {"ok": True, "answer": json.loads(out)}


@pytest.mark.parametrize(
    "position, code, words",
    [
        ("P1: 5S ZZ", "bad-position-text", "not a card: 'ZZ'"),
        ("generala-kit explain --bogus", "bad-position-text", "unrecognized arguments: --bogus"),
        ("generala-kit explain --file x.yaml", "bad-position-text", "--file cannot be read in the page"),
        ("generala-kit rules joker", "bad-position-text", "only a 'generala-kit explain"),
        ("P1: 5S | P2: 6S | profile: nope", "unknown-profile", "nope"),
    ],
)
def test_the_page_refuses_what_explain_refuses_with_its_code(position: str, code: str, words: str) -> None:
    reply = json.loads(explain_text(position))
    assert reply["ok"] is False and reply["code"] == code and words in reply["message"]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 4), (4, 7), (10, 5)])
def test_the_play_page_tells_a_game_in_the_words_of_generala_kit_play(players: int, seed: int) -> None:
    """The person choosing with the same random numbers as ``play``'s random players:
    every line the page shows is a line (or a piece of a trick's line) of ``play``."""
    lesson = Lesson(players, 0, "random", seed)
    state = json.loads(lesson.state())
    while not state["over"]:
        state = json.loads(lesson.play(state["legal"][lesson.rng.randrange(len(state["legal"]))]))
    parser = argparse.ArgumentParser()
    cmd_play.configure(parser)
    printed = io.StringIO()
    assert cmd_play.run(parser.parse_args(["--players", str(players), "--seed", str(seed)]), printed) == 0
    pieces = [
        piece.strip()
        for line in printed.getvalue().splitlines()[2:]
        for piece in line.strip().split("   ")
        if piece.strip()
    ]
    told = [line["text"] for line in state["lines"]]
    assert pieces[: len(told)] == told
    assert all("series" in p or "deals next" in p for p in pieces[len(told) :])
    assert all(line["clause"] for line in state["lines"] if not line["heading"])


def test_the_person_may_not_play_out_of_turn_or_illegally() -> None:
    lesson = Lesson(4, 0, "first", 7)
    state = json.loads(lesson.state())
    assert state["to_move"] == 0 and state["legal"] == ["5H", "10H", "QH", "KH"]
    assert [t["card"] for t in state["trick"]] == ["4H", "3H", "8H"]
    refused = json.loads(lesson.play(state["choices"]["illegal"][0]["action"]))
    assert refused == {"ok": False, "code": "must-follow-suit", "message": refused["message"]}
    assert json.loads(lesson.play("ZZ"))["code"] == "bad-action"
    assert json.loads(lesson.state())["lines"] == state["lines"]
