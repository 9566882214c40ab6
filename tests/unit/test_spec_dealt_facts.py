"""The ambiguity register's facts about dealt games (``dealt_games`` in spec/cards/ambiguities.yaml):
each claim is checked here, by its id, over many random dealt games and series played on the
reference engine under every combination of the game's rule options (and of the dealer
options for series), and where it rests on a counting argument, by checking that argument's
invariant at every step.

A claim these checks refute must be corrected in the register, not deleted.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from functools import cache

import pytest
from generala_reference.cards.deck import FULL_DECK, JOKER, JOKERS, SUIT_MASKS
from generala_reference.cards.game import TAKE, Game
from generala_reference.cards.rules import Rules
from generala_reference.cards.series import Series
from generala_spec import rulebook
from generala_spec.options import options

GAME_OPTIONS = ("first-lead", "tie-break", "end-check", "no-loser", "two-player-tie")
DEALER_OPTIONS = ("next-dealer", "no-loser-dealer", "two-player-dealer")


def every_rules(names: tuple[str, ...]) -> list[Rules]:
    """One :class:`Rules` for each combination of the values of ``names`` (the rest default);
    the three profiles are among them."""
    table = options()
    return [
        Rules.of("default", dict(zip(names, values, strict=True)))
        for values in itertools.product(*(table[name].values for name in names))
    ]


def with_option(rules: Rules, name: str, value: str) -> Rules:
    return Rules(dict(rules.options, **{name: value}))


class Step:
    """One action of a random dealt game: the game before it, the action, and its events."""

    def __init__(self, before: Game, action: int, events: list[tuple]) -> None:
        self.before, self.action, self.events = before, action, events


def random_game(game: Game, rng: random.Random) -> Iterator[Step]:
    """Play ``game`` to its end with random legal actions, yielding every step."""
    while not game.is_over:
        actions = game.legal_actions()
        action = actions[rng.randrange(len(actions))]
        before = game.copy()
        yield Step(before, action, game.apply(action))


@cache
def dealt_games() -> tuple[tuple[Game, tuple[Step, ...]], ...]:
    """Random games dealt to 2 … 10 players under every combination of the game options,
    two-player games ten times as often (most claims are about them)."""
    played = []
    for k, rules in enumerate(every_rules(GAME_OPTIONS)):
        for players in range(2, 11):
            for seed in range(40 if players == 2 else 4):
                rng = random.Random(k * 1000 + players * 100 + seed)
                game = Game.from_deal(players, rng.randrange(players), seed=rng.randrange(1 << 30), rules=rules)
                played.append((game, tuple(random_game(game, rng))))
    return tuple(played)


@cache
def series_games() -> tuple[tuple[Rules, tuple[tuple[Game, tuple[tuple, ...]], ...]], ...]:
    """Random series of 2 … 7 seats under every combination of the dealer options with each
    value of end-check and no-loser, played to the champion (two-seat ones for 6 games): for
    each, its games with the events that ended them (the series events included)."""
    played = []
    for k, rules in enumerate(every_rules((*DEALER_OPTIONS, "end-check", "no-loser"))):
        for seats in range(2, 8):
            rng = random.Random(k * 100 + seats)
            series = Series(seats, rng.randrange(seats), seed=rng.randrange(1 << 30), rules=rules)
            games = []
            while True:
                steps = list(random_game(_SeriesGame(series), rng))
                games.append((series.game, tuple(steps[-1].events)))
                if series.is_over or (seats == 2 and len(games) == 6):
                    break
                series.deal()
            played.append((rules, tuple(games)))
    return tuple(played)


class _SeriesGame:
    """The current game of a series, driven through the series (so that its events come too)."""

    def __init__(self, series: Series) -> None:
        self.series = series

    @property
    def is_over(self) -> bool:
        return self.series.game.is_over

    def legal_actions(self) -> list[int]:
        return self.series.game.legal_actions()

    def copy(self) -> Game:
        return self.series.game.copy()

    def apply(self, action: int) -> list[tuple]:
        return self.series.apply(action)


def dealt_steps(dealt: int | None = None) -> Iterator[tuple[Game, Step]]:
    """Every step of the sampled dealt games (only of games dealt to ``dealt`` players, if given)."""
    for game, steps in dealt_games():
        if dealt is None or game.dealt == dealt:
            for step in steps:
                yield game, step


def odd_suits(mask: int) -> int:
    """How many suits have an odd number of cards in ``mask``."""
    return sum((mask & suit).bit_count() % 2 for suit in SUIT_MASKS)


def parts(before: Game, action: int, name: str) -> bool:
    """Whether ``action`` from ``before`` causes different events under the values of option ``name``."""
    seen = []
    for value in options()[name].values:
        game = before.copy()
        game.rules = with_option(before.rules, name, value)
        seen.append(game.apply(action))
    return any(events != seen[0] for events in seen)


def trick_of(step: Step) -> list[tuple[int, int]]:
    """The trick as it stands after ``step`` (the cards played to it so far)."""
    played = [(p, c) for kind, p, c in (e for e in step.events if e[0] == "play")]
    return [*step.before.trick, *played]


# ------------------------------------------------------------------------- the checks


def two_dealt_never_both_out() -> int:
    """AMB-9: the invariant of the argument at every step of every two-player game, and a loser
    at the end. The invariant makes the claim: all 54 cards out would be four odd suits."""
    assert odd_suits(FULL_DECK) == 4 > JOKERS.bit_count() == 2
    seen = 0
    for game, steps in dealt_games():
        if game.dealt != 2:
            continue
        for step in steps:
            out = step.before.out_of_play
            assert odd_suits(out) <= (out & JOKERS).bit_count(), "the counting invariant is broken"
        assert game.loser is not None and len(game.holding()) == 1
        seen += 1
    two_dealt = [game for game, _ in series_ends(lambda _, game: game.dealt == 2)]
    assert all(game.loser is not None for game in two_dealt)
    return seen + len(two_dealt)


def series_ends(where: Callable[[Rules, Game], bool]) -> list[tuple[Game, tuple[tuple, ...]]]:
    """The games of the sampled series that satisfy ``where``, with the events that ended them."""
    return [(game, events) for rules, games in series_games() for game, events in games if where(rules, game)]


def two_seat_series_always_has_a_loser() -> int:
    """AMB-2: every game of a two-seat series has a loser, so the fall-back is never taken."""
    games = series_ends(lambda _, game: game.n == 2)
    assert all(game.loser is not None for game, _ in games)
    return len(games)


def last_two_of_a_series_end_it() -> int:
    """AMB-2: in a series of three or more seats, a game dealt to two ends with a champion."""
    games = series_ends(lambda _, game: game.n > 2 and game.dealt == 2)
    for _, events in games:
        assert events[-1][0] == "champion" and not any(e[0] == "next-dealer" for e in events)
    return len(games)


def last_out_dealer_always_plays() -> int:
    """AMB-3: under next-dealer=last-out every next-dealer event says plays."""
    games = series_ends(lambda rules, _: rules.next_dealer == "last-out")
    plays = [event[2] for _, events in games for event in events if event[0] == "next-dealer"]
    assert all(plays)
    return len(plays)


def no_loser_needs_three_dealt() -> int:
    """AMB-4: every series game with no loser was dealt to three or more (and some exist)."""
    games = series_ends(lambda _, game: game.loser is None)
    assert all(game.dealt >= 3 for game, _ in games)
    return len(games)


def tie_break_needs_a_joker_lead_and_four_players() -> int:
    """AMB-5: every tie-break lead follows a Joker led as its leader's last card; where the two
    readings name different leaders, at least three players still hold cards after the trick."""
    seen = 0
    for _, step in dealt_steps():
        leads = [e for e in step.events if e[0] == "lead"]
        if not leads:  # the option decides only a lead
            continue
        after = step.before.copy()
        after.apply(step.action)
        leader, card = trick_of(step)[0]
        if leads[0][2] == "tie-break":
            assert card >= JOKER and not after.hands[leader], "a tie not after a Joker led as a last card"
            seen += 1
        if parts(step.before, step.action, "tie-break"):
            assert len(after.holding()) >= 3 and card >= JOKER
    return seen


def taker_lead_needs_three_dealt() -> int:
    """AMB-6: a lead to the taker happens only in games of three or more players."""
    dealt = [game.dealt for game, step in dealt_steps() for e in step.events if e[0] == "lead" and e[2] == "taker"]
    assert min(dealt) >= 3
    return len(dealt)


def end_check_two_dealt_same_loser() -> int:
    """AMB-7: in two-player games under trick-end, when the first player runs out mid-trick,
    every way of finishing the trick makes the other one lose, as each-card says at once."""
    seen = 0
    for game, step in dealt_steps(2):
        if game.rules.end_each_card or not any(e[0] == "out" for e in step.events):
            continue
        after = step.before.copy()
        after.apply(step.action)
        if after.is_over:
            continue
        each_card = step.before.copy()
        each_card.rules = with_option(step.before.rules, "end-check", "each-card")
        each_card.apply(step.action)
        assert each_card.is_over
        assert finish_trick_losers(after) == {each_card.loser}
        seen += 1
    return seen


def finish_trick_losers(game: Game) -> set[int | None]:
    """The losers of every way of playing out the trick under way in ``game`` (which ends the game)."""
    if game.is_over:
        return {game.loser}
    assert game.trick or game.phase == TAKE, "the trick ended but the game goes on"
    found: set[int | None] = set()
    for action in game.legal_actions():
        child = game.copy()
        child.apply(action)
        found |= finish_trick_losers(child)
    return found


def two_or_more_needs_three_dealt() -> int:
    """AMB-8: where no-loser's readings part, three or more players were dealt in."""
    seen = 0
    for game, step in dealt_steps():
        trick_ends = any(e[0] in ("trick", "game-over") for e in step.events)
        if trick_ends and parts(step.before, step.action, "no-loser"):  # it decides only at a trick's end
            assert game.dealt >= 3
            seen += 1
    return seen


