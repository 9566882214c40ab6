"""A deliberately broken engine under a name of its own, as a third-party program:
``named_engine.py ENGINE [NAME]`` serves the broken engine ``ENGINE`` of
``tests/broken_engines.BROKEN`` over the JSON-lines protocol, saying hello as
``NAME`` (default ``ENGINE (broken)``). ``NAME`` ``hostile`` is :data:`HOSTILE`:
markup, both quotes and a lone surrogate, for the HTML report's escaping tests."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.serve import serve

from tests.broken_engines import factory_for

HOSTILE = '<script>alert("pwned")</script> O\'Brien & "Sons" \ud800 <b>bold</b>'
"""A hello name no page may let through unescaped (the lone surrogate reaches the kit
as ``\\ud800`` in JSON)."""


class Named:
    """``factory_for(engine)()`` whose hello says ``name``."""

    def __init__(self, engine: str, name: str) -> None:
        self.adapter = factory_for(engine)()
        self.name = name

    def __getattr__(self, attribute: str):
        return getattr(self.adapter, attribute)

    def hello(self) -> dict:
        return {**self.adapter.hello(), "name": self.name}


if __name__ == "__main__":
    engine = sys.argv[1]
    name = sys.argv[2] if len(sys.argv) > 2 else f"{engine} (broken)"
    adapter = Named(engine, HOSTILE if name == "hostile" else name)
    sys.exit(serve(adapter, sys.stdin.buffer, sys.stdout.buffer, check_request, setup_checks=False))
