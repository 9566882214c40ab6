"""The Gherkin scenarios of a game's suite as cases, run without pytest.

A game writes its step definitions on a :class:`StepDefinitions` (``given``,
``when``, ``then``: a pattern read as a whole-sentence regular expression, its
named groups passed as keyword arguments, with ``datatable`` and ``docstring``
when the step has one) and says how a scenario's table is made (``table(adapter,
rules, requires)``). :func:`load_cases` parses the feature files with the
official Gherkin parser (``gherkin-official``) and compiles them to pickles (each
example row of an outline its own scenario), one :class:`FeatureCase` each;
:meth:`FeatureCase.run` plays its steps in order on an adapter.

A scenario's case id is its ``@id:`` tag, an outline row's followed by the row's
values joined by ``-`` in brackets (``…[2-P1-27, 27-P2]``); its clauses, ambiguities
and required rule options are its tags ``@R-FOLLOW-2`` (``@D-CAT-2``),
``@AMB-5`` and ``@option:NAME=VALUE``.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from generala_conformance.errors import UsageError
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

CLAUSE_TAG = re.compile(r"[A-Z]-[A-Z]+-\d+")
"""A clause's tag: ``R-FOLLOW-2`` (the card game), ``D-CAT-2`` (the dice game)."""
ID_TAG = "id:"
"""How the tag giving a scenario its stable case id begins (``@id:03_following/…``)."""
KINDS = {"Context": "given", "Action": "when", "Outcome": "then"}
"""A pickle step's type, and the keyword its definition is written with."""

Table = Any
"""What a game's steps play on (the card game's ``Table``, the dice game's ``DiceTable``)."""
Step = Callable[..., None]


class FeatureError(UsageError, ValueError):
    """A feature file the kit cannot use (``code``): not Gherkin, a scenario without its ``@id:`` tag."""


class UnknownStep(LookupError):
    """A step no definition matches (the scenario is an error, as pytest-bdd's would be)."""

    code = "unknown-step"


@dataclass(frozen=True)
class Definition:
    """One step definition: its keyword, its pattern and its function."""

    kind: str
    pattern: re.Pattern[str]
    function: Step
    takes: frozenset[str]
    """The names of the function's parameters (``datatable``, ``docstring`` and the pattern's groups)."""


class StepDefinitions:
    """A game's step definitions, looked up by keyword and whole sentence."""

    def __init__(self, table: Callable[[Any, Mapping[str, str], Mapping[str, str]], Table]) -> None:
        self.table = table
        """Makes a scenario's table from ``(adapter, rules, requires)``."""
        self.definitions: list[Definition] = []

    def _register(self, kind: str, pattern: str | re.Pattern[str]) -> Callable[[Step], Step]:
        compiled = re.compile(re.escape(pattern)) if isinstance(pattern, str) else pattern

        def register(function: Step) -> Step:
            takes = frozenset(inspect.signature(function).parameters)
            self.definitions.append(Definition(kind, compiled, function, takes))
            return function

        return register

    def given(self, pattern: str | re.Pattern[str]) -> Callable[[Step], Step]:
        """A Given step: a plain sentence, or a compiled pattern matched whole."""
        return self._register("given", pattern)

    def when(self, pattern: str | re.Pattern[str]) -> Callable[[Step], Step]:
        """A When step (as :meth:`given`)."""
        return self._register("when", pattern)

    def then(self, pattern: str | re.Pattern[str]) -> Callable[[Step], Step]:
        """A Then step (as :meth:`given`)."""
        return self._register("then", pattern)

    def find(self, kind: str, text: str) -> tuple[Definition, dict[str, str]]:
        """The definition of the ``kind`` step ``text`` and its arguments; :class:`UnknownStep` if none."""
        for definition in self.definitions:
            if definition.kind == kind and (match := definition.pattern.fullmatch(text)) is not None:
                return definition, match.groupdict()
        raise UnknownStep(f"no step definition for {kind.capitalize()} {text!r}")


@dataclass(frozen=True)
class ScenarioStep:
    """One step of a scenario, as written (outline values filled in)."""

    kind: str
    text: str
    datatable: list[list[str]] | None = None
    docstring: str | None = None


