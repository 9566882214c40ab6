"""``generala-kit fuzz --game dice``: whole dice games with drawn rolls played on the
implementation and on the reference at once (:mod:`generala_conformance.games.dice.fuzz`);
each divergence is printed and written as a fixture.

Exit code: 0 no divergence, 1 divergences found, 2 bad options.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from generala_conformance import games, option_ranges
from generala_conformance.core.fixture_writer import fixture_text
from generala_conformance.errors import UsageError
from generala_conformance.games.dice import fuzz as dice_fuzz
from generala_conformance.transport import impl_options
from generala_conformance.transport.handshake import HandshakeFailed
from generala_conformance.transport.loading import AdapterLoadError

HELP = "fuzz an implementation against the reference engine (random games, each divergence a fixture)"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    impl_options.add_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    parser.add_argument("--games", type=int, default=1000, help="number of games in the campaign (default 1000)")
    games.add_option(parser, "the game to fuzz", only=games.supplying("fuzz"))
    parser.add_argument("--illegal-rate", type=float, default=0.05, help="share of illegal tries (default 0.05)")
    parser.add_argument("--keep-going", action="store_true", help="go on after a divergence")
    parser.add_argument("--fixture-dir", default=".", metavar="DIR", help="where to write fixtures (default .)")


def run(args: argparse.Namespace) -> int:
    """Games ``0 … --games - 1`` of ``--seed``; stop at the first divergence unless ``--keep-going``."""

    def checked() -> int:
        option_ranges.check(args, {"games": option_ranges.COUNT, "illegal_rate": option_ranges.SHARE})
        return _fuzz(args)

    return impl_options.guarded("fuzz", checked, (AdapterLoadError, HandshakeFailed, UsageError))


def _fuzz(args: argparse.Namespace) -> int:
    adapter = impl_options.factory(args, games.get(args.game)).open_checked()
    started, found, played = time.monotonic(), 0, 0
    try:
        for index in range(args.games):
            played += 1
            divergence = dice_fuzz.play(adapter, args.seed, index, args.illegal_rate)
            if divergence is None:
                continue
            found += 1
            print(f"divergence in dice game {index} (seed {args.seed}): {divergence.render()}")
            path = Path(args.fixture_dir) / f"fuzz-dice-{args.seed}-{index}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(fixture_text(dice_fuzz.repro_fixture(divergence)), "utf-8")
            print(f"fixture written: {path} (generala-kit check --game dice --cases {path.parent})")
            if not args.keep_going:
                break
    finally:
        adapter.close()
    print(f"fuzz --game dice: {played} games, {found} divergences, {time.monotonic() - started:.2f} s")
    return 1 if found else 0
