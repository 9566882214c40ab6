"""The site's interface languages: one data file per language in ``i18n/``
(``en.yaml``, ``fr.yaml``, ``fa.yaml``, ``es.yaml``, ``pt.yaml``).

A language file holds its ``name`` (in itself), its writing direction ``dir``
(``ltr`` or ``rtl``), ``machine_translated`` and ``review`` (a translation made by
machine says so, on every page and here, until a person has reviewed it), the
interface strings ``ui`` by key, and per game (``cards``, ``dice``) the clause
statements ``clauses`` and the area titles ``areas``. English is the kit's own
language: its statements and titles are the rulebook's, so ``en.yaml`` holds only
``ui``. Keys are grouped by their first word: ``common.*`` (every page), ``cards.*``
and ``dice.*`` (one game's pages): a language needs the keys of the games whose
pages it is used on, which :func:`missing` checks.

Clause IDs, card and dice notation, and the source sentences are never translated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

import yaml
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
    clauses: Mapping[str, Mapping[str, str]]
    areas: Mapping[str, Mapping[str, str]]

    def __call__(self, key: str, **fields: object) -> str:
        """The string ``key`` with its ``{fields}`` filled in; English where this
        language lacks it (the completeness test makes that never happen)."""
        text = self.ui.get(key)
        if text is None:
            text = load(ENGLISH).ui[key]
        return _FIELD.sub(lambda m: str(fields[m.group(1)]) if m.group(1) in fields else m.group(0), text)

    def html(self, key: str, **fields: str) -> str:
        """The string ``key`` escaped for HTML, with ``fields`` (HTML already) filled in."""
        text = esc(self(key, **{name: f"\0{name}\0" for name in fields}))
        return re.sub("\0(\\w+)\0", lambda m: fields[m.group(1)], text)

    def statement(self, game: str, clause: str, english: str) -> str:
        """A clause's statement in this language (``english``, the rulebook's, for English)."""
        return self.clauses.get(game, {}).get(clause, english)

    def area(self, game: str, area: str, english: str) -> str:
        """An area's title in this language."""
        return self.areas.get(game, {}).get(area, english)

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
        clauses=data.get("clauses", {}),
        areas=data.get("areas", {}),
    )


def groups_of(game: str) -> tuple[str, ...]:
    """The key groups the pages of ``game`` use."""
    return ("common", game)


def missing(code: str, game: str, clauses: Iterable[str], areas: Iterable[str]) -> list[str]:
    """What the language ``code`` lacks for the pages of ``game``: every interface key
    English has in the game's groups, every clause statement and every area title,
    named ``ui:KEY``, ``clause:ID``, ``area:AREA`` (also a key whose ``{fields}``
    differ from English's)."""
    english, language = load(ENGLISH), load(code)
    lacking = []
    for key, text in english.ui.items():
        if key.split(".", 1)[0] not in groups_of(game):
            continue
        theirs = language.ui.get(key)
        if not theirs or set(_FIELD.findall(theirs)) != set(_FIELD.findall(text)):
            lacking.append(f"ui:{key}")
    if language.translated:
        lacking += [f"clause:{c}" for c in clauses if not language.clauses.get(game, {}).get(c)]
        lacking += [f"area:{a}" for a in areas if not language.areas.get(game, {}).get(a)]
    return lacking
