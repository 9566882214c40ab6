"""generala_spec — the normative rules of Générala as data: clauses, the
ambiguity register, rule options and profiles, and the JSON Schemas."""
