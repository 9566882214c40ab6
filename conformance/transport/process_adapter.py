"""``ProcessAdapter``: drive an implementation in any language over the JSON-lines protocol.

One long-lived subprocess, in a process group of its own; one request line on
its stdin, one reply line read from its stdout (in chunks, at most
``protocol.MAX_LINE_BYTES``) within a per-request timeout. Its stderr is drained
by a thread (so a chatty implementation never blocks), sanitised and kept within
bounds (:class:`StderrCapture`): the tail is attached to every fault, and
:meth:`ProcessAdapter.take_stderr` hands out what was written since the last
call, up to all that the pipe holds then (shown with the case). Requests may be
sent ahead (:meth:`ProcessAdapter.pipeline`, :meth:`ProcessAdapter.send`), never more bytes of them unanswered
than the implementation's stdin pipe surely holds (:func:`pipe_window`). Any
fault kills the whole process group (whatever the state of its leader); the next
request starts a fresh process (and shakes hands again), so one crash costs one
case, not the run. After
``max_start_failures`` failed starts in a row the adapter stops trying and
fails fast.

Faults: could not start / died / exited early (even if children still hold the
pipes) / closed stdout -> ``AdapterCrash``; no reply in time -> ``AdapterTimeout``,
except to ``hello`` (the handshake never happened) -> ``AdapterFault``; non-JSON,
too long, too deep, wrong shape, wrong id, unasked-for output, wrong protocol
version -> ``ProtocolViolation``. ``env`` replaces the environment
(:func:`clean_environment` for ``--clean-env``). POSIX only (it waits on the pipe
with ``selectors``).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import fcntl
import os
import select
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, NoReturn

from generala_conformance.transport import protocol, signals
from generala_conformance.transport.adapter import (
    AdapterCrash,
    AdapterFault,
    AdapterTimeout,
    BadRequest,
    Json,
    ProtocolViolation,
    Refused,
    Unsupported,
    kept,
)
from generala_conformance.transport.sanitize import clean_text

#: Limits on what is kept of the implementation's stderr (``docs/protocol.md``, "Limits").
STDERR_LINE_BYTES = 4 * 1024  # a longer stderr line is cut
STDERR_CASE_BYTES = 32 * 1024  # kept per case (``take_stderr``); the rest is cut
_STDERR_TAIL_LINES = 40  # attached to a fault, at most _STDERR_TAIL_CHARS
_STDERR_TAIL_CHARS = 8 * 1024
_READ_SIZE = 64 * 1024  # bytes per read() of a pipe
_PIPE_READS = 16  # reads that empty any pipe (64 KiB on Linux, up to 1 MiB if grown)
_EXIT_GRACE = 1.0  # seconds given to a dying process to report its exit code
_TERM_GRACE = 0.5  # seconds between SIGTERM and SIGKILL when closing
_POLL = 0.05  # while waiting for a reply, how often to look whether the process still runs
#: Bytes of requests sent ahead of the replies read (:meth:`ProcessAdapter.pipeline`)
#: where the size of a pipe is not known: less than any system's pipe holds (16 KiB
#: on macOS), so a write never blocks (:func:`pipe_window`).
PIPELINE_WINDOW = 12 * 1024
#: The variables a ``--clean-env`` implementation inherits (and every ``LC_*``).
CLEAN_ENV = ("PATH", "HOME", "LANG", "TMPDIR")


_LIVE: weakref.WeakSet[ProcessAdapter] = weakref.WeakSet()


@atexit.register
def stop_all() -> None:
    """Stop every implementation this process started that still runs (at exit, and
    when a signal stops the kit: they run in their own session, so a Ctrl-C at the
    terminal does not reach them). Those a forked process inherited are its parent's."""
    for adapter in list(_LIVE):
        if adapter._owner == os.getpid():
            adapter._stop()


