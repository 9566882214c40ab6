"""``generala-kit explain``: the arbiter settles concrete positions with clause and
sentence citations (the situations of issue 14), and refuses bad input clearly."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from generala_conformance.games.cards.arbiter.explain import ExplainError, explain
from generala_conformance.games.cards.arbiter.position_text import PositionError, parse_file, parse_moves, parse_text
from generala_conformance.games.cards.commands import explain as cmd_explain

from tests.cli_helpers import run_command

SCHEMA = json.loads((Path(__file__).parents[2] / "spec" / "schemas" / "explain.schema.json").read_text("utf-8"))


def ask(position: str, moves: str = "", **rules: str) -> dict:
    question = parse_text(position)
    question.moves = parse_moves([moves] if moves else [])
    question.rules.update({k.replace("_", "-"): v for k, v in rules.items()})
    answer = explain(question)
    jsonschema.Draft202012Validator(SCHEMA).validate(answer)
    return answer


def decided(answer: dict) -> dict[str, dict]:
    """Event text -> the clause reference that decided it."""
    return {e["text"]: e["decided_by"] for move in answer["moves"] for e in move["events"]}


def refusals(answer: dict) -> dict[str, tuple[str, str]]:
    return {e["action"]: (e["code"], e["refused_by"]["clause"]) for e in answer["choices"]["illegal"]}


def test_both_jokers_in_one_trick_the_first_wins_by_r_joker_4_fr_13_fa_33() -> None:
    answer = ask("P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C", "P1 5S, P2 JK, P3 JK, P4 2S")
    trick = decided(answer)["trick P2 complete"]
    assert trick["clause"] == "R-JOKER-4" and {"FR-13", "FA-33"} <= set(trick["sentences"])
    assert decided(answer)["lead P2 winner"]["clause"] == "R-NEXT-1"
    assert answer["readings"] == []


def test_holding_the_led_suit_no_joker_no_decline_no_other_suit() -> None:
    answer = ask("P1: 2C | P2: 9H JK 3C | P3: 4C 6C | trick: P1 5H")
    assert [e["action"] for e in answer["choices"]["legal"]] == ["9H"]
    assert answer["choices"]["legal"][0]["allowed_by"]["clause"] == "R-FOLLOW-2"
    assert refusals(answer) == {
        "JK": ("joker-only-when-void", "R-FOLLOW-4"),
        "decline": ("cannot-decline", "R-FOLLOW-4"),
        "3C": ("must-follow-suit", "R-FOLLOW-2"),
    }
    joker = next(e for e in answer["choices"]["illegal"] if e["action"] == "JK")
    assert [a["id"] for a in joker["refused_by"]["ambiguities"]] == ["AMB-11", "AMB-12"]


def test_void_player_may_joker_or_decline_but_not_discard() -> None:
    answer = ask("P1: 2C | P2: JK 3C | P3: 4C 6C | trick: P1 5H")
    legal = {e["action"]: e["allowed_by"]["clause"] for e in answer["choices"]["legal"]}
    assert legal == {"JK": "R-FOLLOW-5", "decline": "R-FOLLOW-5"}
    assert refusals(answer) == {"3C": ("off-suit-card", "R-FOLLOW-5")}


def test_an_illegal_move_stops_the_explanation_with_its_reason() -> None:
    answer = ask("P1: 2C | P2: 9H JK 3C | P3: 4C 6C | trick: P1 5H", "P2 JK, P3 4C")
    assert answer["moves"] == []
    assert answer["stopped"]["code"] == "joker-only-when-void"
    assert answer["stopped"]["refused_by"]["clause"] == "R-FOLLOW-4"


def test_everyone_remaining_plays_his_last_card_nobody_loses_unless_each_card() -> None:
    answer = ask("P1: 5H | P2: 9H | P3: JH", "P1 5H, P2 9H, P3 JH")
    assert decided(answer)["game-over nobody"]["clause"] == "R-END-3"
    by_reading = {r["reading"]: r for r in answer["readings"]}
    assert set(by_reading) == {"end-check=each-card"}
    each_card = by_reading["end-check=each-card"]
    assert "game-over P3" in each_card["outcome"]
    assert [a["id"] for a in each_card["ambiguities"]] == ["AMB-7"]
    assert each_card["ambiguities"][0]["ruling"] == "trick-end"


def test_winner_out_two_kings_tied_behind_him_tied_nearest_and_any_nearest() -> None:
    answer = ask("P1: JK | P2: 5D 2S | P3: KC 3S | P4: KD 4S", "P1 JK, P2 5D, P3 KC, P4 KD")
    lead = decided(answer)["lead P3 tie-break"]
    assert lead["clause"] == "R-NEXT-4" and {"FR-19", "FA-50", "FA-51"} <= set(lead["sentences"])
    assert [a["id"] for a in lead["ambiguities"]] == ["AMB-5"]
    by_reading = {r["reading"]: r for r in answer["readings"]}
    assert "lead P2 tie-break" in by_reading["tie-break=any-nearest"]["outcome"]
    assert by_reading["tie-break=any-nearest"]["ambiguities"][0]["id"] == "AMB-5"
    assert [a["id"] for a in by_reading["profile fa"]["ambiguities"]] == ["AMB-5"]
    again = ask("P1: JK | P2: 5D 2S | P3: KC 3S | P4: KD 4S", "P1 JK, P2 5D, P3 KC, P4 KD", tie_break="any-nearest")
    assert "lead P2 tie-break" in decided(again)


def test_everyone_in_an_incomplete_trick_went_out_the_taker_leads() -> None:
    answer = ask("P1: 9H | P2: 10H | P3: 2C 3C | P4: 4C", "P1 9H, P2 10H, P3 decline, P3 take 9H")
    assert decided(answer)["lead P3 taker"]["clause"] == "R-NEXT-5"
    assert decided(answer)["trick P2 incomplete"]["clause"] == "R-TRICK-1"
    assert decided(answer)["decline P3"]["clause"] == "R-FOLLOW-5"
    assert "AMB-8" in {a["id"] for r in answer["readings"] for a in r["ambiguities"]}


def test_the_forced_first_lead_and_its_reading() -> None:
    answer = ask("P1: 7C 2D | P2: 3C | P3: 4C | forced: 7C")
    assert answer["choices"]["legal"][0]["allowed_by"]["clause"] == "R-LEAD-2"
    assert refusals(answer) == {"2D": ("forced-first-lead", "R-LEAD-2")}
    free = {r["reading"]: r for r in answer["readings"]}["first-lead=free"]
    assert free["outcome"] == ["legal 7C 2D"] and free["ambiguities"][0]["id"] == "AMB-1"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("P1: 2C | P2: 9X", "hand of P2: not a card: '9X'"),
        ("P1: 2C | P2 3C", "part 2 'P2 3C': write NAME: VALUE"),
        ("P1: 2C | P2: 3C | leader: P7", "leader: P7 is not a seat of a 2-player game"),
        ("P1: 2C | P2: 3C | dealer: P1", "unknown name 'dealer'"),
        ("P1: 2C | P2: 3C | rules: tie-break", "'tie-break' is not option=value"),
        ("leader: P1", "no hand given"),
    ],
)
def test_malformed_text_names_the_part_or_token(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=".*".join(map(__import__("re").escape, [words]))):
        parse_text(text)


def test_impossible_position_and_bad_rules_are_coded_errors() -> None:
    with pytest.raises(ExplainError) as impossible:
        explain(parse_text("P1: 2C 5H | P2: 3C | trick: P1 5H"))
    assert impossible.value.code == "duplicate-card"
    question = parse_text("P1: 2C | P2: 3C | rules: tie-break=nearest")
    with pytest.raises(ExplainError) as rules:
        explain(question)
    assert rules.value.code == "unknown-option-value"


def test_file_form_in_fixture_notation(tmp_path: Path) -> None:
    path = tmp_path / "pos.yaml"
    path.write_text(
        "position:\n  players: 4\n  leader: P1\n  hands: {P1: 5S 2C, P2: JK 3C, P3: JK 4C, P4: 2S 6C}\n"
        "moves: [P1 5S, P2 JK, P3 JK, P4 2S]\n",
        encoding="utf-8",
    )
    assert decided(explain(parse_file(path)))["trick P2 complete"]["clause"] == "R-JOKER-4"
    bad = tmp_path / "bad.yaml"
    bad.write_text("position:\n  hands: {P1: 5S, P2: 9Z}\n", encoding="utf-8")
    with pytest.raises(PositionError, match=r"bad.yaml:2: position.hands.P2: not a card: '9Z'"):
        parse_file(bad)


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    return run_command(cmd_explain, argv, capsys)


def test_cli_text_draws_the_table_with_glyphs_and_cites_clauses(capsys) -> None:
    code, out, err = run_cli(["P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C", "P1 5S, P2 JK", "P3 JK, P4 2S"], capsys)
    assert code == 0 and err == ""
    assert "P2   3♣ 🃏" in out
    assert "trick P2 complete" in out and "R-JOKER-4" in out and "[FR-13, FA-33]" in out


def test_cli_json_and_errors(capsys) -> None:
    code, out, _ = run_cli(["P1: 2C | P2: 9H JK | trick: P1 5H", "P2 JK", "--json"], capsys)
    assert code == 1 and json.loads(out)["stopped"]["code"] == "joker-only-when-void"
    code, out, err = run_cli(["P1: 2C | P2: QQ"], capsys)
    assert code == 2 and out == "" and "error [bad-position-text]: hand of P2: not a card: 'QQ'" in err
    code, _, err = run_cli(["P1: 2C | P2: 3C", "--rule", "tie-break"], capsys)
    assert code == 2 and "--rule 'tie-break': write OPTION=VALUE" in err
