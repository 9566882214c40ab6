"""The command line of ``generala-kit explain``, read the same way by the command
and by the arbiter page of the web site (a pasted ``generala-kit explain …`` line)."""

from __future__ import annotations

import argparse

from generala_conformance import games
from generala_conformance.games.cards.arbiter import position_text
from generala_conformance.games.cards.arbiter.position_text import PositionError


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``explain``."""
    games.add_option(parser, "the game of the position", only=games.supplying("explain"))
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = position_text.__doc__
    parser.add_argument("position", nargs="?", help="the position in the short text form (see below)")
    parser.add_argument("moves", nargs="*", help="moves to play: 'P3 KH, P1 JK' (or one per argument)")
    parser.add_argument("--file", metavar="FILE", help="read the position (and moves) from a YAML or JSON file")
    parser.add_argument("--profile", help="play under this profile (default, fr, fa)")
    parser.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE", help="set a rule option")
    parser.add_argument("--json", action="store_true", help="the answer as JSON (spec/schemas/explain.schema.json)")


def question(args: argparse.Namespace) -> position_text.Question:
    """The question the arguments ask (also for a command line pasted into the arbiter page)."""
    if args.file:
        question = position_text.parse_file(args.file)
        question.moves += position_text.parse_moves([args.position, *args.moves] if args.position else [])
    elif args.position:
        question = position_text.parse_text(args.position)
        question.moves = position_text.parse_moves(args.moves)
    else:
        raise PositionError("give a position ('P1: JK 2C | P2: 5H 9S') or --file FILE")
    if args.profile:
        question.profile = args.profile
    for item in args.rule:
        name, sep, value = item.partition("=")
        if not sep:
            raise PositionError(f"--rule {item!r}: write OPTION=VALUE (e.g. tie-break=any-nearest)")
        question.rules[name.strip()] = value.strip()
    return question
