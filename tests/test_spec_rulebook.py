"""Integrity of the rulebook: IDs, cross-references between clauses, the
sentence inventory, the ambiguity register and the rule options."""

from __future__ import annotations

import re
from collections import Counter
from importlib.resources import files

import pytest
import yaml
from generala_spec import rulebook
from generala_spec.options import options, profile_names, resolve
from generala_spec.rulebook import Quote, RulebookError

CLAUSES = rulebook.clauses()
AMBIGUITIES = rulebook.ambiguities()
SENTENCES = rulebook.sentences()
ACTIVE = [c for c in CLAUSES.values() if c.status == "active"]
RULE_CLAUSES = [c for c in ACTIVE if not c.contract]
REFERENCE = re.compile(r"\b(?:R-[A-Z]+-\d+|AMB-\d+|(?:FR|FA)-\d+)\b")

# Every clause ID ever issued. IDs are never removed or renumbered: a retired
# clause stays in clauses.yaml with `status: retired`. Append new IDs here.
ISSUED = {
    "MAT": 6, "DEAL": 3, "LEAD": 3, "FOLLOW": 5, "JOKER": 4, "DECL": 4,
    "TRICK": 2, "NEXT": 6, "OUT": 2, "END": 4, "SERIES": 9,
    "SETUP": 8, "PROTO": 8,
}  # fmt: skip


def _raw_ids(kind: str, *path: str) -> list[str]:
    document = yaml.safe_load(files("generala_spec").joinpath(f"{kind}.yaml").read_text("utf-8"))
    node = document
    for key in path:
        node = node[key]
    return [entry["id"] for entry in node]


def test_ids_are_unique() -> None:
    raw = _raw_ids("clauses", "clauses") + _raw_ids("ambiguities", "ambiguities")
    raw += _raw_ids("sources", "texts", "FR", "sentences") + _raw_ids("sources", "texts", "FA", "sentences")
    assert [i for i, n in Counter(raw).items() if n > 1] == []


def test_no_issued_clause_id_has_disappeared() -> None:
    for area, count in ISSUED.items():
        for number in range(1, count + 1):
            assert f"R-{area}-{number}" in CLAUSES


def test_clause_numbers_run_without_gaps_in_each_area() -> None:
    """IDs are never renumbered and retired clauses stay, so numbers are 1..n."""
    for area in rulebook.areas():
        numbers = sorted(int(c.id.rsplit("-", 1)[1]) for c in CLAUSES.values() if c.area == area)
        assert numbers == list(range(1, len(numbers) + 1)), area


def test_every_clause_is_in_a_known_area() -> None:
    assert {c.area for c in CLAUSES.values()} <= set(rulebook.areas())


def test_the_register_numbers_the_18_points_of_the_brief_then_more() -> None:
    numbers = [int(a.removeprefix("AMB-")) for a in AMBIGUITIES]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= 18


def _prose() -> list[tuple[str, str]]:
    found = []
    for clause in CLAUSES.values():
        found += [(clause.id, clause.statement), (clause.id, clause.notes or "")]
        found += [(clause.id, example) for example in clause.examples]
    for entry in AMBIGUITIES.values():
        found.append((entry.id, entry.title))
        for d in entry.decisions:
            found += [(entry.id, d.reason), (entry.id, d.question or "")]
            found += [(entry.id, r.text) for r in d.readings]
        found += [(entry.id, s.note) for s in entry.sources if not isinstance(s, Quote)]
        found += [(entry.id, text) for fact in entry.dealt_games for text in (fact.claim, fact.argument)]
    found += [(s.id, s.non_normative or "") for s in SENTENCES.values()]
    found += [(name, o.summary) for name, o in options().items()]
    return found


def test_every_id_named_in_prose_exists() -> None:
    known = set(CLAUSES) | set(AMBIGUITIES) | set(SENTENCES)
    missing = [(where, ref) for where, text in _prose() for ref in REFERENCE.findall(text) if ref not in known]
    assert missing == []


def test_every_clause_id_referenced_exists() -> None:
    referenced = [(s.id, c) for s in SENTENCES.values() for c in s.clauses]
    referenced += [(a.id, c) for a in AMBIGUITIES.values() for c in a.clauses]
    assert [(where, c) for where, c in referenced if c not in CLAUSES] == []


