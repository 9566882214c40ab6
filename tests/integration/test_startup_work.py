"""What ``check`` and ``serve`` do at start (issue 12): no pytest plugin but the
suite's, no schema validator nor YAML parser for the kit's own cases once cached, no
debugger, no look through the installed distributions' entry points, nothing of a group
of cases the filters select none of (the suite's index) nor the rulebook's data classes
when they select nothing, no YAML parser
nor package metadata nor rulebook data classes for ``serve``'s hello. The speed itself is measured by
``bench/bench_check.py`` and ``bench/bench_protocol.py``, never asserted here."""

from __future__ import annotations

import importlib
import os
import site
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


def _python(code: str, cache: Path, stdin: str = "", installed: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``code`` run by this python; with ``installed``, as an installed kit runs:
    no ``site`` (an editable install's import hook loads pathlib at every start),
    the kit's packages and the dependencies found on the path ``installed``."""
    env = {**os.environ, "GENERALA_KIT_CACHE_DIR": str(cache)}
    flags = []
    if installed is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(installed), *site.getsitepackages()])
        flags = ["-S"]
    return subprocess.run(
        [sys.executable, *flags, "-c", code], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the kit's packages by their names (links to the worktree's folders), as pip installs them."""
    folder = tmp_path_factory.mktemp("installed")
    for package in ("generala_conformance", "generala_reference", "generala_spec", "generala_scenarios"):
        (folder / package).symlink_to(Path(importlib.import_module(package).__file__).parent)
    return folder


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


SERVE_THEN_MODULES = """
import atexit, sys
atexit.register(lambda: print(" ".join(sorted(sys.modules)), file=sys.stderr))
from generala_conformance.cli import main
sys.exit(main(["serve", *sys.argv[1:]]))
"""


def _served_modules(cache: Path, *args: str, installed: Path | None = None) -> set[str]:
    """The modules of a ``serve`` process (as the console script starts it) that
    answered a hello and saw the end of its input (a first run fills the cache)."""
    hello = '{"id": 1, "cmd": "hello", "protocol": 1}\n'
    code = f"import sys; sys.argv[1:] = {list(args)!r}\n" + SERVE_THEN_MODULES
    _python(code, cache, hello, installed)
    served = _python(code, cache, hello, installed)
    assert '"ok": true' in served.stdout.replace('"ok":true', '"ok": true'), served.stdout + served.stderr
    return set(served.stderr.split())


def test_serve_answers_hello_without_a_yaml_parser_or_package_metadata(tmp_path: Path) -> None:
    loaded = _served_modules(tmp_path)
    assert "generala_reference" in loaded
    assert not {"yaml", "importlib.metadata", "jsonschema"} & loaded
    # options.yaml is found through generala_spec.folders, not the rulebook's data classes
    assert not {"generala_spec.rulebook", "dataclasses"} & loaded


def test_serve_starts_without_pathlib_argparse_or_importlib_resources(tmp_path: Path, installed: Path) -> None:
    loaded = _served_modules(tmp_path, installed=installed)
    assert "generala_reference" in loaded
    # os.path finds options.yaml and the cache; a bare `serve` builds no parser
    # (nor its help formatter: shutil, locale); nothing is shuffled at start (random)
    slow = {"pathlib", "importlib.resources", "zipfile", "tempfile", "argparse", "shutil", "locale", "random"}
    assert not slow & loaded
    assert "argparse" in _served_modules(tmp_path, "--game", "cards", installed=installed)  # parsed as ever


def test_a_bare_serve_runs_with_the_options_its_parser_gives() -> None:
    from generala_conformance.cli import build_parser
    from generala_conformance.cli import serve as serve_cli

    assert vars(serve_cli.bare()) == vars(build_parser("serve").parse_args(["serve"]))
