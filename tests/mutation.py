"""Mutation testing of the code that decides verdicts, and of the engine's unit tests.

Run from the repository root (not collected by pytest)::

    python3 tests/mutation.py                 # every target
    python3 tests/mutation.py driver report   # targets whose name contains a word
    python3 tests/mutation.py --list          # the mutants, without running them

Each target names a source file, the functions (or module-level constants) of it
that decide a verdict, and the tests that should catch a change to them. Every
mutant — one small change made by an operator below — is written into the file in
place (the original is always restored), the target's tests run with ``-x``, and
the mutant is *killed* when they fail. A surviving mutant is a comparison that no
test holds the kit to; the score is killed / all.

Operators: flip a comparison (``==``/``!=``, ``<``/``<=``, ``in``/``not in``,
``is``/``is not``), swap ``and``/``or``, drop a ``not``, return a constant instead
of a computed truth value, drop an element of a tuple/list/set of strings (the compared
fields), compare sizes instead of contents (``sorted(x)``/``set(x)``/``canonical(x)``
→ ``len(x)``), and add one to an integer constant.
"""

from __future__ import annotations

import argparse
import ast
import copy
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SUITE_TESTS = [
    "tests/unit/test_scenarios_loader.py",
    "tests/unit/test_scenarios_steps.py",
    "tests/unit/test_scenarios_driver.py",
    "tests/unit/test_transcripts.py",
]
FUZZ_TESTS = [
    "tests/unit/test_fuzz_compare.py",
    "tests/unit/test_fuzz_snapshots.py",
    "tests/unit/test_fuzz_mismatch_kinds.py",
]
REPORT_TESTS = ["tests/unit/test_conformance_report.py"]


@dataclass(frozen=True)
class Target:
    """Functions of one file and the tests that must catch a change to them."""

    name: str
    path: str
    functions: tuple[str, ...]
    tests: tuple[str, ...]


TARGETS = [
    Target(
        "driver",
        "conformance/games/cards/driver.py",
        ("subset", "events_match", "refuse", "expect_events", "expect_state", "expect_legal", "act", "start"),
        tuple(SUITE_TESTS),
    ),
    Target(
        "snapshots", "conformance/games/cards/snapshots.py", ("COMPARED", "comparable", "differing"), tuple(FUZZ_TESTS)
    ),
    Target(
        "fuzz-compare",
        "conformance/games/cards/fuzz/differential.py",
        ("_start", "_step", "_try", "_compare_state", "_compare_legal"),
        tuple(FUZZ_TESTS),
    ),
    Target("outcomes", "conformance/suite/report.py", ("counts", "unexpected"), tuple(REPORT_TESTS)),
    Target(
        "classification",
        "conformance/core/runner.py",
        ("outcome_of",),
        ("tests/unit/test_conformance_report.py", "tests/integration/test_conformance_plugin.py"),
    ),
    Target("expectations", "conformance/core/expectations.py", ("lookup", "unused"), tuple(REPORT_TESTS)),
    Target(
        "engine-series",
        "reference/cards/series.py",
        ("apply", "deal", "_settle", "_no_loser_dealer"),
        ("tests/unit/test_engine_series.py",),
    ),
    Target(
        "engine-game",
        "reference/cards/game.py",
        ("legal_actions", "_play", "_decline", "_take", "_end_trick", "_loser_at_trick_end", "_next_leader"),
        ("tests/unit/test_engine_rules.py",),
    ),
    Target(
        "engine-game-suite",
        "reference/cards/game.py",
        ("legal_actions", "_play", "_decline", "_take", "_end_trick", "_loser_at_trick_end", "_next_leader"),
        (
            "tests/unit/test_engine_rules.py",
            "tests/unit/test_scenarios_fixtures.py",
            "tests/unit/test_scenarios_features.py",
        ),
    ),
]

FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SIZE_CALLS = {"sorted", "set", "canonical", "frozenset"}


