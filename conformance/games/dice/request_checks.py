"""What ``generala-kit serve --game dice`` accepts as a request: the request part of
``spec/schemas/dice-protocol.schema.json``, checked by hand before the engine sees
it (as :mod:`generala_conformance.transport.request_checks` does for the card
game, whose line limits, ``id``, ``hello`` and refusal form it shares).

Codes: ``bad-request`` (the request's own fields), ``unknown-command`` and
``unsupported-protocol`` (kind ``unsupported``), ``bad-setup`` and ``bad-players``
(a ``start`` setup), ``bad-player`` and ``bad-dice`` (an ``apply``), ``bad-roll``
(a ``score`` request).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generala_conformance.transport.adapter import Json
from generala_conformance.transport.request_checks import (
    RequestError,
    check_hello,
    check_id_and_cmd,
    field,
    is_rules,
    json_text,
    obj,
    quote,
    required,
)

COMMANDS = ("hello", "score", "start", "legal", "apply", "state", "batch", "quit")
PLAYERS = 10


def _is_player(value: Any) -> bool:
    return type(value) is int and 0 <= value < PLAYERS


def _is_die(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 6


def _is_dice(value: Any, least: int, most: int) -> bool:
    return isinstance(value, list) and least <= len(value) <= most and all(_is_die(v) for v in value)


def _check_score(message: Json) -> None:
    """``score``: ``dice`` (five dice 1-6), ``roll`` (>= 1), ``thrown`` (1-5), ``rules``, ``marks``."""
    required(message, dict.fromkeys(("dice", "roll", "thrown", "rules", "marks"), "bad-roll"), "")
    field(message, "dice", "", "bad-roll", lambda v: _is_dice(v, 5, 5), "the five dice of the roll (1-6 each)")
    field(message, "roll", "", "bad-roll", lambda v: type(v) is int and v >= 1, "an integer >= 1")
    field(message, "thrown", "", "bad-roll", lambda v: type(v) is int and 1 <= v <= 5, "an integer 1..5")
    field(message, "rules", "", "bad-setup", is_rules, "an object of option names to value names")
    field(message, "marks", "", "bad-roll", _is_marks, "an object of category names to open/scored/scratched")


def _is_marks(value: Any) -> bool:
    return isinstance(value, dict) and all(v in ("open", "scored", "scratched") for v in value.values())


def _check_start(message: Json) -> None:
    """``start``: ``setup`` with ``players`` (1..10), optional ``rules`` and ``profile``."""
    required(message, {"setup": "bad-setup"}, "")
    setup = obj(message, "setup", "", "bad-setup")
    required(setup, {"players": "bad-setup"}, "setup.")
    if type(setup["players"]) is not int:
        raise RequestError("bad-setup", f"setup.players must be an integer, not {quote(setup, 'players')}")
    field(setup, "players", "setup.", "bad-players", lambda v: 1 <= v <= PLAYERS, f"1..{PLAYERS}")
    field(setup, "profile", "setup.", "bad-setup", lambda v: isinstance(v, str), "a profile name")
    field(setup, "rules", "setup.", "bad-setup", is_rules, "an object of option names to value names")


def _check_apply(message: Json, path: str = "") -> None:
    """``apply`` (and a batch step): ``action`` text, optional ``dice`` (1-5 dice) and ``player``."""
    required(message, {"action": "bad-request"}, path)
    field(message, "action", path, "bad-request", lambda v: isinstance(v, str), "an action text")
    field(
        message,
        "player",
        path,
        "bad-player",
        lambda v: v is None or _is_player(v),
        f"a player 0..{PLAYERS - 1} or null",
    )
    field(message, "dice", path, "bad-dice", lambda v: _is_dice(v, 1, 5), "the values (1-6) of the 1 to 5 dice thrown")


def _check_batch(message: Json) -> None:
    """``batch``: ``steps``, each an apply step."""
    required(message, {"steps": "bad-request"}, "")
    steps = message["steps"]
    if not isinstance(steps, list):
        raise RequestError("bad-request", f"steps must be a list of steps, not {quote(message, 'steps')}")
    for index, step in enumerate(steps):
        if not isinstance(step, dict) or step.get("cmd") != "apply":
            raise RequestError("bad-request", f"steps[{index}] must be an apply step, not {json_text(step)}")
        _check_apply(step, f"steps[{index}].")


_CHECKS: dict[str, Callable[[Json], None]] = {
    "hello": check_hello,
    "score": _check_score,
    "start": _check_start,
    "apply": _check_apply,
    "batch": _check_batch,
}


def check_request(message: Json) -> None:
    """Refuse, with a :class:`RequestError` naming the field, a request the dice
    protocol schema's ``request`` part forbids."""
    cmd = check_id_and_cmd(message, COMMANDS)
    check = _CHECKS.get(cmd)
    if check is not None:
        check(message)
