"""generala_scenarios — the conformance scenarios (Gherkin features) and YAML
fixtures, shipped as package data: one folder per game (``cards/``, ``dice/``)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent

CARDS = ROOT / "cards"
"""The card game's suite: ``features/``, ``fixtures/``, ``perft/``, ``recipes/``, ``releases/``."""

DICE_SUITE_VERSION = "1.2.0"
"""The version of the dice game's suite (``dice/``), ``MAJOR.MINOR.PATCH``; its changes in
``dice/CHANGELOG.md``."""

SUITE_VERSION = "1.0.0"
"""The version of the card game's suite (its cases and what they demand), apart from the kit's
package version: ``MAJOR.MINOR.PATCH``. Each version's case ids are listed in
``releases/<version>.yaml`` and its changes in ``CHANGELOG.md``."""
