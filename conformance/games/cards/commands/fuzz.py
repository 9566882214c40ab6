"""``generala-kit fuzz`` (``--game cards``): random games played on the implementation and on the
reference at once, compared after every action; the first divergence is shrunk
to a minimal reproduction, drawn, and written as a YAML fixture.

Exit code: 0 no divergence, 1 divergences found, 2 bad options.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from generala_conformance import games, option_ranges
from generala_conformance.errors import UsageError
from generala_conformance.games.cards.fixtures import load_file
from generala_conformance.games.cards.fuzz import campaign, shards
from generala_conformance.games.cards.fuzz.differential import KINDS, FuzzError, Settings
from generala_conformance.games.cards.fuzz.repro import draw, fixture_case, fixture_yaml
from generala_conformance.games.cards.fuzz.shrink import shrink
from generala_conformance.option_ranges import COUNT, JOBS, SHARE
from generala_conformance.progress import Progress
from generala_conformance.transport import impl_options
from generala_conformance.transport.adapter import Json
from generala_conformance.transport.handshake import HandshakeFailed
from generala_conformance.transport.loading import AdapterLoadError
from generala_spec.options import profile_names

HELP = "fuzz an implementation against the reference engine (random games, shrunk divergences)"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    impl_options.add_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    parser.add_argument("--games", type=int, default=1000, help="number of games in the campaign (default 1000)")
    parser.add_argument("--replay", type=int, metavar="K", help="replay only game K of the campaign")
    games.add_option(parser, "the game to fuzz", only=games.supplying("fuzz"))
    parser.add_argument("--players", default="2-10", help="table sizes: 2-10, 4 or 2,3,10 (default 2-10)")
    parser.add_argument(
        "--profile", action="append", choices=profile_names(), help="profiles to draw from (default: all supported)"
    )
    parser.add_argument("--illegal-rate", type=float, default=0.05, help="share of illegal tries (default 0.05)")
    parser.add_argument("--endgames", type=float, default=0.3, help="share of endgame positions (default 0.3)")
    parser.add_argument("--series", type=float, default=0.15, help="share of series (default 0.15)")
    parser.add_argument(
        "--without",
        action="append",
        choices=KINDS[:-1],
        default=[],
        help="never draw this kind of setup (drawn as a plain deal instead); repeatable",
    )
    parser.add_argument(
        "--mixed", type=float, default=0.25, help="share of games under random option values, not a profile (0.25)"
    )
    parser.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="processes (default 1)")
    parser.add_argument("--shard", metavar="I/N", help="run only shard I of N (contiguous game ranges)")
    parser.add_argument("--keep-going", action="store_true", help="go on after a divergence")
    parser.add_argument("--no-shrink", action="store_true", help="report divergences without shrinking them")
    parser.add_argument("--fixture-dir", default=".", metavar="DIR", help="where to write fixtures (default .)")
    parser.add_argument("--report", metavar="FILE", help="write the JSON results here")
    parser.add_argument("--merge", nargs="+", metavar="REPORT", help="merge shard reports into --report (or stdout)")
    parser.add_argument(
        "--progress",
        action="store_true",
        help="progress lines on stderr from the start (else: a bar on a terminal, a line every 30 s after 10 s)",
    )


def parse_players(text: str) -> tuple[int, ...]:
    """``2-10``, ``4`` or ``2,3,10`` as table sizes (each 2..10, R-MAT-2)."""
    sizes: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            sizes.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise shards.CampaignError("bad-players", f"--players {text!r}: write 2-10, 4 or 2,3,10") from None
    if not sizes or not all(2 <= s <= 10 for s in sizes):
        raise shards.CampaignError("bad-players", f"--players {text!r}: table sizes are 2..10 (R-MAT-2)")
    return tuple(sorted(sizes))


def run(args: argparse.Namespace) -> int:
    """Run the campaign (or merge reports)."""
    body = _merge if args.merge else _fuzz
    bounds: dict[str, tuple[float, float | None]] = {"games": COUNT, "replay": COUNT, "jobs": JOBS}
    bounds |= dict.fromkeys(("illegal_rate", "endgames", "series", "mixed"), SHARE)

    def checked() -> int:
        option_ranges.check(args, bounds)
        return body(args)

    return impl_options.guarded("fuzz", checked, (FuzzError, AdapterLoadError, HandshakeFailed, UsageError))


def _merge(args: argparse.Namespace) -> int:
    reports = []
    for name in args.merge:
        try:
            reports.append(json.loads(Path(name).read_text("utf-8")))
        except (OSError, ValueError) as error:
            raise shards.CampaignError("bad-report", f"{name}: {error}") from None
    merged = campaign.merge(reports, list(args.merge))
    text = json.dumps(merged, indent=2)
    if args.report:
        Path(args.report).write_text(text + "\n", "utf-8")
    else:
        print(text)
    print(_line(merged), file=sys.stderr)
    return 1 if merged["divergences"] else 0


def _line(report: Json) -> str:
    line = (
        f"fuzz: {report['games']} games, {report['actions']} actions, "
        f"{len(report['divergences'])} divergences, {report['seconds']:.2f} s"
    )
    return "\n".join([line, *campaign.unsupported_lines(report.get("unsupported", {}))])


def _fuzz(args: argparse.Namespace) -> int:
    settings = Settings(
        players=parse_players(args.players),
        profiles=tuple(args.profile or ()),
        illegal_rate=args.illegal_rate,
        endgame_rate=args.endgames,
        series_rate=args.series,
        mixed_rate=args.mixed,
        without=tuple(args.without),
    )
    indices = (
        range(args.replay, args.replay + 1) if args.replay is not None else shards.shard_range(args.games, args.shard)
    )
    factory = impl_options.factory(args, games.get(args.game))
    factory.open_checked().close()  # a failed handshake ends the campaign at once, with one message
    summary = campaign.Summary(
        campaign=shards.parameters(args.seed, args.games, settings),
        shards=None if args.replay is not None else _shards(args.shard),
        ranges=[[indices.start, indices.stop]],
    )
    progress = Progress("fuzz", len(indices), forced=args.progress)
    for chunk in campaign.run(factory, args.seed, indices, settings, args.jobs, args.keep_going):
        summary.add(chunk)
        for found in chunk.found:
            summary.divergences.append(_settle(found, factory, args))
        tally = f"{summary.actions} actions, {len(summary.divergences)} divergences"
        progress.advance(summary.games - progress.count, tally)
    summary.finish()
    progress.done()
    if args.report:
        Path(args.report).write_text(json.dumps(summary.report(), indent=2) + "\n", "utf-8")
    print(summary.line())
    return 1 if summary.divergences else 0


def _shards(shard: str | None) -> Json:
    """The ``shards`` of a run's report: ``--shard i/N``, or the whole campaign as shard 1 of 1."""
    index, count = shards.parse_shard(shard) if shard else (1, 1)
    return {"count": count, "indices": [index]}


