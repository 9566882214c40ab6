"""``check --clause ID`` / ``--tag TAG`` naming what does not exist (issue 42): when
no case is selected, each pattern that no clause of the rulebook and no case
answers to is named, so that a typo is not taken for an empty selection."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from typing import Any

from generala_conformance.core.runner import Labels
from generala_spec.rulebook import clauses


def unknown(clause_patterns: Sequence[str], tag_patterns: Sequence[str], cases: Sequence[Any], spec: str) -> list[str]:
    """One sentence per ``--clause`` pattern matching no clause of the rulebook ``spec``
    nor any case's, and per ``--tag`` pattern matching no tag of any case."""
    labels = [Labels.of(case) for case in cases]
    known = set(clauses(spec)) | {clause for label in labels for clause in label.clauses}
    tags = {tag for label in labels for tag in label.tags}
    said = [
        f"--clause {pattern}: the {spec} rulebook has no such clause"
        for pattern in clause_patterns
        if not any(fnmatch.fnmatchcase(c, pattern) or c.startswith(pattern + "-") for c in known)
    ]
    said += [
        f"--tag {pattern}: no case of the suite has such a tag"
        for pattern in tag_patterns
        if not any(fnmatch.fnmatchcase(tag, pattern) for tag in tags)
    ]
    return said
