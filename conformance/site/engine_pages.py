"""What the pages that run the reference in the browser share: the vendored Pyodide
and the kit's Python bundle under ``pyodide/``, the page data their scripts draw with
(card glyphs, rulebook addresses), the loading status line and the scripts' tag.
"""

from __future__ import annotations

import json

from generala_conformance.site import kit_bundle, layout, pyodide_bundle
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_reference.cards.deck import JOKER, SUITS, format_card
from generala_spec import links, rulebook

FOLDER = "pyodide"
"""The folder of Pyodide's files and ``kit.zip``, relative to the site's root."""
ROW_NAMES = ("clubs", "diamonds", "hearts", "spades", "Jokers")


def write_engine(site: Site) -> None:
    """Write the pinned Pyodide files (from ``site.pyodide``, else the cache) and
    ``kit.zip`` into the site, once for all the pages that need them."""
    if f"{FOLDER}/kit.zip" in site.written:
        return
    folder = pyodide_bundle.pyodide_files(site.pyodide)
    for name in pyodide_bundle.FILES:
        site.write_file(f"{FOLDER}/{name}", (folder / name).read_bytes())
    site.write_file(f"{FOLDER}/kit.zip", kit_bundle.kit_zip())


def _deck_rows() -> list[list[str]]:
    """The 54 cards by suit, 2 to Ace, then the two Jokers (R-MAT-1)."""
    rows = [[format_card(s * 13 + r) for r in range(13)] for s in range(len(SUITS))]
    return [*rows, [format_card(JOKER), format_card(JOKER + 1)]]


def page_data(page: str) -> str:
    """The ``<script type="application/json" id="kit-data">`` of ``page``: each card's
    glyph (layout.card_html), the deck by rows, and the link of every clause and
    ambiguity and sentence from ``page``."""
    rows = _deck_rows()
    ids = [*rulebook.clauses(), *rulebook.ambiguities(), *rulebook.sentences()]
    data = {
        "cards": {code: layout.card_html(code) for row in rows for code in row},
        "rows": rows,
        "row_names": ROW_NAMES,
        "links": {i: links.relative(links.address(i), page) for i in ids},
    }
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="kit-data">{text}</script>'


def loading_status() -> str:
    """The status line the scripts update (loading, ready, errors), with the no-script notice."""
    return (
        '<p id="status" class="status" role="status" aria-live="polite">Starting the reference engine '
        "(the kit's Python, run in your browser by Pyodide)…</p>"
        '<noscript><p class="status error">This page runs the kit\'s reference engine in your browser: '
        "it needs JavaScript and WebAssembly.</p></noscript>"
    )


def script_tags(page: str, script: str) -> str:
    """The stylesheet of these pages and the module script ``assets/<script>`` of ``page``."""
    css = esc(links.relative(f"{layout.ASSETS}/engine-pages.css", page))
    src = esc(links.relative(f"{layout.ASSETS}/{script}", page))
    return f'<link rel="stylesheet" href="{css}"><script type="module" src="{src}"></script>'
