"""The limits and safety nets of the kit's transport and reports (issue 9): text
sanitised where it enters, bounded reply lines and nesting, bounded stderr, the
report written atomically and ``ok`` false when the run did not run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from generala_conformance.suite import report
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import ProtocolViolation
from generala_conformance.transport.process_adapter import STDERR_CASE_BYTES, STDERR_LINE_BYTES, StderrCapture
from generala_conformance.transport.sanitize import clean_text, clean_value
from hypothesis import example, given
from hypothesis import strategies as st

KIT = [sys.executable, "-m", "generala_conformance.cli"]


def test_clean_text_replaces_surrogates_and_shows_control_characters() -> None:
    assert clean_text("a\ud800b") == "a\ufffdb"
    assert clean_text("\x1b]0;title\x07\x1b[31m") == "\u241b]0;title\u2407\u241b[31m"
    assert clean_text("csi \x9b2J del \x7f") == "csi \\x9b2J del \u2421"
    assert clean_text("lines\nand\ttabs stay") == "lines\nand\ttabs stay"


def test_clean_value_reaches_every_string_and_key() -> None:
    value = {"k\udc00": ["\x1b", {"deep": "\ud800"}], "n": 3}
    assert clean_value(value) == {"k\ufffd": ["\u241b", {"deep": "\ufffd"}], "n": 3}


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (b'{"a": "\xff"}', r"not UTF-8 \(byte 0xff at offset 7"),
        (b'{"a": NaN}', r"not JSON \(NaN is not a JSON value\)"),
        (b'{"a": -Infinity}', r"-Infinity is not a JSON value"),
        (b'{"a": ' + b"[" * 65 + b"]" * 65 + b"}", "nested deeper than 64 levels"),
        (b"[" * 100_000 + b"]" * 100_000, "nested deeper than 64 levels"),
        (b'{"a": ' + b"9" * 5000 + b"}", "not JSON"),
        (b'"just a string"', "not an object"),
    ],
)
def test_decode_refuses_what_json_or_the_limits_do_not_allow(line: bytes, words: str) -> None:
    with pytest.raises(ProtocolViolation, match=words):
        protocol.decode(line)


def _depth(value: object) -> int:
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
    return 0 if children is None else 1 + max((_depth(c) for c in children), default=0)


TEXTS = st.text(alphabet='[]{}"\\ab\u00e9', max_size=6)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
    max_leaves=30,
)


@given(JSON_VALUES, st.integers(0, 8), st.booleans())
@example("[", 0, False)  # brackets only inside a string: depth 0
def test_nesting_read_from_the_text_is_the_depth_of_the_value(value: object, limit: int, ascii_only: bool) -> None:
    """Strings holding brackets, quotes and backslashes do not count; every level does."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert protocol.nests_deeper(text, limit) == (_depth(value) > limit)


def test_decode_accepts_the_deepest_allowed_value_and_sanitises_strings() -> None:
    deep = b'{"a": ' + b"[" * 63 + b"]" * 63 + b"}"
    assert protocol.decode(deep)["a"]
    assert protocol.decode(b'{"name": "x\\ud800\\u001b"}') == {"name": "x\ufffd\u241b"}


@pytest.mark.parametrize(
    ("line", "name"),
    [
        (b'{"name": "del \x7f"}', "del \u2421"),  # an ASCII line (the fast path)
        ('{"name": "csi \x9b2J \u00e9"}'.encode(), "csi \\x9b2J \u00e9"),  # raw C1 in UTF-8
        (b'{"name": "plain", "deep": [[1]]}', "plain"),
    ],
)
def test_decode_sanitises_raw_unsafe_characters_without_escapes(line: bytes, name: str) -> None:
    assert protocol.decode(line)["name"] == name


def test_shown_cuts_and_sanitises_what_it_quotes() -> None:
    assert protocol.shown(b"\x1b[2J") == "\u241b[2J"
    assert protocol.shown(b"x" * 10_000).endswith("… (10000 bytes)")


def capture(data: bytes) -> StderrCapture:
    reader, writer = os.pipe()
    found = StderrCapture(os.fdopen(reader, "rb", buffering=0))
    with os.fdopen(writer, "wb") as stream:
        stream.write(data)
    found.finish(5.0)
    return found


