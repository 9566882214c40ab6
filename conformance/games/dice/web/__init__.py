"""The dice game's engine for the browser: a port to JavaScript (ES modules, no
dependency, no build step) of the dice reference engine (``reference/dice/``) and
of the dice pages' API (``generala_conformance.games.dice.site.page_api``), run by the
scorer and play pages and, through ``serve.mjs``, certified by the whole dice suite
(``generala-kit check --game dice --adapter-cmd "node .../serve.mjs"``).

What the JavaScript reads of the rulebook comes from here: :func:`rules_document`
(the rule options, profiles and point table, committed as ``rules.json``:
``python -m generala_conformance.games.dice.web`` writes it) and :func:`page_texts`
(the rulebook texts a page shows, in its language).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from generala_reference.dice import CATEGORIES, PointTable
from generala_spec import rulebook
from generala_spec.options import options, profile_names, resolve
from generala_spec.translations import translation

SPEC = "dice"
RULES_JSON = "rules.json"
MODULES = (
    "errors.mjs",
    "rolls.mjs",
    "rules.mjs",
    "scoring.mjs",
    "game.mjs",
    "page-api.mjs",
)
"""The modules the pages load (``serve.mjs`` and ``adapter.mjs`` are the protocol's, not the pages')."""


def web_folder() -> Traversable:
    """This folder, where the modules and ``rules.json`` are."""
    return files(__name__)


@cache
def rules_document() -> dict[str, Any]:
    """The rule options (values in order, default, ambiguity), the profiles (every
    option's value under each) and the point table of the text (D-SCORE-2 to D-SCORE-6, D-FIRST-1), as
    ``spec/dice/options.yaml`` and the reference's ``PointTable`` give them."""
    table = {name.replace("_", "-"): value for name, value in asdict(PointTable()).items()}
    return {
        "version": 1,
        "categories": [c.value for c in CATEGORIES],
        "options": {
            name: {"values": list(o.values), "default": o.default, "ambiguity": o.ambiguity}
            for name, o in options(SPEC).items()
        },
        "profiles": {name: resolve(name, spec=SPEC) for name in profile_names(SPEC)},
        "points": table,
    }


def rules_json() -> str:
    """:func:`rules_document` as the text of ``rules.json``."""
    return json.dumps(rules_document(), ensure_ascii=False, indent=1) + "\n"


@cache
def page_texts(language: str) -> dict[str, str]:
    """The rulebook texts the dice pages show, in ``language`` where the rulebook's
    translation has them (:mod:`generala_spec.translations`), else in English:
    ``clause:D-CAT-2`` (a statement), ``option:<name>`` (what an option decides),
    ``value:<name>=<value>`` (what a value means) and ``profile:<name>``."""
    tr = translation(SPEC, language)
    texts: dict[str, str] = {f"clause:{c}": tr.statement(c) for c in rulebook.clauses(SPEC)}
    for name, option in options(SPEC).items():
        texts[f"option:{name}"] = tr.option_summary(name)
        texts.update({f"value:{name}={value}": tr.option_value(name, value) for value in option.values})
    texts.update({f"profile:{name}": tr.profile(name) for name in profile_names(SPEC)})
    return texts
