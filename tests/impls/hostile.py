"""Hostile implementations (issue 9): ``hostile.py KIND`` plays one kind of misbehaviour.

Like the other scripts of this folder it serves the reference engine and, unless
the kind says otherwise, strikes in the middle of the second case its process
runs (``_peer``). Every process of it (children included) appends its pid to
``$GENERALA_TEST_PIDS``, so the tests can check that none is left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import _peer
from generala_conformance.transport import protocol

out = sys.stdout.buffer
MIB = b"x" * 1024 * 1024  # written 50 or 20 times: the implementation itself stays small
HUGE = 50  # MiB of a 50 MB line
FLOOD = 20  # MiB of stderr


def write(data: bytes) -> None:
    out.write(data)
    out.flush()


def hang_before_hello() -> None:
    _peer.record_pid()
    time.sleep(3600)


def slow_start() -> None:
    time.sleep(0.5)
    _peer.run()


def hang_every_case() -> None:
    def every(request: dict, reply: dict) -> dict:
        if request["cmd"] == "start":
            time.sleep(3600)
        return reply

    _peer.run(every=every)


def out_of_order() -> None:
    """Answers a request with the previous request's reply, then with its own."""
    previous: list[dict] = []

    def fault(request: dict, reply: dict) -> dict:
        write(protocol.encode(previous[-1]))
        return reply

    def every(request: dict, reply: dict) -> dict:
        previous.append(reply)
        return reply

    _peer.run(fault, every=every)


def _actions(request: dict) -> list[str]:
    """The actions a request plays: an ``apply``'s, or those of a ``batch``'s steps."""
    return [request.get("action"), *(step.get("action") for step in request.get("steps", []))]


def double_reply() -> None:
    """Answers the last move of the second case (P2 10H, alone or in a batch) twice."""

    def fault(request: dict, reply: dict) -> dict:
        if "10H" in _actions(request):
            write(protocol.encode(reply) * 2)
            return None
        return reply

    _peer.run(fault)


def huge_line() -> None:
    def fault(request: dict, reply: dict) -> None:
        write(b'{"id": 1, "padding": "')
        for _ in range(HUGE):
            write(MIB)
        write(b'"}\n')

    _peer.run(fault)


def no_newline() -> None:
    def fault(request: dict, reply: dict) -> None:
        write(protocol.encode(reply).rstrip(b"\n"))

    _peer.run(fault)


