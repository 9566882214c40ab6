"""``generala-kit profile``: which reading of each ambiguity does an implementation follow?

Every case that depends on a rule option value (``@option:NAME=VALUE``, or
``requires`` in a fixture) is run once with that option left OUT of the rules it
starts its games with, so the implementation plays its own reading. (A case
needing several options that fails tells nothing: which of them made it fail is
unknown; it is counted inconclusive.) For each
option, the reading whose cases all pass is the one it follows; when every
reading has a failing case it follows none consistently, and when several pass
the cases cannot tell them apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from generala_conformance import games
from generala_conformance.core.runner import Filters, Labels, run_cases
from generala_conformance.suite.report import write_atomic
from generala_conformance.suite.suite_run import (
    CheckUsageError,
    add_adapter_options,
    preflight,
    settings_of,
    suite_cases,
)
from generala_spec.folders import CARDS
from generala_spec.options import options, profile_names, resolve

HELP = "detect which reading of each rule ambiguity an implementation follows"
COUNTED = ("pass", "fail")  # errors, timeouts and skips are evidence of nothing


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    add_adapter_options(parser)
    parser.add_argument("--json", metavar="FILE", help="also write the findings as JSON")


def tally(cases: list[dict[str, Any]], spec: str = CARDS) -> dict[str, dict[str, dict[str, int]]]:
    """For each option (of the rulebook ``spec``) and value: how many of its cases
    passed, failed, or told nothing."""
    table: dict[str, dict[str, dict[str, int]]] = {
        name: {value: {"pass": 0, "fail": 0, "other": 0} for value in opt.values} for name, opt in options(spec).items()
    }
    for case in cases:
        requires = case["requires"]
        for name, value in requires.items():
            if name in table and value in table[name]:
                key = case["outcome"] if case["outcome"] in COUNTED else "other"
                if key == "fail" and len(requires) > 1:
                    key = "other"  # which of its withheld options made it fail is unknown
                table[name][value][key] += 1
    return table


def verdict(readings: dict[str, dict[str, int]]) -> tuple[str | None, str]:
    """(the reading followed or ``None``, a one-line explanation) for one option."""
    tested = {v: c for v, c in readings.items() if c["pass"] + c["fail"]}
    if not tested:
        return None, "no case could be run"
    clean = [v for v, c in tested.items() if c["fail"] == 0]
    if len(clean) == 1 and len(tested) > 1:
        return clean[0], "the only reading whose cases all pass"
    if len(clean) == 1:
        return clean[0], "its cases pass (no case of the other readings could be run)"
    if clean:
        return None, f"cannot tell: the cases of {', '.join(clean)} all pass"
    return None, "follows none consistently: every reading has a failing case"


def findings(cases: list[dict[str, Any]], spec: str = CARDS) -> dict[str, Any]:
    """The profile of an implementation from the cases of a ``--generala-withhold``
    run of the game whose rulebook is ``spec``."""
    result: dict[str, Any] = {"options": {}, "profiles": []}
    detected: dict[str, str] = {}
    for name, readings in tally(cases, spec).items():
        followed, why = verdict(readings)
        result["options"][name] = {"follows": followed, "why": why, "cases": readings}
        if followed is not None:
            detected[name] = followed
    result["profiles"] = [
        p for p in profile_names(spec) if all(resolve(p, spec=spec)[name] == value for name, value in detected.items())
    ]
    return result


def render(found: dict[str, Any]) -> list[str]:
    """The findings as lines for the terminal."""
    width = max([18, *(len(name) + 1 for name in found["options"])])
    lines = [f"{'option':<{width}} {'follows':<20} evidence (passed/run per reading)"]
    for name, entry in found["options"].items():
        evidence = ", ".join(
            f"{v} {c['pass']}/{c['pass'] + c['fail']}" + (f" (+{c['other']} inconclusive)" if c["other"] else "")
            for v, c in entry["cases"].items()
        )
        lines.append(f"{name:<{width}} {entry['follows'] or '-':<20} {evidence}")
        lines.append(f"{'':<{width}} {entry['why']}")
    profiles = found["profiles"]
    lines.append(f"profiles consistent with these findings: {', '.join(profiles) if profiles else 'none'}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Run the option-dependent cases with their options withheld and print the findings."""
    args.expectations = None
    try:
        preflight(args)
        game = games.get(args.game)
        cases = [c for c in suite_cases(game, args.cases) if Filters(withhold=True).selects(Labels.of(c), game.spec)]
    except CheckUsageError as error:
        print(f"generala-kit profile: {error} [{error.code}]", file=sys.stderr)
        return 2
    done = run_cases(cases, settings_of(args, withhold=True), jobs=args.jobs)
    if done.aborted is not None:
        print(f"generala-kit profile: {done.aborted['message']} [{done.aborted['code']}]", file=sys.stderr)
        return 2
    found = findings([vars(result) for result in done.results], game.spec)
    found["implementation"] = done.hello
    for line in render(found):
        print(line)
    if args.json:
        write_atomic(args.json, json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    return 0
