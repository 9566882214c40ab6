"""The fixtures can be regenerated (issue 15, part 7): every committed fixture file is
what its hand-chosen recipe gives on the reference engine, byte for byte, or is
declared hand-written; a hand edit of a computed field, a fixture nobody accounts
for, and a recipe the reference cannot follow are each reported by name."""

from __future__ import annotations

import difflib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from generala_conformance.games.cards import regenerate as regen
from generala_conformance.games.cards.recipes import RecipeError, compute, read
from generala_scenarios import CARDS

SMALL = "fixtures/tricks/second-joker.yaml"


def test_regenerating_every_recipe_reproduces_the_committed_fixtures_byte_for_byte(tmp_path: Path) -> None:
    committed = regen.default_tree()
    written = regen.regenerate(regen.Tree(CARDS, tmp_path))
    assert written, "no recipe under scenarios/cards/recipes"
    for path in written:
        rel = path.relative_to(tmp_path).as_posix()
        have = (committed.root / rel).read_text("utf-8")
        want = path.read_text("utf-8")
        diff = "".join(difflib.unified_diff(have.splitlines(True), want.splitlines(True), rel, "regenerated"))
        assert have == want, f"scenarios/{rel} is not what scenarios/cards/recipes/{rel} gives:\n{diff}"


def test_every_committed_fixture_file_is_generated_or_declared_hand_written() -> None:
    problems = regen.accounting(regen.default_tree())
    assert not problems, "\n".join(f"{p.path}: {p.message}" for p in problems)


@pytest.fixture
def tree(tmp_path: Path) -> regen.Tree:
    """A scenarios folder holding one recipe, its fixture and an empty manifest."""
    for part in ("recipes", "."):
        (tmp_path / part / SMALL).parent.mkdir(parents=True)
        shutil.copy(CARDS / part / SMALL, tmp_path / part / SMALL)
    (tmp_path / regen.HAND_WRITTEN).write_text("hand-written: {}\n", "utf-8")
    return regen.Tree(tmp_path)


def test_a_small_tree_is_accounted_for(tree: regen.Tree) -> None:
    assert regen.check(tree) == []


def test_a_hand_edited_computed_field_fails_with_a_diff_naming_the_file(tree: regen.Tree) -> None:
    path = tree.root / SMALL
    text = path.read_text("utf-8")
    edited = text.replace("lead P2 highest-remaining]", "lead P3 highest-remaining]", 1)
    assert edited != text
    path.write_text(edited, "utf-8")
    [problem] = regen.check(tree)
    assert problem.path == path
    assert "differs from what scenarios/cards/recipes/fixtures/tricks/second-joker.yaml gives" in problem.message
    assert "-  - {do: P3 8C, events: [play P3 8C, trick P1 complete, lead P3 highest-remaining]}" in problem.diff
    assert "+  - {do: P3 8C, events: [play P3 8C, trick P1 complete, lead P2 highest-remaining]}" in problem.diff


def test_regenerate_overwrites_the_edit(tree: regen.Tree) -> None:
    path = tree.root / SMALL
    original = path.read_text("utf-8")
    path.write_text(original.replace("out P4]", "out P5]", 1), "utf-8")
    regen.regenerate(tree)
    assert path.read_text("utf-8") == original


def test_a_fixture_file_nobody_accounts_for_fails_until_it_is_declared(tree: regen.Tree) -> None:
    stray = tree.root / "fixtures" / "setup" / "refusals.yaml"
    stray.parent.mkdir()
    stray.write_text((tree.root / SMALL).read_text("utf-8"), "utf-8")
    [problem] = regen.check(tree)
    assert problem.path == stray and "has no recipe and is not declared hand-written" in problem.message
    declared = {"fixtures/setup/refusals.yaml": "setups: nothing computed"}
    tree.manifest.write_text(yaml.safe_dump({"hand-written": declared}))
    assert regen.check(tree) == []
    assert tree.hand_written() == declared


