"""``generala-kit check --adapter-cmd`` launches the implementation before pytest starts
(:mod:`generala_conformance.suite.early_launch`), and the run uses that one process."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from generala_conformance.cli import build_parser
from generala_conformance.cli import check as check_cli
from generala_conformance.suite import early_launch
from generala_conformance.transport.process_adapter import ProcessAdapter

SERVE = shlex.join([sys.executable, "-m", "generala_conformance.cli", "serve"])


def _counted_serve(tmp_path: Path) -> tuple[str, Path]:
    """A command serving the reference that notes each start of it in a file."""
    starts = tmp_path / "starts"
    script = f"echo started >> {shlex.quote(str(starts))}; exec {SERVE}"
    return shlex.join(["sh", "-c", script]), starts


def _args(*argv: str) -> Any:
    return build_parser("check").parse_args(["check", *argv])


def test_check_launches_the_implementation_before_pytest_and_runs_on_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command, starts = _counted_serve(tmp_path)
    seen: list[Any] = []
    real = check_cli.run_pytest

    def run_pytest(argv: list[str], plugins: list[object]) -> int:
        launched = [p for p in plugins if isinstance(p, early_launch.EarlyLaunch)]
        seen.extend(launched)
        assert len(launched) == 1 and launched[0].adapter is not None
        assert launched[0].adapter.pid is not None  # (running before pytest is)
        return real(argv, plugins)

    monkeypatch.setattr(check_cli, "run_pytest", run_pytest)
    monkeypatch.chdir(tmp_path)
    code = check_cli.run(_args("--adapter-cmd", command, "--clause", "R-JOKER-1", "--json", "r.json"))
    assert code == 0
    assert json.loads((tmp_path / "r.json").read_text("utf-8"))["summary"]["pass"] > 0
    assert seen and seen[0].adapter is None  # taken by the run
    assert starts.read_text().splitlines() == ["started"]  # one process: the one launched early


def test_check_run_as_a_user_runs_it_starts_the_implementation_once(tmp_path: Path) -> None:
    command, starts = _counted_serve(tmp_path)
    kit = [sys.executable, "-m", "generala_conformance.cli", "check", "--adapter-cmd", command, "--clause", "R-LEAD"]
    done = subprocess.run(kit, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert starts.read_text().splitlines() == ["started"]


def test_no_early_launch_without_a_command_or_with_jobs() -> None:
    assert early_launch.launch(_args()) is None
    assert early_launch.launch(_args("--adapter-cmd", SERVE, "--jobs", "2")) is None


def _launched() -> early_launch.EarlyLaunch:
    launched = early_launch.launch(_args("--adapter-cmd", SERVE))
    assert launched is not None and isinstance(launched.adapter, ProcessAdapter)
    return launched


def test_an_adapter_opened_otherwise_is_not_taken_and_is_closed() -> None:
    launched = _launched()
    adapter = launched.adapter
    assert launched.take({**launched.opened, "timeout": 99.0}) is None
    assert adapter.pid is None  # closed
    assert launched.take(launched.opened) is None  # (once)


def test_an_adapter_never_taken_is_closed_at_the_end_of_the_run() -> None:
    launched = _launched()
    adapter = launched.adapter
    launched.pytest_unconfigure(None)  # type: ignore[arg-type]
    assert adapter.pid is None and launched.adapter is None


def test_a_command_that_cannot_be_opened_is_left_to_the_run_to_report() -> None:
    assert early_launch.launch(_args("--adapter-cmd", "'unclosed")) is None
