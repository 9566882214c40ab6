"""spec/RULES.md is generated from the YAML files and must be up to date."""

from __future__ import annotations

from importlib.resources import files

from generala_spec import render, rulebook
from generala_spec.options import options


def test_committed_rules_md_is_the_rendered_output() -> None:
    committed = files("generala_spec").joinpath("RULES.md").read_text("utf-8")
    assert committed == render.render(), f"spec/RULES.md is stale: run `{render.COMMAND}`"


def test_rules_md_shows_every_clause_ambiguity_option_and_sentence() -> None:
    text = render.render()
    for clause in rulebook.clauses():
        assert f"#### {clause}\n" in text or f"#### {clause} (retired)\n" in text
    for entry in rulebook.ambiguities():
        assert f"### {entry}: " in text
    for name in options():
        assert f"| `{name}` |" in text
    for sentence in rulebook.sentences():
        assert f"| {sentence} | " in text


def test_clauses_appear_grouped_by_area_in_file_order() -> None:
    text = render.render()
    positions = [text.index(f"#### {c.id}") for c in rulebook.clauses().values()]
    by_area = sorted(rulebook.clauses().values(), key=lambda c: list(rulebook.areas()).index(c.area))
    assert positions == sorted(positions)
    assert [c.id for c in by_area] == list(rulebook.clauses())


def test_rules_md_warns_about_the_dice_game() -> None:
    text = render.render()
    section = text[text.index("## The other Generala") :]
    assert "dice" in section and "different game" in section


def test_check_mode_reports_a_stale_file(tmp_path, monkeypatch, capsys) -> None:
    stale = tmp_path / "RULES.md"
    stale.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(render, "TARGET", stale)
    assert render.main(["--check"]) == 1
    assert render.COMMAND in capsys.readouterr().err
    assert render.main([]) == 0
    assert render.main(["--check"]) == 0
    assert stale.read_text("utf-8") == render.render()
