"""Scoring of one roll: which categories it qualifies for (D-CAT-*) and its points
(D-SCORE-*, D-FIRST-1), under every rule option; all 252 rolls against an oracle
written from the clauses in another way (sorted dice and value counts)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from generala_reference.dice import ALL_ROLLS, Category, DiceRules, Mark, PointTable, counts_of, dice_of
from generala_reference.dice.scoring import points, qualifies, score_roll, wins_automatically
from generala_reference.errors import InvalidInput, InvalidPosition
from generala_spec.options import options, profile_names

C = Category
SCORING_OPTIONS = ("straight", "straight-ace-for-two", "full-house-five", "four-of-a-kind-five", "double-generala")
ASSIGNMENTS = [
    dict(zip(SCORING_OPTIONS, values, strict=True))
    for values in product(*(list(options("dice")[name].values) for name in SCORING_OPTIONS))
]


def _rules(**overrides: str) -> DiceRules:
    return DiceRules.of(overrides={k.replace("_", "-"): v for k, v in overrides.items()})


def _q(dice: str, category: Category, rules: DiceRules | None = None, generala: Mark = Mark.OPEN) -> bool:
    return qualifies(category, counts_of(int(d) for d in dice), rules or DiceRules.of(), generala)


# -- the clauses, one reading at a time ------------------------------------------------------


def test_d_cat_1_a_number_needs_a_die_of_it_unless_number_zero_scores() -> None:
    assert [c.value for c in C if c.number and _q("44426", c)] == ["twos", "fours", "sixes"]
    assert not _q("44426", C.ONES)
    assert _q("44426", C.ONES, _rules(number_zero="score"))


def test_d_score_1_a_number_scores_the_sum_of_its_dice() -> None:
    roll = counts_of([4, 4, 4, 2, 6])
    table = PointTable()
    assert [points(c, roll, table, first_roll=True) for c in (C.FOURS, C.TWOS, C.SIXES, C.ONES)] == [12, 2, 6, 0]


@pytest.mark.parametrize(
    ("dice", "plain", "wrap", "distinct"),
    [
        ("12345", 1, 1, 1),
        ("65432", 1, 1, 1),
        ("34561", 0, 1, 1),
        ("12456", 0, 0, 1),
        ("12346", 0, 0, 1),
        ("11345", 0, 0, 0),
    ],
)
def test_d_cat_2_straights_under_each_reading(dice: str, plain: int, wrap: int, distinct: int) -> None:
    found = [_q(dice, C.STRAIGHT, _rules(straight=s)) for s in ("plain", "wrap", "any-five-distinct")]
    assert found == [bool(plain), bool(wrap), bool(distinct)]


@pytest.mark.parametrize(
    ("dice", "straight", "combined", "alone"),
    [
        ("11345", "plain", True, True),
        ("13456", "plain", True, True),
        ("11456", "wrap", False, False),
        ("11346", "any-five-distinct", True, False),
        ("11245", "any-five-distinct", False, False),
        ("11234", "wrap", False, False),
    ],
)
def test_d_cat_3_a_one_for_a_two_and_no_other_number(dice: str, straight: str, combined: bool, alone: bool) -> None:
    """D-CAT-3, AMB-13: yes combines with the straight option, alone makes only 1-2-3-4-5 or 2-3-4-5-6;
    a 1 never stands for a 3 (11245) or a 5 (11234)."""
    assert _q(dice, C.STRAIGHT, _rules(straight=straight, straight_ace_for_two="yes")) is combined
    assert _q(dice, C.STRAIGHT, _rules(straight=straight, straight_ace_for_two="alone")) is alone
    assert _q(dice, C.STRAIGHT, _rules(straight=straight)) is (dice == "13456" and straight != "plain")


def test_d_cat_4_full_house_and_five_of_a_kind() -> None:
    assert _q("55533", C.FULL_HOUSE) and not _q("55553", C.FULL_HOUSE) and not _q("55432", C.FULL_HOUSE)
    assert not _q("33333", C.FULL_HOUSE)
    assert _q("33333", C.FULL_HOUSE, _rules(full_house_five="yes"))


def test_d_cat_5_four_of_a_kind_and_five_of_a_kind() -> None:
    assert _q("22226", C.FOUR_OF_A_KIND) and _q("33333", C.FOUR_OF_A_KIND) and not _q("22266", C.FOUR_OF_A_KIND)
    assert not _q("33333", C.FOUR_OF_A_KIND, _rules(four_of_a_kind_five="no"))
    assert _q("22226", C.FOUR_OF_A_KIND, _rules(four_of_a_kind_five="no"))


def test_d_cat_6_and_d_sheet_2_five_of_a_kind_goes_in_generala_threes_or_four() -> None:
    qualified = {c.value for c in C if _q("33333", c)}
    assert qualified == {"threes", "four-of-a-kind", "generala"}
    assert not _q("33332", C.GENERALA)


@pytest.mark.parametrize(
    ("reading", "open_", "scored", "scratched"),
    [
        ("after-generala", False, True, False),
        ("after-generala-closed", False, True, True),
        ("off", False, False, False),
    ],
)
def test_d_cat_7_double_generala_by_the_state_of_generala(reading, open_, scored, scratched) -> None:
    rules = _rules(double_generala=reading)
    found = [_q("66666", C.DOUBLE_GENERALA, rules, mark) for mark in (Mark.OPEN, Mark.SCORED, Mark.SCRATCHED)]
    assert found == [open_, scored, scratched]
    assert not _q("66665", C.DOUBLE_GENERALA, rules, Mark.SCORED)


def test_double_generala_is_not_on_the_sheet_when_off() -> None:
    assert C.DOUBLE_GENERALA not in _rules(double_generala="off").categories
    assert C.DOUBLE_GENERALA not in score_roll(counts_of([6] * 5), _rules(double_generala="off"))
    assert len(DiceRules.of().categories) == 11


def test_d_score_2_to_7_and_d_first_1_the_points_and_the_bonus() -> None:
    default = PointTable.of(DiceRules.of())
    fixed = [default.fixed(c) for c in (C.STRAIGHT, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.GENERALA, C.DOUBLE_GENERALA)]
    assert fixed == [20, 30, 40, 50, 100]
    high = PointTable.of(_rules(generala_points="60", double_generala_points="120", first_roll_bonus="10"))
    assert (high.generala, high.double_generala, high.bonus(C.FULL_HOUSE)) == (60, 120, 10)
    roll = counts_of([5, 5, 5, 3, 3])
    assert points(C.FULL_HOUSE, roll, default, first_roll=True) == 35
    assert points(C.FULL_HOUSE, roll, high, first_roll=True) == 40
    assert points(C.FULL_HOUSE, roll, default, first_roll=False) == 30
    five = counts_of([2] * 5)
    assert points(C.GENERALA, five, default, first_roll=True) == 50  # no bonus but for the three hands
    assert points(C.TWOS, five, default, first_roll=True) == 10


def test_d_score_7_a_declared_table_changes_points_never_qualification() -> None:
    declared = PointTable.declared(
        {"straight": 30, "full-house": 50, "four-of-a-kind": 80, "generala": 100, "double-generala": 200,
         "bonus-straight": 10, "bonus-full-house": 10, "bonus-four-of-a-kind": 10}
    )  # fmt: skip
    rules = DiceRules.of()
    for roll in ALL_ROLLS:
        mine, theirs = score_roll(roll, rules, first_roll=True), score_roll(roll, rules, declared, first_roll=True)
        assert [c for c, v in mine.items() if v is None] == [c for c, v in theirs.items() if v is None]
    assert score_roll(counts_of([1, 2, 3, 4, 5]), rules, declared, first_roll=True)[C.STRAIGHT] == 40


@pytest.mark.parametrize("table", [{"poker": 40}, {"straight": -1}, {"generala": 50.5}, {"straight": "20"}])
def test_a_bad_declared_table_is_refused(table) -> None:
    with pytest.raises(InvalidPosition) as caught:
        PointTable.declared(table)
    assert caught.value.code == "bad-point-table"


@pytest.mark.parametrize("dice", [[0, 1, 2, 3, 4], [7], ["1"], [True]])
def test_a_bad_die_is_refused(dice) -> None:
    with pytest.raises(InvalidInput) as caught:
        counts_of(dice)
    assert caught.value.code == "bad-die"


def test_an_unknown_option_is_refused_with_its_code() -> None:
    with pytest.raises(InvalidPosition) as caught:
        DiceRules.of(overrides={"straight": "round"})
    assert caught.value.code == "unknown-option-value"
    with pytest.raises(InvalidPosition) as caught:
        DiceRules.of("fr")
    assert caught.value.code == "unknown-profile"


# -- every roll, every reading, against an oracle ---------------------------------------------


def _oracle(dice: tuple[int, ...], o: dict[str, str], generala: Mark) -> set[str]:
    """The categories ``dice`` qualifies for, from the clauses, by sorted dice and value counts."""
    shape = sorted(Counter(dice).values())
    straights = {(1, 2, 3, 4, 5), (2, 3, 4, 5, 6)}
    if o["straight"] == "wrap":
        straights.add((1, 3, 4, 5, 6))

    def straight(ds: tuple[int, ...]) -> bool:
        return len(set(ds)) == 5 if o["straight"] == "any-five-distinct" else tuple(sorted(ds)) in straights

    found = {c.value for c in C if c.number in dice}
    as_two = (2, *sorted(dice)[1:])  # one 1 read as a 2 (when the roll has a 1)
    ace = o["straight-ace-for-two"]
    if ace == "alone":
        ace_straight = sorted(as_two) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    else:
        ace_straight = ace == "yes" and straight(as_two)
    if straight(dice) or (1 in dice and ace_straight):
        found.add("straight")
    if shape == [2, 3] or (shape == [5] and o["full-house-five"] == "yes"):
        found.add("full-house")
    if shape[-1] == 4 or (shape == [5] and o["four-of-a-kind-five"] == "yes"):
        found.add("four-of-a-kind")
    if shape == [5]:
        found.add("generala")
        if (o["double-generala"], generala) in {("after-generala", Mark.SCORED), ("after-generala-closed", Mark.SCORED),
                                                 ("after-generala-closed", Mark.SCRATCHED)}:  # fmt: skip
            found.add("double-generala")
    return found


def test_there_are_252_rolls_each_once() -> None:
    assert len(ALL_ROLLS) == len(set(ALL_ROLLS)) == 252
    assert all(sum(roll) == 5 for roll in ALL_ROLLS)


@pytest.mark.parametrize("assignment", ASSIGNMENTS, ids=lambda a: "/".join(a.values()))
def test_every_roll_under_every_reading_matches_the_oracle(assignment: dict[str, str]) -> None:
    rules = DiceRules.of(overrides=assignment)
    table = PointTable.of(rules)
    for roll, generala, first in product(ALL_ROLLS, Mark, (False, True)):
        dice = dice_of(roll)
        scores = score_roll(roll, rules, table, first_roll=first, generala=generala)
        assert {c.value for c, v in scores.items() if v is not None} == _oracle(dice, assignment, generala), dice
        for category, value in scores.items():
            if value is not None and category.number:
                assert value == category.number * dice.count(category.number)
            elif value is not None:
                bonus = table.bonus(category) if first else 0
                assert value == table.fixed(category) + bonus


@pytest.mark.parametrize("profile", profile_names(spec="dice"))
def test_every_roll_scores_without_error_under_each_profile_and_number_zero(profile: str) -> None:
    for zero in ("scratch", "score"):
        rules = DiceRules.of(profile, {"number-zero": zero})
        for roll in ALL_ROLLS:
            scores = score_roll(roll, rules)
            numbers = [scores[c] for c in C if c.number]
            assert (None not in numbers) is (zero == "score" or min(roll) > 0)


def test_d_first_1_a_declared_table_gives_generala_a_first_roll_bonus() -> None:
    """AMB-3: a house's served-Generala bonus is a point of its declared table (D-SCORE-7);
    the options' table gives Generala none."""
    five = counts_of([4] * 5)
    house = PointTable.declared({"bonus-generala": 5, "bonus-double-generala": 10})
    assert points(C.GENERALA, five, house, first_roll=True) == 55
    assert points(C.DOUBLE_GENERALA, five, house, first_roll=True) == 110
    assert points(C.GENERALA, five, house, first_roll=False) == 50
    assert PointTable.of(_rules(first_roll_bonus="10")).bonus(C.GENERALA) == 0


@pytest.mark.parametrize(
    ("generala", "double", "wins"),
    [
        (Mark.OPEN, Mark.OPEN, True),
        (Mark.SCORED, Mark.OPEN, True),  # Double Generala can take the roll
        (Mark.SCORED, Mark.SCORED, False),  # neither can: unless-scratched would win here
        (Mark.SCRATCHED, Mark.OPEN, False),  # Double Generala needs a scored Generala by default
    ],
)
def test_d_first_3_the_win_while_generala_or_double_generala_can_take_the_roll(
    generala: Mark, double: Mark, wins: bool
) -> None:
    rules = _rules(auto_win="generala-or-double-open")
    assert wins_automatically(counts_of([2] * 5), rules, generala, double) is wins
    assert not wins_automatically(counts_of([2, 2, 2, 2, 3]), rules, Mark.OPEN, Mark.OPEN)
