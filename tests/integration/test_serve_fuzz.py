"""A fuzz of ``generala-kit serve`` (issue 9): random and malformed lines, random
valid and invalid setups, random bytes, huge numbers, deep nesting and wrong
types in every field; every line gets exactly one well-formed reply (valid
against the protocol schema's reply part, with the line's id when it had one)
and the server never dies. Bounded and deterministic (``derandomize``)."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.request_strategies import GAME, dumps, game_lines, lines, one_field_changed
from tests.serve_replies import check_replies, serve_in_process, serve_through_pipe


#: A session: a few valid game requests first (so that later lines meet a game), then anything.
def sessions(min_size: int, max_size: int) -> st.SearchStrategy[bytes]:
    """Up to four game requests, then ``min_size`` to ``max_size`` lines of any kind."""
    return st.tuples(st.lists(game_lines, max_size=4), st.lists(lines, min_size=min_size, max_size=max_size)).map(
        lambda parts: b"\n".join(parts[0] + parts[1]) + b"\n"
    )


FUZZ = settings(
    deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@settings(FUZZ, max_examples=200)
@given(sessions(10, 50))
def test_serve_in_process_answers_every_line_once(data: bytes) -> None:
    check_replies(data, serve_in_process(data))


@settings(FUZZ, max_examples=20, phases=[Phase.explicit, Phase.generate])  # no shrinking through pipes
@given(sessions(20, 25))
def test_a_real_serve_process_answers_every_line_once(data: bytes) -> None:
    check_replies(data, serve_through_pipe(data))


def test_a_real_serve_process_answers_every_field_gone_wrong_in_a_game() -> None:
    """Each request with one field left out or of a wrong type or range (about 1,300),
    between valid game requests (over 5,000 lines), through one ``serve`` process."""
    data = b"".join(b"\n".join([GAME[1], GAME[0], dumps(message), GAME[3]]) + b"\n" for message in one_field_changed())
    replies = check_replies(data, serve_through_pipe(data))
    assert len(replies) > 4 * 1_000 and sum(not r["ok"] for r in replies) > 1_000
