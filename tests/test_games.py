"""The game registry (generala_conformance.games) and ``--game`` on every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.cli import COMMANDS, build_parser, main
from generala_conformance.suite import report
from generala_spec import rulebook


def _game_option(command: str):
    parser = build_parser(command)
    sub = next(a for a in parser._subparsers._group_actions if a.dest == "command").choices[command]
    return next(a for a in sub._actions if "--game" in a.option_strings)


def test_every_registered_game_has_its_rulebook_suite_and_suite_version() -> None:
    assert games.NAMES[0] == games.DEFAULT == "cards"
    for name in games.NAMES:
        game = games.get(name)
        assert game.name == name and rulebook.book(game.spec).game == name
        assert games.suite_root(game).is_dir() and game.suite_version.count(".") == 2


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_game_and_defaults_to_cards(command: str) -> None:
    option = _game_option(command)
    assert option.default == "cards" and "cards" in option.choices


@pytest.mark.parametrize("command", ["play", "explain", "perft", "site"])
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
