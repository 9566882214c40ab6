"""Serve any Python :class:`Adapter` over the JSON-lines protocol (``generala-kit serve``).

:func:`handle` turns one request into one reply by calling the adapter (it
answers ``batch`` with :meth:`Adapter.batch`, so it offers batches for any adapter);
:func:`serve` runs that over a pair of byte streams until ``quit`` or end of
input. :class:`LoopbackAdapter` runs the same request/reply path in-process (no
pipes), so that ``--validate-messages`` can check what an in-process adapter
would say over the wire.
"""

from __future__ import annotations

from typing import Any, BinaryIO

from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import (
    Adapter,
    AdapterFault,
    BadRequest,
    Json,
    ProtocolViolation,
    Refused,
    Unsupported,
)


def _dispatch(adapter: Adapter, message: Json) -> Any:
    cmd = message["cmd"]
    if cmd == "hello":
        if message.get("protocol", protocol.PROTOCOL_VERSION) != protocol.PROTOCOL_VERSION:
            raise Unsupported(f"protocol {message['protocol']!r}; this peer speaks 1")
        return {**adapter.hello(), "batch": True}  # handle answers batch for any adapter
    if cmd == "start":
        return adapter.start(message["setup"])
    if cmd == "deal":
        return adapter.deal(message["deck"])
    if cmd == "legal":
        return adapter.legal()
    if cmd == "apply":
        return adapter.apply(message["action"], message.get("player"))
    if cmd == "state":
        return adapter.state()
    if cmd == "batch":
        steps = message["steps"]
        if not isinstance(steps, list) or not all(isinstance(step, dict) for step in steps):
            raise ValueError("batch needs 'steps', a list of step objects")
        return adapter.batch(steps)
    return {}  # quit


def handle(adapter: Adapter, message: Json) -> Json:
    """The reply to one request, the adapter's refusals and errors included.

    An adapter fault (the served adapter is itself a broken process) is not
    turned into a reply: it propagates and ends :func:`serve`.
    """
    request_id = message.get("id")
    if not isinstance(request_id, int) or isinstance(request_id, bool):
        return protocol.error_reply(None, "bad-request", "the request has no integer 'id'")
    cmd = message.get("cmd")
    if cmd not in protocol.RESULT_KEYS:
        return protocol.error_reply(request_id, "unsupported", f"unknown command {cmd!r}")
    try:
        return protocol.ok_reply(request_id, cmd, _dispatch(adapter, message))
    except Refused as refused:
        return protocol.error_reply(request_id, "illegal", refused.message, refused.code)
    except Unsupported as error:
        return protocol.error_reply(request_id, "unsupported", str(error))
    except BadRequest as error:
        return protocol.error_reply(request_id, "bad-request", error.message, error.code)
    except AdapterFault:
        raise
    except KeyError as error:
        return protocol.error_reply(request_id, "bad-request", f"{cmd} needs field {error}")
    except (ValueError, TypeError) as error:
        return protocol.error_reply(request_id, "bad-request", str(error), getattr(error, "code", None))


def serve(adapter: Adapter, instream: BinaryIO, outstream: BinaryIO) -> int:
    """Answer requests read from ``instream`` on ``outstream`` until ``quit`` or end
    of input; return 0. A line that is not a JSON object gets a ``bad-request``
    reply with ``id: null``."""
    for line in instream:
        if not line.strip():
            continue
        try:
            message = protocol.decode(line)
        except ProtocolViolation as error:
            reply = protocol.error_reply(None, "bad-request", f"not a JSON object: {error.detail}")
        else:
            reply = handle(adapter, message)
        outstream.write(protocol.encode(reply))
        outstream.flush()
        if reply["ok"] and message.get("cmd") == "quit":
            break
    adapter.close()
    return 0


class LoopbackAdapter(protocol.RequestAdapter):
    """An adapter driving ``inner`` through the protocol's messages, in-process.

    Every request and reply goes through :func:`handle`, a JSON round trip and
    (with ``validate``) the protocol schema, exactly as over a pipe.
    """

    def __init__(self, inner: Adapter, validate: bool = True) -> None:
        self.inner = inner
        self.validator = protocol.MessageValidator() if validate else None
        self._next_id = 1

    def _batches(self) -> bool:
        return True  # handle answers batch for any adapter

    def _call(self, cmd: str, **fields: Any) -> Any:
        request_id = self._next_id
        self._next_id += 1
        message = protocol.request(request_id, cmd, **fields)
        if self.validator is not None:
            self.validator.check_request(message)
        wired = protocol.decode(protocol.encode(message))
        reply = protocol.decode(protocol.encode(handle(self.inner, wired)))
        if self.validator is not None:
            self.validator.check_reply(cmd, reply)
        return protocol.unwrap(reply, request_id, cmd, fields.get("steps"))

    def close(self) -> None:
        self.inner.close()
