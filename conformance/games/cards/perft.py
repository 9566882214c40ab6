"""Perft: count the legal action sequences of a given length from a position or a deal.

Two paths give the same counts: :func:`perft_game` searches the reference engine
directly (``Game.copy``), :func:`perft_adapter` drives any :class:`Adapter`
with one ``batch`` of undone steps per node (or one per edge, to an implementation
that does not undo steps), restarting a node from its snapshot as a ``position``
setup when the implementation no longer holds it. A sequence that ends
the game before ``depth`` actions is not counted (a finished game has no moves).

The perft table (``scenarios/cards/perft/perft.yaml``) names positions and their counts;
:func:`perft_cases` gives them as suite cases (``.id``, ``.run(adapter, rules)``), each
checking all its depths in one search (:func:`perft_counts`).

>>> from generala_reference.cards import Game
>>> perft_game(Game.from_deal(players=4, dealer=0, seed=7), 4)
36
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from generala_conformance.games.cards.attribution import Attribution, Replay, attribute
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.snapshots import position_of
from generala_conformance.transport.adapter import Adapter, BadRequest, Refused, Unsupported, lean
from generala_reference.cards.actions import format_action
from generala_reference.cards.game import Game
from generala_spec import yaml_text
from generala_spec.parsed_cache import cached_json

Json = dict[str, Any]
TABLE = Path(str(files("generala_scenarios").joinpath("cards", "perft", "perft.yaml")))
"""The kit's perft table."""


class PerftError(ValueError):
    """A malformed perft table (``where`` names the entry)."""


