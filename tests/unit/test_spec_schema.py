"""The JSON Schemas of spec/schemas/ and the rulebook YAML files they describe."""

from __future__ import annotations

import copy
import json
from importlib.resources import files

import jsonschema
import pytest
import yaml
from generala_spec import rulebook
from generala_spec.rulebook import RulebookError

SCHEMAS = sorted(
    entry for entry in files("generala_spec").joinpath("schemas").iterdir() if entry.name.endswith(".json")
)
KINDS = ("clauses", "ambiguities", "sources", "options")
FILES = [(spec, kind) for spec in rulebook.rulebooks() for kind in KINDS]
FILE_IDS = [f"{spec or 'cards'}-{kind}" for spec, kind in FILES]


def _yaml(kind: str, spec: str = "cards") -> dict:
    return yaml.safe_load(rulebook.folder(spec).joinpath(f"{kind}.yaml").read_text("utf-8"))


def test_the_rulebook_schema_is_shipped() -> None:
    assert "rulebook.schema.json" in {entry.name for entry in SCHEMAS}


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda entry: entry.name)
def test_every_schema_is_valid_json_schema_2020_12(schema) -> None:
    document = json.loads(schema.read_text("utf-8"))
    assert document.get("$schema") == "https://json-schema.org/draft/2020-12/schema", schema.name
    jsonschema.Draft202012Validator.check_schema(document)


@pytest.mark.parametrize(("spec", "kind"), FILES, ids=FILE_IDS)
def test_each_rulebook_file_matches_its_schema(spec: str, kind: str) -> None:
    rulebook.validate(kind, _yaml(kind, spec), f"{kind}.yaml", spec)


@pytest.mark.parametrize(("spec", "kind"), FILES, ids=FILE_IDS)
def test_the_root_schema_accepts_each_file(spec: str, kind: str) -> None:
    jsonschema.validate(_yaml(kind, spec), rulebook.schema(spec), cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("spec", rulebook.rulebooks(), ids=lambda spec: spec or "cards")
def test_the_shipped_root_schema_accepts_each_book(spec: str) -> None:
    jsonschema.validate(_yaml("book", spec), rulebook.base_schema(), cls=jsonschema.Draft202012Validator)


def test_the_shipped_schema_is_the_card_rulebooks() -> None:
    """The game-specific $defs written in rulebook.schema.json are those made from spec/cards/book.yaml."""
    shipped = rulebook.base_schema()["$defs"]
    made = rulebook.game_defs()
    assert {name: {k: v for k, v in shipped[name].items() if k != "description"} for name in made} == made
    assert rulebook.schema() == rulebook.base_schema()
    assert rulebook.schema("dice")["$defs"]["textName"] == {"enum": ["PT"]}


def test_the_dice_schema_refuses_card_ids() -> None:
    """The dice rulebook's IDs and texts are its own: a card clause ID or text name is refused."""
    clauses = _broken("clauses", ("clauses", 0, "id"), "R-MAT-1", "dice")
    with pytest.raises(RulebookError, match=r"^dice/clauses.yaml: at clauses/0/id"):
        rulebook.validate("clauses", clauses, "dice/clauses.yaml", "dice")
    sources = _broken("sources", ("texts", "PT", "language"), "fr", "dice")
    with pytest.raises(RulebookError, match=r"^dice/sources.yaml: at texts/PT/language"):
        rulebook.validate("sources", sources, "dice/sources.yaml", "dice")
    profiles = _broken("ambiguities", ("ambiguities", 0, "profiles"), {"fr": "three", "fa": "three"}, "dice")
    with pytest.raises(RulebookError, match=r"^dice/ambiguities.yaml: at ambiguities/0"):
        rulebook.validate("ambiguities", profiles, "dice/ambiguities.yaml", "dice")
    options = _broken("options", ("profiles", "pt"), None, "dice")
    with pytest.raises(RulebookError, match=r"^dice/options.yaml: at profiles"):
        rulebook.validate("options", options, "dice/options.yaml", "dice")


def test_a_malformed_book_is_refused_naming_file_and_field() -> None:
    book = _broken("book", ("clause-prefix",), "dice", "dice")
    with pytest.raises(RulebookError, match=r"^dice/book.yaml: at clause-prefix"):
        rulebook.validate("book", book, "dice/book.yaml")


def _broken(kind: str, path: tuple, value: object, spec: str = "cards") -> dict:
    """The file ``kind`` with the field at ``path`` set to ``value`` (None: deleted)."""
    document = copy.deepcopy(_yaml(kind, spec))
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    if value is None:
        del node[last]
    else:
        node[last] = value
    return document


@pytest.mark.parametrize(
    ("kind", "path", "value", "where"),
    [
        ("clauses", ("clauses", 0, "id"), "R-mat-1", "clauses/0/id"),
        ("clauses", ("clauses", 3, "statement"), None, "clauses/3"),
        ("clauses", ("clauses", 2, "sources", 0, "text"), "PT", "clauses/2/sources/0/text"),
        ("clauses", ("clauses", 1, "colour"), "red", "clauses/1"),
        ("ambiguities", ("ambiguities", 0, "profiles"), None, "ambiguities/0"),
        ("ambiguities", ("ambiguities", 9, "profiles"), {"fr": "a", "fa": "b"}, "ambiguities/9"),
        ("ambiguities", ("ambiguities", 4, "readings"), [{"id": "only", "text": "x"}], "ambiguities/4/readings"),
        ("ambiguities", ("ambiguities", 1, "also", 0, "question"), None, "ambiguities/1/also/0"),
        ("sources", ("texts", "FR", "sentences", 0, "clauses"), None, "texts/FR/sentences/0"),
        ("sources", ("texts", "FA", "sentences", 1, "id"), "FA-x", "texts/FA/sentences/1/id"),
        ("options", ("options", "tie-break", "default"), None, "options/tie-break"),
        ("options", ("options", "tie-break", "switches_off"), {"any-nearest": ["R-X"]}, "options/tie-break"),
    ],
)
def test_a_malformed_file_is_refused_naming_file_and_field(kind, path, value, where) -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.validate(kind, _broken(kind, path, value), f"{kind}.yaml")
    assert caught.value.code == "invalid-rulebook"
    assert str(caught.value).startswith(f"{kind}.yaml: at {where}")


def test_an_unknown_schema_kind_is_an_error() -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.schema_for("fixtures-of-dice")
    assert caught.value.code == "unknown-schema"
