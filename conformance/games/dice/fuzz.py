"""Differential fuzzing of a dice implementation: random games played on it and on
the dice reference engine at once, compared after every action (the legal actions,
what the action causes or why it is refused, the state), and every roll also
scored at the scoring level when the implementation declares it. The dice come
from a seeded generator, so game ``K`` of seed ``S`` is always the same game.

A divergence is reported with the moves up to it, written as a dice recipe
(``scenarios/dice/recipes/`` form) that :func:`repro_fixture` turns into a
fixture case the suite can run (``check --game dice --cases DIR``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from generala_conformance.core.sent_rules import rules_to_send
from generala_conformance.games.dice.recipes import compute_case
from generala_conformance.games.dice.reference_adapter import DiceReferenceAdapter, score_request
from generala_conformance.games.dice.runner import apply_fields, declared_table, levels_of, plays_alone, requires_for
from generala_conformance.transport.adapter import Adapter, BadRequest, Refused, Unsupported
from generala_conformance.transport.json_values import strict_equal
from generala_reference.dice import DiceGame
from generala_spec.options import options, profile_names, resolve

SPEC = "dice"
BAD_ACTIONS = ("score yacht", "scratch", "reroll 7", "roll 1", "score", "hold 4 4")


@dataclass
class Divergence:
    """Where game ``game`` first differs: the step, what the reference and the
    implementation said, and the recipe of the game up to there."""

    game: int
    step: int
    what: str
    expected: Any
    actual: Any
    recipe: dict[str, Any] = field(default_factory=dict)

    def render(self) -> str:
        return (
            f"game {self.game}, step {self.step}: {self.what}\n"
            f"  expected (the reference): {self.expected}\n  actual:                   {self.actual}"
        )


def _outcome(adapter: Adapter, action: str, dice: list[int] | None) -> Any:
    """What an action answers: its events, or ``refused CODE``."""
    try:
        return adapter.apply_request(apply_fields(action, None, dice))
    except Refused as refused:
        return f"refused {refused.code}"
    except BadRequest as error:
        return f"bad-request {error.code}"


def _rules(rng: random.Random, hello: Mapping[str, Any]) -> dict[str, str]:
    """The rules of one game: a profile's or random values, of those the implementation lists."""
    if rng.random() < 0.5:
        chosen = dict(resolve(rng.choice(profile_names(SPEC)), spec=SPEC))
    else:
        chosen = {name: rng.choice(list(option.values)) for name, option in options(SPEC).items()}
    listed = hello["options"]
    wanted = {k: v for k, v in requires_for(chosen, hello).items() if v in listed.get(k, ())}
    return {**rules_to_send(wanted, listed, spec=SPEC), **wanted}


def _action(rng: random.Random, legal: list[str], state: Mapping[str, Any], illegal_rate: float) -> str:
    """A legal action, or with ``illegal_rate`` one the rules refuse (a closed category among them)."""
    if rng.random() < illegal_rate:
        sheet = state["sheets"][state["player"]]
        closed = [f"{rng.choice(('score', 'scratch'))} {c}" for c, v in sheet.items() if v["mark"] != "open"]
        return rng.choice([*BAD_ACTIONS, "roll", *closed, *closed])
    scores = [a for a in legal if not a.startswith("reroll")]
    return rng.choice(scores if scores and rng.random() < 0.5 else legal)


def _thrown(action: str) -> int:
    if action == "roll":
        return 5
    return 5 - len(action.split()[1:]) if action.startswith("reroll") and action[6:7] in ("", " ") else 0


def play(impl: Adapter, seed: int, index: int, illegal_rate: float = 0.05) -> Divergence | None:
    """Play game ``index`` of ``seed`` on ``impl`` and on the reference; the first divergence, or None."""
    rng = random.Random(f"dice/{seed}/{index}")
    hello = impl.hello()
    table = declared_table(hello)
    game = "game" in levels_of(hello)
    scoring = "scoring" in levels_of(hello)
    reference = DiceReferenceAdapter(
        game_class=lambda **kw: DiceGame(table=table, **kw),  # type: ignore[arg-type]
        scorer=lambda request: score_request(request, table),  # a declared table's points (D-SCORE-7)
    )
    players = rng.randint(1 if plays_alone(hello) else 2, 4)  # one player only where declared (AMB-12)
    rules = _rules(rng, hello)
    recipe: dict[str, Any] = {"id": f"fuzz/dice/{seed}/{index}", "title": f"fuzz game {index} of seed {seed}"}
    recipe.update({"level": "game", "clauses": ["D-PLAY-1"], "requires": rules, "players": players, "steps": []})
    reference.start({"players": players, "rules": rules})
    if game:
        impl.start({"players": players, "rules": rules})
    for number in _steps():
        state = reference.state()
        if state["over"]:
            return None
        legal = reference.legal()
        if game and sorted(got := impl.legal()) != sorted(legal):
            return Divergence(index, number, "legal actions", sorted(legal), sorted(got), recipe)
        action = _action(rng, legal, state, illegal_rate)
        dice = [rng.randint(1, 6) for _ in range(_thrown(action))] or None
        expected = _outcome(reference, action, dice)
        thrown = {"dice": "".join(map(str, dice))} if dice else {}
        recipe["steps"].append({("refuse" if isinstance(expected, str) else "do"): action, **thrown})
        if game and not strict_equal(expected, got := _outcome(impl, action, dice)):
            return Divergence(index, number, f"{action} {dice or ''}".strip(), expected, got, recipe)
        if game and not strict_equal(reference.state(), impl.state()):
            return Divergence(index, number, f"the state after {action}", reference.state(), impl.state(), recipe)
        now = reference.state()
        if scoring and dice and not isinstance(expected, str) and now["dice"] is not None:
            sheet = now["sheets"][now["player"]]
            marks = {c: v["mark"] for c, v in sheet.items() if v["mark"] != "open"}
            request = {"dice": now["dice"], "roll": now["rolls"], "thrown": len(dice), "rules": rules, "marks": marks}
            if not strict_equal(want := _scored(reference, request), got := _scored(impl, request)):
                return Divergence(index, number, f"score {request}", want, got, recipe)
    return None


def _scored(adapter: Adapter, request: dict[str, Any]) -> Any:
    try:
        reply = adapter.score(request)
    except (BadRequest, Unsupported) as error:
        return f"error {error}"
    return {"scores": {k: v for k, v in reply["scores"].items() if v is not None}, "wins": reply["wins"]}


def _steps() -> Iterator[int]:
    number = 0
    while number < 1000:  # a game has at most 10 players x 11 rounds x 4 rolls and a score each
        number += 1
        yield number


def campaign(impl: Adapter, seed: int, games: int, illegal_rate: float = 0.05) -> list[Divergence]:
    """Every divergence of games ``0 … games-1`` of ``seed`` (one per diverging game)."""
    return [found for index in range(games) if (found := play(impl, seed, index, illegal_rate)) is not None]


def repro_fixture(found: Divergence) -> dict[str, Any]:
    """The divergence as a fixture document of one game case: its moves with what the
    reference answers (the implementation diverges at its last step)."""
    case = compute_case(found.recipe, found.recipe["id"])
    return {"version": 1, "about": f"A divergence found by the dice fuzzer: {found.what}.", "cases": [case]}
