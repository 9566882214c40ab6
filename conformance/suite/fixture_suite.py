"""The YAML fixtures as pytest cases (collected by the ``generala`` plugin, which
parametrizes ``generala_case`` with every case; see ``pytest_plugin``)."""

from __future__ import annotations

from typing import Any

from generala_conformance.transport.adapter import Adapter


def test_fixture(generala_case: Any, generala_adapter: Adapter, generala_rules: dict[str, str]) -> None:
    """Play one worked example; a divergence fails with the first differing step."""
    generala_case.run(generala_adapter, generala_rules)
