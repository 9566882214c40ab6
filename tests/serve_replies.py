"""Running ``serve`` on request lines and checking what it answered (shared by the
hostile-line tests and the fuzz): one well-formed reply per line, the request's id echoed."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from functools import cache

from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.request_checks import check_request
from generala_conformance.transport import protocol
from generala_conformance.transport.request_checks import MAX_DEPTH, MAX_LINE_BYTES
from generala_conformance.transport.serve import serve
from jsonschema import Draft202012Validator

SERVE = [sys.executable, "-m", "generala_conformance.cli", "serve"]


def serve_in_process(data: bytes) -> bytes:
    """What ``serve`` (the reference engine) writes for the input ``data``."""
    out = io.BytesIO()
    assert serve(ReferenceAdapter(), io.BytesIO(data), out, check_request) == 0
    return out.getvalue()


def serve_through_pipe(data: bytes, timeout: float = 300) -> bytes:
    """What a real ``generala-kit serve`` process writes for ``data``; it must exit 0
    and write nothing to stderr (no traceback)."""
    done = subprocess.run(SERVE, input=data, capture_output=True, timeout=timeout, check=False)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode("utf-8", "replace")[-2000:]
    return done.stdout


@cache
def _validators() -> dict[str, Draft202012Validator]:
    defs = protocol.protocol_schema()["$defs"]
    names = {cmd: f"reply-{cmd}" for cmd in protocol.RESULT_KEYS} | {None: "reply"}
    return {cmd: Draft202012Validator({"$defs": defs, "$ref": f"#/$defs/{name}"}) for cmd, name in names.items()}


def depth(line: bytes) -> int:
    """How deeply the arrays and objects of a JSON line nest, brackets in strings not counted."""
    deepest = level = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            in_string = escaped or byte != ord('"')
            escaped = not escaped and byte == ord("\\")
        elif byte in b"[{":
            level += 1
            deepest = max(deepest, level)
        elif byte in b"]}":
            level -= 1
        else:
            in_string = byte == ord('"')
    return deepest


def expected(line: bytes) -> tuple[int | None, str | None]:
    """The id a reply to ``line`` must carry (``None`` when the line has no readable
    id) and the command it asks for (``None`` when unreadable)."""
    if len(line) > MAX_LINE_BYTES or depth(line) > MAX_DEPTH:
        return None, None
    try:
        message = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(message, dict):
        return None, None
    request_id, cmd = message.get("id"), message.get("cmd")
    request_id = request_id if type(request_id) is int and request_id >= 0 else None
    return request_id, cmd if isinstance(cmd, str) and cmd in protocol.RESULT_KEYS else None


def check_replies(data: bytes, output: bytes) -> list[dict]:
    """Check that ``output`` holds exactly one reply per non-blank line of ``data``
    (up to an accepted ``quit``), each valid against the protocol schema's reply
    part for its command and carrying the line's id; return the replies."""
    assert output == b"" or output.endswith(b"\n")
    replies = [json.loads(text) for text in output.decode("utf-8").split("\n")[:-1]]
    answered = 0
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        assert answered < len(replies), f"no reply to line {answered + 1}: {protocol.shown(line)}"
        reply = replies[answered]
        answered += 1
        request_id, cmd = expected(line)
        error = next(_validators()[cmd].iter_errors(reply), None)
        assert error is None, (protocol.shown(line), reply, error.message)
        assert reply["id"] == request_id, (protocol.shown(line), reply)
        if reply["ok"] and cmd == "quit":
            break
    assert answered == len(replies), f"{len(replies)} replies to {answered} lines"
    return replies