def replay_command(args: argparse.Namespace, game: int, without: tuple[str, ...] = ()) -> str:
    """The command that plays game ``game`` of this campaign again, alone (``without``:
    the kinds of setup left out when it was drawn)."""
    words = ["generala-kit", "fuzz", "--seed", str(args.seed), "--replay", str(game)]
    if args.adapter:
        words += ["--adapter", args.adapter]
    if args.adapter_cmd:
        words += ["--adapter-cmd", args.adapter_cmd]
    defaults = {"players": "2-10", "illegal_rate": 0.05, "endgames": 0.3, "series": 0.15, "mixed": 0.25}
    for name, default in defaults.items():
        if getattr(args, name) != default:
            words += [f"--{name.replace('_', '-')}", str(getattr(args, name))]
    for profile in args.profile or ():
        words += ["--profile", profile]
    for kind in dict.fromkeys((*args.without, *without)):
        words += ["--without", kind]
    return shlex.join(words)


def _settle(found: campaign.Found, factory: impl_options.OpenAdapter, args: argparse.Namespace) -> Json:
    """Shrink one divergence, print it, write its fixture; its report entry."""
    entry = {
        "game": found.game,
        "replay": replay_command(args, found.game, found.without),
        "mismatch": campaign.mismatch_json(found.mismatch),
        "trial": campaign.trial_json(found.trial),
    }
    trial, mismatch = found.trial, found.mismatch
    if not args.no_shrink:
        trial, mismatch = shrink(factory, trial, mismatch)
        entry["shrunk"] = {"mismatch": campaign.mismatch_json(mismatch), "trial": campaign.trial_json(trial)}
    print(f"divergence in game {found.game} (seed {args.seed}): {found.mismatch.describe()}")
    print(draw(trial, mismatch))
    case_id = f"fuzz-{args.seed}-{found.game}"
    path = Path(args.fixture_dir) / f"{case_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    about = (
        f"Found by `{entry['replay']}`, then shrunk. "
        "Passes on the reference engine. Check the clause (guessed) before adding it to scenarios/cards/fixtures/."
    )
    path.write_text(fixture_yaml([fixture_case(trial, mismatch, case_id)], about), "utf-8")
    load_file(path)  # the fixture must load and validate like any other (FixtureError otherwise)
    entry["fixture"] = str(path)
    print(f"fixture written: {path}")
    return entry
