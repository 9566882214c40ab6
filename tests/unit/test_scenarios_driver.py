"""The driver's comparisons bite: each way an implementation can answer wrongly —
a legal set of the right size but other moves, an extra or missing event, a refusal
with the wrong code, a refusal that changed the state, a wrong hand — is a
:class:`Divergence`, and answers that differ only where the contract allows (order
of legal moves, order of cards, extra event fields) are not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.driver import Driver, events_match, subset
from generala_conformance.games.cards.notation import CANONICAL_DECK
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest, Json, Refused

# P1 leads 2C; P2, void in clubs, may play his Joker or decline (not 9H, not 5D).
HANDS = [["8H", "2C"], ["9H", "5D", "JK"], ["10H", "4C"]]
SETUP = {
    "position": {
        "players": 3,
        "hands": HANDS,
        "out_of_play": list((Counter(CANONICAL_DECK) - Counter(c for h in HANDS for c in h)).elements()),
        "leader": 0,
        "trick": [],
    },
    "profile": "default",
}


class Twisted(ReferenceAdapter):
    """The reference with one answer changed by ``twist(method, value)``."""

    def __init__(self, twist: Callable[[str, Any], Any]) -> None:
        super().__init__()
        self.twist = twist

    def legal(self) -> list[str]:
        return self.twist("legal", super().legal())

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        return self.twist("apply", super().apply(action, player))

    def state(self) -> Json:
        return self.twist("state", super().state())


def driver(twist: Callable[[str, Any], Any] = lambda _m, v: v) -> Driver:
    d = Driver(Twisted(twist))
    d.start(SETUP)
    return d


def test_subset_and_events_match() -> None:
    assert subset({"type": "play", "player": 0}, {"type": "play", "player": 0, "card": "8H"})
    assert not subset({"type": "play", "player": 1}, {"type": "play", "player": 0})
    assert not subset({"type": "play", "card": "8H"}, {"type": "play"})
    assert not subset({"lead": {"why": "winner"}}, {"lead": "winner"})
    assert subset(["8H", "9H"], ["8H", "9H"]) and not subset(["8H", "9H"], ["9H", "8H"])
    play, trick = {"type": "play", "player": 0}, {"type": "trick", "winner": 1}
    assert events_match([play, trick], [{**play, "card": "8H"}, trick])
    assert not events_match([play], [play, trick])
    assert not events_match([play, trick], [play])
    assert not events_match([play, trick], [trick, play])


def test_legal_actions_compare_as_sets() -> None:
    d = driver()
    d.act(0, "2C")
    d.expect_legal("P2 to move", ["decline", "JK"])  # any order
    with pytest.raises(Divergence, match=r"expected: legal actions \['9H', 'JK'\]"):
        d.expect_legal("P2 to move", ["JK", "9H"])  # same size, other moves
    with pytest.raises(Divergence):
        d.expect_legal("P2 to move", ["JK"])
    with pytest.raises(Divergence):
        d.expect_legal("P2 to move", ["9H", "decline", "JK"])


def test_same_size_legal_set_with_other_moves_diverges() -> None:
    d = driver(lambda m, v: ["5D" if a == "JK" else a for a in v] if m == "legal" else v)
    d.act(0, "2C")
    with pytest.raises(Divergence, match="legal actions"):
        d.expect_legal("P2 to move", ["JK", "decline"])


def test_events_are_checked_in_order_and_in_number() -> None:
    d = driver()
    events = d.act(0, "2C")
    d.expect_events("P1 leads 2C", [{"type": "play", "player": 0}], events)
    with pytest.raises(Divergence):
        d.expect_events("P1 leads 2C", [{"type": "play", "player": 1}], events)
    with pytest.raises(Divergence):
        d.expect_events("P1 leads 2C", [{"type": "play"}, {"type": "play"}], events)


def test_a_forbidden_move_must_be_refused_with_its_code_and_change_nothing() -> None:
    d = driver()
    d.act(0, "2C")
    d.refuse(1, "9H", "off-suit-card")
    d.refuse(1, "9H", None)
    with pytest.raises(Divergence, match="refused with"):
        d.refuse(1, "9H", "not-your-turn")
    with pytest.raises(Divergence, match="accepted"):
        d.refuse(1, "JK", "off-suit-card")


def test_a_refusal_code_is_compared_only_when_the_hello_says_reason_codes() -> None:
    """``"reason_codes": true`` (the default): a refusal without the expected code, or
    with another, diverges, naming the clause of the refused move; ``false``: any
    refusal passes, whatever its code (``docs/protocol.md``, "The handshake")."""

    class Recoded(ReferenceAdapter):
        def __init__(self, codes: bool, code: str | None) -> None:
            super().__init__()
            self.codes, self.code = codes, code

        def hello(self) -> Json:
            return {**super().hello(), "reason_codes": self.codes}

        def apply(self, action: str, player: int | None = None) -> list[Json]:
            try:
                return super().apply(action, player)
            except Refused as exc:
                raise Refused(self.code, exc.message) from None

    for code in (None, "not-allowed"):
        d = Driver(Recoded(False, code))
        d.start(SETUP)
        d.act(0, "2C")
        d.refuse(1, "9H", "off-suit-card")
        d = Driver(Recoded(True, code))
        d.start(SETUP)
        d.act(0, "2C")
        with pytest.raises(Divergence, match="refused with off-suit-card") as caught:
            d.refuse(1, "9H", "off-suit-card")
        assert caught.value.attribution is not None and caught.value.attribution.clause == "R-FOLLOW-5"
        assert ("without a code" in str(caught.value)) == (code is None)


def test_a_refusal_that_changes_the_state_diverges() -> None:
    calls = {"state": 0}

    def drift(method: str, value: Any) -> Any:
        if method == "state":
            calls["state"] += 1
            if calls["state"] % 2 == 0:  # the snapshot taken after the refusal
                value = {**value, "to_move": 2}
        return value

    d = driver(drift)
    d.act(0, "2C")
    with pytest.raises(Divergence, match="the state unchanged"):
        d.refuse(1, "9H", "off-suit-card")


def test_state_hands_compare_as_card_sets() -> None:
    d = driver()
    d.expect_state("start", {"hands": {1: ["JK", "5D", "9H"]}, "to_move": 0})
    with pytest.raises(Divergence, match="hands"):
        d.expect_state("start", {"hands": {1: ["9H", "5D"]}})
    with pytest.raises(Divergence, match="to_move"):
        d.expect_state("start", {"to_move": 1})
    d.expect_state("start", {"trick": [], "went_out": []})  # other lists compare as they are
    out = d.adapter.state()["out_of_play"]
    d.expect_state("start", {"out_of_play": list(reversed(out))})  # any order
    with pytest.raises(Divergence, match="out_of_play"):
        d.expect_state("start", {"out_of_play": [*out[:-1], "2C"]})  # same size, another card


def test_a_wrong_deal_is_reported_before_the_fields_it_causes() -> None:
    """Hands are compared first, whatever the order of the expected fields: a wrong
    deal is named as such, not by the player to move it put off (attribution)."""
    d = driver()
    with pytest.raises(Divergence) as caught:
        d.expect_state("start", {"to_move": 2, "hands": {1: ["9H"]}})
    text = str(caught.value)
    assert "expected: hands" in text and "expected: to_move" not in text


def test_the_trick_compares_in_play_order() -> None:
    d = driver()
    d.act(0, "2C")
    d.act(1, "JK")
    d.expect_state("after", {"trick": [{"player": 0, "card": "2C"}, {"player": 1, "card": "JK"}]})
    with pytest.raises(Divergence, match="trick"):
        d.expect_state("after", {"trick": [{"player": 1, "card": "JK"}, {"player": 0, "card": "2C"}]})


def test_a_refused_legal_move_and_a_refused_setup_diverge() -> None:
    d = driver()
    with pytest.raises(Divergence, match="the move is accepted"):
        d.act(1, "9H")  # not his turn: the reference refuses it

    class RefusesSetups(ReferenceAdapter):
        def start(self, setup: Json) -> Json:
            raise Refused("bad-position", "no")

    with pytest.raises(Divergence, match="the setup is accepted"):
        Driver(RefusesSetups()).start(SETUP)
    with pytest.raises(BadRequest):  # a setup the reference refuses too: an error of the run
        Driver(ReferenceAdapter()).start({"position": {**SETUP["position"], "players": 11}})

    class RefusesTen(ReferenceAdapter):
        def start(self, setup: Json) -> Json:
            raise BadRequest("bad-players", "2 to 9 players")

    ten = {"deal": {"players": 10, "dealer": 0}}
    with pytest.raises(Divergence, match="bad-request bad-players") as refused:  # the rules allow it
        Driver(RefusesTen()).start(ten)
    assert refused.value.attribution is not None and refused.value.attribution.clause == "R-MAT-2"
