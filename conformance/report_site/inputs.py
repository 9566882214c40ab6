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

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import jsonschema
from generala_conformance.errors import UsageError
from generala_conformance.suite.report import REPORT_VERSION, report_schema
from generala_conformance.transport.sanitize import clean_value

NO_PROFILE = "all cases"
"""How a run without ``--profile`` is labelled (every case ran, each under its own options)."""


class ReportInputError(UsageError):
    """A report file that cannot be used: ``code`` is one of ``unreadable``,
    ``not-json``, ``not-a-report``, ``report-version``, ``wrong-game``, ``mixed-suites``,
    ``no-reports``."""


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
    """The report in ``path``, checked against the report schema."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise ReportInputError("unreadable", f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise ReportInputError("not-json", f"{path}: not UTF-8 text (byte {error.start})") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise ReportInputError("not-json", f"{path}: not JSON: {where}: {error.msg}") from None
    except RecursionError:
        raise ReportInputError("not-json", f"{path}: not a report: nested too deeply") from None
    return Run(path, _checked(path, clean_value(document)))


def _checked(path: Path, document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or "cases" not in document or "kit" not in document:
        raise ReportInputError(
            "not-a-report", f"{path}: not a generala-kit report (write one with `generala-kit check --json FILE`)"
        )
    if document.get("version") != REPORT_VERSION:
        raise ReportInputError(
            "report-version",
            f"{path}: report version {document.get('version')!r}; this kit reads version {REPORT_VERSION}",
        )
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(report_schema()).iter_errors(document))
    if error is not None:
        field = "/".join(str(part) for part in error.absolute_path) or "(top level)"
        raise ReportInputError("not-a-report", f"{path}: not a valid report: at {field}: {error.message[:200]}")
    return document


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
