"""The Node transcript runner (``examples/transcripts-node/transcripts.js``) given a
hostile or damaged set (issue 42, item 6): it reads only the files inside its set,
checks the counts ``index.json`` gives, and names the file, the line and the field
of every malformed transcript, never with a bare TypeError, and runs nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.node_runner import RUNNER, ready

ROOT = Path(__file__).resolve().parents[3]
SETS = ROOT / "scenarios"
NODE = shutil.which("node")
SECRET = "TOP-SECRET-FIRST-LINE"

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH")


@pytest.fixture(scope="module", autouse=True)
def _runner_installed() -> None:
    ready()


def copy_set(tmp_path: Path, game: str = "dice") -> Path:
    """A copy of the game's committed transcript set."""
    copy = tmp_path / "set"
    shutil.copytree(SETS / game / "transcripts", copy)
    return copy


def index_of(root: Path) -> dict[str, object]:
    index: dict[str, object] = json.loads((root / "index.json").read_text("utf-8"))
    return index


def write_index(root: Path, index: dict[str, object]) -> None:
    (root / "index.json").write_text(json.dumps(index, indent=1) + "\n", "utf-8")


def files_of(root: Path) -> dict[str, int]:
    files = index_of(root)["files"]
    assert isinstance(files, dict)
    return files


