"""The reference adapter keeps the rules of each profile and overrides it starts
from (a campaign starts two games per game it draws): the same rules as
:meth:`Rules.of`, a refused setup kept out, and no more than ``RULES_KEPT`` kept."""

from __future__ import annotations

import pytest
from generala_conformance.games.cards import reference_adapter
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter, rules_of
from generala_conformance.transport.adapter import BadRequest
from generala_reference.cards.rules import Rules


def test_the_rules_kept_are_those_of_the_profile_and_overrides() -> None:
    overrides = {"tie-break": "any-nearest"}
    kept = rules_of("fr", overrides)
    assert kept == Rules.of("fr", overrides) and kept.profile == "fr"
    assert rules_of("fr", dict(overrides)) is kept
    assert rules_of("fa", overrides) == Rules.of("fa", overrides) and rules_of("fa", overrides).profile == "fa"
    assert rules_of("fr", {}) == Rules.of("fr") != kept


def test_a_refused_setup_is_refused_every_time_and_not_kept() -> None:
    setup = {"rules": {"tie-break": "nowhere"}, "deal": {"players": 3, "dealer": 0}}
    for _ in range(2):
        with pytest.raises(BadRequest) as refused:
            ReferenceAdapter().start(setup)
        assert refused.value.code == "unknown-option-value"
    assert not any(dict(key[1]).get("tie-break") == "nowhere" for key in reference_adapter._RULES)


def test_no_more_rules_are_kept_than_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reference_adapter, "RULES_KEPT", 3)
    monkeypatch.setattr(reference_adapter, "_RULES", {})
    values = ["tied-nearest", "any-nearest"]
    for profile in ("default", "fr", "fa"):
        for value in values:
            rules_of(profile, {"tie-break": value})
            assert len(reference_adapter._RULES) <= 3
    assert rules_of("fa", {"tie-break": "any-nearest"}) == Rules.of("fa", {"tie-break": "any-nearest"})
