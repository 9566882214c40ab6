#!/usr/bin/env python3
"""Record the kit's verdicts on many implementations, and compare two recordings.

A restructure of the kit must move no verdict: every implementation the tests run
(the reference engines in-process and through ``serve``, the JavaScript engines, the
PyPI ``generala`` adapter, every broken engine, and what the fuzzer finds on each
broken engine) must get the same outcome, attributed to the same clause, in every case.

    python tools/verdicts.py record --out DIR [-j 2] [--only GLOB]
    python tools/verdicts.py compare DIR_A DIR_B

``record`` runs ``generala-kit check`` (and ``fuzz``) as subprocesses of this Python
(``python -m generala_conformance.cli``), at most ``-j`` (2) at once, each on the whole
suite, and writes one gzipped JSON file per run (``RUN.json.gz``, ``/`` read ``.``):
``{"run", "command", "exit", "totals", "cases": {id: {"outcome", "clause"}}}``, plus
``found`` for a fuzz run. The content is deterministic (no durations, no absolute
paths, sorted keys, gzip without a timestamp). ``compare`` prints one line per run,
then each case whose outcome or attributed clause differs, the ids only on one side,
and a changed exit code, totals or fuzz finding; it exits 1 on any difference.

The implementations are the tests' own definitions, imported from ``tests/`` (run this
from a checkout, with the kit installed from it).
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KIT = (sys.executable, "-m", "generala_conformance.cli")
SERVE = f'"{sys.executable}" -m generala_conformance.cli serve'
SUFFIX = ".json.gz"
TIMEOUT = 1200

CARDS_FUZZ = ("--games", "400", "--seed", "0")
"""Each broken card engine's campaign: tests/integration/test_broken_engines_fuzz.py's bound (GAMES) and seed."""
DICE_FUZZ = ("--games", "300", "--seed", "0")
"""Each broken dice engine's campaign: tests/integration/test_dice_fuzz.py's bound and seed."""

Json = dict[str, Any]


@dataclass(frozen=True)
class Run:
    """One recorded run: ``check`` of an implementation (``args``) on the whole suite,
    or, with ``fuzz``, a fuzz campaign on it and ``check`` of the fixture it writes."""

    name: str
    args: tuple[str, ...]
    fuzz: tuple[str, ...] = ()
    game: str = "cards"
    note: list[str] = field(default_factory=list, compare=False)


# ------------------------------------------------------------------ the runs


def runs() -> list[Run]:
    """Every run, from the tests' own definitions (issue 35's list)."""
    sys.path.insert(0, str(ROOT))
    from generala_spec.options import profile_names

    from tests.broken_engines import BROKEN, CONTRACT, DECLARATIONS
    from tests.dice.broken_engines import BROKEN as DICE_BROKEN
    from tests.dice.broken_engines import PASSING as DICE_PASSING
    from tests.e2e import test_example_dice_pypi as pypi
    from tests.e2e import test_example_javascript as js
    from tests.e2e import test_example_javascript_dice as js_dice
    from tests.integration import test_dice_broken_engines as dice_suite
    from tests.integration.test_broken_contract_suite import PROGRAM
    from tests.integration.test_broken_engines_suite import ENGINES

    dice = ("--game", "dice")
    found: list[Run] = [
        Run("cards/reference", ()),
        Run("cards/reference-serve", ("--adapter-cmd", SERVE)),
        *(Run(f"cards/reference-profile-{p}", ("--profile", p)) for p in profile_names()),
        Run("cards/javascript", ("--adapter-cmd", js.adapter_cmd())),
        Run("dice/reference", dice, game="dice"),
        Run("dice/reference-serve", (*dice, "--adapter-cmd", f"{SERVE} --game dice"), game="dice"),
        *(Run(f"dice/reference-profile-{p}", (*dice, "--profile", p), game="dice") for p in profile_names("dice")),
        Run(
            "dice/javascript",
            (*dice, "--adapter-cmd", f'"{js_dice.NODE}" "{js_dice.ENGINE}"', "--validate-messages", "--no-skip"),
            game="dice",
        ),
        Run(
            "dice/pypi",
            (*dice, "--adapter-cmd", pypi.adapter_cmd(), "--expectations", str(pypi.EXPECTATIONS)),
            game="dice",
        ),
    ]
    for name in sorted(BROKEN):
        adapter = ("--adapter", f"{ENGINES}:{name.replace('-', '_')}_adapter")
        found.append(Run(f"cards/broken/{name}", adapter))
        found.append(Run(f"cards/fuzz/{name}", adapter, CARDS_FUZZ))
    for name in sorted(CONTRACT):
        found.append(Run(f"cards/contract/{name}", ("--adapter-cmd", shlex.join([sys.executable, str(PROGRAM), name]))))
    for name in sorted(DECLARATIONS):
        found.append(Run(f"cards/declared/{name}", ("--adapter", f"{ENGINES}:{name.replace('-', '_')}_adapter")))
        served = ("--adapter-cmd", shlex.join([sys.executable, str(PROGRAM), name]))
        found.append(Run(f"cards/declared-serve/{name}", served))
    for name in sorted(DICE_BROKEN):
        adapter = (*dice, "--adapter", f"{dice_suite.ENGINES}:{name.replace('-', '_')}")
        found.append(Run(f"dice/broken/{name}", adapter, game="dice"))
        found.append(Run(f"dice/fuzz/{name}", adapter, DICE_FUZZ, game="dice"))
    for name in sorted(DICE_PASSING):
        adapter = (*dice, "--adapter", f"{dice_suite.ENGINES}:{name.replace('-', '_')}")
        found.append(Run(f"dice/passing/{name}", adapter, game="dice"))
    if js.NODE is None:
        print("warning: node is not on PATH: the JavaScript engines are not recorded", file=sys.stderr)
        found = [run for run in found if not run.name.endswith("/javascript")]
    return found


# ------------------------------------------------------------------ recording


def _env() -> dict[str, str]:
    """The kit's environment: no user cache (a stale parsed cache could hide a change)."""
    return {**os.environ, "GENERALA_KIT_CACHE_DIR": "", "NO_COLOR": "1"}


