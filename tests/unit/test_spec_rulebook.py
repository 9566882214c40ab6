"""Integrity of the rulebook: IDs, cross-references between clauses, the
sentence inventory, the ambiguity register and the rule options."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

import pytest
import yaml
from generala_spec import rulebook
from generala_spec.options import OptionDef, options, profile_names, resolve, switched_off
from generala_spec.rulebook import Ambiguity, Clause, Quote, RulebookError, Sentence

CLAUSES = rulebook.clauses()
AMBIGUITIES = rulebook.ambiguities()
SENTENCES = rulebook.sentences()
BOOKS = rulebook.rulebooks()
"""Every rulebook (the card game's ``""``, ``"dice"``): the lint tests run on each."""

# Every clause ID ever issued, per rulebook. IDs are never removed or renumbered: a
# retired clause stays in clauses.yaml with `status: retired`. Append new IDs here.
ISSUED = {
    "cards": {
        "MAT": 6, "DEAL": 3, "LEAD": 3, "FOLLOW": 5, "JOKER": 4, "DECL": 4,
        "TRICK": 2, "NEXT": 6, "OUT": 2, "END": 4, "SERIES": 9,
        "SETUP": 8, "PROTO": 8,
    },
    "dice": {"PLAY": 3, "TURN": 5, "CAT": 7, "SCORE": 7, "FIRST": 5, "SHEET": 4, "END": 3},
}  # fmt: skip


@dataclass(frozen=True)
class Book:
    """One rulebook's loaded data, for the lint tests."""

    spec: str
    clauses: Mapping[str, Clause]
    ambiguities: Mapping[str, Ambiguity]
    sentences: Mapping[str, Sentence]
    options: Mapping[str, OptionDef]

    @property
    def rule_clauses(self) -> list[Clause]:
        return [c for c in self.clauses.values() if c.status == "active" and not c.contract]

    @property
    def reference(self) -> re.Pattern[str]:
        """An ID of this rulebook named in prose."""
        return re.compile(rulebook.book(self.spec).id_pattern().pattern.replace("^", r"\b").replace("$", r"\b"))


@pytest.fixture(params=BOOKS, ids=lambda spec: spec or "cards")
def book(request) -> Book:
    spec = request.param
    return Book(spec, rulebook.clauses(spec), rulebook.ambiguities(spec), rulebook.sentences(spec), options(spec))


def _raw_ids(spec: str, kind: str, *path: str) -> list[str]:
    document = yaml.safe_load(rulebook.folder(spec).joinpath(f"{kind}.yaml").read_text("utf-8"))
    node = document
    for key in path:
        node = node[key]
    return [entry["id"] for entry in node]


def test_ids_are_unique(book: Book) -> None:
    raw = _raw_ids(book.spec, "clauses", "clauses") + _raw_ids(book.spec, "ambiguities", "ambiguities")
    for text in rulebook.book(book.spec).texts:
        raw += _raw_ids(book.spec, "sources", "texts", text, "sentences")
    assert [i for i, n in Counter(raw).items() if n > 1] == []


def test_every_rulebook_has_its_issued_ids() -> None:
    assert set(ISSUED) == set(BOOKS)


def test_no_issued_clause_id_has_disappeared(book: Book) -> None:
    prefix = rulebook.book(book.spec).clause_prefix
    for area, count in ISSUED[book.spec].items():
        for number in range(1, count + 1):
            assert f"{prefix}-{area}-{number}" in book.clauses


def test_clause_numbers_run_without_gaps_in_each_area(book: Book) -> None:
    """IDs are never renumbered and retired clauses stay, so numbers are 1..n."""
    for area in rulebook.areas(book.spec):
        numbers = sorted(int(c.id.rsplit("-", 1)[1]) for c in book.clauses.values() if c.area == area)
        assert numbers == list(range(1, len(numbers) + 1)), area


def test_every_clause_is_in_a_known_area(book: Book) -> None:
    assert {c.area for c in book.clauses.values()} <= set(rulebook.areas(book.spec))


@pytest.mark.parametrize(("spec", "points"), [("cards", 18), ("dice", 11)], ids=["cards", "dice"])
def test_the_register_numbers_the_points_of_the_brief_then_more(spec: str, points: int) -> None:
    numbers = [int(a.removeprefix("AMB-")) for a in rulebook.ambiguities(spec)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) >= points


def _prose(book: Book) -> list[tuple[str, str]]:
    found = []
    for clause in book.clauses.values():
        found += [(clause.id, clause.statement), (clause.id, clause.notes or "")]
        found += [(clause.id, example) for example in clause.examples]
    for entry in book.ambiguities.values():
        found.append((entry.id, entry.title))
        for d in entry.decisions:
            found += [(entry.id, d.reason), (entry.id, d.question or "")]
            found += [(entry.id, r.text) for r in d.readings]
        found += [(entry.id, s.note) for s in entry.sources if not isinstance(s, Quote)]
        found += [(entry.id, text) for fact in entry.dealt_games for text in (fact.claim, fact.argument)]
    found += [(s.id, s.non_normative or "") for s in book.sentences.values()]
    found += [(name, o.summary) for name, o in book.options.items()]
    return found


def test_every_id_named_in_prose_exists(book: Book) -> None:
    known = set(book.clauses) | set(book.ambiguities) | set(book.sentences)
    named = [(where, ref.group()) for where, text in _prose(book) for ref in book.reference.finditer(text)]
    assert named and [(where, ref) for where, ref in named if ref not in known] == []


def test_every_clause_id_referenced_exists(book: Book) -> None:
    referenced = [(s.id, c) for s in book.sentences.values() for c in s.clauses]
    referenced += [(a.id, c) for a in book.ambiguities.values() for c in a.clauses]
    assert [(where, c) for where, c in referenced if c not in book.clauses] == []


def test_every_active_rule_clause_is_cited_by_a_sentence(book: Book) -> None:
    cited = {c for s in book.sentences.values() for c in s.clauses}
    assert [c.id for c in book.rule_clauses if c.id not in cited] == []


def test_contract_clauses_are_cited_by_no_sentence_and_quote_no_source() -> None:
    cited = {c for s in SENTENCES.values() for c in s.clauses}
    contract = [c for c in CLAUSES.values() if c.contract]
    assert contract and all(not c.sources and c.id not in cited for c in contract)


def test_an_area_holds_rule_clauses_or_contract_clauses_not_both() -> None:
    kinds = {area: {c.contract for c in CLAUSES.values() if c.area == area} for area in rulebook.areas()}
    assert all(len(k) == 1 for k in kinds.values()), kinds
    assert rulebook.contract_areas() == ("SETUP", "PROTO")


def test_clause_sources_and_inventory_agree(book: Book) -> None:
    """A clause quotes exactly the sentences that the inventory maps to it."""
    for clause in book.clauses.values():
        quoted = {q.sentence for q in clause.sources}
        mapped = {s.id for s in book.sentences.values() if clause.id in s.clauses}
        assert quoted == mapped, clause.id


def test_ambiguity_sources_and_inventory_agree(book: Book) -> None:
    for entry in book.ambiguities.values():
        quoted = {q.sentence for q in entry.sources if isinstance(q, Quote)}
        listed = {s.id for s in book.sentences.values() if entry.id in s.ambiguities}
        assert quoted == listed, entry.id


def test_every_sentence_is_mapped_or_marked_non_normative(book: Book) -> None:
    for sentence in book.sentences.values():
        assert bool(sentence.clauses) != bool(sentence.non_normative), sentence.id


def test_quotes_name_their_text_and_an_inventory_sentence(book: Book) -> None:
    quotes = [q for c in book.clauses.values() for q in c.sources]
    quotes += [q for a in book.ambiguities.values() for q in a.sources if isinstance(q, Quote)]
    for quote in quotes:
        assert quote.sentence in book.sentences
        assert book.sentences[quote.sentence].text == quote.text


def test_rulings_are_readings_and_readings_are_unique(book: Book) -> None:
    for entry in book.ambiguities.values():
        for decision in entry.decisions:
            ids = [r.id for r in decision.readings]
            assert len(ids) == len(set(ids)), entry.id
            assert decision.ruling in ids, entry.id


def test_each_option_is_settled_by_exactly_its_ambiguity(book: Book) -> None:
    table = book.options
    settled_by = {name: [a.id for a in book.ambiguities.values() if name in a.options] for name in table}
    assert settled_by == {name: [option.ambiguity] for name, option in table.items()}
    named = {name for a in book.ambiguities.values() for name in a.options}
    assert named <= set(table)


OPTIONS = [(spec, name) for spec in BOOKS for name in options(spec)]


@pytest.mark.parametrize(("spec", "name"), OPTIONS, ids=[f"{spec or 'cards'}-{name}" for spec, name in OPTIONS])
def test_option_readings_ruling_and_profiles_match_options_yaml(spec: str, name: str) -> None:
    option = options(spec)[name]
    (decision,) = [d for d in rulebook.ambiguities(spec)[option.ambiguity].decisions if d.option == name]
    assert [r.id for r in decision.readings] == list(option.values)
    assert decision.ruling == option.default
    literal = rulebook.book(spec).literal_profiles
    assert dict(decision.profiles) == {p: resolve(p, spec=spec)[name] for p in literal}


@pytest.mark.parametrize(("spec", "name"), OPTIONS, ids=[f"{spec or 'cards'}-{name}" for spec, name in OPTIONS])
def test_an_option_is_named_by_a_clause_of_its_ambiguity(spec: str, name: str) -> None:
    entry = rulebook.ambiguities(spec)[options(spec)[name].ambiguity]
    naming = [c for c in rulebook.clauses(spec).values() if f"rule option {name})" in c.statement]
    assert naming, f"no clause statement names rule option {name}"
    assert {c.id for c in naming} <= set(entry.clauses)


def test_a_value_switches_off_only_clauses_of_its_rulebook(book: Book) -> None:
    for name, option in book.options.items():
        assert set(option.switches_off) <= set(option.values), name
        for value, clauses in option.switches_off.items():
            assert set(clauses) <= set(book.clauses), (name, value)
            assert switched_off({name: value}, book.spec) == set(clauses)


def test_double_generala_off_switches_off_its_clauses() -> None:
    assert switched_off(resolve("no-double", spec="dice"), "dice") == {"D-CAT-7", "D-SCORE-6"}
    assert switched_off(resolve("default", spec="dice"), "dice") == set()


def test_every_profile_resolves_and_names_only_known_options(book: Book) -> None:
    for profile in profile_names(book.spec):
        assert set(resolve(profile, spec=book.spec)) == set(book.options)


def test_silences_name_a_text(book: Book) -> None:
    silent = [s for a in book.ambiguities.values() for s in a.sources if not isinstance(s, Quote)]
    assert silent and {s.text for s in silent} <= set(rulebook.book(book.spec).texts)


@pytest.mark.parametrize("bad", ["R-NEXT", "AMB-", "XX-1", "r next 4", "", "D-CAT-2", "PT-1"])
def test_a_malformed_id_is_an_error(bad: str) -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.kind_of(bad)
    assert caught.value.code == "malformed-id"


@pytest.mark.parametrize("bad", ["R-NEXT-4", "FR-1", "D-CAT", "PT-x"])
def test_a_card_id_is_malformed_in_the_dice_rulebook(bad: str) -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.kind_of(bad, "dice")
    assert caught.value.code == "malformed-id"
    assert "D-AREA-n, AMB-n, PT-n" in str(caught.value)


def test_an_unknown_rulebook_is_an_error() -> None:
    with pytest.raises(RulebookError) as caught:
        rulebook.clauses("chess")
    assert caught.value.code == "unknown-rulebook"
