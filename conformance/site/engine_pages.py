"""What the pages that run the reference in the browser share: the card game's
JavaScript port under ``assets/cards/`` (``games/cards/web``: the arbiter and play pages),
the vendored Pyodide and the kit's Python bundle under ``pyodide/`` (the dice pages), the
page data their scripts draw with (card glyphs, rulebook addresses and texts, the engine to
load), the loading status line and the scripts' tag.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from generala_conformance.games.cards.web import rulebook_data
from generala_conformance.site import i18n, kit_bundle, layout, pyodide_bundle
from generala_conformance.site.editions import Edition
from generala_conformance.site.i18n import Language
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_reference.cards.deck import JOKER, SUITS, format_card
from generala_spec import links, rulebook

FOLDER = "pyodide"
"""The folder of Pyodide's files and ``kit.zip``, relative to the site's root."""
CARD_ENGINE = f"{layout.ASSETS}/cards"
"""The folder of the card game's JavaScript port and its rulebook data, relative to the site's root."""
NODE_ONLY = ("serve.mjs", "json_values.mjs")
"""Modules of the port that only Node runs (the protocol wrapper), not copied into the site."""
ROW_NAMES = ("clubs", "diamonds", "hearts", "spades", "jokers")
"""The rows of the deck, keys of their names (``cards.row.clubs``…)."""


def write_engine(site: Site) -> None:
    """Write the pinned Pyodide files (from ``site.pyodide``, else the cache) and
    ``kit.zip`` into the site, once for all the pages that need them."""
    if f"{FOLDER}/kit.zip" in site.written:
        return
    folder = pyodide_bundle.pyodide_files(site.pyodide)
    for name in pyodide_bundle.FILES:
        site.write_file(f"{FOLDER}/{name}", (folder / name).read_bytes())
    site.write_file(f"{FOLDER}/kit.zip", kit_bundle.kit_zip())


def write_card_engine(site: Site) -> None:
    """Write the card game's JavaScript port (``games/cards/web/*.mjs``) and the rulebook
    data it reads (:func:`rulebook_data.text`) into the site, once for all its pages."""
    if f"{CARD_ENGINE}/rulebook.json" in site.written:
        return
    for name in rulebook_data.MODULES:
        if name not in NODE_ONLY:
            site.write_file(f"{CARD_ENGINE}/{name}", (rulebook_data.FOLDER / name).read_bytes())
    site.write_file(f"{CARD_ENGINE}/rulebook.json", rulebook_data.text())


def _card_texts(ed: Edition) -> tuple[dict[str, str], list[str]]:
    """The rulebook texts of the card pages in the edition's language
    (:func:`rulebook_data.page_texts`, the clause statements of its language files on top),
    and the keys whose text is still the English one (shown marked as English)."""
    english = rulebook_data.page_texts(i18n.ENGLISH)
    texts = rulebook_data.page_texts(ed.lang.code)
    texts.update({f"clause:{c.id}": ed.statement(c) for c in rulebook.clauses(ed.spec).values()})
    left = [] if not ed.lang.translated else [key for key, text in texts.items() if english[key] == text]
    return texts, left


def _deck_rows() -> list[list[str]]:
    """The 54 cards by suit, 2 to Ace, then the two Jokers (R-MAT-1)."""
    rows = [[format_card(s * 13 + r) for r in range(13)] for s in range(len(SUITS))]
    return [*rows, [format_card(JOKER), format_card(JOKER + 1)]]


def card_name(card: str, t: Language) -> str:
    """The spoken name of a card in the language ``t`` (``10 de cœur``)."""
    if card == "JK":
        return t("cards.card.joker")
    rank, suit = card[:-1], card[-1]
    return t("cards.card.name", rank=t(f"cards.rank.{rank}") if rank in "JQKA" else rank, suit=t(f"cards.suit.{suit}"))


def page_data(ed: Edition, page: str, extra: Mapping[str, object] | None = None) -> str:
    """The ``<script type="application/json" id="kit-data">`` of ``page`` (from the
    root) in the edition's language: the interface strings of its game, every
    clause's statement in that language, the link of every clause, ambiguity and
    sentence from ``page``; for the card game each card's glyph (layout.card_html,
    named in the language) and the deck by rows; ``extra``: the page's own entries."""
    groups = i18n.groups_of(ed.spec)
    english = i18n.load(i18n.ENGLISH).ui
    ids = [*rulebook.clauses(ed.spec), *rulebook.ambiguities(ed.spec), *rulebook.sentences(ed.spec)]
    data: dict[str, object] = {
        "lang": ed.lang.code,
        "t": {key: ed.t(key) for key in english if key.split(".", 1)[0] in groups},
        "links": {i: links.relative(ed.address(i), page) for i in ids},
    }
    if ed.spec == "cards":
        data["engine"] = links.relative(f"{CARD_ENGINE}/page_api.mjs", page)
        data["rulebook"] = links.relative(f"{CARD_ENGINE}/rulebook.json", page)
        data["texts"], data["english_texts"] = _card_texts(ed)
        data["why"] = {english[key]: key for key in english if key.startswith("cards.why.")}
        rows = _deck_rows()
        data["cards"] = {code: layout.card_html(code, card_name(code, ed.t)) for row in rows for code in row}
        data["rows"] = rows
        data["row_names"] = [ed.t(f"cards.row.{name}") for name in ROW_NAMES]
    data.update(extra or {})
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="kit-data">{text}</script>'


def loading_status(ed: Edition, keys: str = "common") -> str:
    """The status line the scripts update (loading, ready, errors), with the no-script
    notice (``keys``: the prefix of their strings, ``<keys>.engine.starting``…)."""
    return (
        f'<p id="status" class="status" role="status" aria-live="polite">{esc(ed.t(f"{keys}.engine.starting"))}</p>'
        f'<noscript><p class="status error">{esc(ed.t(f"{keys}.engine.noscript"))}</p></noscript>'
    )


def script_tags(page: str, script: str, card_engine: bool = False) -> str:
    """The stylesheet of these pages and the module script ``assets/<script>`` of ``page``;
    with ``card_engine``, the modules of the card game's port preloaded (fetched at once, not
    one import level after the other)."""
    css = esc(links.relative(f"{layout.ASSETS}/engine-pages.css", page))
    src = esc(links.relative(f"{layout.ASSETS}/{script}", page))
    port = [f"{CARD_ENGINE}/{name}" for name in rulebook_data.MODULES if name not in NODE_ONLY] if card_engine else []
    preloads = "".join(f'<link rel="modulepreload" href="{esc(links.relative(m, page))}">' for m in port)
    return f'<link rel="stylesheet" href="{css}">{preloads}<script type="module" src="{src}"></script>'
