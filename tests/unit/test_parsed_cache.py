"""``generala_spec.parsed_cache``: a value parsed once per content of its text, never
a stale one, and a cache that cannot be read or written costs only speed."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_spec import parsed_cache, yaml_text
from generala_spec.options import _raw
from generala_spec.parsed_cache import cached_json


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    monkeypatch.setenv(parsed_cache.ENV, str(directory))
    return directory


def _counting(calls: list[str]):
    def parse(text: str) -> dict:
        calls.append(text)
        return yaml_text.parse(text)

    return parse


def test_a_value_is_parsed_once_per_content(cache: Path) -> None:
    calls: list[str] = []
    assert cached_json("t", "a: 1\n", _counting(calls)) == {"a": 1}
    assert cached_json("t", "a: 1\n", _counting(calls)) == {"a": 1}
    assert calls == ["a: 1\n"]
    assert cached_json("t", "a: 2\n", _counting(calls)) == {"a": 2}  # another content: parsed again
    assert cached_json("t", "a: 3\n", _counting(calls)) == {"a": 3}
    assert len(calls) == 3


def test_a_damaged_cache_file_is_parsed_again_and_rewritten(cache: Path) -> None:
    cached_json("t", "a: 1\n", yaml_text.parse)
    (cache / "t.json").write_text('{"key": ', "utf-8")
    calls: list[str] = []
    assert cached_json("t", "a: 1\n", _counting(calls)) == {"a": 1}
    assert cached_json("t", "a: 1\n", _counting(calls)) == {"a": 1}
    assert len(calls) == 1


def test_a_value_json_would_change_is_not_stored(cache: Path) -> None:
    calls: list[str] = []
    for _ in range(2):
        assert cached_json("t", "1: x\n", _counting(calls)) == {1: "x"}  # an int key: JSON makes it "1"
    assert len(calls) == 2


def test_an_unwritable_cache_only_costs_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", "utf-8")
    monkeypatch.setenv(parsed_cache.ENV, str(blocker / "cache"))
    assert cached_json("t", "a: 1\n", yaml_text.parse) == {"a": 1}


def test_the_options_come_from_the_cache_equal_to_the_file(cache: Path) -> None:
    text = (Path(parsed_cache.__file__).parent / "cards" / "options.yaml").read_text("utf-8")
    _raw.cache_clear()
    try:
        assert _raw() == yaml_text.parse(text)
        assert (cache / "options-cards.json").is_file()
        _raw.cache_clear()
        assert _raw() == yaml_text.parse(text)  # from the cache file this time
    finally:
        _raw.cache_clear()


def test_the_cache_dir_follows_xdg_and_an_empty_variable_turns_it_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(parsed_cache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parsed_cache.cache_dir() == tmp_path / "generala-kit"
    monkeypatch.setenv(parsed_cache.ENV, "")
    assert parsed_cache.cache_dir() is None
    calls: list[str] = []
    for _ in range(2):
        cached_json("t", "a: 1\n", _counting(calls))
    assert len(calls) == 2
