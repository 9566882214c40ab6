"""How much of a page's visible text is outside the page's language (issue 43: at
most 5 % on every translated page).

:func:`share` reads one HTML page and counts the words of its ``<body>`` a reader
sees: it leaves out what is not prose in any language — code (``code``, ``pre``,
``kbd``, ``samp``), anything marked ``translate="no"`` (quoted source sentences,
suite data), pictures of notation (``role="img"``: card chips), scripts, hidden
elements, and tokens that are IDs, numbers, codes or card notation (``R-JOKER-4``,
``AMB-5``, ``10H``, ``۵۴``, ``cannot-decline``, ``JK``: lower-case words joined by
hyphens are taken for codes). A counted word is outside the page's language when

- it is in an element whose ``lang`` is not the page's (``lang="en"`` on a French
  page: marked), or
- on a page in a script other than Latin (Persian), it is written in Latin letters
  (detected), or
- on a page in a Latin-script language, it is in a run of text that reads as
  English: at least two of its words, and a fifth of them, are English function
  words no French, Spanish or Portuguese text uses (detected).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

CODE_TAGS = frozenset({"code", "pre", "kbd", "samp", "script", "style", "template", "head", "title"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
ENGLISH_WORDS = frozenset(
    {"the", "and", "is", "are", "with", "which", "when", "this", "that", "must", "shall", "should", "be", "been"}
    | {"have", "its", "from", "by", "into", "only", "would", "their", "they", "there", "what", "who", "each"}
    | {"every", "any", "does", "of", "to", "it", "was", "were", "not"}
)
"""English function words, none of them a French, Spanish or Portuguese word."""
NON_LATIN = frozenset({"fa", "ar", "he", "ur"})
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]")
_LETTER = re.compile(r"[^\W\d_]")
_ID_LIKE = re.compile(r"^[A-Z]{1,5}(?:-[A-Z0-9]+)+$|\d|^[a-z]+(?:-[a-z]+)+$|^(?:[JQKA]|JK|[JQKA][CDHS])$")
"""IDs, numbers, codes (``cannot-decline``, ``tie-break``) and card notation (``K``, ``JK``, ``AC``)."""
_TOKEN = re.compile(r"[\w'’\-]+")


@dataclass(frozen=True)
class Share:
    """The words of a page outside its language (``outside``) among all its words."""

    outside: int
    words: int

    @property
    def ratio(self) -> float:
        """``outside / words`` (0 for a page without words)."""
        return self.outside / self.words if self.words else 0.0


class _Elements(HTMLParser):
    """An HTML reader keeping the stack of open elements (``stack``: tag first)."""

    stack: list[tuple[str, ...]]

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return


class _Reader(_Elements):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page_lang = ""
        self.stack: list[tuple[str, str, bool]] = []  # tag, lang, left out
        self.outside = 0
        self.words = 0
        self.own: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.page_lang = found.get("lang") or ""
        if tag in VOID:
            return
        lang, skip = self.stack[-1][1:] if self.stack else (self.page_lang, False)
        lang = found.get("lang") or lang
        skip = skip or tag in CODE_TAGS or found.get("translate") == "no" or found.get("role") == "img"
        skip = skip or "hidden" in found or found.get("aria-hidden") == "true"
        self.stack.append((tag, lang, skip))

    def handle_data(self, data: str) -> None:
        lang, skip = self.stack[-1][1:] if self.stack else (self.page_lang, True)
        if skip:
            return
        words = [w for w in _TOKEN.findall(data) if _LETTER.search(w) and not _ID_LIKE.search(w)]
        self.words += len(words)
        if lang.split("-")[0] != self.page_lang:
            self.outside += len(words)
            return
        self.own.append(data)
        if self.page_lang in NON_LATIN:
            self.outside += sum(1 for w in words if _LATIN.search(w))
        else:
            english = sum(1 for w in words if w.lower() in ENGLISH_WORDS)
            if english >= 2 and english * 5 >= len(words):
                self.outside += len(words)


def share(html: str) -> Share:
    """The words of ``html`` outside its page's language (see the module's docstring)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return Share(reader.outside, reader.words)


def own_text(html: str) -> str:
    """The visible text of a page in the page's own language (for the glossary's
    forbidden words: what a reader of that language reads)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return " ".join(reader.own)


def page_type(path: str) -> str:
    """The kind of a page of the site, from its path (``fr/rules/joker.html``: ``area``)."""
    name = Path(path).name
    folder = Path(path).parent.name
    if folder != "rules":
        return {"index.html": "home"}.get(name, name.removesuffix(".html"))
    kinds = {"index.html": "rulebook index", "ambiguities.html": "ambiguities"}
    kinds |= {"options.html": "options", "sources.html": "sources"}
    return kinds.get(name, "area")


def shares_by_type(root: Path, language: str) -> dict[str, Share]:
    """Per page type, the summed :class:`Share` of the site's pages in ``language``
    (under ``root/<language>/``)."""
    summed: dict[str, Share] = {}
    for path in sorted((root / language).rglob("*.html")):
        kind = page_type(path.relative_to(root).as_posix())
        found = share(path.read_text("utf-8"))
        before = summed.get(kind, Share(0, 0))
        summed[kind] = Share(before.outside + found.outside, before.words + found.words)
    return summed


class _Running(_Elements):
    """The running text of a page's ``<body>``: outside code, notation and anything
    marked ``dir="ltr"``, ``translate="no"`` or of another language."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page_lang = ""
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.page_lang = found.get("lang") or ""
            return
        if tag in VOID:
            return
        island = bool(self.stack and self.stack[-1][1]) or tag in CODE_TAGS or tag == "bdi"
        island = island or found.get("dir") == "ltr" or found.get("translate") == "no" or found.get("role") == "img"
        island = island or (found.get("lang") or self.page_lang) != self.page_lang
        self.stack.append((tag, island))

    def handle_data(self, data: str) -> None:
        if self.stack and not self.stack[-1][1] and data.strip():
            self.texts.append(data.strip())


def running_text(html: str) -> list[str]:
    """The runs of running text of a page (see :class:`_Running`)."""
    reader = _Running()
    reader.feed(html)
    reader.close()
    return reader.texts


def digit_systems(html: str) -> set[str]:
    """The digit systems the running text of a page uses: ``latin``, ``persian``, ``arabic``."""
    systems = set()
    for text in running_text(html):
        systems |= {"latin"} if re.search("[0-9]", text) else set()
        systems |= {"persian"} if re.search("[۰-۹]", text) else set()
        systems |= {"arabic"} if re.search("[٠-٩]", text) else set()
    return systems


def unisolated_latin(html: str) -> list[str]:
    """The runs of running text of a right-to-left page holding Latin letters (not isolated)."""
    return [text for text in running_text(html) if _LATIN.search(text)]
