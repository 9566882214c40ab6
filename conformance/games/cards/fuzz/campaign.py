"""A fuzzing campaign: many random games split into chunks, run in one process or
in a pool (``--jobs``), one shard of the seed range (``--shard i/N``), with a JSON
report that several shards merge into one.

Games are numbered; game ``k`` of campaign ``seed`` is always the same game, so a
report names every divergence by ``(seed, game)`` and it can be replayed alone.

A game whose setup the implementation answers ``unsupported`` (a series, a
position) is counted and left out, and that kind of setup is no longer drawn
(``Settings.without``); the summary and the report say so (``unsupported``).
"""

from __future__ import annotations

import itertools
import multiprocessing.util
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from generala_conformance.games.cards.fuzz.differential import (
    AdapterFactory,
    GameResult,
    Kept,
    Mismatch,
    Settings,
    Step,
    Trial,
    play_games,
    run_games,
)
from generala_conformance.games.cards.fuzz.shards import CampaignError, check_shards

Json = dict[str, Any]
REPORT_KIND = "generala-fuzz-report"
REPORT_VERSION = 2
CHUNK = 50


@dataclass
class Found:
    """A divergence found in game ``game``: the trial up to it and the mismatch."""

    game: int
    trial: Trial
    mismatch: Mismatch
    without: tuple[str, ...] = ()


@dataclass
class ChunkResult:
    """What one chunk of games gave."""

    games: int = 0
    actions: int = 0
    found: list[Found] = field(default_factory=list)
    unsupported: dict[str, Json] = field(default_factory=dict)
    """Per kind of setup left out: ``{"games": n, "reason": first answer}``."""


_WORKER: Kept | None = None
"""In a pool worker: the implementation it keeps for all its chunks."""


def _start_worker(factory: AdapterFactory) -> None:
    """Pool worker set-up: one implementation for the whole campaign, released
    when the worker exits (``multiprocessing`` runs its finalizers then)."""
    global _WORKER
    _WORKER = Kept(factory)
    multiprocessing.util.Finalize(_WORKER, _WORKER.close, exitpriority=10)


def run_chunk(seed: int, games: range, settings: Settings, keep_going: bool) -> ChunkResult:
    """Play the games of one chunk in a pool worker, on the worker's implementation."""
    assert _WORKER is not None, "run_chunk runs in a pool worker started by _start_worker"
    return collect(play_games(_WORKER, seed, games, settings, stop_at_first=not keep_going))


def collect(games: Iterable[GameResult]) -> ChunkResult:
    """The totals and divergences of ``games``."""
    result = ChunkResult()
    for game in games:
        if game.unsupported is not None:
            left = result.unsupported.setdefault(game.kind, {"games": 0, "reason": game.unsupported})
            left["games"] += 1
            continue
        result.games += 1
        result.actions += game.actions
        if game.mismatch is not None:
            result.found.append(Found(game.index, game.trial, game.mismatch, game.without))
    return result


def join_unsupported(parts: Iterable[dict[str, Json]]) -> dict[str, Json]:
    """The left-out games of several chunks (or shards), per kind of setup."""
    joined: dict[str, Json] = {}
    for part in parts:
        for kind, left in part.items():
            entry = joined.setdefault(kind, {"games": 0, "reason": left["reason"]})
            entry["games"] += left["games"]
    return joined


def chunks(games: range, size: int = CHUNK) -> list[range]:
    """``games`` cut into consecutive chunks."""
    return [games[i : i + size] for i in range(0, len(games), size)]


def run(
    factory: AdapterFactory,
    seed: int,
    games: range,
    settings: Settings,
    jobs: int = 1,
    keep_going: bool = False,
    chunk: int = CHUNK,
) -> Iterator[ChunkResult]:
    """Run the campaign, yielding the results of chunks of ``chunk`` games as they
    come (for progress). With ``jobs`` > 1 the chunks go to a pool of processes,
    each keeping one implementation for every chunk it plays.

    Without ``keep_going`` no new chunk is started once a divergence is found.
    """
    parts = chunks(games, chunk)
    if jobs <= 1:  # one implementation for every chunk: no restart between chunks
        played = run_games(factory, seed, games, settings, stop_at_first=not keep_going)
        for part in parts:
            result = collect(itertools.islice(played, len(part)))
            yield result
            if result.found and not keep_going:
                return
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(factory,)) as pool:
        pending = [pool.submit(run_chunk, seed, part, settings, keep_going) for part in parts]
        for future in pending:
            result = future.result()
            yield result
            if result.found and not keep_going:
                for other in pending:
                    other.cancel()
                return


