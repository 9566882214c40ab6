"""``generala-kit export``: the suite as transcripts (``docs/transcripts.md``).

Every transcript of both games is valid under ``spec/schemas/transcript.schema.json``;
a case is a transcript or excluded by name with its reason; the set is written
whole or not at all, and never over a folder holding files without ``--force``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from generala_conformance import games
from generala_conformance.cli import export
from generala_conformance.core import transcripts
from generala_conformance.games.cards.perft import perft_cases
from generala_conformance.transport.adapter import Refused

from tests.cli_helpers import run_command

SCHEMA = json.loads(files("generala_spec").joinpath("schemas/transcript.schema.json").read_text("utf-8"))


def validator(part: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{part}"})


@pytest.mark.parametrize("name", ["cards", "dice"])
def test_every_case_is_a_valid_transcript_or_excluded_by_name(name: str) -> None:
    game = games.get(name)
    cases = [*game.feature_cases(), *game.fixture_cases(None)]
    found = transcripts.record(game, cases)
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert list(validator("index").iter_errors(found.index())) == []
    one = validator("transcript")
    written = [t for area in found.areas.values() for t in area]
    assert [error.message for t in written for error in one.iter_errors(t)] == []
    assert all(t["suite"] == game.suite_version and t["format"] == transcripts.FORMAT for t in written)
    excluded = {entry["id"] for entry in found.excluded}
    assert sorted(t["id"] for t in written) == sorted(c.id for c in cases if c.id not in excluded)
    expected_out = {c.id for c in perft_cases()} if name == "cards" else set()
    assert excluded == expected_out  # the perft searches only: their requests are made from the replies


@dataclass
class SilentCase:
    """A case that sends an illegal move and says nothing of its refusal."""

    id: str = "silent"
    title: str = "silent"
    path: str = "silent.yaml"
    line: int = 1
    clauses: tuple[str, ...] = ()
    ambiguities: tuple[str, ...] = ()
    requires: Mapping[str, str] = field(default_factory=dict)

    def run(self, adapter: Any, rules: Mapping[str, str]) -> None:
        adapter.start({"position": {"players": 2, "hands": [["9H"], ["2C"]], "leader": 0}, "rules": dict(rules)})
        with contextlib.suppress(Refused):
            adapter.apply("2C", 1)


def test_a_refusal_nobody_claims_excludes_the_case_with_its_reason() -> None:
    found = transcripts.record(games.get("cards"), [SilentCase()])
    assert found.count == 0
    assert found.excluded == [
        {"id": "silent", "reason": "request 2 (apply) is answered illegal and nothing says what it must be"}
    ]


def test_export_refuses_a_folder_holding_files_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dice"
    code, said, _ = run_command(export, ["--game", "dice", "--out", str(out)], capsys)
    assert code == 0
    assert "transcripts of the dice suite" in said
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert sum(index["files"].values()) == index["transcripts"] > 0
    code, _, err = run_command(export, ["--game", "dice", "--out", str(out)], capsys)
    assert (code, "[export-not-empty]" in err) == (2, True)
    (out / "stray.txt").write_text("old", "utf-8")
    code, _, _ = run_command(export, ["--game", "dice", "--out", str(out), "--force"], capsys)
    assert code == 0
    assert not (out / "stray.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dice"]


def test_a_failed_export_leaves_the_folder_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "dice"
    out.mkdir()
    (out / "index.json").write_text("the old set", "utf-8")
    written: list[int] = []

    def failing(items: Any) -> str:
        written.append(1)
        if len(written) == 3:
            raise OSError(28, "No space left on device")
        return ""

    monkeypatch.setattr(transcripts, "jsonl", failing)
    code, _, err = run_command(export, ["--game", "dice", "--out", str(out), "--force"], capsys)
    assert code == 2
    assert "No space left on device" in err
    assert (out / "index.json").read_text("utf-8") == "the old set"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dice"]  # no temporary folder left


def test_a_plugged_in_game_is_exported_by_the_shared_code() -> None:
    """The toy game (``tests/toy_game.py``) says nothing of what it compares: its
    accepted requests become transcripts, its case that expects a refusal is excluded by name."""
    from tests.toy_game import GAME

    cases = [*GAME.feature_cases(), *GAME.fixture_cases(None)]
    found = transcripts.record(GAME, cases)
    assert found.count + len(found.excluded) == len(cases) == 3
    assert found.excluded == [
        {
            "id": "count/dec-at-zero-is-refused",
            "reason": "request 2 (apply) is answered illegal and nothing says what it must be",
        }
    ]


@pytest.mark.parametrize("name", ["cards", "dice"])
def test_the_shipped_transcripts_are_what_export_writes(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``scenarios/<game>/transcripts/`` (in the repository and the wheel, for a runner
    that has no Python) is the set ``export`` writes today, file for file."""
    shipped = Path(str(files("generala_scenarios").joinpath(name, "transcripts")))
    code, _, _ = run_command(export, ["--game", name, "--out", str(tmp_path / "fresh")], capsys)
    assert code == 0
    fresh = tmp_path / "fresh"
    names = sorted(p.relative_to(fresh).as_posix() for p in fresh.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(shipped).as_posix() for p in shipped.rglob("*") if p.is_file())
    stale = [n for n in names if (fresh / n).read_bytes() != (shipped / n).read_bytes()]
    assert stale == [], (
        f"stale: {stale[:5]}; write them again: generala-kit export --game {name} --out {shipped} --force"
    )
