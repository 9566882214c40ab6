"""The contract as written and as built agree: the contract clauses (areas SETUP and
PROTO) quote docs/cards-contract.md word for word, the reason codes the docs list are
exactly those the reference (engine + adapter) can raise, and a malformed setup gets
a documented code and a message free of Python internals."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest
from generala_spec import rulebook

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "cards-contract.md").read_text("utf-8")
RAISERS = {"InvalidPosition", "InvalidInput", "IllegalAction", "BadRequest", "UnknownOption"}


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, blanks as hyphens."""
    return re.sub(r"[^a-z0-9 -]", "", heading.strip().lower()).replace(" ", "-")


def sections(docs: str = DOCS) -> dict[str, str]:
    """Each section of ``docs`` (the card contract) by slug: from its heading to the next heading of the
    same or a higher level (so a section holds its subsections)."""
    heads = [(m.start(), len(m.group(1)), m.group(2)) for m in re.finditer(r"^(#+) (.+)$", docs, re.M)]
    found = {}
    for i, (start, level, title) in enumerate(heads):
        end = next((s for s, lv, _ in heads[i + 1 :] if lv <= level), len(docs))
        found[_slug(title)] = " ".join(docs[start:end].split())
    return found


def test_contract_clauses_quote_their_docs_section_word_for_word() -> None:
    table = sections()
    quoted = [(c.id, d) for c in rulebook.clauses().values() for d in c.docs]
    assert len(quoted) >= 15
    for clause, doc in quoted:
        assert doc.section in table, f"{clause}: docs/cards-contract.md has no section #{doc.section}"
        assert " ".join(doc.quote.split()) in table[doc.section], f"{clause}: not in #{doc.section}: {doc.quote}"


def documented_codes() -> set[str]:
    """The codes docs/cards-contract.md lists: the reason-code table, the heads of the
    refused-setup bullets and the codes named in the refused-request bullets."""
    table = sections()
    codes = set(re.findall(r"\| `([a-z-]+)` \|", table["reason-codes-refused-actions"]))
    for head in re.findall(r"- ((?:`[a-z-]+`,? )+)\(R-SETUP-\d", table["refused-setups"]):
        codes |= set(re.findall(r"`([a-z-]+)`", head))
    codes |= set(re.findall(r"(?:code|/|`illegal`) `([a-z-]+)`", table["refused-requests"]))
    return codes


def _codes_in(path: Path) -> set[str]:
    """The literal codes a module passes to the engine's error classes (and the
    code parameter defaults of its helpers, such as ``_bad``)."""
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args[:1] if node.func.id in RAISERS else node.args[1:2] if node.func.id == "_bad" else []
            found |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        if isinstance(node, ast.FunctionDef):
            params = node.args.args[-len(node.args.defaults) :] if node.args.defaults else []
            found |= {
                d.value
                for p, d in zip(params, node.args.defaults, strict=True)
                if p.arg == "code" and isinstance(d, ast.Constant)
            }
    return found


def reference_codes() -> set[str]:
    modules = [ROOT / "reference" / "errors.py", *sorted((ROOT / "reference" / "cards").glob("*.py"))]
    modules += [ROOT / "conformance" / "games" / "cards" / "reference_adapter.py", ROOT / "spec" / "options.py"]
    return set().union(*(_codes_in(m) for m in modules))


def test_the_documented_codes_are_exactly_those_the_reference_can_raise() -> None:
    documented, raised = documented_codes(), reference_codes()
    assert len(documented) >= 30
    assert sorted(raised - documented) == [], "raised by the reference but not documented"
    assert sorted(documented - raised) == [], "documented but never raised by the reference"


def test_the_code_scan_sees_a_planted_code(tmp_path: Path) -> None:
    planted = tmp_path / "m.py"
    planted.write_text(
        'def _bad(m, code="x-default"):\n    pass\nraise InvalidPosition("x-new", "m")\n_bad("m", "x-two")\n'
    )
    assert _codes_in(planted) == {"x-default", "x-new", "x-two"}


JUNK = [
    5,
    [],
    {"deal": {"players": "3", "dealer": 0}},
    {"deal": {"players": 3.0, "dealer": 0}},
    {"deal": {"players": 3, "dealer": True}},
    {"deal": {"players": 3, "dealer": 0, "deck": "2C 3C"}},
    {"deal": {"players": 3, "dealer": 0, "deck": [1, 2]}},
    {"deal": {"players": 3, "dealer": 0, "seated": "all"}},
    {"deal": {"players": 3, "dealer": 0, "seated": [0, None]}},
    {"deal": {"players": 3, "dealer": 0, "seed": "x"}},
    {"deal": None},
    {"position": {"players": None, "hands": [[], []], "leader": 0}},
    {"position": {"players": 2, "hands": [["2C"], "3C"], "leader": 0}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": "P1"}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "trick": "2C"}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "trick": [["2C"]]}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "went_out": {}}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "dealt": "2"}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "forced": 7}},
    {"position": {"players": 2, "hands": [["2C"], ["3C"]], "leader": 0, "taking": []}},
    {"position": [], "rules": {}},
    {"rules": [], "deal": {"players": 3, "dealer": 0}},
    {"rules": {"tie-break": ["x"]}, "deal": {"players": 3, "dealer": 0}},
    {"profile": {"a": 1}, "deal": {"players": 3, "dealer": 0}},
    {"series": "yes", "deal": {"players": 3, "dealer": 0}},
]


@pytest.mark.parametrize("setup", JUNK, ids=[str(i) for i in range(len(JUNK))])
def test_a_malformed_setup_gets_a_documented_code_and_a_plain_message(setup: object) -> None:
    adapter = ReferenceAdapter()
    with pytest.raises(BadRequest) as caught:
        adapter.start(setup)  # type: ignore[arg-type]
    assert caught.value.code in documented_codes()
    assert not re.search(r"Error\b|Traceback|<class", caught.value.message), caught.value.message


def test_contract_cases_cite_existing_docs_sections() -> None:
    from generala_conformance.games.cards.fixtures import load_all

    table = sections()
    prefix = "cards-contract.md#"
    sections_cited = [s for c in load_all() for s in c.sources if ".md#" in s]
    assert all(s.startswith(prefix) for s in sections_cited), sorted(set(sections_cited))
    cited = {s.removeprefix(prefix) for s in sections_cited}
    assert cited and cited <= set(table), sorted(cited - set(table))
