"""``generala-kit serve``: expose a Python adapter (default: the reference engine)
over the JSON-lines protocol on stdin/stdout — a working peer for implementers,
and the far end of the kit's own end-to-end protocol tests."""

from __future__ import annotations

import argparse
import sys

from generala_conformance.transport import impl_options
from generala_conformance.transport.adapter import AdapterFault
from generala_conformance.transport.loading import DEFAULT_ADAPTER, AdapterLoadError, make_adapter
from generala_conformance.transport.serve import serve

HELP = "serve an adapter (default: the reference engine) over the JSON-lines protocol on stdin/stdout"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    parser.add_argument(
        "--adapter",
        default=DEFAULT_ADAPTER,
        metavar="MODULE:FACTORY",
        help=f"the Python adapter to serve (default: {DEFAULT_ADAPTER})",
    )


def run(args: argparse.Namespace) -> int:
    """Serve until ``quit`` or end of input; an adapter that cannot be loaded, or
    that is itself a broken process, ends the command with one message (exit 2)."""

    def body() -> int:
        return serve(make_adapter(args.adapter), sys.stdin.buffer, sys.stdout.buffer)

    return impl_options.guarded("serve", body, (AdapterLoadError, AdapterFault))
