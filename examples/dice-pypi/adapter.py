"""The PyPI package ``generala`` behind the kit's dice protocol, at the scoring level.

``generala`` (Gabriel Gerlero's "maximize your score in a turn of the Generala dice
game") scores a roll in each category from the counts of its faces, the roll
number and the open categories (``Category.score(counts, roll, open_categories)``
in ``generala.categories``). This program answers the kit's ``hello`` and ``score``
requests (``docs/dice-contract.md``) by asking the package and translating its
answer, adding no rule of its own:

- a hand (Straight ... Double Generala) scoring 0 does not qualify (``null``): the
  package has no hand worth 0 points; a number category is passed through as the
  package scores it, 0 included (so it plays ``number-zero: score``);
- a score of ``inf`` is the package's first-roll Generala, which wins the game:
  the reply's ``wins``, and the category's points without that "bonus";
- the point table declared in ``hello`` is the package's own (its categories'
  points and first-roll bonuses), so a release that changes it is seen;
- ``marks`` become the package's open categories: it cannot tell a scored
  category from a scratched one.

The options it lists are the readings its code is written for; the kit's
``profile`` says which it actually follows. Run it against the kit:

    generala-kit check --game dice --adapter-cmd "python3 examples/dice-pypi/adapter.py"
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import generala
from generala import categories as pkg

NAMES = {
    "ones": pkg.ONES,
    "twos": pkg.TWOS,
    "threes": pkg.THREES,
    "fours": pkg.FOURS,
    "fives": pkg.FIVES,
    "sixes": pkg.SIXES,
    "straight": pkg.STRAIGHT,
    "full-house": pkg.FULL_HOUSE,
    "four-of-a-kind": pkg.FOUR_OF_A_KIND,
    "generala": pkg.GENERALA,
    "double-generala": pkg.DOUBLE_GENERALA,
}
HANDS = ("straight", "full-house", "four-of-a-kind", "generala", "double-generala")
BONUS_HANDS = ("straight", "full-house", "four-of-a-kind")
MARKS = ("open", "scored", "scratched")

# The readings the package's code is written for (one value each): plain straights
# only, exact Full House and Four of a kind, three rolls, the bonus on roll 1 only,
# the first-roll Generala winning while Generala is open (the package's MaxScore
# over the open categories), Double Generala once Generala is closed (its README).
OPTIONS = {
    "rolls": ["three"],
    "straight": ["plain"],
    "straight-ace-for-two": ["no"],
    "full-house-five": ["no"],
    "four-of-a-kind-five": ["no"],
    "double-generala": ["after-generala-closed"],
    "number-zero": ["score"],
    "first-roll": ["turn-first"],
    "auto-win": ["generala-open"],
}


class RequestError(Exception):
    """A request answered with an error: ``kind`` (bad-request, unsupported) and ``code``."""

    def __init__(self, kind: str, code: str | None, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.code = code


def point_table() -> dict[str, int]:
    """The package's own point table in the kit's keys (D-SCORE-7): each hand's points and bonus."""
    table = {name: int(NAMES[name]._score) for name in HANDS}
    table.update({f"bonus-{name}": int(NAMES[name]._first_roll_bonus) for name in BONUS_HANDS})
    return table


def hello(request: dict[str, Any]) -> dict[str, Any]:
    """The handshake: the scoring level only, the readings above and the package's point table."""
    if request.get("protocol") != 1:
        raise RequestError("unsupported", None, "this adapter speaks protocol 1")
    return {
        "name": "generala (PyPI)",
        "version": generala.__version__,
        "language": "python",
        "protocol": 1,
        "game": "dice",
        "levels": ["scoring"],
        "options": OPTIONS,
        "points": point_table(),
        "reason_codes": True,
    }


def is_whole(value: Any, low: int, high: float) -> bool:
    """Whether ``value`` is a JSON whole number (not a boolean) in ``low … high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def read_roll(request: dict[str, Any]) -> tuple[tuple[int, ...], int, dict[str, str]]:
    """The dice, the roll number and the marks of a ``score`` request (``bad-roll`` when unreadable)."""
    dice, roll, marks = request.get("dice"), request.get("roll"), request.get("marks", {})
    if not isinstance(dice, list) or len(dice) != 5 or not all(is_whole(d, 1, 6) for d in dice):
        raise RequestError("bad-request", "bad-roll", "dice must be five whole numbers 1-6")
    if not is_whole(roll, 1, math.inf):
        raise RequestError("bad-request", "bad-roll", "roll must be a whole number >= 1")
    if not isinstance(marks, dict):
        raise RequestError("bad-request", "bad-roll", "marks must be an object")
    for name, mark in marks.items():
        if name not in NAMES or mark not in MARKS:
            raise RequestError("bad-request", "bad-roll", f"marks: {name!r} is {mark!r}")
    return tuple(dice), roll, marks


def check_rules(rules: Any) -> None:
    """Refuse a rule option value the package does not play (``unsupported``)."""
    if not isinstance(rules, dict):
        raise RequestError("bad-request", "bad-roll", "rules must be an object")
    for name, value in rules.items():
        if name in OPTIONS and value not in OPTIONS[name]:
            raise RequestError("unsupported", None, f"the package plays {name}={OPTIONS[name][0]}, not {value}")


def score(request: dict[str, Any]) -> dict[str, Any]:
    """``score``: the package's score of the roll in each open category, and whether it wins."""
    dice, roll, marks = read_roll(request)
    check_rules(request.get("rules", {}))
    open_names = [name for name in NAMES if marks.get(name, "open") == "open"]
    open_categories = [NAMES[name] for name in open_names]
    counts = generala.counts(dice)
    scores: dict[str, int | None] = {}
    wins = False
    for name in open_names:
        value = float(NAMES[name].score(counts, roll, open_categories))
        if math.isinf(value):  # the package's first-roll Generala: a win, and the hand's points
            wins = True
            value = float(NAMES[name]._score)
        scores[name] = None if name in HANDS and value == 0 else int(value)
    return {"scores": scores, "wins": wins}


COMMANDS = {"hello": hello, "score": score}
QUIT: dict[str, Any] = {}  # the result of quit, after which the adapter exits


def answer(line: str) -> dict[str, Any]:
    """One request line in, one reply out (``quit`` is answered ``{}``)."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"id": None, "ok": False, "error": {"kind": "bad-request", "code": "bad-request", "message": str(error)}}
    if not isinstance(request, dict) or not is_whole(request.get("id"), -math.inf, math.inf):
        message = "a request is a JSON object with an integer id"
        return {"id": None, "ok": False, "error": {"kind": "bad-request", "code": "bad-request", "message": message}}
    command = request.get("cmd")
    try:
        if command == "quit":
            return {"id": request["id"], "ok": True, "result": QUIT}
        if command not in COMMANDS:
            raise RequestError("unsupported", None, f"the scoring level has no command {command!r}")
        return {"id": request["id"], "ok": True, "result": COMMANDS[command](request)}
    except RequestError as error:
        fault = {"kind": error.kind, "message": str(error)}
        if error.code is not None:
            fault["code"] = error.code
        return {"id": request["id"], "ok": False, "error": fault}


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = answer(line)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if reply.get("result") is QUIT:
            return


if __name__ == "__main__":
    main()
