"""``generala-kit rules``: clause, sentence and ambiguity look-up, and the scan
of the scenario data for the clauses they cite."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from generala_conformance.cli import rules as cmd_rules
from generala_spec import rulebook

from tests.cli_helpers import run_command


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    return run_command(cmd_rules, argv, capsys)


@pytest.fixture
def scenario_root(tmp_path: Path) -> Path:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "next.feature").write_text(
        "Feature: next leader\n\n  @R-NEXT-4 @option:tie-break=any-nearest\n"
        "  Scenario: tie\n    Given a table\n\n  @R-NEXT-40 @R-NEXT-3\n  Scenario: other\n",
        encoding="utf-8",
    )
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "a.yaml").write_text(
        "- name: one\n  clauses: [R-NEXT-4, R-END-2]\n- name: two\n  clauses:\n"
        "    - R-DECL-3\n    - 'R-NEXT-4'\n  moves: [R-NEXT-5]\n",
        encoding="utf-8",
    )
    return tmp_path


def test_scan_finds_tags_and_both_yaml_list_forms(scenario_root: Path) -> None:
    found = {(c.clause, c.path.name, c.line) for c in cmd_rules.scenario_citations(scenario_root)}
    assert found == {
        ("R-NEXT-4", "next.feature", 3),
        ("R-NEXT-40", "next.feature", 7),
        ("R-NEXT-3", "next.feature", 7),
        ("R-NEXT-4", "a.yaml", 2),
        ("R-END-2", "a.yaml", 2),
        ("R-DECL-3", "a.yaml", 5),
        ("R-NEXT-4", "a.yaml", 6),
    }


def test_a_recipe_is_not_counted_beside_the_fixture_made_from_it(scenario_root: Path) -> None:
    recipe = scenario_root / "recipes" / "fixtures" / "a.yaml"
    recipe.parent.mkdir(parents=True)
    recipe.write_text("- name: one\n  clauses: [R-NEXT-4]\n", encoding="utf-8")
    found = [c for c in cmd_rules.scenario_citations(scenario_root) if c.clause == "R-NEXT-4"]
    assert [(c.path.parent.name, c.line) for c in found] == [("features", 3), ("fixtures", 2), ("fixtures", 6)]


def test_the_kit_counts_each_case_of_its_suite_once() -> None:
    from generala_scenarios import CARDS

    found = cmd_rules.scenario_citations(CARDS)
    assert found and not [c for c in found if "recipes" in c.path.parts]
    assert len({(c.clause, c.path, c.line) for c in found}) == len(found)


def test_clause_shows_statement_sources_options_and_citing_scenarios(scenario_root) -> None:
    text = "\n".join(cmd_rules.describe("R-NEXT-4", scenario_root))
    clause = rulebook.clauses()["R-NEXT-4"]
    assert text.startswith("R-NEXT-4  (area NEXT: the next leader)")
    for source in clause.sources:
        assert f"{source.sentence} ({source.text})" in text
        assert f"original: {source.quote}" in text
    assert "Rests on the ambiguity rulings:\n  AMB-5 (ruling tied-nearest):" in text and "tie-break (AMB-5)" in text
    assert "Scenarios (3):\n  next.feature:3  a.yaml:2  a.yaml:6" in text
    assert "next.feature:7" not in text  # R-NEXT-40 is another clause


def test_contract_clause_shows_its_docs_section_not_sources(scenario_root) -> None:
    text = "\n".join(cmd_rules.describe("R-PROTO-3", scenario_root))
    assert "Documented in docs/cards-contract.md" in text and "#refused-requests:" in text
    assert "Sources:" not in text


def test_clause_without_citation_says_so(scenario_root) -> None:
    text = "\n".join(cmd_rules.describe("R-MAT-1", scenario_root))
    assert text.rstrip().endswith("Scenarios (0):\n  no scenario cites it yet")


def test_sentence_shows_its_words_english_and_the_clauses_it_became(tmp_path) -> None:
    text = "\n".join(cmd_rules.describe("fa-12", tmp_path))
    sentence = rulebook.sentences()["FA-12"]
    assert text.startswith("FA-12  (FA, seed 003_")
    assert f"original: {sentence.wording}" in text and "English:  Joker-Ace-King" in text
    assert "https://www.pagat.com/" in text
    for clause in sentence.clauses:
        assert f"{clause}: {rulebook.clauses()[clause].statement[:40]}" in text


def test_non_normative_sentence_says_why(tmp_path) -> None:
    text = "\n".join(cmd_rules.describe("FA-38", tmp_path))
    assert "non-normative: strategy advice" in text
    assert "Clauses:\n  none" in text


def test_ambiguity_shows_readings_ruling_and_both_options_of_amb_2(tmp_path) -> None:
    text = "\n".join(cmd_rules.describe("AMB-2", tmp_path))
    assert "- loser [ruling]:" in text and "- last-out:" in text
    assert "rule option: next-dealer" in text and "rule option: two-player-dealer" in text
    assert "R-SERIES-4:" in text


def test_list_names_every_clause_ambiguity_and_option(capsys) -> None:
    code, out, _ = _run(["--list"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert [ln.split()[0] for ln in lines if ln.startswith("R-")] == list(rulebook.clauses())
    assert [ln.split()[0] for ln in lines if ln.startswith("AMB-")] == list(rulebook.ambiguities())
    assert "tie-break  (default tied-nearest; values tied-nearest, any-nearest)" in lines


@pytest.mark.parametrize("sentence", sorted(rulebook.sentences()))
def test_every_sentence_prints_in_full(sentence, tmp_path) -> None:
    text = "\n".join(cmd_rules.describe(sentence, tmp_path))
    entry = rulebook.sentences()[sentence]
    assert f"original: {entry.wording}" in text
    assert " ".join(entry.english.split()) in " ".join(text.split())


def test_search_finds_the_joker_clauses_and_sentences(capsys) -> None:
    code, out, _ = _run(["joker"], capsys)
    found = [line.split()[0] for line in out.splitlines()[1:]]
    assert code == 0 and {c for c in rulebook.clauses() if c.startswith("R-JOKER-")} <= set(found)
    assert {"FR-13", "FA-33", "AMB-13"} <= set(found)
    assert out.splitlines()[0] == f"{len(found)} match(es) for 'joker':"


def test_search_needs_every_word_ignores_case_and_accents_and_reads_persian(capsys) -> None:
    _, out, _ = _run(["LEVEE", "premier"], capsys)
    found = [line.split()[0] for line in out.splitlines()[1:]]
    assert {"R-MAT-4", "R-JOKER-4", "FR-13"} <= set(found) and "FR-10" not in found  # FR-10 has levée only
    _, out, _ = _run(["جوکر", "اول"], capsys)
    assert "FA-33" in out
    code, out, err = _run(["no-such-word"], capsys)
    assert code == 1 and out == "" and "nothing matches 'no-such-word'" in err


def test_an_area_lists_its_clauses(capsys) -> None:
    code, out, _ = _run(["R-JOKER"], capsys)
    listed = [line for line in out.splitlines() if line.startswith("R-JOKER-")]
    assert code == 0 and out.startswith("R-JOKER: Jokers")
    assert listed == [c for c in rulebook.clauses() if c.startswith("R-JOKER-")]
    code, _, err = _run(["R-NOPE"], capsys)
    assert code == 2 and "error [unknown-area]" in err


def test_many_citations_are_counted_and_cases_lists_them_all(capsys) -> None:
    _, short, _ = _run(["R-JOKER-4"], capsys)
    _, full, _ = _run(["R-JOKER-4", "--cases"], capsys)
    assert "04_jokers.feature:" in short and "site-packages" not in short and "/" not in short.split("Scenarios")[1]
    count = int(short.split("Scenarios (")[1].split(")")[0])
    assert count > cmd_rules.SHOWN_CASES and f"and {count - cmd_rules.SHOWN_CASES} more (--cases" in short
    assert len(full.split("Scenarios (")[1].split()) - 1 == count


@pytest.mark.parametrize(
    ("argv", "code"),
    [(["R-NEXT-99"], "unknown-id"), (["AMB-99"], "unknown-id"), (["FR-999"], "unknown-id"),
     (["NEXT-4"], "malformed-id"), (["R-NEXT-4X"], "malformed-id")],
)  # fmt: skip
def test_unknown_or_malformed_id_exits_2_with_a_clear_error(argv, code, capsys) -> None:
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == ""
    assert f"error [{code}]" in err and argv[0] in err


def test_no_argument_exits_2(capsys) -> None:
    status, _, err = _run([], capsys)
    assert status == 2 and "--list" in err


def test_output_is_plain_text(capsys) -> None:
    """No glyphs (arrows, bullets, box drawing): apart from the quoted
    originals, every non-ASCII character is a letter such as the e of levée."""
    for identifier in ("R-JOKER-3", "AMB-17", "FR-10", "AMB-2"):
        _, out, _ = _run([identifier], capsys)
        lines = [ln for ln in out.splitlines() if "original:" not in ln and "starts:" not in ln]
        odd = {ch for ln in lines for ch in ln if not ch.isascii() and not unicodedata.category(ch).startswith("L")}
        assert odd == set(), identifier


def test_the_kit_cli_dispatches_rules(capsys) -> None:
    from generala_conformance.cli import main

    assert main(["rules", "R-NEXT-4"]) == 0
    assert capsys.readouterr().out.startswith("R-NEXT-4  (area NEXT")
    assert main(["rules", "R-NOPE-1"]) == 2


def test_the_dice_rulebook_answers_its_clauses_areas_sentences_and_searches(capsys) -> None:
    code, out, _ = _run(["--game", "dice", "D-CAT-7"], capsys)
    clause = rulebook.clauses("dice")["D-CAT-7"]
    assert code == 0 and out.startswith("D-CAT-7  (area CAT: ")
    assert all(f"original: {source.quote}" in out for source in clause.sources)
    assert "double-generala (AMB-4)" in out and "\n  Web page: dice/rules/cat.html#D-CAT-7\n" in out
    assert "Scenarios (" in out and "no scenario cites it yet" not in out
    code, out, _ = _run(["--game", "dice", "d-first"], capsys)
    assert code == 0 and out.startswith("D-FIRST: ") and "D-FIRST-1" in out
    code, out, _ = _run(["--game", "dice", "PT-3"], capsys)
    assert code == 0 and rulebook.sentences("dice")["PT-3"].wording in out
    code, out, _ = _run(["--game", "dice", "dados"], capsys)
    assert code == 0 and "PT-3 " in out and "FR-" not in out
    code, out, _ = _run(["--game", "dice", "--list"], capsys)
    assert code == 0 and "D-CAT-7" in out and "R-JOKER-4" not in out and "double-generala  (default" in out


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["D-CAT-7"], "it is an ID of --game dice: generala-kit rules --game dice D-CAT-7"),
        (["--game", "dice", "R-JOKER"], "it is an ID of --game cards: generala-kit rules --game cards R-JOKER"),
        (["--game", "dice", "FA-3"], "--game cards"),
    ],
)
def test_an_id_of_the_other_game_is_refused_naming_that_game(argv, hint, capsys) -> None:
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == "" and "[malformed-id]" in err and hint in err


def test_an_unknown_id_of_neither_game_gets_no_hint(capsys) -> None:
    code, _, err = _run(["--game", "dice", "D-CAT-99"], capsys)
    assert code == 2 and "[unknown-id]" in err and "--game" not in err
