"""Bad fixtures given with ``--cases``, of both games: every kind of
``tests/bad_fixtures.py`` is one coded :class:`~generala_conformance.core.input_files.InputError`
paragraph naming file, line and field, in bounded time, from the loader and (for a
representative subset) from ``generala-kit check`` and the plugin, with no traceback
and within a memory cap; a malformed case is never run."""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from generala_conformance.core.input_files import InputError
from generala_conformance.games.cards.fixtures import FixtureError, load_all
from generala_conformance.games.dice import cases as dice_cases
from generala_conformance.suite.pytest_plugin import RUN_KEY

from tests.bad_fixtures import BAD, BAD_DICE, DEAL, DICE, GOOD, Bad

pytest_plugins = ["pytester"]

BY_KIND = {bad.kind: bad for bad in BAD}
DICE_BY_KIND = {bad.kind: bad for bad in BAD_DICE}
CHECK = [sys.executable, "-m", "generala_conformance.cli", "check"]
BOUND = 30  # seconds: loading any bad fixture takes well under one; a hang would take forever
MEMORY = 1 << 30  # bytes of address space for a whole `check` run (the alias bomb once took 4 GB)
THROUGH_CHECK = [
    "pipe",
    "link-loop",
    "link-outside",
    "empty-dir",
    "too-large",
    "alias-bomb",
    "latin-1",
    "nul",
    "huge-integer",
    "very-deep",
    "duplicate-key",
    "clause-unknown",
    "sentence-unknown",
    "do-beyond-players",
    "event-beyond-players",
    "step-unknown",
]
DICE_THROUGH_CHECK = [
    "link-outside",
    "link-loop",
    "pipe",
    "empty-file",
    "top-list",
    "version-2",
    "id-empty",
    "huge-integer",
    "roll-0",
    "nine-thrown",
    "four-dice",
    "six-dice",
    "players-11",
    "by-name",
    "refusal-unknown",
    "event-type-unknown",
    "state-field-unknown",
    "category-unknown",
    "empty-expect",
    "scores-list",
    "unknown-case-field",
    "title-list",
]
"""The dice examples of issue 42, each once run against the implementation and blamed on it, or accepted."""


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail with TimeoutError if the block runs longer than ``seconds`` (it would hang)."""

    def expire(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def expected_head(bad: Bad, root: Path) -> str:
    """How the error's one line must start: ``file:line: field: `` or ``file: ``."""
    if bad.line == 0:
        return f"{bad.path(root)}: "
    return f"{bad.path(root)}:{bad.line}: {bad.field or '(file)'}: "


@pytest.mark.parametrize("text", [GOOD, DEAL], ids=["position", "deal"])
def test_the_fixtures_the_bad_ones_are_made_from_load(tmp_path: Path, text: str) -> None:
    (tmp_path / "case.yaml").write_text(text, "utf-8")
    assert len(load_all(tmp_path)) == 1


def test_the_dice_fixture_the_bad_ones_are_made_from_loads(tmp_path: Path) -> None:
    (tmp_path / "case.yaml").write_text(DICE, "utf-8")
    scoring, game = dice_cases.load_all(tmp_path)
    assert (scoring.line, game.line, game.players, len(game.steps)) == (4, 13, 2, 6)


ALLOWED = {
    "utf8-bom": ("version: 1", "\ufeffversion: 1"),
    "crlf-line-ends": ("\n", "\r\n"),
    "anchor-without-alias": ("title: P2 must follow hearts", "title: &t P2 must follow hearts"),
    "tab-and-non-ascii": ("title: P2 must follow hearts", 'title: "P2\tmust follow ♥ — 1/2"'),
    "hexadecimal-integer": ("players: 3", "players: 0x3"),
    "quoted-key": ("hands: {P1:", "hands: {'P1':"),
}


@pytest.mark.parametrize(("old", "new"), ALLOWED.values(), ids=ALLOWED.keys())
def test_what_the_limits_allow_still_loads(tmp_path: Path, old: str, new: str) -> None:
    (tmp_path / "case.yaml").write_bytes(GOOD.replace(old, new).encode("utf-8"))
    [case] = load_all(tmp_path)
    assert case.id == "follow-suit" and case.line == 3 and case.steps[1].line == 13


def test_the_table_covers_every_kind_once() -> None:
    assert len(BY_KIND) == len(BAD) >= 58 and set(THROUGH_CHECK) <= set(BY_KIND)
    assert len(DICE_BY_KIND) == len(BAD_DICE) >= 50 and set(DICE_THROUGH_CHECK) <= set(DICE_BY_KIND)


def _load(bad: Bad, root: Path) -> object:
    return dice_cases.load_all(root) if bad.game == "dice" else load_all(root)


@pytest.mark.parametrize("bad", BAD + BAD_DICE, ids=[f"{bad.game}-{bad.kind}" for bad in BAD + BAD_DICE])
def test_a_bad_fixture_is_one_coded_paragraph_naming_file_line_and_field(tmp_path: Path, bad: Bad) -> None:
    root = bad.build(tmp_path / "cases")
    wanted = dice_cases.DiceFixtureError if bad.game == "dice" else FixtureError
    with within(BOUND), pytest.raises(InputError) as caught:
        _load(bad, root)
    error = caught.value
    assert isinstance(error, wanted)
    assert (error.code, error.path, error.line, error.field) == (bad.code, bad.path(root), bad.line, bad.field)
    text = str(error)
    assert text.startswith(expected_head(bad, root)) and bad.fragment in error.message
    assert "\n" not in text and len(text) < 1000


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


THROUGH = [BY_KIND[kind] for kind in THROUGH_CHECK] + [DICE_BY_KIND[kind] for kind in DICE_THROUGH_CHECK]


@pytest.mark.parametrize("bad", THROUGH, ids=[f"{bad.game}-{bad.kind}" for bad in THROUGH])
def test_check_shows_the_error_as_one_paragraph_without_traceback(tmp_path: Path, bad: Bad) -> None:
    root = bad.build(tmp_path / "cases")
    done = subprocess.run(
        [*CHECK, "--game", bad.game, "--cases", str(root), "--json", "r.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120 + BOUND,
        preexec_fn=_capped,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 2, output[-3000:]  # the kit could not run
    assert "Traceback" not in output and 'File "' not in output and "_pytest" not in output
    [paragraph] = done.stderr.splitlines()
    paragraph = paragraph.removeprefix("generala-kit check: ")
    assert paragraph.startswith(expected_head(bad, root)) and paragraph.endswith(f" [{bad.code}]")
    assert bad.fragment in paragraph
    report = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert (
        report["cases"] == [] and paragraph in report["error"]
    )  # no case ran: nothing is blamed on the implementation


class _Probe:
    """Keeps the plugin's run state of the session it watches."""

    load_errors: list[str] | None = None

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.load_errors = session.config.stash[RUN_KEY].load_errors


@pytest.mark.parametrize("jobs", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_the_plugin_records_the_loading_error_for_the_report(pytester: pytest.Pytester, jobs: list[str]) -> None:
    bad = BY_KIND["clause-unknown"]
    root = bad.build(pytester.path / "cases")
    probe = _Probe()
    recorder = pytester.inline_run(
        "-p",
        "no:cacheprovider",
        "--generala-suite-only",
        "--generala-adapter=generala_conformance.games.cards.reference_adapter:ReferenceAdapter",
        f"--generala-cases={root}",
        *jobs,
        plugins=[probe],
    )
    [failed] = recorder.getfailedcollections()
    shown = str(failed.longrepr)
    assert shown.startswith(expected_head(bad, root)) and "\n" not in shown
    assert probe.load_errors == [shown]
