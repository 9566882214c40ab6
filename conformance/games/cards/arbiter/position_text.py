"""A position for ``generala-kit explain``, written as a person would, or read from
a YAML/JSON file in the fixture notation.

The short text form: ``|``-separated parts, each ``NAME: VALUE``::

    P1: JK 2C | P2: 5H 9S | P3: 4D | leader: P3 | trick: P3 KH | rules: tie-break=any-nearest

- ``P1`` … ``P10``: a hand (``-`` or nothing for no card); the highest player named
  sets the number of players unless ``players: n`` is given;
- ``leader``: who led (or is to lead) the trick, default ``P1``;
- ``trick``: the cards played to the trick so far, from the leader: ``P3 KH, P1 JK``;
- ``forced``: the first lead of a game, the last card dealt to the leader (R-LEAD-2;
  it binds only under ``first-lead: forced-last-dealt``);
- ``taking``: the player who declined and must take a card; ``dealt``: how many
  players were dealt into the game; ``went_out``: ``P2 P4``;
- ``profile``: ``default``, ``fr`` or ``fa``; ``rules``: ``option=value, …``.

Each part at most once. The file form is a mapping with ``position`` in the fixture
notation (``players``, ``leader``, ``hands: {P1: JK 2C}``, ``trick``, ``taking``,
``forced``) and optional ``profile``, ``rules`` and ``moves`` (a list such as
``[P3 KH, P1 JK]``), checked against ``spec/schemas/explain-file.schema.json`` and read
as every input file is (bounded; errors name the file, line and field).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from generala_conformance.core import json_safe
from generala_conformance.core.input_files import InputError, Schema, read_yaml
from generala_conformance.core.yaml_safe import MAX_BYTES, YamlRefused, line_of
from generala_conformance.games.cards.notation import NotationError, card, cards, parse_action, seat

Json = dict[str, Any]
_PART = re.compile(r"^\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$", re.S)
_KEYS = ("players", "leader", "trick", "forced", "taking", "dealt", "went_out", "profile", "rules")


class PositionError(ValueError):
    """A position that cannot be read; the message names the part, token or field."""

    code = "bad-position-text"

    def __init__(self, message: str, code: str = "bad-position-text") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Question:
    """What ``explain`` is asked: a position, the rules to play it under, and moves."""

    position: Json
    profile: str = "default"
    rules: dict[str, str] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)


def _parse(where: str, fn: Any, value: Any) -> Any:
    try:
        return fn(value)
    except NotationError as error:
        raise PositionError(f"{where}: {error}") from None


def _rules(where: str, text: str) -> dict[str, str]:
    found = {}
    for item in (p.strip() for p in re.split(r"[,\s]+(?=[\w-]+=)", text) if p.strip()):
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise PositionError(f"{where}: {item!r} is not option=value (e.g. tie-break=any-nearest)")
        found[name.strip()] = value.strip().rstrip(",")
    return found


def _trick(where: str, text: str) -> list[Json]:
    plays = [_parse(where, parse_action, p.strip()) for p in text.split(",") if p.strip()]
    return [{"player": s, "card": c} for s, c in plays]


def parse_text(text: str) -> Question:
    """The :class:`Question` of a position in the short text form (see the module)."""
    hands: dict[int, list[str]] = {}
    given: dict[str, str] = {}
    first: dict[str, int] = {}
    for number, part in enumerate(text.split("|"), 1):
        if not part.strip():
            continue
        match = _PART.match(part)
        if not match:
            raise PositionError(f"part {number} {part.strip()!r}: write NAME: VALUE (e.g. 'P1: JK 2C', 'leader: P2')")
        name, value = match.group(1), match.group(2)
        if name.lower() in first:
            message = f"part {number}: {name} is given twice (parts {first[name.lower()]} and {number}): give it once"
            raise PositionError(message, "part-given-twice")
        first[name.lower()] = number
        if re.fullmatch(r"[Pp]\d+", name):
            s = _parse(f"part {number} ({name})", seat, name.upper())
            hands[s] = _parse(f"hand of {name.upper()}", cards, value.replace("-", " "))
        elif name.lower() in _KEYS:
            given[name.lower()] = value
        else:
            raise PositionError(f"part {number}: unknown name {name!r} (P1…P10, {', '.join(_KEYS)})")
    if not hands:
        raise PositionError("no hand given: write e.g. 'P1: JK 2C | P2: 5H 9S'")
    players = _players(given.get("players"), max(hands) + 1)
    position: Json = {"players": players, "hands": [hands.get(s, []) for s in range(players)]}
    position["leader"] = _parse("leader", seat, given.get("leader", "P1"))
    position["trick"] = _trick("trick", given.get("trick", ""))
    if "forced" in given:
        position["forced"] = _parse("forced", card, given["forced"])
    if "taking" in given:
        position["taking"] = _parse("taking", seat, given["taking"])
    if "dealt" in given:
        position["dealt"] = _players(given["dealt"], players, "dealt")
    if "went_out" in given:
        position["went_out"] = [_parse("went_out", seat, p) for p in given["went_out"].replace(",", " ").split()]
    _check_seats(position, given, hands)
    rules = _rules("rules", given["rules"]) if "rules" in given else {}
    return Question(position, given.get("profile", "default").strip(), rules)


def _check_seats(position: Json, given: Mapping[str, str], hands: Mapping[int, list[str]]) -> None:
    """Every seat named is one of the game's players."""
    n = position["players"]
    named = [("leader", position["leader"]), ("taking", position.get("taking"))]
    named += [("trick", t["player"]) for t in position["trick"]]
    named += [("went_out", s) for s in position.get("went_out", [])]
    named += [(f"P{s + 1}", s) for s in hands]
    for name, s in named:
        if s is not None and s >= n:
            raise PositionError(f"{name}: P{s + 1} is not a seat of a {n}-player game")


