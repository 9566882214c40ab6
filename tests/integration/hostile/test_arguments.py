"""Every command's arguments (issue 42, item 5): one seat numbering (P1..Pn), every
value out of range one line and exit 2, an option refused by the command that
would own it, ids that do not exist named, ``perft --case`` checked against its
table, and ``docs/commands.md`` listing what each command's ``--help`` lists."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.cli import commands, main

DOCS = Path(__file__).parents[3] / "docs" / "commands.md"
BROKEN = "from tests.broken_engines import adapter_for\n\ndef make():\n    return adapter_for('decline-joker-lead')\n"


def _kit(argv: list[str]) -> tuple[int, str, str]:
    """``generala-kit ARGV`` in this process: its exit code, stdout and stderr (no traceback)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as end:  # (argparse: --help, a usage error)
            code = int(end.code or 0)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["play", "--dealer", "0"], "generala-kit play: --dealer P0: the dealer is one of P1 … P4 [bad-dealer]"),
        (["play", "--dealer", "5", "--players", "3"], "generala-kit play: --dealer P5: the dealer is one of P1 … P3"),
        (["play", "--players", "11"], "generala-kit play: --players 11: a table seats 2 to 10 players (R-MAT-2)"),
        (["play", "--players", "1"], "generala-kit play: --players 1: a table seats 2 to 10 players (R-MAT-2)"),
        (["play", "--rule", "nope=1"], "generala-kit play: unknown rule option 'nope'"),
        (["play", "--rule", "tie-break"], "generala-kit play: --rule 'tie-break': write OPTION=VALUE [bad-rule]"),
        (["perft", "--dealer", "P5", "-d", "1"], "generala-kit perft: --dealer P5: the dealer is one of P1 … P4"),
        (["perft", "--players", "11", "-d", "1"], "generala-kit perft: --players 11: a table seats 2 to 10 players"),
        (["check", "--clause", "R-NOPE-1"], "generala-kit check: --clause R-NOPE-1: the cards rulebook has no such"),
        (["check", "--tag", "AMB-999"], "generala-kit check: --tag AMB-999: no case of the suite has such a tag"),
        (["fuzz", "--games", "-3"], "generala-kit fuzz: --games -3: must be at least 0 [out-of-range]"),
        (["fuzz", "--illegal-rate", "2"], "generala-kit fuzz: --illegal-rate 2: must be 0 to 1 [out-of-range]"),
        (["fuzz", "-j", "0"], "generala-kit fuzz: --jobs 0: must be at least 1 [out-of-range]"),
        (["fuzz", "--game", "dice", "--games", "-1"], "generala-kit fuzz: --games -1: must be at least 0"),
        (
            ["check", "--game", "dice", "--clause", "R-FOLLOW-1"],
            "generala-kit check: --clause R-FOLLOW-1: the dice rulebook has no such clause",
        ),
    ],
)
def test_a_value_out_of_range_is_one_line_and_exit_2(argv: list[str], line: str) -> None:
    code, _, err = _kit(argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith(line), err


def test_seats_are_p1_to_pn_in_play_and_perft() -> None:
    code, out, _ = _kit(["play", "--players", "3", "--dealer", "P2"])
    assert code == 0 and "\nP2 deals." in out
    assert _kit(["play", "--players", "3", "--dealer", "2"])[1] == out
    for dealer in ("P1", "P4"):  # perft counts the dealer of its deal from P1 too
        code, out, _ = _kit(["perft", "--dealer", dealer, "-d", "1"])
        assert code == 0 and "perft depth 1:" in out
    code, _, err = _kit(["play", "--dealer", "X"])
    assert code == 2 and "'X' is not a seat: write P1 … P10" in err


def test_perft_case_compares_with_its_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_adapter.py").write_text(BROKEN, "utf-8")
    monkeypatch.syspath_prepend(str(Path(__file__).parents[3]))
    adapter = f"{tmp_path / 'broken_adapter.py'}:make"
    code, out, _ = _kit(["perft", "--case", "joker-lead", "-d", "4", "--adapter", adapter])
    assert code == 1
    assert "perft: joker-lead depth 4: 164, but the perft table says 128" in out
    assert _kit(["perft", "--case", "joker-lead", "-d", "4"])[0] == 0  # the reference agrees with the table


def test_an_option_of_another_game_is_refused_by_the_command() -> None:
    code, _, err = _kit(["fuzz", "--game", "dice", "--profile", "pt"])
    assert code == 2
    assert err.startswith("usage: generala-kit fuzz ")
    assert err.strip().endswith("unrecognized arguments: --profile pt (the dice game's fuzz has no such option)")
    code, _, err = _kit(["check", "--bogus"])
    assert code == 2 and "generala-kit check: error: unrecognized arguments: --bogus" in err


def test_the_plugin_says_why_the_suite_was_not_collected(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--generala-game", "dice"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "Traceback" not in done.stdout + done.stderr
    assert done.returncode == 5  # pytest's "no tests collected"
    assert "generala: the conformance suite was not collected: --generala-game given without " in done.stdout


def _help_options(argv: list[str]) -> set[str]:
    """The options ``--help`` lists (``-h`` left out)."""
    text = _kit([*argv, "--help"])[1]
    found: set[str] = set()
    section = ""
    for line in text.splitlines():
        if not line.startswith(" "):
            section = line
        elif section == "options:" and re.match(r"^  -", line):
            head = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
            found.update(name.split()[0] for name in head.split(", "))
    return found - {"-h", "--help"}


def _documented() -> dict[str, set[str]]:
    """``docs/commands.md``, "Every command's options": heading -> the options listed under it."""
    text = DOCS.read_text("utf-8").split("## Every command's options", 1)[1]
    found: dict[str, set[str]] = {}
    for part in text.split("\n### ")[1:]:
        heading, _, body = part.partition("\n")
        heads = [re.match(r"- ((?:`-[^`]*`(?:, )?)+)", line) for line in body.splitlines()]
        names = {name.split()[0] for head in heads if head for name in re.findall(r"`([^`]*)`", head.group(1))}
        found[heading.strip("`").removeprefix("generala-kit ")] = names
    return found


def _command_lines() -> dict[str, list[str]]:
    """Every command, or command and game where several games supply it -> its argv."""
    lines = {}
    for command in commands():
        supplying = [name for name in games.names() if command in games.get(name).commands]
        if len(supplying) < 2:
            lines[command] = [command]
        for name in supplying * (len(supplying) > 1):
            lines[f"{command} --game {name}"] = [command, "--game", name]
    return lines


def test_docs_list_every_option_of_every_command_and_no_other() -> None:
    documented, lines = _documented(), _command_lines()
    assert sorted(documented) == sorted(lines)
    for title, argv in lines.items():
        listed = _help_options(argv)
        assert listed, title
        assert documented[title] == listed, title
