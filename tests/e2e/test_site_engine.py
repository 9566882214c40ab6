"""The reference engine for the web pages, outside the browser: Pyodide vendored at
its pinned version (integrity and hashes checked, clear refusals), the kit's Python
bundle complete on its own (no site-packages, no jsonschema) and answering as
``explain --json``, and the play page's game told in the words of ``generala-kit play``."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from generala_conformance.cli import site as cmd_site
from generala_conformance.games.cards.commands import explain as cmd_explain
from generala_conformance.games.cards.commands import play as cmd_play
from generala_conformance.games.cards.site.page_api import Lesson, explain_text
from generala_conformance.site import kit_bundle, pyodide_bundle
from generala_conformance.site.pyodide_bundle import PyodideError

from tests.cli_helpers import run_command


@pytest.fixture(scope="module")
def pinned() -> Path:
    """The pinned Pyodide files, from the user cache (fetched with npm when empty)."""
    return pyodide_bundle.pyodide_files()


def test_the_cached_files_are_the_pinned_ones(pinned: Path) -> None:
    assert sorted(p.name for p in pinned.iterdir() if p.is_file()) == sorted(pyodide_bundle.FILES)
    assert pyodide_bundle.check_files(pinned, "cache") == pinned


def test_a_copy_missing_a_file_or_with_another_file_is_refused(pinned: Path, tmp_path: Path) -> None:
    copy = tmp_path / "pyodide"
    shutil.copytree(pinned, copy)
    assert pyodide_bundle.pyodide_files(copy) == copy
    (copy / "pyodide-lock.json").write_text("{}")
    with pytest.raises(PyodideError, match=re.escape("pyodide-lock.json is not the one of pyodide@314.0.8")) as refused:
        pyodide_bundle.pyodide_files(copy)
    assert refused.value.code == "pyodide-mismatch"
    (copy / "pyodide.asm.wasm").unlink()
    with pytest.raises(PyodideError, match=re.escape("no pyodide.asm.wasm")) as refused:
        pyodide_bundle.pyodide_files(copy)
    assert refused.value.code == "pyodide-missing"


def _fake_npm(folder: Path, script: str) -> str:
    """A PATH whose only ``npm`` runs ``script`` (sh)."""
    folder.mkdir()
    npm = folder / "npm"
    npm.write_text("#!/bin/sh\n" + script)
    npm.chmod(0o755)
    return str(folder)


def test_without_npm_the_error_says_what_to_do(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(PyodideError, match=re.escape("install Node.js and npm, or pass --pyodide DIR")) as refused:
        pyodide_bundle.cached(tmp_path / "cache")
    assert refused.value.code == "pyodide-unavailable"


def test_a_failed_fetch_and_a_tampered_tarball_are_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", _fake_npm(tmp_path / "failing", "echo 'npm error 404 Not Found' >&2; exit 1"))
    with pytest.raises(PyodideError, match="npm error 404 Not Found") as refused:
        pyodide_bundle.cached(tmp_path / "cache")
    assert refused.value.code == "pyodide-fetch-failed"
    tampered = 'printf tampered > "$4/pyodide-314.0.8.tgz"'  # npm pack pyodide@V --pack-destination DIR
    monkeypatch.setenv("PATH", _fake_npm(tmp_path / "tampering", tampered))
    with pytest.raises(PyodideError, match=re.escape("not the registry's pyodide-314.0.8.tgz")) as refused:
        pyodide_bundle.cached(tmp_path / "cache")
    assert refused.value.code == "pyodide-integrity"
    assert not (tmp_path / "cache" / "pyodide-314.0.8").exists()


def test_site_refuses_a_bad_pyodide_copy_before_touching_the_folder(tmp_path: Path, capsys) -> None:
    out = tmp_path / "site"
    code, stdout, err = run_command(cmd_site, ["--out", str(out), "--pyodide", str(tmp_path)], capsys)
    assert code == 2 and not stdout
    assert err.startswith("generala-kit site: error [pyodide-missing]: --pyodide ")
    assert "Traceback" not in err
    assert not out.exists()


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The kit's Python bundle, unpacked."""
    folder = tmp_path_factory.mktemp("kit")
    with zipfile.ZipFile(io.BytesIO(kit_bundle.kit_zip())) as archive:
        archive.extractall(folder)
    return folder


_ALONE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import generala_page
generala_page.start(sys.argv[1])
answer = json.loads(generala_page.explain_text(sys.argv[2], sys.argv[3]))
lesson = generala_page.Lesson(3, 0, "random", 5)
state = json.loads(lesson.state())
while not state["over"]:
    state = json.loads(lesson.play(state["legal"][0]))
