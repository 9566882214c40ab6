"""The card game's own YAML fixtures, parsed and validated once per content
(:mod:`generala_conformance.core.case_cache`): the fixture files, the fixture
schema, the rulebook files whose IDs the cases cite and the modules that turn a
file into cases make the key. The kit's own tests load the bundled fixtures in
full too (``tests/unit/test_scenarios_fixtures.py``)."""

from __future__ import annotations

from pathlib import Path

from generala_conformance.core import case_cache, input_files, yaml_safe
from generala_conformance.games.cards import driver, fixtures, notation
from generala_conformance.games.cards.fixtures import Case, fixture_files, load_all

_SPEC_FILES = (
    "schemas/fixture.schema.json",
    "schemas/protocol.schema.json",  # (the invalid marks are checked against it)
    *(f"cards/{name}.yaml" for name in ("clauses", "ambiguities", "sources", "options")),
)
_MAKERS = (fixtures, notation, yaml_safe, input_files, driver)  # the modules a Case's content comes from
_ALLOWED = frozenset(
    {
        ("generala_conformance.games.cards.fixtures", "Case"),
        ("generala_conformance.games.cards.fixtures", "Step"),
        ("generala_conformance.games.cards.driver", "Refusal"),
        ("generala_conformance.core.yaml_safe", "Map"),
        ("generala_conformance.core.yaml_safe", "Seq"),
        ("pathlib", "PosixPath"),
        ("pathlib", "WindowsPath"),
    }
)


def bundled_cases() -> list[Case]:
    """Every case of the kit's own fixtures (as :func:`load_all` gives them), from the
    cache when it holds this content, else loaded in full and stored."""
    from generala_scenarios import CARDS

    root = CARDS / "fixtures"
    return case_cache.cached_cases(_source(root, fixture_files(root)))


def cache_key(root: Path, paths: list[Path]) -> bytes:
    """The digest of everything the cases of ``paths`` (under ``root``) are made from."""
    return case_cache.cache_key(_source(root, paths))


def _source(root: Path, paths: list[Path]) -> case_cache.CaseSource:
    return case_cache.CaseSource(root, paths, _SPEC_FILES, _MAKERS, _ALLOWED, Case, lambda: load_all(None))
