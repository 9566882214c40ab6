"""The HTML report of one or more conformance runs (``generala-kit report``).

It reads the JSON reports ``generala-kit check --json`` writes
(``spec/schemas/report.schema.json``) and writes a static site: a matrix of the
rulebook's clauses (grouped by area) against the runs, one page per run (its
handshake, failures with the first diverging step and the table, skips and
expectations) and a shields.io endpoint badge per implementation and per profile.

Modules, one job each: :mod:`.inputs` (read and check the reports),
:mod:`.failures` (a failure's message split into step, expected, actual, table),
:mod:`.matrix` (clause × run counts), :mod:`.scores` (the rules and contract scores
and the badges), :mod:`.markup` (escaping and the page shell), :mod:`.pages` (the
pages' HTML) and :mod:`.site` (writing the directory).
"""
