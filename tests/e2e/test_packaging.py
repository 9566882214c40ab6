"""The wheel installs into a fresh venv and works from outside the repository,
with every scenario, fixture and schema inside it (issue 2, non-negotiable)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
import tempfile
import venv
import zlib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (no system site-packages) with the kit's wheel installed; returns its bin dir."""
    root = tmp_path_factory.mktemp("pkg")
    wheels = root / "wheels"
    lock = Path(tempfile.gettempdir()) / f"generala-kit-wheel-{zlib.crc32(str(REPO).encode())}.lock"
    with lock.open("w") as held:  # one build at a time: setuptools builds in the checkout's build/
        fcntl.flock(held, fcntl.LOCK_EX)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
            check=True,
            cwd=root,
        )
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / "bin"
    wheel = next(wheels.glob("generala_kit-*.whl"))
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, cwd=root)
    return bin_dir


def run(bin_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a command of the venv from a folder outside the repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(bin_dir / args[0]), *args[1:]],
        cwd=bin_dir.parent.parent,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


def test_imports_come_from_the_venv_not_the_checkout(installed: Path) -> None:
    code = "import generala_reference, generala_conformance, generala_spec, generala_scenarios as s;"
    code += "print(generala_reference.__file__); print(s.ROOT)"
    result = run(installed, "python", "-c", code)
    assert result.returncode == 0, result.stderr
    assert str(REPO) not in result.stdout and "site-packages" in result.stdout


def test_package_data_is_complete(installed: Path) -> None:
    """Every data file of the four data folders is in the wheel."""
    code = (
        "import generala_scenarios, generala_spec; from pathlib import Path;"
        "roots = [generala_scenarios.ROOT, Path(generala_spec.__file__).parent];"
        "print('\\n'.join(sorted(str(p.relative_to(r.parent)) for r in roots for p in r.rglob('*')"
        " if p.suffix in ('.yaml', '.feature', '.json', '.md'))))"
    )
    result = run(installed, "python", "-c", code)
    assert result.returncode == 0, result.stderr
    shipped = set(result.stdout.split())
    expected = {
        str(p.relative_to(REPO)).replace("spec/", "generala_spec/", 1).replace("scenarios/", "generala_scenarios/", 1)
        for folder in ("spec", "scenarios")
        for p in (REPO / folder).rglob("*")
        if p.suffix in (".yaml", ".feature", ".json", ".md")
    }
    assert expected and expected <= shipped, sorted(expected - shipped)


def test_play_runs_from_outside_the_repo(installed: Path) -> None:
    result = run(installed, "generala-kit", "play", "--players", "4", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "leads next" in result.stdout


def test_rules_command_finds_clauses_from_the_wheel(installed: Path) -> None:
    result = run(installed, "generala-kit", "rules", "R-JOKER-4")
    assert result.returncode == 0, result.stderr
    assert "R-JOKER-4" in result.stdout


def test_check_passes_against_the_reference_from_the_wheel(installed: Path) -> None:
    result = run(installed, "generala-kit", "check")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def test_the_dice_suite_passes_against_the_dice_reference_from_the_wheel(installed: Path) -> None:
    result = run(installed, "generala-kit", "check", "--game", "dice")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    passed = re.search(r"OK: nothing unexpected \((\d+) passed of \1\)", result.stdout)
    assert passed and int(passed.group(1)) > 1500, result.stdout[-3000:]


def test_regenerate_check_passes_from_the_wheel(installed: Path) -> None:
    """The recipes ship with the fixtures, and regenerate reproduces them there too."""
    result = run(installed, "generala-kit", "regenerate", "--check")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "files are what their recipes give" in result.stdout


@pytest.mark.parametrize(("game", "least"), [("cards", 600), ("dice", 1600)])
def test_export_writes_the_suite_as_transcripts_from_the_wheel(
    installed: Path, tmp_path: Path, game: str, least: int
) -> None:
    """The transcripts are made from the installed package on demand (``docs/transcripts.md``)."""
    out = tmp_path / game
    result = run(installed, "generala-kit", "export", "--game", game, "--out", str(out))
    assert result.returncode == 0, result.stderr
    index = json.loads((out / "index.json").read_text("utf-8"))
    assert index["game"] == game and index["format"] == 1
    assert sum(index["files"].values()) == index["transcripts"] >= least


def test_site_builds_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    """``generala-kit site`` works from a plain install: its assets ship in the wheel."""
    out = tmp_path / "site"
    result = run(installed, "generala-kit", "site", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert 'id="R-JOKER-4"' in (out / "rules" / "joker.html").read_text("utf-8")
    for asset in ("site.css", "search.js", "search-index.js", "favicon.svg"):
        assert (out / "assets" / asset).stat().st_size > 0, asset


def test_the_wheel_metadata_has_the_version_the_kit_reports(installed: Path) -> None:
    code = "import importlib.metadata as m, generala_conformance as g; print(m.version('generala-kit'), g.__version__)"
    metadata, reported = run(installed, "python", "-c", code).stdout.split()
    assert metadata == reported
