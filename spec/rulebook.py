"""The rulebook as data: clauses (``clauses.yaml``), the ambiguity register
(``ambiguities.yaml``) and the sentence inventory (``sources.yaml``), each
checked against ``schemas/rulebook.schema.json`` when loaded.

A rulebook is a folder of generala_spec, named by ``spec``: ``"cards"`` (the default)
is the card game's; ``"dice"`` is the dice game's. Each
folder says in ``book.yaml`` what makes it one game's (its clause prefix and source
texts); the game-specific ``$defs`` of the schema (IDs, text names, literal
profiles) are made from it, so one schema checks every rulebook.

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
from typing import Any, cast

from generala_spec import yaml_text
from generala_spec.fast_schema import fast_valid
from generala_spec.folders import CARDS, RulebookError, read_text
from generala_spec.folders import folder as folder  # kept importable from here
from generala_spec.folders import rulebooks as rulebooks  # where the rulebooks are, kept importable from here


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
    """A word-for-word quote of one section of ``docs/cards-contract.md`` (``section`` is
    the slug of its heading: ``refused-setups``)."""

    section: str
    quote: str


@dataclass(frozen=True)
class Clause:
    """One normative clause (``R-AREA-n``).

    A rule clause rests on sentences of the source texts (``sources``); a contract
    clause (areas such as ``SETUP`` and ``PROTO``: what an implementation must answer
    beyond the rules) rests on sections of ``docs/cards-contract.md`` (``docs``).
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
        """Whether this is a contract clause (cites ``docs/cards-contract.md``)."""
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


def _read(name: str, spec: str = CARDS) -> str:
    return read_text(spec, name)


@dataclass(frozen=True)
class Book:
    """What makes a rulebook folder one game's (its ``book.yaml``).

    ``texts`` maps each source text's name (``FR``) to its language (``fr``), in
    order; the literal profile of a text is its name in lower case.
    """

    game: str
    title: str
    clause_prefix: str
    texts: Mapping[str, str]
    intro: str
    closing_title: str
    closing: str

    @property
    def literal_profiles(self) -> tuple[str, ...]:
        """The profiles reading one text literally (``("fr", "fa")``)."""
        return tuple(name.lower() for name in self.texts)

    def id_pattern(self) -> re.Pattern[str]:
        """Every well-formed ID of this rulebook: clause, ambiguity or sentence."""
        texts = "|".join(self.texts)
        return re.compile(rf"^(?:{self.clause_prefix}-[A-Z]+-\d+|AMB-\d+|(?:{texts})-\d+)$")


@cache
def base_schema() -> dict[str, Any]:
    """``schemas/rulebook.schema.json`` as shipped (its game-specific ``$defs`` are the card game's)."""
    return cast(
        dict[str, Any], json.loads(files(__package__).joinpath("schemas", "rulebook.schema.json").read_text("utf-8"))
    )


@cache
def book(spec: str = CARDS) -> Book:
    """The ``book.yaml`` of the rulebook ``spec``, checked against the schema."""
    document = yaml_text.parse(_read("book.yaml", spec))
    check_document(base_schema(), "book", document, _filename("book", spec))
    return Book(
        game=document["game"],
        title=document["title"],
        clause_prefix=document["clause-prefix"],
        texts=MappingProxyType(dict(document["texts"])),
        intro=document["intro"],
        closing_title=document["closing"]["title"],
        closing=document["closing"]["text"],
    )


def game_defs(spec: str = CARDS) -> dict[str, Any]:
    """The game-specific ``$defs`` of the rulebook schema, made from ``book.yaml``."""
    entry = book(spec)
    texts = "|".join(entry.texts)
    literal = entry.literal_profiles
    return {
        "clauseId": {"type": "string", "pattern": f"^{entry.clause_prefix}-[A-Z]+-[1-9][0-9]*$"},
        "sentenceId": {"type": "string", "pattern": f"^({texts})-[1-9][0-9]*$"},
        "textName": {"enum": list(entry.texts)},
        "language": {"enum": list(entry.texts.values())},
        "allTexts": {"required": list(entry.texts)},
        "allProfiles": {"required": ["default", *literal]},
        "literalProfiles": {
            "type": "object",
            "required": list(literal),
            "additionalProperties": False,
            "properties": {name: {"$ref": "#/$defs/name"} for name in literal},
        },
    }


@cache
def schema(spec: str = CARDS) -> dict[str, Any]:
    """The JSON Schema of the rulebook files of ``spec``: ``rulebook.schema.json``
    with the game-specific ``$defs`` of its ``book.yaml``."""
    root = base_schema()
    shipped = root["$defs"]
    made = {name: _described(shipped.get(name, {}), value) for name, value in game_defs(spec).items()}
    return {**root, "$defs": {**shipped, **made}}


def _described(shipped: dict[str, Any], made: dict[str, Any]) -> dict[str, Any]:
    """``made`` with the description the shipped ``$defs`` entry has, if any."""
    return {"description": shipped["description"], **made} if "description" in shipped else made


def schema_for(kind: str, spec: str = CARDS) -> dict[str, Any]:
    """The schema of one kind of file: ``clauses``, ``ambiguities``,
    ``sources`` or ``options`` (a ``$defs`` entry of the rulebook schema)."""
    return _schema_of(schema(spec), kind)