def _in_scope(tree: ast.Module, functions: tuple[str, ...]) -> list[ast.AST]:
    """The top nodes of ``tree`` (functions, methods, assignments) a target names."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and ("*" in functions or node.name in functions):
            found.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node in tree.body:
            names = [
                t.id
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(t, ast.Name)
            ]
            if any(n in functions for n in names):
                found.append(node)
    return found


def _boolean(value: ast.expr | None) -> bool:
    """Whether a returned expression is visibly a truth value (a comparison, a
    boolean operation, ``not``, or a call of ``all``/``any``/``bool``/``isinstance``)."""
    if isinstance(value, ast.Compare | ast.BoolOp) or (
        isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not)
    ):
        return True
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in {"all", "any", "bool", "isinstance"}
    )


def _points(scope: ast.AST) -> Iterator[tuple[ast.AST, str, int]]:
    """Every (node, operator, variant) a mutant can be made at, in a stable order
    (none inside f-strings: they only word messages)."""
    in_messages = {id(n) for s in ast.walk(scope) if isinstance(s, ast.JoinedStr) for n in ast.walk(s)}
    for node in ast.walk(scope):
        if id(node) in in_messages:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIPS:
                    yield node, "flip-compare", i
        elif isinstance(node, ast.BoolOp):
            yield node, "swap-boolop", 0
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "drop-not", 0
        elif isinstance(node, ast.Return) and _boolean(node.value):
            yield node, "return-true", 0
            yield node, "return-false", 0
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) > 1:
            for i, elt in enumerate(node.elts):
                if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                    yield node, "drop-element", i
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SIZE_CALLS:
            yield node, "size-only", 0
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, "int-plus-one", 0


def _apply(node: ast.AST, operator: str, variant: int) -> None:
    """Change ``node`` in place."""
    if operator == "flip-compare":
        assert isinstance(node, ast.Compare)
        node.ops[variant] = FLIPS[type(node.ops[variant])]()
    elif operator == "swap-boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif operator == "drop-not":
        assert isinstance(node, ast.UnaryOp)
        node.op = ast.UAdd()  # ``+x`` of a bool is its int: truthiness kept, ``not`` dropped
    elif operator in ("return-true", "return-false"):
        assert isinstance(node, ast.Return)
        node.value = ast.Constant(operator == "return-true")
    elif operator == "drop-element":
        assert isinstance(node, ast.Tuple | ast.List | ast.Set)
        del node.elts[variant]
    elif operator == "size-only":
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        node.func.id = "len"
    elif operator == "int-plus-one":
        assert isinstance(node, ast.Constant)
        node.value += 1


@dataclass(frozen=True)
class Mutant:
    target: Target
    index: int
    operator: str
    line: int
    source: str

    def describe(self) -> str:
        return f"{self.target.path}:{self.line} {self.operator}"


def mutants(target: Target) -> Iterator[Mutant]:
    """Every mutant of ``target``, each as the whole mutated source."""
    text = (ROOT / target.path).read_text()
    tree = ast.parse(text)
    count = sum(1 for scope in _in_scope(tree, target.functions) for _ in _points(scope))
    for index in range(count):
        mutated = copy.deepcopy(tree)
        node, operator, variant = list(
            point for scope in _in_scope(mutated, target.functions) for point in _points(scope)
        )[index]
        line = getattr(node, "lineno", 0)
        _apply(node, operator, variant)
        yield Mutant(target, index, operator, line, ast.unparse(ast.fix_missing_locations(mutated)))


def killed(mutant: Mutant, timeout: float) -> bool | None:
    """Whether the target's tests fail on ``mutant`` (``None``: they hung)."""
    path = ROOT / mutant.target.path
    original = path.read_text()
    try:
        path.write_text(mutant.source)
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            *mutant.target.tests,
        ]
        done = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None
    finally:
        path.write_text(original)
    return done.returncode != 0


def _stop(signum: int, _frame: object) -> None:
    """Stop on SIGTERM as on Ctrl-C, so that the mutated file is restored."""
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words", nargs="*", help="only targets whose name contains one of these")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per mutant")
    args = parser.parse_args(argv)
    chosen = [t for t in TARGETS if not args.words or any(w in t.name for w in args.words)]
    survivors: list[Mutant] = []
    total = dead = 0
    started = time.perf_counter()
    for target in chosen:
        t_total = t_dead = 0
        for mutant in mutants(target):
            if args.list:
                print(mutant.describe())
                continue
            verdict = killed(mutant, args.timeout)
            t_total += 1
            if verdict is not False:
                t_dead += 1
            else:
                survivors.append(mutant)
                print(f"  survived: {mutant.describe()}", flush=True)
        if not args.list:
            print(f"{target.name}: {t_dead}/{t_total} killed", flush=True)
            total, dead = total + t_total, dead + t_dead
    if args.list:
        return 0
    score = 100 * dead / total if total else 0.0
    print(f"mutation score: {dead}/{total} killed ({score:.1f}%) in {time.perf_counter() - started:.0f} s")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