def test_a_declared_file_that_is_missing_or_also_generated_fails(tree: regen.Tree) -> None:
    tree.manifest.write_text(yaml.safe_dump({"hand-written": {"fixtures/gone.yaml": "x", SMALL: "y"}}))
    messages = {p.path.name: p.message for p in regen.check(tree)}
    assert "is missing" in messages["gone.yaml"]
    assert "has a recipe and is listed as hand-written" in messages["second-joker.yaml"]


def test_a_recipe_without_its_fixture_is_reported_missing(tree: regen.Tree) -> None:
    (tree.root / SMALL).unlink()
    [problem] = regen.check(tree)
    assert "is missing" in problem.message and "recipes" in problem.message


def test_adopt_turns_a_fixture_into_a_recipe_holding_only_the_hand_chosen_part(tree: regen.Tree) -> None:
    (tree.recipes / SMALL).unlink()
    fixture = tree.root / SMALL
    body = "".join(line for line in fixture.read_text("utf-8").splitlines(True) if not line.startswith("#"))
    fixture.write_text(body, "utf-8")
    recipe = regen.adopt(tree, fixture, "test provenance")
    text = recipe.read_text("utf-8")
    assert "events" not in text and "refused" not in text and 'provenance: "test provenance"' in text
    assert "- {do: P4 2C}" in text
    assert regen.check(tree) == []
    assert fixture.read_text("utf-8").startswith("# Generated by `generala-kit regenerate`")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "lead P2 highest-remaining]",
            "lead P3 highest-remaining]",
            r"second-joker.yaml:\d+: case next-leader-second-joker-001",
        ),
        ("{do: P3 8C, events", "{do: P3 9C, events", r"cases\.0\.steps\.5\.do: the reference refuses 'P3 9C'"),
    ],
)
def test_adopt_refuses_a_fixture_the_reference_contradicts_and_leaves_no_recipe(
    tree: regen.Tree, old: str, new: str, message: str
) -> None:
    (tree.recipes / SMALL).unlink()
    fixture = tree.root / SMALL
    before = fixture.read_text("utf-8").replace(old, new, 1)
    fixture.write_text(before, "utf-8")
    with pytest.raises(regen.AdoptError, match=message):
        regen.adopt(tree, fixture, "x")
    assert not (tree.recipes / SMALL).exists() and fixture.read_text("utf-8") == before


def _recipe(steps: list[object], **head: object) -> dict[str, object]:
    case = {
        "id": "demo",
        "title": "A two-player end",
        "clauses": ["R-END-1"],
        "sources": ["FR-20"],
        "position": {"players": 2, "leader": "P1", "hands": {"P1": "8C", "P2": "2C 3S"}},
        "steps": steps,
    }
    return {"recipe": 1, "about": "Demo.", **head, "cases": [case]}


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([{"do": "P1 3S"}], "the reference refuses 'P1 3S' (card-not-in-hand); write {refuse: P1 3S}"),
        ([{"refuse": "P1 8C"}], "the reference accepts 'P1 8C', which this step says must be refused"),
        ([{"do": "P1 8C", "events": ["play P1 8C"]}], "not a recipe step"),
        ([{"state": ["to_move", "mood"]}], "cases.0.steps.0.state.1: not a state field: 'mood'"),
        ([{"legal": ["8C"]}], "write {legal: all}"),
        ([{"do": "P1 8X"}], "not a card"),
    ],
)
def test_a_recipe_step_the_reference_cannot_follow_is_named(steps: list[object], message: str) -> None:
    with pytest.raises(RecipeError) as caught:
        compute(_recipe(steps), "demo.yaml")
    assert message in str(caught.value) and str(caught.value).startswith("demo.yaml:")


