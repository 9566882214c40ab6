"""The site's interface languages: one data file per language in ``i18n/``
(``en.yaml``, ``fr.yaml``, ``fa.yaml``, ``es.yaml``, ``pt.yaml``).

A language file holds its ``name`` (in itself), its writing direction ``dir``
(``ltr`` or ``rtl``), ``machine_translated`` and ``review`` (a translation made by
machine says so, on every page and here, until a person has reviewed it), the
and the interface strings ``ui`` by key. The rulebook's own text (statements, area
titles, readings, notes…) is not here: it is the rulebook's translation,
``generala_spec/<game>/translations/<lang>.yaml`` (:mod:`generala_spec.translations`).
Keys are grouped by their first word: ``common.*`` (every page, here) and ``<game>.*``
(one game's pages: the game's own files, ``GameSite.strings``, laid over these): a
language needs the keys of the games whose pages it is used on, and the home page's
keys of every game (:data:`HOME_KEYS`: the home page presents each game in its
language), which :func:`missing` checks.

Clause IDs, card and dice notation, and the source sentences are never translated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

import yaml
from generala_conformance.site import bidi
from generala_conformance.site.layout import esc

ENGLISH = "en"
_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Language:
    """One interface language (see the module's docstring)."""

    code: str
    name: str
    dir: str
    machine_translated: bool
    review: str
    ui: Mapping[str, str]

    def __call__(self, key: str, **fields: object) -> str:
        """The string ``key`` with its ``{fields}`` filled in, a number in the language's
        digits (as the pages' scripts fill theirs); English where this language lacks
        it (the completeness test makes that never happen)."""
        text = self.ui.get(key)
        if text is None:
            text = load(ENGLISH).ui[key]
        return _FIELD.sub(lambda m: self._field(fields[m.group(1)]) if m.group(1) in fields else m.group(0), text)

    def _field(self, value: object) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return bidi.digits(str(value), self.code)
        return str(value)

    def html(self, key: str, **fields: str) -> str:
        """The string ``key`` escaped for HTML, with ``fields`` (HTML already) filled in."""
        text = esc(self(key, **{name: f"\0{name}\0" for name in fields}))
        return re.sub("\0(\\w+)\0", lambda m: fields[m.group(1)], text)

    @property
    def translated(self) -> bool:
        """Whether the pages in this language are a translation (not the kit's English)."""
        return self.code != ENGLISH


@cache
def load(code: str) -> Language:
    """The language ``code`` from ``i18n/CODE.yaml``."""
    data = yaml.safe_load(files(__package__).joinpath("i18n", f"{code}.yaml").read_text("utf-8"))
    return Language(
        code=data["language"],
        name=data["name"],
        dir=data.get("dir", "ltr"),
        machine_translated=bool(data.get("machine_translated", False)),
        review=str(data.get("review", "")),
        ui=data["ui"],
    )


HOME_KEYS = ("home.*", "nav.*", "blurb.*")
"""The keys of a game (after ``<game>.``) its block on the home page uses: every
language of the site has them for every game."""


def groups_of(game: str) -> tuple[str, ...]:
    """The key groups the pages of ``game`` use."""
    return ("common", game)


def _on_home(key: str, games: Iterable[str]) -> bool:
    group, _, rest = key.partition(".")
    return group in games and any(rest == k or (k.endswith("*") and rest.startswith(k[:-1])) for k in HOME_KEYS)


def missing(english: Mapping[str, str], language: Mapping[str, str], game: str, games: Iterable[str] = ()) -> list[str]:
    """What ``language`` (one language's strings by key: the site's and the games' own)
    lacks of ``english`` for the pages of ``game`` and for the home page's block of each
    of ``games``: every such key, named ``ui:KEY`` (also a key whose ``{fields}`` differ
    from English's)."""
    shown = tuple(games)
    lacking = []
    for key, text in english.items():
        if key.split(".", 1)[0] not in groups_of(game) and not _on_home(key, shown):
            continue
        theirs = language.get(key)
        if not theirs or set(_FIELD.findall(theirs)) != set(_FIELD.findall(text)):
            lacking.append(f"ui:{key}")
    return lacking