def previous_card_needs_three_in_a_trick() -> int:
    """AMB-10: in two-player games nobody ever plays after a follower's Joker in one trick."""
    seen = 0
    for _, step in dealt_steps(2):
        trick = trick_of(step)
        jokers = [i for i, (_, card) in enumerate(trick) if card >= JOKER and i > 0]
        assert all(i == len(trick) - 1 for i in jokers)
        seen += bool(jokers)
    return seen


def second_joker_lead_needs_three_dealt() -> int:
    """AMB-13: a lead after a trick whose first Joker's player went out while the second
    Joker's player holds cards happens only in games of three or more players."""
    seen = 0
    for game, step in dealt_steps():
        jokers = [p for p, card in trick_of(step) if card >= JOKER]
        if len(jokers) == 2 and any(e[0] == "lead" for e in step.events):
            after = step.before.copy()
            after.apply(step.action)
            if not after.hands[jokers[0]] and after.hands[jokers[1]]:
                assert game.dealt >= 3
                seen += 1
    return seen


def two_dealt_winner_always_leads() -> int:
    """AMB-19: in two-player games every lead event names the winner, for that reason."""
    whys = [event[2] for _, step in dealt_steps(2) for event in step.events if event[0] == "lead"]
    assert set(whys) == {"winner"}
    return len(whys)


