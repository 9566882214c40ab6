"""The game registry (generala_conformance.games) and ``--game`` on every command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.cli import build_parser, commands, main
from generala_conformance.suite import report
from generala_spec import rulebook


def _game_option(command: str):
    parser = build_parser(command)
    sub = next(a for a in parser._subparsers._group_actions if a.dest == "command").choices[command]
    return next(a for a in sub._actions if "--game" in a.option_strings)


def test_every_registered_game_has_its_rulebook_suite_and_suite_version() -> None:
    assert games.names()[:2] == ("cards", "dice") and games.DEFAULT == "cards"
    for name in games.names():
        game = games.get(name)
        assert game.name == name and rulebook.book(game.spec).game == name
        assert games.suite_root(game).is_dir() and game.suite_version.count(".") == 2


@pytest.mark.parametrize("command", [name for name in commands() if name != "site"])
def test_every_command_takes_game_and_defaults_to_cards(command: str) -> None:
    """(Every command but ``site``, which builds both games' pages.)"""
    option = _game_option(command)
    assert option.default == "cards" and "cards" in option.choices


@pytest.mark.parametrize("command", ["play", "explain", "perft"])
def test_a_card_only_command_refuses_the_dice_game(command: str, capsys) -> None:
    assert tuple(_game_option(command).choices) == ("cards",)
    with pytest.raises(SystemExit) as caught:
        main([command, "--game", "dice"])
    assert caught.value.code == 2 and "invalid choice: 'dice' (choose from 'cards')" in capsys.readouterr().err


def _report(tmp_path: Path, game: str) -> Path:
    document = report.build(
        [],
        implementation=None,
        adapter="x",
        profile=None,
        duration=0,
        kit_version="0",
        suite=report.suite_identity(None, game),
    )
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(document), "utf-8")
    return path


@pytest.mark.parametrize("command", ["report", "expectations"])
def test_the_report_commands_refuse_a_report_of_the_other_game(command: str, tmp_path: Path, capsys) -> None:
    dice = _report(tmp_path, "dice")
    argv = (
        [command, str(dice), "--out", str(tmp_path / "site")] if command == "report" else [command, "--from", str(dice)]
    )
    assert main(argv) == 2
    assert "a report of the dice game's suite; give --game dice" in capsys.readouterr().err
    assert main([*argv, "--game", "dice"]) == 0


def test_fuzz_replays_one_game_with_replay_and_takes_the_game(capsys) -> None:
    assert main(["fuzz", "--games", "5", "--replay", "3", "--players", "3"]) == 0
    out, err = capsys.readouterr()
    assert "fuzz: 1 games" in out + err
    assert main(["fuzz", "--game", "dice", "--games", "3"]) == 0
    out, err = capsys.readouterr()
    assert "fuzz --game dice: 3 games, 0 divergences" in out + err


def _toy_registered(tmp_path: Path) -> dict[str, str]:
    """The environment of a process in which another package registers the toy game
    (``tests/toy_game.py``) with an entry point of the group ``generala_kit.games``."""
    info = tmp_path / "toy_kit-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-kit\nVersion: 0\n", "utf-8")
    (info / "entry_points.txt").write_text(f"[{games.GROUP}]\ntoy = tests.toy_game:GAME\n", "utf-8")
    root = Path(__file__).resolve().parents[2]
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root)])}


def test_a_game_registered_by_another_package_is_checked_through_the_interface(tmp_path: Path) -> None:
    """The toy game plugs in through the game interface alone: ``check --game toy``
    runs its cases on its reference (all pass) and on a broken engine (the case of
    the broken clause fails, naming it); nothing of the kit names the toy."""
    env = _toy_registered(tmp_path)
    kit = [sys.executable, "-m", "generala_conformance.cli", "check", "--game", "toy"]
    good = subprocess.run([*kit, "--json", "good.json"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "OK: nothing unexpected (3 passed of 3)" in good.stdout
    broken = [*kit, "--adapter", "tests.toy_game:BrokenToy", "--json", "broken.json"]
    bad = subprocess.run(broken, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    document = json.loads((tmp_path / "broken.json").read_text("utf-8"))
    failed = {case["id"]: case["attribution"]["clause"] for case in document["cases"] if case["outcome"] == "fail"}
    assert failed == {"count/inc-adds-one": "T-COUNT-1"} and document["suite"]["game"] == "toy"


def test_no_shared_module_names_a_game() -> None:
    """The shared packages (transport, core, suite, fuzz core, cli but each game's own
    commands) import no module of ``generala_conformance.games.<game>``: a walk of their imports."""
    import ast

    root = Path(__file__).resolve().parents[2] / "conformance"
    shared = [root / "transport", root / "core", root / "suite"]
    found = []
    for folder in shared:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                found += [f"{path.relative_to(root)}: {n}" for n in names if n.startswith(GAME_MODULES)]
    assert found == []


GAME_MODULES = ("generala_conformance.games.cards", "generala_conformance.games.dice")
