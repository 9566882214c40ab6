"""Right-to-left pages done right, and one digit system per page.

:func:`localize` rewrites a whole page in a right-to-left language (Persian) after
it is laid out, so that every page gets the same treatment from one place:

- every left-to-right island of its running text (a clause ID ``R-JOKER-4``, a card
  code, an option value, a word of English left over) is isolated in
  ``<bdi dir="ltr">``, so that it keeps its order and the brackets and full stops
  around it stay where the sentence puts them (a one-word island is
  ``class="word"``: ``site.css`` never breaks it at a hyphen);
- the digits of its running text are the language's own (:data:`DIGITS`: Persian
  ``۰–۹``); digits inside an island (code, IDs, notation, anything marked
  ``dir="ltr"``, ``translate="no"`` or ``role="img"``) stay Latin, as written.

The page's ``<head>`` and the attributes of its elements are left as they are.
"""

from __future__ import annotations

import re

DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹"}
"""The digits of running text per language; Latin digits for any other."""
SHORT = 24
"""The longest one-word island kept whole on a line (IDs, codes; not addresses)."""
COMMAS = {"fa": "، "}
"""What separates the items of a list in running text per language; ", " for any other."""
RTL = frozenset({"fa", "ar", "he", "ur"})
_ISLAND_TAGS = frozenset({"code", "pre", "kbd", "samp", "script", "style", "bdi", "textarea", "head"})
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
_PARTS = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*)>")
_ISLAND_ATTR = re.compile(r'\b(?:dir="ltr"|translate="no"|role="img")')
_LANG = re.compile(r'\blang="([^"]*)"')
_TOKEN = r"[0-9A-Za-zÀ-ɏ][0-9A-Za-zÀ-ɏ_\-.:/#=+'’]*"
_RUN = re.compile(rf"{_TOKEN}(?:[ \t]+{_TOKEN})*")
_LATIN = re.compile(r"[A-Za-zÀ-ɏ]")


def digits(text: str, language: str) -> str:
    """``text`` with its Latin digits written in ``language``'s (:data:`DIGITS`).

    >>> digits("54 cartes, ligne 7", "fa")
    '۵۴ cartes, ligne ۷'
    """
    native = DIGITS.get(language)
    return text.translate(str.maketrans("0123456789", native)) if native else text


_ENTITY = re.compile(r"(&#?\w+;)")


def comma(language: str) -> str:
    """What separates the items of a list in ``language`` (the Persian comma ``،``)."""
    return COMMAS.get(language, ", ")


def _text(text: str, language: str) -> str:
    """Running text (HTML, its character references kept): left-to-right runs
    isolated, other numbers in the language's digits."""
    parts = _ENTITY.split(text)
    return "".join(part if i % 2 else _words(part, language) for i, part in enumerate(parts))


def _words(text: str, language: str) -> str:
    out, last = [], 0
    for match in _RUN.finditer(text):
        run = match.group(0).rstrip(".:,;")
        end = match.start() + len(run)
        out.append(digits(text[last : match.start()], language))
        out.append(_isolated(run) if _LATIN.search(run) else digits(run, language))
        last = end
    out.append(digits(text[last:], language))
    return "".join(out)


def _isolated(run: str) -> str:
    """A left-to-right run isolated; one short word (an ID: ``AMB-13``) is never broken at
    its hyphens (a long one, an address, may be)."""
    word = ' class="word"' if len(run) <= SHORT and not re.search(r"\s", run) else ""
    return f'<bdi dir="ltr"{word}>{run}</bdi>'


def _opens_island(name: str, attributes: str, language: str) -> bool:
    lang = _LANG.search(attributes)
    foreign = lang is not None and lang.group(1).split("-")[0] not in RTL
    return name in _ISLAND_TAGS or bool(_ISLAND_ATTR.search(attributes)) or foreign


def localize(page: str, language: str) -> str:
    """``page`` (a whole HTML page in ``language``) with the treatment of the module's
    docstring when the language is written right to left; else ``page`` unchanged."""
    if language not in RTL:
        return page
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # open elements: name, inside an island
    for part in _PARTS.split(page):
        tag = _TAG.fullmatch(part)
        if tag:
            closing, name, attributes = tag.group(1), tag.group(2).lower(), tag.group(3)
            if closing:
                while stack and stack.pop()[0] != name:
                    pass
            elif name not in _VOID and not attributes.rstrip().endswith("/") and name != "html":
                inside = bool(stack and stack[-1][1])
                stack.append((name, inside or _opens_island(name, attributes, language)))
            out.append(part)
        elif part.startswith("<") or (stack and stack[-1][1]) or not stack:
            out.append(part)
        else:
            out.append(_text(part, language))
    return "".join(out)
