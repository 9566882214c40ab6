"""A failing case's message, split for the HTML report.

A divergence (:class:`generala_conformance.games.cards.divergence.Divergence`) is
rendered as::

    divergence at step: Then P1 wins the trick   (file.feature:63 …)
      expected: trick P1
      actual:   trick P2 complete
      moves so far: P1 JK, P2 JK
      table now:
       P1   2♣
       …

:func:`split_divergence` takes that text apart again (a round-trip test keeps it in
step with ``Divergence.render``); any other message (a crash, a timeout, a fault)
is shown whole.
"""

from __future__ import annotations

from dataclasses import dataclass

_HEAD = "divergence at step: "
_EXPECTED = "  expected: "
_ACTUAL = "  actual:   "
_MOVES = "  moves so far: "
_TABLE = "  table now:"
_WHERE = "   ("


@dataclass(frozen=True)
class DivergenceText:
    """The parts of a rendered divergence: the step, what was expected and what
    happened, the moves before it (may be empty) and the table drawn."""

    step: str
    expected: str
    actual: str
    moves: str
    table: str


def split_divergence(message: str | None) -> DivergenceText | None:
    """The parts of a divergence message, or ``None`` when ``message`` is not one."""
    lines = (message or "").split("\n")
    if len(lines) < 4 or not lines[0].startswith(_HEAD):
        return None
    if not (lines[1].startswith(_EXPECTED) and lines[2].startswith(_ACTUAL)):
        return None
    rest = lines[3:]
    moves = ""
    if rest and rest[0].startswith(_MOVES):
        moves = rest.pop(0).removeprefix(_MOVES)
    if not rest or rest[0] != _TABLE:
        return None
    step = lines[0].removeprefix(_HEAD)
    if step.endswith(")") and _WHERE in step:  # the case's place: shown apart on the page
        step = step.rpartition(_WHERE)[0]
    return DivergenceText(
        step=step,
        expected=lines[1].removeprefix(_EXPECTED),
        actual=lines[2].removeprefix(_ACTUAL),
        moves=moves,
        table="\n".join(rest[1:]),
    )
