"""What the pages that run a game's engine in the browser share: the page data their
scripts draw with (rulebook addresses, and each game's own: its JavaScript engine, written
under ``assets/<game>/`` by the game), the loading status line and the scripts' tags.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from generala_conformance.site import i18n, layout
from generala_conformance.site.layout import esc
from generala_spec import links, rulebook

if TYPE_CHECKING:
    from generala_conformance.site.editions import Edition


def page_data(ed: Edition, page: str, extra: Mapping[str, object]) -> str:
    """The ``<script type="application/json" id="kit-data">`` of ``page`` (from the
    root) in the edition's language: the interface strings of its game, every
    clause's statement in that language, the link of every clause, ambiguity and
    sentence from ``page``, and the game's ``extra`` data (its engine, the card game's glyphs)."""
    groups = i18n.groups_of(ed.game.name)
    english = ed.game.strings(i18n.ENGLISH).ui
    ids = [*rulebook.clauses(ed.spec), *rulebook.ambiguities(ed.spec), *rulebook.sentences(ed.spec)]
    data: dict[str, object] = {
        "lang": ed.lang.code,
        "t": {key: ed.t(key) for key in english if key.split(".", 1)[0] in groups},
        "links": {i: links.relative(ed.address(i), page) for i in ids},
    }
    data.update(extra)
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="kit-data">{text}</script>'


def loading_status(ed: Edition) -> str:
    """The status line the scripts update (loading, ready, errors), with the no-script
    notice: the game's strings ``<game>.engine.starting`` and ``<game>.engine.noscript``."""
    name = ed.game.name
    return (
        f'<p id="status" class="status" role="status" aria-live="polite">{esc(ed.t(f"{name}.engine.starting"))}</p>'
        f'<noscript><p class="status error">{esc(ed.t(f"{name}.engine.noscript"))}</p></noscript>'
    )


def script_tags(page: str, script: str, preload: Sequence[str] = ()) -> str:
    """The stylesheet of these pages and the module script ``assets/<script>`` of ``page``,
    with the modules ``preload`` (paths from the root) fetched at once, not one import
    level after the other."""
    css = esc(links.relative(f"{layout.ASSETS}/engine-pages.css", page))
    src = esc(links.relative(f"{layout.ASSETS}/{script}", page))
    preloads = "".join(f'<link rel="modulepreload" href="{esc(links.relative(m, page))}">' for m in preload)
    return f'<link rel="stylesheet" href="{css}">{preloads}<script type="module" src="{src}"></script>'