def _players(text: str | None, default: int, name: str = "players") -> int:
    if text is None:
        return default
    if not re.fullmatch(r"\d{1,2}", text.strip(), re.ASCII):
        raise PositionError(f"{name}: {text[:40]!r} is not a number of players (2 to 10)")
    return int(text)


@cache
def _schema() -> Schema:
    from importlib.resources import files

    return Schema(json.loads(files("generala_spec").joinpath("schemas/explain-file.schema.json").read_text("utf-8")))


def parse_file(path: Path | str) -> Question:
    """The :class:`Question` of a YAML or JSON file (see the module), read boundedly
    and checked against its schema; :class:`PositionError` naming file, line and field."""
    path = Path(path)
    try:
        if path.suffix == ".json":
            text, doc = json_safe.read(path, MAX_BYTES)
            lines: Callable[[list[Any]], int] = lambda where: json_safe.line_of(text, where)  # noqa: E731
        else:
            doc = read_yaml(path, empty="the file is empty (write a mapping with a 'position')")
            lines = lambda where: line_of(doc, where)  # noqa: E731
        refused = _schema().error(path, doc, lines)
    except YamlRefused as error:  # (from the JSON reader)
        located = InputError(path, error.line, error.field, error.message, error.code)
        raise PositionError(str(located), error.code) from None
    except InputError as error:
        raise PositionError(str(error), error.code) from None
    if refused is not None:
        raise PositionError(str(refused), refused.code)
    return _from_mapping(path, doc, lines)


def _from_mapping(path: Path, doc: Mapping[str, Any], lines: Callable[[list[Any]], int]) -> Question:
    raw = doc["position"]
    for name, held in raw["hands"].items():
        _parse(
            f"{path}:{lines(['position', 'hands', name])}: position.hands.{name}", cards, _words(held).replace("-", " ")
        )
    parts = [f"{name}: {_words(held)}" for name, held in raw["hands"].items()]
    for key in ("players", "leader", "trick", "forced", "taking", "dealt"):
        if raw.get(key) is not None:
            parts.append(f"{key}: {raw[key]}")
    if raw.get("went_out"):
        parts.append(f"went_out: {_words(raw['went_out'])}")
    try:
        question = parse_text(" | ".join(parts))
    except PositionError as error:
        raise PositionError(f"{path}:{lines(['position'])}: position: {error}", error.code) from None
    if "profile" in doc:
        question.profile = doc["profile"]
    question.rules = {k: str(v) for k, v in doc.get("rules", {}).items()}
    where = f"{path}:{lines(['moves'])}: moves"
    question.moves = parse_moves(doc.get("moves", []), where)
    return question


def _words(value: Any) -> str:
    """A list or a text of the fixture notation, as one text."""
    return value if isinstance(value, str) else " ".join(map(str, value or []))


def parse_moves(texts: list[str], where: str = "moves") -> list[tuple[int, str]]:
    """Moves ``P3 KH``, ``P1 decline``, ``P1 take KH`` (also several in one text, comma-separated)."""
    found = []
    for text in texts:
        for part in (p.strip() for p in text.split(",") if p.strip()):
            found.append(_parse(f"{where}: {part!r}", parse_action, part))
    return found
