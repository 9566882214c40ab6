"""Write ``rules.json`` next to the modules (``python -m generala_conformance.games.dice.web``)."""

from pathlib import Path

from generala_conformance.games.dice.web import RULES_JSON, rules_json

target = Path(__file__).with_name(RULES_JSON)
target.write_text(rules_json(), encoding="utf-8")
print(f"wrote {target}")
