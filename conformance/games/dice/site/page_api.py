"""What the dice game's scorer and play pages answer, over the dice reference engine
(:mod:`generala_reference.dice`), in JSON text. The pages' scripts only draw, in the
page's language, from the clause IDs and numbers given here; every rule is here.

The pages run its JavaScript port (``generala_conformance.games.dice.web``,
``page-api.mjs``); this module is the answer that port must give
(``tests/e2e/test_dice_web_engine.py`` compares them).

- :func:`score_text` answers a roll on a sheet: which categories it qualifies for and
  for how many points, with the clauses, under the chosen rules and under every
  profile, and which single rule options would change the answer;
- :class:`DiceLesson` is a whole game against computer players, every event with its
  clauses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from generala_reference.dice import (
    CATEGORIES,
    Action,
    AutoWin,
    Category,
    DiceGame,
    DiceRules,
    Event,
    GameOver,
    Mark,
    PointTable,
    Reroll,
    Rolled,
    Score,
    Scored,
    Scratch,
    Scratched,
    SeededDice,
    counts_of,
    dice_of,
    event_json,
    format_action,
    parse_action,
    points,
    qualifies,
)
from generala_reference.dice.rolls import Counts
from generala_reference.dice.scoring import is_straight
from generala_reference.errors import GeneralaError
from generala_spec.options import options, profile_names

Json = dict[str, Any]
SPEC = "dice"

QUALIFY = {
    Category.STRAIGHT: "D-CAT-2",
    Category.FULL_HOUSE: "D-CAT-4",
    Category.FOUR_OF_A_KIND: "D-CAT-5",
    Category.GENERALA: "D-CAT-6",
    Category.DOUBLE_GENERALA: "D-CAT-7",
}
"""The clause saying when a roll qualifies for each category (numbers: D-CAT-1)."""
POINTS = {
    Category.STRAIGHT: "D-SCORE-2",
    Category.FULL_HOUSE: "D-SCORE-3",
    Category.FOUR_OF_A_KIND: "D-SCORE-4",
    Category.GENERALA: "D-SCORE-5",
    Category.DOUBLE_GENERALA: "D-SCORE-6",
}
"""The clause giving each category's points (numbers: D-SCORE-1)."""
CLOSED = {Mark.SCORED: "D-SHEET-4", Mark.SCRATCHED: "D-SHEET-3"}


class Refusal(ValueError):
    """What the dice pages refuse, with its ``code``: a question the scorer cannot
    answer (dice, roll or sheet malformed), a move out of turn."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def start() -> str:
    """What the pages need to draw their forms: the categories, the rule options and the profiles."""
    table = {name: {"values": list(o.values), "default": o.default} for name, o in options(SPEC).items()}
    return json.dumps({"categories": [c.value for c in CATEGORIES], "options": table, "profiles": profile_names(SPEC)})


def _qualify_clauses(category: Category, counts: Counts, rules: DiceRules, fits: bool) -> list[str]:
    """The clauses deciding whether ``counts`` qualifies for ``category``: for a
    Straight, D-CAT-3 when only a 1 read as a 2 makes it one (or, when it is none,
    also D-CAT-3 if that variation is played); else the category's clause."""
    clause = QUALIFY.get(category, "D-CAT-1")
    if category is not Category.STRAIGHT or rules.ace_for_two == "no":
        return [clause]
    if fits and not is_straight(counts, rules.straight, "no"):
        return ["D-CAT-3"]
    return [clause] if fits else [clause, "D-CAT-3"]


def _row(category: Category, counts: Counts, rules: DiceRules, first: bool, sheet: Mapping[Category, Mark]) -> Json:
    """One category: may the roll be scored there, for how many points, by which clauses."""
    mark = sheet.get(category, Mark.OPEN)
    table = PointTable.of(rules)
    fits = qualifies(category, counts, rules, sheet.get(Category.GENERALA, Mark.OPEN))
    row: Json = {"category": category.value, "mark": mark.value, "qualifies": fits}
    if mark is not Mark.OPEN:
        return {**row, "points": None, "bonus": 0, "clauses": [CLOSED[mark]]}
    if not fits:
        return {**row, "points": None, "bonus": 0, "clauses": _qualify_clauses(category, counts, rules, fits)}
    total = points(category, counts, table, first)
    bonus = total - points(category, counts, table, first_roll=False)
    clauses = ["D-SHEET-2", *_qualify_clauses(category, counts, rules, fits), POINTS.get(category, "D-SCORE-1")]
    return {**row, "points": total, "bonus": bonus, "clauses": clauses + (["D-FIRST-1"] if bonus else [])}