CHECKS: dict[str, Callable[[], int]] = {
    "two-dealt-never-both-out": two_dealt_never_both_out,
    "two-seat-series-always-has-a-loser": two_seat_series_always_has_a_loser,
    "last-two-of-a-series-end-it": last_two_of_a_series_end_it,
    "last-out-dealer-always-plays": last_out_dealer_always_plays,
    "no-loser-needs-three-dealt": no_loser_needs_three_dealt,
    "tie-break-needs-a-joker-lead-and-four-players": tie_break_needs_a_joker_lead_and_four_players,
    "taker-lead-needs-three-dealt": taker_lead_needs_three_dealt,
    "end-check-two-dealt-same-loser": end_check_two_dealt_same_loser,
    "two-or-more-needs-three-dealt": two_or_more_needs_three_dealt,
    "previous-card-needs-three-in-a-trick": previous_card_needs_three_in_a_trick,
    "second-joker-lead-needs-three-dealt": second_joker_lead_needs_three_dealt,
    "two-dealt-winner-always-leads": two_dealt_winner_always_leads,
}
"""fact id (spec/cards/ambiguities.yaml) -> its check, which returns how many situations it saw."""

FACTS = {fact.id: entry.id for entry in rulebook.ambiguities().values() for fact in entry.dealt_games}


def test_every_fact_has_a_check_and_every_check_a_fact() -> None:
    assert set(FACTS) == set(CHECKS)


@pytest.mark.parametrize("fact", sorted(CHECKS))
def test_dealt_games_fact_holds(fact: str) -> None:
    """Each check must also have seen the situation it is about (no vacuous pass)."""
    assert CHECKS[fact]() > 0, f"{fact} ({FACTS.get(fact)}): the sample never reached the situation"
