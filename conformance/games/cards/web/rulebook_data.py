"""The rulebook data the JavaScript port reads (``web/*.mjs``): one JSON document, written
from :mod:`generala_spec` by the site build (beside the pages) and kept in this folder as
``rulebook.json`` for ``serve.mjs`` and the tests; :func:`page_texts` gives the rulebook
texts a page shows, in its language.

``python -m generala_conformance.games.cards.web.rulebook_data`` rewrites ``rulebook.json``
(a test checks it is the one :func:`rulebook_data` builds).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from generala_conformance.games.cards.arbiter.explain import clause_ref
from generala_reference.cards.decisions import REFUSAL_CLAUSES
from generala_spec import rulebook
from generala_spec.options import options, profile_names, resolve
from generala_spec.translations import translation

GAME = "cards"
FOLDER = Path(__file__).parent
FILE = FOLDER / "rulebook.json"
MODULES = tuple(sorted(p.name for p in FOLDER.glob("*.mjs")))
"""The modules of the port, copied into the site beside the pages' scripts."""


def rulebook_data() -> dict[str, Any]:
    """What the port needs of the card rulebook: per clause its statement, source sentences
    and the rulings it rests on (``explain``'s clause reference), the ambiguities with their
    decisions, the rule options, the profiles (each with its whole assignment) and the clause
    behind each refusal code (the reference's ``decisions.REFUSAL_CLAUSES``)."""
    clauses = {}
    for clause_id in rulebook.clauses():
        ref = clause_ref(clause_id)
        assert ref is not None  # (a clause ID is given)
        clauses[clause_id] = {k: v for k, v in ref.items() if k != "clause"}
    ambiguities = [
        {
            "id": entry.id,
            "title": entry.title,
            "decisions": [
                {"option": d.option, "ruling": d.ruling, "readings": [[r.id, r.text] for r in d.readings]}
                for d in entry.decisions
            ],
        }
        for entry in rulebook.ambiguities().values()
    ]
    table = {
        name: {"values": list(o.values), "default": o.default, "summary": o.summary} for name, o in options().items()
    }
    profiles = {name: {"options": resolve(name)} for name in profile_names()}
    return {
        "kind": "generala-web-rulebook",
        "version": 1,
        "clauses": clauses,
        "ambiguities": ambiguities,
        "options": table,
        "profiles": profiles,
        "refusal_clauses": dict(REFUSAL_CLAUSES),
    }


@cache
def page_texts(language: str) -> dict[str, str]:
    """The rulebook texts a page in ``language`` shows, by key: ``clause:R-LEAD-1``,
    ``ambiguity:AMB-1``, ``reading:AMB-1:<id>``, ``option:<name>``, ``value:<name>=<value>``,
    ``sentence:FA-12`` (a source sentence rendered in ``language``, or itself when it is in
    that language), from the rulebook's translation (:mod:`generala_spec.translations`),
    English where it has none (one dict per language: not to be changed)."""
    tr = translation(GAME, language)
    texts: dict[str, str] = {f"clause:{c}": tr.statement(c) for c in rulebook.clauses()}
    for entry in rulebook.ambiguities().values():
        texts[f"ambiguity:{entry.id}"] = tr.title(entry.id)
        for index, decision in enumerate(entry.decisions):
            texts.update({f"reading:{entry.id}:{r.id}": tr.reading(entry.id, index, r.id) for r in decision.readings})
    for name, option in options().items():
        texts[f"option:{name}"] = tr.option_summary(name)
        texts.update({f"value:{name}={value}": tr.option_value(name, value) for value in option.values})
    texts.update({f"sentence:{s.id}": tr.rendering(s.id) or s.text for s in rulebook.sentences().values()})
    return texts


@cache
def text() -> str:
    """:func:`rulebook_data` as the text of ``rulebook.json``."""
    return json.dumps(rulebook_data(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":  # pragma: no cover (a maintainer's command)
    FILE.write_text(text(), "utf-8")
    sys.stdout.write(f"wrote {FILE}\n")
