"""generala_conformance.games.cards.arbiter — ``generala-kit explain``: set up a concrete position,
ask what happens now and by which clause.

:mod:`~generala_conformance.games.cards.arbiter.position_text` reads a position written as a
person would (or a YAML/JSON file in the fixture notation),
:mod:`~generala_conformance.games.cards.arbiter.explain` settles it on the reference engine with
the clause side channel (:mod:`generala_reference.cards.decisions`), and
:mod:`~generala_conformance.games.cards.arbiter.render` draws the answer for the terminal.
"""
