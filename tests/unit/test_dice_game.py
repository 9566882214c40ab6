"""Whole turns and games of the dice engine: rolling and keeping (D-TURN-*), the
sheet (D-SHEET-*), the first roll (D-FIRST-*) and the end (D-END-*), each reading
of its options; every refusal with its code and nothing changed."""

from __future__ import annotations

import pytest
from generala_reference.dice import (
    AutoWin,
    Category,
    DiceGame,
    DiceRules,
    GameOver,
    Mark,
    PointTable,
    Reroll,
    Roll,
    Rolled,
    Score,
    Scored,
    Scratch,
    Scratched,
    SeededDice,
    SequenceDice,
    counts_of,
    event_json,
    format_action,
    parse_action,
)
from generala_reference.errors import IllegalAction, InvalidInput, InvalidPosition


def _game(dice: list[int], players: int = 1, **overrides: str) -> DiceGame:
    rules = DiceRules.of(overrides={k.replace("_", "-"): v for k, v in overrides.items()})
    return DiceGame(players, SequenceDice(dice), rules)


def _keep(*dice: int) -> Reroll:
    return Reroll(counts_of(dice))


def _refused(game: DiceGame, action, code: str) -> None:
    """``action`` is refused with ``code``; the game and its dice are as they were."""
    before, remaining = game.snapshot(), getattr(game._dice, "remaining", None)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert caught.value.code == code
    assert game.snapshot() == before and getattr(game._dice, "remaining", None) == remaining


def test_d_turn_1_and_2_a_turn_rolls_five_then_keeps_and_throws_the_rest() -> None:
    game = _game([1, 2, 4, 4, 6, 4, 5])
    assert game.legal_actions() == [Roll()]
    (rolled,) = game.apply(Roll())
    assert rolled == Rolled(0, 1, 5, (1, 2, 4, 4, 6), True)
    (rerolled,) = game.apply(_keep(4, 4, 1))
    assert rerolled == Rolled(0, 2, 2, (1, 4, 4, 4, 5), False)


def test_d_turn_3_three_rolls_or_four_under_rolls_four() -> None:
    dice = [1, 2, 3, 5, 6] + [6] * 3
    three = _game(dice)
    three.apply(Roll())
    three.apply(_keep(1, 2, 3, 5))
    three.apply(_keep(1, 2, 3, 5))
    assert not [a for a in three.legal_actions() if isinstance(a, Reroll)]
    _refused(three, _keep(1, 2, 3, 5), "no-rolls-left")
    four = _game([*dice, 6], rolls="four")
    for action in (Roll(), _keep(1, 2, 3, 5), _keep(1, 2, 3, 5), _keep(1, 2, 3, 5)):
        four.apply(action)
    _refused(four, _keep(1, 2, 3, 5), "no-rolls-left")


def test_d_turn_4_a_player_may_score_after_his_first_roll() -> None:
    game = _game([3, 3, 5, 5, 5])
    game.apply(Roll())
    events = game.apply(Score("full-house"))
    assert events[0] == Scored(0, "full-house", 35, 5)


def test_d_turn_5_and_d_play_2_turns_pass_in_setup_order_round_by_round() -> None:
    game = _game([1, 1, 2, 3, 4] * 3, players=3)
    for player in (0, 1, 2):
        assert game.current_player == player
        game.apply(Roll())
        game.apply(Score("ones"))
    assert (game.current_player, game.snapshot()["round"]) == (0, 2)


def test_d_sheet_2_and_4_an_open_category_the_roll_qualifies_for_once_a_game() -> None:
    game = _game([4, 4, 4, 2, 6] * 2)
    game.apply(Roll())
    _refused(game, Score("ones"), "does-not-qualify")
    assert game.apply(Score("fours"))[0].points == 12
    game.apply(Roll())
    _refused(game, Score("fours"), "category-closed")
    assert Score("fours") not in game.legal_actions() and Score("sixes") in game.legal_actions()


def test_d_sheet_3_scratch_any_open_category_even_when_another_qualifies() -> None:
    game = _game([1, 2, 3, 4, 5, 6, 6, 6, 6, 6])
    game.apply(Roll())
    assert game.apply(Scratch("generala"))[0] == Scratched(0, "generala")
    assert game.mark(0, Category.GENERALA) is Mark.SCRATCHED
    game.apply(Roll())
    _refused(game, Score("generala"), "category-closed")
    _refused(game, Scratch("generala"), "category-closed")


def test_number_zero_score_makes_an_empty_number_a_score_of_zero() -> None:
    scratch, score = _game([2, 2, 3, 3, 4]), _game([2, 2, 3, 3, 4], number_zero="score")
    for game in (scratch, score):
        game.apply(Roll())
    _refused(scratch, Score("sixes"), "does-not-qualify")
    assert score.apply(Score("sixes"))[0] == Scored(0, "sixes", 0, 0)
    assert score.mark(0, Category.SIXES) is Mark.SCORED