def _schema_of(root: dict[str, Any], kind: str) -> dict[str, Any]:
    if kind not in root["$defs"]:
        raise RulebookError("unknown-schema", f"no schema for {kind!r}; known: {sorted(root['$defs'])}")
    return {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": f"#/$defs/{kind}"}


def validate(kind: str, document: object, filename: str, spec: str = CARDS) -> None:
    """Raise :class:`RulebookError` naming the file and the field if
    ``document`` does not match the schema of ``kind`` in the rulebook ``spec``."""
    check_document(schema(spec), kind, document, filename)


def check_document(root: dict[str, Any], kind: str, document: object, filename: str) -> None:
    """Raise :class:`RulebookError` naming ``filename`` and the field if ``document``
    does not match the ``$defs`` entry ``kind`` of the schema ``root``
    (``jsonschema_rs`` tells whether it does; ``jsonschema``, which says why, is only
    imported when it does not)."""
    import jsonschema_rs

    schema = _schema_of(root, kind)
    if fast_valid(jsonschema_rs.Draft202012Validator(schema), document):
        return
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    errors = list(validator.iter_errors(document))
    # An error inside allOf also makes its properties "unevaluated": report the cause.
    causes = [e for e in errors if e.validator != "unevaluatedProperties"] or errors
    error = jsonschema.exceptions.best_match(causes)
    if error is not None:
        where = "/".join(str(part) for part in error.absolute_path) or "(top)"
        raise RulebookError("invalid-rulebook", f"{filename}: at {where}: {error.message}")


def _filename(kind: str, spec: str) -> str:
    return f"{spec}/{kind}.yaml" if spec else f"{kind}.yaml"


@cache
def load(kind: str, spec: str = CARDS) -> dict[str, Any]:
    """The parsed and schema-checked YAML file ``<kind>.yaml`` of the rulebook ``spec``."""
    filename = _filename(kind, spec)
    document: dict[str, Any] = yaml_text.parse(_read(f"{kind}.yaml", spec))
    validate(kind, document, filename, spec)
    return document


def _source(entry: dict[str, Any]) -> Quote | Silence:
    if "silent" in entry:
        return Silence(text=entry["silent"], note=entry["note"])
    return Quote(**entry)


@cache
def areas(spec: str = CARDS) -> Mapping[str, str]:
    """Area code to its title (``NEXT`` -> ``the next leader``), in order."""
    return MappingProxyType(dict(load("clauses", spec)["areas"]))


def area_of(clause_id: str) -> str:
    """The area code implied by a clause ID (``R-NEXT-4`` -> ``NEXT``)."""
    return clause_id.split("-")[1]


@cache
def clauses(spec: str = CARDS) -> Mapping[str, Clause]:
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
        for entry in load("clauses", spec)["clauses"]
    }
    return MappingProxyType(table)


def contract_areas(spec: str = CARDS) -> tuple[str, ...]:
    """The areas of contract clauses (``SETUP``, ``PROTO``), in order: an area's clauses
    are all rule clauses or all contract clauses (tests check it)."""
    table = clauses(spec).values()
    return tuple(area for area in areas(spec) if any(c.contract for c in table if c.area == area))


def _decision(entry: dict[str, Any]) -> Decision:
    return Decision(
        question=entry.get("question"),
        option=entry["option"],
        readings=tuple(Reading(**reading) for reading in entry["readings"]),
        ruling=entry["ruling"],
        reason=entry["reason"],
        profiles=MappingProxyType(dict(entry.get("profiles", {}))),
    )


@cache
def ambiguities(spec: str = CARDS) -> Mapping[str, Ambiguity]:
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
        for entry in load("ambiguities", spec)["ambiguities"]
    }
    facts = [fact.id for entry in table.values() for fact in entry.dealt_games]
    twice = sorted({f for f in facts if facts.count(f) > 1})
    if twice:
        where = _filename("ambiguities", spec)
        raise RulebookError("invalid-rulebook", f"{where}: dealt_games ids used twice: {twice}")
    return MappingProxyType(table)


@cache
def text_info(spec: str = CARDS) -> Mapping[str, Mapping[str, str]]:
    """Per source text (``FR``, ``FA``): its seed file name, language and title."""
    texts = load("sources", spec)["texts"]
    return MappingProxyType(
        {name: MappingProxyType({k: v for k, v in entry.items() if k != "sentences"}) for name, entry in texts.items()}
    )


@cache
def sentences(spec: str = CARDS) -> Mapping[str, Sentence]:
    """Every sentence of the inventory by ID (``FR-1`` ... ``FA-n``), in order."""
    table = {}
    for text, entry in load("sources", spec)["texts"].items():
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


def kind_of(identifier: str, spec: str = CARDS) -> str:
    """``clause``, ``ambiguity`` or ``sentence`` for a well-formed ID.

    >>> kind_of("R-NEXT-4"), kind_of("AMB-5"), kind_of("FA-12"), kind_of("D-SCORE-2", "dice")
    ('clause', 'ambiguity', 'sentence', 'clause')
    """
    entry = book(spec)
    if not entry.id_pattern().match(identifier):
        texts = " or ".join(f"{name}-n" for name in entry.texts)
        raise RulebookError(
            "malformed-id",
            f"{identifier!r} is not a rulebook ID ({entry.clause_prefix}-AREA-n, AMB-n, {texts})",
        )
    if identifier.startswith(f"{entry.clause_prefix}-"):
        return "clause"
    return "ambiguity" if identifier.startswith("AMB-") else "sentence"


def ambiguities_of_clause(clause_id: str, spec: str = CARDS) -> list[Ambiguity]:
    """The register entries that affect ``clause_id`` (the rulings it rests on)."""
    return [entry for entry in ambiguities(spec).values() if clause_id in entry.clauses]
