"""``generala-kit play``: watch random players play a seeded game or series.

Printed trick by trick with card glyphs — who led, what was played, who
declined and took what, who went out, who leads next and why — or, with
``--json``, the event trace as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import TextIO

from generala_conformance import games
from generala_conformance.errors import UsageError
from generala_conformance.games.cards.arbiter import narrate
from generala_conformance.games.cards.commands import command_options
from generala_reference.cards.events import Event, event_json
from generala_reference.cards.game import Game
from generala_reference.cards.rules import Rules
from generala_reference.cards.series import Series
from generala_spec.options import profile_names

HELP = "play a seeded game (or series) with random players and print it trick by trick"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``play``."""
    games.add_option(parser, "the game to play", only=games.supplying("play"))
    parser.add_argument("--players", type=int, default=4, help="2 to 10 (default 4)")
    parser.add_argument(
        "--dealer", type=command_options.seat, default=1, metavar="SEAT", help="the dealer, P1..Pn (default P1)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the deal and of the players' choices")
    parser.add_argument("--profile", default="default", choices=profile_names())
    parser.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE", help="override a rule option")
    parser.add_argument("--series", action="store_true", help="play a whole series down to its champion")
    parser.add_argument("--json", action="store_true", help="print the event trace as JSON lines")


def _random_play(series: Series, rng: random.Random, whole_series: bool) -> Iterator[Event]:
    """Yield every event of the first game (or of the whole series) with random choices."""
    while True:
        game = series.game
        while not game.is_over:
            actions = game.legal_actions()
            yield from series.apply(actions[rng.randrange(len(actions))])
        if series.is_over or not whole_series:
            return
        yield from series.deal()


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play and print (on ``out``, standard output by default); 2 (one line) for a
    table, dealer or rule that cannot be."""
    out = out or sys.stdout
    try:
        dealer = command_options.table(args.players, args.dealer)
        rules = Rules.of(overrides=command_options.rules(args.profile, args.rule))
    except UsageError as error:
        print(f"generala-kit play: {error} [{error.code}]", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    series = Series(args.players, dealer, seed=args.seed, rules=rules)
    whole_series = args.series and args.players > 2
    if args.json:
        for event in _random_play(series, rng, whole_series):
            out.write(json.dumps(event_json(event)) + "\n")
        return 0
    printer = _Printer(out, args, series.game)
    for event in _random_play(series, rng, whole_series):
        printer.event(event, series.game)
    return 0


class _Printer:
    """Turns events into readable lines (the words of :mod:`~generala_conformance.games.cards.arbiter.narrate`)."""

    def __init__(self, out: TextIO, args: argparse.Namespace, game: Game) -> None:
        self.out = out
        self.line: list[str] = []
        self.trick_no = 0
        out.write(
            f"Générala — {args.players} players, seed {args.seed}, profile {args.profile}"
            f"{', series' if args.series else ''}\n"
        )
        self._deal(game, args.dealer - 1)

    def _deal(self, game: Game, dealer: int) -> None:
        self.trick_no = 0
        first, *rest = narrate.deal_lines(game, dealer)
        self.out.write(f"\n{first.text}\n" + "".join(f"  {line.text}\n" for line in rest))

    def _flush(self) -> None:
        if self.line:
            self.out.write("  " + "   ".join(self.line) + "\n")
            self.line = []

    def event(self, event: Event, game: Game) -> None:
        kind = event[0]
        if kind == "deal":
            self._deal(game, event[1])
            return
        words = narrate.event_words(event)
        if kind in ("play", "decline", "take", "out"):
            if kind == "play" and not self.line:
                self.trick_no += 1
                self.out.write(f"Trick {self.trick_no}:\n")
            self.line.append(words)
            return
        if kind in ("trick", "game-over"):
            self._flush()
        self.out.write(f"  {words}\n" if kind in ("trick", "lead") else f"{words}\n")
