"""Loading the YAML fixtures: a malformed fixture is an error naming file, line and
field; a case that the implementation does not follow raises a Divergence that
shows the step, expected and actual, and the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.fixtures import FixtureError, load_all, load_file
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.adapter import Refused
from generala_spec.options import resolve

from tests.bad_fixtures import GOOD


def _write(tmp_path: Path, text: str, name: str = "case.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def _error(tmp_path: Path, text: str) -> FixtureError:
    with pytest.raises(FixtureError) as info:
        load_file(_write(tmp_path, text))
    return info.value


def test_a_good_fixture_loads_and_runs(tmp_path: Path) -> None:
    [case] = load_file(_write(tmp_path, GOOD))
    assert (case.id, case.line, case.clauses) == ("follow-suit", 3, ("R-FOLLOW-2",))
    case.run(ReferenceAdapter(), resolve())


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ("clauses: [R-FOLLOW-2]", "clauses: [FOLLOW-2]", 5, "cases.0.clauses.0"),
        ("  sources: [FR-9]\n", "", 3, "cases.0"),
        ("{P1: 8H 2C,", "{P1: 8X 2C,", 10, "cases.0.position.hands.P1"),
        ("P3: 10H 4C}", "P3: 8H 4C}", 10, "cases.0.position.hands"),
        ("[play P1 8H]", "[play P1 8H, bogus P1]", 12, "cases.0.steps.0.events.1"),
        ("refused: must-follow-suit", "refused: no-such-code", 13, "cases.0.steps.1.refused"),
        ("leader: P1", "leader: P7", 9, "cases.0.position.leader"),
        ("  steps:\n", "  requires: {tie-break: sideways}\n  steps:\n", 11, "cases.0.requires.tie-break"),
    ],
)
def test_a_malformed_fixture_names_file_line_and_field(
    tmp_path: Path, old: str, new: str, line: int, field: str
) -> None:
    assert old in GOOD
    error = _error(tmp_path, GOOD.replace(old, new))
    assert (error.line, error.field) == (line, field)
    assert str(error).startswith(f"{tmp_path / 'case.yaml'}:{line}: {field}: ")


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    error = _error(tmp_path, GOOD.replace("  title: P2 must follow hearts", "  title: [unclosed"))
    assert error.line in (4, 5) and "not valid YAML" in error.message


def test_a_deal_needs_the_whole_pack(tmp_path: Path) -> None:
    text = GOOD.replace(
        "  position:\n    players: 3\n    leader: P1\n    hands: {P1: 8H 2C, P2: 9H 3C, P3: 10H 4C}\n",
        "  deal:\n    players: 3\n    dealer: P1\n    deck: 2C 3C 4C\n",
    )
    error = _error(tmp_path, text)
    assert (error.line, error.field) == (10, "cases.0.deal.deck") and "54" in error.message


def test_an_id_used_twice_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, GOOD, "a.yaml")
    _write(tmp_path, GOOD, "b.yaml")
    with pytest.raises(FixtureError, match=r"already used at .*a\.yaml:3") as info:
        load_all(tmp_path)
    assert (info.value.path.name, info.value.line, info.value.field) == ("b.yaml", 3, "id")


def _diverge(tmp_path: Path, old: str, new: str) -> Divergence:
    [case] = load_file(_write(tmp_path, GOOD.replace(old, new)))
    with pytest.raises(Divergence) as info:
        case.run(ReferenceAdapter(), resolve())
    return info.value


def test_a_wrong_winner_is_a_divergence_with_the_table(tmp_path: Path) -> None:
    error = _diverge(tmp_path, "trick P3 complete, lead P3 winner", "trick P2 complete, lead P2 winner")
    text = str(error)
    assert "line 15: P3 10H" in error.step and error.where.endswith(":3 follow-suit")
    assert "expected: [play P3 10H, trick P2 complete, lead P2 winner]" in text
    assert "actual:   [play P3 10H, trick P3 complete, lead P3 winner]" in text
    assert "P3 > 4♣" in text and "moves so far: P1 8H, P2 9H, P3 10H" in text


def test_an_accepted_illegal_move_is_a_divergence(tmp_path: Path) -> None:
    error = _diverge(tmp_path, "{do: P2 3C, refused: must-follow-suit}", "{do: P2 9H, refused: must-follow-suit}")
    assert "refused with must-follow-suit" in str(error.expected) and "accepted" in str(error.actual)


def test_a_refused_legal_move_is_a_divergence(tmp_path: Path) -> None:
    error = _diverge(tmp_path, "{do: P2 3C, refused: must-follow-suit}", "{do: P2 3C}")
    assert "must-follow-suit" in str(error.actual) and "P2 > 3♣ 9♥" in str(error)


def test_a_wrong_reason_code_is_a_divergence(tmp_path: Path) -> None:
    error = _diverge(tmp_path, "refused: must-follow-suit", "refused: off-suit-card")
    assert (error.expected, error.actual) == ("refused with off-suit-card", "refused with must-follow-suit")


def test_a_wrong_hand_is_a_divergence(tmp_path: Path) -> None:
    error = _diverge(tmp_path, "hands: {P3: 4C}}", "hands: {P3: 5C}}")
    assert error.expected == "hands = {2: ['5C']}" and error.actual == "hands = {2: ['4C']}"


class _Leaky(ReferenceAdapter):
    """A refusal that changes the state: the kit must notice."""

    def apply(self, action: str, player: int | None = None) -> list[dict]:
        try:
            return super().apply(action, player)
        except Refused:
            assert self.game is not None
            self.game.hands[player or 0] = 0
            raise


def test_a_refusal_that_changes_the_state_is_a_divergence(tmp_path: Path) -> None:
    [case] = load_file(_write(tmp_path, GOOD))
    with pytest.raises(Divergence, match="the state unchanged") as info:
        case.run(_Leaky(), resolve())
    assert "changed: hands" in str(info.value.actual)
