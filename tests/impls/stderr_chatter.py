"""Not a fault: the implementation logs to stderr on every request (must not matter)."""

import sys

import _peer


def chatter(request: dict) -> None:
    for i in range(3):
        print(f"log: handling {request['cmd']} ({i})", file=sys.stderr, flush=True)


_peer.run(before_each=chatter)
