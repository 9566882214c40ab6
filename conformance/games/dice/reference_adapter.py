"""The dice reference engine (:mod:`generala_reference.dice`) behind the adapter
interface, at both levels of the dice protocol (``docs/dice-contract.md``).

``score`` answers the scoring level from :func:`generala_reference.dice.score_roll`;
``start`` / ``legal`` / ``apply`` / ``state`` play a :class:`DiceGame` whose dice are
the values each ``roll`` or ``reroll`` carries (:class:`CarriedDice`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from generala_conformance import __version__
from generala_conformance.transport.adapter import Adapter, BadRequest, Json, Refused
from generala_reference.dice import (
    Category,
    DiceGame,
    DiceRules,
    Mark,
    PointTable,
    Reroll,
    Roll,
    counts_of,
    event_json,
    format_action,
    parse_action,
    score_roll,
    wins_automatically,
)
from generala_reference.errors import GeneralaError, IllegalAction, InvalidInput, InvalidPosition
from generala_spec.options import options

SPEC = "dice"
LEVELS = ("scoring", "game")
MAX_PLAYERS = 10
"""The most players the protocol seats (``$defs/setup`` of ``dice-protocol.schema.json``)."""


class CarriedDice:
    """The dice values one ``roll`` or ``reroll`` request carries (D-PLAY-3): a throw
    of exactly as many dice, once; anything else is ``bad-dice`` with nothing consumed."""

    def __init__(self, values: Any) -> None:
        self.values = values

    def throw(self, n: int) -> tuple[int, ...]:
        values = self.values
        if not isinstance(values, list) or any(type(v) is not int or not 1 <= v <= 6 for v in values):
            raise InvalidPosition("bad-dice", f"dice must be a list of whole numbers 1-6, not {values!r}")
        if len(values) != n:
            raise InvalidPosition("bad-dice", f"this roll throws {n} dice, not the {len(values)} values given")
        self.values = None
        return tuple(values)


def dice_rules(fields: Mapping[str, Any], where: str) -> DiceRules:
    """The :class:`DiceRules` of a request's ``profile`` and ``rules`` (``bad-setup`` on a wrong type)."""
    profile = fields.get("profile", "default")
    rules = fields.get("rules", {})
    if not isinstance(profile, str):
        raise BadRequest("bad-setup", f"{where}profile must be a profile name, not {profile!r}")
    if not isinstance(rules, dict) or not all(isinstance(v, str) for v in rules.values()):
        raise BadRequest("bad-setup", f"{where}rules must be an object of option names to value names")
    try:
        return DiceRules.of(profile, rules)
    except GeneralaError as exc:
        raise BadRequest(exc.code, exc.message) from None


def read_marks(marks: Any, rules: DiceRules) -> dict[Category, Mark]:
    """The marks of a ``score`` request: category name -> ``open``/``scored``/``scratched``
    (a category not named is open); ``bad-roll`` for anything else."""
    if not isinstance(marks, dict):
        raise BadRequest("bad-roll", f"marks must be an object of category names to marks, not {marks!r}")
    found = dict.fromkeys(rules.categories, Mark.OPEN)
    names = {c.value: c for c in rules.categories}
    for name, mark in marks.items():
        if name not in names or mark not in ("open", "scored", "scratched"):
            known = ", ".join(names)
            raise BadRequest("bad-roll", f"marks[{name!r}] = {mark!r}: a category ({known}) -> open/scored/scratched")
        found[names[name]] = Mark(mark)
    return found


