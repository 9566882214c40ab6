"""Générala, the Cameroonian card game, as the kit checks it: its reference adapter,
scenario notation and step vocabulary, state snapshots, clause attribution, perft and
the arbiter (``explain``). Its rulebook is ``spec/cards/``, its suite ``scenarios/cards/``,
its engine :mod:`generala_reference.cards`."""
