"""Serve any Python :class:`Adapter` over the JSON-lines protocol (``generala-kit serve``).

:func:`handle` turns one request into one reply by calling the adapter (it
answers ``batch`` with :meth:`Adapter.batch`, so it offers batches for any adapter),
after the game's request checks (its ``Game.check_request``, on the shared
:mod:`~generala_conformance.transport.request_checks`) have refused what its
protocol schema forbids; :func:`serve` runs that over a pair of byte streams until
``quit`` or end of input, reading lines under a size cap and flushing its
replies whenever no further request waits to be read. :class:`LoopbackAdapter`
runs the same request/reply path in-process (no pipes), so that
``--validate-messages`` can check what an in-process adapter would say over the wire.
"""

from __future__ import annotations

import select
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, cast

from generala_conformance.transport import protocol, request_checks
from generala_conformance.transport.adapter import (
    Adapter,
    AdapterFault,
    BadRequest,
    Json,
    Refused,
    Unsupported,
)
from generala_conformance.transport.request_checks import RequestError

RequestChecks = Callable[[Json], None]
"""A game's check of a request before its adapter sees it (raises :class:`RequestError`)."""


def _dispatch(adapter: Adapter, message: Json) -> Any:
    """Call the adapter for a request that the game's checks accepted."""
    cmd = message["cmd"]
    if cmd == "hello":  # handle answers batch for any adapter, and undoes steps for one that can
        return {**adapter.hello(), "batch": True, **({"undo": True} if undoes(adapter) else {})}
    if cmd == "start":
        return adapter.start(message["setup"])
    if cmd == "deal":
        return adapter.deal(message["deck"])
    if cmd == "legal":
        return adapter.legal()
    if cmd == "apply":
        return apply_request(adapter, message)
    if cmd == "score":
        return adapter.score({k: v for k, v in message.items() if k not in ("id", "cmd")})
    if cmd == "state":
        return adapter.state()
    if cmd == "batch":
        return adapter.batch(message["steps"])
    return {}  # quit


def apply_request(adapter: Adapter, message: Json) -> list[Json]:
    """``adapter``'s answer to the ``apply`` request ``message`` (:meth:`Adapter.apply_request`;
    an adapter written without the base class gets ``action`` and ``player``)."""
    method = getattr(adapter, "apply_request", None)
    if callable(method):
        return cast(list[Json], method(message))
    return adapter.apply(message["action"], message.get("player"))


def undoes(adapter: Adapter) -> bool:
    """Whether ``adapter`` undoes batch steps (:meth:`Adapter.undoes`; an adapter
    written without the base class, with the adapter methods only, does not)."""
    method = getattr(adapter, "undoes", None)
    return callable(method) and method() is True


def _error(request_id: int | None, kind: str, message: str, code: str | None) -> Json:
    return protocol.error_reply(request_id, kind, protocol.shown(message), code)


UNCHECKED = ("start", "deal")
"""With ``setup_checks=False`` these requests reach the adapter unchecked: a host for
an implementation whose own setup validation is under test (the kit's contract engines)."""


def _forget_game(adapter: Adapter) -> None:
    """A refused ``start`` leaves no game, the previous one is gone too (R-PROTO-2):
    when serve refuses a start before the adapter sees it, an adapter that offers
    ``forget_game()`` is told so."""
    forget = getattr(adapter, "forget_game", None)
    if callable(forget):
        forget()


def handle(adapter: Adapter, message: Json, checks: RequestChecks, setup_checks: bool = True) -> Json:
    """The reply to one request, the adapter's refusals and errors included.

    A request the protocol schema forbids is refused before the adapter sees it
    (``checks``: the game's ``check_request``); the reply carries the request's ``id`` whenever it
    is one (else ``null``). An adapter fault (the served adapter is itself a
    broken process) is not turned into a reply: it propagates and ends :func:`serve`.
    """
    request_id = request_checks.request_id(message)
    try:
        if setup_checks or not (isinstance(message, dict) and message.get("cmd") in UNCHECKED):
            checks(message)
    except RequestError as error:
        if isinstance(message, dict) and message.get("cmd") == "start":
            _forget_game(adapter)
        return _error(request_id, error.kind, error.message, error.code)
    cmd = message["cmd"]
    try:
        return protocol.ok_reply(request_id, cmd, _dispatch(adapter, message))
    except Refused as refused:
        return _error(request_id, "illegal", refused.message, refused.code)
    except Unsupported as error:
        return _error(request_id, "unsupported", str(error), "unsupported")
    except BadRequest as error:
        return _error(request_id, "bad-request", error.message, error.code)
    except AdapterFault:
        raise
    except KeyError as error:
        return _error(request_id, "bad-request", f"{cmd} needs field {error}", "bad-request")
    except (ValueError, TypeError) as error:
        return _error(request_id, "bad-request", str(error), getattr(error, "code", "bad-request"))


_READ_SIZE = 64 * 1024  # bytes per read of the request stream


