"""The card game's fixture cases: the YAML fixtures and the perft table's positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def suite_cases(root: Path | None) -> list[Any]:
    """The fixture cases of ``root`` (``--cases DIR``, loaded and checked now), else the
    kit's own (checked, from the cache) and the perft table's."""
    from generala_conformance.games.cards.case_cache import bundled_cases
    from generala_conformance.games.cards.fixtures import load_all
    from generala_conformance.games.cards.perft import perft_cases

    return load_all(root) if root else [*bundled_cases(), *perft_cases()]