def _is_first(roll: int, all_five: bool, rules: DiceRules) -> bool:
    """D-FIRST-2: the first roll of the turn, or (option first-roll) a re-roll of all five."""
    return roll == 1 or (rules.first_roll_all_five and all_five)


def _auto_win(counts: Counts, first: bool, rules: DiceRules, generala: Mark) -> str | None:
    """The clause of an automatic win by this roll (D-FIRST-3), of its refusal when
    Generala is scratched (D-FIRST-4), or None when the question does not arise."""
    if not first or max(counts) != 5:
        return None
    if rules.auto_win == "unless-scratched":
        return "D-FIRST-4" if generala is Mark.SCRATCHED else "D-FIRST-3"
    if rules.auto_win == "generala-open" and generala is Mark.OPEN:
        return "D-FIRST-3"
    return None


def answer(
    dice: list[int], roll: int, all_five: bool, sheet: Mapping[str, str], profile: str, overrides: Mapping[str, str]
) -> Json:
    """The scorer's answer (see :func:`score_text`); :class:`Refusal` or the
    reference's ``InvalidPosition`` for a question it cannot answer."""
    rules = DiceRules.of(profile, overrides)
    if len(dice) != 5 or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
        raise Refusal("bad-dice", f"a roll is five dice from 1 to 6 (D-PLAY-3), not {dice}")
    if not 1 <= roll <= rules.max_rolls:
        raise Refusal("bad-roll", f"a turn has at most {rules.max_rolls} rolls under these rules (D-TURN-3)")
    try:
        marks = {Category(name): Mark(value) for name, value in sheet.items()}
    except ValueError as error:
        raise Refusal("bad-sheet", str(error)) from None
    counts = counts_of(dice)

    def rows_under(chosen: DiceRules) -> list[Json]:
        first = _is_first(roll, all_five, chosen)
        return [_row(c, counts, chosen, first, marks) for c in chosen.categories]

    first = _is_first(roll, all_five, rules)
    rows = rows_under(rules)
    by_profile = {
        name: {r["category"]: r["points"] for r in rows_under(DiceRules.of(name))} for name in profile_names(SPEC)
    }
    variations = []
    for name, option in options(SPEC).items():
        for value in option.values:
            if value == rules.options[name]:
                continue
            other = {r["category"]: r["points"] for r in rows_under(DiceRules.of(profile, {**overrides, name: value}))}
            changed = {
                c: [r["points"], other.get(c)] for r in rows for c in [r["category"]] if other.get(c) != r["points"]
            }
            changed.update({c: [None, p] for c, p in other.items() if c not in {r["category"] for r in rows}})
            if changed:
                variations.append({"option": name, "value": value, "ambiguity": option.ambiguity, "changes": changed})
    return {
        "dice": sorted(dice),
        "roll": roll,
        "max_rolls": rules.max_rolls,
        "first": first,
        "first_clause": "D-FIRST-2",
        "auto_win": _auto_win(counts, first, rules, marks.get(Category.GENERALA, Mark.OPEN)),
        "profile": profile,
        "rules": dict(rules.options),
        "rows": rows,
        "profiles": by_profile,
        "variations": variations,
    }


def score_text(
    dice: str, roll: int, all_five: bool, sheet: str = "{}", profile: str = "default", overrides: str = "{}"
) -> str:
    """What the roll ``dice`` (``"3 3 3 5 5"``), the ``roll``-th of its turn (``all_five``:
    every die was thrown), scores on ``sheet`` (JSON: category to ``open``, ``scored``
    or ``scratched``; a category left out is open) under ``profile`` and ``overrides``
    (JSON): ``{"ok": true, "answer": …}``, or ``{"ok": false, "code", "message"}``."""
    try:
        values = [int(part) for part in dice.replace(",", " ").split()]
        reply = answer(values, int(roll), bool(all_five), json.loads(sheet), profile, json.loads(overrides))
    except (Refusal, GeneralaError) as error:
        return json.dumps({"ok": False, "code": error.code, "message": str(error)})
    except ValueError as error:
        return json.dumps({"ok": False, "code": "bad-dice", "message": str(error)})
    return json.dumps({"ok": True, "answer": reply})