def perft_game(game: Game, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``game`` (fast path)."""
    if depth <= 0:
        return 1
    actions = game.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = game.copy()
        child.apply(action)
        if not child.is_over:
            total += perft_game(child, depth - 1)
    return total


def divide_game(game: Game, depth: int, done: Callable[[int], None] | None = None) -> dict[str, int]:
    """Perft per first action (``--divide``); ``done(n)`` is called after each of the
    ``n`` first actions (progress)."""
    out: dict[str, int] = {}
    actions = game.legal_actions()
    for action in actions:
        child = game.copy()
        child.apply(action)
        out[format_action(action)] = 0 if child.is_over and depth > 1 else perft_game(child, depth - 1)
        if done is not None:
            done(len(actions))
    return out


class AdapterSearch:
    """Perft through an adapter, ``batch`` requests whose step results carry each
    child's snapshot and legal actions, so a leaf's count costs no request. The
    search goes a level at a time: the children of every node of a level are asked
    in one pipeline (:meth:`Adapter.pipeline`, one round trip through a process,
    the implementation answering while the kit reads). To an implementation that
    :meth:`Adapter.undoes` steps, one batch per node, every step undone, the node
    restarted from its snapshot (as a ``position``) before it unless the
    implementation holds it (the level's last step is played on: the nodes of a
    level are asked last first, so it holds the next level's first). To any other,
    a one-step batch for each action, the node restarted before each but a first
    one the implementation still holds (it holds the last child asked). An
    implementation without batches is asked step by step (``Adapter.batch``). The children of a node one level
    above the leaves are counted by their legal actions alone: their steps need
    no state (``"state": false``, :func:`lean`), most of a search's edges."""

    def __init__(self, adapter: Adapter, rules: Mapping[str, str], held: Json | None = None) -> None:
        self.adapter = adapter
        self.rules = dict(rules)
        self.nodes = 0
        self._held = held  # the snapshot of the node the implementation holds

    def count(self, state: Json, actions: list[str], depth: int) -> int:
        """Sequences of length ``depth`` from the node ``state`` whose legal actions are ``actions``."""
        if depth <= 0:
            self.nodes += 1
            return 1
        *_, deepest = self.counts(state, actions, depth)
        return deepest

    def counts(self, state: Json, actions: list[str], depth: int) -> Iterator[int]:
        """The counts of sequences of length 1, 2, … ``depth`` from the node ``state``
        (legal actions ``actions``), in one search: the count of length ``d`` is the
        legal actions of the nodes ``d - 1`` actions deep, each yielded before the
        next level is asked (a caller that stops at a wrong count asks no more)."""
        self.nodes += 1
        level = [(state, actions)]
        for reached in range(1, depth + 1):
            yield sum(len(actions) for _, actions in level)
            if reached < depth:  # the next level; its nodes need a state unless they are the leaves' parents
                level = self.level_children(level[::-1], states=reached < depth - 1)
                self.nodes += len(level)

    def children(self, state: Json, actions: list[str], states: bool = True) -> list[tuple[Json, list[str]]]:
        """The snapshot and legal actions after each of ``actions`` from the node
        ``state`` (without ``states``: ``{}`` for each snapshot, never asked)."""
        return self.level_children([(state, actions)], states)

    def level_children(self, nodes: list[tuple[Json, list[str]]], states: bool) -> list[tuple[Json, list[str]]]:
        """:meth:`children` of each of ``nodes`` (a snapshot and its legal actions), in
        order, asked in one pipeline: to an implementation that :meth:`Adapter.undoes`
        batch steps, one batch per node (each step undone), else one per edge."""
        undo = self.adapter.undoes()
        calls: list[tuple[str, Json]] = []
        asked: list[str] = []  # the action of each step, in order
        for state, actions in nodes:
            if not actions:
                continue
            restart = ("start", {"setup": {"rules": self.rules, "position": position_of(state)}})
            steps = [lean({"cmd": "apply", "action": a, "player": state["to_move"]}, state=states) for a in actions]
            if undo:
                if self._held is not state:
                    calls.append(restart)
                calls.append(("batch", {"steps": [{**step, "undo": True} for step in steps]}))
                self._held = state  # (every step undone: the implementation holds the node)
            else:
                for i, step in enumerate(steps):
                    if i or self._held is not state:
                        calls.append(restart)
                    calls.append(("batch", {"steps": [step]}))
            asked += actions
        if undo and calls:  # the level's last step is played on: its child, asked first of the next level, is held
            calls[-1][1]["steps"][-1].pop("undo")
        found: list[tuple[Json, list[str]]] = []
        for (name, _), outcome in zip(calls, self.adapter.pipeline(calls) if calls else [], strict=True):
            if isinstance(outcome, Exception):
                raise outcome
            for result in outcome if name == "batch" else ():
                if not result["ok"]:
                    error = result["error"]
                    message = f"{asked[len(found)]} (listed as legal) was refused: {error.get('message', '')}"
                    raise Refused(error.get("code"), message)
                found.append((result["state"] if states else {}, result["actions"]))
        if found:
            self._held = found[-1][0] if states else None
        return found

    def divide(
        self, state: Json, actions: list[str], depth: int, done: Callable[[int], None] | None = None
    ) -> dict[str, int]:
        """Counts per first action (``done(n)`` after each of the ``n``, as :func:`divide_game`)."""
        out = {}
        for action, child in zip(actions, self.children(state, actions, states=depth > 2), strict=True):
            out[action] = self.count(*child, depth - 1)
            if done is not None:
                done(len(actions))
        return out


def _search(adapter: Adapter, setup: Json) -> tuple[AdapterSearch, Json, list[str]]:
    """Start ``setup``: the search, the root's snapshot and its legal actions."""
    state = adapter.start(setup)
    search = AdapterSearch(adapter, setup.get("rules") or state.get("rules") or {}, held=state)
    return search, state, adapter.legal()


def perft_adapter(adapter: Adapter, setup: Json, depth: int) -> int:
    """Perft from ``setup`` on any implementation (generic path)."""
    search, state, actions = _search(adapter, setup)
    return search.count(state, actions, depth)


def perft_counts(adapter: Adapter, setup: Json, depth: int) -> Iterator[int]:
    """Perft from ``setup`` at depths 1, 2, … ``depth`` on any implementation, in one
    search (:meth:`AdapterSearch.counts`); nothing is asked before the first count is."""
    search, state, actions = _search(adapter, setup)
    yield from search.counts(state, actions, depth)


def divide_adapter(
    adapter: Adapter, setup: Json, depth: int, done: Callable[[int], None] | None = None
) -> dict[str, int]:
    """Perft per first action on any implementation."""
    search, state, actions = _search(adapter, setup)
    return search.divide(state, actions, depth, done)


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class PerftCase:
    """A named position of the perft table with its counts at depths 1, 2, …"""

    id: str
    title: str
    setup: Json = field(repr=False)
    counts: tuple[int, ...]
    clauses: tuple[str, ...] = ()
    requires: Mapping[str, str] = field(default_factory=dict)
    path: Path = TABLE
    line: int = 0
    ambiguity: str | None = None
    sources: tuple[str, ...] = ()

    @property
    def ambiguities(self) -> tuple[str, ...]:
        """The ambiguity the case shows a reading of, if any (as a tuple, like every case's)."""
        return (self.ambiguity,) if self.ambiguity else ()

    @property
    def where(self) -> str:
        """``file:line id`` of the case (as for the YAML fixtures)."""
        return f"{self.path}:{self.line} {self.id}"

    def run(self, adapter: Adapter, rules: Mapping[str, str] | None = None) -> None:
        """Check every depth's count on ``adapter``; a wrong count raises
        :class:`Divergence` naming the first action whose subtree differs. A
        ``bad-request`` reply (to the setup, or to a snapshot restarted as a
        position) is raised as it is: an error of the case, not a rule failure
        (``docs/protocol.md``, "Errors you send")."""
        setup = {**self.setup, "rules": dict(rules if rules is not None else self.requires)}
        found = perft_counts(adapter, setup, len(self.counts))
        for depth, want in enumerate(self.counts, start=1):
            try:
                got = next(found)
            except BadRequest as exc:
                raise BadRequest(exc.code, f"perft {self.id} depth {depth}: {exc.message}") from None
            if got != want:
                raise self._divergence(adapter, setup, depth, want, got)

    def _divergence(self, adapter: Adapter, setup: Json, depth: int, want: int, got: int) -> Divergence:
        from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

        expected = divide_adapter(ReferenceAdapter(), setup, depth)
        actual = divide_adapter(adapter, setup, depth)
        diff = {a: (expected.get(a), actual.get(a)) for a in sorted(set(expected) | set(actual))}
        diff = {a: v for a, v in diff.items() if v[0] != v[1]}
        attribution = culprit(adapter, setup, depth, (expected, actual))
        state = adapter.start(setup)
        step = f"perft {self.id} depth {depth}"
        shown = f"{got}; per first action (expected, got): {diff}"
        return Divergence(step, f"{want} sequences", shown, state, attribution=attribution)


def _node(adapter: Adapter, setup: Json, path: list[tuple[int | None, str]]) -> Json:
    """``setup`` started on ``adapter`` and the moves of ``path`` played: the node's
    snapshot, as a ``position`` setup under the rules of ``setup``."""
    adapter.start(setup)
    for seat, action in path:
        adapter.apply(action, seat)
    return {"position": position_of(adapter.state()), "rules": setup.get("rules") or {}}


def culprit(
    adapter: Adapter, setup: Json, depth: int, divided: tuple[dict[str, int], dict[str, int]]
) -> Attribution | None:
    """The clause of a wrong perft count: down the first subtree whose count differs
    (``divided``: the root's counts per first action, the reference's and the
    implementation's), the first node whose legal actions differ from the reference's,
    and the clause of the position's move generation that allows (or forbids) the
    action found there (:func:`~generala_conformance.games.cards.attribution.attribute`)."""
    from generala_conformance.games.cards.reference_adapter import ReferenceAdapter

    path: list[tuple[int | None, str]] = []
    try:
        for left in range(depth, 0, -1):
            reference = _node(ReferenceAdapter(), setup, path)
            if path:
                divided = (
                    divide_adapter(ReferenceAdapter(), reference, left),
                    divide_adapter(adapter, _node(adapter, setup, path), left),
                )
            expected, actual = divided
            differs = [a for a in sorted(set(expected) | set(actual)) if expected.get(a) != actual.get(a)]
            if not differs:
                return None
            action, seat = differs[0], reference["position"].get("to_move")
            if left == 1 or action not in expected or action not in actual:
                return attribute(Replay(setup, list(path)), [], attempted=(seat, action))
            path.append((seat, action))
    except (BadRequest, Refused, Unsupported):
        return None  # the implementation cannot replay the path: no attribution
    return None


def _deck(text: Any) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def _case(entry: Mapping[str, Any], where: str, line: int) -> PerftCase:
    try:
        setup = dict(entry["setup"])
        if "deal" in setup:
            setup["deal"] = {**setup["deal"], "deck": _deck(setup["deal"]["deck"])}
        counts = tuple(int(c) for c in entry["counts"])
        return PerftCase(
            id=str(entry["id"]),
            title=str(entry["title"]),
            setup=setup,
            counts=counts,
            clauses=tuple(entry.get("clauses", ())),
            requires=dict(entry.get("requires") or {}),
            line=line,
            ambiguity=entry.get("ambiguity"),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise PerftError(f"{where}: malformed perft entry: {exc!r}") from None


@cache
def perft_cases() -> tuple[PerftCase, ...]:
    """The cases of the kit's perft table (package data of ``generala_scenarios``).

    They have the attributes of a YAML fixture case (``id``, ``title``, ``clauses``,
    ``requires``, ``path``, ``line``, ``run(adapter, rules)``), so the suite can
    run them as it runs fixtures.
    """
    text = TABLE.read_text("utf-8")
    doc = cached_json("perft", text, yaml_text.parse)  # parsed once per content: no YAML parser at a start
    lines = {line.strip().removeprefix("- id: "): n for n, line in enumerate(text.splitlines(), 1) if "- id: " in line}
    return tuple(
        _case(e, f"perft.yaml positions[{i}]", lines.get(str(e.get("id")), 0)) for i, e in enumerate(doc["positions"])
    )
