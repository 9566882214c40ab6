"""Positions and snapshots: a game to and from plain JSON data (``docs/cards-contract.md``).

:func:`from_position` builds a game from any legal position and refuses an
impossible one with :class:`InvalidPosition`; :func:`snapshot` gives the
canonical JSON form, and :func:`from_snapshot` reads it back exactly.

>>> from generala_reference.cards.game import Game
>>> game = Game.from_deal(players=3, dealer=2, seed=1)
>>> snapshot(from_snapshot(snapshot(game))) == snapshot(game)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from generala_reference.cards.deck import (
    FULL_DECK,
    JOKER,
    SUIT_MASKS,
    Pack,
    format_card,
    format_cards,
    parse_card,
)
from generala_reference.cards.game import OVER, PHASES, TAKE, Game
from generala_reference.cards.rules import DEFAULT, Rules
from generala_reference.cards.setup import integer, listing, malformed, mapping, optional_listing
from generala_reference.errors import InvalidInput, InvalidPosition

Json = dict[str, Any]


def _bad(message: str, code: str = "bad-position") -> InvalidPosition:
    return InvalidPosition(code, message)


def _seat(value: Any, n: int, field: str) -> int:
    """A seat: ``bad-setup`` unless an integer, ``bad-position`` outside ``0..n-1``."""
    if not 0 <= integer(value, field) < n:
        raise _bad(f"{field} must be a seat number 0..{n - 1}, not {value!r}")
    return cast(int, value)


class _Pack(Pack):
    """A :class:`Pack` whose errors name the field of the position they are in."""

    def card(self, token: Any, where: str) -> int:
        try:
            return self.read(token)
        except InvalidInput as exc:
            raise _bad(f"{where}: {exc.message}", exc.code) from None

    def cards(self, tokens: Any, where: str) -> int:
        mask = 0
        for token in listing(tokens, where):
            mask |= 1 << self.card(token, where)
        return mask


def from_position(position: Mapping[str, Any], rules: Rules = DEFAULT, game_class: type[Game] = Game) -> Game:
    """A game from a position: ``players``, ``hands``, ``leader``, optional ``trick``,
    ``taking``, ``forced``, ``out_of_play``, ``dealt`` and ``went_out`` (``docs/cards-contract.md``).

    Refuses, with :class:`InvalidPosition`, a card given twice, more than 54
    cards, a trick not played in turn or against the rules, a Joker to be taken
    back, an empty hand to move, or a game that is already over.
    """
    return _build(position, rules, game_class, check_playable=True)


def _build(position: Mapping[str, Any], rules: Rules, game_class: type[Game], check_playable: bool) -> Game:
    mapping(position, "position")
    hands_data = listing(position.get("hands"), "position.hands")
    n = integer(position.get("players", len(hands_data)), "position.players")
    if not 2 <= n <= 10:
        raise _bad(f"a game has 2 to 10 players, not {n!r} (R-MAT-2)", "bad-players")
    if len(hands_data) != n:
        raise _bad(f"hands must be a list of {n} card lists, not {len(hands_data)}")
    pack = _Pack()
    hands = [pack.cards(h, f"hands[{i}]") for i, h in enumerate(hands_data)]
    trick: list[tuple[int, int]] = []
    for i, entry in enumerate(optional_listing(position.get("trick"), "trick")):
        if not isinstance(entry, Mapping) or "player" not in entry or "card" not in entry:
            raise malformed(f"trick[{i}] must be {{'player': seat, 'card': card}}")
        trick.append((_seat(entry["player"], n, f"trick[{i}].player"), pack.card(entry["card"], f"trick[{i}]")))
    out_data = position.get("out_of_play")
    if out_data is None:
        out_mask = FULL_DECK & ~pack.used
    else:
        out_mask = pack.cards(out_data, "out_of_play")
        if pack.used != FULL_DECK:
            raise _bad(f"hands, trick and out_of_play hold {pack.used.bit_count()} cards, not the 54 of the pack")

    game = game_class(n, rules)
    game.hands = hands
    game.out_of_play = out_mask
    game.holders = sum(1 for h in hands if h)
    dealt = integer(position.get("dealt", n), "dealt")
    if not 2 <= dealt <= n:
        raise _bad(f"dealt (how many players were dealt into this game) must be 2..{n}, not {dealt!r}")
    game.dealt = dealt
    went_out = [
        _seat(s, n, f"went_out[{i}]") for i, s in enumerate(optional_listing(position.get("went_out"), "went_out"))
    ]
    if len(set(went_out)) != len(went_out):
        raise _bad("went_out must list distinct seats")
    for seat in went_out:
        if hands[seat]:
            raise _bad(f"P{seat + 1} still holds cards: he has not gone out")
    game.went_out = went_out
    leader = _seat(position.get("leader"), n, "leader")
    game.leader = leader
    _replay_trick(game, trick)
    forced = position.get("forced")
    if forced is not None:
        card = parse_card(forced)
        if trick:
            raise _bad("only the first lead of a game can be forced")
        if card == JOKER and not hands[leader] >> JOKER & 1:
            card += 1
        if not hands[leader] >> card & 1:
            raise _bad(f"the forced lead {format_card(card)} is not in the leader's hand")
        game.forced = card
    taking = position.get("taking")
    if taking is not None:
        _seat(taking, n, "taking")
        if taking != game.to_move:
            raise _bad(f"P{taking + 1} cannot be taking: P{game.to_move + 1} is the next to play")
        if not game.follow_mask or hands[taking] & game.follow_mask:
            raise _bad(f"P{taking + 1} could not have declined this trick")
        game.phase = TAKE
    if check_playable:
        if trick and game.to_move < 0:
            raise _bad("every player has played to the trick: it is already complete", "trick-complete")
        if game.to_move < 0 or not (hands[game.to_move] or game.phase == TAKE):
            raise _bad("the player to move has no card", "empty-hand-to-move")
        if game.holders < 2 and (not trick or rules.end_each_card):
            # Under end-check: each-card the game ended on the card that left one holder (R-SETUP-4).
            raise _bad("fewer than two players hold cards: the game is already over", "game-already-over")
    return game


def _replay_trick(game: Game, trick: list[tuple[int, int]]) -> None:
    """Set the trick in progress, checking it was played in turn and by the rules."""
    n, hands = game.n, game.hands
    played = {p for p, _ in trick}
    if len(played) != len(trick):
        raise _bad("a player appears twice in the trick")
    if trick and trick[0][0] != game.leader:
        raise _bad("the trick's first card must be the leader's")
    in_trick = [p for p in range(n) if hands[p] or p in played]
    for i, (player, card) in enumerate(trick):
        if i == 0:
            game.follow_mask = 0 if card >= JOKER else SUIT_MASKS[card // 13]
            game.best, game.best_card = player, card
        else:
            previous = trick[i - 1][0]
            expected = _next_in(in_trick, previous, n)
            if player != expected or player == game.leader:
                raise _bad(f"trick[{i}] should be played by P{expected + 1}, not P{player + 1}")
            follow = game.follow_mask
            if follow and not follow >> card & 1 and (card < JOKER or hands[player] & follow):
                raise _bad(f"trick[{i}]: P{player + 1} could not play {format_card(card)} to this trick")
            if game.best_card < JOKER and card > game.best_card:
                game.best, game.best_card = player, card
        game.trick_mask |= 1 << card
        game.trick.append((player, card))
        game.last_player = player
        if not hands[player]:
            game.out_this_trick += 1
    if trick:
        nxt = _next_in(in_trick, trick[-1][0], n)
        game.to_move = -1 if nxt == game.leader else nxt
    else:
        game.to_move = game.leader


def _next_in(seats: list[int], after: int, n: int) -> int:
    q = (after + 1) % n
    while q not in seats:
        q = (q + 1) % n
    return q


CONTRACT_FIELDS = (
    "players",
    "hands",
    "out_of_play",
    "trick",
    "leader",
    "to_move",
    "phase",
    "taking",
    "forced",
    "over",
    "loser",
    "went_out",
)
"""The fields of a game's :func:`snapshot` that the contract compares, in their order
(``docs/cards-contract.md``; with ``series``, which a series adds): the keys of
:func:`contract_part`, in its order."""


def contract_part(game: Game) -> Json:
    """The :data:`CONTRACT_FIELDS` of the :func:`snapshot` of ``game``, in that order
    (written out as one dict display: built from the names, a snapshot costs a quarter more;
    an empty trick, as at every trick's end, without running the comprehension)."""
    phase = game.phase
    return {
        "players": game.n,
        "hands": list(map(format_cards, game.hands)),
        "out_of_play": format_cards(game.out_of_play),
        "trick": [{"player": p, "card": format_card(c)} for p, c in game.trick] if game.trick else [],
        "leader": game.leader,
        "to_move": None if phase == OVER else game.to_move,
        "phase": PHASES[phase],
        "taking": game.to_move if phase == TAKE else None,
        "forced": None if game.forced < 0 else format_card(game.forced),
        "over": phase == OVER,
        "loser": game.loser,
        "went_out": game.went_out.copy(),
    }


def snapshot(game: Game) -> Json:
    """The canonical JSON form of ``game`` (``docs/cards-contract.md``)."""
    state = contract_part(game)
    state["dealt"] = game.dealt
    state["rules"] = game.rules.options.copy()  # (a mapping proxy's copy is its dict's: faster than dict())
    state["series"] = None
    return state


def from_snapshot(data: Mapping[str, Any], game_class: type[Game] = Game) -> Game:
    """Read back a :func:`snapshot` (of a game in progress or over)."""
    rules = Rules.of(overrides=data.get("rules") or {})
    over = bool(data.get("over"))
    game = _build(data, rules, game_class, check_playable=not over)
    if over:
        game.phase = OVER
        game.to_move = -1
        game.loser = data.get("loser")
    elif data.get("phase", "play") not in ("play", "take"):
        raise _bad(f"unknown phase {data.get('phase')!r}")
    return game


__all__ = ["CONTRACT_FIELDS", "contract_part", "from_position", "from_snapshot", "snapshot"]