def test_a_recipe_with_a_bad_head_is_named(tmp_path: Path) -> None:
    with pytest.raises(RecipeError, match="unknown key"):
        compute(_recipe([{"legal": "all"}], events="x"))
    with pytest.raises(RecipeError, match="recipe: 1"):
        compute({**_recipe([{"legal": "all"}]), "recipe": 2})
    bad = _recipe([{"legal": "all"}])
    bad["cases"][0]["position"]["players"] = 11  # type: ignore[index]
    with pytest.raises(RecipeError, match=r"cases\.0\.position\.players"):
        compute(bad)
    path = tmp_path / "r.yaml"
    path.write_text("recipe: 1\ncases:\n- id: x\n  steps: [{do: P1 8C}\n")
    with pytest.raises(RecipeError, match=r"r.yaml:\d+: \(file\): not valid YAML"):
        read(path)


def test_a_recipes_error_points_at_its_line(tmp_path: Path) -> None:
    recipe = tmp_path / "demo.yaml"
    recipe.write_text(
        (CARDS / "recipes" / SMALL).read_text("utf-8").replace("{do: P3 8C}", "{refuse: P3 8C}", 1), "utf-8"
    )
    line = next(n for n, t in enumerate(recipe.read_text("utf-8").splitlines(), 1) if "{refuse: P3 8C}" in t)
    with pytest.raises(RecipeError) as caught:
        compute(read(recipe), recipe)
    assert caught.value.line == line and caught.value.field == "cases.0.steps.5.refuse"


def _kit(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "generala_conformance.cli", "regenerate", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_the_command_checks_regenerates_and_reports(tree: regen.Tree) -> None:
    ok = _kit("--check", "--scenarios", str(tree.scenarios))
    assert ok.returncode == 0 and "OK: 1 files are what their recipes give, 0 declared" in ok.stdout
    path = tree.root / SMALL
    path.write_text(path.read_text("utf-8").replace("out P4]", "out P5]", 1), "utf-8")
    failed = _kit("--check", "--scenarios", str(tree.scenarios))
    assert failed.returncode == 1 and f"{path}: differs from what" in failed.stderr
    assert "-  - {do: P4 2C, events: [play P4 2C, out P5]}" in failed.stderr
    assert "FAILED: 1 files not accounted for" in failed.stderr
    fixed = _kit("--scenarios", str(tree.scenarios))
    assert fixed.returncode == 0 and "wrote 1 files from their recipes" in fixed.stdout and regen.check(tree) == []


def test_the_command_reports_a_bad_recipe_on_one_line(tree: regen.Tree) -> None:
    recipe = tree.recipes / SMALL
    recipe.write_text(recipe.read_text("utf-8").replace("{do: P3 8C}", "{do: P3 9C}", 1), "utf-8")
    result = _kit("--scenarios", str(tree.scenarios))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"generala-kit regenerate: {recipe}:") and "[bad-recipe]" in result.stderr


def test_adopt_refuses_a_file_that_has_a_recipe_or_a_step_with_no_recipe_form(tree: regen.Tree) -> None:
    with pytest.raises(regen.AdoptError, match="already has a recipe"):
        regen.adopt(tree, tree.root / SMALL, "x")
    with pytest.raises(regen.AdoptError, match="has no recipe form"):
        regen.recipe_of({"cases": [{"position": {"players": 2}, "steps": [{"start": "again"}]}]}, "x")


def test_a_hand_edited_perft_count_fails_and_a_bad_depth_is_named(tmp_path: Path) -> None:
    rel = "perft/perft.yaml"
    for part in ("recipes", "."):
        (tmp_path / part / rel).parent.mkdir(parents=True)
        shutil.copy(CARDS / part / rel, tmp_path / part / rel)
    tree = regen.Tree(tmp_path)
    assert regen.check(tree) == []
    table = tmp_path / rel
    table.write_text(table.read_text("utf-8").replace("counts: [1, 2, 6, 12, 14]", "counts: [1, 2, 6, 12, 13]"))
    [problem] = regen.check(tree)
    assert problem.path == table and "+  counts: [1, 2, 6, 12, 14]" in problem.diff
    recipe = tmp_path / "recipes" / rel
    recipe.write_text(recipe.read_text("utf-8").replace("depth: 4", "depth: 40", 1))
    with pytest.raises(RecipeError, match=r"perft.yaml:\d+: positions\.0\.depth: 1 to 8"):
        regen.render(tree, rel)
