"""An implementation from before ``batch``: its hello does not offer it, it answers
a ``batch`` request as an unknown command, and it logs every command it receives
on stderr (so a test can see which requests the kit sent)."""

import sys

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport import protocol
from generala_conformance.transport.serve import handle

adapter = ReferenceAdapter()
for line in sys.stdin.buffer:
    request = protocol.decode(line)
    print(f"got {request['cmd']}", file=sys.stderr, flush=True)
    if request["cmd"] == "batch":
        reply = protocol.error_reply(request["id"], "unsupported", "unknown command 'batch'")
    else:
        reply = handle(adapter, request, check_request)
        if request["cmd"] == "hello":
            del reply["result"]["batch"]
    sys.stdout.buffer.write(protocol.encode(reply))
    sys.stdout.buffer.flush()
    if request["cmd"] == "quit":
        break
