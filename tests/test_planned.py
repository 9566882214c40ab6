"""``Planned``: a case's requests asked ahead in one pipeline, answered in order, and
a call off the plan answered where the implementation would be without a plan."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.fixtures import load_all
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.suite.sent_rules import rules_to_send
from generala_conformance.transport.planned import Planned, apply_call

from tests.broken_engines import BROKEN, adapter_for

POSITION = {"position": {"players": 2, "hands": [["9H", "3C"], ["10H", "2C"]], "leader": 0}}
CASES = load_all()
OPTIONS = ReferenceAdapter().hello()["options"]


class Counting(ReferenceAdapter):
    """The reference, counting its pipelines and the calls made of it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.calls: Counter[str] = Counter()

    def pipeline(self, calls: list[tuple[str, dict]]) -> list[object]:
        self.calls["pipeline"] += 1
        return super().pipeline(calls)

    def start(self, setup: dict) -> dict:
        self.calls["start"] += 1
        return super().start(setup)

    def apply(self, action: str, player: int | None = None) -> list[dict]:
        self.calls["apply"] += 1
        return super().apply(action, player)

    def state(self) -> dict:
        self.calls["state"] += 1
        return super().state()


def test_planned_calls_are_asked_once_in_one_pipeline_and_answered_in_order() -> None:
    inner = Counting()
    planned = Planned(inner)
    planned.plan([("start", {"setup": POSITION}), apply_call("9H", 0), ("state", {}), apply_call("2C", 1)])
    assert inner.calls == {"pipeline": 1, "start": 1, "apply": 2, "state": 2}  # a start answers its state too
    assert planned.start(POSITION)["to_move"] == 0
    assert planned.apply("9H", 0) == [{"type": "play", "player": 0, "card": "9H"}]
    assert planned.state()["trick"] == [{"player": 0, "card": "9H"}]
    with pytest.raises(Exception, match="must-follow-suit"):  # a refusal comes back as raised
        planned.apply("2C", 1)
    assert inner.calls == {"pipeline": 1, "start": 1, "apply": 2, "state": 2} and planned.replays == 0


def test_a_call_off_the_plan_sees_the_game_where_the_calls_answered_left_it() -> None:
    """The plan went two moves ahead; the state asked after the first is that of the first."""
    planned = Planned(ReferenceAdapter())
    planned.plan([("start", {"setup": POSITION}), apply_call("9H", 0), apply_call("10H", 1), ("state", {})])
    planned.start(POSITION)
    planned.apply("9H", 0)
    alone = ReferenceAdapter()
    alone.start(POSITION)
    alone.apply("9H", 0)
    assert planned.state() == alone.state() and planned.replays == 1
    assert planned.apply("10H", 1) == alone.apply("10H", 1)  # and it goes on from there, asked live
    assert planned.state() == alone.state()


def test_nothing_is_replayed_when_the_rest_of_the_plan_changes_nothing_or_a_start_follows() -> None:
    inner = Counting()
    planned = Planned(inner)
    planned.plan([("start", {"setup": POSITION}), ("state", {}), ("state", {})])
    planned.start(POSITION)
    planned.apply("9H", 0)  # off the plan: only states were left
    planned.plan([("start", {"setup": POSITION}), apply_call("9H", 0)])
    planned.start(POSITION)  # a new start replaces the game: the planned move needs no undoing
    assert planned.replays == 0 and inner.calls["start"] == 2


def test_a_plan_that_opens_the_rest_of_the_plan_keeps_it() -> None:
    """A step planning the calls the plan holds next (a scenario's later When) asks nothing again."""
    inner = Counting()
    planned = Planned(inner)
    planned.plan([("start", {"setup": POSITION}), apply_call("9H", 0), ("state", {}), apply_call("10H", 1)])
    planned.start(POSITION)
    planned.plan([apply_call("9H", 0), ("state", {})])
    assert planned.apply("9H", 0) == [{"type": "play", "player": 0, "card": "9H"}]
    assert planned.state()["to_move"] == 1
    assert inner.calls == {"pipeline": 1, "start": 1, "apply": 2, "state": 2} and planned.replays == 0
    planned.plan([apply_call("10H", 1), ("state", {})])  # more than the plan holds: planned anew
    assert planned.apply("10H", 1)[0] == {"type": "play", "player": 1, "card": "10H"}
    assert inner.calls["pipeline"] == 2 and planned.replays == 1


