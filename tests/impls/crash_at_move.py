"""A Python adapter (not a script) whose engine crashes on the fifth move of every
game: served with ``generala-kit serve --adapter tests/impls/crash_at_move.py:CrashAtMove``
it dies in the middle of a ``batch``, at the same step every time."""

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

CRASH_AT = 5


class CrashAtMove(ReferenceAdapter):
    """The reference engine, except that the fifth move accepted in a game raises."""

    moves = 0

    def start(self, setup: dict) -> dict:
        self.moves = 0
        return super().start(setup)

    def apply(self, action: str, player: int | None = None) -> list[dict]:
        events = super().apply(action, player)
        self.moves += 1
        if self.moves == CRASH_AT:
            raise RuntimeError("engine bug on the fifth move")
        return events
