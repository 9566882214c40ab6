"""A Python adapter (not a script) that ends its whole process when a Joker is played:
an in-process implementation that kills the kit with it (``os._exit``), for the
workers of ``generala-kit check -n N``, which must report that case and run the others."""

import os

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

EXIT_STATUS = 3


class ExitsOnJoker(ReferenceAdapter):
    """The reference engine, except that playing a Joker ends the process."""

    def apply(self, action: str, player: int | None = None) -> list[dict]:
        if action == "JK":
            os._exit(EXIT_STATUS)
        return super().apply(action, player)
