"""A third-party program that breaks the contract on purpose: ``contract_engine.py NAME``
serves the implementation ``NAME`` of ``tests/broken_engines.CONTRACT`` (or of its
``DECLARATIONS``) over the JSON-lines protocol on stdin/stdout (``generala-kit serve``
would, for the reference)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport.serve import serve

from tests.broken_engines import CONTRACT, DECLARATIONS

if __name__ == "__main__":
    sys.exit(
        serve(
            (CONTRACT.get(sys.argv[1]) or DECLARATIONS[sys.argv[1]]).adapter(),
            sys.stdin.buffer,
            sys.stdout.buffer,
            check_request,
            setup_checks=False,
        )
    )
