"""The dice suite (scenarios/dice/fixtures/) passes on the dice reference engine,
at both levels, through the protocol too; its fixtures are what their sources give."""

from __future__ import annotations

import re

import pytest
from generala_conformance.core.sent_rules import rules_to_send
from generala_conformance.games.dice.cases import load_all
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter
from generala_conformance.games.dice.regenerate import DICE_ROOT

CASES = load_all(DICE_ROOT / "fixtures")


def rules_for(case, hello) -> dict[str, str]:
    return rules_to_send(case.requires, hello["options"], spec="dice")


def test_the_suite_has_both_levels_and_every_roll() -> None:
    scoring = [c for c in CASES if c.level == "scoring"]
    rolls = {tuple(c.roll["dice"]) for c in scoring if c.id.startswith("scoring/rolls/")}
    assert len(rolls) == 252 and len(scoring) > 1000
    assert len([c for c in CASES if c.level == "game"]) >= 40


def test_every_case_passes_on_the_reference() -> None:
    adapter = DiceReferenceAdapter()
    hello = adapter.hello()
    for case in CASES:
        case.run(adapter, rules_for(case, hello))


@pytest.mark.parametrize(
    "profile", ["pt", "exact-hands", "every-variation", "straight-variations-apart", "no-double", "no-auto-win"]
)
def test_every_case_a_profile_admits_passes_under_it(profile: str) -> None:
    from generala_spec.options import resolve

    adapter = DiceReferenceAdapter()
    hello = adapter.hello()
    chosen = resolve(profile, spec="dice")
    ran = 0
    for case in CASES:
        if all(chosen[k] == v for k, v in case.requires.items()):
            case.run(adapter, rules_to_send(case.requires, hello["options"], profile, spec="dice"))
            ran += 1
    assert ran > 100


def test_the_changelog_s_newest_section_is_the_suite_version() -> None:
    from generala_scenarios import DICE_SUITE_VERSION

    changelog = (DICE_ROOT / "CHANGELOG.md").read_text("utf-8")
    sections = re.findall(r"^## (\d+\.\d+\.\d+)$", changelog, re.MULTILINE)
    newest_first = sorted(set(sections), key=lambda v: tuple(map(int, v.split("."))), reverse=True)
    assert sections[0] == DICE_SUITE_VERSION and sections == newest_first


def test_the_fixtures_are_what_their_sources_give_and_regenerate_refuses_card_options(tmp_path) -> None:
    """``regenerate --game dice --check``: the committed fixtures are what their sources give."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "generala_conformance.cli", "regenerate", "--game", "dice"]
    done = subprocess.run([*command, "--check"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "OK: the dice fixtures are what their sources give" in done.stdout, done.stderr
    done = subprocess.run([*command, "--out", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unrecognized arguments: --out" in done.stderr  # (the card game's option)
