"""The suite's versions and their case ids: what ``scenarios/cards/releases/`` records.

Every suite version (``generala_scenarios.SUITE_VERSION``) lists the ids of all its
cases in ``releases/<version>.yaml``; an id of an earlier version may leave the
suite only by being listed in ``releases/retired.yaml`` (with the version that
retired it and why), so that an implementer's expectations file never silently
names a case that is gone. ``scenarios/cards/CHANGELOG.md`` says what each version added,
changed and retired.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from generala_scenarios import CARDS

RELEASES = CARDS / "releases"
RETIRED = RELEASES / "retired.yaml"


@dataclass(frozen=True)
class Retired:
    """A case id taken out of the suite: the version that took it out, and why."""

    id: str
    version: str
    reason: str


def version_key(version: str) -> tuple[int, ...]:
    """``"1.10.0"`` -> ``(1, 10, 0)``, to order versions."""
    return tuple(int(part) for part in version.split("."))


def released(root: Path = RELEASES) -> dict[str, list[str]]:
    """Each released suite version's case ids (``releases/<version>.yaml``), oldest first."""
    found = {}
    for path in root.glob("*.yaml"):
        if path == root / RETIRED.name:
            continue
        doc = yaml.safe_load(path.read_text("utf-8"))
        found[doc["suite"]] = list(doc["ids"])
    return dict(sorted(found.items(), key=lambda item: version_key(item[0])))


def retired(root: Path = RELEASES) -> dict[str, Retired]:
    """The retired case ids (``releases/retired.yaml``), by id."""
    doc = yaml.safe_load((root / RETIRED.name).read_text("utf-8")) or {}
    return {
        ident: Retired(ident, str(entry["version"]), entry["reason"])
        for ident, entry in (doc.get("retired") or {}).items()
    }


def vanished(current: set[str], root: Path = RELEASES) -> dict[str, list[str]]:
    """The ids of each released version that are neither in ``current`` nor retired."""
    gone = set(retired(root))
    found = {version: sorted(set(ids) - current - gone) for version, ids in released(root).items()}
    return {version: ids for version, ids in found.items() if ids}
