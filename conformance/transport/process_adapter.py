"""``ProcessAdapter``: drive an implementation in any language over the JSON-lines protocol.

One long-lived subprocess; one request line on its stdin, one reply line read
from its stdout within a per-request timeout. Its stderr is drained by a thread
(so a chatty implementation never blocks) and kept: the tail is attached to
every fault, and :meth:`ProcessAdapter.take_stderr` hands out what was written
since the last call (shown with the case). Any fault kills the process; the
next request starts a fresh one (and shakes hands again), so one crash costs
one case, not the run. After ``max_start_failures`` failed starts in a row the
adapter stops trying and fails fast.

Faults: could not start / died / exited early -> ``AdapterCrash``; no reply in
time -> ``AdapterTimeout``; non-JSON line, wrong shape, wrong id, wrong protocol
version -> ``ProtocolViolation``. POSIX only (it waits on the pipe with
``selectors``).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import (
    AdapterCrash,
    AdapterFault,
    AdapterTimeout,
    Json,
    ProtocolViolation,
)

_STDERR_TAIL_LINES = 40
_STDERR_KEEP_CHARS = 20_000
_EXIT_GRACE = 1.0  # seconds given to a dying process to report its exit code


_LIVE: weakref.WeakSet[ProcessAdapter] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    """Stop every implementation still running when the kit exits (they run in
    their own session, so a Ctrl-C at the terminal does not reach them)."""
    for adapter in list(_LIVE):
        adapter._stop()


class StderrCapture:
    """Drains a binary stream in a daemon thread, keeping a tail and a pending part."""

    def __init__(self, stream: Any) -> None:
        self._lock = threading.Lock()
        self._tail: collections.deque[str] = collections.deque(maxlen=_STDERR_TAIL_LINES)
        self._pending: list[str] = []
        self._pending_chars = 0
        self._thread = threading.Thread(target=self._drain, args=(stream,), daemon=True)
        self._thread.start()

    def _drain(self, stream: Any) -> None:
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            with self._lock:
                self._tail.append(line)
                if self._pending_chars < _STDERR_KEEP_CHARS:
                    self._pending.append(line)
                    self._pending_chars += len(line) + 1
        stream.close()

    def finish(self, timeout: float = _EXIT_GRACE) -> None:
        """Wait (briefly) for the stream to be read to its end."""
        self._thread.join(timeout)

    def tail(self) -> str:
        """The last lines written."""
        with self._lock:
            return "\n".join(self._tail)

    def take(self) -> str:
        """What was written since the last call (bounded)."""
        with self._lock:
            text, self._pending, self._pending_chars = "\n".join(self._pending), [], 0
        return text


class ProcessAdapter(protocol.RequestAdapter):
    """An implementation run as ``command`` and spoken to over the JSON-lines protocol.

    :meth:`batch` is one ``batch`` request when the implementation's hello offers
    it (``"batch": true``), else the steps are asked one request at a time.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 10.0,
        validate: bool = False,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        max_start_failures: int = 3,
    ) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty implementation command")
        self.timeout = timeout
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.max_start_failures = max_start_failures
        self.validator = protocol.MessageValidator() if validate else None
        self.starts = 0  # processes started so far (restarts show here)
        self._proc: subprocess.Popen[bytes] | None = None
        self._stderr: StderrCapture | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        self._next_id = 1
        self._hello: Json | None = None
        self._start_failures = 0
        self._last_start_fault: AdapterFault | None = None
        self._unclaimed_stderr = ""

    # -- Adapter -------------------------------------------------------------

    def hello(self) -> Json:
        self._ensure_running()
        assert self._hello is not None
        return dict(self._hello)

    def _batches(self) -> bool:
        self._ensure_running()
        assert self._hello is not None
        return self._hello.get("batch") is True

    def close(self) -> None:
        """Ask the process to quit, then make sure it is gone."""
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(AdapterFault):  # it is killed just below either way
                self._exchange("quit", {}, timeout=min(self.timeout, _EXIT_GRACE))
        self._stop()

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

    def _ensure_running(self) -> None:
        if self._proc is not None:
            return
        if self._start_failures >= self.max_start_failures:
            assert self._last_start_fault is not None
            fault = self._last_start_fault
            raise type(fault)(f"gave up after {self._start_failures} failed starts; last: {fault}", fault.detail)
        try:
            self._spawn()
            self._hello = self._exchange("hello", {"protocol": protocol.PROTOCOL_VERSION})
        except AdapterFault as fault:
            self._start_failures += 1
            self._last_start_fault = fault
            raise
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
        self._proc = proc
        _LIVE.add(self)
        self._stderr = StderrCapture(proc.stderr)
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
        self._buffer.clear()
        self._next_id = 1

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                proc.kill()
        proc.wait()
        if self._selector is not None:
            self._selector.close()
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()
        if self._stderr is not None:
            self._stderr.finish()
            self._unclaimed_stderr = "\n".join(t for t in (self._unclaimed_stderr, self._stderr.take()) if t)
            self._stderr = None

    # -- requests ------------------------------------------------------------

    def _call(self, cmd: str, **fields: Any) -> Any:
        self._ensure_running()
        return self._exchange(cmd, fields)

    def _exchange(self, cmd: str, fields: Json, timeout: float | None = None) -> Any:
        """Send one request and return the value of its reply; on any fault the
        process is stopped (the next call restarts it) and the fault re-raised
        with the stderr tail attached."""
        request_id = self._next_id
        self._next_id += 1
        message = protocol.request(request_id, cmd, **fields)
        if self.validator is not None:
            self.validator.check_request(message)
        try:
            self._send(message, cmd)
            reply = protocol.decode(self._read_line(cmd, request_id, timeout or self.timeout))
            if self.validator is not None:
                self.validator.check_reply(cmd, reply)
            return protocol.unwrap(reply, request_id, cmd, fields.get("steps"))
        except AdapterFault as fault:
            stderr = self._stderr.tail() if self._stderr is not None else ""
            self._stop()
            fault.detail = _join_detail(fault.detail, stderr)
            raise

    def _send(self, message: Json, cmd: str) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        if self._buffer:
            raise ProtocolViolation(
                f"the implementation wrote output nobody asked for before the {cmd} request",
                detail=protocol.shown(bytes(self._buffer)),
            )
        try:
            self._proc.stdin.write(protocol.encode(message))
        except OSError:
            raise self._gone(cmd, message["id"]) from None

    def _read_line(self, cmd: str, request_id: int, timeout: float) -> bytes:
        assert self._proc is not None and self._proc.stdout is not None and self._selector
        deadline = time.monotonic() + timeout
        fd = self._proc.stdout.fileno()
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                raise AdapterTimeout(
                    f"no reply to request {request_id} ({cmd}) within {timeout:g} s",
                    detail=protocol.shown(bytes(self._buffer)) if self._buffer else "",
                )
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._gone(cmd, request_id)
            self._buffer += chunk

    def _gone(self, cmd: str, request_id: int) -> AdapterCrash:
        assert self._proc is not None
        try:
            code = self._proc.wait(_EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return AdapterCrash(f"the implementation closed its stdout before answering {cmd}")
        if self._stderr is not None:
            self._stderr.finish()
        how = "exited early (code 0)" if code == 0 else _exit_text(code)
        return AdapterCrash(f"the implementation {how} before answering request {request_id} ({cmd})")


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
