"""Read the JSON reports given to ``generala-kit report`` and refuse what is not one.

Each file must be a JSON report of ``generala-kit check --json``
(``spec/schemas/report.schema.json``, version 1). Every string of it is passed
through :func:`~generala_conformance.transport.sanitize.clean_text` on reading
(a lone surrogate becomes U+FFFD, control characters become visible), so the
pages and badges can be written as UTF-8 whatever the file held; HTML escaping
is the pages' job (:mod:`.markup`).

All reports of one site must come from the same suite (its version, or the
kit's version for reports that do not name one): a matrix of runs of different
suites compares different cases. Mixed suites are refused with
``mixed-suites`` unless asked for (``--allow-mixed-suites``), and then each
column shows its suite.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, cast

from generala_conformance.core import json_safe
from generala_conformance.core.input_files import InputError, Schema
from generala_conformance.core.yaml_safe import YamlRefused
from generala_conformance.errors import UsageError
from generala_conformance.suite.report import REPORT_VERSION, report_schema
from generala_conformance.transport.sanitize import clean_value

NO_PROFILE = "all cases"
"""How a run without ``--profile`` is labelled (every case ran, each under its own options)."""


class ReportInputError(UsageError):
    """A report file that cannot be used: ``code`` is one of ``unreadable``,
    ``not-a-file``, ``too-large``, ``not-utf8``, ``not-json``, ``duplicate-key``,
    ``integer-too-long``, ``too-deep`` (:mod:`~generala_conformance.core.json_safe`),
    ``not-a-report``, ``report-version``, ``wrong-game``, ``mixed-suites``, ``no-reports``."""


@dataclass(frozen=True)
class Run:
    """One report: the file it came from and its (cleaned) document."""

    path: Path
    document: dict[str, Any]

    @property
    def name(self) -> str:
        """The implementation's name from its handshake, or how it was reached when
        it never completed one."""
        impl = self.document["implementation"]
        return cast(str, impl["name"] if impl else self.document["adapter"])

    @property
    def version(self) -> str:
        """The implementation's version, or empty without a handshake."""
        impl = self.document["implementation"]
        return impl["version"] if impl else ""

    @property
    def profile(self) -> str:
        """The profile the run was restricted to, or :data:`NO_PROFILE`."""
        return self.document["profile"] or NO_PROFILE

    @property
    def suite(self) -> str:
        """The suite the run ran: ``cards suite 1.0.0`` (``…, cases of DIR`` for a run of
        ``--cases DIR``), or ``kit 0.1.0`` for a report that names no suite version."""
        return suite_of(self.document)

    @property
    def stopped(self) -> str | None:
        """Why the run checked nothing or did not finish (``aborted`` or ``error``), or ``None``."""
        aborted = self.document["aborted"]
        if aborted is not None:
            return f"aborted: {aborted['message']}"
        error = self.document["error"]
        return f"error: {error}" if error is not None else None


def suite_of(document: dict[str, Any]) -> str:
    """The suite a report's run ran (see :attr:`Run.suite`)."""
    suite = document.get("suite")
    if isinstance(suite, dict) and isinstance(suite.get("version"), str):
        cases = suite.get("cases")
        game = suite.get("game", "cards")
        return f"{game} suite {suite['version']}" + (f", cases of {cases}" if isinstance(cases, str) else "")
    return f"kit {document['kit']['version']}"


def read_run(path: Path | str) -> Run:
    """The report in ``path``, read boundedly (:mod:`~generala_conformance.core.json_safe`)
    and checked against the report schema; a text longer than :data:`MAX_TEXT` is cut."""
    path = Path(path)
    try:
        text, document = json_safe.read(path, MAX_BYTES)
    except YamlRefused as refused:
        error = InputError(path, refused.line, refused.field, refused.message, refused.code)
        raise ReportInputError(refused.code, str(error)) from None
    return Run(path, bounded(_checked(path, text, clean_value(document))))


MAX_BYTES = 256 * 1024 * 1024
"""The largest report read (a report of the whole card suite is under 3 MiB)."""
MAX_TEXT = 64 * 1024
"""The longest text of a report shown whole: a longer one (a message, an implementation's
stderr) is cut, with a note, so that a page stays readable (and small)."""


def bounded(value: Any) -> Any:
    """``value`` with every text longer than :data:`MAX_TEXT` characters cut, with a note."""
    if isinstance(value, str):
        if len(value) <= MAX_TEXT:
            return value
        return value[:MAX_TEXT] + f"\n… [{len(value) - MAX_TEXT} more characters cut; the JSON report holds them all]"
    if isinstance(value, dict):
        return {key: bounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [bounded(item) for item in value]
    return value


def _checked(path: Path, text: str, document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or "cases" not in document or "kit" not in document:
        raise ReportInputError(
            "not-a-report", f"{path}: not a generala-kit report (write one with `generala-kit check --json FILE`)"
        )
    if document.get("version") != REPORT_VERSION:
        line = json_safe.line_of(text, ["version"])
        message = f"report version {document.get('version')!r}; this kit reads version {REPORT_VERSION}"
        raise ReportInputError("report-version", f"{path}:{line}: version: {message}")
    error = _schema().error(path, document, lambda where: json_safe.line_of(text, where))
    if error is not None:
        raise ReportInputError("not-a-report", f"{error} (not a valid report)")
    return document


@cache
def _schema() -> Schema:
    return Schema(report_schema())


def game_of(document: dict[str, Any]) -> str:
    """The game whose suite a report's run ran (``cards`` for a report that does not say)."""
    suite = document.get("suite")
    return suite.get("game", "cards") if isinstance(suite, dict) else "cards"


def of_game(run: Run, game: str) -> Run:
    """``run``, refused (``wrong-game``) unless it is a run of ``game``'s suite."""
    found = game_of(run.document)
    if found != game:
        raise ReportInputError("wrong-game", f"{run.path}: a report of the {found} game's suite; give --game {found}")
    return run


def read_runs(paths: Sequence[Path | str], allow_mixed_suites: bool = False, game: str = "cards") -> list[Run]:
    """The reports of ``paths`` in order, each of ``game``; refused when there are none,
    or when they come from different suites and ``allow_mixed_suites`` is false."""
    if not paths:
        raise ReportInputError("no-reports", "no report given")
    runs = [of_game(read_run(path), game) for path in paths]
    suites: dict[str, list[str]] = {}
    for run in runs:
        suites.setdefault(run.suite, []).append(str(run.path))
    if len(suites) > 1 and not allow_mixed_suites:
        listed = "; ".join(f"{suite}: {', '.join(files)}" for suite, files in suites.items())
        raise ReportInputError(
            "mixed-suites",
            f"the reports come from different suites ({listed}); their cases differ, so one matrix "
            "would compare unlike things: give reports of one suite, or --allow-mixed-suites",
        )
    return runs
