"""The rulebook as data: clauses (``clauses.yaml``), the ambiguity register
(``ambiguities.yaml``) and the sentence inventory (``sources.yaml``), each
checked against ``schemas/rulebook.schema.json`` when loaded.

Rule options and profiles are in :mod:`generala_spec.options`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType

from generala_spec import yaml_text

TEXTS = ("FR", "FA")
"""The two source texts: French (seed 000) and Persian (seed 003)."""

ID_PATTERN = re.compile(r"^(?:R-[A-Z]+-\d+|AMB-\d+|(?:FR|FA)-\d+)$")


class RulebookError(ValueError):
    """A rulebook file that does not match its schema, or an unknown ID."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Quote:
    """A word-for-word quote of one sentence of a source text."""

    text: str
    sentence: str
    quote: str
    english: str


@dataclass(frozen=True)
class Silence:
    """A source text that says nothing on a point, with a note."""

    text: str
    note: str


@dataclass(frozen=True)
class DocQuote:
    """A word-for-word quote of one section of ``docs/interfaces.md`` (``section`` is
    the slug of its heading: ``refused-setups``)."""

    section: str
    quote: str


@dataclass(frozen=True)
class Clause:
    """One normative clause (``R-AREA-n``).

    A rule clause rests on sentences of the source texts (``sources``); a contract
    clause (areas such as ``SETUP`` and ``PROTO``: what an implementation must answer
    beyond the rules) rests on sections of ``docs/interfaces.md`` (``docs``).
    """

    id: str
    area: str
    statement: str
    status: str
    sources: tuple[Quote, ...]
    notes: str | None
    examples: tuple[str, ...]
    docs: tuple[DocQuote, ...] = ()

    @property
    def contract(self) -> bool:
        """Whether this is a contract clause (cites ``docs/interfaces.md``)."""
        return bool(self.docs)


@dataclass(frozen=True)
class Reading:
    """One possible reading of an ambiguous point."""

    id: str
    text: str


@dataclass(frozen=True)
class Decision:
    """A question of an ambiguity, its readings and the kit's ruling.

    When ``option`` names a rule option, the reading IDs are its values and
    ``profiles`` maps ``fr``/``fa`` to the reading each text gives literally.
    """

    question: str | None
    option: str | None
    readings: tuple[Reading, ...]
    ruling: str
    reason: str
    profiles: Mapping[str, str]


@dataclass(frozen=True)
class DealtFact:
    """A fact about dealt games: where an ambiguity cannot arise, with its argument."""

    id: str
    claim: str
    argument: str


@dataclass(frozen=True)
class Ambiguity:
    """One entry of the ambiguity register (``AMB-n``)."""

    id: str
    title: str
    sources: tuple[Quote | Silence, ...]
    clauses: tuple[str, ...]
    decisions: tuple[Decision, ...]
    dealt_games: tuple[DealtFact, ...] = ()

    @property
    def options(self) -> tuple[str, ...]:
        """The rule options this ambiguity settles (often none)."""
        return tuple(d.option for d in self.decisions if d.option)


@dataclass(frozen=True)
class Sentence:
    """One sentence of the inventory: its words (``wording``, in its language), its
    English rendering, its locator and what became of it."""

    id: str
    text: str
    wording: str
    english: str
    starts: str
    clauses: tuple[str, ...]
    non_normative: str | None
    ambiguities: tuple[str, ...]


def _read(name: str) -> str:
    return files(__package__).joinpath(name).read_text("utf-8")


@cache
def schema() -> dict:
    """The JSON Schema of the rulebook files (``rulebook.schema.json``)."""
    return json.loads(_read("schemas/rulebook.schema.json"))


