"""The dice fixture schema (``spec/schemas/dice-fixture.schema.json``) says what the
dice contract and protocol say: its refusal codes are the contract's reason codes,
its state fields the protocol's, and it is a valid draft 2020-12 schema."""

from __future__ import annotations

import re
from pathlib import Path

from generala_conformance.games.dice.cases import schema
from generala_conformance.transport.protocol import protocol_schema
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]


def test_the_schema_is_valid() -> None:
    Draft202012Validator.check_schema(schema())


def test_its_refusal_codes_are_the_contracts_reason_codes() -> None:
    text = (ROOT / "docs" / "dice-contract.md").read_text("utf-8")
    table = text.split("### Reason codes (refused actions, `illegal`)", 1)[1].split("\n\n", 2)[1]
    codes = re.findall(r"^\| `([a-z-]+)` \|", table, re.M)
    assert len(codes) >= 10 and schema()["$defs"]["refusal-code"]["enum"] == codes


def test_its_state_fields_are_the_protocols() -> None:
    fields = schema()["$defs"]["state-step"]["properties"]["state"]["properties"]
    protocol = protocol_schema("dice-protocol.schema.json")["$defs"]["state"]["properties"]
    assert list(fields) == list(protocol)
    assert all(
        ref == {"$ref": f"dice-protocol.schema.json#/$defs/state/properties/{name}"} for name, ref in fields.items()
    )
