"""generala_conformance.games — the games the kit checks, one sub-package each.

A game is an object of the :class:`~generala_conformance.core.game.Game` interface.
The kit's own are named here (:data:`BUILTIN`); another package adds one with an
entry point in the group ``generala_kit.games`` (``toy = "mypkg.toy:GAME"``). A game
is imported only when asked for, so that a command pays for the game it runs only.
``--game NAME`` picks one, ``cards`` by default.

>>> get("dice").spec
'dice'
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (not at run time: serve's start-up needs no pathlib)
    from pathlib import Path

    from generala_conformance.core.game import Game

BUILTIN = {
    "cards": "generala_conformance.games.cards.game:GAME",
    "dice": "generala_conformance.games.dice.game:GAME",
}
"""The kit's own games: name -> ``module:attribute`` of the game object."""
GROUP = "generala_kit.games"
"""The entry point group through which another package adds a game."""
DEFAULT = "cards"
"""The game of every command when ``--game`` is not given."""


class UnknownGame(ValueError):
    """``--game`` names no game of the kit (code ``unknown-game``)."""

    code = "unknown-game"


@cache
def _registered() -> dict[str, str]:
    """Every game: the kit's own, then those other packages register."""
    from importlib.metadata import entry_points  # (here: serve's start-up reads no package metadata)

    found = dict(BUILTIN)
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point.value)
    return found


def names() -> tuple[str, ...]:
    """The names of every game, the kit's own first."""
    return tuple(_registered())


@cache
def get(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` if there is none."""
    where = BUILTIN.get(name) or _registered().get(name)
    if where is None:
        raise UnknownGame(f"--game {name!r}: the kit checks {', '.join(names())}")
    module, _, attribute = where.partition(":")
    game: Game = getattr(importlib.import_module(module), attribute)
    return game


def supplying(command: str) -> tuple[str, ...]:
    """The games that supply the command ``command`` (their ``commands``)."""
    return tuple(name for name in names() if command in get(name).commands)


def add_option(parser: Any, what: str = "the game", only: tuple[str, ...] | None = None) -> None:
    """``--game`` on a command's ``parser`` (an ``argparse`` parser): one of ``only``
    (every game unless the command is that of fewer: :func:`supplying`), the card
    game by default (else the first of ``only``)."""
    choices = only or names()
    default = DEFAULT if DEFAULT in choices else choices[0]
    known = " or ".join(choices) + ("" if only is None else " (the games that have this command)")
    parser.add_argument("--game", default=default, choices=choices, help=f"{what}: {known}; default {default}")


def suite_root(game: Game) -> Path:
    """The folder of ``game``'s suite in ``generala_scenarios`` (``scenarios/<name>/``)."""
    from generala_scenarios import ROOT

    return ROOT / game.name
