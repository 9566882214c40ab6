"""The whole games of the dice suite (games/dice/whole_games.py): the games won at
every seat are won by that seat alone, without an automatic win, and no game of the
suite but the one-player extra is of one player (AMB-12)."""

from __future__ import annotations

import pytest
from generala_conformance.games.dice.cases import suite_cases
from generala_conformance.games.dice.whole_games import WON_AT_EVERY_SEAT

CASES = {case.id: case for case in suite_cases() if case.level == "game"}


@pytest.mark.parametrize(("words", "players", "seat", "seed"), WON_AT_EVERY_SEAT)
def test_a_game_won_at_a_seat_is_won_there_alone(words: str, players: int, seat: int, seed: int) -> None:
    case = CASES[f"game/whole/{words}-players-won-by-p{seat + 1}"]
    events = [e for step in case.steps for e in step.get("events", [])]
    assert case.players == players
    assert not any(e["type"] == "auto-win" for e in events)
    assert events[-1]["type"] == "game-over" and events[-1]["winners"] == [seat]


def test_every_seat_of_games_of_two_three_and_four_has_its_winner() -> None:
    assert {(p, s) for _, p, s, _ in WON_AT_EVERY_SEAT} == {(p, s) for p in (2, 3, 4) for s in range(p)}


def test_one_player_games_are_extra_cases_only() -> None:
    assert [case.id for case in CASES.values() if case.players == 1] == ["game/whole/one-player"]
