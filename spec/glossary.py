"""The words players use, one glossary per game and language:
``<game>/glossary/<lang>.yaml``, checked against ``schemas/glossary.schema.json``.

Each term is the word pages in that language use for a concept of the rulebook, the
clauses a search for it finds (if any: "opponents" names no clause), its other
forms, the calques no page may use for it (``forbidden``), and where the players'
own words come from: a sentence of a source text that uses it (``source``, the card
game's French and Persian), or the score sheets that print it (``sheet``, the dice game's Spanish and Portuguese).

Words are compared :func:`folded`: case-folded, accents and Arabic vowel marks
dropped, the Arabic letters ي and ك read as the Persian ی and ک, the zero-width
non-joiner removed and Persian and Arabic digits read as 0-9.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generala_spec import rulebook, translations
from generala_spec.folders import RulebookError

FOLDER = "glossary"
LEAST_TERMS = 30
"""A glossary names at least this many terms."""
GROUNDED_IN_SHEETS = frozenset({"dice"})
"""The games whose glossaries cite score sheets (``sheet``) rather than a source sentence."""
UNIFIED = {"ي": "ی", "ى": "ی", "ك": "ک", "\u200c": ""} | {
    chr(base + d): str(d) for base in (0x6F0, 0x660) for d in range(10)
}
"""The characters :func:`folded` reads as another (or drops): Arabic letter variants,
the zero-width non-joiner, Persian and Arabic digits."""
_PERSIAN = str.maketrans(UNIFIED)


def folded(text: str) -> str:
    """``text`` for comparing words (see the module's docstring).

    >>> folded("Levée"), folded("كارت\u200cها")
    ('levee', 'کارتها')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_PERSIAN)


@dataclass(frozen=True)
class Term:
    """One word of a glossary (see the module's docstring)."""

    term: str
    english: str
    clauses: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    source: str | None = None
    sheet: str | None = None
    forbidden: tuple[str, ...] = ()
    note: str | None = None

    @property
    def words(self) -> tuple[str, ...]:
        """The term and its forms: what a search accepts for it."""
        return (self.term, *self.forms)


@dataclass(frozen=True)
class Glossary:
    """The glossary of ``game`` in ``language``."""

    game: str
    language: str
    terms: tuple[Term, ...]
    where: str


def read(where: str | Path, game: str) -> Glossary:
    """The glossary file ``where`` of ``game``, checked against its schema
    (:class:`RulebookError` naming the file and the line or field)."""
    document = translations.parsed(Path(where))
    rulebook.check_document(translations.schema_of("glossary"), "glossary", document, str(where))
    if document["game"] != game:
        raise RulebookError("invalid-glossary", f"{where}: at game: {document['game']!r} is not {game!r}")
    terms = tuple(
        Term(
            term=entry["term"],
            english=entry["english"],
            clauses=tuple(entry.get("clauses", ())),
            forms=tuple(entry.get("forms", ())),
            source=entry.get("source"),
            sheet=entry.get("sheet"),
            forbidden=tuple(entry.get("forbidden", ())),
            note=entry.get("note"),
        )
        for entry in document["terms"]
    )
    return Glossary(game, document["language"], terms, str(where))


def path_of(game: str, language: str) -> str:
    """Where the glossary of ``game`` in ``language`` is (it may not exist)."""
    return translations.language_file(game, FOLDER, language)


def languages(game: str) -> tuple[str, ...]:
    """The languages ``game`` has a glossary for, by code."""
    return translations.languages_in(game, FOLDER)


@cache
def glossary(game: str, language: str) -> Glossary | None:
    """The shipped glossary of ``game`` in ``language``; None when there is none."""
    where = path_of(game, language)
    return read(where, game) if os.path.isfile(where) else None


def problems(found: Glossary) -> list[str]:
    """What is wrong with a glossary beyond its schema: too few terms, a clause that
    does not exist, a term not grounded (its ``source`` sentence missing or not
    holding the term or a form, spaces aside; no ``sheet`` in a game grounded in score
    sheets)."""
    wrong = []
    if len(found.terms) < LEAST_TERMS:
        wrong.append(f"{found.where}: {len(found.terms)} terms, fewer than {LEAST_TERMS}")
    clauses = rulebook.clauses(found.game)
    sentences = rulebook.sentences(found.game)
    for term in found.terms:
        name = f"{found.where}: term {term.term!r}"
        wrong += [f"{name}: no clause {c}" for c in term.clauses if c not in clauses]
        if found.game in GROUNDED_IN_SHEETS:
            if term.sheet is None:
                wrong.append(f"{name}: no sheet (where score sheets print it)")
        elif term.source is None:
            wrong.append(f"{name}: no source (the sentence of a source text using it)")
        elif term.source not in sentences:
            wrong.append(f"{name}: no sentence {term.source}")
        elif not any(_joined(word) in _joined(sentences[term.source].wording) for word in term.words):
            wrong.append(f"{name}: {term.source} holds neither the term nor a form of it")
    return wrong


def _joined(text: str) -> str:
    """``text`` :func:`folded`, its spaces dropped too: Persian writes a compound with a
    zero-width non-joiner, a space or nothing (هدایت‌شده, هدایت شده, هدایتشده)."""
    return "".join(folded(text).split())


def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(folded(word))}(?!\w)")


def forbidden_uses(text: str, found: Glossary) -> Iterator[str]:
    """Each forbidden word of the glossary that ``text`` uses, as ``word (say term)``."""
    plain = folded(text)
    for term in found.terms:
        for word in term.forbidden:
            if _word(word).search(plain):
                yield f"{word} (say {term.term})"
