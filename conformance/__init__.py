"""generala_conformance — run the Générala conformance suite against any
implementation: adapters, the JSON-lines protocol, the runner and its CLI."""
