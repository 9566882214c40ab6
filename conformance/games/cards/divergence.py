"""The failure of a scenario or fixture: the first step where the implementation
diverged from the rulebook, what was expected, what happened, and the table
drawn with card glyphs (hands, trick in progress, who is to move)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_conformance.games.cards.attribution import Attribution, within
from generala_conformance.games.cards.notation import canonical, player, pretty


def draw_table(state: Mapping[str, Any] | None) -> str:
    """The table of a state snapshot, for people::

    P1 > 8♥ 9♥ 🃏          (">" marks the player to move)
    P2   2♣
    P3   (out)
    trick: P1 9♥, P2 10♥
    """
    if not isinstance(state, Mapping):
        return f"(no state: {state!r})"
    hands = state.get("hands") or []
    to_move = state.get("to_move")
    went_out = set(state.get("went_out") or [])
    lines = []
    for seat_, hand in enumerate(hands):
        mark = ">" if seat_ == to_move else " "
        shown = " ".join(pretty(c) for c in _sorted(hand)) or ("(out)" if seat_ in went_out else "-")
        lines.append(f"  {player(seat_):>3} {mark} {shown}")
    trick = state.get("trick") or []
    played = ", ".join(f"{player(t.get('player'))} {pretty(str(t.get('card')))}" for t in trick)
    lines.append(f"  trick: {played or '(none)'}   leader: {player(state.get('leader'))}")
    tail = f"  phase: {state.get('phase')}"
    if state.get("taking") is not None:
        tail += f"   taking: {player(state.get('taking'))}"
    if state.get("over"):
        tail += f"   over, loser: {player(state.get('loser'))}"
    lines.append(tail)
    return "\n".join(lines)


def _sorted(hand: Any) -> list[str]:
    try:
        return canonical(hand)
    except (KeyError, TypeError):
        return [str(c) for c in hand]


class Divergence(AssertionError):
    """The implementation did not do what the case says.

    ``step`` is the first diverging step (its text), ``expected`` and ``actual``
    say what differs, ``state`` is the snapshot of the table at that point,
    ``where`` names the case (file and line, or scenario) and ``attribution``
    the clause the step breaks, when it can be told.
    """

    def __init__(
        self,
        step: str,
        expected: Any,
        actual: Any,
        state: Mapping[str, Any] | None = None,
        where: str = "",
        history: list[str] | None = None,
        attribution: Attribution | None = None,
    ) -> None:
        self.step = step
        self.expected = expected
        self.actual = actual
        self.state = state
        self.where = where
        self.history = list(history or [])
        self.attribution = attribution
        super().__init__(self.render())

    def render(self) -> str:
        """The full report: where, the step, expected vs actual, the moves so far, the table."""
        lines = [f"divergence at step: {self.step}" + (f"   ({self.where})" if self.where else "")]
        lines.append(f"  expected: {self.expected}")
        lines.append(f"  actual:   {self.actual}")
        if self.history:
            lines.append("  moves so far: " + ", ".join(self.history[-12:]))
        lines.append("  table now:")
        lines.append(draw_table(self.state))
        return "\n".join(lines)

    def located(self, where: str, cited: tuple[str, ...] = ()) -> Divergence:
        """The same divergence, naming the case it happened in (``where``) and, when it
        cites one clause only (``cited``), that clause (:func:`within`)."""
        attribution = within(self.attribution, cited)
        return Divergence(self.step, self.expected, self.actual, self.state, where, self.history, attribution)