def test_d_first_2_a_reroll_of_all_five_is_a_first_roll_only_under_all_five() -> None:
    dice = [1, 1, 2, 2, 6, 2, 3, 4, 5, 6]
    turn_first, all_five = _game(dice), _game(dice, first_roll="all-five")
    for game in (turn_first, all_five):
        game.apply(Roll())
        game.apply(Reroll(counts_of([])))
    assert turn_first.apply(Score("straight"))[0].points == 20
    assert all_five.apply(Score("straight"))[0].points == 25


def test_d_first_1_no_bonus_after_a_reroll() -> None:
    game = _game([2, 3, 4, 5, 1, 6])
    game.apply(Roll())
    game.apply(_keep(2, 3, 4, 5))
    assert game.apply(Score("straight"))[0] == Scored(0, "straight", 20, 0)


def test_d_first_3_and_5_a_first_roll_generala_wins_at_once() -> None:
    game = _game([1, 2, 3, 4, 5, 4, 4, 4, 4, 4], players=3)
    game.apply(Roll())
    game.apply(Score("straight"))
    events = game.apply(Roll())
    assert events[1:] == [AutoWin(1), GameOver((1,), (25, 0, 0), True)]
    assert game.is_over() and game.legal_actions() == []
    _refused(game, Roll(), "game-over")


def test_a_generala_made_after_a_reroll_does_not_win() -> None:
    game = _game([4, 4, 4, 4, 1, 4])
    game.apply(Roll())
    game.apply(_keep(4, 4, 4, 4))
    assert not game.is_over() and Score("generala") in game.legal_actions()
    assert game.apply(Score("generala"))[0].points == 50


def test_d_first_4_a_scratched_generala_does_not_win_and_the_turn_goes_on() -> None:
    game = _game([1, 2, 3, 4, 6, 5, 5, 5, 5, 5])
    game.apply(Roll())
    game.apply(Scratch("generala"))
    events = game.apply(Roll())
    assert [type(e) for e in events] == [Rolled] and not game.is_over()
    assert game.apply(Score("four-of-a-kind"))[0].points == 45


@pytest.mark.parametrize(("reading", "wins"), [("unless-scratched", True), ("generala-open", False), ("never", False)])
def test_auto_win_a_second_first_roll_generala(reading: str, wins: bool) -> None:
    game = _game([3] * 10, auto_win=reading)
    first = game.apply(Roll())
    if reading == "never":
        assert not game.is_over()
        game.apply(Score("generala"))
        second = game.apply(Roll())
        assert game.is_over() is wins and any(isinstance(e, AutoWin) for e in second) is wins
    else:
        assert isinstance(first[1], AutoWin) and game.is_over()


def test_auto_win_generala_open_after_generala_was_scored() -> None:
    dice = [3, 3, 3, 3, 1, 3] + [2] * 5
    for reading, wins in (("unless-scratched", True), ("generala-open", False)):
        game = _game(dice, auto_win=reading)
        game.apply(Roll())
        game.apply(_keep(3, 3, 3, 3))
        game.apply(Score("generala"))
        game.apply(Roll())
        assert game.is_over() is wins, reading
        if not wins:
            assert game.apply(Score("double-generala"))[0].points == 100


def test_auto_win_end_round_end_finishes_the_round_and_shares_the_win() -> None:
    dice = [1, 2, 3, 4, 6] + [5] * 5 + [1, 2, 3, 4, 6] + [6] * 5
    game = _game(dice, players=4, auto_win_end="round-end")
    game.apply(Roll())
    game.apply(Score("ones"))
    assert isinstance(game.apply(Roll())[1], AutoWin) and not game.is_over()
    assert game.current_player == 2 and game.snapshot()["pending-winners"] == [1]
    game.apply(Roll())
    game.apply(Score("ones"))
    events = game.apply(Roll())
    assert events[1:] == [AutoWin(3), GameOver((1, 3), (1, 0, 1, 0), True)]


@pytest.mark.parametrize(("reading", "after_scratch"), [("after-generala", False), ("after-generala-closed", True)])
def test_d_cat_7_double_generala_in_a_game(reading: str, after_scratch: bool) -> None:
    game = _game([1, 2, 3, 4, 6, 2, 2, 2, 2, 1, 2], double_generala=reading)
    game.apply(Roll())
    game.apply(Scratch("generala"))
    game.apply(Roll())
    game.apply(_keep(2, 2, 2, 2))
    assert (Score("double-generala") in game.legal_actions()) is after_scratch


