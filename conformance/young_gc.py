"""The garbage collector set for runs whose objects mostly die young: a suite's
cases (:mod:`generala_conformance.suite.pytest_plugin`) and a campaign's games
(:mod:`generala_conformance.fuzz.campaign`).

What exists when such a run begins (modules, the collected cases, the kit's
tables) lives to its end: :func:`gc.freeze` keeps it out of the collector's
passes, which the run's own garbage would otherwise trigger hundreds of times;
and the young generation is collected every :data:`YOUNG_GC_THRESHOLD` new
objects instead of Python's 700. Cycles are still collected, only less often.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

YOUNG_GC_THRESHOLD = 10_000
"""The collector's first threshold during such a run (Python's is 700): a collection
every 700 objects was ~1% of a ``check`` and ~2% of an in-process fuzz campaign,
~5% of the kit's side of one through ``serve`` (a game's batch reply is read into
some thousands of objects at once) — counted in instructions."""


def collect_less() -> tuple[int, ...]:
    """Freeze what exists and raise the young generation's threshold; the thresholds
    as they were (:func:`gc.set_threshold` puts them back)."""
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], YOUNG_GC_THRESHOLD), *threshold[1:])
    return threshold


@contextlib.contextmanager
def collected_less() -> Iterator[None]:
    """:func:`collect_less` for the time of the block; then the thresholds are put
    back and, unless something was frozen before the block (its owner's to thaw),
    what it froze is collected as usual again."""
    thawed = not gc.get_freeze_count()
    threshold = collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if thawed:
            gc.unfreeze()
