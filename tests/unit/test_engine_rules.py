"""Unit tests of the reference engine, one rule area at a time; each cites its clause."""

from __future__ import annotations

import pytest
from generala_reference.cards import (
    Game,
    IllegalAction,
    InvalidInput,
    InvalidPosition,
    Rules,
    event_json,
    format_action,
    from_position,
    parse_action,
    parse_card,
    snapshot,
)
from generala_reference.cards.deck import JOKER, format_cards


def pos(hands: list[list[str]], leader: int = 0, trick: list[tuple[int, str]] = (), **rules: str) -> Game:
    """A game from a position; ``rules`` are option overrides with ``_`` for ``-``."""
    options = {k.replace("_", "-"): v for k, v in rules.items()}
    position = {"players": len(hands), "hands": hands, "leader": leader}
    position["trick"] = [{"player": p, "card": c} for p, c in trick]
    return from_position(position, Rules.of("default", options))


def play(game: Game, *actions: str) -> list[dict]:
    """Apply each action text; return the JSON events of all of them."""
    events = []
    for text in actions:
        events += [event_json(e) for e in game.apply(parse_action(text))]
    return events


def legal(game: Game) -> list[str]:
    return [format_action(a) for a in game.legal_actions()]


def refused(game: Game, action: str) -> str:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as exc:
        game.apply(parse_action(action))
    assert snapshot(game) == before, "a refused action changed the state"
    return exc.value.code


# --- R-MAT: cards and notation -------------------------------------------------------------


@pytest.mark.parametrize("text", ["10♥", "TH", "th", "10h", "10♡"])
def test_card_notation_accepts_glyphs_and_t_for_ten(text: str) -> None:  # R-MAT-3
    assert format_cards(1 << parse_card(text)) == ["10H"]


@pytest.mark.parametrize("text", ["", "1H", "11C", "XX", "JKR", "10", "H"])
def test_bad_card_is_rejected_quoting_the_token(text: str) -> None:
    with pytest.raises(InvalidInput) as exc:
        parse_card(text)
    assert exc.value.code == "bad-card" and repr(text) in str(exc.value)


def test_the_two_jokers_are_one_card_twice() -> None:  # R-MAT-4
    game = pos([["JK", "JK", "2C"], ["3C"]])
    assert legal(game) == ["2C", "JK"]
    assert play(game, "JK")[0]["card"] == "JK"
    assert snapshot(game)["hands"][0] == ["2C", "JK"]


# --- R-DEAL --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(2, [27, 27]), (3, [18] * 3), (4, [14, 14, 13, 13]), (5, [11, 11, 11, 11, 10]), (10, [6] * 4 + [5] * 6)],
)
def test_deal_from_the_dealers_right_one_at_a_time(players: int, sizes: list[int]) -> None:  # R-DEAL-1, R-DEAL-2
    dealer = players - 1
    game = Game.from_deal(players, dealer, list(range(54)))
    order = [(dealer + 1 + i) % players for i in range(players)]
    assert [game.hands[p].bit_count() for p in order] == sizes
    assert game.hands[order[0]] & 1 and game.hands[order[1]] & 2  # card 0 to the dealer's right, card 1 next
    assert game.to_move == order[0]  # R-LEAD-1


def test_forced_first_lead_is_the_last_card_dealt() -> None:  # R-LEAD-2
    game = Game.from_deal(4, 0, list(range(54)))
    assert legal(game) == [format_cards(1 << 52)[0]]  # card 52 (the first Joker) is the 53rd dealt: to P2
    assert refused(game, "2C") == "forced-first-lead"


def test_free_first_lead_under_first_lead_free() -> None:  # R-LEAD-2 (option first-lead=free)
    game = Game.from_deal(4, 0, list(range(54)), rules=Rules.of("default", {"first-lead": "free"}))
    assert len(legal(game)) == 14


def test_dealer_who_sits_out_deals_from_the_next_seated_player() -> None:  # R-SERIES-5
    game = Game.from_deal(4, 1, list(range(54)), seated=[0, 3])
    assert game.hands[1] == game.hands[2] == 0 and game.to_move == 3
    assert game.hands[3].bit_count() == game.hands[0].bit_count() == 27


def test_bad_deals_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="bad-players"):
        Game.from_deal(11, 0)
    with pytest.raises(InvalidPosition, match="bad-deck"):
        Game.from_deal(3, 0, [0] * 54)


# --- R-FOLLOW / R-JOKER ----------------------------------------------------------------------


def test_must_follow_led_suit_without_beating() -> None:  # R-FOLLOW-2
    game = pos([["KH", "2C"], ["2H", "AH", "3C", "JK"], ["5S"]])
    play(game, "KH")
    assert legal(game) == ["2H", "AH"]
    assert refused(game, "3C") == "must-follow-suit"
    assert refused(game, "JK") == "joker-only-when-void"  # R-FOLLOW-4
    assert refused(game, "decline") == "cannot-decline"


