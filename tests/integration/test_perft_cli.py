"""``generala-kit perft``: counts, --divide, the table, bad options."""

from __future__ import annotations

import json

from generala_conformance.cli import main
from generala_conformance.games.cards.perft import perft_cases


def test_count_and_divide_agree(capsys) -> None:
    assert main(["perft", "--case", "opening-4p-free", "-d", "3"]) == 0
    total = capsys.readouterr().out
    assert "perft depth 3: 126" in total
    assert main(["perft", "--case", "opening-4p-free", "-d", "3", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    per_action = [int(line.split(": ")[1]) for line in lines[:-1]]
    assert len(per_action) == 14 and sum(per_action) == 126
    assert "perft depth 3: 126" in lines[-1]


def test_generic_path_through_an_adapter(capsys) -> None:
    spec = "generala_conformance.games.cards.reference_adapter:ReferenceAdapter"
    assert main(["perft", "--case", "joker-lead", "-d", "4", "--adapter", spec]) == 0
    assert "perft depth 4: 128" in capsys.readouterr().out


def test_position_file_and_rules(tmp_path, capsys) -> None:
    case = next(c for c in perft_cases() if c.id == "decline-and-take")
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(case.setup["position"]), "utf-8")
    assert main(["perft", "--position", str(path), "-d", "5"]) == 0
    assert "perft depth 5: 5" in capsys.readouterr().out


def test_table_passes_on_the_reference(capsys) -> None:
    assert main(["perft", "--table"]) == 0
    assert f"{len(perft_cases())} ok, 0 failed" in capsys.readouterr().out


def test_table_fails_on_a_broken_engine(tmp_path, capsys) -> None:
    module = tmp_path / "broken_adapter.py"
    module.write_text(
        "from tests.broken_engines import adapter_for\n\ndef make():\n    return adapter_for('decline-joker-lead')\n",
        "utf-8",
    )
    assert main(["perft", "--table", "--adapter", f"{module}:make"]) == 1
    out = capsys.readouterr().out
    assert "FAIL joker-lead" in out and "per first action" in out


def test_bad_options_exit_2(capsys) -> None:
    assert main(["perft", "--case", "no-such-case"]) == 2
    assert "unknown-case" in capsys.readouterr().err
    assert main(["perft", "--rule", "tie-break"]) == 2
    assert main(["perft", "--rule", "tie-break=sideways"]) == 2
    assert main(["perft", "--deck", "8H 9H"]) == 2
    assert main(["perft", "--adapter", "no_such_module:make"]) == 2
    assert "adapter-import" in capsys.readouterr().err