def test_stderr_is_cut_per_case_and_per_line() -> None:
    flood = capture(b"short line\n" * 100_000)
    text = flood.take()
    assert len(text.encode()) < STDERR_CASE_BYTES + 200
    assert text.endswith(f"cut: the kit keeps {STDERR_CASE_BYTES // 1024} KiB per case]")
    assert flood.tail().splitlines()[-1] == "short line"
    assert flood.take() == ""  # handed out once
    one = capture(b"y" * 3_000_000 + b"\nafter\x1b\n").take().splitlines()
    assert one[0] == "y" * STDERR_LINE_BYTES + f" [… {3_000_000 - STDERR_LINE_BYTES} more bytes of this line cut]"
    assert one[1] == "after\u241b"


def test_stderr_taken_holds_all_that_was_written_before() -> None:
    """What the implementation wrote before the kit takes its stderr (before its
    last reply was read) is in what is taken, never left for the next case, however
    far behind the reading thread is."""
    reader, writer = os.pipe()
    found = StderrCapture(os.fdopen(reader, "rb", buffering=0))
    try:
        for i in range(200):
            os.write(writer, f"line {i}\n".encode())
            assert found.take() == f"line {i}"
    finally:
        os.close(writer)
        found.finish(5.0)


def test_a_last_line_without_newline_is_kept() -> None:
    assert capture(b"Traceback ...\nboom").take() == "Traceback ...\nboom"


def document(error: str | None = None, name: str = "impl") -> dict:
    hello = {"name": name, "version": "1", "language": "x", "protocol": 1, "options": {}, "reason_codes": True}
    passed = [report.CaseResult(id="c", title="c", kind="fixture", outcome="pass", clauses=["R-MAT-1"])]
    return report.build(
        passed, implementation=hello, adapter="a", profile=None, duration=0, kit_version="0", error=error
    )


def test_the_report_is_written_atomically_and_an_earlier_one_survives(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    report.write_json(document(), path)
    before = path.read_bytes()
    broken = document()
    broken["summary"] = "not counts"
    with pytest.raises(Exception, match="is not of type"):
        report.write_json(broken, path)
    assert path.read_bytes() == before
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(OSError("disk full")))
        with pytest.raises(OSError, match="disk full"):
            report.write_json(document(name="other"), path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_text_the_kit_did_not_sanitise_cannot_break_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    report.write_json(document(name="in-process \ud800"), path)
    assert json.loads(path.read_text("utf-8"))["implementation"]["name"] == "in-process ?"


def test_ok_is_false_when_the_run_did_not_run() -> None:
    assert document()["ok"] is True and document()["error"] is None
    assert document(error="the cases could not be loaded")["ok"] is False


def run_kit(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KIT, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)


def test_a_run_whose_cases_cannot_load_writes_a_report_that_is_not_ok(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    (cases / "bad.yaml").write_text("version: 1\ncases: [{id: x}]\n", "utf-8")
    (tmp_path / "r.json").write_text("{}", "utf-8")
    done = run_kit(tmp_path, "check", "--cases", str(cases), "--json", "r.json")
    assert done.returncode != 0
    written = json.loads((tmp_path / "r.json").read_text("utf-8"))
    report.validate(written)
    assert written["ok"] is False and "could not be loaded" in written["error"] and "bad.yaml" in written["error"]


def test_a_run_that_ran_no_case_is_not_ok(tmp_path: Path) -> None:
    done = run_kit(tmp_path, "check", "-k", "no_such_case_anywhere", "--json", "r.json")
    assert done.returncode == 2  # the kit could not run: nothing to judge
    written = json.loads((tmp_path / "r.json").read_text("utf-8"))
    assert written["ok"] is False and written["error"] == "no case was run"


def test_terminal_lines_say_why_the_run_did_not_run() -> None:
    assert report.terminal_lines(document(error="the run was interrupted"))[-1] == "NOT OK: the run was interrupted"


def test_a_reply_line_longer_than_the_limit_is_a_violation_without_buffering_it() -> None:
    from generala_conformance.transport.process_adapter import ProcessAdapter

    script = (
        'import sys; sys.stdin.readline(); out = sys.stdout.buffer; out.write(b\'{"x": "\');'
        "[out.write(b'x' * 1048576) for _ in range(50)]; out.write(b'\"}\\n'); out.flush()"
    )
    adapter = ProcessAdapter([sys.executable, "-c", script], timeout=30)
    with pytest.raises(ProtocolViolation, match=f"longer than {protocol.MAX_LINE_BYTES} bytes"):
        adapter.hello()
    assert len(adapter._buffer) <= protocol.MAX_LINE_BYTES + 64 * 1024
    adapter.close()


def test_capture_of_an_empty_stream_is_empty() -> None:
    assert capture(b"").take() == "" and capture(b"").tail() == ""
