"""Rule options and profiles, read from ``options.yaml`` (the one place where
their names and values are written; see the ambiguity register). ``spec`` names
the rulebook folder (see :mod:`generala_spec.rulebook`); the card game's by default."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from generala_spec import yaml_text
from generala_spec.folders import CARDS, read_text
from generala_spec.parsed_cache import cached_json


class OptionDef(NamedTuple):
    """One rule option: its name, its values (with their meaning) and default."""

    name: str
    ambiguity: str
    summary: str
    values: Mapping[str, str]
    default: str
    switches_off: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    """Per value, the clauses it switches off (nothing to check under it: Double Generala's under ``off``)."""


class UnknownOption(ValueError):
    """An option name, value or profile that ``options.yaml`` does not define."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@cache
def _raw(spec: str = CARDS) -> dict[str, Any]:
    """``options.yaml`` of the rulebook ``spec`` as data (from the parsed cache: every
    command and ``serve`` reads it at start, and importing a YAML parser would be most
    of ``serve``'s start-up)."""
    text = read_text(spec, "options.yaml")
    return cast(dict[str, Any], cached_json(f"options-{spec}", text, yaml_text.parse))


@cache
def options(spec: str = CARDS) -> Mapping[str, OptionDef]:
    """Every rule option, by name, in the order of ``options.yaml``."""
    table = {
        name: OptionDef(
            name=name,
            ambiguity=entry["ambiguity"],
            summary=entry["summary"],
            values=MappingProxyType(dict(entry["values"])),
            default=entry["default"],
            switches_off=MappingProxyType({v: tuple(c) for v, c in entry.get("switches_off", {}).items()}),
        )
        for name, entry in _raw(spec)["options"].items()
    }
    return MappingProxyType(table)


def switched_off(chosen: Mapping[str, str], spec: str = CARDS) -> set[str]:
    """The clauses the option values ``chosen`` (name -> value) switch off."""
    table = options(spec)
    return {c for name, value in chosen.items() if name in table for c in table[name].switches_off.get(value, ())}


def profile_names(spec: str = CARDS) -> list[str]:
    """The names of the profiles (``default``, ``fr``, ``fa``)."""
    return list(_raw(spec)["profiles"])


def profile_summary(profile: str, spec: str = CARDS) -> str:
    """The one-line summary of ``profile`` in ``options.yaml``."""
    profiles = _raw(spec)["profiles"]
    if profile not in profiles:
        raise UnknownOption("unknown-profile", f"unknown profile {profile!r}; known: {sorted(profiles)}")
    return cast(str, profiles[profile]["summary"])


def resolve(
    profile: str = "default", overrides: Mapping[str, str] | None = None, *, spec: str = CARDS
) -> dict[str, str]:
    """The full option assignment of ``profile`` with ``overrides`` on top.

    >>> resolve("fr")["first-lead"]
    'free'
    >>> resolve("default", {"tie-break": "any-nearest"})["tie-break"]
    'any-nearest'
    """
    profiles = _raw(spec)["profiles"]
    if profile not in profiles:
        raise UnknownOption("unknown-profile", f"unknown profile {profile!r}; known: {sorted(profiles)}")
    table = options(spec)
    chosen = {name: opt.default for name, opt in table.items()}
    for name, value in {**profiles[profile]["options"], **(overrides or {})}.items():
        if name not in table:
            raise UnknownOption("unknown-option", f"unknown rule option {name!r}; known: {list(table)}")
        if value not in table[name].values:
            raise UnknownOption(
                "unknown-option-value",
                f"rule option {name!r} has no value {value!r}; values: {list(table[name].values)}",
            )
        chosen[name] = value
    return chosen
