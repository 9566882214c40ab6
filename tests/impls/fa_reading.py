"""In-process implementations that differ from the reference on purpose: one plays
the Persian text's readings (profile ``fa``) wherever the kit leaves an option
unsaid (profile detection), one lists only default option values (skips), one
has no series (``unsupported``)."""

from generala_conformance.transport.adapter import Unsupported
from generala_conformance.transport.reference_adapter import ReferenceAdapter
from generala_spec.options import resolve


class FaReading(ReferenceAdapter):
    """The reference engine with the ``fa`` readings as its own defaults."""

    def start(self, setup: dict) -> dict:
        return super().start({**setup, "rules": {**resolve("fa"), **(setup.get("rules") or {})}})


class DefaultOnly(ReferenceAdapter):
    """The reference engine claiming to support only the default value of each option."""

    def hello(self) -> dict:
        hello = super().hello()
        hello["options"] = {name: values[:1] for name, values in hello["options"].items()}
        return hello


class NoSeries(ReferenceAdapter):
    """The reference engine without series: it answers ``unsupported`` to them."""

    def start(self, setup: dict) -> dict:
        if setup.get("series"):
            raise Unsupported("series are not implemented")
        return super().start(setup)