def test_every_active_rule_clause_is_cited_by_a_sentence() -> None:
    cited = {c for s in SENTENCES.values() for c in s.clauses}
    assert [c.id for c in RULE_CLAUSES if c.id not in cited] == []


def test_contract_clauses_are_cited_by_no_sentence_and_quote_no_source() -> None:
    cited = {c for s in SENTENCES.values() for c in s.clauses}
    contract = [c for c in CLAUSES.values() if c.contract]
    assert contract and all(not c.sources and c.id not in cited for c in contract)


def test_an_area_holds_rule_clauses_or_contract_clauses_not_both() -> None:
    kinds = {area: {c.contract for c in CLAUSES.values() if c.area == area} for area in rulebook.areas()}
    assert all(len(k) == 1 for k in kinds.values()), kinds
    assert rulebook.contract_areas() == ("SETUP", "PROTO")


def test_clause_sources_and_inventory_agree() -> None:
    """A clause quotes exactly the sentences that the inventory maps to it."""
    for clause in CLAUSES.values():
        quoted = {q.sentence for q in clause.sources}
        mapped = {s.id for s in SENTENCES.values() if clause.id in s.clauses}
        assert quoted == mapped, clause.id


def test_ambiguity_sources_and_inventory_agree() -> None:
    for entry in AMBIGUITIES.values():
        quoted = {q.sentence for q in entry.sources if isinstance(q, Quote)}
        listed = {s.id for s in SENTENCES.values() if entry.id in s.ambiguities}
        assert quoted == listed, entry.id


def test_every_sentence_is_mapped_or_marked_non_normative() -> None:
    for sentence in SENTENCES.values():
        assert bool(sentence.clauses) != bool(sentence.non_normative), sentence.id


def test_quotes_name_their_text_and_an_inventory_sentence() -> None:
    quotes = [q for c in CLAUSES.values() for q in c.sources]
    quotes += [q for a in AMBIGUITIES.values() for q in a.sources if isinstance(q, Quote)]
    for quote in quotes:
        assert quote.sentence in SENTENCES
        assert SENTENCES[quote.sentence].text == quote.text


def test_rulings_are_readings_and_readings_are_unique() -> None:
    for entry in AMBIGUITIES.values():
        for decision in entry.decisions:
            ids = [r.id for r in decision.readings]
            assert len(ids) == len(set(ids)), entry.id
            assert decision.ruling in ids, entry.id


def test_each_option_is_settled_by_exactly_its_ambiguity() -> None:
    settled_by = {name: [a.id for a in AMBIGUITIES.values() if name in a.options] for name in options()}
    assert settled_by == {name: [option.ambiguity] for name, option in options().items()}
    named = {name for a in AMBIGUITIES.values() for name in a.options}
    assert named <= set(options())


@pytest.mark.parametrize("name", list(options()))
def test_option_readings_ruling_and_profiles_match_options_yaml(name: str) -> None:
    option = options()[name]
    (decision,) = [d for d in AMBIGUITIES[option.ambiguity].decisions if d.option == name]
    assert [r.id for r in decision.readings] == list(option.values)
    assert decision.ruling == option.default
    assert dict(decision.profiles) == {p: resolve(p)[name] for p in profile_names() if p != "default"}


@pytest.mark.parametrize("name", list(options()))
def test_an_option_is_named_by_a_clause_of_its_ambiguity(name: str) -> None:
    entry = AMBIGUITIES[options()[name].ambiguity]
    naming = [c for c in CLAUSES.values() if f"rule option {name})" in c.statement]
    assert naming, f"no clause statement names rule option {name}"
    assert {c.id for c in naming} <= set(entry.clauses)


def test_silences_name_a_text() -> None:
    silent = [s for a in AMBIGUITIES.values() for s in a.sources if not isinstance(s, Quote)]
    assert silent and {s.text for s in silent} <= set(rulebook.TEXTS)


@pytest.mark.parametrize("bad", ["R-NEXT", "AMB-", "XX-1", "r next 4", ""])
def test_a_malformed_id_is_an_error(bad: str) -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.kind_of(bad)
    assert caught.value.code == "malformed-id"
