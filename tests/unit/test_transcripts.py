"""The recording side of transcripts (:mod:`generala_conformance.core.transcripts`)
outside a recording, and where a case's transcript is filed."""

from __future__ import annotations

from generala_conformance import games
from generala_conformance.core.transcripts import Recorder, area_of, claim, mark, need
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
