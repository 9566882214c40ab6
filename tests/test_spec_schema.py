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


def _yaml(kind: str) -> dict:
    return yaml.safe_load(files("generala_spec").joinpath(f"{kind}.yaml").read_text("utf-8"))


def test_the_rulebook_schema_is_shipped() -> None:
    assert "rulebook.schema.json" in {entry.name for entry in SCHEMAS}


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda entry: entry.name)
def test_every_schema_is_valid_json_schema_2020_12(schema) -> None:
    document = json.loads(schema.read_text("utf-8"))
    assert document.get("$schema") == "https://json-schema.org/draft/2020-12/schema", schema.name
    jsonschema.Draft202012Validator.check_schema(document)


@pytest.mark.parametrize("kind", KINDS)
def test_each_rulebook_file_matches_its_schema(kind: str) -> None:
    rulebook.validate(kind, _yaml(kind), f"{kind}.yaml")


@pytest.mark.parametrize("kind", KINDS)
def test_the_root_schema_accepts_each_file(kind: str) -> None:
    jsonschema.validate(_yaml(kind), rulebook.schema(), cls=jsonschema.Draft202012Validator)


def _broken(kind: str, path: tuple, value: object) -> dict:
    """The file ``kind`` with the field at ``path`` set to ``value`` (None: deleted)."""
    document = copy.deepcopy(_yaml(kind))
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
