"""The one interface through which a game plugs into the kit.

A game is an object with these attributes and methods, registered under its name
in the entry point group ``generala_kit.games`` (the kit's own two in its
``pyproject.toml``: ``cards = "generala_conformance.games.cards.game:GAME"``).
The shared code — the transport, the runner core, the reports, the command line —
asks a game for what is its own and never names one. ``ARCHITECTURE.md`` says
what adding a game takes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from generala_conformance.core.runner import Case
    from generala_conformance.core.site_pages import GameSite

Json = dict[str, Any]


class Game(Protocol):
    """What one game supplies."""

    @property
    def name(self) -> str:
        """Its name on the command line (``--game NAME``) and in a ``hello``'s ``game``."""

    @property
    def spec(self) -> str:
        """Its rulebook folder in ``generala_spec`` (clauses, ambiguities, options, profiles)."""

    @property
    def schema(self) -> str:
        """Its protocol's JSON Schema: a file name of ``generala_spec/schemas``, or the path
        of a file (a game of another package brings its own). Every reply is checked
        against its ``reply-<command>`` definitions."""

    @property
    def suite_version(self) -> str:
        """The version of its suite (``MAJOR.MINOR.PATCH``), which every report names."""

    @property
    def reference(self) -> str:
        """Its reference engine's adapter factory, ``module:factory`` (what ``--adapter`` names)."""

    @property
    def commands(self) -> Mapping[str, str]:
        """Its own commands: ``generala-kit NAME`` -> the module that runs it (with
        ``HELP``, ``configure(parser)`` and ``run(args) -> int``, as the shared
        commands of ``generala_conformance.cli``). A command several games supply
        (``fuzz``) is one command whose ``--game`` picks the module, and its options."""

    @property
    def site(self) -> GameSite:
        """Its pages on the web site (``generala-kit site``): its languages, its own
        sections and their writers, its strings and assets
        (:class:`~generala_conformance.core.site_pages.GameSite`); the site writes its
        rulebook pages from ``spec``. Imported only by the site."""

    def check_request(self, message: Json) -> None:
        """Refuse (raise :class:`~generala_conformance.transport.request_checks.RequestError`)
        a request ``serve`` must not pass on to an adapter."""

    def hello_problems(self, hello: Json) -> list[str]:
        """What is wrong with the game's own fields of a ``hello`` (its common fields
        and its options are checked by the shared handshake)."""

    def requires_for(self, requires: Mapping[str, str], hello: Json) -> dict[str, str]:
        """What a case requiring ``requires`` requires of the implementation whose hello is ``hello``."""

    def feature_cases(self) -> Sequence[Case]:
        """Its Gherkin scenarios as cases (:mod:`generala_conformance.core.features`)."""

    def fixture_cases(self, root: Path | None) -> Sequence[Case]:
        """Its fixture cases: those of ``root`` (``--cases DIR``), else the kit's own."""