# ------------------------------------------------------------------ reports


def trial_json(trial: Trial) -> Json:
    """A trial as JSON data."""
    return {"setup": trial.setup, "steps": [[s.kind, s.player, s.action] for s in trial.steps]}


def trial_from_json(data: Json) -> Trial:
    """A trial read back from :func:`trial_json`."""
    return Trial(data["setup"], [Step(kind, p, a) for kind, p, a in data["steps"]])


def mismatch_json(mismatch: Mismatch) -> Json:
    """A mismatch as JSON data."""
    return asdict(mismatch)


@dataclass
class Summary:
    """The totals of a campaign's run (one shard, or all of it): ``campaign`` its
    parameters (:func:`~generala_conformance.games.cards.fuzz.shards.parameters`), ``shards``
    ``{count, indices}`` of the shards it ran (``None``: one replayed game)."""

    campaign: Json
    shards: Json | None
    ranges: list[list[int]]
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    divergences: list[Json] = field(default_factory=list)
    unsupported: dict[str, Json] = field(default_factory=dict)
    started: float = field(default_factory=time.monotonic, repr=False)

    def add(self, chunk: ChunkResult) -> None:
        """Count one chunk."""
        self.games += chunk.games
        self.actions += chunk.actions
        self.unsupported = join_unsupported([self.unsupported, chunk.unsupported])

    def finish(self) -> None:
        """Stop the clock."""
        self.seconds = round(time.monotonic() - self.started, 3)

    def line(self) -> str:
        """The one-line summary."""
        rate = self.games / self.seconds if self.seconds else 0.0
        line = (
            f"fuzz: {self.games} games, {self.actions} actions, {len(self.divergences)} divergences, "
            f"{self.seconds:.2f} s ({rate:.0f} games/s)"
        )
        return "\n".join([line, *unsupported_lines(self.unsupported)])

    def report(self) -> Json:
        """The JSON report (``--report``)."""
        return {
            "kind": REPORT_KIND,
            "version": REPORT_VERSION,
            "campaign": self.campaign,
            "shards": self.shards,
            "ranges": self.ranges,
            "games": self.games,
            "actions": self.actions,
            "seconds": self.seconds,
            "divergences": self.divergences,
            "unsupported": self.unsupported,
        }


def unsupported_lines(unsupported: dict[str, Json]) -> list[str]:
    """One line per kind of setup left out."""
    return [
        f"left out: {left['games']} game(s) of {kind}, answered unsupported ({left['reason']}); "
        f"no {kind} drawn after that"
        for kind, left in sorted(unsupported.items())
    ]


def merge(reports: list[Json], names: list[str] | None = None) -> Json:
    """One report from the reports of every shard of one campaign (``names``: the
    files they were read from, for messages); ``seconds`` adds up the shards' times.

    Refuses (:class:`CampaignError`) what is not a fuzz report of this version,
    reports of different campaigns, and missing or repeated shards
    (:func:`~generala_conformance.games.cards.fuzz.shards.check_shards`).
    """
    if not reports:
        raise CampaignError("nothing-to-merge", "give at least one report to merge")
    names = names or [f"report {i}" for i in range(1, len(reports) + 1)]
    for report, name in zip(reports, names, strict=True):
        if not isinstance(report, dict) or report.get("kind") != REPORT_KIND:
            raise CampaignError("not-a-fuzz-report", f"{name} is not a generala-kit fuzz report")
        if report.get("version") != REPORT_VERSION:
            raise CampaignError(
                "report-version",
                f"{name} is a version {report.get('version')!r} fuzz report; this generala-kit merges version "
                f"{REPORT_VERSION} (run that shard again with it)",
            )
    shards = check_shards(reports, names)
    return {
        "kind": REPORT_KIND,
        "version": REPORT_VERSION,
        "campaign": reports[0]["campaign"],
        "shards": shards,
        "ranges": sorted(rg for r in reports for rg in r["ranges"]),
        "games": sum(r["games"] for r in reports),
        "actions": sum(r["actions"] for r in reports),
        "seconds": round(sum(r["seconds"] for r in reports), 3),
        "divergences": sorted((d for r in reports for d in r["divergences"]), key=lambda d: d["game"]),
        "unsupported": join_unsupported(r.get("unsupported", {}) for r in reports),
    }