@dataclass(frozen=True)
class FeatureCase:
    """One scenario (an outline's row): its labels and its steps."""

    id: str
    title: str
    path: Path
    line: int
    clauses: tuple[str, ...]
    ambiguities: tuple[str, ...]
    requires: Mapping[str, str]
    tags: tuple[str, ...]
    """Its other tags (neither id, clause, ambiguity nor option)."""
    steps: tuple[ScenarioStep, ...] = field(repr=False)
    definitions: StepDefinitions = field(repr=False, compare=False)
    kind: ClassVar[str] = "feature"

    @property
    def where(self) -> str:
        """``file:line`` of the scenario."""
        return f"{self.path}:{self.line}"

    def run(self, adapter: Any, rules: Mapping[str, str]) -> None:
        """Play the steps on ``adapter`` under ``rules``; the first that fails raises."""
        table = self.definitions.table(adapter, rules, self.requires)
        for step in self.steps:
            definition, found = self.definitions.find(step.kind, step.text)
            arguments: dict[str, Any] = dict(found)
            if "datatable" in definition.takes:
                arguments["datatable"] = step.datatable or []
            if "docstring" in definition.takes and step.docstring is not None:
                arguments["docstring"] = step.docstring
            definition.function(table, **arguments)


def load_cases(folder: Path, definitions: StepDefinitions) -> list[FeatureCase]:
    """Every scenario of the ``*.feature`` files of ``folder``, in file order."""
    return [case for path in sorted(folder.glob("*.feature")) for case in _cases(path, definitions)]


def parse(path: Path) -> tuple[Any, list[Any]]:
    """The Gherkin document of the feature file ``path`` and its pickles (one per
    scenario, and per example row of an outline), as the parser's dictionaries;
    :class:`FeatureError` if it is none."""
    try:
        document: Any = Parser().parse(path.read_text("utf-8"))
    except Exception as error:  # the parser's own composite errors
        raise FeatureError("bad-feature", f"{path}: not a Gherkin file: {error}") from None
    document["uri"] = str(path)
    return document, Compiler().compile(document)


def step_kind(step: dict[str, Any]) -> str:
    """The keyword a pickle step's definition is written with (``given``, ``when``, ``then``)."""
    return KINDS.get(step.get("type", ""), "unknown")


def _cases(path: Path, definitions: StepDefinitions) -> Iterator[FeatureCase]:
    document, pickles = parse(path)
    scenarios, rows = _outline_parts(document)
    for pickle in pickles:
        scenario = scenarios[pickle["astNodeIds"][0]]
        tags = [tag["name"].removeprefix("@") for tag in pickle["tags"]]
        ids = [tag.removeprefix(ID_TAG) for tag in tags if tag.startswith(ID_TAG)]
        if not ids:
            where = f"{path}:{scenario['location']['line']}"
            raise FeatureError("no-id-tag", f"{where}: scenario {scenario['name']!r} has no @id: tag (its stable id)")
        row = rows.get(pickle["astNodeIds"][-1]) if len(pickle["astNodeIds"]) > 1 else None
        yield FeatureCase(
            id=ids[0] + (f"[{'-'.join(row)}]" if row is not None else ""),
            title=scenario["name"],
            path=path,
            line=scenario["location"]["line"],
            clauses=tuple(sorted({t for t in tags if CLAUSE_TAG.fullmatch(t)})),
            ambiguities=tuple(sorted({t for t in tags if t.startswith("AMB-")})),
            requires=dict(t.removeprefix("option:").split("=", 1) for t in tags if _is_option(t)),
            tags=tuple(t for t in tags if not _labelled(t)),
            steps=tuple(_step(step) for step in pickle["steps"]),
            definitions=definitions,
        )


def _outline_parts(document: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The scenarios of ``document`` by AST id, and the values of each outline row by its id."""
    scenarios: dict[str, Any] = {}
    rows: dict[str, list[str]] = {}
    for child in document.get("feature", {}).get("children", []):
        scenario = child.get("scenario")
        if scenario is None:
            continue
        scenarios[scenario["id"]] = scenario
        for examples in scenario.get("examples", []):
            for row in examples.get("tableBody", []):
                rows[row["id"]] = [cell["value"] for cell in row["cells"]]
    return scenarios, rows


def _step(step: dict[str, Any]) -> ScenarioStep:
    argument = step.get("argument", {})
    table = argument.get("dataTable")
    rows = [[cell["value"] for cell in row["cells"]] for row in table["rows"]] if table else None
    docstring = argument["docString"]["content"] if "docString" in argument else None
    return ScenarioStep(step_kind(step), step["text"], rows, docstring)


def _is_option(tag: str) -> bool:
    return tag.startswith("option:") and "=" in tag


def _labelled(tag: str) -> bool:
    """Whether ``tag`` is one of the labels :class:`FeatureCase` keeps apart."""
    return tag.startswith(ID_TAG) or bool(CLAUSE_TAG.fullmatch(tag)) or tag.startswith("AMB-") or _is_option(tag)