def clean_environment(passed: Sequence[str] = (), source: Mapping[str, str] | None = None) -> dict[str, str]:
    """The minimal environment of ``--clean-env``: :data:`CLEAN_ENV`, ``LC_*`` and
    the variables named in ``passed`` (``--pass-env``), taken from ``source``
    (the kit's own environment by default); nothing else (no CI secrets)."""
    source = os.environ if source is None else source
    wanted = {*CLEAN_ENV, *passed}
    return {k: v for k, v in source.items() if k in wanted or k.startswith("LC_")}


def pipe_window(fd: int) -> int:
    """Bytes of requests that may be sent ahead of their replies into the pipe ``fd``
    (the implementation's stdin) without a write ever blocking, whatever the
    implementation does meanwhile: three quarters of what the pipe holds, where
    the system says (Linux: 64 KiB, so 48 KiB: a suite case's plan of up to ~30 KiB
    goes ahead whole, not cut at the first 12 KiB), else :data:`PIPELINE_WINDOW`."""
    try:
        size = fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ)  # (Linux only)
    except (AttributeError, OSError):
        return PIPELINE_WINDOW
    return max(PIPELINE_WINDOW, size * 3 // 4)


class StderrCapture:
    """Drains a binary stream in a daemon thread (reads of :data:`_READ_SIZE`
    bytes), keeping a tail for faults and a bounded pending part for the case.

    Lines longer than :data:`STDERR_LINE_BYTES` are cut; beyond
    :data:`STDERR_CASE_BYTES` per case only the count of bytes cut is kept, so
    memory stays bounded whatever the implementation writes. Text is sanitised.
    """

    def __init__(self, stream: Any) -> None:
        self._lock = threading.Lock()
        self._tail: collections.deque[str] = collections.deque(maxlen=_STDERR_TAIL_LINES)
        self._pending: list[str] = []
        self._pending_bytes = 0
        self._pending_cut = 0
        self._partial = bytearray()  # the line being written (at most STDERR_LINE_BYTES)
        self._partial_cut = 0  # bytes of it beyond the cap
        self._stream = stream
        self._fd = stream.fileno()
        os.set_blocking(self._fd, False)
        self._poll = select.poll()  # (whether the pipe holds anything, asked without a read that raises)
        self._poll.register(self._fd, select.POLLIN)
        self._open = True
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        """Read the stream as it is written, to its end: each time it is readable,
        what it holds is read with the lock held (so :meth:`take` sees all of it)."""
        with selectors.DefaultSelector() as selector:
            selector.register(self._fd, selectors.EVENT_READ)
            while True:
                selector.select()  # (the end of the stream stays readable)
                with self._lock:  # one read at a time: a flood never holds the lock for long
                    if not self._read_available(reads=1):
                        break
        self._stream.close()

    def _read_available(self, reads: int) -> bool:
        """(With the lock held.) Read what the pipe holds now, in at most ``reads``
        reads; ``False`` once the stream has ended (its last line kept)."""
        for _ in range(reads):
            if not self._open:
                break
            try:
                chunk = os.read(self._fd, _READ_SIZE)
            except BlockingIOError:
                return True
            if not chunk:
                if self._partial or self._partial_cut:
                    self._feed(b"\n")
                self._open = False
            else:
                self._feed(chunk)
        return self._open

    def _grow(self, piece: bytes) -> None:
        room = STDERR_LINE_BYTES - len(self._partial)
        self._partial += piece[:room]
        self._partial_cut += max(0, len(piece) - room)

    def _feed(self, chunk: bytes) -> None:
        pieces = chunk.split(b"\n")
        self._grow(pieces[0])
        if len(pieces) == 1:
            return
        first = _line_text(bytes(self._partial), self._partial_cut)
        self._partial, self._partial_cut = bytearray(), 0
        self._grow(pieces[-1])
        self._keep(first, pieces[1:-1])

    def _keep(self, first: str, rest: list[bytes]) -> None:
        lines = iter(rest)
        line: str | None = first
        while line is not None and self._pending_bytes < STDERR_CASE_BYTES:
            self._tail.append(line)
            self._pending.append(line)
            self._pending_bytes += len(line) + 1
            raw = next(lines, None)
            line = None if raw is None else _line_text(raw)
        dropped = [] if line is None else [line.encode(), *lines]
        if dropped:
            self._pending_cut += sum(len(raw) + 1 for raw in dropped)
            self._tail.extend(_line_text(raw) for raw in dropped[-_STDERR_TAIL_LINES:])

    def finish(self, timeout: float = _EXIT_GRACE) -> None:
        """Wait (briefly) for the stream to be read to its end."""
        self._thread.join(timeout)

    def tail(self) -> str:
        """The last lines written (at most :data:`_STDERR_TAIL_CHARS` characters)."""
        with self._lock:
            text = "\n".join(self._tail)
        return text if len(text) <= _STDERR_TAIL_CHARS else "…" + text[-_STDERR_TAIL_CHARS:]

    def take(self) -> str:
        """What was written since the last call (at most about :data:`STDERR_CASE_BYTES`),
        up to all that the pipe holds now: what an implementation wrote before its
        last reply read is the caller's, never the next one's."""
        with self._lock:
            if self._poll.poll(0):
                self._read_available(reads=_PIPE_READS)
            text, cut = "\n".join(self._pending), self._pending_cut
            self._pending, self._pending_bytes, self._pending_cut = [], 0, 0
        if cut:
            text += f"\n[… {cut} more bytes of stderr cut: the kit keeps {STDERR_CASE_BYTES // 1024} KiB per case]"
        return text


def _line_text(raw: bytes, cut: int = 0) -> str:
    """One stderr line, capped at :data:`STDERR_LINE_BYTES`, decoded and sanitised."""
    cut += max(0, len(raw) - STDERR_LINE_BYTES)
    text = clean_text(raw[:STDERR_LINE_BYTES].decode("utf-8", "replace"))
    return f"{text} [… {cut} more bytes of this line cut]" if cut else text


_Waiting = collections.deque[tuple[str, Json, int, int]]
"""Requests whose replies are not read yet: each one's command, fields, id and size in bytes."""


class _Ahead:
    """Requests sent ahead of their replies (:meth:`ProcessAdapter.send`): what was
    sent, and the outcomes once read."""

    def __init__(self, waiting: collections.deque[tuple[str, Json, int, int]]) -> None:
        self.waiting = waiting
        self.outcomes: list[Any] | None = None


class ProcessAdapter(protocol.RequestAdapter):
    """An implementation run as ``command`` and spoken to over the JSON-lines protocol.

    :meth:`batch` is one ``batch`` request when the implementation's hello offers
    it (``"batch": true``), else the steps are asked one request at a time.
    """

    pipelines = True

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        validate: bool = False,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        max_start_failures: int = 3,
        schema: str = "protocol.schema.json",
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty implementation command")
        self.timeout = timeout
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.max_start_failures = max_start_failures
        self.validator = protocol.MessageValidator(schema, every=validate)
        self.starts = 0  # processes started so far (restarts show here)
        self.window = PIPELINE_WINDOW  # bytes of requests sent ahead at most (:func:`pipe_window`, at each start)
        self._proc: subprocess.Popen[bytes] | None = None
        self._owner = os.getpid()  # the process that started ``_proc``
        self._stderr: StderrCapture | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        self._next_id = 1
        self._hello: Json | None = None
        self._hello_sent: int | None = None  # the id of a hello whose reply is not read yet
        self._start_failures = 0
        self._last_start_fault: AdapterFault | None = None
        self._unclaimed_stderr = ""
        self._ahead: collections.deque[_Ahead] = collections.deque()  # requests sent ahead, in order

    # -- Adapter -------------------------------------------------------------

    def hello(self) -> Json:
        self._ensure_running()
        assert self._hello is not None
        return dict(self._hello)

    def _batches(self) -> bool:
        self._ensure_running()
        assert self._hello is not None
        return self._hello.get("batch") is True

    def undoes(self) -> bool:
        """Whether the implementation's hello offers batches and says ``"undo": true``."""
        return self._batches() and self._hello is not None and self._hello.get("undo") is True

    def close(self) -> None:
        """Ask the process to quit, then make sure it and its process group are gone
        (SIGTERM, then SIGKILL after a grace); at once when a signal stops the kit."""
        if signals.stopping():
            self._stop()
            return
        self._settle()
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(AdapterFault, BadRequest, Unsupported):  # it is stopped just below either way
                self._exchange("quit", {}, timeout=min(self.timeout, _EXIT_GRACE))
        self._stop(graceful=True)

    def check_idle(self) -> None:
        """Raise :class:`ProtocolViolation` if the implementation wrote output nobody
        asked for (a second reply to the last request): called at the end of each
        case, so that the case which caused it is blamed, not the next one."""
        self._settle()
        if self._proc is None or self._selector is None or self._proc.stdout is None or self._hello_sent:
            return
        fd = self._proc.stdout.fileno()
        while len(self._buffer) <= protocol.MAX_LINE_BYTES and self._selector.select(0):
            chunk = os.read(fd, _READ_SIZE)
            if not chunk:
                break  # end of output: the next request reports it
            self._buffer += chunk
        if self._buffer:
            self._fail(
                ProtocolViolation(
                    "the implementation wrote output nobody asked for after its last reply (a second reply?)",
                    detail=protocol.shown(bytes(self._buffer)),
                )
            )

    def take_stderr(self) -> str:
        """What the implementation wrote to stderr since the last call."""
        text, self._unclaimed_stderr = self._unclaimed_stderr, ""
        if self._stderr is not None:
            text = "\n".join(t for t in (text, self._stderr.take()) if t)
        return text

    @property
    def pid(self) -> int | None:
        """The running process's id, if any."""
        return self._proc.pid if self._proc is not None else None

    # -- process life --------------------------------------------------------

    def launch(self) -> None:
        """Start the implementation and send its ``hello`` now, without waiting for
        the reply (read when the adapter is first used), so that it starts up while
        the kit does other work. A failure to start shows at that first use."""
        if self._proc is None and self._start_failures < self.max_start_failures:
            with contextlib.suppress(AdapterFault):
                self._launch()

    def _launch(self) -> None:
        """Start the process and send the ``hello`` (its reply is read by :meth:`_ensure_running`)."""
        self._spawn()
        request_id, line = self._encoded("hello", {"protocol": protocol.PROTOCOL_VERSION})
        self._send(line, "hello", request_id)
        self._hello_sent = request_id

    def _ensure_running(self) -> None:
        if self._proc is not None and self._hello_sent is None:
            return
        if self._proc is None and self._start_failures >= self.max_start_failures:
            assert self._last_start_fault is not None
            fault = self._last_start_fault
            raise type(fault)(f"gave up after {self._start_failures} failed starts; last: {fault}", fault.detail)
        try:
            if self._proc is None:
                self._launch()
            request_id, self._hello_sent = self._hello_sent, None
            assert request_id is not None
            try:
                self._hello = self._reply("hello", {}, request_id, self.timeout)
            except AdapterFault as fault:
                self._fail(fault)
        except AdapterFault as fault:
            if isinstance(fault, AdapterTimeout):  # not a slow answer: the handshake never happened
                fault = AdapterFault(f"{fault}: the implementation never completed the handshake", fault.detail)
            self._start_failures += 1
            self._last_start_fault = fault
            raise fault from None
        self._start_failures = 0

    def _spawn(self) -> None:
        try:
            proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except OSError as error:
            raise AdapterCrash(f"cannot start {shlex.join(self.argv)}: {error}") from None
        self.starts += 1
        self._proc, self._owner = proc, os.getpid()
        self.window = pipe_window(proc.stdin.fileno())  # type: ignore[union-attr]
        _LIVE.add(self)
        self._stderr = StderrCapture(proc.stderr)
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
        self._buffer.clear()
        self._next_id = 1

    def _stop(self, graceful: bool = False) -> None:
        """Stop the process and kill its whole process group, whatever the state of
        its leader (children holding the pipes after it exited are killed too).
        ``graceful``: first close its stdin and give it (then SIGTERM) a grace."""
        proc = self._proc
        self._hello_sent = None
        if proc is not None and graceful:
            if proc.stdin is not None:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
            if not _exited(proc, _TERM_GRACE):
                signal_group(proc.pid, signal.SIGTERM)
                _exited(proc, _TERM_GRACE)
        if proc is not None:  # (forgotten only once killed: a signal meanwhile leaves it to stop_all)
            signal_group(proc.pid, signal.SIGKILL)
        self._proc = None
        self._abandon(AdapterCrash("the implementation was stopped before it answered"))
        if proc is None:
            return
        proc.wait()
        if self._selector is not None:
            self._selector.close()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if self._stderr is not None:
            self._stderr.finish()
            self._unclaimed_stderr = "\n".join(t for t in (self._unclaimed_stderr, self._stderr.take()) if t)
            self._stderr = None

    # -- requests ------------------------------------------------------------

    def _call(self, cmd: str, **fields: Any) -> Any:
        self._settle()
        self._ensure_running()
        return self._exchange(cmd, fields)

    def _exchange(self, cmd: str, fields: Json, timeout: float | None = None) -> Any:
        """Send one request and return the value of its reply; on a fault the
        process is stopped (the next call restarts it) and the fault re-raised
        with the stderr tail attached, unless the fault is a reply still in step
        (:attr:`ProtocolViolation.in_step`): that one is raised as it is."""
        request_id, line = self._encoded(cmd, fields)
        self._send(line, cmd, request_id)
        try:
            return self._reply(cmd, fields, request_id, timeout or self.timeout)
        except AdapterFault as fault:
            if isinstance(fault, ProtocolViolation) and fault.in_step:
                raise
            self._fail(fault)

    def _encoded(self, cmd: str, fields: Json) -> tuple[int, bytes]:
        """Request ``cmd`` with the next id: the id and the line to send."""
        request_id = self._next_id
        self._next_id += 1
        message = protocol.request(request_id, cmd, **fields)
        if self.validator is not None:
            self.validator.check_request(message)
        return request_id, protocol.encode(message)

    def _reply(self, cmd: str, fields: Json, request_id: int, timeout: float) -> Any:
        """The value of the reply to request ``request_id`` (``cmd`` with ``fields``)."""
        reply = protocol.decode(self._read_line(cmd, request_id, timeout))
        return protocol.read_reply(reply, request_id, cmd, fields.get("steps"), self.validator)

    def _sendable(self, calls: list[tuple[str, Json]]) -> list[tuple[int, bytes]] | None:
        """The requests of ``calls`` encoded, if they may be sent ahead: at most
        :attr:`window` bytes (neither pipe may fill up while the replies
        are not read), a batch only to an implementation that takes them, and
        every request one the kit can send (else the call that asks it says so)."""
        if any(cmd == "batch" for cmd, _ in calls) and not self._batches():
            return None
        first = self._next_id
        encoded: list[tuple[int, bytes]] = []
        size = 0
        try:
            for cmd, fields in calls:
                request_id, line = self._encoded(cmd, fields)
                size += len(line)
                if size > self.window:
                    break
                encoded.append((request_id, line))
        except (ValueError, TypeError, RecursionError):  # (asked, the request raises it to its case)
            pass
        if len(encoded) < len(calls):
            encoded = []  # nothing is sent
        self._next_id = first + len(encoded)  # the ids of requests not sent are free again
        return encoded or None

    def _settle(self) -> None:
        """Read the replies to every request in flight (:meth:`send`) before another
        request (a fault among them stops the process, which the next request
        restarts), so that the next reply read is the next request's."""
        while self._ahead:
            self._read_ahead()

    def pipeline(self, calls: list[tuple[str, Json]]) -> list[Any]:
        """Send the requests of ``calls`` ahead of their replies, read in order
        (:meth:`Adapter.pipeline`): one round trip, and one write, for as many
        requests as :attr:`window` bytes hold (a larger pipeline reads
        replies as it sends, so neither pipe fills up while the other side waits
        on it). A ``batch`` to an implementation without batches is asked step by
        step. Only the fuzzer and ``perft`` use it (and :meth:`send`): a campaign of 400
        card games through ``serve`` takes 1.65 s so, 2.15 s one request at a time
        (measured for issue 35): a quarter of the wait."""
        waiting: _Waiting = collections.deque()
        outcomes: list[Any] = []
        unsent: list[bytes] = []  # lines of the requests in ``waiting`` not written yet
        ahead = sum(size for *_, size in waiting)  # bytes of the requests whose replies are not read yet
        try:
            self._settle()
            self._ensure_running()
            for cmd, fields in calls:
                if cmd == "batch" and not self._batches():  # asked step by step, once the rest is answered
                    ahead = self._answer(waiting, unsent, outcomes, ahead, 0)
                    outcomes.append(self._steps(fields["steps"]))
                    continue
                request_id, line = self._encoded(cmd, fields)
                ahead = self._answer(waiting, unsent, outcomes, ahead, self.window - len(line))
                waiting.append((cmd, fields, request_id, len(line)))
                unsent.append(line)
                ahead += len(line)
            self._answer(waiting, unsent, outcomes, ahead, 0)
        except AdapterFault as fault:  # every call not answered has this outcome
            outcomes += [fault] * (len(calls) - len(outcomes))
        except Exception:  # a request the kit cannot send: the replies of those in flight are read first
            with contextlib.suppress(AdapterFault):  # (a fault stops the process: nothing is in flight then)
                self._answer(waiting, unsent, [], ahead, 0)
            raise
        return outcomes

    def send(self, calls: list[tuple[str, Json]]) -> Callable[[], list[Any]]:
        """Write the requests of ``calls`` now (:meth:`Adapter.send`), when they fit in
        :attr:`window` bytes; otherwise, and for a ``batch`` to an
        implementation without batches, they are asked when their outcomes are.

        Requests sent so are answered in order: asking the outcomes of one reads
        those of any sent before it first, and any other request reads them all
        first (so several may be in flight; a fault is the outcome of the call it
        happened to and of every call in flight after it, as in :meth:`pipeline`)."""
        try:
            self._ensure_running()
            encoded = self._sendable(calls)
        except AdapterFault as fault:
            return partial(_repeated, fault, len(calls))
        if encoded is None:
            return super().send(calls)
        sent = self._write(calls, encoded)
        if isinstance(sent, AdapterFault):
            return partial(_repeated, sent, len(calls))
        return partial(self._outcomes_of, sent)

    def _write(self, calls: list[tuple[str, Json]], encoded: list[tuple[int, bytes]]) -> _Ahead | AdapterFault:
        """Write the ``encoded`` requests of ``calls`` at once, in flight behind any
        sent before (:meth:`send`): what is now in flight, or the fault that stopped
        the process (the outcome of every one of the calls)."""
        try:
            self._send(b"".join(line for _, line in encoded), calls[0][0], encoded[0][0], quiet=not self._ahead)
        except AdapterFault as fault:
            return fault
        sent = zip(calls, encoded, strict=True)
        ahead = _Ahead(
            collections.deque((cmd, fields, request_id, len(line)) for (cmd, fields), (request_id, line) in sent)
        )
        self._ahead.append(ahead)
        return ahead

    def _outcomes_of(self, ahead: _Ahead) -> list[Any]:
        """The outcomes of requests sent ahead (:meth:`send`), read now if they are not yet."""
        while ahead.outcomes is None:
            self._read_ahead()
        return ahead.outcomes

    def _read_ahead(self) -> None:
        """Read the replies to the first requests still in flight (:meth:`send`)."""
        ahead = self._ahead.popleft()
        later = list(self._ahead)
        outcomes: list[Any] = []
        try:
            for sent in ahead.waiting:
                self._outcome(sent, outcomes)
        except AdapterFault as fault:  # the process is stopped: every later call in flight ends so too
            outcomes += [fault] * (len(ahead.waiting) - len(outcomes))
            _end_with(fault, later)
        ahead.outcomes = outcomes

    def _abandon(self, fault: AdapterFault) -> None:
        """End every call in flight (:meth:`send`) with ``fault``: the process is gone."""
        _end_with(fault, self._ahead)
        self._ahead.clear()

    def _answer(
        self,
        waiting: _Waiting,
        unsent: list[bytes],
        outcomes: list[Any],
        ahead: int,
        room: int,
    ) -> int:
        """When more than ``room`` bytes of requests would be ahead, write the
        ``unsent`` lines at once and read replies to the ``waiting`` requests until
        at most ``room`` bytes, and at most half of :attr:`window`, are
        ahead (the next requests then go in one write of half a window, not one
        write per reply read: fewer writes, and the implementation still has
        requests to answer while the kit reads); the bytes left ahead."""
        if ahead <= room:
            return ahead
        if unsent:
            first = len(waiting) - len(unsent)
            cmd, _, request_id, _ = waiting[first]
            written = partial(self._read_written, waiting, first, outcomes)
            self._send(b"".join(unsent), cmd, request_id, quiet=first == 0, written=written)
            unsent.clear()
        room = min(room, self.window // 2)
        while waiting and ahead > room:
            ahead -= self._outcome(waiting.popleft(), outcomes)
        return ahead

    def _read_written(self, waiting: _Waiting, count: int, outcomes: list[Any]) -> None:
        """Read the replies to the first ``count`` of the ``waiting`` requests (those
        written already) into ``outcomes`` (a fault stops the process and is raised)."""
        for _ in range(count):
            self._outcome(waiting.popleft(), outcomes)

    def _steps(self, steps: list[Json]) -> Any:
        """A batch asked step by step (:meth:`Adapter.batch`): its results, or the
        refusal that ended it (a fault is raised)."""
        try:
            return self.batch(steps)
        except (BadRequest, Refused, Unsupported) as exc:
            return kept(exc)

    def _outcome(self, sent: tuple[str, Json, int, int], outcomes: list[Any]) -> int:
        """Read the reply to the ``sent`` request into ``outcomes`` (a fault stops
        the process and is raised); the size of the request."""
        cmd, fields, request_id, size = sent
        try:
            outcomes.append(self._reply(cmd, fields, request_id, self.timeout))
        except (BadRequest, Refused, Unsupported) as exc:
            outcomes.append(kept(exc))
        except AdapterFault as fault:
            self._fail(fault)
        return size

    def _fail(self, fault: AdapterFault) -> NoReturn:
        """Stop the process (its stderr read to the end) and raise ``fault`` with the
        stderr tail attached."""
        capture = self._stderr
        self._stop()
        fault.detail = _join_detail(fault.detail, capture.tail() if capture is not None else "")
        raise fault

    def _send(
        self, line: bytes, cmd: str, request_id: int, quiet: bool = True, written: Callable[[], None] | None = None
    ) -> None:
        """Write one request line (a fault stops the process). ``quiet``: no reply
        is awaited, so any output read already is output nobody asked for.

        An implementation gone before the line is written may have answered some
        requests in flight (:meth:`send`, and those of a long :meth:`pipeline`
        written in an earlier part, which ``written`` reads) before it went: their
        replies are read first, so that each of those calls gets its own outcome
        and the fault is the outcome of the request it did not answer, not of
        every call in flight."""
        assert self._proc is not None and self._proc.stdin is not None
        try:
            if quiet and self._buffer:
                raise ProtocolViolation(
                    f"the implementation wrote output nobody asked for before the {cmd} request",
                    detail=protocol.shown(bytes(self._buffer)),
                )
            try:
                self._proc.stdin.write(line)
            except OSError:
                gone = self._gone(cmd, request_id, "stdin")
                while self._ahead:  # (a fault reading them stops the process: the calls after it end so)
                    self._read_ahead()
                if written is not None:  # (a fault reading them is raised: the calls after it end so)
                    written()
                raise gone from None
        except AdapterFault as fault:
            self._fail(fault)

    def _read_line(self, cmd: str, request_id: int, timeout: float) -> bytes:
        """The next line of stdout (at most :data:`protocol.MAX_LINE_BYTES`), read in
        chunks; a timeout, the end of output, or the process having exited (while
        children may still hold the pipe) is a fault."""
        assert self._proc is not None and self._proc.stdout is not None and self._selector
        deadline = time.monotonic() + timeout
        fd = self._proc.stdout.fileno()
        scanned = 0
        while True:
            end = self._buffer.find(b"\n", scanned)
            if end > protocol.MAX_LINE_BYTES or (end < 0 and len(self._buffer) > protocol.MAX_LINE_BYTES):
                raise ProtocolViolation(
                    f"the reply to request {request_id} ({cmd}) is a line longer than "
                    f"{protocol.MAX_LINE_BYTES} bytes (the protocol's limit)",
                    detail=protocol.shown(bytes(self._buffer[:_READ_SIZE])),
                )
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            scanned = len(self._buffer)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AdapterTimeout(
                    f"no reply to request {request_id} ({cmd}) within {timeout:g} s",
                    detail=protocol.shown(bytes(self._buffer)) if self._buffer else "",
                )
            if not self._selector.select(min(remaining, _POLL)):
                if self._proc.poll() is not None:
                    raise self._gone(cmd, request_id)
                continue
            chunk = os.read(fd, _READ_SIZE)
            if not chunk:
                raise self._gone(cmd, request_id)
            self._buffer += chunk

    def _gone(self, cmd: str, request_id: int, stream: str = "stdout") -> AdapterCrash:
        """The crash of an implementation found gone: its exit, or the ``stream`` it
        closed (its stdout at the end of its output, its stdin where a request
        could not be written) while it still runs."""
        assert self._proc is not None
        if not _exited(self._proc, _EXIT_GRACE):
            return AdapterCrash(f"the implementation closed its {stream} before answering request {request_id} ({cmd})")
        code = self._proc.returncode
        how = "exited early (code 0)" if code == 0 else _exit_text(code)
        return AdapterCrash(f"the implementation {how} before answering request {request_id} ({cmd})")


def _end_with(fault: AdapterFault, pending: Iterable[_Ahead]) -> None:
    """Give every call of the ``pending`` requests in flight the outcome ``fault``."""
    for ahead in pending:
        ahead.outcomes = _repeated(fault, len(ahead.waiting))


def _repeated(fault: AdapterFault, count: int) -> list[Any]:
    """The outcomes of ``count`` calls that a ``fault`` ended before they were asked."""
    return [fault] * count


def _exited(proc: subprocess.Popen[bytes], grace: float) -> bool:
    """Whether ``proc`` has exited, waiting for it at most ``grace`` seconds: woken
    as it exits where the system says so (a Linux pidfd); elsewhere ``Popen.wait``
    looks at it after sleeps that double (an exit in 22 ms is seen at 31 ms)."""
    if proc.poll() is None and _woken_at_exit(proc.pid, grace):
        grace = 0  # (it has exited, or the grace is over: reaped now, or not)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        return False
    return True


def _woken_at_exit(pid: int, grace: float) -> bool:
    """Wait at most ``grace`` seconds for the process ``pid`` to exit, on a pidfd;
    ``False`` (no wait) where the system has none."""
    try:
        pidfd = os.pidfd_open(pid)  # type: ignore[attr-defined,unused-ignore]
    except (AttributeError, OSError):  # (not Linux ≥ 5.3, or a sandbox that refuses it)
        return False
    try:
        select.select([pidfd], [], [], grace)
    finally:
        os.close(pidfd)
    return True


def signal_group(pgid: int, sig: signal.Signals) -> None:
    """Send ``sig`` to a process group (nothing if it is empty already). The
    leader's pid stays the group's id while any member lives, so it is never
    another process's group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


def _exit_text(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"crashed (exit code {code})"


def _join_detail(detail: str, stderr: str) -> str:
    parts = [detail] if detail else []
    if stderr:
        parts.append("stderr (last lines):\n" + stderr)
    return "\n".join(parts)
