"""generala_conformance — run the Générala conformance suite against any
implementation: adapters, the JSON-lines protocol, the runner and its CLI."""

__version__ = "0.1.0"
"""The kit's version (the package metadata's, read by setuptools from here)."""
