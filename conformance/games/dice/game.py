"""The dice game as it plugs into the kit (:class:`generala_conformance.core.game.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from generala_conformance.core.runner import Case
    from generala_conformance.core.site_pages import GameSite


class DiceGame:
    """Generala, the Latin-American dice game: rulebook ``spec/dice``, suite ``scenarios/dice``."""

    name = "dice"
    spec = "dice"
    schema = "dice-protocol.schema.json"
    reference = "generala_conformance.games.dice.reference_adapter:DiceReferenceAdapter"

    commands: Mapping[str, str] = {
        "fuzz": "generala_conformance.games.dice.commands.fuzz",
        "regenerate": "generala_conformance.games.dice.commands.regenerate",
    }

    @property
    def site(self) -> GameSite:
        from generala_conformance.games.dice.site import SITE

        return SITE

    @property
    def suite_version(self) -> str:
        from generala_scenarios import DICE_SUITE_VERSION

        return DICE_SUITE_VERSION

    def check_request(self, message: dict[str, Any]) -> None:
        from generala_conformance.games.dice.request_checks import check_request

        check_request(message)

    def hello_problems(self, hello: dict[str, Any]) -> list[str]:
        from generala_conformance.games.dice.handshake import problems

        return problems(hello)

    def requires_for(self, requires: Mapping[str, str], hello: dict[str, Any]) -> dict[str, str]:
        from generala_conformance.games.dice.runner import requires_for

        return requires_for(requires, hello)

    def feature_cases(self) -> Sequence[Case]:
        from generala_conformance.games.dice.feature_suite import feature_cases

        return feature_cases()

    def fixture_cases(self, root: Path | None) -> Sequence[Case]:
        from generala_conformance.games.dice.cases import suite_cases

        return suite_cases(root)


GAME = DiceGame()
