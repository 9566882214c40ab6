"""What ``check`` loads: no pytest (the plugin's alone), and, once the kit's own cases
are cached, no schema validator nor YAML parser for them (the case cache). The speed
itself is measured by ``bench/bench_check.py``, never asserted here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CHECK_THEN_MODULES = """
import sys
from generala_conformance.cli import main
code = main(["check", *ARGS])
print(code, " ".join(sorted(sys.modules)))
"""


def _check_modules(cache: Path, *args: str) -> tuple[str, set[str]]:
    """The exit code and the modules of a ``check`` with ``args``."""
    done = _python(f"ARGS = {list(args)!r}\n" + CHECK_THEN_MODULES, cache)
    code, modules = done.stdout.strip().splitlines()[-1].split(" ", 1)
    return code, set(modules.split())


def _python(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """``code`` run by this python, with its own case cache."""
    env = {**os.environ, "GENERALA_KIT_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture(scope="module")
def check_modules(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The modules of a ``check`` process whose cases came from the cache (a first run fills it)."""
    cache = tmp_path_factory.mktemp("cache")
    assert "jsonschema" in _check_modules(cache)[1]  # the first run validated the fixtures in full
    code, modules = _check_modules(cache)
    assert code == "0"
    return modules


def test_check_runs_without_pytest(check_modules: set[str]) -> None:
    """``check`` is the runner core's front end: pytest is the plugin's alone."""
    assert not any(name.split(".")[0] in ("pytest", "_pytest", "pytest_bdd", "xdist") for name in check_modules)


def test_check_with_cached_cases_loads_no_yaml_parser_nor_debugger(check_modules: set[str]) -> None:
    assert {"generala_conformance.core.yaml_safe", "generala_conformance.games.cards.perft"} <= check_modules
    assert not {"yaml", "pdb"} & check_modules  # pdb: the left-out debugging plugin imports it at configure


def test_check_without_a_junit_report_loads_no_junit_writer(check_modules: set[str]) -> None:
    assert (
        not {"_pytest.junitxml", "xml.etree.ElementTree"} & check_modules
    )  # --junit: tests/integration/test_conformance_cli.py


def test_check_takes_the_kits_cases_from_the_cache_without_validating(check_modules: set[str]) -> None:
    assert "generala_conformance.games.cards.case_cache" in check_modules
    assert "jsonschema" not in check_modules
