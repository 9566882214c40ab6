"""Choosing the implementation: ``--adapter module:factory`` and ``--adapter-cmd``."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance.games.cards.game import GAME as CARDS
from generala_conformance.games.cards.reference_adapter import ReferenceAdapter
from generala_conformance.transport.loading import AdapterLoadError, make_adapter, open_adapter
from generala_conformance.transport.process_adapter import ProcessAdapter
from generala_conformance.transport.serve import LoopbackAdapter

IMPLS = Path(__file__).parents[1] / "impls"


def test_the_default_is_the_reference_in_process() -> None:
    assert isinstance(open_adapter(game=CARDS), ReferenceAdapter)


def test_a_factory_from_a_module_or_a_file() -> None:
    assert isinstance(
        make_adapter("generala_conformance.games.cards.reference_adapter:ReferenceAdapter"), ReferenceAdapter
    )
    adapter = make_adapter(f"{IMPLS / 'fa_reading.py'}:FaReading")
    assert type(adapter).__name__ == "FaReading" and adapter.hello()["protocol"] == 1


def test_validate_wraps_an_in_process_adapter_in_the_protocol() -> None:
    adapter = open_adapter(game=CARDS, validate=True)
    assert isinstance(adapter, LoopbackAdapter) and adapter.hello()["name"] == "generala-kit reference"


def test_a_command_gives_a_process_adapter_not_started_yet() -> None:
    adapter = open_adapter(adapter_cmd="node engine.js --fast", game=CARDS, timeout=2.5)
    assert isinstance(adapter, ProcessAdapter)
    assert adapter.argv == ["node", "engine.js", "--fast"] and adapter.timeout == 2.5 and adapter.pid is None


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ("no-colon", "bad-adapter-spec"),
        ("no_such_module_here:Factory", "adapter-import"),
        ("generala_conformance.games.cards.reference_adapter:Nothing", "adapter-factory"),
        (f"{IMPLS / 'missing.py'}:Factory", "adapter-import"),
        ("builtins:dict", "not-an-adapter"),  # (a factory returning something else)
    ],
)
def test_a_bad_adapter_spec_is_a_clear_error(spec: str, code: str) -> None:
    with pytest.raises(AdapterLoadError) as caught:
        make_adapter(spec)
    assert caught.value.code == code and spec in str(caught.value)


def test_adapter_and_command_together_are_refused() -> None:
    with pytest.raises(AdapterLoadError, match="not both"):
        open_adapter(
            "generala_conformance.games.cards.reference_adapter:ReferenceAdapter", "node engine.js", game=CARDS
        )
