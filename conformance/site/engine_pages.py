"""What the pages that run the reference in the browser share: the vendored Pyodide
and the kit's Python bundle under ``pyodide/``, the page data their scripts draw with
(rulebook addresses, and each game's own), the loading status line and the scripts' tag.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from generala_conformance.site import i18n, kit_bundle, layout, pyodide_bundle
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_spec import links, rulebook

if TYPE_CHECKING:
    from generala_conformance.site.editions import Edition

FOLDER = "pyodide"
"""The folder of Pyodide's files and ``kit.zip``, relative to the site's root."""


def write_engine(site: Site) -> None:
    """Write the pinned Pyodide files (from ``site.pyodide``, else the cache) and
    ``kit.zip`` into the site, once for all the pages that need them."""
    if f"{FOLDER}/kit.zip" in site.written:
        return
    folder = pyodide_bundle.pyodide_files(site.pyodide)
    for name in pyodide_bundle.FILES:
        site.write_file(f"{FOLDER}/{name}", (folder / name).read_bytes())
    site.write_file(f"{FOLDER}/kit.zip", kit_bundle.kit_zip())


def page_data(ed: Edition, page: str, extra: Mapping[str, object]) -> str:
    """The ``<script type="application/json" id="kit-data">`` of ``page`` (from the
    root) in the edition's language: the interface strings of its game, every
    clause's statement in that language, the link of every clause, ambiguity and
    sentence from ``page``, and the game's ``extra`` data (the card game's glyphs)."""
    groups = i18n.groups_of(ed.game.name)
    english = ed.game.strings(i18n.ENGLISH).ui
    ids = [*rulebook.clauses(ed.spec), *rulebook.ambiguities(ed.spec), *rulebook.sentences(ed.spec)]
    data: dict[str, object] = {
        "lang": ed.lang.code,
        "t": {key: ed.t(key) for key in english if key.split(".", 1)[0] in groups},
        "statements": {c.id: ed.statement(c) for c in rulebook.clauses(ed.spec).values()},
        "links": {i: links.relative(ed.address(i), page) for i in ids},
    }
    data.update(extra)
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="kit-data">{text}</script>'


def loading_status(ed: Edition) -> str:
    """The status line the scripts update (loading, ready, errors), with the no-script notice."""
    return (
        f'<p id="status" class="status" role="status" aria-live="polite">{esc(ed.t("common.engine.starting"))}</p>'
        f'<noscript><p class="status error">{esc(ed.t("common.engine.noscript"))}</p></noscript>'
    )


def script_tags(page: str, script: str) -> str:
    """The stylesheet of these pages and the module script ``assets/<script>`` of ``page``."""
    css = esc(links.relative(f"{layout.ASSETS}/engine-pages.css", page))
    src = esc(links.relative(f"{layout.ASSETS}/{script}", page))
    return f'<link rel="stylesheet" href="{css}"><script type="module" src="{src}"></script>'
