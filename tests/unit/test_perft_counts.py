"""Perft: the table's counts equal an independent, naive enumeration through the
public adapter (every node replayed from the setup, no snapshots, no Game.copy);
the fast and the generic paths agree; a broken engine fails the table."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from generala_conformance.core.runner import outcome_of
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.perft import PerftCase, divide_adapter, perft_adapter, perft_cases, perft_game
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import Adapter, BadRequest
from generala_reference.cards import Game, Rules, from_position, parse_deck
from generala_spec.options import resolve

from tests.broken_engines import adapter_for

CASES = perft_cases()


def naive(adapter: Adapter, setup: dict, path: list[str], depth: int) -> int:
    """Sequences of ``depth`` more actions after ``path``, replaying ``path`` from the setup each time."""
    state = adapter.start(setup)
    for action in path:
        adapter.apply(action)
        state = adapter.state()
    if state["over"]:
        return 0
    actions = adapter.legal()
    if depth == 1:
        return len(actions)
    return sum(naive(adapter, setup, [*path, a], depth - 1) for a in actions)


def setup_of(case: PerftCase) -> dict:
    return {**case.setup, "rules": resolve("default", dict(case.requires))}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_table_counts_match_naive_enumeration(case: PerftCase) -> None:
    adapter = ReferenceAdapter()
    got = [naive(adapter, setup_of(case), [], d) for d in range(1, len(case.counts) + 1)]
    assert got == list(case.counts)


def reference_game(setup: dict) -> Game:
    rules = Rules.of(overrides=setup["rules"])
    if "deal" in setup:
        deal = setup["deal"]
        return Game.from_deal(deal["players"], deal["dealer"], parse_deck(deal["deck"]), rules=rules)
    return from_position(setup["position"], rules)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fast_and_generic_paths_agree(case: PerftCase) -> None:
    setup = setup_of(case)
    depth = len(case.counts)
    assert perft_game(reference_game(setup), depth) == perft_adapter(ReferenceAdapter(), setup, depth)
    assert perft_game(reference_game(setup), depth) == case.counts[-1]


def test_table_has_the_named_positions() -> None:
    ids = {c.id for c in CASES}
    assert {"opening-2p", "opening-4p", "opening-10p", "joker-lead", "decline-and-take", "winner-went-out"} <= ids
    assert all(len(c.counts) >= 4 for c in CASES if c.id.startswith("opening-") and "free" not in c.id)


def test_reference_passes_every_case() -> None:
    for case in CASES:
        case.run(ReferenceAdapter(), resolve("default", dict(case.requires)))


@pytest.mark.parametrize(
    ("engine", "case_id"),
    [
        ("decline-joker-lead", "joker-lead"),
        ("taken-card-out-of-play", "decline-and-take"),
        ("ace-low", "opening-4p"),
        ("forced-lead-ignored", "opening-10p"),
    ],
)
def test_broken_engine_fails_the_table_with_a_divide(engine: str, case_id: str) -> None:
    case = next(c for c in CASES if c.id == case_id)
    with pytest.raises(Divergence) as info:
        case.run(adapter_for(engine), resolve("default", dict(case.requires)))
    assert "per first action" in str(info.value)


def test_an_engine_whose_winner_keeps_the_lead_fails_the_table() -> None:
    case = next(c for c in CASES if c.id == "winner-went-out")
    with pytest.raises(Divergence, match="per first action"):
        case.run(adapter_for("out-winner-keeps-lead"), resolve("default", dict(case.requires)))


class NoPositions(ReferenceAdapter):
    """Starts deals only: every ``position`` setup is refused."""

    def start(self, setup: dict) -> dict:
        if "position" in setup:
            raise BadRequest("bad-setup", "positions are not read here")
        return super().start(setup)


def test_a_bad_request_to_a_snapshot_restart_is_an_error_not_a_failure() -> None:
    case = next(c for c in CASES if c.id == "opening-4p-free")
    with pytest.raises(BadRequest, match=r"^bad-setup: perft opening-4p-free depth 3: positions are not read") as info:
        case.run(NoPositions(), resolve("default", dict(case.requires)))
    assert outcome_of(info.value) == "error"  # docs/protocol.md: a bad-request to start is an error


class Counting(ReferenceAdapter):
    """The reference, counting the calls the search makes; ``undo``: whether it says
    it undoes batch steps (else the search asks a batch per edge)."""

    def __init__(self, undo: bool = False) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()
        self.in_batch = False
        self.undo = undo

    def undoes(self) -> bool:
        return self.undo

    def start(self, setup: dict) -> dict:
        self.calls["start"] += 1
        return super().start(setup)

    def legal(self) -> list[str]:
        self.calls["legal"] += not self.in_batch  # a batch's own legal actions are part of it
        return super().legal()

    def pipeline(self, calls: list[tuple[str, dict]]) -> list[object]:
        self.calls["pipeline"] += 1
        return super().pipeline(calls)

    def batch(self, steps: list[dict]) -> list[dict]:
        self.calls["batch"] += 1
        self.calls["stateless steps"] += sum(step.get("state") is False for step in steps)
        self.in_batch = True
        try:
            return super().batch(steps)
        finally:
            self.in_batch = False


def test_one_batch_per_edge_one_pipeline_per_level_and_no_restart_of_the_node_held() -> None:
    """Depth 3 from an opening: a batch for each edge above the leaves (the leaves are
    counted from the batch results), asked in one pipeline per level above them; a
    restart before each batch but the first from a node the implementation holds
    (the root, and the last child of the root, asked first of its level)."""
    case = next(c for c in CASES if c.id == "opening-4p-free")
    game = reference_game(setup_of(case))
    first = game.legal_actions()
    inner = len(first) + sum(len(_child(game, a).legal_actions()) for a in first)  # edges to depths 1 and 2
    adapter = Counting()
    assert perft_adapter(adapter, setup_of(case), 3) == case.counts[2]
    assert adapter.calls["batch"] == inner
    assert adapter.calls["start"] == 1 + inner - 2  # the root's, then all but two
    assert adapter.calls["legal"] == 1  # the root's; every other node's came with its batch
    assert adapter.calls["pipeline"] == 2


def test_to_an_implementation_that_undoes_steps_one_batch_per_node_and_one_restart_per_node_not_held() -> None:
    """Depth 3 from an opening, each step undone: one batch for the root's children and
    one for each child's, each child restarted once but the last, whose step is played
    on (it is asked first at the next level; the root is held), the same count as a
    batch per edge, and a state back where it was after a batch of undone steps."""
    case = next(c for c in CASES if c.id == "opening-4p-free")
    game = reference_game(setup_of(case))
    first = game.legal_actions()
    adapter = Counting(undo=True)
    assert perft_adapter(adapter, setup_of(case), 3) == case.counts[2]
    assert adapter.calls["batch"] == 1 + len(first)
    assert adapter.calls["start"] == 1 + len(first) - 1
    assert adapter.calls["legal"] == 1 and adapter.calls["pipeline"] == 2
    held = adapter.state()
    adapter.batch([{"cmd": "apply", "action": a, "undo": True} for a in adapter.legal()])
    assert adapter.state() == held


@pytest.mark.parametrize("undo", [True, False])
def test_every_count_of_the_table_is_found_with_steps_undone_or_a_batch_per_edge(undo: bool) -> None:
    for case in CASES:
        case.run(Counting(undo=undo), resolve("default", dict(case.requires)))


def test_the_children_of_a_node_above_the_leaves_are_asked_without_their_state() -> None:
    """Depth 3: the edges to depth 2 end at nodes counted by their legal actions
    alone, so their steps ask no snapshot; the edges to depth 1 do (they are searched)."""
    case = next(c for c in CASES if c.id == "opening-4p-free")
    game = reference_game(setup_of(case))
    first = game.legal_actions()
    second = sum(len(_child(game, a).legal_actions()) for a in first)
    adapter = Counting()
    assert perft_adapter(adapter, setup_of(case), 3) == case.counts[2]
    assert adapter.calls["stateless steps"] == second
    assert adapter.calls["batch"] == len(first) + second


def test_a_case_checks_all_its_depths_in_one_search() -> None:
    """A case of depths 1 to 4: the root started and its legal actions asked once,
    one pipeline per level above the leaves, a batch per edge into them (not a
    search per depth)."""
    case = next(c for c in CASES if c.id == "opening-4p-free")
    adapter = Counting()
    case.run(adapter, resolve("default", dict(case.requires)))
    assert adapter.calls["legal"] == 1
    assert adapter.calls["pipeline"] == len(case.counts) - 1
    assert adapter.calls["batch"] == sum(case.counts[:-1])


def test_a_wrong_count_is_reported_before_a_deeper_level_is_asked() -> None:
    """Depth 2's count is wrong: the search stops there (one pipeline, level 1), and
    the report divides depth 2 (one more pipeline), never asking depths 3 and 4."""
    case = next(c for c in CASES if c.id == "opening-4p-free")
    wrong = replace(case, counts=(case.counts[0], case.counts[1] + 1, *case.counts[2:]))
    adapter = Counting()
    with pytest.raises(Divergence, match=f"perft {case.id} depth 2"):
        wrong.run(adapter, resolve("default", dict(case.requires)))
    assert adapter.calls["pipeline"] == 2


def _child(game: Game, action: int) -> Game:
    child = game.copy()
    child.apply(action)
    return child


def test_divide_sums_to_the_count() -> None:
    case = next(c for c in CASES if c.id == "opening-4p-free")
    parts = divide_adapter(ReferenceAdapter(), setup_of(case), 3)
    assert len(parts) == case.counts[0] and sum(parts.values()) == case.counts[2]


def test_perft_cases_run_like_fixture_cases() -> None:
    """A perft case runs as a fixture case does (how the plugin can collect them)."""
    for case in CASES:
        assert case.path.is_file() and case.line > 0 and case.where.endswith(case.id)
        case.run(ReferenceAdapter(), resolve("default", dict(case.requires)))
    broken = next(c for c in CASES if c.id == "joker-lead")
    with pytest.raises(Divergence):
        broken.run(adapter_for("decline-joker-lead"), resolve("default", dict(broken.requires)))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_requires_name_every_option_the_counts_depend_on(case: PerftCase) -> None:
    """Any other option value leaves every count unchanged, so the case is right under any profile."""
    from generala_spec.options import options

    for name, option in options().items():
        if name in case.requires:
            continue
        for value in option.values:
            setup = {**case.setup, "rules": resolve("default", {**case.requires, name: value})}
            got = [perft_game(reference_game(setup), d) for d in range(1, len(case.counts) + 1)]
            assert got == list(case.counts), f"{case.id} depends on {name}={value}"