def load(root: Path) -> str:
    """What ``loadSet`` says of ``root``: its refusal (one line), or ``loaded N``."""
    script = (
        f"const {{ loadSet }} = require({json.dumps(str(RUNNER))});"
        "try { console.log(`loaded ${loadSet(process.argv[1]).transcripts.length}`); }"
        "catch (e) { console.log(`${e.constructor.name}: ${e.message}`); }"
    )
    assert NODE is not None
    done = subprocess.run([NODE, "-e", script, str(root)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "Traceback" not in done.stdout and SECRET not in done.stdout
    [line] = done.stdout.splitlines()
    return line


def test_the_committed_sets_load_whole() -> None:
    for game in ("cards", "dice"):
        assert load(SETS / game / "transcripts") == f"loaded {index_of(SETS / game / 'transcripts')['transcripts']}"


def _escape_by_dots(root: Path) -> str:
    (root.parent / "outside.jsonl").write_text(SECRET + "\n", "utf-8")
    index = index_of(root)
    index["files"] = {"../outside.jsonl": 1, **files_of(root)}
    write_index(root, index)
    return 'files.../outside.jsonl: "../outside.jsonl" is not a path inside the set; not read'


def _escape_by_link(root: Path) -> str:
    (root.parent / "outside.jsonl").write_text(SECRET + "\n", "utf-8")
    first = next(iter(files_of(root)))
    (root / first).unlink()
    (root / first).symlink_to(root.parent / "outside.jsonl")
    return f'files.{first}: "{first}" leads outside the set'


def _absolute(root: Path) -> str:
    index = index_of(root)
    index["files"] = {"/etc/passwd": 1, **files_of(root)}
    write_index(root, index)
    return 'files./etc/passwd: "/etc/passwd" is not a path inside the set; not read'


def _fifo(root: Path) -> str:
    first = next(iter(files_of(root)))
    (root / first).unlink()
    os.mkfifo(root / first)
    return f'files.{first}: "{first}" is not a regular file; not read'


def _lost_line(root: Path) -> str:
    first, count = next(iter(files_of(root).items()))
    lines = (root / first).read_text("utf-8").splitlines()
    (root / first).write_text("\n".join(lines[1:]) + "\n", "utf-8")
    return f"files.{first}: the index says {count} transcripts, the file holds {count - 1}"


def _lost_file(root: Path) -> str:
    index = index_of(root)
    files = files_of(root)
    first = next(iter(files))
    (root / first).unlink()
    index["files"] = {name: count for name, count in files.items() if name != first}
    write_index(root, index)
    total = sum(files.values())
    return f"transcripts: the index says {total}, its files hold {total - files[first]}"


def _count_not_a_number(root: Path) -> str:
    index = index_of(root)
    first = next(iter(files_of(root)))
    index["files"] = {**files_of(root), first: "3"}
    write_index(root, index)
    return f'files.{first}: "3" is not a count of transcripts'


DAMAGES: dict[str, Callable[[Path], str]] = {
    "dot-dot-in-index": _escape_by_dots,
    "link-leaving-the-set": _escape_by_link,
    "absolute-path": _absolute,
    "fifo": _fifo,
    "a-transcript-lost": _lost_line,
    "a-file-lost": _lost_file,
    "count-not-a-number": _count_not_a_number,
}


@pytest.mark.parametrize("damage", DAMAGES.values(), ids=DAMAGES.keys())
def test_a_set_reading_outside_itself_or_missing_transcripts_is_refused(
    tmp_path: Path, damage: Callable[[Path], str]
) -> None:
    root = copy_set(tmp_path)
    says = damage(root)
    line = load(root)
    assert line.startswith(f"TranscriptError: {root / 'index.json'}:") and says in line, line


def _without(key: str) -> Callable[[dict[str, object]], str]:
    def damage(transcript: dict[str, object]) -> str:
        del transcript[key]
        return f"{key}: must be"

    return damage


def _needs_options_list(transcript: dict[str, object]) -> str:
    transcript["needs"] = {"options": ["rolls"]}
    return "needs.options: must be an object of strings"


def _same_as_ahead(transcript: dict[str, object]) -> str:
    requests = transcript["requests"]
    assert isinstance(requests, list)
    requests[0]["expect"]["same_as"] = 5
    return "requests[0].expect.same_as: must be absent or the index of an earlier request"


def _requests_text(transcript: dict[str, object]) -> str:
    transcript["requests"] = "start"
    return "requests: must be a non-empty list"


def _send_without_cmd(transcript: dict[str, object]) -> str:
    requests = transcript["requests"]
    assert isinstance(requests, list)
    del requests[0]["send"]["cmd"]
    return "requests[0].send: must be an object with a cmd"


def _check_path_text(transcript: dict[str, object]) -> str:
    requests = transcript["requests"]
    assert isinstance(requests, list)
    requests[0]["expect"]["checks"] = [{"path": "state.over", "op": "equals", "value": 1}]
    return "requests[0].expect.checks[0].path: must be a list of keys and indexes"


BROKEN: dict[str, Callable[[dict[str, object]], str]] = {
    "without-needs": _without("needs"),
    "without-id": _without("id"),
    "without-clauses": _without("clauses"),
    "needs-options-a-list": _needs_options_list,
    "same-as-ahead": _same_as_ahead,
    "requests-a-text": _requests_text,
    "send-without-cmd": _send_without_cmd,
    "check-path-a-text": _check_path_text,
}


@pytest.mark.parametrize("breakage", BROKEN.values(), ids=BROKEN.keys())
def test_a_malformed_transcript_is_named_by_file_line_and_field(
    tmp_path: Path, breakage: Callable[[dict[str, object]], str]
) -> None:
    root = copy_set(tmp_path)
    first = next(iter(files_of(root)))
    lines = (root / first).read_text("utf-8").splitlines()
    transcript = json.loads(lines[1])
    says = breakage(transcript)
    (root / first).write_text("\n".join([lines[0], json.dumps(transcript), *lines[2:]]) + "\n", "utf-8")
    line = load(root)
    assert line.startswith(f"TranscriptError: {first}:2: {says}"), line
    assert "TypeError" not in line


def test_node_test_fails_the_set_at_once_and_writes_no_verdicts(tmp_path: Path) -> None:
    root = copy_set(tmp_path)
    says = _escape_by_dots(root)
    test_file = tmp_path / "set.test.js"
    test_file.write_text(f"require({json.dumps(str(RUNNER))}).transcriptTests(['false']);\n", "utf-8")
    env = {**os.environ, "GENERALA_TRANSCRIPTS": str(root), "GENERALA_VERDICTS": str(tmp_path / "v.json")}
    assert NODE is not None
    done = subprocess.run([NODE, "--test", str(test_file)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and says in done.stdout and SECRET not in done.stdout + done.stderr
    assert not (tmp_path / "v.json").exists()
