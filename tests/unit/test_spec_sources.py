"""The source texts: the sentence splitter, the sentence inventory
(spec/cards/sources.yaml) checked word for word against the seeds (../shared/seeds,
beside the clone), and every quote checked against the inventory (no seeds needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_spec import rulebook, sentences
from generala_spec.rulebook import Quote

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


TEXTS = [(spec, text) for spec in rulebook.rulebooks() for text in rulebook.book(spec).texts]
"""Every source text of every rulebook: (rulebook, text name)."""


@pytest.fixture(scope="module")
def seed_sentences() -> dict[tuple[str, str], list[str]]:
    """The split sentences of each source text, read from ../shared/seeds."""
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not beside the clone ({SEEDS} is absent)")
    return {
        (spec, text): sentences.split((SEEDS / rulebook.text_info(spec)[text]["seed"]).read_text("utf-8"))
        for spec, text in TEXTS
    }


def _all_quotes() -> list[tuple[str, Quote, str]]:
    found = []
    for spec in rulebook.rulebooks():
        found += [(clause.id, q, spec) for clause in rulebook.clauses(spec).values() for q in clause.sources]
        for entry in rulebook.ambiguities(spec).values():
            found += [(entry.id, q, spec) for q in entry.sources if isinstance(q, Quote)]
    return found


QUOTES = _all_quotes()


def test_split_ends_units_at_line_breaks_and_sentence_ends_only() -> None:
    text = "♦ Matériel : Un jeu.  Deux ; trois (quatre).\n\n1) Cinq? Six… sept!\nhuit: neuf؛ ده."
    assert sentences.split(text) == [
        "♦ Matériel : Un jeu.",
        "Deux ; trois (quatre).",
        "1) Cinq?",
        "Six… sept!",
        "huit: neuf؛ ده.",
    ]


def test_split_keeps_numbers_and_closing_brackets_with_their_sentence() -> None:
    assert sentences.split("Il y a 2.5 cartes (voir.) Fin") == ["Il y a 2.5 cartes (voir.)", "Fin"]


def test_every_unit_is_a_substring_of_its_line() -> None:
    text = "a  b.   c\td. \n  e "
    units = sentences.split(text)
    assert units == ["a  b.", "c\td.", "e"]
    assert all(any(unit in line for line in text.splitlines()) for unit in units)


def test_locator_is_the_first_words_only() -> None:
    assert sentences.locator("one two  three four five six seven") == "one two three four five"
    assert sentences.locator("short one") == "short one"


@pytest.mark.parametrize(("spec", "text"), TEXTS, ids=[text for _, text in TEXTS])
def test_inventory_lists_every_sentence_of_the_seed_in_order(spec, text, seed_sentences) -> None:
    inventory = [s for s in rulebook.sentences(spec).values() if s.text == text]
    split = seed_sentences[spec, text]
    assert [s.id for s in inventory] == [f"{text}-{n}" for n in range(1, len(inventory) + 1)]
    assert len(inventory) == len(split), f"{text}: {len(split)} sentences in the seed"
    for entry, sentence in zip(inventory, split, strict=True):
        assert entry.wording == sentence, entry.id


@pytest.mark.parametrize("spec", rulebook.rulebooks(), ids=lambda spec: spec or "cards")
def test_every_sentence_has_its_words_locator_and_english(spec: str) -> None:
    for entry in rulebook.sentences(spec).values():
        assert entry.starts == sentences.locator(entry.wording), entry.id
        assert len(entry.starts.split()) <= sentences.LOCATOR_WORDS, entry.id
        assert entry.english.strip() and entry.english != entry.wording, entry.id


def test_the_texts_public_addresses() -> None:
    info = rulebook.text_info()
    assert info["FR"]["address"].startswith("https://") and info["FA"]["original"].startswith("https://")


@pytest.mark.parametrize(("owner", "quote", "spec"), QUOTES, ids=[f"{o}-{q.sentence}" for o, q, _ in QUOTES])
def test_quote_is_word_for_word_in_its_sentence(owner, quote, spec) -> None:
    assert quote.sentence.startswith(f"{quote.text}-"), owner
    sentence = rulebook.sentences(spec)[quote.sentence]
    assert quote.quote in sentence.wording, f"{owner}: quote not found in {quote.sentence}"
    if quote.quote == sentence.wording:  # a whole sentence is rendered alike everywhere
        assert quote.english.strip()