outside = sorted({m.split(".")[0] for m in sys.modules} & {"jsonschema", "referencing", "generala_scenarios"})
print(json.dumps({"answer": answer, "end": state["lines"][-1]["text"], "outside": outside}))
"""


def test_the_bundle_alone_answers_as_explain_json(bundle: Path, capsys) -> None:
    """Run without site-packages (``-S``, ``-I``): only the bundle and the standard library."""
    position, moves = "P1: JK | P2: 3C 4C | P3: 10H KH | P4: 10S 5D | leader: P1", "P1 JK, P2 3C, P3 10H, P4 10S"
    done = subprocess.run(
        [sys.executable, "-B", "-S", "-I", "-c", _ALONE, str(bundle), position, moves],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": os.environ.get("PATH", "")},
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    code, out, _ = run_command(cmd_explain, [position, moves, "--json"], capsys)
    assert code == 0
    assert got["answer"] == {"ok": True, "answer": json.loads(out)}
    assert got["end"].startswith("Game over: ")
    assert got["outside"] == []


def test_the_bundle_holds_the_rulebook_as_checked_and_no_other_package(bundle: Path) -> None:
    tops = sorted(p.name for p in bundle.iterdir())
    assert tops == [
        "checked_rulebook.json",
        "generala_conformance",
        "generala_dice_page.py",
        "generala_page.py",
        "generala_reference",
        "generala_spec",
        "yaml",
    ]
    checked = json.loads((bundle / "checked_rulebook.json").read_text("utf-8"))
    assert sorted(checked) == sorted(kit_bundle.RULEBOOK_KINDS)
    assert not list(bundle.rglob("*.so")) and not (bundle / "generala_spec" / "clauses.yaml").exists()


def test_the_page_reads_a_pasted_command_line_as_the_command_does(capsys) -> None:
    command = "generala-kit explain 'P1: 5S 2C | P2: JK 3C' 'P1 5S' --profile fa --rule tie-break=tied-nearest"
    code, out, _ = run_command(
        cmd_explain,
        ["P1: 5S 2C | P2: JK 3C", "P1 5S", "--profile", "fa", "--rule", "tie-break=tied-nearest", "--json"],
        capsys,
    )
    assert code == 0
    assert json.loads(explain_text(command)) == {"ok": True, "answer": json.loads(out)}


@pytest.mark.parametrize(
    "position, code, words",
    [
        ("P1: 5S ZZ", "bad-position-text", "not a card: 'ZZ'"),
        ("generala-kit explain --bogus", "bad-position-text", "unrecognized arguments: --bogus"),
        ("generala-kit explain --file x.yaml", "bad-position-text", "--file cannot be read in the page"),
        ("generala-kit rules joker", "bad-position-text", "only a 'generala-kit explain"),
        ("P1: 5S | P2: 6S | profile: nope", "unknown-profile", "nope"),
    ],
)
def test_the_page_refuses_what_explain_refuses_with_its_code(position: str, code: str, words: str) -> None:
    reply = json.loads(explain_text(position))
    assert reply["ok"] is False and reply["code"] == code and words in reply["message"]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 4), (4, 7), (10, 5)])
def test_the_play_page_tells_a_game_in_the_words_of_generala_kit_play(players: int, seed: int) -> None:
    """The person choosing with the same random numbers as ``play``'s random players:
    every line the page shows is a line (or a piece of a trick's line) of ``play``."""
    lesson = Lesson(players, 0, "random", seed)
    state = json.loads(lesson.state())
    while not state["over"]:
        state = json.loads(lesson.play(state["legal"][lesson.rng.randrange(len(state["legal"]))]))
    parser = argparse.ArgumentParser()
    cmd_play.configure(parser)
    printed = io.StringIO()
    assert cmd_play.run(parser.parse_args(["--players", str(players), "--seed", str(seed)]), printed) == 0
    pieces = [
        piece.strip()
        for line in printed.getvalue().splitlines()[2:]
        for piece in line.strip().split("   ")
        if piece.strip()
    ]
    told = [line["text"] for line in state["lines"]]
    assert pieces[: len(told)] == told
    assert all("series" in p or "deals next" in p for p in pieces[len(told) :])
    assert all(line["clause"] for line in state["lines"] if not line["heading"])


def test_the_person_may_not_play_out_of_turn_or_illegally() -> None:
    lesson = Lesson(4, 0, "first", 7)
    state = json.loads(lesson.state())
    assert state["to_move"] == 0 and state["legal"] == ["5H", "10H", "QH", "KH"]
    assert [t["card"] for t in state["trick"]] == ["4H", "3H", "8H"]
    refused = json.loads(lesson.play(state["choices"]["illegal"][0]["action"]))
    assert refused == {"ok": False, "code": "must-follow-suit", "message": refused["message"]}
    assert json.loads(lesson.play("ZZ"))["code"] == "bad-action"
    assert json.loads(lesson.state())["lines"] == state["lines"]
