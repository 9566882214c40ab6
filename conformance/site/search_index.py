"""The search index of the site: ``assets/search-index.js``, the precomputed data that
``assets/search.js`` searches with the matching of ``generala-kit rules WORDS``.

The index holds, for every entry :func:`generala_conformance.suite.rulebook_search.searchable`
yields (clauses, ambiguities, then sentences), its ID, its one line per language (the
page shows its own), its address and its text in every language (glossary terms
included) already folded by :func:`~generala_conformance.suite.rulebook_search.folded`;
the areas (title per language) and their clauses; the patterns by which ``rules``
takes one word for an ID; and the tables the script needs to fold a query exactly as
Python does (``str.casefold`` for every character it changes, the characters
``unicodedata.combining`` drops, and the Persian letters and digits
:func:`generala_spec.glossary.folded` unifies).
It is a script defining ``window.GENERALA_SEARCH``, not a JSON file, so that the page
also works opened from ``file://``, where scripts may not fetch files.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache

from generala_conformance.site.output import Site
from generala_conformance.suite import rulebook_search as rules
from generala_spec import glossary, links, rulebook, translations
from generala_spec.folders import CARDS

INDEX_SCRIPT = "assets/search-index.js"
SEARCH_SCRIPT = "assets/search.js"
_PLANES = 0x110000


def _js_pattern(pattern: str) -> str:
    """A Python ``re`` pattern as a JavaScript one (flag ``u``): Python's ``\\d`` is any
    decimal digit, like JavaScript's ``\\p{Nd}``."""
    return pattern.replace(r"\d", r"\p{Nd}")


@cache
def fold_tables() -> dict[str, object]:
    """``casefold``: every character that ``str.casefold`` changes, with its folding;
    ``combining``: the ranges ``[first, last]`` of code points ``unicodedata.combining``
    gives a class (the marks :func:`rules.folded` drops after NFKD); ``unified``: the
    characters read as another last (Arabic ي as Persian ی, ``۵`` as ``5``…)."""
    casefold = {}
    ranges: list[list[int]] = []
    for point in range(_PLANES):
        if 0xD800 <= point <= 0xDFFF:
            continue
        char = chr(point)
        if char.casefold() != char:
            casefold[char] = char.casefold()
        if unicodedata.combining(char):
            if ranges and ranges[-1][1] == point - 1:
                ranges[-1][1] = point
            else:
                ranges.append([point, point])
    return {"casefold": casefold, "combining": ranges, "unified": glossary.UNIFIED}


def index(spec: str = CARDS) -> dict[str, object]:
    """The whole search index of the rulebook ``spec`` (see the module's docstring);
    its addresses are relative to the folder of the game's pages."""
    entries = [
        [entry.id, dict(entry.summaries), links.address(entry.id), rules.folded(entry.text)]
        for entry in rules.searchable(spec)
    ]
    clauses = rulebook.clauses(spec).values()
    books = [translations.translation(spec, code) for code in rules.languages(spec)]
    areas = {
        area: {
            "title": {tr.language: tr.area(area) for tr in books},
            "clauses": [c.id for c in clauses if c.area == area],
        }
        for area in rulebook.areas(spec)
    }
    patterns = {
        "idLike": _js_pattern(rules.ID_LIKE.pattern),
        "area": _js_pattern(rules.area_pattern(spec).pattern),
        "id": _js_pattern(rulebook.book(spec).id_pattern().pattern),
        "prefix": rulebook.book(spec).clause_prefix,
        "forms": f"{rulebook.book(spec).clause_prefix}-AREA-n, AMB-n, "
        + " or ".join(f"{t}-n" for t in rulebook.book(spec).texts),
    }
    return {"entries": entries, "areas": areas, "patterns": patterns, "fold": fold_tables()}


def write(site: Site, path: str = INDEX_SCRIPT, spec: str = CARDS) -> None:
    """Write the search index of ``spec`` at ``path`` (``assets/search.js`` is a shared asset)."""
    data = json.dumps(index(spec), ensure_ascii=False, separators=(",", ":"))
    site.write_file(path, f"window.GENERALA_SEARCH = {data};\n")
