"""The engine's clause side channel (generala_reference.cards.decisions): the clause
that decided each event, legal move and refusal."""

from __future__ import annotations

import random

import pytest
from generala_reference.cards import Game, IllegalAction, Rules, Series, from_position, parse_action
from generala_reference.cards.decisions import apply_decided, decide, legal_clause, refusal_clause
from generala_spec import rulebook


def pos(hands: list[list[str]], leader: int = 0, trick: list[tuple[int, str]] = (), **rules: str) -> Game:
    options = {k.replace("_", "-"): v for k, v in rules.items()}
    position = {"players": len(hands), "hands": hands, "leader": leader}
    position["trick"] = [{"player": p, "card": c} for p, c in trick]
    return from_position(position, Rules.of("default", options))


def clauses_of(game: Game, *actions: str) -> list[tuple[str, str]]:
    """(event type, deciding clause) of each event of ``actions``."""
    out = []
    for text in actions:
        out += [(d.event[0], d.clause) for d in apply_decided(game, parse_action(text))]
    return out


def test_two_jokers_the_first_wins_by_r_joker_4() -> None:
    game = pos([["5H", "2C"], ["JK", "3C"], ["JK", "4C"]])
    assert clauses_of(game, "5H", "JK", "JK")[-2:] == [("trick", "R-JOKER-4"), ("lead", "R-NEXT-1")]


def test_one_joker_wins_by_r_joker_1_and_a_plain_trick_by_r_trick_1() -> None:
    assert ("trick", "R-JOKER-1") in clauses_of(pos([["5H", "2C"], ["JK", "3C"]]), "5H", "JK")
    assert ("trick", "R-TRICK-1") in clauses_of(pos([["5H", "2C"], ["9H", "3C"]]), "5H", "9H")


def test_leads_after_the_winner_went_out() -> None:
    game = pos([["9H", "2C"], ["KH"], ["5H", "4D"]])
    assert clauses_of(game, "9H", "KH", "5H")[-1] == ("lead", "R-NEXT-3")
    tied = pos([["JK"], ["KC", "2D"], ["KD", "3D"]])
    assert clauses_of(tied, "JK", "KC", "KD")[-1] == ("lead", "R-NEXT-4")


def test_decline_take_and_taker_leads() -> None:
    game = pos([["9H"], ["2C", "3C"]])
    assert clauses_of(game, "9H", "decline", "take 9H") == [
        ("play", "R-LEAD-3"),
        ("out", "R-OUT-1"),
        ("decline", "R-FOLLOW-5"),
        ("take", "R-DECL-2"),
        ("trick", "R-TRICK-1"),
        ("game-over", "R-END-1"),
    ]
    taker = pos([["9H"], ["10H"], ["2C", "3C"], ["4C"]])
    assert clauses_of(taker, "9H", "10H", "decline", "take 9H")[-1] == ("lead", "R-NEXT-5")


def test_winner_leads_even_when_his_card_was_taken() -> None:
    game = pos([["9H", "2D"], ["10H", "3D"], ["2C", "3C"]])
    assert clauses_of(game, "9H", "10H", "decline", "take 10H")[-1] == ("lead", "R-NEXT-2")


def test_game_endings() -> None:
    everyone = pos([["9H"], ["10H"], ["JH"]])
    assert clauses_of(everyone, "9H", "10H", "JH")[-1] == ("game-over", "R-END-3")
    two = pos([["9H"], ["10H"]])
    assert clauses_of(two, "9H", "10H")[-1] == ("game-over", "R-END-4")
    each_card = pos([["9H", "2C"], ["10H"], ["JH"]], end_check="each-card")
    assert clauses_of(each_card, "9H", "10H", "JH")[-1] == ("game-over", "R-END-2")


def test_legal_and_refusal_clauses() -> None:
    game = pos([["5H", "2C"], ["9H", "JK", "3C"], ["JK", "4C"]])
    assert legal_clause(game, parse_action("5H")) == "R-LEAD-3"
    game.apply(parse_action("5H"))
    assert legal_clause(game, parse_action("9H")) == "R-FOLLOW-2"
    for text, code, clause in [
        ("JK", "joker-only-when-void", "R-FOLLOW-4"),
        ("3C", "must-follow-suit", "R-FOLLOW-2"),
        ("decline", "cannot-decline", "R-FOLLOW-4"),
    ]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(parse_action(text))
        assert refused.value.code == code
        assert refusal_clause(game, parse_action(text), code) == clause
    game.apply(parse_action("9H"))
    assert legal_clause(game, parse_action("JK")) == "R-FOLLOW-5"
    assert refusal_clause(game, parse_action("4C"), "off-suit-card") == "R-FOLLOW-5"


def test_every_event_of_random_games_names_an_active_clause() -> None:
    """Self-play under every profile: each event gets a clause of clauses.yaml, and
    each lead's clause agrees with the engine's ``why``."""
    active = {c.id for c in rulebook.clauses().values() if c.status == "active"}
    by_why = {"winner": {"R-NEXT-1", "R-NEXT-2"}, "highest-remaining": {"R-NEXT-3", "R-NEXT-6"}}
    by_why |= {"tie-break": {"R-NEXT-4"}, "taker": {"R-NEXT-5"}}
    rng = random.Random(5)
    seen = set()
    for k in range(60):
        rules = Rules.of(("default", "fr", "fa")[k % 3])
        series = Series(rng.randint(2, 6), 0, seed=k, rules=rules)
        while not series.is_over and series.games < 4:
            if series.game.is_over:
                series.deal()
                continue
            before = series.game.copy()
            events = series.apply(rng.choice(series.game.legal_actions()))
            for decided in decide(before, series.game, events):
                assert decided.clause in active, decided
                assert set(decided.also) <= active, decided
                if decided.event[0] == "lead":
                    assert decided.clause in by_why[decided.event[2]], decided
                seen.add(decided.clause)
    assert {"R-JOKER-4", "R-NEXT-3", "R-NEXT-5", "R-SERIES-1", "R-END-1"} <= seen
