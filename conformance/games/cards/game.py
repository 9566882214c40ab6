"""The card game as it plugs into the kit (:class:`generala_conformance.core.game.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from generala_conformance.core.runner import Case
    from generala_conformance.core.site_pages import GameSite


class CardGame:
    """Générala, the Cameroonian card game: rulebook ``spec/cards``, suite ``scenarios/cards``."""

    name = "cards"
    spec = "cards"
    schema = "protocol.schema.json"
    reference = "generala_conformance.games.cards.reference_adapter:ReferenceAdapter"

    commands: Mapping[str, str] = {
        "play": "generala_conformance.games.cards.commands.play",
        "explain": "generala_conformance.games.cards.commands.explain",
        "perft": "generala_conformance.games.cards.commands.perft",
        "fuzz": "generala_conformance.games.cards.commands.fuzz",
        "regenerate": "generala_conformance.games.cards.commands.regenerate",
    }

    @property
    def site(self) -> GameSite:
        from generala_conformance.games.cards.site import SITE

        return SITE

    @property
    def suite_version(self) -> str:
        from generala_scenarios import SUITE_VERSION

        return SUITE_VERSION

    def check_request(self, message: dict[str, Any]) -> None:
        from generala_conformance.games.cards.request_checks import check_request

        check_request(message)

    def hello_problems(self, hello: dict[str, Any]) -> list[str]:
        return []  # (the common fields are all the card protocol's)

    def requires_for(self, requires: Mapping[str, str], hello: dict[str, Any]) -> dict[str, str]:
        return dict(requires)

    def feature_cases(self) -> Sequence[Case]:
        from generala_conformance.games.cards.feature_suite import feature_cases

        return feature_cases()

    def fixture_cases(self, root: Path | None) -> Sequence[Case]:
        from generala_conformance.games.cards.cases import suite_cases

        return suite_cases(root)


GAME = CardGame()
