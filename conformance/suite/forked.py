"""Run a pytest session's collected cases in N forked worker processes
(``generala-kit check -n N`` where ``os.fork`` exists).

The suite is collected once, in the process the user started; then N workers are
forked from it, so that none repeats the start-up and the collection (what makes
pytest-xdist's workers slower than one process on this suite). The parent hands
out the cases a few at a time, in the order of the collection, to whichever
worker asks; each worker runs pytest's own protocol for its cases (fixtures,
capture, the plugin's reports) and sends every report back, serialized as xdist
does it. The parent replays the reports of each case, in the order of the
collection, through its own hooks — the terminal, the JUnit XML, the ``generala``
run state and its JSON report, ``-x`` — so that a run with workers prints and
writes what one process would, with the same outcomes and exit code.

A worker that dies (an in-process implementation that ended its process) costs the
case it was running, reported as an error of the implementation
(:class:`WorkerLost`); the cases it had not started go to the other workers.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import selectors
import signal
import struct
import sys
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from generala_conformance.transport.adapter import AdapterFault

AHEAD = 8
"""Cases a worker holds at once: the one it runs and the next ones (pytest's
protocol needs the next case to know which fixtures to tear down); enough that
it does not run out of cases between two of the parent's rounds (:data:`ROUND`):
holding 3, a worker often waited for the parent to hand it the next one."""
ROUND = 0.001
"""Seconds the parent lets pass between two rounds of reading the workers'
frames (:meth:`_Pool.run`). A worker writes a frame at each phase of a case (3 a
case); waiting on the pipes for each, the parent was woken ~2,000 times a suite
run, each time taking a core from the workers (two workers and the parent on two
cores: ``check -n 2`` ÷ ``check`` 0.94, 0.86 gathered in rounds with
:data:`AHEAD` 8, medians of 14 alternated runs, ``bench/bench_check.py``'s row)."""
_END = -1
_INDEX = struct.Struct("!i")
_LENGTH = struct.Struct("!I")
_STOP_GRACE = 5.0  # seconds a stopped worker is given to close its implementation


class WorkerLost(AdapterFault):
    """The worker process running a case ended before the case did (the
    implementation under test ended its process: ``os._exit``, a crash)."""


def available() -> bool:
    """Whether cases can run in forked workers here (POSIX)."""
    return hasattr(os, "fork")


# ----------------------------------------------------------------- the worker


class _Forwarder:
    """In a worker: sends what pytest reports of each case to the parent.

    Messages are sent in frames, each written before the worker runs code of the case
    again (its set-up, its call, its tear-down), so that a worker that dies has sent
    everything up to the phase it died in: the start of a case with the end of the case
    before it, its set-up report, then its call report (3 writes a case, not 5)."""

    def __init__(self, config: pytest.Config, out_fd: int, index_of: dict[str, int]) -> None:
        self.config, self.out_fd, self.index_of = config, out_fd, index_of
        self.pending: list[tuple[Any, ...]] = []

    def send(self, message: tuple[Any, ...], *, now: bool) -> None:
        """Send ``message`` with the next frame (``now``: in a frame written at once)."""
        self.pending.append(message)
        if now:
            self.flush()

    def flush(self) -> None:
        """Write the messages not sent yet, in one frame."""
        if self.pending:
            frame, self.pending = self.pending, []
            _write_frame(self.out_fd, pickle.dumps(frame, protocol=pickle.HIGHEST_PROTOCOL))

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        self.send(("start", self.index_of[nodeid]), now=True)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        config = self.config
        data = config.hook.pytest_report_to_serializable(config=config, report=report)
        self.send(("report", self.index_of[report.nodeid], data), now=report.when != "teardown")

    def pytest_runtest_logfinish(self, nodeid: str) -> None:
        self.send(("finish", self.index_of[nodeid]), now=False)  # with the next start (or before a wait)

    def pytest_warning_recorded(self, warning_message: warnings.WarningMessage, nodeid: str, when: str) -> None:
        index = self.index_of.get(nodeid)
        if index is None:
            return
        warning = warning_message.message
        try:
            pickle.dumps(warning)
        except Exception:  # a warning that does not pickle is sent as its text
            warning = UserWarning(str(warning))
        where = (warning_message.filename, warning_message.lineno)
        self.send(("warning", index, (warning, *where, when)), now=False)


def _work(session: pytest.Session, commands: int, out_fd: int, start: Callable[[], None], detach: list[Any]) -> None:
    """A worker's life: run the cases the parent sends (indices of
    ``session.items``) until it sends :data:`_END`. Never returns."""
    code = 0
    config = session.config
    signal.signal(signal.SIGTERM, _interrupt)
    forwarder = None
    try:
        for plugin in detach:
            config.pluginmanager.unregister(plugin)
        forwarder = _Forwarder(config, out_fd, {item.nodeid: i for i, item in enumerate(session.items)})
        config.pluginmanager.register(forwarder, "generala-forwarder")
        _own_capture(config)
        start()
        received: deque[int] = deque()
        current = _take(commands, received, forwarder.flush)
        while current is not None:
            following = _take(commands, received, forwarder.flush)
            nextitem = session.items[following] if following is not None else None
            config.hook.pytest_runtest_protocol(item=session.items[current], nextitem=nextitem)
            current = following
        forwarder.flush()
    except BaseException as error:
        code = 1
        if not isinstance(error, KeyboardInterrupt):
            _send_crash(out_fd, traceback.format_exc(), forwarder)
        with contextlib.suppress(BaseException):  # ending anyway; the parent reports the loss
            session._setupstate.teardown_exact(None)  # close this worker's implementation
    finally:
        os._exit(code)


def _interrupt(signum: int, _frame: object) -> None:
    """SIGTERM in a worker (the parent stops the run): unwind as on Ctrl-C."""
    raise KeyboardInterrupt(f"signal {signum}")


def _send_crash(out_fd: int, text: str, forwarder: _Forwarder | None) -> None:
    """Send what the worker's own machinery raised (after the messages not sent yet)."""
    with contextlib.suppress(Exception):  # ending anyway: the parent reports the loss
        if forwarder is not None:
            forwarder.flush()
        _write_frame(out_fd, pickle.dumps([("crash", -1, text)]))


def _own_capture(config: pytest.Config) -> None:
    """Give the worker capture files of its own (the inherited ones are the parent's)."""
    capture = config.pluginmanager.get_plugin("capturemanager")
    if capture is not None and capture.is_globally_capturing():
        capture.stop_global_capturing()
        capture.start_global_capturing()
        capture.suspend_global_capture()


def _take(commands: int, received: deque[int], flush: Callable[[], None]) -> int | None:
    """The next case index the parent sent (waiting for it, once what is pending is sent:
    ``flush``); ``None`` at the end."""
    while not received:
        flush()
        data = _read_exactly(commands, _INDEX.size)
        received.extend(i for (i,) in _INDEX.iter_unpack(data))
    index = received.popleft()
    return None if index == _END else index


def _read_exactly(fd: int, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            raise EOFError("the parent process went away")
        data += chunk
    return data


def _write_frame(fd: int, payload: bytes) -> None:
    data = memoryview(_LENGTH.pack(len(payload)) + payload)
    while data:
        data = data[os.write(fd, data) :]


# ----------------------------------------------------------------- the parent


@dataclass
class _Worker:
    pid: int
    commands: int  # the parent writes case indices here
    results: int  # and reads the worker's messages here
    held: deque[int] = field(default_factory=deque)  # sent, not started
    running: int | None = None
    ended: bool = False  # sent _END
    buffer: bytearray = field(default_factory=bytearray)
    crash: str = ""


class _Pool:
    """The parent's side: hands out cases, gathers reports, replays them in order."""

    def __init__(self, session: pytest.Session, jobs: int, start: Callable[[], None], detach: list[Any]) -> None:
        self.session, self.config = session, session.config
        self.items = session.items
        self.waiting: deque[int] = deque(range(len(self.items)))
        self.received: dict[int, list[tuple[str, Any]]] = {}
        self.finished: set[int] = set()
        self.shown = 0  # cases replayed so far (in the order of the collection)
        self.selector = selectors.DefaultSelector()
        self.workers: list[_Worker] = []
        self.last_loss = ""
        sys.stdout.flush()
        sys.stderr.flush()
        gc.collect()
        # The workers' collections leave the parent's objects (and pages) alone; the parent
        # keeps them frozen too (they live to the end of the run, as the plugin's own freeze
        # at the end of the collection says: unfreezing would undo that one as well).
        gc.freeze()
        for _ in range(min(jobs, len(self.items))):
            self.workers.append(self._fork(start, detach))
        for _ in range(AHEAD):
            for worker in self.workers:
                self._hand_out(worker)

    def _fork(self, start: Callable[[], None], detach: list[Any]) -> _Worker:
        commands_read, commands_write = os.pipe()
        results_read, results_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the worker
            os.close(commands_write)
            os.close(results_read)
            for worker in self.workers:  # the other workers' pipes are none of its business
                os.close(worker.commands)
                os.close(worker.results)
            _work(self.session, commands_read, results_write, start, detach)
        os.close(commands_read)
        os.close(results_write)
        worker = _Worker(pid, commands_write, results_read)
        self.selector.register(results_read, selectors.EVENT_READ, worker)
        return worker

    def _hand_out(self, worker: _Worker) -> None:
        """Send ``worker`` the next waiting case, or the end when none waits."""
        if worker.ended:
            return
        index = self.waiting.popleft() if self.waiting else _END
        worker.ended = index == _END
        if index != _END:
            worker.held.append(index)
        with contextlib.suppress(OSError):  # it died: noticed when its results end
            os.write(worker.commands, _INDEX.pack(index))

    def run(self) -> None:
        """Until every case is replayed (or ``-x`` stops the run), reading the
        workers' frames in rounds (:data:`ROUND`), then until every worker has
        closed its implementation and ended."""
        while self.shown < len(self.items):
            if not self.selector.get_map():
                self._lose_the_rest(f"not run: every worker process of -n ended (the last: {self.last_loss})")
                break
            for key, _ in self.selector.select():
                self._read(key.data)
            self._replay()
            if self.shown < len(self.items):
                time.sleep(ROUND)  # the workers' next frames are read together, in the next round
        while self.selector.get_map():
            for key, _ in self.selector.select():
                self._read(key.data)

    def _read(self, worker: _Worker) -> None:
        data = os.read(worker.results, 1 << 16)
        if not data:
            self._ended(worker)
            return
        worker.buffer += data
        while len(worker.buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(worker.buffer)
            if len(worker.buffer) < _LENGTH.size + size:
                break
            frame = pickle.loads(bytes(worker.buffer[_LENGTH.size : _LENGTH.size + size]))
            del worker.buffer[: _LENGTH.size + size]
            for message in frame:
                self._handle(worker, *message)

    def _handle(self, worker: _Worker, kind: str, index: int, payload: Any = None) -> None:
        if kind == "start":
            worker.held.remove(index)
            worker.running = index
            self.received[index] = []
        elif kind in ("report", "warning"):
            self.received[index].append((kind, payload))
        elif kind == "finish":
            worker.running = None
            self.finished.add(index)
            self._hand_out(worker)
        else:  # "crash": the worker's own machinery failed
            worker.crash = payload

    def _ended(self, worker: _Worker) -> None:
        """A worker's results ended: it is done, or it died with cases in hand."""
        self.selector.unregister(worker.results)
        os.close(worker.results)
        os.close(worker.commands)
        _, status = os.waitpid(worker.pid, 0)
        lost = worker.running is not None or worker.held or not worker.ended
        if not lost:
            return
        why = f"the worker process (-n) running this case ended ({_status_text(status)})"
        why += f"\n{worker.crash.rstrip()}" if worker.crash else ""
        self.last_loss = why
        if worker.running is not None:
            self._lose(worker.running, why)
        self.waiting.extendleft(sorted(worker.held, reverse=True))
        worker.held.clear()
        for other in self.workers:
            if not other.ended and other.results in self.selector.get_map():
                self._hand_out(other)

    def _lose_the_rest(self, why: str) -> None:
        for index in range(self.shown, len(self.items)):
            if index not in self.finished:
                self.received.setdefault(index, [])
                self._lose(index, why)
        self._replay()

    def _lose(self, index: int, why: str) -> None:
        """Complete the reports of case ``index``, which its worker did not finish."""
        item = self.items[index]
        reports = [payload for kind, payload in self.received[index] if kind == "report"]
        whens = [report["when"] for report in reports]
        if not reports:
            missing = ["setup", "teardown"]
        elif reports[0]["outcome"] == "passed" and "call" not in whens:
            missing = ["call", "teardown"]
        else:
            missing = [] if "teardown" in whens else ["teardown"]

        def fail() -> None:
            raise WorkerLost(why)

        for n, when in enumerate(missing):  # the first missing phase fails, the teardown after it passes
            call = pytest.CallInfo.from_call(fail if n == 0 else lambda: None, when=when)  # type: ignore[arg-type]
            report = item.ihook.pytest_runtest_makereport(item=item, call=call)
            data = self.config.hook.pytest_report_to_serializable(config=self.config, report=report)
            self.received[index].append(("report", data))
        self.finished.add(index)

    def _replay(self) -> None:
        """Replay, in the order of the collection, every case whose reports are all in."""
        hook = self.config.hook
        while self.shown in self.finished:
            item = self.items[self.shown]
            hook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
            for kind, payload in self.received.pop(self.shown):
                if kind == "report":
                    report = hook.pytest_report_from_serializable(config=self.config, data=payload)
                    hook.pytest_runtest_logreport(report=report)
                else:
                    warning, filename, lineno, when = payload
                    message = warnings.WarningMessage(warning, type(warning), filename, lineno)
                    kwargs = {"warning_message": message, "when": when, "nodeid": item.nodeid, "location": None}
                    hook.pytest_warning_recorded.call_historic(kwargs=kwargs)
            hook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
            self.shown += 1
            if self.session.shouldfail or self.session.shouldstop:
                self.stop()
                if self.session.shouldfail:
                    raise self.session.Failed(self.session.shouldfail)
                raise self.session.Interrupted(self.session.shouldstop)

    def stop(self) -> None:
        """End every worker still running (each closes its implementation first)."""
        living = [w for w in self.workers if w.results in self.selector.get_map()]
        for worker in living:
            _signal(worker.pid, signal.SIGTERM)
        deadline = time.monotonic() + _STOP_GRACE
        for worker in living:
            while os.waitpid(worker.pid, os.WNOHANG) == (0, 0):
                if time.monotonic() > deadline:
                    _signal(worker.pid, signal.SIGKILL)
                    break
                time.sleep(0.01)
            self.selector.unregister(worker.results)
            os.close(worker.results)
            os.close(worker.commands)


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
        if signum == signal.SIGKILL:
            os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _status_text(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def run(session: pytest.Session, jobs: int, start: Callable[[], None], detach: Sequence[Any]) -> None:
    """Run ``session.items`` in ``jobs`` forked workers, replaying their reports here.

    ``start`` runs first in each worker (to open its own implementation); the
    plugins of ``detach`` (and pytest's terminal and JUnit reporters) are removed
    from each worker: the parent alone reports."""
    from _pytest.junitxml import xml_key

    reporters = [session.config.pluginmanager.get_plugin("terminalreporter"), session.config.stash.get(xml_key, None)]
    pool = _Pool(session, jobs, start, [p for p in [*reporters, *detach] if p is not None])
    try:
        pool.run()
    finally:
        pool.stop()
