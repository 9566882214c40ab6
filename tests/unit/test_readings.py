"""A failure names the clause whose competing reading explains the implementation's
answer (``games/cards/readings.py``), and only then; and a case requires only the
option values that change what it expects (``core/requirements.py``)."""

from __future__ import annotations

from generala_conformance.core.requirements import derive_requires
from generala_conformance.games.cards import readings
from generala_conformance.games.cards.attribution import Replay, Shown, attribute
from generala_conformance.games.cards.notation import CANONICAL_DECK
from generala_reference.cards.deck import JOKER, parse_card
from generala_reference.cards.game import Game
from generala_reference.cards.position import from_position
from generala_reference.cards.rules import Rules

POSITION = {"players": 4, "hands": [["8H", "2C"], [], ["9H", "3C"], ["10H", "4C"]], "leader": 0, "trick": []}


def _game(position: dict) -> Game:
    return from_position(position, Rules.of("default", {}))


def test_the_turn_given_to_a_player_who_went_out_breaks_r_out_2_and_clockwise_play_r_mat_5() -> None:
    game = _game({**POSITION, "hands": [["2C"], [], ["9H", "3C"], ["10H", "4C"]], "trick": [], "leader": 0})
    game.apply(game.legal_actions()[0])  # P1 leads 2C and goes out
    assert game.to_move == 2
    assert readings.follower(game, 1) == ("R-OUT-2", "P2 has no card left: he is skipped")
    played = _game({**POSITION, "hands": [["8H", "2C"], ["5H"], ["9H", "3C"], ["10H", "4C"]]})
    played.apply(played.legal_actions()[-1])  # P1 leads 8H: P2 is next
    assert readings.follower(played, 3) is not None and readings.follower(played, 3)[0] == "R-MAT-5"
    assert readings.follower(played, played.to_move) is None  # the right player: nothing to read
    assert readings.follower(played, "P3") is None


def test_hands_dealt_otherwise_name_the_deal_clause_they_break() -> None:
    deck = [parse_card(c) for c in CANONICAL_DECK]
    deck[deck.index(JOKER, deck.index(JOKER) + 1)] = JOKER + 1
    game = Game.from_deal(4, 0, deck)  # 14, 14, 13, 13 from P2
    right = readings.reference_hands(game)
    assert readings.dealt(game, 0, right, fresh=True) is None
    no_jokers = [[c for c in hand if c < JOKER] for hand in right]
    assert readings.dealt(game, 0, no_jokers, fresh=True)[0] == "R-MAT-1"  # type: ignore[index]
    odd = [hand.copy() for hand in right]
    extra = max(odd[1])
    odd[1].remove(extra)
    odd[3] = sorted([*odd[3], extra])  # one odd card to a player served last
    assert readings.dealt(game, 0, odd, fresh=True)[0] == "R-DEAL-2"  # type: ignore[index]
    rotated = [right[-1], *right[:-1]]  # the same hands, from the wrong first receiver
    assert readings.dealt(game, 0, rotated, fresh=True) is None  # the dealer plays: the deal's own clause
    sits_out = Game.from_deal(4, 0, deck, seated=[1, 2, 3])
    hands = readings.reference_hands(sits_out)
    rotated_seated = [[], hands[2], hands[3], hands[1]]  # P3 got the first card, not P2
    assert readings.dealt(sits_out, 0, rotated_seated, fresh=False)[0] == "R-SERIES-5"  # type: ignore[index]
    dealt_in = [sorted([*hands[1][:5]]), hands[1][5:], hands[2], hands[3]]
    assert readings.dealt(sits_out, 0, dealt_in, fresh=False)[0] == "R-SERIES-4"  # type: ignore[index]


def test_a_follower_s_joker_that_lost_below_the_ace_breaks_r_trick_1() -> None:
    five, ace, joker = parse_card("5S"), parse_card("AS"), JOKER
    assert readings.winner([(0, five), (1, joker)], 1, 0) == (
        "R-TRICK-1",
        "the first Joker played to a trick wins it, also when a follower plays it",
    )
    assert readings.winner([(0, ace), (1, joker)], 1, 0) is None  # an Ace above a Joker: a ranking
    assert readings.winner([(0, joker), (1, five)], 0, 1) is None  # a Joker led: not a follower's


def test_events_the_rules_do_not_make_there() -> None:
    assert readings.unexpected("champion", loser=True)[0] == "R-SERIES-3"  # type: ignore[index]
    assert readings.unexpected("eliminated", loser=False)[0] == "R-SERIES-2"  # type: ignore[index]
    assert readings.unexpected("eliminated", loser=True) is None
    assert readings.unexpected("play", loser=False) is None


def test_a_legal_move_refused_names_the_rule_its_code_says_was_read_otherwise() -> None:
    deal = {"deal": {"players": 3, "dealer": 0, "deck": list(CANONICAL_DECK)}, "rules": {"first-lead": "free"}}
    replay = Replay(deal)
    forced = attribute(replay, [], (1, "2C"), shown=Shown({"to_move": 1}, "forced-first-lead"))
    assert forced is not None and forced.clause == "R-LEAD-2"
    dealer = attribute(replay, [], (1, "2C"), shown=Shown({"to_move": 0}, "not-your-turn"))
    assert dealer is not None and dealer.clause == "R-LEAD-1"
    plain = attribute(replay, [], (1, "2C"), shown=Shown({"to_move": 1}, "bad-action"))
    assert plain is not None and plain.clause == "R-LEAD-3"  # no reading: the clause allowing it


def test_a_trick_that_goes_on_after_a_take_breaks_r_decl_1() -> None:
    position = {"players": 3, "hands": [["8H", "2C"], ["5D", "3S"], ["10H", "4C"]], "leader": 0, "trick": []}
    replay = Replay({"position": {**position, "out_of_play": _rest(position)}})
    replay.record(0, "8H")
    replay.record(1, "decline")
    replay.record(1, "take 8H")
    found = attribute(replay, [{"type": "take", "player": 1, "card": "8H"}])
    assert found is not None and found.clause == "R-DECL-1"


def _rest(position: dict) -> list[str]:
    held = [c for hand in position["hands"] for c in hand]
    rest = list(CANONICAL_DECK)
    for card in held:
        rest.remove(card)
    return rest


def test_a_case_requires_only_the_option_values_that_change_its_steps() -> None:
    tried: list[dict[str, str]] = []

    def holds(rules: dict[str, str]) -> bool:
        tried.append(rules)
        return rules["end-check"] == "each-card"

    required = derive_requires("cards", {"end-check": "each-card", "tie-break": "any-nearest"}, holds)
    assert required == {"end-check": "each-card"}  # tie-break written, but no value changes the case
    assert {r["end-check"] for r in tried} == {"each-card", "trick-end"}

    def told(rules: dict[str, str]) -> bool:  # end-check is told apart only with tie-break as written
        return rules["end-check"] == "each-card" or rules["tie-break"] != "any-nearest"

    written = {"end-check": "each-card", "tie-break": "any-nearest"}
    assert derive_requires("cards", written, told) == written
