"""The kit's suite runs look each step up once (suite/step_lookup.py): what that relies on
in pytest-bdd, and every step of a ``check`` resolved to the definition pytest-bdd finds itself."""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from generala_conformance.suite.step_lookup import StepLookup


class Node:
    """A collector or an item (weakly referenced, as pytest's nodes are)."""

    def __init__(self, parent: Node | None = None) -> None:
        self.parent = parent


class Request:
    def __init__(self, node: Node) -> None:
        self.node = node


class Step:
    def __init__(self, type: str, name: str) -> None:
        self.type, self.name = type, name


class Context:
    def __init__(self, step_func: Any) -> None:
        self.step_func = step_func


def a_step_function(table: object, who: str) -> None:
    """A step function (its signature is read)."""


class Original:
    """pytest-bdd's lookup, as a stand-in: what it was asked, and its answers."""

    def __init__(self, answers: dict[tuple[str, str], Any]) -> None:
        self.answers: dict[tuple[str, str], Any] = answers
        self.asked: list[tuple[Node, str, str]] = []

    def __call__(self, request: Request, step: Step) -> Any:
        self.asked.append((request.node, step.type, step.name))
        return self.answers.get((step.type, step.name))


def test_a_served_module_asks_each_step_once_and_others_always() -> None:
    known = Context(a_step_function)
    original = Original({("when", "P1 leads 8H"): known})
    lookup = StepLookup(original)
    served, other = Node(), Node()
    lookup.serve(served)
    first, second, elsewhere = Node(served), Node(served), Node(other)
    for item in (first, second):
        assert lookup(Request(item), Step("when", "P1 leads 8H")) is known
        assert lookup(Request(item), Step("then", "P1 leads 8H")) is None  # not found: kept too
        assert lookup(Request(item), Step("when", "nobody")) is None
    assert [a[1:] for a in original.asked] == [("when", "P1 leads 8H"), ("then", "P1 leads 8H"), ("when", "nobody")]
    assert all(a[0] is first for a in original.asked)
    lookup(Request(elsewhere), Step("when", "P1 leads 8H"))
    lookup(Request(elsewhere), Step("when", "P1 leads 8H"))
    assert [a[0] for a in original.asked[3:]] == [elsewhere, elsewhere]
    assert a_step_function.__signature__ == inspect.signature(a_step_function)  # type: ignore[attr-defined]
    assert list(inspect.signature(a_step_function).parameters) == ["table", "who"]


def test_pytest_bdd_looks_steps_up_by_the_name_the_kit_replaces() -> None:
    scenario = importlib.import_module("pytest_bdd.scenario")
    assert "get_step_function" in scenario._execute_scenario.__code__.co_names
    original = getattr(scenario.get_step_function, "original", scenario.get_step_function)
    assert list(inspect.signature(original).parameters) == ["request", "step"]


CHECK_WITH_A_PROBE = """
import contextlib, io, sys
from generala_conformance.cli import check, main
from generala_conformance.suite import step_lookup, suite_run
import importlib
scenario = importlib.import_module("pytest_bdd.scenario")
checked = []
class Probe:
    def pytest_bdd_before_step(self, request, step, step_func):
        assert scenario.get_step_function is step_lookup.LOOKUP
        own = step_lookup.LOOKUP.original(request, step)  # pytest-bdd's own lookup, for this scenario
        checked.append(own is not None and own.step_func is step_func)
check.run_pytest = lambda argv, plugins=None: suite_run.run_pytest(argv, [*(plugins or []), Probe()])
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["check", *sys.argv[1:]])
asked = sum(len(steps) for steps in step_lookup.LOOKUP.modules.values())
print(code, len(checked), checked.count(True), asked)
"""


def test_every_step_of_a_check_resolves_to_pytest_bdds_own_definition(tmp_path: Path) -> None:
    for game in ("cards", "dice"):
        env = {**os.environ, "GENERALA_KIT_CACHE_DIR": str(tmp_path)}
        argv = [sys.executable, "-c", CHECK_WITH_A_PROBE, "--game", game]
        done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        code, steps, same, asked = map(int, done.stdout.split()[-4:])
        assert code == 0 and steps > 0
        assert same == steps  # every step: the definition pytest-bdd itself finds
        assert 0 < asked < steps  # looked up once per step: fewer lookups than steps
