"""spec/cards/RULES.md is generated from the YAML files and must be up to date."""

from __future__ import annotations

import pytest
from generala_spec import render, rulebook
from generala_spec.options import options

BOOKS = pytest.mark.parametrize("spec", rulebook.rulebooks(), ids=lambda spec: spec or "cards")


@BOOKS
def test_committed_rules_md_is_the_rendered_output(spec: str) -> None:
    committed = rulebook.folder(spec).joinpath("RULES.md").read_text("utf-8")
    assert committed == render.render(spec), f"{render.target(spec)} is stale: run `{render.command(spec)}`"


@BOOKS
def test_rules_md_shows_every_clause_ambiguity_option_and_sentence(spec: str) -> None:
    text = render.render(spec)
    for clause in rulebook.clauses(spec):
        assert f"#### {clause}\n" in text or f"#### {clause} (retired)\n" in text
    for entry in rulebook.ambiguities(spec):
        assert f"### {entry}: " in text
    for name in options(spec):
        assert f"| `{name}` |" in text
    for sentence in rulebook.sentences(spec):
        assert f"| {sentence} | " in text


@BOOKS
def test_clauses_appear_grouped_by_area_in_file_order(spec: str) -> None:
    text = render.render(spec)
    positions = [text.index(f"#### {c.id}") for c in rulebook.clauses(spec).values()]
    by_area = sorted(rulebook.clauses(spec).values(), key=lambda c: list(rulebook.areas(spec)).index(c.area))
    assert positions == sorted(positions)
    assert [c.id for c in by_area] == list(rulebook.clauses(spec))


def test_the_dice_rules_md_names_its_files_command_and_the_card_game() -> None:
    text = render.render("dice")
    assert text.startswith("# Generala, the dice game: the rules\n")
    assert "`python -m generala_spec.render --spec dice` from spec/dice/clauses.yaml" in text
    assert "PT reads `four`" not in text and "pt reads `four`" in text
    section = text[text.index("## The other Generala") :]
    assert "card" in section and "different game" in section


def test_rules_md_warns_about_the_dice_game() -> None:
    text = render.render()
    section = text[text.index("## The other Generala") :]
    assert "dice" in section and "different game" in section


def test_check_mode_reports_a_stale_file(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "cards").mkdir()
    stale = tmp_path / "cards" / "RULES.md"
    stale.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(render, "ROOT", tmp_path)
    assert render.main(["--check"]) == 1
    assert render.COMMAND in capsys.readouterr().err
    assert render.main([]) == 0
    assert render.main(["--check"]) == 0
    assert stale.read_text("utf-8") == render.render()


def test_check_mode_of_the_dice_rulebook_and_an_unknown_one(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(render, "ROOT", tmp_path)
    (tmp_path / "dice").mkdir()
    assert render.main(["--spec", "dice", "--check"]) == 1
    assert "python -m generala_spec.render --spec dice" in capsys.readouterr().err
    assert render.main(["--spec", "dice"]) == 0
    assert (tmp_path / "dice" / "RULES.md").read_text("utf-8") == render.render("dice")
    assert not (tmp_path / "cards" / "RULES.md").exists()
    assert render.main(["--spec", "chess"]) == 2
    assert "no rulebook 'chess'" in capsys.readouterr().err
