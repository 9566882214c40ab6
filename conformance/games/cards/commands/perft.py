"""``generala-kit perft``: count the legal action sequences of each length from a
deal or a position, on the reference engine (fast path) or on any implementation
(``--adapter`` / ``--adapter-cmd``, through the adapter); ``--divide`` splits the
count by first action; ``--table`` checks the kit's perft table.

Exit code: 0 done (all table counts right), 1 a table count differs (``--table``,
or ``--case`` at a depth the table gives; a ``bad-request`` to a case of the table
too), or no count could be checked, 2 bad options, a failed handshake, or a setup the implementation
does not support. ``--table`` skips (and lists) the positions that depend on an
option value the implementation does not list or that it answers ``unsupported``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from generala_conformance import games
from generala_conformance.core.sent_rules import Lacking, rules_to_send
from generala_conformance.errors import UsageError
from generala_conformance.games.cards.commands import command_options
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.notation import CANONICAL_DECK, NotationError, cards
from generala_conformance.games.cards.perft import divide_adapter, divide_game, perft_cases
from generala_conformance.progress import Progress
from generala_conformance.transport import impl_options
from generala_conformance.transport.adapter import AdapterFault, BadRequest, Unsupported
from generala_conformance.transport.handshake import HandshakeFailed
from generala_conformance.transport.loading import AdapterLoadError
from generala_reference.cards import Game, GeneralaError, Rules, from_position, parse_deck
from generala_spec.options import profile_names

HELP = "count legal action sequences to a depth (perft), per first action with --divide"


class PerftUsage(UsageError):
    """Options that cannot work (``code``, message)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's options."""
    games.add_option(parser, "the game to count", only=games.supplying("perft"))
    impl_options.add_options(parser)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--case", metavar="ID", help="a named position of the perft table")
    source.add_argument("--position", metavar="FILE", help="a JSON file: a position or a state snapshot")
    source.add_argument("--deck", metavar="CARDS", help="deal this 54-card order (top card first)")
    source.add_argument("--table", action="store_true", help="check every count of the perft table")
    parser.add_argument("--players", type=int, default=4, help="players of the deal, 2 to 10 (default 4)")
    parser.add_argument(
        "--dealer",
        type=command_options.seat,
        default=1,
        metavar="SEAT",
        help="the dealer of the deal, P1..Pn (default P1)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the kit's deck when no --deck (default 0)")
    parser.add_argument("--profile", choices=profile_names(), default="default", help="rule profile")
    parser.add_argument("--rule", action="append", default=[], metavar="OPTION=VALUE", help="override one option")
    parser.add_argument("-d", "--depth", type=int, default=4, help="depth (default 4)")
    parser.add_argument("--divide", action="store_true", help="print the count under each first action")


def run(args: argparse.Namespace) -> int:
    """Count (or check the table); a refused setup is a usage error."""
    body = _table if args.table else _count
    errors = (UsageError, AdapterLoadError, BadRequest, GeneralaError, HandshakeFailed, Unsupported, AdapterFault)
    return impl_options.guarded("perft", lambda: body(args), errors)


def setup_of(args: argparse.Namespace) -> dict[str, Any]:
    """The setup the options describe (rules included)."""
    if args.case:
        chosen = {c.id: c for c in perft_cases()}
        if args.case not in chosen:
            raise PerftUsage("unknown-case", f"--case {args.case!r}; known: {', '.join(chosen)}")
        case = chosen[args.case]
        return {**case.setup, "rules": command_options.rules(args.profile, args.rule, dict(case.requires))}
    rules = command_options.rules(args.profile, args.rule)
    if args.position:
        try:
            data = json.loads(Path(args.position).read_text("utf-8"))
        except (OSError, ValueError) as error:
            raise PerftUsage("bad-position-file", f"--position {args.position}: {error}") from None
        return {"rules": rules, "position": data.get("position", data)}
    if args.deck:
        try:
            deck = cards(args.deck)
        except NotationError as error:
            raise PerftUsage("bad-deck", str(error)) from None
    else:
        deck = list(CANONICAL_DECK)
        random.Random(args.seed).shuffle(deck)
    dealer = command_options.table(args.players, args.dealer)
    return {"rules": rules, "deal": {"players": args.players, "dealer": dealer, "deck": deck}}


def _reference_game(setup: dict[str, Any]) -> Game:
    rules = Rules.of(overrides=setup["rules"])
    if "deal" in setup:
        deal = setup["deal"]
        return Game.from_deal(deal["players"], deal["dealer"], parse_deck(deal["deck"]), rules=rules)
    return from_position(setup["position"], rules)


def _count(args: argparse.Namespace) -> int:
    setup = setup_of(args)
    in_process = not (args.adapter or args.adapter_cmd)
    started = time.perf_counter()
    progress: Progress | None = None

    def done(actions: int) -> None:  # counted one first action at a time, for the progress display
        nonlocal progress
        progress = progress or Progress(f"perft depth {args.depth}", actions)
        progress.advance(extra="first actions")

    if in_process:
        result = divide_game(_reference_game(setup), args.depth, done)
    else:
        adapter = impl_options.factory(args, games.get(args.game)).open_checked()
        try:
            result = divide_adapter(adapter, setup, args.depth, done)
        finally:
            adapter.close()
    if progress is not None:
        progress.done()
    seconds = time.perf_counter() - started
    if args.divide:
        for action, count in result.items():
            print(f"{action}: {count}")
    total = sum(result.values())
    print(f"perft depth {args.depth}: {total}   ({seconds:.3f} s)")
    return _against_table(args.case, args.depth, total)


def _against_table(case_id: str | None, depth: int, total: int) -> int:
    """0, or 1 when the perft table knows the count of ``--case`` at this depth and
    ``total`` is not it (said in one line)."""
    counts = next((case.counts for case in perft_cases() if case.id == case_id), ())
    if not 1 <= depth <= len(counts) or counts[depth - 1] == total:
        return 0
    print(f"perft: {case_id} depth {depth}: {total}, but the perft table says {counts[depth - 1]}")
    return 1


def _table(args: argparse.Namespace) -> int:
    factory = impl_options.factory(args, games.get(args.game))
    adapter = factory.open_checked()
    listed = adapter.hello()["options"]
    failed, skipped = 0, 0
    progress = Progress("perft table", len(perft_cases()))
    try:
        for case in perft_cases():
            progress.advance(0, extra=f"counting {case.id}")
            started = time.perf_counter()
            try:
                case.run(adapter, rules_to_send(dict(case.requires), listed))
            except Divergence as divergence:
                failed += 1
                print(f"FAIL {case.id}\n{divergence.render()}")
                continue
            except (Lacking, Unsupported) as lacking:
                skipped += 1
                print(f"skip {case.id}: {lacking}")
                continue
            except BadRequest as error:  # an error of the case (docs/protocol.md), not the end of the table
                failed += 1
                print(f"ERROR {case.id}: bad-request {error}")
                continue
            print(f"ok   {case.id}  {list(case.counts)}  ({time.perf_counter() - started:.2f} s)")
            progress.advance()
    finally:
        progress.done()
        adapter.close()
    ok = len(perft_cases()) - failed - skipped
    print(f"perft table: {ok} ok, {failed} failed, {skipped} skipped")
    if not ok:
        print(f"perft table: no count could be checked on {factory.who}")
    return 1 if failed or not ok else 0
