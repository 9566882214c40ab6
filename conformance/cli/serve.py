"""``generala-kit serve``: expose a Python adapter (default: the reference engine)
over the JSON-lines protocol on stdin/stdout — a working peer for implementers,
and the far end of the kit's own end-to-end protocol tests."""

from __future__ import annotations

import argparse
import io
import sys
from typing import BinaryIO

from generala_conformance import games
from generala_conformance.transport import impl_options
from generala_conformance.transport.adapter import AdapterFault
from generala_conformance.transport.loading import AdapterLoadError, make_adapter
from generala_conformance.transport.serve import serve

HELP = "serve an adapter (default: the reference engine) over the JSON-lines protocol on stdin/stdout"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    parser.add_argument(
        "--adapter",
        metavar="MODULE:FACTORY",
        help="the Python adapter to serve (default: the game's reference engine)",
    )
    games.add_option(parser, "the game served")


def _buffered(stream: BinaryIO) -> BinaryIO:
    """``stream``, buffered: ``serve`` flushes its replies whenever no request
    waits, so requests sent ahead get their replies in one write, even under
    ``python -u`` or ``PYTHONUNBUFFERED`` (where standard output is unbuffered)."""
    if isinstance(stream, io.BufferedIOBase):
        return stream
    return io.BufferedWriter(io.FileIO(stream.fileno(), "wb", closefd=False))


def run(args: argparse.Namespace) -> int:
    """Serve until ``quit`` or end of input; an adapter that cannot be loaded, or
    that is itself a broken process, ends the command with one message (exit 2).
    Requests are checked as the game's protocol says (``docs/dice-contract.md`` for dice)."""
    game = games.get(args.game)

    def body() -> int:
        adapter = make_adapter(args.adapter or game.reference)
        return serve(adapter, sys.stdin.buffer, _buffered(sys.stdout.buffer), checks=game.check_request)

    return impl_options.guarded("serve", body, (AdapterLoadError, AdapterFault))
