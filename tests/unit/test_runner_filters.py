"""The runner core's selection: ``-k`` words, clause and tag patterns, profiles."""

from __future__ import annotations

import pytest
from generala_conformance.core.runner import Filters, Labels, keyword_matches

NAMES = {"04_jokers/a-joker-led-wins", "features", "R-JOKER-4", "AMB-5", "option:tie-break=any-nearest"}


@pytest.mark.parametrize(
    ("expression", "selected"),
    [
        ("joker", True),
        ("JOKER", True),
        ("follow", False),
        ("joker and features", True),
        ("joker and fixtures", False),
        ("follow or amb-5", True),
        ("not follow", True),
        ("not (joker or follow)", False),
        ("tie-break=any-nearest", True),
    ],
)
def test_k_reads_words_and_not_or_and_parentheses(expression: str, selected: bool) -> None:
    assert keyword_matches(expression, NAMES) is selected


@pytest.mark.parametrize("expression", ["joker and", "(joker", "joker )", "or joker"])
def test_a_k_expression_that_does_not_read_is_refused(expression: str) -> None:
    with pytest.raises(ValueError, match="-k"):
        keyword_matches(expression, NAMES)


def _labels(clauses: list[str], requires: dict[str, str]) -> Labels:
    tags = sorted({*clauses, *(f"option:{k}={v}" for k, v in requires.items())})
    return Labels("c", "c", "fixture", "f.yaml:1", clauses, [], requires, tags)


def test_clause_patterns_take_an_id_an_area_or_a_glob() -> None:
    case = _labels(["R-FOLLOW-2"], {})
    assert Filters(clauses=["R-FOLLOW-2"]).selects(case, "cards")
    assert Filters(clauses=["R-FOLLOW"]).selects(case, "cards")
    assert Filters(clauses=["R-*-2"]).selects(case, "cards")
    assert not Filters(clauses=["R-FOLLOW-1"]).selects(case, "cards")
    assert not Filters(tags=["AMB-*"]).selects(case, "cards")


def test_a_profile_keeps_the_cases_it_agrees_with_and_withhold_those_requiring_options() -> None:
    tied = _labels(["R-NEXT-4"], {"tie-break": "tied-nearest"})
    anyone = _labels(["R-NEXT-4"], {"tie-break": "any-nearest"})
    assert Filters(profile="fr").selects(tied, "cards") and not Filters(profile="fr").selects(anyone, "cards")
    assert Filters(withhold=True).selects(tied, "cards")
    assert not Filters(withhold=True).selects(_labels(["R-NEXT-4"], {}), "cards")