def _told(event: Event) -> Json:
    """An event as the page tells it: its JSON (``event_json``) and its clauses."""
    told = event_json(event)
    if isinstance(event, Rolled):
        clauses = ["D-TURN-1"] if event.roll == 1 else ["D-TURN-2"]
        if event.first and event.roll > 1:
            clauses.append("D-FIRST-2")
    elif isinstance(event, Scored):
        category = Category(event.category)
        clauses = ["D-SHEET-2", QUALIFY.get(category, "D-CAT-1"), POINTS.get(category, "D-SCORE-1")]
        clauses += ["D-FIRST-1"] if event.bonus else []
    elif isinstance(event, Scratched):
        clauses = ["D-SHEET-3"]
    elif isinstance(event, AutoWin):
        clauses = ["D-FIRST-3", "D-FIRST-5"]
    else:
        assert isinstance(event, GameOver)
        clauses = ["D-END-3"] if event.automatic else ["D-END-1", "D-END-2"]
    return {**told, "clauses": clauses}


class DiceLesson:
    """A game of ``players`` (two or more) in which P1 is a person and the others
    computer players, the dice thrown from ``seed``, under ``profile``. A computer
    player scores its first roll in the open category worth the most points, or
    scratches the open category worth the least (Ones first) when none qualifies."""

    def __init__(self, players: int, seed: int, profile: str = "default") -> None:
        self.rules = DiceRules.of(profile)
        self.game = DiceGame(players, SeededDice(seed), self.rules)
        self.events: list[Json] = []
        self.last_thrown = 0
        self._bots_play()

    def _apply(self, action: Action) -> None:
        """Play ``action``; a re-roll's event also tells the dice kept."""
        for event in self.game.apply(action):
            told = _told(event)
            if isinstance(action, Reroll) and isinstance(event, Rolled):
                told["kept"] = list(dice_of(action.keep))
            self.events.append(told)

    def _bots_play(self) -> None:
        while not self.game.is_over() and self.game.current_player != 0:
            actions = self.game.legal_actions()
            snap = self.game.snapshot()
            if snap["dice"] is None:
                self._apply(actions[0])
                continue
            counts = counts_of(snap["dice"])
            scores = [a for a in actions if isinstance(a, Score)]
            if scores:
                first = snap["first-roll"]
                best = max(scores, key=lambda a: points(Category(a.category), counts, self.game.table, first))
                self._apply(best)
            else:
                self._apply(next(a for a in actions if isinstance(a, Scratch)))

    def play(self, action: str) -> str:
        """The person plays ``action`` (``roll``, ``reroll 4 4``, ``score fours``,
        ``scratch generala``), then the computer players until it is his turn again;
        the new state (:meth:`state`), or the refusal with its reason code."""
        try:
            if self.game.is_over() or self.game.current_player != 0:
                raise Refusal("not-your-turn", "it is not P1's turn")
            self._apply(parse_action(action))
        except (GeneralaError, Refusal) as error:
            return json.dumps({"ok": False, "code": error.code, "message": str(error)})
        self._bots_play()
        return self.state()

    def state(self) -> str:
        """The table as the page draws it: the dice, the sheets, the person's legal
        actions (each score with its points and clauses) and every event so far."""
        snap = self.game.snapshot()
        yours = not self.game.is_over() and self.game.current_player == 0
        options_: list[Json] = []
        if yours and snap["dice"] is not None:
            counts = counts_of(snap["dice"])
            sheet = {c: self.game.mark(0, c) for c in self.game.categories}
            for action in self.game.legal_actions():
                if isinstance(action, Score):
                    row = _row(Category(action.category), counts, self.rules, snap["first-roll"], sheet)
                    options_.append({"action": format_action(action), "kind": "score", **row})
                elif isinstance(action, Scratch):
                    options_.append({"action": format_action(action), "kind": "scratch", "category": action.category})
        return json.dumps(
            {
                "ok": True,
                "players": snap["players"],
                "round": snap["round"],
                "rolls": snap["rolls"],
                "max_rolls": self.rules.max_rolls,
                "dice": snap["dice"],
                "first": snap["first-roll"],
                "player": None if snap["over"] else snap["player"],
                "categories": [c.value for c in self.game.categories],
                "sheets": snap["sheets"],
                "totals": snap["totals"],
                "over": snap["over"],
                "winners": snap["winners"],
                "can_reroll": yours and snap["dice"] is not None and snap["rolls"] < self.rules.max_rolls,
                "choices": options_,
                "events": self.events,
            }
        )