class _RequestLines:
    """The request lines of ``instream``, read in chunks into a buffer of its own,
    so that :meth:`waiting` can tell whether the next request is already there."""

    def __init__(self, instream: BinaryIO) -> None:
        self.instream = instream
        self.buffer = bytearray()

    def __iter__(self) -> Iterator[bytes | None]:
        """Each line, or ``None`` for a line longer than :data:`MAX_LINE_BYTES`
        (never held in memory: its rest is read and dropped)."""
        limit = request_checks.MAX_LINE_BYTES + 1
        while True:
            end = self.buffer.find(b"\n", 0, limit)
            if end >= 0:
                line = bytes(self.buffer[: end + 1])
                del self.buffer[: end + 1]
                yield line
            elif len(self.buffer) >= limit:
                while (end := self.buffer.find(b"\n")) < 0:
                    self.buffer.clear()
                    if not self._read():
                        break
                del self.buffer[: end + 1]  # (all of it at the end of input)
                yield None
            elif not self._read():
                if self.buffer:  # a last line without its newline
                    yield bytes(self.buffer)
                return

    def _read(self) -> bool:
        """Read what is there (at least a byte, or the end of input: ``False``)."""
        read = getattr(self.instream, "read1", self.instream.read)  # (a raw stream has no read1)
        chunk = read(_READ_SIZE)
        self.buffer += chunk
        return bool(chunk)

    def waiting(self) -> bool:
        """Whether the next request is read already or on its way (requests sent
        ahead, ``docs/protocol.md``); a stream that cannot be polled never says so."""
        if b"\n" in self.buffer:
            return True
        try:
            return bool(select.select([self.instream], [], [], 0)[0])
        except (OSError, ValueError):  # no file descriptor (an in-memory stream), or not pollable
            return False


def answer(
    adapter: Adapter, line: bytes | None, checks: RequestChecks, setup_checks: bool = True
) -> tuple[Json, str | None]:
    """The reply to one request line (``None``: a line too long to read) and the
    command it answered (``None`` when the line was refused before reading one)."""
    try:
        if line is None:
            raise request_checks.too_long()
        message = request_checks.decode_request(line)
    except RequestError as error:
        return _error(None, error.kind, error.message, error.code), None
    return handle(adapter, message, checks, setup_checks), message.get("cmd")


def encode_reply(reply: Json) -> bytes:
    """A reply as one line of UTF-8 JSON; a lone surrogate (read from a request's
    ``\\ud800`` and quoted back in a message) becomes ``?``."""
    return protocol.ENCODER.encode(reply).encode("utf-8", "replace") + b"\n"


def serve(
    adapter: Adapter,
    instream: BinaryIO,
    outstream: BinaryIO,
    checks: RequestChecks,
    setup_checks: bool = True,
) -> int:
    """Answer requests read from ``instream`` on ``outstream`` until ``quit`` or end
    of input; return 0. Every line but a blank one gets exactly one reply: a line
    that is too long, not UTF-8, not a JSON object or too deep gets a
    ``bad-request`` reply with ``id: null`` (limits in ``docs/protocol.md``).
    """
    lines = _RequestLines(instream)
    for line in lines:
        if line is not None and not line.strip():
            continue
        reply, cmd = answer(adapter, line, checks, setup_checks)
        outstream.write(encode_reply(reply))
        if reply["ok"] and cmd == "quit":
            break
        if not lines.waiting():  # else the reply goes out with the next ones, in one write
            outstream.flush()
    outstream.flush()
    adapter.close()
    return 0


class LoopbackAdapter(protocol.RequestAdapter):
    """An adapter driving ``inner`` through the protocol's messages, in-process.

    Every request and reply goes through :func:`handle` and a JSON round trip, and
    every reply through the protocol schema (with ``validate``, every request too),
    exactly as over a pipe. The hello is asked once and kept, as a process's is
    (:class:`~generala_conformance.transport.process_adapter.ProcessAdapter` reads it
    when the process starts): the cases that read it again send no request.

    With ``plain`` (the game's reference engine, and only it) the reply's JSON round
    trip is left out, nothing else: the request still reaches the engine as a line
    would bring it, and the reference answers with values JSON gives back unchanged,
    built afresh for each reply and never changed afterwards
    (``tests/unit/test_plain_reference.py`` holds it to that over both suites), so
    that round trip could change no verdict of it; it took a fifth of ``check``'s
    time. Every reply is still read against the schema.
    """

    def __init__(
        self,
        inner: Adapter,
        checks: RequestChecks,
        validate: bool = True,
        schema: str = "protocol.schema.json",
        plain: bool = False,
    ) -> None:
        self.inner = inner
        self.validator = protocol.MessageValidator(schema, every=validate)
        self.checks = checks
        self.plain = plain
        self._next_id = 1
        self._hello: Json | None = None

    def hello(self) -> Json:
        if self._hello is None:
            self._hello = super().hello()
        return dict(self._hello)

    def _batches(self) -> bool:
        return True  # handle answers batch for any adapter

    def undoes(self) -> bool:
        return undoes(self.inner)

    def _call(self, cmd: str, **fields: Any) -> Any:
        request_id = self._next_id
        self._next_id += 1
        message = protocol.request(request_id, cmd, **fields)
        if self.validator is not None:
            self.validator.check_request(message)
        return protocol.read_reply(self.round_trip(message), request_id, cmd, fields.get("steps"), self.validator)

    def round_trip(self, message: Json) -> Json:
        """The reply to ``message`` as it would come over a pipe: the request and the
        reply each through JSON (the reply of a ``plain`` engine as it is), the request
        answered by :func:`handle`."""
        reply = handle(self.inner, protocol.decode(protocol.encode(message)), self.checks)
        return reply if self.plain else protocol.decode(protocol.encode(reply))

    def close(self) -> None:
        self.inner.close()
