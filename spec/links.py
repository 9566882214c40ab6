"""The stable address of every rulebook entry on the site, and the site's base URL.

A clause lives on its area's page (``R-JOKER-4`` -> ``rules/joker.html#R-JOKER-4``),
an ambiguity on the register page (``rules/ambiguities.html#AMB-3``), a sentence on
the sources page (``rules/sources.html#FA-30``), a rule option and a profile on the
options page (``rules/options.html#option-tie-break``, ``#profile-fa``). The anchor is
the ID itself, so links stay valid as long as IDs do (IDs are never reused).

``generala-kit rules`` and ``explain`` print these links under the base URL given by
the environment variable :data:`SITE_URL_VARIABLE`; unset, they print the address
relative to the site's root (the folder ``generala-kit site --out DIR`` wrote).
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path

from generala_spec.folders import CARDS

SITE_URL_VARIABLE = "GENERALA_SITE_URL"
"""The environment variable holding the site's base URL (``https://…/`` or a folder)."""

RULES = "rules"
"""The folder of the rulebook pages, relative to the site's root."""

_CLAUSE = re.compile(r"^[A-Z]-([A-Z]+)-\d+$")
_AREA = re.compile(r"^[A-Z]-([A-Z]+)$")
_SENTENCE = re.compile(r"^[A-Z]{2}-\d+$")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def area_page(area: str) -> str:
    """The page of an area's clauses (``JOKER`` -> ``rules/joker.html``)."""
    return f"{RULES}/{area.lower()}.html"


AMBIGUITIES_PAGE = f"{RULES}/ambiguities.html"
SOURCES_PAGE = f"{RULES}/sources.html"
OPTIONS_PAGE = f"{RULES}/options.html"
INDEX_PAGE = f"{RULES}/index.html"


def address(identifier: str) -> str:
    """The address of a rulebook entry relative to the site's root:
    ``R-JOKER-4`` -> ``rules/joker.html#R-JOKER-4`` (clauses of either game,
    ``D-CAT-2`` too, ``AMB-n``, sentences ``FR-n``, ``FA-n``, ``PT-n``; an area
    ``R-JOKER``; ``option:NAME`` and ``profile:NAME`` for the options page).

    >>> address("R-JOKER-4"), address("AMB-3"), address("FA-30")
    ('rules/joker.html#R-JOKER-4', 'rules/ambiguities.html#AMB-3', 'rules/sources.html#FA-30')
    >>> address("option:tie-break")
    'rules/options.html#option-tie-break'
    """
    clause = _CLAUSE.match(identifier)
    if clause:
        return f"{area_page(clause.group(1))}#{identifier}"
    area = _AREA.match(identifier)
    if area:
        return area_page(area.group(1))
    if identifier.startswith("AMB-"):
        return f"{AMBIGUITIES_PAGE}#{identifier}"
    if _SENTENCE.match(identifier):
        return f"{SOURCES_PAGE}#{identifier}"
    kind, sep, name = identifier.partition(":")
    if sep and kind in ("option", "profile"):
        return f"{OPTIONS_PAGE}#{kind}-{name}"
    raise ValueError(f"{identifier!r} has no page on the site")


def relative(target: str, page: str) -> str:
    """``target`` (relative to the site's root, maybe with ``#anchor``) as a link
    written on ``page`` (also relative to the root).

    >>> relative("rules/joker.html#R-JOKER-4", "rules/ambiguities.html")
    'joker.html#R-JOKER-4'
    >>> relative("assets/site.css", "rules/joker.html")
    '../assets/site.css'
    """
    path, sep, anchor = target.partition("#")
    start = posixpath.dirname(page) or "."
    link = posixpath.relpath(path, start) if path else ""
    return link + sep + anchor


def base_url(environ: dict[str, str] | None = None) -> str:
    """The site's base URL from :data:`SITE_URL_VARIABLE`, ending in ``/``: an URL is
    kept, a folder becomes a ``file://`` URL; ``""`` when unset."""
    value = (os.environ if environ is None else environ).get(SITE_URL_VARIABLE, "").strip()
    if not value:
        return ""
    if not _SCHEME.match(value):
        value = Path(value).expanduser().resolve().as_uri()
    return value if value.endswith("/") else value + "/"


def game_folder(spec: str = CARDS) -> str:
    """The folder of a rulebook's pages, relative to the site's root: the card game's
    (the default rulebook) at the root, another game's under its name (``dice/``)."""
    return "" if spec == CARDS else f"{spec}/"


def url(identifier: str, environ: dict[str, str] | None = None, spec: str = CARDS) -> str:
    """The link printed for an entry of the rulebook ``spec``: :func:`address` in its
    :func:`game_folder`, under :func:`base_url`."""
    return base_url(environ) + game_folder(spec) + address(identifier)


def url_note(environ: dict[str, str] | None = None) -> str:
    """What a printed link is relative to when :data:`SITE_URL_VARIABLE` is unset
    (``""`` when it is set: the links are then whole URLs)."""
    if base_url(environ):
        return ""
    return f"of the site `generala-kit site` builds; {SITE_URL_VARIABLE} sets its address"