def schema_for(kind: str) -> dict:
    """The schema of one kind of file: ``clauses``, ``ambiguities``,
    ``sources`` or ``options`` (a ``$defs`` entry of the rulebook schema)."""
    root = schema()
    if kind not in root["$defs"]:
        raise RulebookError("unknown-schema", f"no schema for {kind!r}; known: {sorted(root['$defs'])}")
    return {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": f"#/$defs/{kind}"}


def validate(kind: str, document: object, filename: str) -> None:
    """Raise :class:`RulebookError` naming the file and the field if
    ``document`` does not match the schema of ``kind``."""
    import jsonschema  # here, not at import: most commands never validate (~50 ms)

    validator = jsonschema.Draft202012Validator(schema_for(kind))
    errors = list(validator.iter_errors(document))
    # An error inside allOf also makes its properties "unevaluated": report the cause.
    causes = [e for e in errors if e.validator != "unevaluatedProperties"] or errors
    error = jsonschema.exceptions.best_match(causes)
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(top)"
        raise RulebookError("invalid-rulebook", f"{filename}: at {where}: {error.message}")


@cache
def load(kind: str) -> dict:
    """The parsed and schema-checked YAML file ``<kind>.yaml``."""
    filename = f"{kind}.yaml"
    document = yaml_text.parse(_read(filename))
    validate(kind, document, filename)
    return document


def _source(entry: dict) -> Quote | Silence:
    if "silent" in entry:
        return Silence(text=entry["silent"], note=entry["note"])
    return Quote(**entry)


@cache
def areas() -> Mapping[str, str]:
    """Area code to its title (``NEXT`` -> ``the next leader``), in order."""
    return MappingProxyType(dict(load("clauses")["areas"]))


def area_of(clause_id: str) -> str:
    """The area code implied by a clause ID (``R-NEXT-4`` -> ``NEXT``)."""
    return clause_id.split("-")[1]


@cache
def clauses() -> Mapping[str, Clause]:
    """Every clause by ID, in file order, retired ones included."""
    table = {
        entry["id"]: Clause(
            id=entry["id"],
            area=area_of(entry["id"]),
            statement=entry["statement"],
            status=entry.get("status", "active"),
            sources=tuple(Quote(**quote) for quote in entry.get("sources", [])),
            notes=entry.get("notes"),
            examples=tuple(entry.get("examples", [])),
            docs=tuple(DocQuote(**quote) for quote in entry.get("docs", [])),
        )
        for entry in load("clauses")["clauses"]
    }
    return MappingProxyType(table)


def contract_areas() -> tuple[str, ...]:
    """The areas of contract clauses (``SETUP``, ``PROTO``), in order: an area's clauses
    are all rule clauses or all contract clauses (tests check it)."""
    table = clauses().values()
    return tuple(area for area in areas() if any(c.contract for c in table if c.area == area))


def _decision(entry: dict) -> Decision:
    return Decision(
        question=entry.get("question"),
        option=entry["option"],
        readings=tuple(Reading(**reading) for reading in entry["readings"]),
        ruling=entry["ruling"],
        reason=entry["reason"],
        profiles=MappingProxyType(dict(entry.get("profiles", {}))),
    )


@cache
def ambiguities() -> Mapping[str, Ambiguity]:
    """The ambiguity register by ID, in file order."""
    table = {
        entry["id"]: Ambiguity(
            id=entry["id"],
            title=entry["title"],
            sources=tuple(_source(source) for source in entry["sources"]),
            clauses=tuple(entry["clauses"]),
            decisions=(_decision(entry), *(_decision(extra) for extra in entry.get("also", []))),
            dealt_games=tuple(DealtFact(**fact) for fact in entry.get("dealt_games", [])),
        )
        for entry in load("ambiguities")["ambiguities"]
    }
    facts = [fact.id for entry in table.values() for fact in entry.dealt_games]
    twice = sorted({f for f in facts if facts.count(f) > 1})
    if twice:
        raise RulebookError("invalid-rulebook", f"ambiguities.yaml: dealt_games ids used twice: {twice}")
    return MappingProxyType(table)


@cache
def text_info() -> Mapping[str, Mapping[str, str]]:
    """Per source text (``FR``, ``FA``): its seed file name, language and title."""
    texts = load("sources")["texts"]
    return MappingProxyType(
        {name: MappingProxyType({k: v for k, v in entry.items() if k != "sentences"}) for name, entry in texts.items()}
    )


@cache
def sentences() -> Mapping[str, Sentence]:
    """Every sentence of the inventory by ID (``FR-1`` ... ``FA-n``), in order."""
    table = {}
    for text, entry in load("sources")["texts"].items():
        for item in entry["sentences"]:
            table[item["id"]] = Sentence(
                id=item["id"],
                text=text,
                wording=item["text"],
                english=item["english"],
                starts=item["starts"],
                clauses=tuple(item.get("clauses", [])),
                non_normative=item.get("non-normative"),
                ambiguities=tuple(item.get("ambiguities", [])),
            )
    return MappingProxyType(table)


def kind_of(identifier: str) -> str:
    """``clause``, ``ambiguity`` or ``sentence`` for a well-formed ID.

    >>> kind_of("R-NEXT-4"), kind_of("AMB-5"), kind_of("FA-12")
    ('clause', 'ambiguity', 'sentence')
    """
    if not ID_PATTERN.match(identifier):
        raise RulebookError(
            "malformed-id",
            f"{identifier!r} is not a rulebook ID (R-AREA-n, AMB-n, FR-n or FA-n)",
        )
    if identifier.startswith("R-"):
        return "clause"
    return "ambiguity" if identifier.startswith("AMB-") else "sentence"


def ambiguities_of_clause(clause_id: str) -> list[Ambiguity]:
    """The register entries that affect ``clause_id`` (the rulings it rests on)."""
    return [entry for entry in ambiguities().values() if clause_id in entry.clauses]