def _shown(args: Iterable[str]) -> str:
    """A command line without this checkout's or this Python's absolute paths."""
    text = shlex.join(args)
    return text.replace(sys.executable, "python").replace(str(ROOT) + os.sep, "")


def _kit(args: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*KIT, *args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


def check(args: Sequence[str], cwd: Path) -> tuple[int, Json | None, str]:
    """``generala-kit check ARGS --json``: exit code, report (None when none was written), output tail."""
    report = cwd / "report.json"
    report.unlink(missing_ok=True)
    done = _kit(["check", *args, "--json", str(report)], cwd)
    document = json.loads(report.read_text("utf-8")) if report.exists() else None
    return done.returncode, document, (done.stdout[-1500:] + done.stderr[-1500:])


def verdicts(report: Json | None) -> Json:
    """case id -> its outcome and the clause its attribution names (None: no attribution)."""
    if report is None:
        return {}
    return {
        case["id"]: {"outcome": case["outcome"], "clause": (case.get("attribution") or {}).get("clause")}
        for case in report["cases"]
    }


def _cards_finding(report: Json) -> Json:
    """What a card fuzz campaign found: its size and each divergence, shrunk (no paths)."""

    def mismatch(m: Json) -> Json:
        return {k: m[k] for k in ("index", "what", "expected", "actual", "fields") if k in m}

    divergences = []
    for d in report.get("divergences", []):
        shrunk = d.get("shrunk") or {}
        divergences.append(
            {
                "game": d["game"],
                "mismatch": mismatch(d["mismatch"]),
                "steps": len(d["trial"]["steps"]),
                "shrunk": {"mismatch": mismatch(shrunk["mismatch"]), "trial": shrunk["trial"]} if shrunk else None,
            }
        )
    return {
        "games": report["games"],
        "actions": report["actions"],
        "divergences": divergences,
        "unsupported": report.get("unsupported", {}),
    }


DICE_DIVERGENCE = re.compile(r"^divergence in dice game (\d+) \(seed \d+\): game \d+, step (\d+): (.*)$")
DICE_SUMMARY = re.compile(r"^fuzz --game dice: (\d+) games, (\d+) divergences")


def _dice_finding(stdout: str) -> Json:
    """What a dice fuzz campaign found (its output is the only record): games, each divergence."""
    lines = stdout.splitlines()
    divergences, games = [], None
    for i, line in enumerate(lines):
        if found := DICE_DIVERGENCE.match(line):
            rest = [text.split(":", 1)[1].strip() for text in lines[i + 1 : i + 3]]
            divergences.append(
                {"game": int(found[1]), "step": int(found[2]), "what": found[3], "expected": rest[0], "actual": rest[1]}
            )
        elif summary := DICE_SUMMARY.match(line):
            games = int(summary[1])
    return {"games": games, "divergences": divergences}


def record_run(run: Run) -> Json:
    """Run ``run`` and return its record."""
    with tempfile.TemporaryDirectory(prefix="verdicts-") as tmp:
        cwd = Path(tmp)
        if not run.fuzz:
            code, report, tail = check(run.args, cwd)
            if report is None:
                run.note.append(f"no report (exit {code}): {tail}")
            return {
                "run": run.name,
                "command": _shown(["generala-kit", "check", *run.args]),
                "exit": code,
                "totals": report["summary"] if report else None,
                "cases": verdicts(report),
            }
        fixtures = cwd / "found"
        report = [] if run.game == "dice" else ["--report", str(cwd / "fuzz.json")]  # (the dice fuzzer prints its)
        fuzz = ["fuzz", *run.args, *run.fuzz, "--fixture-dir", str(fixtures), *report]
        done = _kit(fuzz, cwd)
        if run.game == "dice":
            finding = _dice_finding(done.stdout)
        elif (cwd / "fuzz.json").exists():
            finding = _cards_finding(json.loads((cwd / "fuzz.json").read_text("utf-8")))
        else:
            finding = None
            run.note.append(f"no fuzz report (exit {done.returncode}): {done.stderr[-1500:]}")
        cases: Json = {}
        totals: Json = {}
        if fixtures.is_dir() and any(fixtures.iterdir()):
            # the fixture written for the finding: under the engine (it must fail), then the reference (pass)
            game = ("--game", "dice") if run.game == "dice" else ()
            for side, args in (("engine", run.args), ("reference", game)):
                code, report, tail = check([*args, "--cases", str(fixtures)], cwd)
                if report is None:
                    run.note.append(f"{side}: no report (exit {code}): {tail}")
                cases |= {f"{side}: {case}": verdict for case, verdict in verdicts(report).items()}
                totals[side] = {"exit": code, **(report["summary"] if report else {})}
        return {
            "run": run.name,
            "command": _shown(["generala-kit", "fuzz", *run.args, *run.fuzz]),
            "exit": done.returncode,
            "found": finding,
            "totals": totals or None,
            "cases": cases,
        }


def file_name(run: str) -> str:
    return run.replace("/", ".") + SUFFIX


def write(directory: Path, record: Json) -> Path:
    """Write one run's record: sorted keys, one case a line, gzipped without a timestamp."""
    text = json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    path = directory / file_name(record["run"])
    path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    return path


def read(directory: Path) -> dict[str, Json]:
    """run name -> record, of every ``*.json.gz`` (or plain ``*.json``) file of ``directory``."""
    records = {}
    for path in sorted(directory.iterdir()):
        if path.name.endswith(SUFFIX):
            record = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
        elif path.suffix == ".json":
            record = json.loads(path.read_text("utf-8"))
        else:
            continue
        records[record["run"]] = record
    return records


def record(out: Path, jobs: int, only: str | None) -> int:
    chosen = [run for run in runs() if only is None or fnmatch.fnmatchcase(run.name, only)]
    if not chosen:
        print(f"no run matches {only!r}", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    if only is None:  # a whole record: no file of a run that is no longer recorded
        for stale in out.glob(f"*{SUFFIX}"):
            stale.unlink()
    started, problems = time.monotonic(), 0
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {pool.submit(record_run, run): run for run in chosen}
        for done, future in enumerate(as_completed(futures), 1):
            run = futures[future]
            result = future.result()
            write(out, result)
            cases = len(result["cases"])
            print(f"[{done}/{len(chosen)}] {run.name}: exit {result['exit']}, {cases} cases", file=sys.stderr)
            for note in run.note:
                problems += 1
                print(f"  warning: {note}", file=sys.stderr)
    total = sum(len(r["cases"]) for r in read(out).values() if only is None or fnmatch.fnmatchcase(r["run"], only))
    print(f"recorded {len(chosen)} runs, {total} cases, in {time.monotonic() - started:.0f} s into {out}")
    return 1 if problems else 0


# ------------------------------------------------------------------ comparing


def _brief(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= 300 else text[:300] + "…"


def compare_runs(a: Json, b: Json) -> tuple[str, list[str]]:
    """One run's summary line and the lines of its differences (none: identical)."""
    lines = []
    for key in ("exit", "totals", "found"):
        if a.get(key) != b.get(key):
            lines.append(f"  {key}: {_brief(a.get(key))} -> {_brief(b.get(key))}")
    cases_a, cases_b = a["cases"], b["cases"]
    changed = sorted(case for case in cases_a.keys() & cases_b.keys() if cases_a[case] != cases_b[case])
    only_a, only_b = sorted(cases_a.keys() - cases_b.keys()), sorted(cases_b.keys() - cases_a.keys())
    for case in changed:
        was, now = cases_a[case], cases_b[case]
        lines.append(f"  {case}: {was['outcome']} [{was['clause']}] -> {now['outcome']} [{now['clause']}]")
    lines += [f"  only in A: {case}" for case in only_a]
    lines += [f"  only in B: {case}" for case in only_b]
    name = a["run"]
    if not lines:
        return f"{name}: identical ({len(cases_a)} cases)", []
    parts = [f"{len(changed)} changed", f"{len(only_a)} only in A", f"{len(only_b)} only in B"]
    parts += [key for key in ("exit", "totals", "found") if a.get(key) != b.get(key)]
    return f"{name}: DIFFERS: {', '.join(parts)} (of {len(cases_a)} / {len(cases_b)} cases)", lines


def compare(dir_a: Path, dir_b: Path, out: Any = None) -> int:
    """Print the differences of two recordings; 1 if there is any, else 0."""
    out = out or sys.stdout
    a, b = read(dir_a), read(dir_b)
    differ = 0
    for name in sorted(a.keys() | b.keys()):
        if name not in b or name not in a:
            side = "A" if name in a else "B"
            print(f"{name}: DIFFERS: run only in {side}", file=out)
            differ += 1
            continue
        line, lines = compare_runs(a[name], b[name])
        print(line, file=out)
        for text in lines:
            print(text, file=out)
        differ += bool(lines)
    runs = len(a.keys() | b.keys())
    verdict = f"{differ} of {runs} runs differ" if differ else f"all {runs} runs identical"
    print(f"compare {dir_a} {dir_b}: {verdict}", file=out)
    return 1 if differ else 0


# ------------------------------------------------------------------ command line


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="run every implementation and record its verdicts")
    rec.add_argument("--out", type=Path, required=True, help="the recording's folder")
    rec.add_argument("-j", "--jobs", type=int, default=2, help="runs at once (2: the machine has 2 cores)")
    rec.add_argument("--only", metavar="GLOB", help="only the runs whose name matches (cards/broken/*)")
    cmp = commands.add_parser("compare", help="compare two recordings case by case")
    cmp.add_argument("dir_a", type=Path)
    cmp.add_argument("dir_b", type=Path)
    commands.add_parser("list", help="list the runs")
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.out, args.jobs, args.only)
    if args.command == "compare":
        return compare(args.dir_a, args.dir_b)
    for run in runs():
        print(f"{run.name}: {_shown(['generala-kit', 'fuzz' if run.fuzz else 'check', *run.args, *run.fuzz])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
