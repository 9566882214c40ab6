"""The handshake (``generala_conformance.transport.handshake``): every problem of a
``hello`` result is named at once, with the valid choices."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards.game import GAME as CARDS
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport import handshake
from generala_conformance.transport.adapter import AdapterCrash, ProtocolViolation


def hello(**changes: object) -> dict:
    return {**ReferenceAdapter().hello(), **changes}


def test_the_reference_hello_is_valid() -> None:
    assert handshake.problems(hello(), CARDS) == []
    assert handshake.problems(hello(batch=True, series=False), CARDS) == []


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (hello(protocol=True), "'protocol' is a boolean, not an integer"),
        (hello(protocol=2), "speaks protocol 2, the kit speaks protocol 1"),
        (hello(reason_codes=1), "'reason_codes' is an integer, not a boolean"),
        (hello(series="no"), "'series' is a string, not a boolean"),
        (hello(options=[]), "'options' is an array, not an object"),
        (hello(options={"first-lead": []}), "options['first-lead'] is not a non-empty list of values"),
        (hello(options={"first-lead": "free"}), "its values are forced-last-dealt, free"),
        ({"name": "x"}, "it lacks 'version' (a string)"),
        ("hello", "the hello result is a string, not an object"),
    ],
)
def test_a_malformed_hello_is_named(bad: object, words: str) -> None:
    assert any(words in problem for problem in handshake.problems(bad, CARDS)), handshake.problems(bad, CARDS)


def test_unknown_option_names_and_values_are_each_named_with_the_valid_choices() -> None:
    options = {**hello()["options"], "tie-break": ["tied-nearst"], "tiebreak": ["x"]}
    with pytest.raises(ProtocolViolation) as caught:
        handshake.check(hello(options=options), CARDS)
    text = str(caught.value)
    assert "unknown value 'tied-nearst' of option 'tie-break' (its values are tied-nearest, any-nearest)" in text
    assert "unknown option 'tiebreak' (the options are first-lead, next-dealer," in text


class Crashing(ReferenceAdapter):
    def hello(self) -> dict:
        raise AdapterCrash("the implementation crashed (exit code 3) before answering request 1 (hello)", "boom")


def test_shake_names_the_implementation_the_fault_and_the_expected_answer() -> None:
    with pytest.raises(handshake.HandshakeFailed) as caught:
        handshake.shake(Crashing(), "`./engine`", CARDS)
    assert str(caught.value).startswith("the implementation `./engine` never completed the handshake: ")
    assert "crashed (exit code 3)" in str(caught.value) and "expected: a reply to request 1 (hello)" in str(
        caught.value
    )
    assert caught.value.code == "handshake-failed" and caught.value.detail == "boom"
    assert handshake.shake(ReferenceAdapter(), "ref", CARDS)["name"] == "generala-kit reference"
