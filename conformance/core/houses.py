"""Coverage per house: how many cases of each clause run under each profile, and
under each single option value (the ``default`` profile with that one value), for
an implementation that plays that house only.

A case runs under a house when the house has every option value the case
requires (``requires``, ``@option:`` tags): the values the kit sends, and skips a
case for lacking (:mod:`generala_conformance.core.sent_rules`). A clause a value
switches off (``switches_off`` in ``options.yaml``) has nothing to check under
it. The goal (``docs/coverage.md``): under every house every other active clause
keeps at least one case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generala_spec import rulebook
from generala_spec.options import options, profile_names, resolve, switched_off


@dataclass(frozen=True)
class House:
    """A house: a profile, or one option value on top of the ``default`` profile."""

    name: str
    """``profile NAME`` or ``OPTION=VALUE``."""
    chosen: Mapping[str, str]
    """Every option's value under it."""


@dataclass(frozen=True)
class Cited:
    """What a case cites and requires (its :class:`~generala_conformance.core.runner.Labels`)."""

    clauses: Sequence[str]
    requires: Mapping[str, str]


def houses(spec: str) -> list[House]:
    """The profiles of the rulebook ``spec``, then every value of every option."""
    found = [House(f"profile {p}", resolve(p, spec=spec)) for p in profile_names(spec)]
    for name, option in options(spec).items():
        found += [House(f"{name}={v}", resolve("default", {name: v}, spec=spec)) for v in option.values]
    return found


def runs_under(requires: Mapping[str, str], chosen: Mapping[str, str]) -> bool:
    """Whether a case requiring ``requires`` runs under the option values ``chosen``."""
    return all(chosen.get(name) == value for name, value in requires.items())


def active_clauses(spec: str) -> list[str]:
    """The rulebook's active clauses, in its order."""
    return [c.id for c in rulebook.clauses(spec).values() if c.status == "active"]


def counts(cases: Sequence[Cited], chosen: Mapping[str, str], spec: str) -> dict[str, int]:
    """How many of ``cases`` cite each active clause and run under ``chosen``."""
    table = dict.fromkeys(active_clauses(spec), 0)
    for case in cases:
        if runs_under(case.requires, chosen):
            for clause in set(case.clauses) & table.keys():
                table[clause] += 1
    return table


def gaps(cases: Sequence[Cited], spec: str) -> list[tuple[str, str]]:
    """``(house, clause)`` for each clause that keeps no case under a house that does not switch it off."""
    found = []
    for house in houses(spec):
        off = switched_off(house.chosen, spec)
        found += [(house.name, c) for c, n in counts(cases, house.chosen, spec).items() if not n and c not in off]
    return found
