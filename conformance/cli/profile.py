"""``generala-kit profile``: which reading of each ambiguity does an implementation follow?

Every case that depends on a rule option value (``@option:NAME=VALUE``, or
``requires`` in a fixture) is run once with that option left OUT of the rules it
starts its games with, so the implementation plays its own reading. (A case
needing several options that fails tells nothing of which option made it fail; it
is counted inconclusive for each.) For each option, the reading whose cases all
pass is the one it follows; when several pass the cases cannot tell them apart;
when every reading run has a failing case, no reading fits: likely a bug, and the
failing cases are named.

The same cases are then run as ``check`` runs them, each with the values it
requires sent, when the implementation lists them: a case failing there is a bug
(a value it offers and does not play, such as a category it offers and never
scores), reported under the clause it breaks, never a variant.

A profile is consistent with the findings when it agrees with every option's
reading found and no case failed under it (in either run, a case whose required
values the profile all has).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from generala_conformance import games
from generala_conformance.core.runner import Filters, Labels, run_cases
from generala_conformance.suite.report import UNATTRIBUTED, write_atomic
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


def tally(cases: list[dict[str, Any]], spec: str = CARDS) -> dict[str, dict[str, dict[str, Any]]]:
    """For each option (of the rulebook ``spec``) and value: how many of its cases
    passed, failed, or told nothing, and the ids of those that failed (``failing``)."""
    table: dict[str, dict[str, dict[str, Any]]] = {
        name: {value: {"pass": 0, "fail": 0, "other": 0, "failing": []} for value in opt.values}
        for name, opt in options(spec).items()
    }
    for case in cases:
        requires = case["requires"]
        for name, value in requires.items():
            if name in table and value in table[name]:
                key = case["outcome"] if case["outcome"] in COUNTED else "other"
                if key == "fail" and len(requires) > 1:
                    key = "other"  # which of its withheld options made it fail is unknown
                table[name][value][key] += 1
                if key == "fail":
                    table[name][value]["failing"].append(case["id"])
    return table


def verdict(readings: dict[str, dict[str, Any]]) -> tuple[str | None, str]:
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
    failing = "; ".join(f"{v}: {_some(c.get('failing', []))}" for v, c in tested.items())
    untested = [v for v in readings if v not in tested]
    rest = f" (no case of {', '.join(untested)} could be run)" if untested else ""
    return None, f"no reading fits (likely a bug): every reading run has a failing case{rest}: {failing}"


def _some(ids: list[str], shown: int = 3) -> str:
    """``a, b, c and 4 more``, in the order of the ids (the same whatever order the
    results came in, with ``-n`` workers too)."""
    ids = sorted(ids)
    more = f" and {len(ids) - shown} more" if len(ids) > shown else ""
    return ", ".join(ids[:shown]) + more


def contradicting(cases: list[dict[str, Any]], profile: str, spec: str = CARDS) -> list[str]:
    """The failed cases that ``profile`` has every required value of: each says the
    implementation does not play that profile (a reading of it, or a bug)."""
    chosen = resolve(profile, spec=spec)
    return [
        c["id"] for c in cases if c["outcome"] == "fail" and all(chosen.get(k) == v for k, v in c["requires"].items())
    ]


def bugs(sent: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases that failed with their required values sent (values the implementation
    lists), by the clause each breaks: ``{clause, values, cases}``, most cases first;
    ``values`` the options every one of them requires, with the values they require."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for case in sent:
        if case["outcome"] == "fail":
            clause = case["attribution"]["clause"] if case.get("attribution") else UNATTRIBUTED
            grouped.setdefault(clause, []).append(case)
    rows = []
    for clause, failed in sorted(grouped.items(), key=lambda item: (-len(item[1]), item[0])):
        shared = set.intersection(*(set(c["requires"]) for c in failed))
        values = {name: sorted({c["requires"][name] for c in failed}) for name in sorted(shared)}
        rows.append({"clause": clause, "values": values, "cases": [c["id"] for c in failed]})
    return rows


def findings(
    cases: list[dict[str, Any]], spec: str = CARDS, sent: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The profile of an implementation from the cases of a ``--generala-withhold``
    run (``cases``) and of the same cases with their values sent (``sent``) of the
    game whose rulebook is ``spec``."""
    result: dict[str, Any] = {"options": {}, "profiles": [], "contradicted": {}, "bugs": bugs(sent or [])}
    detected: dict[str, str] = {}
    for name, readings in tally(cases, spec).items():
        followed, why = verdict(readings)
        result["options"][name] = {"follows": followed, "why": why, "cases": readings}
        if followed is not None:
            detected[name] = followed
    for profile in profile_names(spec):
        against = contradicting([*cases, *(sent or [])], profile, spec)
        if against:
            result["contradicted"][profile] = against
        elif all(resolve(profile, spec=spec)[name] == value for name, value in detected.items()):
            result["profiles"].append(profile)
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
    if found["bugs"]:
        lines.append("bugs, not variants (cases failed with the values they require sent, values it lists):")
        for bug in found["bugs"]:
            under = ", ".join(f"{name}={'|'.join(values)}" for name, values in bug["values"].items())
            lines.append(f"  {bug['clause']:<12} {len(bug['cases']):>4} case(s)" + (f" under {under}" if under else ""))
            lines.append(f"  {'':<12} {_some(bug['cases'])}")
    for profile, against in found["contradicted"].items():
        lines.append(f"profile {profile} is contradicted by {len(against)} failed case(s): {_some(against)}")
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
    sent = run_cases(cases, settings_of(args), jobs=args.jobs) if done.aborted is None else done
    if done.aborted is not None or sent.aborted is not None:
        aborted = done.aborted or sent.aborted or {}
        print(f"generala-kit profile: {aborted['message']} [{aborted['code']}]", file=sys.stderr)
        return 2
    found = findings([vars(r) for r in done.results], game.spec, [vars(r) for r in sent.results])
    found["implementation"] = done.hello
    for line in render(found):
        print(line)
    if args.json:
        write_atomic(args.json, json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    return 0
