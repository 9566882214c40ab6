"""Shards of a fuzzing campaign (``--shard i/N``) and what a merge of their reports
checks (``--merge``): every report of one campaign, each shard exactly once.

A campaign is named by its parameters (:func:`parameters`): the seed, the number
of games, the options that shape the games, the kit's version and the suite's
(a digest of the rule clauses and options the reference follows). Game ``k`` of
a campaign is the same game wherever its shard runs, so shards run on different
machines (a CI job matrix) join into the report one machine would have written.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from functools import cache
from importlib.resources import files
from typing import Any

from generala_conformance import __version__
from generala_conformance.games.cards.fuzz.differential import FuzzError, Settings
from generala_scenarios import SUITE_VERSION

Json = dict[str, Any]
RULE_FILES = ("cards/clauses.yaml", "cards/options.yaml")
"""The files of ``generala_spec`` whose digest is the suite version."""


class CampaignError(FuzzError):
    """Bad campaign options, or reports that cannot be merged (``code``, message for the user)."""


def parse_shard(shard: str) -> tuple[int, int]:
    """``i/N`` as ``(i, N)``, 1 <= i <= N."""
    try:
        i, n = (int(x) for x in shard.split("/"))
    except ValueError:
        raise CampaignError("bad-shard", f"--shard {shard!r}: write i/N, e.g. 2/4") from None
    if not 1 <= i <= n:
        raise CampaignError("bad-shard", f"--shard {shard!r}: i must be 1..N")
    return i, n


def shard_range(games: int, shard: str | None) -> range:
    """The game numbers of shard ``i/N`` (1-based ``i``) of ``games`` games: contiguous seed ranges."""
    if not shard:
        return range(games)
    i, n = parse_shard(shard)
    return range(games * (i - 1) // n, games * i // n)


@cache
def rules_digest() -> str:
    """A digest of the rule clauses and options (``generala_spec``): what the games
    drawn and the reference's answers depend on, besides the kit's own code."""
    digest = hashlib.sha256()
    for name in RULE_FILES:
        digest.update(files("generala_spec").joinpath(name).read_bytes())
    return "sha256:" + digest.hexdigest()[:16]


def parameters(seed: int, games: int, settings: Settings) -> Json:
    """The parameters that name a campaign (its shards must all have the same)."""
    options = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(settings).items()}
    named = {"seed": seed, "games": games, "options": options, "kit": __version__, "suite": SUITE_VERSION}
    return {**named, "rules": rules_digest()}


def check_shards(reports: Sequence[Json], names: Sequence[str]) -> Json:
    """The ``shards`` of the merged report, or :class:`CampaignError`: a report of
    another campaign (naming the parameters that differ), a report of one game
    (``--game``), shards of different splits, missing or repeated shard indices."""
    first, first_name = _flat(reports[0]["campaign"]), names[0]
    for report, name in zip(reports, names, strict=True):
        if report.get("shards") is None:
            raise CampaignError("not-a-shard", f"{name}: a report of one replayed game (--replay), not of a shard")
        campaign = _flat(report["campaign"])
        differ = [key for key in sorted(first.keys() | campaign.keys()) if first.get(key) != campaign.get(key)]
        if differ:
            what = "; ".join(f"{key} {first.get(key)!r} in {first_name}, {campaign.get(key)!r} here" for key in differ)
            raise CampaignError("campaign-mismatch", f"{name} is a shard of another campaign: {what}")
    counts = {report["shards"]["count"] for report in reports}
    if len(counts) != 1:
        raise CampaignError("shard-count-mismatch", f"the reports split the campaign into {sorted(counts)} shards")
    count = counts.pop()
    seen = Counter(i for report in reports for i in report["shards"]["indices"])
    problems = []
    missing = [i for i in range(1, count + 1) if i not in seen]
    if missing:
        problems.append(f"shard(s) {_listed(missing)} of {count} missing")
    repeated = [i for i in sorted(seen) if seen[i] > 1]
    if repeated:
        problems.append(f"shard(s) {_listed(repeated)} given more than once")
    if problems:
        code = "missing-shards" if missing else "repeated-shards"
        raise CampaignError(code, "; ".join(problems))
    return {"count": count, "indices": list(range(1, count + 1))}


def _flat(campaign: Json) -> Json:
    """The parameters with each option as ``options.NAME`` (so that a message names the option)."""
    options = campaign.get("options")
    flat = {k: v for k, v in campaign.items() if k != "options"}
    if isinstance(options, dict):
        flat.update({f"options.{k}": v for k, v in options.items()})
    else:
        flat["options"] = options
    return flat


def _listed(indices: list[int]) -> str:
    return ", ".join(map(str, indices))
