"""Split a source text into sentences, the units of the sentence inventory
(``sources.yaml``), and give each sentence its locator.

The rules, chosen so that each rule sentence of the French (FR) and Persian (FA)
texts is exactly one unit:

1. A line break always ends a unit; blank lines are skipped.
2. Inside a line, a unit ends after a run of ``.``, ``!`` or ``?`` (with any
   closing bracket or quote right after it) that is followed by white space or
   by the end of the line.
3. Colons and semicolons (``:``, ``;``, Arabic ``؛``) do NOT end a unit: in these
   texts a colon joins a label to its value ("Matériel : ...") or a sentence to
   its example ("مثال: ..."), and a semicolon joins two halves of one rule.
   The ellipsis ``…`` does not end a unit either (FA uses it inside an example).
4. Each unit is stripped of surrounding white space; inner spacing is kept as
   is, so every unit is a word-for-word substring of the text.

The locator of a unit is its first :data:`LOCATOR_WORDS` words: enough to find
the sentence in the text, without copying the text into the project.
"""

from __future__ import annotations

import re

LOCATOR_WORDS = 5

_END = re.compile(r"[.!?]+[)\]»\"”’]*(?=\s|$)")


def split(text: str) -> list[str]:
    """The sentences of ``text`` in order, by the rules of this module.

    >>> split("Un jeu. Deux : trois ; quatre!\\n\\nCinq")
    ['Un jeu.', 'Deux : trois ; quatre!', 'Cinq']
    """
    units: list[str] = []
    for line in text.splitlines():
        start = 0
        for match in _END.finditer(line):
            units.append(line[start : match.end()])
            start = match.end()
        units.append(line[start:])
    return [unit.strip() for unit in units if unit.strip()]


def locator(sentence: str) -> str:
    """The first :data:`LOCATOR_WORDS` words of ``sentence``, single-spaced.

    >>> locator("Le joueur peut poser un Joker (carte la plus forte)")
    'Le joueur peut poser un'
    """
    return " ".join(sentence.split()[:LOCATOR_WORDS])
