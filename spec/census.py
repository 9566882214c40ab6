"""The census of public dice implementations (``dice/census.yaml``): loaded, checked
against ``schemas/census.schema.json`` and the ambiguity register, and rendered as
``docs/dice-census.md``.

    python -m generala_spec.census            # rewrite docs/dice-census.md
    python -m generala_spec.census --check    # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from generala_spec import rulebook, yaml_text
from generala_spec.folders import RulebookError, read_text
from generala_spec.render import write_or_check

SPEC = "dice"
COMMAND = "python -m generala_spec.census"
PAGE = Path(__file__).resolve().parent.parent / "docs" / "dice-census.md"
POINT_KEYS = frozenset(
    json.loads(files(__package__).joinpath("schemas", "dice-protocol.schema.json").read_text("utf-8"))["$defs"][
        "point-table"
    ]["properties"]
)
"""The keys of a declared point table (D-SCORE-7)."""


@dataclass(frozen=True)
class Verdict:
    """What the register makes of one house rule: an option value, the kit's ruling, or a reading ruled out."""

    kind: str  # "option", "points", "ruling" or "ruled-out"
    decision: rulebook.Decision


def document() -> dict[str, Any]:
    """``dice/census.yaml``, checked against its schema (``invalid-census`` otherwise)."""
    import jsonschema  # here, not at import (see rulebook.check_document)

    census: dict[str, Any] = yaml_text.parse(read_text(SPEC, "census.yaml"))
    schema = json.loads(files(__package__).joinpath("schemas", "census.schema.json").read_text("utf-8"))
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(census))
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(top)"
        raise RulebookError("invalid-census", f"spec/dice/census.yaml: at {where}: {error.message}")
    return census


def verdict(rule: Mapping[str, str]) -> Verdict:
    """The decision a house rule reads and what it is (``unknown-reading`` when the
    register has no such ambiguity, option or reading)."""
    entry = rulebook.ambiguities(SPEC).get(rule["ambiguity"])
    if entry is None:
        raise RulebookError("unknown-reading", f"no ambiguity {rule['ambiguity']}")
    option = rule.get("option")
    for decision in entry.decisions:
        if decision.option == option and rule["reading"] in (r.id for r in decision.readings):
            if option:
                return Verdict("option", decision)
            if rule.get("via") == "points":
                return Verdict("points", decision)
            return Verdict("ruling" if rule["reading"] == decision.ruling else "ruled-out", decision)
    what = f"option {option}" if option else "a decision without an option"
    raise RulebookError("unknown-reading", f"{entry.id} has no reading {rule['reading']!r} of {what}")


def problems(census: Mapping[str, Any]) -> list[str]:
    """What the census names that does not exist: readings, files, point keys, ids."""
    found: list[str] = []
    ids = [impl["id"] for impl in census["implementations"]]
    found += [f"implementation {i!r} listed twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for impl in census["implementations"]:
        read = {f["path"] for f in impl["files"]}
        found += [
            f"{impl['id']}: unknown point table key {k!r}" for k in sorted(set(impl.get("points", {})) - POINT_KEYS)
        ]
        for number, rule in enumerate(impl["rules"]):
            where = f"{impl['id']}: rules[{number}]"
            if rule["file"] not in read:
                found.append(f"{where}: file {rule['file']!r} is not among the files read")
            try:
                kind = verdict(rule).kind
            except RulebookError as error:
                found.append(f"{where}: {error}")
                continue
            if kind == "points" and not impl.get("points"):
                found.append(f"{where}: a reading by the point table, but no points are declared")
    return found


def _cell(rule: Mapping[str, str]) -> str:
    found = verdict(rule)
    if found.kind == "option":
        return f"`{found.decision.option}: {rule['reading']}`"
    if found.kind == "points":
        return f"`{rule['reading']}`: its declared point table ({rule['ambiguity']})"
    if found.kind == "ruling":
        return f"`{rule['reading']}` (the kit's ruling, {rule['ambiguity']})"
    return f"`{rule['reading']}`: **ruled out** ({rule['ambiguity']}: `{found.decision.ruling}`)"


def _implementation(impl: Mapping[str, Any]) -> Iterator[str]:
    package = f", {impl['package']}" if "package" in impl else ""
    yield f"### {impl['repository']}"
    yield ""
    yield f"{impl['language']}, {impl['kind']}{package}. Files read:"
    yield ""
    yield from (f"- `{f['path']}` at `{f['commit']}`" for f in impl["files"])
    yield ""
    yield "| ambiguity | house rule | in the kit | seen in |"
    yield "|---|---|---|---|"
    for rule in impl["rules"]:
        yield f"| {rule['ambiguity']} | {rule['note']} | {_cell(rule)} | `{rule['file']}` |"
    if "points" in impl:
        table = ", ".join(f"`{key}` {value}" for key, value in impl["points"].items())
        yield f"| D-SCORE-7 | its points | declared point table: {table} | |"
    yield ""


def _rulings(census: Mapping[str, Any]) -> Iterator[str]:
    seen: dict[tuple[str, str], list[str]] = {}
    for impl in census["implementations"]:
        for rule in impl["rules"]:
            if verdict(rule).kind == "ruled-out":
                seen.setdefault((rule["ambiguity"], rule["reading"]), []).append(impl["repository"])
    yield "| reading | ambiguity | seen in | the register's ruling and reason |"
    yield "|---|---|---|---|"
    for (ambiguity, reading), where in sorted(seen.items(), key=lambda item: _amb_key(item[0])):
        decision = verdict({"ambiguity": ambiguity, "reading": reading}).decision
        yield f"| `{reading}` | {ambiguity} | {', '.join(where)} | `{decision.ruling}`: {decision.reason} |"
    yield ""


def _amb_key(key: tuple[str, str]) -> tuple[int, str]:
    return int(key[0].split("-")[1]), key[1]


def render(census: Mapping[str, Any]) -> str:
    """The text of ``docs/dice-census.md``."""
    impls = census["implementations"]
    languages = sorted({impl["language"] for impl in impls})
    lines = [
        "# The census of the wild: house rules of public dice Generala implementations",
        "",
        f"<!-- Generated from spec/dice/census.yaml by `{COMMAND}`: do not edit. -->",
        "",
        f"{len(impls)} public implementations in {len(languages)} languages ({', '.join(languages)}), read whole",
        "where they score and play, each house rule recorded as a reading of the ambiguity register",
        "(`spec/dice/RULES.md`). A rule option value is declared in an implementation's `hello`",
        "(`docs/dice-contract.md`); a point table, a served Generala's bonus included, is declared as",
        "`points` (D-SCORE-7); a reading **ruled out** is not a variant the kit plays, for the reason",
        "the register gives (below): most are bugs. Behaviour is described in our words; no code of",
        "these projects is in the kit.",
        "",
        "## Readings ruled out",
        "",
        *_rulings(census),
        "## The implementations",
        "",
    ]
    for impl in impls:
        lines += list(_implementation(impl))
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``docs/dice-census.md``, or with ``--check`` report whether it is stale."""
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page differs")
    args = parser.parse_args(argv)
    try:
        census = document()
        found = problems(census)
        if found:
            raise RulebookError("invalid-census", "; ".join(found))
        text = render(census)
    except RulebookError as error:
        print(f"{COMMAND}: {error}", file=sys.stderr)
        return 2
    return write_or_check(PAGE, text, COMMAND, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
