"""docs/dev/internals.md lists exactly the reason codes the dice reference engine can
raise, and the dice engine stands alone (it never imports generala_conformance)."""

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
