"""The reference engine behind the adapter interface, like any other implementation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generala_conformance import __version__
from generala_conformance.transport.adapter import Adapter, BadRequest, Json, Refused, Unsupported
from generala_reference.cards.actions import format_actions, parse_action
from generala_reference.cards.events import event_json, events_json
from generala_reference.cards.game import OVER, Game
from generala_reference.cards.position import from_position, snapshot
from generala_reference.cards.rules import Rules
from generala_reference.cards.series import Series
from generala_reference.cards.setup import deal_fields, deck_cards, malformed, mapping, rule_fields
from generala_reference.errors import GeneralaError, IllegalAction, InvalidInput
from generala_spec.options import options

_RULES: dict[tuple[str, tuple[tuple[str, str], ...]], Rules] = {}
"""The rules of each setup's profile and overrides met so far (a campaign starts
two games per game it draws, from a few hundred rule sets at most)."""
RULES_KEPT = 4096
"""At most this many are kept (a long ``serve`` may be sent any number)."""


def rules_of(profile: str, overrides: dict[str, str]) -> Rules:
    """:meth:`Rules.of` (R-SETUP-6), kept for the next start with the same profile
    and overrides (a :class:`Rules` is immutable); a refused one is not kept."""
    key = (profile, tuple(overrides.items()))
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) >= RULES_KEPT:
            _RULES.clear()
        rules = _RULES[key] = Rules.of(profile, overrides)
    return rules


class ReferenceAdapter(Adapter):
    """In-process adapter over :mod:`generala_reference` (supports every option value).

    ``game_class`` and ``series_class`` let a test put a deliberately broken
    subclass of :class:`Game` or :class:`Series` behind the same adapter.
    """

    def __init__(self, game_class: type[Game] = Game, series_class: type[Series] = Series) -> None:
        self.game_class = game_class
        self.series_class = series_class
        self.game: Game | None = None
        self.series: Series | None = None

    def hello(self) -> Json:
        return {
            "name": "generala-kit reference",
            "version": __version__,
            "language": "python",
            "protocol": 1,
            "options": {name: list(opt.values) for name, opt in options().items()},
            "reason_codes": True,
        }

    def forget_game(self) -> None:
        """Hold no game (a start refused before it reached the adapter, R-PROTO-2)."""
        self.game = self.series = None

    def start(self, setup: Json) -> Json:
        self.begin(setup)
        return self.state()

    def begin(self, setup: Json) -> None:
        """:meth:`start`, without building the snapshot it answers (the fuzzer's
        reference holds its state in its own form: :class:`~generala_conformance.games.cards.snapshots.Held`)."""
        try:
            self._start(setup)
        except GeneralaError as exc:
            raise BadRequest(exc.code, exc.message) from None

    def _start(self, setup: Mapping[str, Any]) -> None:
        """A failed start leaves no game at all, the previous one is gone too (R-PROTO-2);
        the setup's fields are read by :mod:`generala_reference.cards.setup` (R-SETUP-*)."""
        self.game = self.series = None
        setup = mapping(setup, "setup")
        rules = rules_of(*rule_fields(setup))
        series = setup.get("series", False)
        if type(series) is not bool:
            raise malformed(f"series must be true or false, not {series!r}")
        if ("deal" in setup) == ("position" in setup):
            raise malformed("a setup needs exactly one of 'deal' and 'position'")
        if "position" in setup:
            if series:
                raise malformed("a series starts from a deal to every seat, not from a position")
            self.game = from_position(mapping(setup["position"], "position"), rules, self.game_class)
            return
        players, dealer, deck, seated, seed = deal_fields(setup["deal"])
        if not series:
            self.game = self.game_class.from_deal(players, dealer, deck, seed=seed, rules=rules, seated=seated)
        elif seated is not None:
            raise malformed("a series starts from a deal to every seat (no seated)")
        else:
            self.series = self.series_class(players, dealer, deck, seed=seed, rules=rules, game_class=self.game_class)
            self.game = self.series.game

    def _game(self) -> Game:
        if self.game is None:
            raise BadRequest("no-game", "no game has been started")
        return self.game

    def deal(self, deck: list[str]) -> list[Json]:
        """The next game of a series (R-PROTO-3): ``no-game`` before any start,
        ``no-series`` outside a series, refused while the game is on or once the
        series has its champion, and only then is the deck read (R-SETUP-5)."""
        self._game()
        if self.series is None:
            raise BadRequest("no-series", "deal is only for the next game of a series")
        try:
            self.series.check_deal()
            events = self.series.deal(deck_cards(deck, "deck"))
        except IllegalAction as exc:
            raise Refused(exc.code, exc.message) from None
        except GeneralaError as exc:
            raise BadRequest(exc.code, exc.message) from None
        self.game = self.series.game
        return [event_json(e) for e in events]

    def legal(self) -> list[str]:
        game = self.game or self._game()  # (the check inlined, for speed)
        return format_actions(game.legal_actions())

    def apply(self, action: str, player: int | None = None) -> list[Json]:
        game = self.game or self._game()
        if player is not None and (type(player) is not int or not 0 <= player < game.n):
            raise BadRequest("bad-player", f"player must be a seat number 0..{game.n - 1}, not {player!r} (R-PROTO-4)")
        try:
            events = (self.series or game).apply(parse_action(action), player)
        except (IllegalAction, InvalidInput) as exc:
            raise Refused(exc.code, exc.message) from None
        return events_json(events)

    def undoes(self) -> bool:
        return True

    def _keep(self) -> Game:
        """A copy of the game held (a batch step with ``"undo": true``; in a game, not a series)."""
        if self.series is not None:
            raise Unsupported("a batch step is undone in a game, not in a series")
        return self._game().copy()

    def _put_back(self, kept: Game) -> None:
        self.game = kept

    def _over(self) -> bool:
        return self._game().phase == OVER  # (no snapshot built)

    def state(self) -> Json:
        state = snapshot(self._game())
        if self.series is not None:
            state["series"] = self.series.snapshot()
        return state
