"""generala_conformance.site — ``generala-kit site``: the rulebook (and the other
sections) as a static web site of plain files.

``build`` runs the page writers of its ``SECTIONS``; ``layout`` holds the shared page
template, card glyphs and the ``assets/`` (CSS, scripts); ``links`` the stable address
of every rulebook entry, also printed by ``generala-kit rules`` and ``explain``.
"""
