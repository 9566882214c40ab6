"""The conformance suite: fixtures and features, the driver that runs them, divergences,
expectations, reports and the pytest plugin."""
