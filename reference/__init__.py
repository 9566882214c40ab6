"""generala_reference — the reference engines of the kit, one sub-package per game.

- :mod:`generala_reference.cards`: Générala, the Cameroonian card game (``spec/cards/``).
- :mod:`generala_reference.dice`: Generala, the Latin-American dice game (``spec/dice/``).

Shared by both: :mod:`generala_reference.errors` (errors with stable codes). The engines
are pure and never import the conformance kit.
"""
