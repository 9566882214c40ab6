"""The census of public dice implementations (spec/dice/census.yaml): valid against
its schema, every ambiguity, option, reading, file and point key it names exists,
the docs page is its rendering, and each house rule it records that an option or a
declared point table expresses is played by a driver of the reference: the suite
passes when the hello declares it and fails when it declares the default."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from generala_spec import census
from generala_spec.folders import RulebookError
from generala_spec.options import options

from tests.integration.test_broken_engines_suite import run_check

HOUSE = Path(__file__).parents[1] / "impls" / "dice_house_rules.py"


def test_the_census_is_valid_and_names_only_what_exists() -> None:
    document = census.document()
    assert census.problems(document) == []
    impls = document["implementations"]
    assert len(impls) >= 10
    assert len({impl["language"] for impl in impls}) >= 5
    assert len({impl["repository"] for impl in impls}) == len(impls)


def test_every_option_reading_of_the_census_is_a_value_of_its_option() -> None:
    for impl in census.document()["implementations"]:
        for rule in impl["rules"]:
            if "option" in rule:
                assert rule["reading"] in options(spec="dice")[rule["option"]].values, rule


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda rule: rule.update(ambiguity="AMB-99"), "no ambiguity AMB-99"),
        (
            lambda rule: rule.update(option="auto-win", reading="sometimes"),
            "has no reading 'sometimes' of option auto-win",
        ),
        (lambda rule: rule.update(option="no-such-option"), "of option no-such-option"),
        (lambda rule: rule.pop("option") and rule.update(reading="nowhere"), "has no reading 'nowhere'"),
        (lambda rule: rule.update(file="elsewhere.py"), "is not among the files read"),
    ],
)
def test_a_census_naming_what_does_not_exist_is_refused(change, problem) -> None:
    document = copy.deepcopy(census.document())
    change(document["implementations"][0]["rules"][0])
    assert any(problem in found for found in census.problems(document)), census.problems(document)


def test_an_unknown_point_key_or_a_reading_by_points_without_points_is_refused() -> None:
    document = copy.deepcopy(census.document())
    by_points = next(impl for impl in document["implementations"] if impl["id"] == "fervicente8-generala")
    del by_points["points"]
    document["implementations"][0]["points"]["yacht"] = 50
    found = census.problems(document)
    assert any("unknown point table key 'yacht'" in p for p in found)
    assert any("no points are declared" in p for p in found)


def test_an_unknown_reading_raises_a_named_error() -> None:
    with pytest.raises(RulebookError, match="AMB-8 has no reading 'always'"):
        census.verdict({"ambiguity": "AMB-8", "option": "auto-win", "reading": "always", "file": "x", "note": "x"})


def test_the_docs_page_is_the_census_rendered() -> None:
    assert census.PAGE.read_text("utf-8") == census.render(census.document()), f"run {census.COMMAND}"
    assert census.main(["--check"]) == 0


@pytest.mark.parametrize(
    ("declares", "doesnt"),
    [
        ("WinWhileDoubleCanTakeIt", "WinWhileDoubleCanTakeItDeclaringDefault"),
        ("ServedGeneralaBonus", "ServedGeneralaBonusUndeclared"),
    ],
)
def test_a_house_rule_passes_when_declared_and_fails_under_the_default(
    tmp_path: Path, declares: str, doesnt: str
) -> None:
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{HOUSE}:{declares}"])
    assert code == 0 and report["ok"], [c for c in report["cases"] if c["outcome"] not in ("pass", "skip")][:3]
    assert report["summary"]["pass"] > 1000
    code, report = run_check(tmp_path, ["--game", "dice", "--adapter", f"{HOUSE}:{doesnt}", "-x"])
    assert code == 1 and report["summary"]["fail"] >= 1
