"""What a dice game reports as it is played (returned by ``DiceGame.apply``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Rolled:
    """``player`` threw ``thrown`` dice; ``dice`` is the whole roll, ascending (D-TURN-1, D-TURN-2).
    ``roll`` counts the rolls of the turn (1 = the first); ``first`` says whether it
    counts as a first roll (D-FIRST-2)."""

    player: int
    roll: int
    thrown: int
    dice: tuple[int, ...]
    first: bool


@dataclass(frozen=True)
class Scored:
    """``player`` scored ``category`` for ``points`` (of which ``bonus`` from a first roll)."""

    player: int
    category: str
    points: int
    bonus: int


@dataclass(frozen=True)
class Scratched:
    """``player`` scratched ``category`` (D-SHEET-3)."""

    player: int
    category: str


@dataclass(frozen=True)
class AutoWin:
    """``player`` made Generala on a first roll and wins (D-FIRST-3)."""

    player: int


@dataclass(frozen=True)
class GameOver:
    """The game is over; ``winners`` in turn order (D-END-1 to D-END-3), ``totals`` per player."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    automatic: bool


Event = Rolled | Scored | Scratched | AutoWin | GameOver


def event_json(event: Event) -> dict[str, Any]:
    """``event`` as a JSON-ready object with its ``type`` (``rolled``, ``game-over``, ...)."""
    kind = {Rolled: "rolled", Scored: "scored", Scratched: "scratched", AutoWin: "auto-win", GameOver: "game-over"}
    return {"type": kind[type(event)], **{k: list(v) if isinstance(v, tuple) else v for k, v in asdict(event).items()}}
