"""generala_reference — the reference engine of Générala.

The engine is an executable rulebook: every function cites the clause
(``R-…``) of ``spec/clauses.yaml`` it implements.
"""
