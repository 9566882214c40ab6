"""A toy game, plugged into the kit through the game interface alone
(:class:`generala_conformance.core.game.Game`): a counter that ``inc`` and ``dec``
move, ``dec`` refused at zero. Its rulebook is ``tests/data/toy/rulebook``, the
strings of its pages on the site ``tests/data/toy/site``, its cases are written
here; ``tests/integration/test_games.py`` registers it with an entry point
and runs ``generala-kit check --game toy`` on it. Nothing of the kit names it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generala_conformance.core.site_pages import GameSite
from generala_conformance.transport.adapter import Adapter, BadRequest, Refused

HERE = Path(__file__).resolve().parent
RULEBOOK = HERE / "data" / "toy" / "rulebook"


class ToyAdapter(Adapter):
    """The toy's reference engine behind the adapter interface."""

    def __init__(self) -> None:
        self.count: int | None = None

    def hello(self) -> dict[str, Any]:
        return {
            "name": "toy",
            "version": "1",
            "language": "python",
            "protocol": 1,
            "options": {},
            "reason_codes": True,
            "game": "toy",
        }

    def start(self, setup: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(setup.get("count"), int):
            raise BadRequest("bad-setup", "a toy game starts from a count")
        self.count = setup["count"]
        return self.state()

    def legal(self) -> list[str]:
        return ["inc", "dec"] if self.count else ["inc"]

    def apply(self, action: str, player: int | None = None) -> list[dict[str, Any]]:
        if self.count is None:
            raise BadRequest("no-game", "no game")
        if action == "dec" and self.count == 0:
            raise Refused("at-zero", "the counter is at zero")
        self.count += 1 if action == "inc" else -1
        return [{"type": action, "count": self.count}]

    def state(self) -> dict[str, Any]:
        return {"count": self.count}


class BrokenToy(ToyAdapter):
    """A toy engine whose ``inc`` adds two (it breaks T-COUNT-1)."""

    def apply(self, action: str, player: int | None = None) -> list[dict[str, Any]]:
        events = super().apply(action, player)
        if action == "inc" and self.count is not None:
            self.count += 1
            events = [{"type": "inc", "count": self.count}]
        return events


@dataclass(frozen=True)
class Attribution:
    """The clause a toy case's failure breaks, as a game's divergence carries it."""

    clause: str
    why: str

    def as_dict(self) -> dict[str, str]:
        statement = {"T-COUNT-1": "An inc adds one to the counter."}.get(self.clause, "A dec takes one.")
        return {"clause": self.clause, "statement": statement, "why": self.why}


class Diverged(AssertionError):
    """A toy case's first divergence (a rule failure), with the clause it breaks."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.attribution = Attribution(clause, message)


@dataclass(frozen=True)
class ToyCase:
    """Start at ``start``, play ``moves``, expect ``count`` (or the last move refused)."""

    id: str
    clauses: tuple[str, ...]
    start: int
    moves: tuple[str, ...]
    count: int | None
    title: str = ""
    path: Path = HERE / "toy_game.py"
    line: int = 1
    ambiguities: tuple[str, ...] = ()
    requires: Mapping[str, str] = field(default_factory=dict)

    def run(self, adapter: Any, rules: Mapping[str, str]) -> None:
        adapter.start({"count": self.start, "rules": dict(rules)})
        try:
            for move in self.moves:
                adapter.apply(move)
        except Refused:
            if self.count is not None:
                raise Diverged(f"{self.id}: a move was refused", self.clauses[0]) from None
            return
        if self.count is None:
            raise Diverged(f"{self.id}: the last move was accepted", self.clauses[0])
        got = adapter.state()["count"]
        if got != self.count:
            raise Diverged(f"{self.id}: expected count {self.count}, got {got}", self.clauses[0])


CASES = (
    ToyCase("count/inc-adds-one", ("T-COUNT-1",), 3, ("inc",), 4),
    ToyCase("count/dec-takes-one", ("T-COUNT-2",), 3, ("dec",), 2),
    ToyCase("count/dec-at-zero-is-refused", ("T-COUNT-2",), 0, ("dec",), None),
)


class ToyGame:
    """The toy game, as it plugs in."""

    name = "toy"
    spec = str(RULEBOOK)
    schema = str(HERE / "data" / "toy" / "protocol.schema.json")
    reference = "tests.toy_game:ToyAdapter"
    suite_version = "0.1.0"
    commands: Mapping[str, str] = {}
    site = GameSite(languages=("en",), strings=HERE / "data" / "toy" / "site")

    def check_request(self, message: dict[str, Any]) -> None:
        """The toy game's serve refuses nothing beyond the protocol."""

    def hello_problems(self, hello: dict[str, Any]) -> list[str]:
        return []

    def requires_for(self, requires: Mapping[str, str], hello: dict[str, Any]) -> dict[str, str]:
        return dict(requires)

    def feature_cases(self) -> Sequence[ToyCase]:
        return ()

    def fixture_cases(self, root: Path | None) -> Sequence[ToyCase]:
        return CASES


GAME = ToyGame()