def test_void_player_may_play_joker_or_decline_only() -> None:  # R-FOLLOW-5
    game = pos([["KH", "2C"], ["3C", "JK"], ["5S"]])
    play(game, "KH")
    assert legal(game) == ["JK", "decline"]
    assert refused(game, "3C") == "off-suit-card"


def test_joker_after_the_lead_keeps_the_led_suit() -> None:  # R-JOKER-2, R-FOLLOW-3
    game = pos([["8H", "2C"], ["JK", "2D"], ["5H", "9H", "3S"]])
    play(game, "8H", "JK")
    assert legal(game) == ["5H", "9H"]


def test_joker_led_anything_goes_and_no_decline() -> None:  # R-JOKER-3
    game = pos([["JK", "2C"], ["3D", "4S"], ["5H", "9H"]])
    play(game, "JK")
    assert legal(game) == ["3D", "4S"]
    assert refused(game, "decline") == "cannot-decline"
    events = play(game, "4S", "5H")
    assert {"type": "trick", "winner": 0, "complete": True} in events  # R-JOKER-1


def test_first_of_two_jokers_wins() -> None:  # R-JOKER-4
    game = pos([["AH", "2C"], ["JK", "2D"], ["JK", "3D"]])
    events = play(game, "AH", "JK", "JK")
    assert events[-2] == {"type": "trick", "winner": 1, "complete": True}
    assert events[-1]["player"] == 1


# --- R-DECL ----------------------------------------------------------------------------------


def test_decline_ends_the_trick_and_taker_takes_one_non_joker() -> None:  # R-DECL-1..4, R-NEXT-2
    game = pos([["9H", "2C"], ["JK", "2D"], ["3S", "4S"], ["KH", "4D"]])
    play(game, "9H", "JK", "decline")
    assert legal(game) == ["take 9H"]
    assert refused(game, "take JK") == "cannot-take-joker"
    assert refused(game, "4S") == "must-take"
    events = play(game, "take 9H")
    assert events[1] == {"type": "trick", "winner": 1, "complete": False}
    assert events[2] == {"type": "lead", "player": 1, "why": "winner"}
    state = snapshot(game)
    assert "9H" in state["hands"][2] and "JK" in state["out_of_play"] and state["hands"][3] == ["4D", "KH"]


def test_taking_the_winning_card_still_lets_its_player_lead() -> None:  # R-NEXT-2
    game = pos([["9H", "2C"], ["AH", "2D"], ["3S", "4S"]])
    play(game, "9H", "AH", "decline")
    assert play(game, "take AH")[-1] == {"type": "lead", "player": 1, "why": "winner"}


def test_take_without_decline_is_refused() -> None:
    game = pos([["9H", "2C"], ["AH"]])
    assert refused(game, "take 9H") == "no-take-pending"


# --- R-NEXT ----------------------------------------------------------------------------------


def test_winner_out_lead_goes_to_highest_remaining() -> None:  # R-NEXT-3
    game = pos([["2H", "5C"], ["AH"], ["KH", "3C"], ["QH", "4C"]])
    events = play(game, "2H", "AH", "KH", "QH")
    assert events[-1] == {"type": "lead", "player": 2, "why": "highest-remaining"}


def test_tie_after_joker_led_last_card_tied_nearest_vs_any_nearest() -> None:  # R-NEXT-4, AMB-5
    hands = [["JK"], ["2C", "3C"], ["KS", "4C"], ["KD", "5C"]]
    game = pos(hands)
    assert play(game, "JK", "2C", "KS", "KD")[-1] == {"type": "lead", "player": 2, "why": "tie-break"}
    hands = [["JK"], ["2C", "3C"], ["KS", "4C"], ["KD", "5C"]]
    game = pos(hands, tie_break="any-nearest")
    assert play(game, "JK", "2C", "KS", "KD")[-1] == {"type": "lead", "player": 1, "why": "tie-break"}


def test_everyone_in_incomplete_trick_out_taker_leads() -> None:  # R-NEXT-5
    game = pos([["9H"], ["AH"], ["3S", "4S"], ["5D", "6D"]])
    events = play(game, "9H", "AH", "decline", "take AH")
    assert events[-1] == {"type": "lead", "player": 2, "why": "taker"}


def test_second_joker_leads_when_first_joker_went_out() -> None:  # R-NEXT-6
    game = pos([["5H", "2C"], ["JK"], ["JK", "3D"]])
    events = play(game, "5H", "JK", "JK")
    assert events[-1] == {"type": "lead", "player": 2, "why": "highest-remaining"}


# --- R-OUT / R-END ---------------------------------------------------------------------------


def test_players_who_went_out_are_skipped() -> None:  # R-OUT-1, R-OUT-2
    game = pos([["5H", "2C"], ["6H"], ["7H", "3D"]])
    play(game, "5H", "6H", "7H")
    assert game.to_move == 2
    play(game, "3D")
    assert game.to_move == 0  # P2 (seat 1) is skipped


