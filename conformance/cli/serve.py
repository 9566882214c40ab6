"""``generala-kit serve``: expose a Python adapter (default: the reference engine)
over the JSON-lines protocol on stdin/stdout — a working peer for implementers,
and the far end of the kit's own end-to-end protocol tests."""

from __future__ import annotations

import argparse
import sys

from generala_conformance import games
from generala_conformance.transport import impl_options
from generala_conformance.transport.adapter import AdapterFault
from generala_conformance.transport.loading import DEFAULT_ADAPTER, AdapterLoadError, make_adapter
from generala_conformance.transport.serve import serve

HELP = "serve an adapter (default: the reference engine) over the JSON-lines protocol on stdin/stdout"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    parser.add_argument(
        "--adapter",
        metavar="MODULE:FACTORY",
        help=f"the Python adapter to serve (default: the game's reference engine, {DEFAULT_ADAPTER} for cards)",
    )
    parser.add_argument(
        "--game", default="cards", choices=games.NAMES, help="the game served: cards (Générala) or dice (Generala)"
    )


def run(args: argparse.Namespace) -> int:
    """Serve until ``quit`` or end of input; an adapter that cannot be loaded, or
    that is itself a broken process, ends the command with one message (exit 2).
    Requests are checked as the game's protocol says (``docs/protocol-dice.md`` for dice)."""
    game = games.get(args.game)

    def body() -> int:
        checks = games.load(game.request_checks)
        adapter = make_adapter(args.adapter or game.default_adapter)
        return serve(adapter, sys.stdin.buffer, sys.stdout.buffer, checks=checks)

    return impl_options.guarded("serve", body, (AdapterLoadError, AdapterFault))
