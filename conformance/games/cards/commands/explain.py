"""``generala-kit explain``: the arbiter. Set up a position, optionally play moves,
and get every legal and illegal move, each event with the clause and source
sentences that decide it, and the outcome under each reading that changes it.

generala-kit explain "P1: JK 2C | P2: 5H 9S | P3: KH | leader: P3" "P3 KH, P1 JK"
generala-kit explain --file position.yaml --json
"""

from __future__ import annotations

import argparse
import json
import sys

from generala_conformance.games.cards.arbiter.command_line import configure, question
from generala_conformance.games.cards.arbiter.explain import ExplainError, explain
from generala_conformance.games.cards.arbiter.position_text import PositionError

HELP = "explain a position: legal moves, who wins and leads, by which clause"
__all__ = ["HELP", "configure", "question", "run"]  # (configure and question: the arbiter's, shared with its page)


def run(args: argparse.Namespace) -> int:
    """Print the answer; exit 2 on a malformed or impossible position, 1 when a move is illegal."""
    from generala_conformance.games.cards.arbiter import render

    try:
        answer = explain(question(args))
    except (PositionError, ExplainError) as error:
        code = getattr(error, "code", PositionError.code)
        print(f"generala-kit explain: error [{code}]: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer, indent=1, ensure_ascii=False))
    else:
        print("\n".join(render.lines(answer)))
    return 1 if answer["stopped"] else 0
