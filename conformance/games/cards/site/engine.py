"""The card game's engine in the browser: the JavaScript port of the reference and its page
API (``games/cards/web``), written under ``assets/cards/web/`` (beside the site's
``core/web/``, as in the package) with the rulebook data it reads,
and what an engine page's data says of it (the module to load, the rulebook texts in the
page's language, the reasons' keys, the cards' glyphs)."""

from __future__ import annotations

from generala_conformance.core.site_pages import Edition
from generala_conformance.games.cards.site import deck
from generala_conformance.games.cards.web import rulebook_data
from generala_spec import links

NODE_ONLY = ("serve.mjs", "json_values.mjs")
"""Modules of the port that only Node runs (the protocol wrapper), not written into the site."""


def write(ed: Edition) -> list[str]:
    """Write the port's modules and ``rulebook.json`` (once for the site); their paths from the root."""
    modules = [
        ed.write_asset(f"web/{name}", (rulebook_data.FOLDER / name).read_bytes())
        for name in rulebook_data.MODULES
        if name not in NODE_ONLY
    ]
    ed.write_asset("rulebook.json", rulebook_data.text().encode())
    return modules


def _texts(ed: Edition) -> tuple[dict[str, str], list[str]]:
    """The rulebook texts of the pages in the edition's language
    (:func:`rulebook_data.page_texts`) and the keys still in English (shown marked so)."""
    texts = rulebook_data.page_texts(ed.t.code)
    if ed.t.code == "en":
        return texts, []
    english = rulebook_data.page_texts("en")
    return texts, [key for key, text in texts.items() if english.get(key) == text]


def page_extra(ed: Edition, page: str) -> tuple[dict[str, object], list[str]]:
    """The card game's data of the engine page ``page`` (from the root): the page API to
    load (``engine``) and its rulebook data, the texts, the key of each reason the port
    gives in English (``why``), and the deck's glyphs (:func:`deck.page_extra`); and the
    port's modules for the page to preload."""
    modules = write(ed)
    english = ed.english_strings.ui
    texts, left = _texts(ed)
    extra: dict[str, object] = {
        "engine": links.relative(next(m for m in modules if m.endswith("/page_api.mjs")), page),
        "rulebook": links.relative(ed.write_asset("rulebook.json", rulebook_data.text().encode()), page),
        "texts": texts,
        "english_texts": left,
        "why": {english[key]: key for key in english if key.startswith("cards.why.")},
        **deck.page_extra(ed.t),
    }
    return extra, modules
