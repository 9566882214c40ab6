"""The expectations file: known skips and expected failures of an implementation.

```yaml
version: 1
expectations:
  - case: tie-break-*           # a case id, or a glob over case ids
    outcome: xfail              # or skip
    reason: we follow the FA reading here
    issue: https://example.org/engine/issues/12   # optional
  - clause: R-JOKER-4           # every case citing a clause (a glob: R-JOKER-*)
    outcome: skip
    reason: no Jokers yet
  - area: SERIES                # every case citing a clause of an area (R-SERIES-n)
  - ambiguity: AMB-5            # every case illustrating an ambiguity (a glob)
  - tag: option:tie-break=*     # every case with a tag (clauses, ambiguities, option:NAME=VALUE; a glob)
```

Each entry has exactly one selector (``case``, ``clause``, ``area``, ``ambiguity`` or
``tag``). An ``xfail`` is strict: a case expected to fail that passes is an
``xpass``, which fails the run (its message names the entry), so the file never
goes stale. The first entry naming a case by its exact id wins; otherwise the
first entry in the file that selects it. An entry that selects no case of the
suite is stale: the summary lists it.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from generala_conformance.core.input_files import InputError, Schema, read_valid
from generala_conformance.core.yaml_safe import line_of

if TYPE_CHECKING:
    from generala_conformance.core.results import CaseResult

OUTCOMES = ("skip", "xfail")
SELECTORS = ("case", "clause", "area", "ambiguity", "tag")


class ExpectationsError(InputError):
    """A malformed expectations file: its ``path``, the ``line`` and ``field`` of the
    entry it is about, and a ``code`` (``bad-expectations``, or what the YAML reader
    refused: ``bad-yaml``, ``not-a-file``, …)."""

    def __init__(self, path: Path | str, line: int, field_: str, message: str, code: str = "bad-expectations") -> None:
        super().__init__(path, line, field_, message, "bad-expectations" if code == "schema" else code)


class Selectable(Protocol):
    """What an entry can select a case by (a collected case, or a case of a report);
    read only, so that a frozen :class:`CaseRef` is one."""

    @property
    def id(self) -> str: ...
    @property
    def clauses(self) -> list[str]: ...
    @property
    def ambiguities(self) -> list[str]: ...
    @property
    def tags(self) -> list[str]: ...


@dataclass(frozen=True)
class CaseRef:
    """A case as a JSON report records it, for :meth:`Expectations.lookup`."""

    id: str
    clauses: list[str]
    ambiguities: list[str]
    tags: list[str]

    @classmethod
    def of_report(cls, case: dict[str, Any]) -> CaseRef:
        """The case of a report (``cases[i]``): its tags are its clauses, its
        ambiguities and its required options as ``option:NAME=VALUE``."""
        options = [f"option:{name}={value}" for name, value in case["requires"].items()]
        tags = sorted({*case["clauses"], *case["ambiguities"], *options})
        return cls(case["id"], list(case["clauses"]), list(case["ambiguities"]), tags)


@dataclass(frozen=True)
class Expectation:
    """What is expected of the cases ``selector: pattern`` selects."""

    pattern: str
    outcome: str
    reason: str
    issue: str | None = None
    selector: str = "case"

    @property
    def text(self) -> str:
        """The reason, with the issue URL when there is one."""
        return f"{self.reason} ({self.issue})" if self.issue else self.reason

    @property
    def label(self) -> str:
        """The entry as written: ``case: tie-break-*``."""
        return f"{self.selector}: {self.pattern}"

    def selects(self, case: Selectable) -> bool:
        """Whether the entry selects ``case``."""
        if self.selector == "case":
            values = [case.id]
        elif self.selector == "clause":
            values = case.clauses
        elif self.selector == "area":
            values = [c.split("-")[1] for c in case.clauses if c.count("-") >= 2]
        elif self.selector == "ambiguity":
            values = case.ambiguities
        else:
            values = case.tags
        return any(fnmatch.fnmatchcase(value, self.pattern) for value in values)

    def as_entry(self) -> dict[str, str]:
        """The entry as it is written in the file."""
        entry = {self.selector: self.pattern, "outcome": self.outcome, "reason": self.reason}
        return {**entry, "issue": self.issue} if self.issue else entry


class Expectations:
    """The entries of one expectations file, looked up by case."""

    def __init__(self, entries: list[Expectation]) -> None:
        self.entries = entries
        self._exact: dict[str, Expectation] = {}
        for entry in entries:
            if entry.selector == "case":
                self._exact.setdefault(entry.pattern, entry)

    def lookup(self, case: Selectable) -> Expectation | None:
        """The expectation for ``case``, or ``None``."""
        return self._exact.get(case.id) or next((e for e in self.entries if e.selects(case)), None)

    def record(self, path: str, results: Sequence[CaseResult]) -> dict[str, Any]:
        """What a report says of this file: the file, its entries, and those that
        selected no case of ``results`` (stale)."""
        cases = [CaseRef.of_report(vars(result)) for result in results]
        return {
            "file": str(path),
            "entries": [e.as_entry() for e in self.entries],
            "stale": [e.label for e in self.unused(cases)],
        }

    def unused(self, cases: Sequence[Selectable]) -> list[Expectation]:
        """The entries selecting none of ``cases`` (stale, when ``cases`` is the whole suite)."""
        return [e for e in self.entries if not any(e.selects(case) for case in cases)]


@cache
def _schema() -> Schema:
    from importlib.resources import files

    return Schema(json.loads(files("generala_spec").joinpath("schemas/expectations.schema.json").read_text("utf-8")))


def _entry(path: Path, doc: Any, index: int) -> Expectation:
    """One entry, valid under the schema: it must name exactly one selector."""
    raw = doc["expectations"][index]
    selectors = [name for name in SELECTORS if name in raw]
    if len(selectors) != 1:
        message = f"give exactly one selector of {', '.join(SELECTORS)}, not {selectors}"
        raise ExpectationsError(path, line_of(doc, ["expectations", index]), f"expectations.{index}", message)
    return Expectation(raw[selectors[0]], raw["outcome"], raw["reason"], raw.get("issue"), selectors[0])


def load(path: Path | str) -> Expectations:
    """Read and check an expectations file (``spec/schemas/expectations.schema.json``;
    :class:`ExpectationsError` naming the line and field of what is wrong)."""
    path = Path(path)
    empty = "the file is empty (an expectations file starts with 'version: 1')"
    doc = read_valid(path, _schema(), empty, error=ExpectationsError)
    return Expectations([_entry(path, doc, i) for i in range(len(doc["expectations"]))])


def dump(entries: list[Expectation], header: str) -> str:
    """The text of an expectations file holding ``entries`` (``header``: its opening comment)."""
    import yaml

    comment = "".join(f"# {line}".rstrip() + "\n" for line in header.splitlines())
    body = {"version": 1, "expectations": [e.as_entry() for e in entries]}
    return comment + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=100)
