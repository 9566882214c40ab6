"""generala_conformance.games.cards — what Générala, the Cameroonian card game, plugs
into the kit: its reference adapter, scenario notation and step vocabulary, its fixture
loader (and the cache of its parsed cases), recipes and their regeneration, the
scenario driver, divergences and their clause attribution, state snapshots, perft,
suite releases, and the arbiter (``explain``, the words of ``play``). Its rulebook is
``spec/cards/``, its suite ``scenarios/cards/``, its engine :mod:`generala_reference.cards`.
(Its fuzzer's campaign machinery is ``generala_conformance.games.cards.fuzz``.)"""
