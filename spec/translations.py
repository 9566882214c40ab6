"""A rulebook's text in another language: ``<game>/translations/<lang>.yaml``, checked
against ``schemas/translation.schema.json``.

Every string of the file translates the English of the rulebook's own files
(``clauses.yaml``, ``ambiguities.yaml``, ``sources.yaml``, ``options.yaml``,
``book.yaml``); IDs, option names and values are its keys and are never translated.
:func:`translation` gives a :class:`Translation` whose accessors answer a
:class:`Text`: the translated string, or the English one (``lang`` says which) where
the file lacks it. :func:`missing` lists every string a file lacks, :func:`unknown`
every key naming nothing of the rulebook. English is the rulebook itself:
``translation(game, "en")`` answers the English everywhere.

A string is addressed by its path in the file (:data:`Path`): ``("clauses",
"R-MAT-1", "statement")``, ``("ambiguities", "AMB-2", "decisions", 0, "readings",
"plain")``, ``("options", "straight", "values", "wrap")``…
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path as FilePath
from typing import Any, cast

from generala_spec import folders, rulebook, yaml_text
from generala_spec.folders import RulebookError
from generala_spec.options import options, profile_names, profile_summary

ENGLISH = "en"
FOLDER = "translations"
Path = tuple[str | int, ...]
"""Where a string is in a translation file (keys and list indices)."""


class Text(str):
    """A string of the rulebook in one language: ``lang`` says which (``"en"`` where
    the translation lacks it and the English stands in)."""

    lang: str

    def __new__(cls, value: str, lang: str) -> Text:
        text = super().__new__(cls, value)
        text.lang = lang
        return text


@dataclass(frozen=True)
class Translation:
    """The rulebook ``game`` in ``language`` (see the module's docstring)."""

    game: str
    language: str
    machine_translated: bool = False
    review: str = "none"
    document: Mapping[str, Any] = field(default_factory=dict)

    def at(self, path: Path) -> str | None:
        """The translated string at ``path``, or None where the file has none."""
        node: Any = self.document
        for key in path:
            if isinstance(node, list) and isinstance(key, int) and key < len(node):
                node = node[key]
                continue
            if not isinstance(node, Mapping) or key not in node:
                return None
            node = node[key]
        return node if isinstance(node, str) and node else None

    def text(self, path: Path, english: str) -> Text:
        """The string at ``path`` in this language, else ``english``."""
        found = self.at(path)
        return Text(found, self.language) if found is not None else Text(english, ENGLISH)

    def statement(self, clause_id: str) -> Text:
        """A clause's statement."""
        return self.text(("clauses", clause_id, "statement"), rulebook.clauses(self.game)[clause_id].statement)

    def notes(self, clause_id: str) -> Text | None:
        """A clause's notes (None when the clause has none)."""
        english = rulebook.clauses(self.game)[clause_id].notes
        return None if english is None else self.text(("clauses", clause_id, "notes"), english)

    def examples(self, clause_id: str) -> tuple[Text, ...]:
        """A clause's examples, in order."""
        english = rulebook.clauses(self.game)[clause_id].examples
        return tuple(self.text(("clauses", clause_id, "examples", i), e) for i, e in enumerate(english))

    def area(self, area: str) -> Text:
        """An area's title."""
        return self.text(("areas", area), rulebook.areas(self.game)[area])

    def title(self, ambiguity_id: str) -> Text:
        """An ambiguity's title."""
        return self.text(("ambiguities", ambiguity_id, "title"), rulebook.ambiguities(self.game)[ambiguity_id].title)

    def silences(self, ambiguity_id: str) -> tuple[Text, ...]:
        """The note of each source of an ambiguity that is silent, in order."""
        sources = rulebook.ambiguities(self.game)[ambiguity_id].sources
        notes = [s.note for s in sources if isinstance(s, rulebook.Silence)]
        return tuple(self.text(("ambiguities", ambiguity_id, "silences", i), n) for i, n in enumerate(notes))

    def _decision(self, ambiguity_id: str, index: int) -> Path:
        return ("ambiguities", ambiguity_id, "decisions", index)

    def question(self, ambiguity_id: str, index: int) -> Text | None:
        """The question of decision ``index`` of an ambiguity (None when it has none)."""
        english = rulebook.ambiguities(self.game)[ambiguity_id].decisions[index].question
        return None if english is None else self.text((*self._decision(ambiguity_id, index), "question"), english)

    def reading(self, ambiguity_id: str, index: int, reading_id: str) -> Text:
        """One reading of decision ``index`` of an ambiguity."""
        decision = rulebook.ambiguities(self.game)[ambiguity_id].decisions[index]
        english = next(r.text for r in decision.readings if r.id == reading_id)
        return self.text((*self._decision(ambiguity_id, index), "readings", reading_id), english)

    def reason(self, ambiguity_id: str, index: int) -> Text:
        """The reason of the ruling of decision ``index`` of an ambiguity."""
        english = rulebook.ambiguities(self.game)[ambiguity_id].decisions[index].reason
        return self.text((*self._decision(ambiguity_id, index), "reason"), english)

    def dealt(self, ambiguity_id: str, fact_id: str) -> tuple[Text, Text]:
        """The claim and the argument of a fact about dealt games."""
        fact = next(f for f in rulebook.ambiguities(self.game)[ambiguity_id].dealt_games if f.id == fact_id)
        where = ("ambiguities", ambiguity_id, "dealt_games", fact_id)
        return self.text((*where, "claim"), fact.claim), self.text((*where, "argument"), fact.argument)

    def rendering(self, sentence_id: str) -> Text | None:
        """A source sentence rendered in this language; None when the sentence is
        in this language already (English pages give the rulebook's English)."""
        sentence = rulebook.sentences(self.game)[sentence_id]
        if rulebook.text_info(self.game)[sentence.text]["language"] == self.language:
            return None
        return self.text(("sentences", sentence_id), sentence.english)

    def non_normative(self, sentence_id: str) -> Text | None:
        """Why a source sentence became no clause (None when it became clauses)."""
        english = rulebook.sentences(self.game)[sentence_id].non_normative
        return None if english is None else self.text(("non_normative", sentence_id), english)

    def source(self, text: str) -> Text:
        """The name of a source text (``FR``), as the sources page shows it."""
        return self.text(("sources", text), rulebook.text_info(self.game)[text]["title"])

    def option_summary(self, name: str) -> Text:
        """What a rule option decides."""
        return self.text(("options", name, "summary"), options(self.game)[name].summary)

    def option_value(self, name: str, value: str) -> Text:
        """What one value of a rule option means."""
        return self.text(("options", name, "values", value), options(self.game)[name].values[value])

    def profile(self, name: str) -> Text:
        """The sentence saying which house plays a profile."""
        return self.text(("profiles", name), profile_summary(name, self.game))

    def scenario(self, title: str) -> Text:
        """A Gherkin scenario's title (given in English, as the suite writes it)."""
        return self.text(("scenarios", title), title)

    def case(self, title: str) -> Text:
        """A fixture case's title (given in English)."""
        return self.text(("cases", title), title)

    def book(self, part: str) -> Text:
        """The book's prose: ``title``, ``intro``, ``closing_title`` or ``closing``."""
        return self.text(("book", part), cast(str, getattr(rulebook.book(self.game), part)))


def strings(game: str, language: str, scenarios: Iterable[str] = (), cases: Iterable[str] = ()) -> Iterator[Path]:
    """The path of every string a translation of ``game`` into ``language`` holds
    (the given scenario and case titles included)."""
    yield from (("book", part) for part in ("title", "intro", "closing_title", "closing"))
    yield from (("areas", area) for area in rulebook.areas(game))
    for clause in rulebook.clauses(game).values():
        yield ("clauses", clause.id, "statement")
        if clause.notes:
            yield ("clauses", clause.id, "notes")
        yield from (("clauses", clause.id, "examples", i) for i in range(len(clause.examples)))
    for entry in rulebook.ambiguities(game).values():
        yield from _ambiguity_strings(entry)
    texts = rulebook.text_info(game)
    for sentence in rulebook.sentences(game).values():
        if texts[sentence.text]["language"] != language:
            yield ("sentences", sentence.id)
        if sentence.non_normative:
            yield ("non_normative", sentence.id)
    yield from (("sources", text) for text in texts)
    for name, option in options(game).items():
        yield ("options", name, "summary")
        yield from (("options", name, "values", value) for value in option.values)
    yield from (("profiles", name) for name in profile_names(game))
    yield from (("scenarios", title) for title in dict.fromkeys(scenarios))
    yield from (("cases", title) for title in dict.fromkeys(cases))


def _ambiguity_strings(entry: rulebook.Ambiguity) -> Iterator[Path]:
    where = ("ambiguities", entry.id)
    yield (*where, "title")
    silent = sum(isinstance(s, rulebook.Silence) for s in entry.sources)
    yield from ((*where, "silences", i) for i in range(silent))
    for index, decision in enumerate(entry.decisions):
        at = (*where, "decisions", index)
        if decision.question:
            yield (*at, "question")
        yield from ((*at, "readings", r.id) for r in decision.readings)
        yield (*at, "reason")
    for fact in entry.dealt_games:
        yield from ((*where, "dealt_games", fact.id, part) for part in ("claim", "argument"))


def _named(path: Path) -> str:
    return "/".join(str(part) for part in path)


def missing(found: Translation, scenarios: Iterable[str] = (), cases: Iterable[str] = ()) -> list[str]:
    """Every string the translation lacks, by its path (``clauses/R-MAT-1/notes``)."""
    if found.language == ENGLISH:
        return []
    every = strings(found.game, found.language, scenarios, cases)
    return [_named(path) for path in every if found.at(path) is None]


def _leaves(node: Any, path: Path = ()) -> Iterator[Path]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path


_HEADER = ("version", "game", "language", "machine_translated", "review")


def unknown(
    found: Translation, scenarios: Iterable[str] | None = None, cases: Iterable[str] | None = None
) -> list[str]:
    """Every string of the translation whose path names nothing of the rulebook (a
    clause, reading, option value… that does not exist); scenario and case titles are
    checked only when the titles are given."""
    known = set(strings(found.game, found.language, scenarios or (), cases or ()))
    unchecked = {"scenarios"} if scenarios is None else set()
    unchecked |= {"cases"} if cases is None else set()
    return [
        _named(path)
        for path in _leaves(found.document)
        if path[0] not in _HEADER and path[0] not in unchecked and path not in known
    ]


def language_file(game: str, folder: str, language: str) -> str:
    """Where the file of ``language`` in the folder ``folder`` of the rulebook ``game``
    is (``translations``, ``glossary``; it may not exist)."""
    return os.path.join(folders.ROOT, game, folder, f"{language}.yaml")


def languages_in(game: str, folder: str) -> tuple[str, ...]:
    """The languages the folder ``folder`` of the rulebook ``game`` has a file for, by code."""
    where = os.path.join(folders.ROOT, game, folder)
    names = os.listdir(where) if os.path.isdir(where) else []
    return tuple(sorted(name.removesuffix(".yaml") for name in names if name.endswith(".yaml")))


def path_of(game: str, language: str) -> str:
    """Where the translation of ``game`` into ``language`` is (it may not exist)."""
    return language_file(game, FOLDER, language)


def languages(game: str) -> tuple[str, ...]:
    """The languages ``game`` has a translation file for, by code."""
    return languages_in(game, FOLDER)


def read(where: str | FilePath, game: str) -> Translation:
    """The translation file ``where`` of ``game``, checked (:class:`RulebookError`
    naming the file, the line or the field, never a traceback)."""
    document = parsed(FilePath(where))
    if not isinstance(document, dict):
        raise RulebookError("invalid-translation", f"{where}: not a mapping")
    rulebook.check_document(schema_of("translation"), "translation", document, str(where))
    if document["game"] != game:
        raise RulebookError("invalid-translation", f"{where}: at game: {document['game']!r} is not {game!r}")
    return Translation(game, document["language"], document["machine_translated"], document["review"], document)


@cache
def schema_of(kind: str) -> dict[str, Any]:
    """``schemas/<kind>.schema.json`` (``translation``, ``glossary``)."""
    text = files(__package__).joinpath("schemas", f"{kind}.schema.json").read_text("utf-8")
    return cast(dict[str, Any], json.loads(text))


def parsed(where: FilePath) -> Any:
    """The YAML document of ``where``; :class:`RulebookError` with its line if it is not YAML."""
    import yaml

    try:
        return yaml_text.parse(where.read_text("utf-8"))
    except yaml.MarkedYAMLError as error:
        line = error.problem_mark.line + 1 if error.problem_mark else 0
        raise RulebookError("invalid-yaml", f"{where}:{line}: not YAML: {error.problem}") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise RulebookError("invalid-yaml", f"{where}: cannot read: {error}") from None


@cache
def translation(game: str, language: str) -> Translation:
    """The rulebook ``game`` in ``language``: its file, or nothing translated (every
    accessor answers English) for English or a language without a file."""
    where = path_of(game, language)
    if language == ENGLISH or not os.path.isfile(where):
        return Translation(game, language)
    return read(where, game)