def partial_line() -> None:
    def fault(request: dict, reply: dict) -> None:
        line = protocol.encode(reply)
        write(line[: len(line) // 2])
        sys.exit(0)

    _peer.run(fault)


def stderr_lines() -> None:
    """20 MB of stderr in short lines while answering one request."""

    def fault(request: dict, reply: dict) -> dict:
        if "9H" in _actions(request):
            line = b"log: a line of chatter from the engine, over and over\n"
            for _ in range(FLOOD):
                sys.stderr.buffer.write(line * (len(MIB) // len(line)))
            sys.stderr.flush()
        return reply

    _peer.run(fault)


def stderr_line() -> None:
    """One 20 MB stderr line while answering one request."""

    def fault(request: dict, reply: dict) -> dict:
        if "9H" in _actions(request):
            for _ in range(FLOOD):
                sys.stderr.buffer.write(MIB)
            sys.stderr.buffer.write(b"\n")
            sys.stderr.flush()
        return reply

    _peer.run(fault)


def closes_stdout() -> None:
    def fault(request: dict, reply: dict) -> None:
        os.close(1)
        time.sleep(3600)

    _peer.run(fault)


def closes_stdin() -> None:
    """Closes its stdin at the first request of the second case, answers it, and keeps running."""

    def fault(request: dict, reply: dict) -> None:
        os.close(0)  # (before the reply: any later request finds it closed)
        write(protocol.encode(reply))
        time.sleep(3600)

    _peer.run(fault)


def fork_and_exit() -> None:
    """Forks a child that keeps the pipes and sleeps; the parent exits (code 0)."""

    def fault(request: dict, reply: dict) -> None:
        if os.fork() == 0:
            _peer.record_pid()
            time.sleep(3600)
        os._exit(0)

    _peer.run(fault)


def children_hold_pipes() -> None:
    """Starts children that inherit the pipes, then crashes mid-run."""

    def spawn(request: dict) -> None:
        if request["cmd"] == "hello":
            for _ in range(3):
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
                _peer.record_pid(child.pid)

    def fault(request: dict, reply: dict) -> None:
        os._exit(1)

    _peer.run(fault, before_each=spawn)


def ignores_sigterm() -> None:
    """Serves correctly but ignores SIGTERM, and neither quit nor the end of stdin
    makes it exit."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _peer.run()
    time.sleep(3600)


def invalid_utf8() -> None:
    def fault(request: dict, reply: dict) -> None:
        write(b'{"id": %d, "ok": true, "result": {"events": [], "note": "\xff\xfe"}}\n' % request["id"])

    _peer.run(fault)


def lone_surrogate() -> None:
    """A lone surrogate (and terminal escapes) in the hello name and in a message."""

    def every(request: dict, reply: dict) -> dict | None:
        if request["cmd"] != "hello":
            return reply
        line = protocol.encode(reply).decode()
        name = '"name":"bad \\ud800 name \\u001b]0;pwned\\u0007"'
        write(line.replace('"name":"generala-kit reference"', name).encode())
        return None

    def fault(request: dict, reply: dict) -> None:
        write(
            b'{"id": %d, "ok": false, "error": {"kind": "bad-request", "message": "lone \\udc00 \\u001b[2J"}}\n'
            % request["id"]
        )

    _peer.run(fault, every=every)


def terminal_escapes() -> None:
    """ANSI/OSC sequences in the hello name and raw on stderr (serves correctly)."""

    def every(request: dict, reply: dict) -> dict:
        if request["cmd"] == "hello":
            reply["result"]["name"] = "\x1b]0;owned\x07\x1b[31mred\x1b[0m\x9b2J"
        return reply

    def chatter(request: dict) -> None:
        sys.stderr.write("\x1b[2J\x1b]8;;https://example.invalid\x07click\x1b]8;;\x07\n")
        sys.stderr.flush()

    _peer.run(before_each=chatter, every=every)


def nan() -> None:
    def fault(request: dict, reply: dict) -> None:
        write(b'{"id": %d, "ok": true, "result": {"events": [{"type": "play", "player": NaN}]}}\n' % request["id"])

    _peer.run(fault)


def deep_nesting() -> None:
    def fault(request: dict, reply: dict) -> None:
        depth = 100_000
        write(b'{"id": %d, "ok": true, "result": {"events": [' % request["id"] + b"[" * depth + b"]" * depth + b"]}}\n")

    _peer.run(fault)


def protocol_true() -> None:
    def every(request: dict, reply: dict) -> dict:
        if request["cmd"] == "hello":
            reply["result"]["protocol"] = True
        return reply

    _peer.run(every=every)


def bad_request_start() -> None:
    """Rejects the second case's (valid) setup as a bad request."""
    starts = []

    def every(request: dict, reply: dict) -> dict:
        if request["cmd"] == "start":
            starts.append(request)
            if len(starts) == 2:
                return {"id": request["id"], "ok": False, "error": {"kind": "bad-request", "message": "cannot read"}}
        return reply

    _peer.run(every=every)


def env_names() -> None:
    """Serves correctly; its hello name lists the names of its environment variables."""

    def every(request: dict, reply: dict) -> dict:
        if request["cmd"] == "hello":
            reply["result"]["name"] = " ".join(sorted(os.environ))
        return reply

    _peer.run(every=every)


KINDS: dict[str, Callable[[], None]] = {
    f.__name__: f
    for f in (
        hang_before_hello,
        slow_start,
        hang_every_case,
        out_of_order,
        double_reply,
        huge_line,
        no_newline,
        partial_line,
        stderr_lines,
        stderr_line,
        closes_stdout,
        closes_stdin,
        fork_and_exit,
        children_hold_pipes,
        ignores_sigterm,
        invalid_utf8,
        lone_surrogate,
        terminal_escapes,
        nan,
        deep_nesting,
        protocol_true,
        bad_request_start,
        env_names,
    )
}

if __name__ == "__main__":
    KINDS[sys.argv[1]]()