def test_no_double_generala_has_ten_rounds_and_no_such_category() -> None:
    game = DiceGame(1, SeededDice(5), DiceRules.of("no-double"))
    game.apply(Roll())
    _refused(game, Score("double-generala"), "unknown-category")
    assert "double-generala" not in game.snapshot()["sheets"][0]


@pytest.mark.parametrize(("profile", "rounds"), [("default", 11), ("no-double", 10)])
def test_d_end_1_the_game_ends_when_every_sheet_is_full(profile: str, rounds: int) -> None:
    game = DiceGame(2, SeededDice(11), DiceRules.of(profile, {"auto-win": "never"}))
    turns = 0
    while not game.is_over():
        game.apply(Roll())
        game.apply(Scratch(game.legal_actions()[-1].category))
        turns += 1
    assert turns == 2 * rounds
    assert all(mark["mark"] == "scratched" for sheet in game.snapshot()["sheets"] for mark in sheet.values())


def test_d_end_2_most_points_wins_and_ties_share_the_win() -> None:
    rules = DiceRules.of("no-double", {"auto-win": "never"})
    game = DiceGame(3, SequenceDice([6, 6, 1, 1, 1] * 30), rules)
    last = []
    while not game.is_over():
        game.apply(Roll())
        scores = [a for a in game.legal_actions() if isinstance(a, Score)]
        last = game.apply(
            scores[0] if game.current_player != 2 and scores else Scratch(game.legal_actions()[-1].category)
        )
    over = last[-1]
    assert isinstance(over, GameOver) and not over.automatic
    assert over.winners == (0, 1) and over.totals[0] == over.totals[1] > over.totals[2] == 0


def test_d_play_1_one_player_and_bad_player_counts() -> None:
    game = DiceGame(1, SeededDice(2))
    assert game.snapshot()["players"] == 1
    for bad in (0, -1, 2.0, "2"):
        with pytest.raises(InvalidPosition) as caught:
            DiceGame(bad, SeededDice(2))
        assert caught.value.code == "bad-players"


def test_refusals_before_rolling_and_of_bad_keeps() -> None:
    game = _game([4, 4, 4, 2, 6])
    for action in (Score("fours"), Scratch("fours"), _keep(4)):
        _refused(game, action, "not-rolled")
    game.apply(Roll())
    _refused(game, Roll(), "already-rolled")
    _refused(game, _keep(4, 4, 4, 4), "keep-not-in-roll")
    _refused(game, Reroll((0, 0, 0, 4, -1, 0)), "keep-not-in-roll")
    _refused(game, _keep(2, 4, 4, 4, 6), "nothing-thrown")
    _refused(game, Score("poker"), "unknown-category")
    with pytest.raises(InvalidInput) as caught:
        game.apply("roll")  # type: ignore[arg-type]
    assert caught.value.code == "bad-action"


def test_exhausted_dice_are_refused_without_consuming_anything() -> None:
    game = _game([1, 2, 3, 4, 5, 6])
    game.apply(Roll())
    before = game.snapshot()
    with pytest.raises(InvalidPosition) as caught:
        game.apply(Reroll(counts_of([])))
    assert caught.value.code == "dice-exhausted" and game.snapshot() == before
    game.apply(_keep(1, 2, 3, 4))
    assert game.snapshot()["dice"] == [1, 2, 3, 4, 6]


def test_a_declared_point_table_scores_the_game() -> None:
    table = PointTable.declared({"full-house": 50, "bonus-full-house": 10})
    game = DiceGame(1, SequenceDice([3, 3, 5, 5, 5]), DiceRules.of(), table)
    game.apply(Roll())
    assert game.apply(Score("full-house"))[0] == Scored(0, "full-house", 60, 10)


def test_actions_and_events_in_text_and_json() -> None:
    for text in ("roll", "reroll", "reroll 1 6 6", "score full-house", "scratch generala"):
        assert format_action(parse_action(text)) == text
    for bad in ("", "jump", "reroll x", "score", "roll 5", "reroll 7"):
        with pytest.raises(InvalidInput):
            parse_action(bad)
    assert event_json(Rolled(0, 1, 5, (1, 2, 3, 4, 5), True)) == {
        "type": "rolled", "player": 0, "roll": 1, "thrown": 5, "dice": [1, 2, 3, 4, 5], "first": True
    }  # fmt: skip
    assert event_json(GameOver((1,), (3, 4), False))["type"] == "game-over"


def test_seeded_games_are_reproducible() -> None:
    def play(seed: int) -> list:
        game, events = DiceGame(2, SeededDice(seed)), []
        while not game.is_over():
            events += game.apply(game.legal_actions()[len(game.legal_actions()) // 2])
        return events

    assert play(4) == play(4) and play(4) != play(5)