def test_leader_leading_last_card_leaves_and_trick_goes_on() -> None:  # R-OUT-2
    game = pos([["5H"], ["6H", "2C"], ["7H", "3D"]])
    events = play(game, "5H")
    assert events == [{"type": "play", "player": 0, "card": "5H"}, {"type": "out", "player": 0}]
    assert game.to_move == 1


def test_last_player_holding_cards_loses() -> None:  # R-END-1
    game = pos([["5H"], ["6H", "2C"]])
    assert play(game, "5H", "6H")[-1] == {"type": "game-over", "loser": 1}


@pytest.mark.parametrize(("end_check", "loser"), [("trick-end", None), ("each-card", 2)])
def test_everyone_out_in_one_trick_nobody_loses(end_check: str, loser: int | None) -> None:  # R-END-2, R-END-3
    game = pos([["5H"], ["6H"], ["7H"]], end_check=end_check)
    events = play(game, "5H", "6H") if end_check == "each-card" else play(game, "5H", "6H", "7H")
    assert events[-1] == {"type": "game-over", "loser": loser}


@pytest.mark.parametrize(("scope", "over"), [("all-remaining", False), ("two-or-more", True)])
def test_two_going_out_while_others_hold_cards(scope: str, over: bool) -> None:  # R-END-3, AMB-8
    game = pos([["5H"], ["6H"], ["7H", "2C"], ["8H", "3C"]], no_loser=scope)
    events = play(game, "5H", "6H", "7H", "8H")
    assert game.is_over is over
    if over:
        assert events[-1] == {"type": "game-over", "loser": None}


@pytest.mark.parametrize(("tie", "loser"), [("no-loser", None), ("last-to-play-loses", 1)])
def test_two_player_simultaneous_finish(tie: str, loser: int | None) -> None:  # R-END-4, AMB-9
    game = pos([["5H"], ["6H"]], two_player_tie=tie)
    assert play(game, "5H", "6H")[-1] == {"type": "game-over", "loser": loser}


def test_game_over_refuses_everything() -> None:
    game = pos([["5H"], ["6H", "2C"]])
    play(game, "5H", "6H")
    assert game.legal_actions() == []
    assert refused(game, "2C") == "game-over"


def test_not_your_turn() -> None:
    game = pos([["5H"], ["6H", "2C"]])
    with pytest.raises(IllegalAction, match="not-your-turn"):
        game.apply(parse_action("6H"), player=1)


# --- positions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "code"),
    [
        ({"players": 2, "hands": [["5H"], ["5H"]], "leader": 0}, "duplicate-card"),
        ({"players": 2, "hands": [["JK", "JK"], ["JK"]], "leader": 0}, "duplicate-card"),
        ({"players": 2, "hands": [[], ["5H"]], "leader": 0}, "empty-hand-to-move"),
        ({"players": 2, "hands": [["5H"], []], "leader": 0, "out_of_play": []}, "bad-position"),
        ({"players": 1, "hands": [["5H"]], "leader": 0}, "bad-players"),
        (
            {"players": 3, "hands": [["5H"], ["2C"], ["3C"]], "leader": 0, "trick": [{"player": 1, "card": "9H"}]},
            "bad-position",
        ),
        ({"players": 2, "hands": [["5H"], ["XX"]], "leader": 0}, "bad-card"),
    ],
)
def test_impossible_positions_are_refused(position: dict, code: str) -> None:
    with pytest.raises(InvalidPosition) as exc:
        from_position(position)
    assert exc.value.code == code


def test_position_with_trick_in_progress_and_taking() -> None:
    position = {
        "players": 3,
        "hands": [["2C"], ["3D"], ["4S", "5S"]],
        "leader": 0,
        "trick": [{"player": 0, "card": "9H"}, {"player": 1, "card": "JK"}],
        "taking": 2,
    }
    game = from_position(position)
    assert legal(game) == ["take 9H"]
    assert snapshot(game)["out_of_play"].__len__() == 54 - 6
    assert JOKER in (c for _, c in game.trick)


@pytest.mark.parametrize("action", [-1, 107, 500])
def test_action_numbers_out_of_range_are_bad_actions(action: int) -> None:
    game = pos([["5H"], ["6H", "2C"]])
    with pytest.raises(IllegalAction, match="bad-action"):
        game.apply(action)


def test_a_position_whose_trick_is_complete_is_refused() -> None:
    position = {
        "players": 2,
        "hands": [["2C"], ["3D"]],
        "leader": 0,
        "trick": [{"player": 0, "card": "9H"}, {"player": 1, "card": "10H"}],
    }
    with pytest.raises(InvalidPosition) as exc:
        from_position(position)
    assert exc.value.code == "trick-complete"
