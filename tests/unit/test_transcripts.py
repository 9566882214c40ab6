"""The recording side of transcripts (:mod:`generala_conformance.core.transcripts`):
no-ops outside a recording, where a transcript is filed, and what the games'
comparison code says it compares (pinned on a few cases)."""

from __future__ import annotations

from typing import Any

from generala_conformance import games
from generala_conformance.core.transcripts import Recorder, area_of, claim, mark, need, transcript
from generala_conformance.transport.loading import open_adapter


def test_claims_and_needs_are_no_ops_outside_a_recording() -> None:
    game = games.get("cards")
    adapter = open_adapter(game.reference, None, game=game)
    claim(adapter, check={"path": ["actions"], "op": "set-equals", "value": []})
    need(adapter, "series", True)
    assert mark(adapter) is None
    assert not hasattr(adapter, "exchanges")


def test_a_claim_goes_to_the_request_it_names_through_a_wrapper() -> None:
    game = games.get("cards")
    recorder = Recorder(open_adapter(game.reference, None, game=game), game)

    class Wrapper:  # what the runner hands a case: an adapter holding the recorder as ``adapter``
        adapter = recorder

    recorder.start({"position": {"players": 2, "hands": [["9H"], ["2C"]], "leader": 0}, "rules": {}})
    recorder.legal()
    claim(Wrapper(), 0, same_as=0)
    claim(Wrapper(), check={"path": ["actions"], "op": "set-equals", "value": ["9H"]})
    assert mark(Wrapper()) == 1
    assert [e.expect for e in recorder.exchanges] == [
        {"accept": ["ok"], "same_as": 0},
        {"accept": ["ok"], "checks": [{"path": ["actions"], "op": "set-equals", "value": ["9H"]}]},
    ]
    assert [e.send for e in recorder.exchanges][1] == {"cmd": "legal"}


def test_a_case_is_filed_under_its_source_file() -> None:
    assert area_of("cards/features/03_following.feature:12") == "features/03_following"
    assert area_of("dice/fixtures/scoring/rolls.yaml:40") == "fixtures/scoring/rolls"
    assert area_of("/elsewhere/my_cases/extra.yaml:3") == "extra"


def _transcript(game_name: str, case_id: str) -> dict[str, Any]:
    game = games.get(game_name)
    case = next(c for c in [*game.feature_cases(), *game.fixture_cases(None)] if c.id == case_id)
    return transcript(case, game)


ILLEGAL = {"kind": "illegal", "code_may_be_absent": False, "ignored_without_reason_codes": True}


def test_a_refused_card_is_a_refusal_between_two_equal_states_and_events_are_subsets() -> None:
    """What the card driver compares, and only that: the start's reply is free, events
    are matched as subsets in order, the refusal by kind and code, the state unchanged."""
    found = _transcript("cards", "illegal-must-follow-suit-1")
    assert found["needs"] == {"options": {}}
    assert [(r["send"]["cmd"], r["send"].get("action"), r["expect"]) for r in found["requests"]] == [
        ("start", None, {"accept": ["ok"], "otherwise": {"bad-request": "fail"}}),  # a setup the rules allow
        ("apply", "AC", {"accept": ["ok"], "checks": [_events([{"type": "play", "player": 1, "card": "AC"}])]}),
        ("state", None, {"accept": ["ok"]}),
        ("apply", "KS", {"accept": [], "refusal": {**ILLEGAL, "code": "must-follow-suit"}}),
        ("state", None, {"accept": ["ok"], "same_as": 2}),
        (
            "apply",
            "7C",
            {
                "accept": ["ok"],
                "checks": [
                    _events(
                        [
                            {"type": "play", "player": 0, "card": "7C"},
                            {"type": "trick", "winner": 1, "complete": True},
                            {"type": "lead", "player": 1, "why": "winner"},
                        ]
                    )
                ],
            },
        ),
    ]


def _events(expected: list[dict[str, Any]]) -> dict[str, Any]:
    return {"path": ["events"], "op": "items-match", "value": expected}


def test_a_scenario_s_refused_move_and_its_then_steps() -> None:
    found = _transcript("cards", "09_illegal_moves/bad-action-a-text-that-is-not-an-action")
    assert [r["expect"] for r in found["requests"]] == [
        {"accept": ["ok"], "otherwise": {"bad-request": "fail"}},
        {"accept": ["ok"]},
        {"accept": [], "refusal": {**ILLEGAL, "code": "bad-action"}},
        {"accept": ["ok"], "same_as": 1},
        {"accept": ["ok"], "checks": [{"path": ["state", "to_move"], "op": "equals", "value": 0}]},
    ]


def test_a_dice_refusal_is_compared_by_code_unless_the_hello_has_no_reason_codes() -> None:
    found = _transcript("dice", "game/turns/a-turn-begins-with-a-roll-of-all-five-dice")
    assert found["needs"] == {"options": {}, "declared_points": False, "level": "game"}
    refusal = {
        "kind": "illegal",
        "code": "not-rolled",
        "code_may_be_absent": False,
        "ignored_without_reason_codes": True,
    }
    assert [r["expect"] for r in found["requests"][:5]] == [
        {"accept": ["ok"]},
        {"accept": ["ok"], "checks": [{"path": ["actions"], "op": "set-equals", "value": ["roll"]}]},
        {"accept": ["ok"]},
        {"accept": [], "refusal": refusal},
        {"accept": ["ok"], "same_as": 2},
    ]
