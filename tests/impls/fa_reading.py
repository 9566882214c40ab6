"""In-process implementations that differ from the reference on purpose: one plays
the Persian text's readings (profile ``fa``) wherever the kit leaves an option
unsaid (profile detection), one lists only default option values (skips), one
has no series (``unsupported``), some lack one option value, one declares it has no series."""

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import Unsupported
from generala_spec.options import resolve


class FaReading(ReferenceAdapter):
    """The reference engine with the ``fa`` readings as its own defaults."""

    def start(self, setup: dict) -> dict:
        rules = setup.get("rules") or {}
        if not isinstance(rules, dict):  # a malformed setup: refused as it is
            return super().start(setup)
        return super().start({**setup, "rules": {**resolve("fa"), **rules}})


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


class _LacksValue(ReferenceAdapter):
    """The reference engine without one option value: not listed in its hello, and
    answered ``unsupported`` if it is sent all the same."""

    option = ""
    value = ""

    def hello(self) -> dict:
        hello = super().hello()
        hello["options"][self.option] = [v for v in hello["options"][self.option] if v != self.value]
        return hello

    def start(self, setup: dict) -> dict:
        rules = setup.get("rules")
        if isinstance(rules, dict) and rules.get(self.option) == self.value:
            raise Unsupported(f"{self.option}={self.value} is not implemented")
        return super().start(setup)


class FreeLeadOnly(_LacksValue):
    """Lacks the default ``first-lead: forced-last-dealt`` (plays only ``free``)."""

    option, value = "first-lead", "forced-last-dealt"


class NoLastToPlayLoses(_LacksValue):
    """Lacks ``two-player-tie: last-to-play-loses``, one of the values of profile ``fr``."""

    option, value = "two-player-tie", "last-to-play-loses"


class SeriesDeclaredMissing(ReferenceAdapter):
    """Declares ``"series": false`` in its hello; a series start is a kit bug (it must never be sent)."""

    def hello(self) -> dict:
        return {**super().hello(), "series": False}

    def start(self, setup: dict) -> dict:
        if setup.get("series"):
            raise RuntimeError("the kit sent a series although the hello says series: false")
        return super().start(setup)
