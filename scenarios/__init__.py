"""generala_scenarios — the conformance scenarios (Gherkin features) and YAML
fixtures, shipped as package data."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
