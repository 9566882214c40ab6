"""Write the HTML report's directory (``generala-kit report … --out DIR``)::

    DIR/index.html                     the clause × run matrix
    DIR/style.css
    DIR/run-1-<name>-<profile>.html    one page per report, in the order given
    DIR/badges/<name>.json             a shields.io endpoint badge per implementation
    DIR/badges/<name>--<profile>.json  … and per implementation and profile

``<name>`` and ``<profile>`` are :func:`~.markup.slug` forms (ASCII, lower case).
An implementation is known by its handshake name: its runs under several profiles
share its badge.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generala_conformance.report_site.inputs import NO_PROFILE, Run
from generala_conformance.report_site.markup import STYLE, slug, unique_slugs
from generala_conformance.report_site.matrix import build_matrix
from generala_conformance.report_site.pages import index_page, run_page
from generala_conformance.report_site.scores import badge
from generala_conformance.suite.report import write_atomic

LABEL = "Générala"


@dataclass(frozen=True)
class Written:
    """The files a report site consists of, relative to its directory."""

    pages: list[str]
    badges: list[str]


def badge_files(runs: Sequence[Run]) -> tuple[dict[str, tuple[str, list[Run]]], list[str]]:
    """The badges of ``runs``: file -> (label, runs), one per implementation and one
    per implementation and profile; and the per-profile badge of each run."""
    names = list(dict.fromkeys(run.name for run in runs))
    name_slugs = dict(zip(names, unique_slugs(names, "implementation"), strict=True))
    groups: dict[str, tuple[str, list[Run]]] = {}
    per_run = []
    for run in runs:
        base = f"badges/{name_slugs[run.name]}"
        groups.setdefault(f"{base}.json", (LABEL, []))[1].append(run)
        profiled = f"{base}--{slug(run.profile, 'profile')}.json"
        label = LABEL if run.profile == NO_PROFILE else f"{LABEL} {run.profile}"
        groups.setdefault(profiled, (label, []))[1].append(run)
        per_run.append(profiled)
    return groups, per_run


def write_site(runs: Sequence[Run], out: Path | str, notes: Sequence[str] = ()) -> Written:
    """Write the report of ``runs`` into ``out`` (created if need be; files of an
    earlier report with the same names are replaced)."""
    out = Path(out)
    blocks = build_matrix(runs)
    names = unique_slugs((f"{run.name} {run.profile}" for run in runs), "run")
    hrefs = [f"run-{i}-{name}.html" for i, name in enumerate(names, 1)]
    groups, per_run = badge_files(runs)
    write_atomic(out / "style.css", STYLE)
    write_atomic(out / "index.html", index_page(runs, blocks, hrefs, per_run, notes))
    for column, (run, href) in enumerate(zip(runs, hrefs, strict=True)):
        write_atomic(out / href, run_page(run, column, blocks))
    for file, (label, group) in groups.items():
        write_atomic(out / file, json.dumps(badge(label, group), ensure_ascii=False) + "\n")
    return Written(pages=["index.html", *hrefs], badges=list(groups))
