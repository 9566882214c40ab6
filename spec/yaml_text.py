"""Parse the kit's own YAML files (its package data, trusted and small) with LibYAML's
safe loader when PyYAML has it: the same values as ``yaml.safe_load``, 10 to 20 times
faster (``clauses.yaml``: ~8 ms instead of ~150 ms), which every command pays at start.
Files the kit did not write go through ``generala_conformance.core.yaml_safe``."""

from __future__ import annotations

from typing import Any


def parse(text: str) -> Any:
    """The single YAML document of ``text``, as ``yaml.safe_load`` gives it."""
    import yaml  # here, not at import: ``serve`` takes its options from the parsed cache

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
