"""The comparator of ``tools/verdicts.py`` on small synthetic recordings: identical ones
compare equal (exit 0); a changed outcome, a changed attributed clause, a case or a run
on one side only, a changed exit code or fuzz finding are each reported (exit 1).

(The full ``record`` is a script, not a test: ``tools/README.md``.)"""

from __future__ import annotations

import copy
import gzip
import importlib.util
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "verdicts.py"


@pytest.fixture(scope="module")
def verdicts() -> Any:
    spec = importlib.util.spec_from_file_location("verdicts_tool", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up there)
    spec.loader.exec_module(module)
    return module


def recording() -> list[dict[str, Any]]:
    cases = {
        "01_deal/a": {"outcome": "pass", "clause": None},
        "01_deal/b": {"outcome": "fail", "clause": "R-DEAL-1"},
        "trick-c": {"outcome": "error", "clause": None},
    }
    totals = {"pass": 1, "fail": 1, "error": 1, "total": 3}
    return [
        {"run": "cards/broken/x", "command": "generala-kit check", "exit": 1, "totals": totals, "cases": cases},
        {"run": "cards/reference", "command": "generala-kit check", "exit": 0, "totals": {"pass": 1}, "cases": {}},
        {
            "run": "cards/fuzz/x",
            "command": "generala-kit fuzz",
            "exit": 1,
            "found": {"games": 28, "divergences": [{"game": 27}]},
            "totals": None,
            "cases": {"engine: fuzz-0-27": {"outcome": "fail", "clause": "R-JOKER-4"}},
        },
    ]


def saved(verdicts: Any, folder: Path, records: list[dict[str, Any]]) -> Path:
    folder.mkdir()
    for record in records:
        verdicts.write(folder, record)
    return folder


def compared(verdicts: Any, a: Path, b: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = verdicts.compare(a, b, out)
    return code, out.getvalue()


def test_identical_recordings_compare_equal(verdicts: Any, tmp_path: Path) -> None:
    a = saved(verdicts, tmp_path / "a", recording())
    b = saved(verdicts, tmp_path / "b", recording())
    assert [p.read_bytes() for p in sorted(a.iterdir())] == [p.read_bytes() for p in sorted(b.iterdir())]
    code, text = compared(verdicts, a, b)
    assert code == 0, text
    assert "cards/broken/x: identical (3 cases)" in text.splitlines()
    assert text.splitlines()[-1].endswith("all 3 runs identical")


def test_a_record_is_gzipped_sorted_json_without_a_timestamp(verdicts: Any, tmp_path: Path) -> None:
    folder = saved(verdicts, tmp_path / "a", recording()[:1])
    (path,) = folder.iterdir()
    assert path.name == "cards.broken.x.json.gz"
    data = path.read_bytes()
    assert data[4:8] == b"\0\0\0\0"  # gzip's MTIME
    text = gzip.decompress(data).decode("utf-8")
    assert json.loads(text)["cases"]["01_deal/b"] == {"clause": "R-DEAL-1", "outcome": "fail"}
    assert text.index('"cases"') < text.index('"run"')


def test_every_kind_of_difference_is_reported(verdicts: Any, tmp_path: Path) -> None:
    a = saved(verdicts, tmp_path / "a", recording())
    changed = copy.deepcopy(recording())
    cases = changed[0]["cases"]
    cases["01_deal/a"]["outcome"] = "fail"  # an outcome
    cases["01_deal/b"]["clause"] = "R-DEAL-2"  # an attributed clause
    del cases["trick-c"]  # a case gone
    cases["trick-d"] = {"outcome": "pass", "clause": None}  # a case new
    changed[0]["exit"] = 0
    changed[2]["found"]["divergences"][0]["game"] = 31  # the fuzzer's finding
    del changed[1]  # a run gone
    b = saved(verdicts, tmp_path / "b", changed)
    code, text = compared(verdicts, a, b)
    assert code == 1
    lines = text.splitlines()
    assert "cards/broken/x: DIFFERS: 2 changed, 1 only in A, 1 only in B, exit (of 3 / 3 cases)" in lines
    assert "  01_deal/a: pass [None] -> fail [None]" in lines
    assert "  01_deal/b: fail [R-DEAL-1] -> fail [R-DEAL-2]" in lines
    assert "  only in A: trick-c" in lines
    assert "  only in B: trick-d" in lines
    assert "  exit: 1 -> 0" in lines
    assert "cards/reference: DIFFERS: run only in A" in lines
    assert any(line.startswith("cards/fuzz/x: DIFFERS:") and "found" in line for line in lines)
    assert lines[-1].endswith("3 of 3 runs differ")


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r[0]["cases"]["01_deal/b"].update(outcome="timeout"),
        lambda r: r[0]["cases"]["01_deal/a"].update(clause="R-MAT-1"),
        lambda r: r[0]["cases"].pop("01_deal/a"),
        lambda r: r[0]["totals"].update(total=4),
        lambda r: r.append({**r[1], "run": "dice/reference"}),
    ],
)
def test_a_single_difference_fails_the_comparison(verdicts: Any, tmp_path: Path, change: Any) -> None:
    a = saved(verdicts, tmp_path / "a", recording())
    records = copy.deepcopy(recording())
    change(records)
    b = saved(verdicts, tmp_path / "b", records)
    assert compared(verdicts, a, b)[0] == 1
    assert compared(verdicts, b, a)[0] == 1


def test_the_command_line_shown_is_no_difference(verdicts: Any, tmp_path: Path) -> None:
    """Only verdicts count: the command line kept for people may change."""
    a = saved(verdicts, tmp_path / "a", recording())
    records = copy.deepcopy(recording())
    records[0]["command"] = "generala-kit check --adapter elsewhere.py:x"
    b = saved(verdicts, tmp_path / "b", records)
    assert compared(verdicts, a, b)[0] == 0


def test_the_cli_exit_code(verdicts: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = saved(verdicts, tmp_path / "a", recording())
    b = saved(verdicts, tmp_path / "b", recording()[:2])
    assert verdicts.main(["compare", str(a), str(a)]) == 0
    assert verdicts.main(["compare", str(a), str(b)]) == 1
    assert "cards/fuzz/x: DIFFERS: run only in A" in capsys.readouterr().out


def test_the_dice_fuzz_output_is_read(verdicts: Any) -> None:
    stdout = (
        "divergence in dice game 10 (seed 0): game 10, step 59: scratch ones\n"
        "  expected (the reference): refused category-closed\n"
        "  actual:                   [{'type': 'scratched'}]\n"
        "fixture written: x/fuzz-dice-0-10.yaml (generala-kit check --game dice --cases x)\n"
        "fuzz --game dice: 11 games, 1 divergences, 0.30 s\n"
    )
    assert verdicts._dice_finding(stdout) == {
        "games": 11,
        "divergences": [
            {
                "game": 10,
                "step": 59,
                "what": "scratch ones",
                "expected": "refused category-closed",
                "actual": "[{'type': 'scratched'}]",
            }
        ],
    }