def _outcome(case: Any, adapter: Any) -> str:
    """What one case reports on ``adapter``: ``pass``, its divergence rendered whole, or its error."""
    try:
        case.run(adapter, rules_to_send(dict(case.requires), OPTIONS, None))
    except Divergence as divergence:
        return divergence.render() + repr(divergence.state)
    except Exception as error:  # an engine broken so may answer a bad-request
        return f"{type(error).__name__}: {error}"
    return "pass"


def test_every_fixture_case_keeps_to_its_plan() -> None:
    """The plan of each case is the calls it makes (a wrong plan costs round trips)."""
    planned = Planned(ReferenceAdapter())
    for case in CASES:
        assert _outcome(case, planned) == "pass"
        assert planned.replays == 0, f"{case.where} goes off its plan"


SHARED = ("eliminations-carried-over",)
"""Engines broken across instances (a class attribute): one run would change the next."""


@pytest.mark.parametrize("name", [name for name in sorted(BROKEN)[::9] if name not in SHARED])
def test_a_broken_engine_diverges_alike_with_or_without_a_plan(name: str) -> None:
    """Same cases failed, at the same step, with the same message and the same state."""
    adapters = (adapter_for(name), Planned(adapter_for(name)))
    outcomes = [[_outcome(case, adapter) for case in CASES] for adapter in adapters]
    assert outcomes[0] == outcomes[1]
    assert any(outcome != "pass" for outcome in outcomes[0]), f"{name} is not caught by the fixtures"


def test_a_case_is_planned_for_an_adapter_that_takes_plans_only() -> None:
    from generala_conformance.transport.adapter import takes_plans
    from generala_conformance.transport.declared import Declared

    from tests.test_scenarios_steps import Recording  # the reference, keeping the plans it is told

    reference = ReferenceAdapter()
    assert not takes_plans(reference) and not takes_plans(Declared(reference, reference.hello()))
    assert takes_plans(Planned(reference)) and takes_plans(Recording())
    case = CASES[0]
    planning = Recording()
    rules = rules_to_send(dict(case.requires), OPTIONS, None)
    case.run(planning, rules)
    assert planning.plans == [case.planned_calls(rules)]


def test_a_plan_sent_ahead_is_held_and_answered_from_the_first_call_without_being_made_again() -> None:
    """``send_ahead`` keeps the plan: the case is not asked to plan it again
    (``takes_plans`` is false while it is held), and its first call reads it."""
    from generala_conformance.transport.adapter import takes_plans

    inner = Counting()
    planned = Planned(inner)
    planned.send_ahead([("start", {"setup": POSITION}), apply_call("9H", 0), ("state", {})])
    assert planned.planned_ahead and not takes_plans(planned)
    assert planned.start(POSITION)["to_move"] == 0
    assert not planned.planned_ahead and takes_plans(planned)
    assert planned.apply("9H", 0) == [{"type": "play", "player": 0, "card": "9H"}]
    assert planned.state()["to_move"] == 1
    assert inner.calls == {"pipeline": 1, "start": 1, "apply": 1, "state": 2}  # (the reference's start asks one)
    assert planned.replays == 0


def test_a_case_that_plans_what_was_sent_ahead_reads_it_and_one_that_plans_else_asks_its_own() -> None:
    plan = [("start", {"setup": POSITION}), apply_call("9H", 0)]
    inner = Counting()
    planned = Planned(inner)
    planned.send_ahead(plan)
    planned.plan([("start", {"setup": dict(POSITION)}), apply_call("9H", 0)])  # the same calls, made again
    assert planned.start(POSITION)["to_move"] == 0 and inner.calls["pipeline"] == 1
    other_inner = Counting()
    other = Planned(other_inner)
    other.send_ahead(plan)
    other.plan([("start", {"setup": POSITION}), ("legal", {})])
    assert not other.planned_ahead and other.start(POSITION)["to_move"] == 0 and sorted(other.legal()) == ["3C", "9H"]
    assert other_inner.calls["pipeline"] == 1 and other_inner.calls["apply"] == 0  # the move sent ahead never asked
