"""``-n N``: play a run's tasks in N worker processes, forked from this one.

Each worker builds its player once (for a run of cases: its own implementation,
which it shakes hands with and closes at the end), then plays the task indices it
is sent, one at a time, and sends each result back. A worker that dies while it
plays a task (an in-process implementation that ends its process) costs that task
only: it is reported lost, and another worker takes the rest. Forked workers see
the run's tasks as they are (nothing is pickled but indices and results), so this
runs where ``fork`` exists (POSIX).

Each worker leads a process group of its own (so a Ctrl-C at the terminal reaches
the kit alone, which stops them): when the run ends early (``-x``, a signal, an
error) every worker still running is sent SIGTERM, on which it stops its
implementation and exits, then SIGKILL after a grace (:func:`_end`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from generala_conformance.transport import process_adapter, signals

R = TypeVar("R")
Player = tuple[Callable[[int], R], Callable[[], None]]
"""A worker's player: what plays task ``i``, and what releases it at the end."""
_END_GRACE = 5.0
"""Seconds a worker sent SIGTERM has to stop its implementation and exit."""


def available() -> bool:
    """Whether workers can be forked here."""
    return "fork" in multiprocessing.get_all_start_methods()


def _serve(make: Callable[[], Player[Any]], conn: Connection) -> None:
    """A worker's life: build the player, play each index sent until ``None``; a
    signal stops the implementations it started and ends it quietly."""
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    signals.install()
    try:
        play, close = make()
        try:
            while (index := conn.recv()) is not None:
                conn.send(play(index))
        finally:
            close()
            conn.close()
    except signals.Interrupted as stop:
        process_adapter.stop_all()
        sys.exit(stop.exit_code)


def run(
    count: int,
    make: Callable[[], Player[R]],
    jobs: int,
    record: Callable[[R], bool],
    lost: Callable[[int, int | None], R],
) -> None:
    """Play tasks ``0 … count-1`` in ``jobs`` workers; ``record`` hears each result
    (and says ``True`` to start no more tasks), ``lost(i, exit status)`` makes the
    result of a task whose worker died."""
    context = multiprocessing.get_context("fork")
    todo = deque(range(count))
    busy: dict[Connection, tuple[Any, int | None]] = {}  # a worker's pipe -> (its process, its task)
    stopping = False

    def give(conn: Connection, process: Any) -> None:
        task = None if stopping or not todo else todo.popleft()
        busy[conn] = (process, task)
        conn.send(task)
        if task is None:  # (kept busy until it has exited: a signal meanwhile ends it)
            process.join()
            del busy[conn]

    def start() -> None:
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(make, theirs), daemon=True)
        process.start()
        busy[ours] = (process, None)  # (from now on, ended with the run)
        assert process.pid is not None
        with contextlib.suppress(OSError):  # (as the worker does: whichever comes first)
            os.setpgid(process.pid, process.pid)
        theirs.close()
        give(ours, process)

    try:
        for _ in range(min(jobs, count)):
            start()
        while busy:
            for conn in wait(list(busy)):
                assert isinstance(conn, Connection)
                process, task = busy[conn]
                try:
                    result = conn.recv()
                except EOFError:  # the worker died playing its task
                    assert task is not None
                    del busy[conn]
                    process.join()
                    stopping = record(lost(task, process.exitcode)) or stopping
                    if todo and not stopping:
                        start()
                    continue
                stopping = record(result) or stopping
                give(conn, process)
    finally:
        _end([process for process, _ in busy.values()])


def _end(processes: list[Any]) -> None:
    """Stop workers still running: SIGTERM to each one's process group (it stops its
    implementation), then SIGKILL to the groups of those not gone within a grace."""
    for process in processes:
        process_adapter.signal_group(process.pid, signal.SIGTERM)
    for process in processes:
        process.join(_END_GRACE)
        if process.exitcode is None:  # (not reaped: its pid is still its group's)
            process_adapter.signal_group(process.pid, signal.SIGKILL)
            process.kill()
            process.join()
