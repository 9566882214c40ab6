"""What ``check`` and ``serve`` do at start (issue 12): no pytest plugin but the
suite's, no schema validator for the kit's own cases once cached, no YAML parser
nor package metadata nor rulebook data classes for ``serve``'s hello. The speed itself is measured by
``bench/bench_check.py`` and ``bench/bench_protocol.py``, never asserted here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CHECK_THEN_MODULES = """
import sys
from generala_conformance.cli import main
code = main(["check", "-k", "no-case-has-this-name"])
print(code, " ".join(sorted(sys.modules)))
"""


def _python(code: str, cache: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GENERALA_KIT_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, text=True, env=env, timeout=120, check=False
    )


@pytest.fixture(scope="module")
def check_modules(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The modules of a ``check`` process whose cases came from the cache (a first run fills it)."""
    cache = tmp_path_factory.mktemp("cache")
    first = _python(CHECK_THEN_MODULES, cache)
    assert "jsonschema" in first.stdout.split()  # the first run validated the fixtures in full
    second = _python(CHECK_THEN_MODULES, cache)
    code, modules = second.stdout.strip().splitlines()[-1].split(" ", 1)
    assert code == "2", second.stdout + second.stderr  # nothing selected: the kit could not run
    return set(modules.split())


def test_check_loads_no_pytest_plugin_but_the_suites(check_modules: set[str]) -> None:
    assert "_hypothesis_pytestplugin" not in check_modules  # installed with the test extra
    assert {"pytest_bdd.plugin", "generala_conformance.suite.pytest_plugin"} <= check_modules


def test_check_loads_no_code_generator_of_pytest_bdd(check_modules: set[str]) -> None:
    assert "pytest_bdd.plugin" in check_modules
    assert not {m for m in check_modules if m == "mako" or m.startswith(("mako.", "pytest_bdd.generation"))}


def test_the_code_generator_can_still_be_imported_after_a_check(tmp_path: Path) -> None:
    code = CHECK_THEN_MODULES + "import pytest_bdd.generation as g, pytest_bdd; print(g.generate_code.__name__)"
    done = _python(code, tmp_path)
    assert done.stdout.split()[-1] == "generate_code", done.stdout[-2000:] + done.stderr[-2000:]


def test_check_takes_the_kits_cases_from_the_cache_without_validating(check_modules: set[str]) -> None:
    assert "generala_conformance.games.cards.case_cache" in check_modules
    assert "jsonschema" not in check_modules


def test_serve_answers_hello_without_a_yaml_parser_or_package_metadata(tmp_path: Path) -> None:
    code = "import runpy, sys; sys.argv = ['serve', 'serve']; "
    code += "runpy.run_module('generala_conformance.cli', run_name='__main__')"
    hello = '{"id": 1, "cmd": "hello", "protocol": 1}\n'
    modules = "import atexit, sys; atexit.register(lambda: print(' '.join(sorted(sys.modules)), file=sys.stderr)); "
    _python(modules + code, tmp_path, hello)  # fills the options cache
    served = _python(modules + code, tmp_path, hello)
    assert '"ok": true' in served.stdout.replace('"ok":true', '"ok": true'), served.stdout + served.stderr
    loaded = set(served.stderr.split())
    assert "generala_reference" in loaded
    assert not {"yaml", "importlib.metadata", "jsonschema"} & loaded
    # options.yaml is found through generala_spec.folders, not the rulebook's data classes
    assert not {"generala_spec.rulebook", "dataclasses"} & loaded
