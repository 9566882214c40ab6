"""``generala-kit play``: the readable trace and the JSON trace tell the same game."""

from __future__ import annotations

import io
import json

from generala_conformance.cli import build_parser
from generala_conformance.games.cards.commands.play import run


def play(*argv: str) -> str:
    out = io.StringIO()
    assert run(build_parser().parse_args(["play", *argv]), out) == 0
    return out.getvalue()


def test_json_trace_is_one_event_per_line_ending_the_game() -> None:
    events = [json.loads(line) for line in play("--players", "3", "--seed", "4", "--json").splitlines()]
    assert [e["type"] for e in events][-3:] == ["game-over", "eliminated", "next-dealer"]
    plays = [e for e in events if e["type"] == "play"]
    takes = [e for e in events if e["type"] == "take"]
    assert len(plays) - len(takes) <= 54 and len(plays) >= 18


def test_readable_trace_matches_the_json_trace() -> None:
    events = [json.loads(line) for line in play("--players", "4", "--seed", "11", "--json").splitlines()]
    text = play("--players", "4", "--seed", "11")
    assert text.count("Trick ") == sum(e["type"] == "trick" for e in events)
    assert text.count("declines") == sum(e["type"] == "decline" for e in events)
    loser = next(e for e in events if e["type"] == "game-over")["loser"]
    assert ("nobody loses" if loser is None else f"P{loser + 1} loses") in text
    assert "must lead" in text  # the forced first lead of the default profile (R-LEAD-2)


def test_free_first_lead_profile_has_no_forced_lead() -> None:
    assert "must lead" not in play("--profile", "fr", "--seed", "2")


def test_series_reaches_a_champion() -> None:
    text = play("--players", "4", "--seed", "5", "--series")
    assert text.count("is eliminated from the series") == 3 and "is the champion!" in text
    assert "deals next (and sits out the game)" in text  # R-SERIES-4: the loser deals without playing