def score_request(request: Mapping[str, Any], table: PointTable | None = None) -> Json:
    """The reply to a scoring-level ``score`` request (``docs/dice-contract.md``):
    the points of each open category (``None`` where the roll does not qualify) and
    whether it wins at once. ``table`` replaces the options' point table (D-SCORE-7)."""
    rules = dice_rules(request, "")
    dice, roll, thrown = request.get("dice"), request.get("roll"), request.get("thrown")
    if not isinstance(dice, list) or len(dice) != 5:
        raise BadRequest("bad-roll", f"dice must be the five dice of the roll, not {dice!r}")
    if type(roll) is not int or roll < 1 or type(thrown) is not int or not 1 <= thrown <= 5:
        raise BadRequest("bad-roll", f"roll must be 1 or more and thrown 1-5, not {roll!r} and {thrown!r}")
    try:
        counts = counts_of(dice)
    except InvalidInput as exc:
        raise BadRequest("bad-roll", exc.message) from None
    marks = read_marks(request.get("marks", {}), rules)
    first = roll == 1 or (rules.first_roll_all_five and thrown == 5)  # D-FIRST-2
    generala = marks[Category.GENERALA]
    scores = score_roll(counts, rules, table, first_roll=first, generala=generala)
    return {
        "scores": {c.value: points for c, points in scores.items() if marks[c] is Mark.OPEN},
        "wins": first and wins_automatically(counts, rules, generala, marks.get(Category.DOUBLE_GENERALA, Mark.OPEN)),
    }


class DiceReferenceAdapter(Adapter):
    """The dice reference engine as an implementation under test (every option value,
    both levels). ``game_class`` lets a test put a broken :class:`DiceGame` behind it;
    ``scorer`` a broken scoring function."""

    def __init__(self, game_class: type[DiceGame] = DiceGame, scorer: Callable[[Json], Json] = score_request) -> None:
        self.game_class = game_class
        self.scorer = scorer
        self.game: DiceGame | None = None
        self.carried = CarriedDice(None)

    def hello(self) -> Json:
        return {
            "name": "generala-kit dice reference",
            "version": __version__,
            "language": "python",
            "protocol": 1,
            "game": "dice",
            "levels": list(LEVELS),
            "options": {name: list(opt.values) for name, opt in options(SPEC).items()},
            "reason_codes": True,
            "one_player_games": True,
        }

    def forget_game(self) -> None:
        """Hold no game (a start refused before it reached the adapter)."""
        self.game = None

    def score(self, request: Json) -> Json:
        return self.scorer(request)

    def start(self, setup: Json) -> Json:
        self.game = None  # a refused start leaves no game
        if not isinstance(setup, dict):
            raise BadRequest("bad-setup", f"setup must be an object, not {setup!r}")
        players = setup.get("players")
        if type(players) is not int:
            raise BadRequest("bad-setup", f"setup.players must be an integer, not {players!r}")
        if not 1 <= players <= MAX_PLAYERS:
            raise BadRequest("bad-players", f"a game has 1 to {MAX_PLAYERS} players (D-PLAY-1), not {players}")
        rules = dice_rules(setup, "setup.")
        self.game = self.game_class(players=players, rules=rules, dice=self.carried)
        return self.state()

    def _game(self) -> DiceGame:
        if self.game is None:
            raise BadRequest("no-game", "no game has been started")
        return self.game

    def legal(self) -> list[str]:
        return [format_action(a) for a in self._game().legal_actions()]

    def apply(self, action: str, player: int | None = None, dice: list[int] | None = None) -> list[Json]:
        game = self._game()
        if player is not None and (type(player) is not int or not 0 <= player < game.players):
            raise BadRequest("bad-player", f"player must be 0..{game.players - 1}, not {player!r}")
        try:
            parsed = parse_action(action)
        except InvalidInput as exc:
            raise Refused("bad-action", exc.message) from None
        if game.is_over():
            raise Refused("game-over", "the game is over")
        if player is not None and player != game.current_player:
            raise Refused("not-your-turn", f"it is player {game.current_player}'s turn, not {player}'s (D-PLAY-2)")
        self.carried.values = dice if isinstance(parsed, Roll | Reroll) else None
        try:
            events = game.apply(parsed)
        except (IllegalAction, InvalidInput) as exc:
            raise Refused(exc.code, exc.message) from None
        except InvalidPosition as exc:
            raise BadRequest(exc.code, exc.message) from None
        return [event_json(e) for e in events]

    def apply_request(self, fields: Json) -> list[Json]:
        return self.apply(fields["action"], fields.get("player"), fields.get("dice"))

    def state(self) -> Json:
        return self._game().snapshot()
