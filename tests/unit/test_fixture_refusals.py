"""The fixture format's contract expectations: a start, a deal or a request that must
be refused with an error kind and code (``scenarios/README.md``, "Contract cases"),
and how the fuzzer compares events (exactly, R-PROTO-7) where ``check`` matches subsets."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.driver import Refusal
from generala_conformance.games.cards.fixtures import FixtureError, load_file
from generala_conformance.games.cards.fuzz.differential import Settings, run_games
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import BadRequest, Refused, Unsupported

from tests.broken_engines import MissingWhy

HEAD = "version: 1\ncases:\n"
CASE = """- id: {id}
  title: a contract case
  clauses: [R-SETUP-3]
  sources: [cards-contract.md#refused-setups]
"""


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cases.yaml"
    path.write_text(HEAD + body, "utf-8")
    return path


def run(path: Path, adapter: object) -> None:
    (case,) = load_file(path)
    case.run(adapter, {})  # type: ignore[arg-type]


def test_a_refused_start_needs_no_steps_and_keeps_its_own_rules(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        CASE.format(id="c")
        + '  setup: {"rules": {"tie-break": "far"},\n'
        + '          "position": {"players": 2, "hands": [["8H"], ["9H"]], "leader": 0}}\n'
        + "  refused: {kind: bad-request, code: unknown-option-value}\n",
    )
    (case,) = load_file(path)
    assert case.refused == Refusal("bad-request", "unknown-option-value") and case.steps == ()
    assert case.setup_with({"end-check": "trick-end"})["rules"] == {"end-check": "trick-end", "tie-break": "far"}
    run(path, ReferenceAdapter())


ELEVEN = (
    CASE.format(id="c")
    + '  setup: {"deal": {"players": 11, "dealer": 0}}\n'
    + "  refused: {kind: bad-request, code: bad-players}\n"
    + "  invalid: true\n"
)


class Accepting(ReferenceAdapter):
    def start(self, setup: dict) -> dict:
        return super().start({**setup, "deal": {**setup["deal"], "players": 10}})


class Recoding(ReferenceAdapter):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def start(self, setup: dict) -> dict:
        raise self.error


@pytest.mark.parametrize(
    ("adapter", "actual"),
    [
        (Accepting(), "accepted: answered with a game's state snapshot"),
        (Recoding(BadRequest("bad-setup", "no")), "refused as bad-request bad-setup: no"),
        (Recoding(Unsupported("11 players")), "answered unsupported: 11 players"),
    ],
)
def test_a_start_accepted_or_refused_otherwise_is_a_divergence(tmp_path: Path, adapter: object, actual: str) -> None:
    with pytest.raises(Divergence) as caught:
        run(write(tmp_path, ELEVEN), adapter)
    assert caught.value.expected == "refused as bad-request bad-players"
    assert caught.value.actual == actual


def test_an_unsupported_series_setup_is_a_skip_not_a_failure(tmp_path: Path) -> None:
    body = CASE.format(id="c") + '  setup: {"series": true, "position": {"players": 2, "hands": [], "leader": 0}}\n'
    body += "  refused: {kind: bad-request, code: bad-setup}\n"
    with pytest.raises(Unsupported):
        run(write(tmp_path, body), Recoding(Unsupported("no series")))


DEAL_ON = (
    CASE.format(id="c")
    + """  position: {players: 3, leader: P1, hands: {P1: 8H 2C, P2: 9H 3C, P3: 10H 4C}}
  steps:
  - {deal: [2C], refused: {kind: illegal, code: game-not-over}}
"""
)


class DealChangesState(ReferenceAdapter):
    def deal(self, deck: list[str]) -> list[dict]:
        assert self.game is not None
        self.game.leader = 2
        raise Refused("game-not-over", "not now")


class DealWithoutCodes(ReferenceAdapter):
    def deal(self, deck: list[str]) -> list[dict]:
        raise Refused(None, "not now")


class DealWithoutCodesDeclared(DealWithoutCodes):
    def hello(self) -> dict:
        return {**super().hello(), "reason_codes": False}


class DealAsBadRequest(ReferenceAdapter):
    def deal(self, deck: list[str]) -> list[dict]:
        raise BadRequest("game-not-over", "not now")


def test_a_refused_deal_must_leave_the_state_and_have_the_kind(tmp_path: Path) -> None:
    path = write(tmp_path, DEAL_ON)
    run(path, DealWithoutCodesDeclared())  # illegal without a code: an implementation without reason codes
    with pytest.raises(Divergence, match="refused as illegal None"):  # ... that says it has them
        run(path, DealWithoutCodes())
    with pytest.raises(Divergence, match="the state unchanged"):
        run(path, DealChangesState())
    with pytest.raises(Divergence, match="refused as bad-request game-not-over"):
        run(path, DealAsBadRequest())


def test_a_request_step_is_sent_as_written(tmp_path: Path) -> None:
    body = (
        CASE.format(id="c")
        + """  position: {players: 3, leader: P1, hands: {P1: 8H 2C, P2: 9H 3C, P3: 10H 4C}}
  steps:
  - {request: {cmd: apply, action: 8H, player: true}, refused: {kind: bad-request, code: bad-player}, invalid: true}
"""
    )
    run(write(tmp_path, body), ReferenceAdapter())

    class TakesTrueAsSeatOne(ReferenceAdapter):
        def apply(self, action: str, player: int | None = None) -> list[dict]:
            return super().apply(action, 0 if player is True else player)

    with pytest.raises(Divergence, match="accepted: \\[play P1 8H\\]"):
        run(write(tmp_path, body), TakesTrueAsSeatOne())


def test_a_refusal_with_an_unknown_kind_is_a_fixture_error_naming_the_line(tmp_path: Path) -> None:
    body = ELEVEN.replace("kind: bad-request", "kind: refused")
    with pytest.raises(FixtureError) as caught:
        load_file(write(tmp_path, body))
    assert caught.value.line == 8 and caught.value.field.startswith("cases.0.refused")


def test_fuzz_compares_events_exactly_so_a_missing_why_diverges() -> None:
    """R-PROTO-7: ``check`` may leave ``why`` out of an expectation; ``fuzz`` never does."""
    results = list(run_games(MissingWhy, 3, range(6), Settings(), stop_at_first=True))
    assert results[-1].mismatch is not None and "why" in str(results[-1].mismatch)
