"""``docs/transcripts.md`` says what changes a verdict as ``check`` does it (issue 44,
item 8): the order of the options in a skip reason, the circuit breaker's message."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance import games
from generala_conformance.core.runner import CircuitOpen, Implementation, Settings
from generala_conformance.core.sent_rules import Lacking

DOC = (Path(__file__).resolve().parents[2] / "docs" / "transcripts.md").read_text("utf-8")


def test_a_skip_reason_orders_the_options_by_name_as_the_page_says() -> None:
    reason = Lacking({"no-loser-dealer": "same", "no-loser": "two-or-more"}).reason
    assert reason == "option value not supported: no-loser=two-or-more, no-loser-dealer=same"
    assert "`no-loser=two-or-more, no-loser-dealer=same`" in DOC


def test_the_breaker_message_is_the_one_the_page_quotes() -> None:
    impl = Implementation(Settings(game=games.get("dice"), max_faults=5))
    try:
        impl.faults_in_a_row = 5
        with pytest.raises(CircuitOpen) as opened:
            impl.guard()
    finally:
        impl.close()
    quoted = "not run: the last N cases in a row ended in a timeout or a\\ncrash (circuit breaker, --max-faults N)"
    assert str(opened.value) == quoted.replace("N", "5").replace("\\n", " ")
    assert quoted.replace("\\n", "\n") in DOC
