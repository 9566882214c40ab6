"""Shrink a fuzzing mismatch to a minimal reproduction.

From the trial that showed it: cut the steps after the mismatch, restart from the
latest snapshot that still shows it (a ``position`` setup), then, while the
mismatch persists, put rule options back to their defaults, drop illegal tries,
remove players and remove cards from the hands. Every candidate is replayed on
the implementation and the reference; a candidate the reference cannot play is
simply not taken.
"""

from __future__ import annotations

import copy
from typing import Any

from generala_conformance.games.cards.fuzz.differential import (
    AdapterFactory,
    InvalidTrial,
    Mismatch,
    Step,
    Trial,
    replay,
)
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.games.cards.snapshots import position_of
from generala_spec.options import options

Json = dict[str, Any]


class Shrinker:
    """Replays candidates on one implementation, within a budget of attempts."""

    def __init__(self, factory: AdapterFactory, reason_codes: bool = True, budget: int = 600) -> None:
        self.factory = factory
        self.reason_codes = reason_codes
        self.budget = budget
        self.attempts = 0
        self.impl = factory()

    def close(self) -> None:
        """Release the implementation."""
        self.impl.close()

    def check(self, trial: Trial) -> Mismatch | None:
        """The mismatch ``trial`` shows, or ``None`` (also for a trial the reference cannot play)."""
        self.attempts += 1
        try:
            found = replay(self.impl, trial, self.reason_codes)
        except InvalidTrial:
            return None
        if found is not None and found.what == "error":  # the implementation may be left broken
            self.impl.close()
            self.impl = self.factory()
        return found

    def shrink(self, trial: Trial, mismatch: Mismatch) -> tuple[Trial, Mismatch]:
        """The smallest trial found that still shows a mismatch, and that mismatch."""
        best = Trial(copy.deepcopy(trial.setup), list(trial.steps[: mismatch.needed]))
        if best.setup.get("series"):
            best, mismatch = self._redeal(best, mismatch)
        best, mismatch = self._restart(best, mismatch)
        changed = True
        while changed and self.attempts < self.budget:
            changed = False
            for candidate in self._candidates(best):
                if self.attempts >= self.budget:
                    break
                found = self.check(candidate)
                if found is not None:
                    best = Trial(candidate.setup, candidate.steps[: found.needed])
                    mismatch, changed = found, True
                    break
        return best, mismatch

    def _redeal(self, trial: Trial, mismatch: Mismatch) -> tuple[Trial, Mismatch]:
        """Series: replay from the latest deal that still shows the mismatch, as a
        single game dealt to the players still in the series (R-SERIES-5)."""
        states = _states_before(trial)
        deals = [j for j, step in enumerate(trial.steps) if step.kind == "deal"]
        for j in reversed(deals):
            series = states[j + 1]["series"]
            deal = {"players": series["seats"], "dealer": series["dealer"], "deck": trial.steps[j].action}
            setup = {"rules": dict(trial.setup.get("rules") or {}), "deal": {**deal, "seated": series["active"]}}
            candidate = Trial(setup, trial.steps[j + 1 :])
            found = self.check(candidate)
            if found is not None:
                return Trial(setup, candidate.steps[: found.needed]), found
        return trial, mismatch

    def _restart(self, trial: Trial, mismatch: Mismatch) -> tuple[Trial, Mismatch]:
        """Restart from the latest snapshot before the mismatch that still shows it."""
        states = _states_before(trial)
        rules = trial.setup.get("rules") or {}
        for j in range(len(states) - 1, -1, -1):
            if self.attempts >= self.budget:
                break
            if states[j].get("over"):
                continue
            candidate = Trial({"rules": dict(rules), "position": _bare(position_of(states[j]))}, trial.steps[j:])
            found = self.check(candidate)
            if found is not None:
                return Trial(candidate.setup, candidate.steps[: found.needed]), found
        return trial, mismatch

    def _candidates(self, trial: Trial) -> list[Trial]:
        """Smaller variants of a position trial, the most promising first."""
        out: list[Trial] = []
        rules = trial.setup.get("rules") or {}
        defaults = {name: opt.default for name, opt in options().items()}
        for name, value in rules.items():
            if value != defaults.get(name, value):
                out.append(Trial({**trial.setup, "rules": {**rules, name: defaults[name]}}, trial.steps))
        for i, step in enumerate(trial.steps[:-1]):
            if step.kind == "try":
                out.append(Trial(trial.setup, trial.steps[:i] + trial.steps[i + 1 :]))
        if "deal" in trial.setup:
            return out + _smaller_deals(trial)
        position = trial.setup["position"]
        for seat in range(position["players"] - 1, -1, -1):
            smaller = _without_seat(trial, seat)
            if smaller is not None:
                out.append(smaller)
        for seat, hand in enumerate(position["hands"]):
            if len(hand) > 2:
                out.append(_with_hand(trial, seat, hand[: len(hand) // 2]))
            for card in hand:
                rest = list(hand)
                rest.remove(card)
                out.append(_with_hand(trial, seat, rest))
        return out


def _states_before(trial: Trial) -> list[Json]:
    """The reference's snapshot before each step, and after the last one."""
    ref = ReferenceAdapter()
    states = [ref.start(trial.setup)]
    for step in trial.steps:
        if step.kind == "deal":
            ref.deal(step.action)
        elif step.kind == "do":
            ref.apply(step.action, step.player)
        states.append(ref.state())
    return states


def _smaller_deals(trial: Trial) -> list[Trial]:
    """The same deck dealt to fewer players (only for a mismatch right at the deal)."""
    deal = trial.setup["deal"]
    if trial.steps or trial.setup.get("series"):
        return []
    out = []
    for n in range(2, deal["players"]):
        smaller = {"players": n, "dealer": deal["dealer"] % n, "deck": deal["deck"]}
        out.append(Trial({**trial.setup, "deal": smaller}, []))
    return out


def _bare(position: Json) -> Json:
    """A position without what can be left implicit (cards out of play, no trick…)."""
    out = {"players": position["players"], "hands": position["hands"], "leader": position["leader"]}
    for key in ("trick", "taking", "forced"):
        if position.get(key):
            out[key] = position[key]
        elif key == "taking" and position.get(key) == 0:
            out[key] = 0
    return out


def _with_hand(trial: Trial, seat: int, hand: list[str]) -> Trial:
    position = dict(trial.setup["position"])
    position["hands"] = [hand if s == seat else h for s, h in enumerate(position["hands"])]
    if position.get("forced") and position["forced"] not in position["hands"][position["leader"]]:
        position.pop("forced")
    return Trial({**trial.setup, "position": position}, trial.steps)


def _without_seat(trial: Trial, seat: int) -> Trial | None:
    """The trial with ``seat`` removed (its cards out of play, later seats renumbered),
    or ``None`` when the seat plays a part (leader, in the trick, taking, moving)."""
    position = trial.setup["position"]
    n = position["players"]
    trick = position.get("trick") or []
    if n <= 2 or seat == position["leader"] or seat == position.get("taking"):
        return None
    if any(t["player"] == seat for t in trick) or any(s.player == seat for s in trial.steps):
        return None

    def renumber(q: int) -> int:
        return q - 1 if q > seat else q

    smaller: Json = {
        "players": n - 1,
        "hands": [h for s, h in enumerate(position["hands"]) if s != seat],
        "leader": renumber(position["leader"]),
    }
    if trick:
        smaller["trick"] = [{"player": renumber(t["player"]), "card": t["card"]} for t in trick]
    if position.get("taking") is not None:
        smaller["taking"] = renumber(position["taking"])
    if position.get("forced"):
        smaller["forced"] = position["forced"]
    steps = [Step(s.kind, None if s.player is None else renumber(s.player), s.action) for s in trial.steps]
    return Trial({**trial.setup, "position": smaller}, steps)


def shrink(
    factory: AdapterFactory, trial: Trial, mismatch: Mismatch, reason_codes: bool = True, budget: int = 600
) -> tuple[Trial, Mismatch]:
    """Shrink ``trial`` (which shows ``mismatch`` on the implementation built by ``factory``)."""
    shrinker = Shrinker(factory, reason_codes, budget)
    try:
        return shrinker.shrink(trial, mismatch)
    finally:
        shrinker.close()
