"""docs/dev/internals.md lists exactly the reason codes the dice reference engine can
raise, docs/dice-contract.md exactly those the dice reference answers requests with,
and the dice engine stands alone (it never imports generala_conformance)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.unit.test_contract_docs import _codes_in, sections

ROOT = Path(__file__).resolve().parents[2]
INTERNALS = (ROOT / "docs" / "dev" / "internals.md").read_text("utf-8")
MODULES = sorted((ROOT / "reference" / "dice").glob("*.py"))


def test_the_documented_dice_codes_are_exactly_those_the_dice_engine_can_raise() -> None:
    (table,) = [text for slug, text in sections(INTERNALS).items() if slug.startswith("the-dice-games-rulebook")]
    first_cells = re.findall(r"\| ((?:`[a-z-]+`,? )+)\|", table)
    documented = set(re.findall(r"`([a-z-]+)`", " ".join(first_cells)))
    raised = set().union(*(_codes_in(m) for m in MODULES)) | {
        "unknown-profile",
        "unknown-option",
        "unknown-option-value",
    }
    assert len(documented) >= 15
    assert sorted(raised - documented) == [] and sorted(documented - raised) == []


def test_the_dice_engine_never_imports_the_conformance_package() -> None:
    for module in MODULES:
        tree = ast.parse(module.read_text("utf-8"))
        imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        imported += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [name for name in imported if name.startswith("generala_conformance")], module.name


DICE_CONTRACT = (ROOT / "docs" / "dice-contract.md").read_text("utf-8")
NOT_OVER_THE_PROTOCOL = {
    "bad-die": "the adapter checks the dice the kit sends first (bad-dice)",
    "dice-exhausted": "the kit's dice come with each roll (bad-dice)",
    "bad-point-table": "a declared point table is the hello's, checked by the handshake",
}


def _answered_in(path: Path) -> set[str]:
    """The literal codes a module refuses a request with (``Refused`` or ``BadRequest``)."""
    tree = ast.parse(path.read_text("utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("Refused", "BadRequest")
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def test_the_dice_contract_lists_exactly_the_codes_the_dice_reference_answers_with() -> None:
    table = sections(DICE_CONTRACT)
    cells = table["reason-codes-refused-actions-illegal"] + table["refused-setups-and-requests-bad-request"]
    documented = set(re.findall(r"`([a-z-]+)`", " ".join(re.findall(r"\| ((?:`[a-z-]+`,? )+)\|", cells))))
    adapter = ROOT / "conformance" / "games" / "dice" / "reference_adapter.py"
    engine = set().union(*(_codes_in(m) for m in MODULES)) - set(NOT_OVER_THE_PROTOCOL)
    options = {"unknown-profile", "unknown-option", "unknown-option-value"}
    answered = _answered_in(adapter) | _codes_in(adapter) | engine | options
    assert len(documented) >= 20
    assert sorted(answered - documented) == [] and sorted(documented - answered) == []
