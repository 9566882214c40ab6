"""The reference adapter's handling of bad setups and requests (``docs/cards-contract.md``)."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest

DEAL = {"players": 3, "dealer": 0, "seed": 1}
POSITION = {"players": 2, "hands": [["5H"], ["6H", "2C"]], "leader": 0}


@pytest.mark.parametrize(
    ("setup", "code"),
    [
        ({"deal": DEAL, "position": POSITION}, "bad-setup"),
        ({}, "bad-setup"),
        ({"position": POSITION, "series": True}, "bad-setup"),
        ({"deal": {**DEAL, "seated": [0, 1]}, "series": True}, "bad-setup"),
        ({"deal": "four players"}, "bad-setup"),
        ({"deal": DEAL, "rules": {"tie-break": "coin-toss"}}, "unknown-option-value"),
        ({"deal": DEAL, "profile": "es"}, "unknown-profile"),
    ],
)
def test_bad_setups_are_refused_and_leave_no_game(setup: dict, code: str) -> None:
    adapter = ReferenceAdapter()
    adapter.start({"position": POSITION})
    with pytest.raises(BadRequest) as exc:
        adapter.start(setup)
    assert exc.value.code == code
    with pytest.raises(BadRequest, match="no-game"):
        adapter.state()


@pytest.mark.parametrize("player", [True, 1.5, "1", -1, 2])
def test_player_must_be_a_seat_number(player: object) -> None:
    adapter = ReferenceAdapter()
    adapter.start({"position": POSITION})
    before = adapter.state()
    with pytest.raises(BadRequest, match="bad-player"):
        adapter.apply("5H", player)  # type: ignore[arg-type]
    assert adapter.state() == before
