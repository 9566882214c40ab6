"""The expectations file: known skips and expected failures of an implementation.

```yaml
version: 1
expectations:
  - case: tie-break-*           # a case id, or a glob over case ids
    outcome: xfail              # or skip
    reason: we follow the FA reading here
    issue: https://example.org/engine/issues/12   # optional
```

An ``xfail`` is strict: a case expected to fail that passes is an ``xpass``,
which fails the run, so the file never goes stale. The first entry naming a
case exactly wins over globs; among globs, the first in the file wins.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

OUTCOMES = ("skip", "xfail")
_FIELDS = {"case", "outcome", "reason", "issue"}


class ExpectationsError(ValueError):
    """A malformed expectations file: ``code``, the file and the entry it is about."""

    def __init__(self, path: Path | str, where: str, message: str) -> None:
        super().__init__(f"{path}: {where}: {message}")
        self.code = "bad-expectations"
        self.path = Path(path)


@dataclass(frozen=True)
class Expectation:
    """What is expected of the cases ``pattern`` names."""

    pattern: str
    outcome: str
    reason: str
    issue: str | None = None

    @property
    def text(self) -> str:
        """The reason, with the issue URL when there is one."""
        return f"{self.reason} ({self.issue})" if self.issue else self.reason


class Expectations:
    """The entries of one expectations file, looked up by case id."""

    def __init__(self, entries: list[Expectation]) -> None:
        self.entries = entries
        self._exact = {}
        for entry in entries:
            self._exact.setdefault(entry.pattern, entry)

    def lookup(self, case_id: str) -> Expectation | None:
        """The expectation for ``case_id``, or ``None``."""
        return self._exact.get(case_id) or next(
            (e for e in self.entries if fnmatch.fnmatchcase(case_id, e.pattern)), None
        )

    def unused(self, case_ids: set[str]) -> list[str]:
        """Patterns naming none of ``case_ids`` (a stale entry, or a filtered run)."""
        return [e.pattern for e in self.entries if not any(fnmatch.fnmatchcase(i, e.pattern) for i in case_ids)]


def _entry(path: Path, index: int, raw: Any) -> Expectation:
    where = f"expectations[{index}]"
    if not isinstance(raw, dict):
        raise ExpectationsError(path, where, "each entry is a mapping with case, outcome, reason")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise ExpectationsError(path, where, f"unknown field(s) {sorted(unknown)}; fields: {sorted(_FIELDS)}")
    for name in ("case", "outcome", "reason"):
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise ExpectationsError(path, f"{where}.{name}", "missing or not a non-empty string")
    if raw["outcome"] not in OUTCOMES:
        raise ExpectationsError(path, f"{where}.outcome", f"{raw['outcome']!r} is not one of {OUTCOMES}")
    issue = raw.get("issue")
    if issue is not None and not (isinstance(issue, str) and issue.startswith(("http://", "https://"))):
        raise ExpectationsError(path, f"{where}.issue", "an issue is an http(s) URL")
    return Expectation(raw["case"], raw["outcome"], raw["reason"], issue)


def load(path: Path | str) -> Expectations:
    """Read and check an expectations file (:class:`ExpectationsError` if malformed)."""
    path = Path(path)
    try:
        doc = yaml.safe_load(path.read_text("utf-8"))
    except OSError as error:
        raise ExpectationsError(path, "(file)", f"cannot read: {error.strerror}") from None
    except yaml.YAMLError as error:
        raise ExpectationsError(path, "(file)", f"not valid YAML: {error}") from None
    if not isinstance(doc, dict) or doc.get("version") != 1 or not isinstance(doc.get("expectations"), list):
        raise ExpectationsError(path, "(top)", "expected 'version: 1' and a list 'expectations'")
    return Expectations([_entry(path, i, raw) for i, raw in enumerate(doc["expectations"])])
