"""generala_conformance.games — the games the kit checks (one sub-package per game:
``cards``, ``dice``), each a small plug-in that
the shared machinery asks for what is the game's own: its rulebook folder, its
reference adapter, its request checks and protocol schema, its suite's modules
and cases. ``--game cards|dice`` on the commands picks one (``cards`` by default).

Everything is named by import path and loaded only when asked for, so that a
command pays for the game it runs only.

>>> get("dice").spec
'dice'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # (not at run time: serve's start-up needs no pathlib)
    from pathlib import Path


class Game(NamedTuple):
    """What one game plugs into the kit (every ``module:name`` loaded on demand)."""

    name: str
    spec: str
    """Its rulebook folder in ``generala_spec`` (``cards``, ``dice``)."""
    default_adapter: str
    """Its reference engine's adapter factory (``--adapter`` left out)."""
    request_checks: str
    """What ``serve`` refuses before the adapter sees a request."""
    schema: str
    """Its protocol schema, a file of ``generala_spec/schemas``."""
    features: str
    """A function ``() -> list`` of its feature scenarios as cases (:mod:`generala_conformance.core.features`)."""
    cases: str
    """A function ``(root: Path | None) -> list`` of the fixture cases (``None``: the kit's own)."""
    requires: str | None = None
    """A function ``(requires, hello) -> requires`` adjusting what a case requires to
    what an implementation's hello declares (the dice game's point table)."""
    version_of_suite: str = "generala_scenarios:SUITE_VERSION"
    """Where its suite's version is (``MAJOR.MINOR.PATCH``, apart from the kit's)."""

    @property
    def suite_version(self) -> str:
        """The version of this game's suite (reports and ``--version`` say it)."""
        return load(self.version_of_suite)


GAMES: dict[str, Game] = {
    "cards": Game(
        name="cards",
        spec="cards",
        default_adapter="generala_conformance.games.cards.reference_adapter:ReferenceAdapter",
        request_checks="generala_conformance.transport.request_checks:check_request",
        schema="protocol.schema.json",
        features="generala_conformance.games.cards.feature_suite:feature_cases",
        cases="generala_conformance.games.cards.cases:suite_cases",
    ),
    "dice": Game(
        name="dice",
        spec="dice",
        default_adapter="generala_conformance.games.dice.reference_adapter:DiceReferenceAdapter",
        request_checks="generala_conformance.games.dice.request_checks:check_request",
        schema="dice-protocol.schema.json",
        features="generala_conformance.games.dice.feature_suite:feature_cases",
        cases="generala_conformance.games.dice.cases:suite_cases",
        requires="generala_conformance.games.dice.runner:requires_for",
        version_of_suite="generala_scenarios:DICE_SUITE_VERSION",
    ),
}
NAMES = tuple(GAMES)
DEFAULT = "cards"
"""The game of every command when ``--game`` is not given."""


class UnknownGame(ValueError):
    """``--game`` names no game of the kit (code ``unknown-game``). (A plain ValueError:
    this module is in the web site's Pyodide bundle, which ships no ``errors`` module.)"""

    code = "unknown-game"


def get(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` if there is none."""
    if name not in GAMES:
        raise UnknownGame(f"--game {name!r}: the kit checks {', '.join(NAMES)}")
    return GAMES[name]


def add_option(parser: Any, what: str = "the game", only: tuple[str, ...] = NAMES) -> None:
    """``--game`` on a command's ``parser`` (an ``argparse`` parser): one of ``only``
    (every game unless the command knows fewer), the card game by default."""
    known = " or ".join(only) + ("" if only == NAMES else " (the only one this command knows yet)")
    parser.add_argument("--game", default=DEFAULT, choices=only, help=f"{what}: {known}; default {DEFAULT}")


def suite_root(game: Game) -> Path:
    """The folder of ``game``'s suite in ``generala_scenarios`` (``scenarios/<name>/``)."""
    from generala_scenarios import ROOT

    return ROOT / game.name


def load(path: str) -> Any:
    """The object a ``module:name`` path names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
