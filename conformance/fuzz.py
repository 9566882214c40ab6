"""Differential fuzzing: random games played at once on the implementation under
test and on the reference engine, compared after every action.

Each game is drawn from its own seeded generator (``game_rng(seed, index)``), so a
campaign, a shard of it, or one game is reproducible from the seed alone. The kit
draws every deck itself and sends explicit deck orders (R-DEAL-1): the
implementation's own shuffling is never used. After each action the legal actions
(as sets), the events (exactly) and the state snapshot are compared; now and then
an illegal action is tried on both, and the refusals compared. The first
difference is a :class:`Mismatch`; :mod:`generala_conformance.shrink` reduces it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from generala_conformance.adapter import Adapter, AdapterFault, BadRequest, Refused
from generala_conformance.driver import show_events
from generala_conformance.notation import CANONICAL_DECK
from generala_conformance.reference_adapter import ReferenceAdapter
from generala_conformance.snapshots import differing
from generala_spec.options import options, profile_names, resolve

Json = dict[str, Any]
AdapterFactory = Callable[[], Adapter]

MAX_STEPS = 3000
"""A trial longer than this is cut (a broken engine could loop; the reference never needs it)."""

ALL_ACTIONS = (
    *dict.fromkeys(CANONICAL_DECK),
    "decline",
    *(f"take {c}" for c in dict.fromkeys(CANONICAL_DECK)),
)
"""Every well-formed action text (the illegal ones are drawn from these)."""
GARBAGE = ("8X", "take", "play 8H", "")


@dataclass(frozen=True)
class Step:
    """One step of a trial: ``do`` a legal action, ``try`` an illegal one (it must be
    refused), or ``deal`` the next game of a series (``action`` holds the deck)."""

    kind: str
    player: int | None = None
    action: Any = None


@dataclass
class Trial:
    """A setup and the steps played from it."""

    setup: Json
    steps: list[Step] = field(default_factory=list)


@dataclass
class Mismatch:
    """The first difference between the implementation and the reference.

    ``index`` is the step (``-1``: right after the start); ``what`` is one of
    ``start``, ``legal``, ``events``, ``state``, ``refusal``, ``error``.
    """

    index: int
    what: str
    expected: Any
    actual: Any
    fields: list[str] = field(default_factory=list)

    @property
    def needed(self) -> int:
        """How many steps of the trial it takes to show the mismatch."""
        return self.index if self.what == "legal" else self.index + 1

    def describe(self) -> str:
        """One line for people."""
        where = "after the start" if self.index < 0 else f"at step {self.index + 1}"
        return f"{self.what} differs {where}: expected {_show(self.expected)}, got {_show(self.actual)}"


def _show(value: Any) -> str:
    """Events in the short notation, anything else as its repr."""
    if isinstance(value, list) and value and all(isinstance(e, dict) and "type" in e for e in value):
        return show_events(value)
    return repr(value)


class FuzzError(Exception):
    """A campaign that cannot run (``code``, message for the user)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class InvalidTrial(Exception):
    """The reference itself cannot play the trial (a shrinking candidate that broke it)."""


class Pair:
    """The implementation and the reference, driven in lockstep."""

    def __init__(self, impl: Adapter, reason_codes: bool = True) -> None:
        self.impl = impl
        self.ref = ReferenceAdapter()
        self.reason_codes = reason_codes
        self.state: Json = {}
        self.legal: list[str] = []

    def start(self, setup: Json) -> Mismatch | None:
        """Start both; the reference refusing means the setup is invalid."""
        try:
            self.state = self.ref.start(setup)
        except BadRequest as exc:
            raise InvalidTrial(str(exc)) from None
        try:
            got = self.impl.start(setup)
        except (BadRequest, Refused, AdapterFault) as exc:
            return Mismatch(-1, "start", "the setup is accepted", f"{type(exc).__name__}: {exc}")
        return self._compare_state(-1, got) or self._compare_legal(-1)

    def step(self, index: int, step: Step) -> Mismatch | None:
        """Play one step on both and compare."""
        if step.kind == "deal":
            return self._deal(index, step.action)
        if step.kind == "try":
            return self._try(index, step)
        if step.action not in self.legal:
            raise InvalidTrial(f"step {index + 1}: {step.action} is not legal for the reference")
        try:
            got = self.impl.apply(step.action, step.player)
        except Refused as exc:
            return Mismatch(index, "events", "the move is accepted", f"refused ({exc.code}): {exc.message}")
        except Exception as exc:  # a broken implementation may raise anything
            return Mismatch(index, "error", "the move is accepted", f"{type(exc).__name__}: {exc}")
        want = self.ref.apply(step.action, step.player)
        if got != want:
            return Mismatch(index, "events", want, got)
        return self._after(index)

    def _after(self, index: int) -> Mismatch | None:
        self.state = self.ref.state()
        return self._compare_state(index, self._impl_state(index)) or self._compare_legal(index)

    def _impl_state(self, index: int) -> Any:
        try:
            return self.impl.state()
        except Exception as exc:
            return {"error": f"{type(exc).__name__}: {exc}"}

    def _compare_state(self, index: int, got: Any) -> Mismatch | None:
        fields = differing(self.state, got) if isinstance(got, Mapping) else ["state"]
        if fields:
            want = {k: self.state.get(k) for k in fields}
            have = {k: got.get(k) for k in fields} if isinstance(got, Mapping) else got
            return Mismatch(index, "state", want, have, fields)
        return None

    def _compare_legal(self, index: int) -> Mismatch | None:
        self.legal = [] if self.state.get("over") else self.ref.legal()
        if self.state.get("over"):
            return None
        try:
            got = self.impl.legal()
        except Exception as exc:
            return Mismatch(index + 1, "error", "the legal actions", f"{type(exc).__name__}: {exc}")
        if got != self.legal and sorted(got) != sorted(self.legal):
            return Mismatch(index + 1, "legal", sorted(self.legal), sorted(got))
        return None

    def _try(self, index: int, step: Step) -> Mismatch | None:
        try:
            self.ref.apply(step.action, step.player)
        except Refused as exc:
            want = exc.code
        else:
            raise InvalidTrial(f"step {index + 1}: the reference accepts {step.action!r}")
        try:
            got = self.impl.apply(step.action, step.player)
        except Refused as exc:
            if self.reason_codes and exc.code != want:
                return Mismatch(index, "refusal", want, exc.code)
        except Exception as exc:
            return Mismatch(index, "error", f"refused with {want}", f"{type(exc).__name__}: {exc}")
        else:
            return Mismatch(index, "refusal", want, f"accepted: {got}")
        return self._compare_state(index, self._impl_state(index))

    def _deal(self, index: int, deck: list[str]) -> Mismatch | None:
        try:
            want = self.ref.deal(deck)
        except (Refused, BadRequest) as exc:
            raise InvalidTrial(f"step {index + 1}: the reference cannot deal: {exc}") from None
        try:
            got = self.impl.deal(deck)
        except Exception as exc:
            return Mismatch(index, "error", "the deal is accepted", f"{type(exc).__name__}: {exc}")
        if got != want:
            return Mismatch(index, "events", want, got)
        return self._after(index)


def replay(impl: Adapter, trial: Trial, reason_codes: bool = True) -> Mismatch | None:
    """Play ``trial`` on ``impl`` and the reference; the first mismatch, or ``None``.

    Raises :class:`InvalidTrial` when the reference cannot play it.
    """
    pair = Pair(impl, reason_codes)
    found = pair.start(trial.setup)
    if found:
        return found
    for index, step in enumerate(trial.steps):
        found = pair.step(index, step)
        if found:
            return found
    return None


# ------------------------------------------------------------- random games


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` of the campaign ``seed`` (stable across runs and platforms)."""
    return random.Random(f"generala-fuzz:{seed}:{index}")


def shuffled_deck(rng: random.Random) -> list[str]:
    """A deck order drawn by the kit's generator."""
    deck = list(CANONICAL_DECK)
    rng.shuffle(deck)
    return deck


def supported_profiles(hello: Mapping[str, Any]) -> list[str]:
    """The profiles whose every option value the implementation lists (an option it
    does not list at all is taken to be played by its default)."""
    listed = hello.get("options") or {}
    table = options()
    names = []
    for name in profile_names():
        chosen = resolve(name)
        if all(v in listed.get(k, [table[k].default]) for k, v in chosen.items()):
            names.append(name)
    return names


def rules_for(profile: str, hello: Mapping[str, Any]) -> dict[str, str]:
    """The explicit rule options of ``profile`` that the implementation lists."""
    listed = hello.get("options") or {}
    return {k: v for k, v in resolve(profile).items() if k in listed}


@dataclass(frozen=True)
class Settings:
    """What a campaign draws from: table sizes, profiles, how often it tries
    illegal actions, and the share of endgame positions and series."""

    players: tuple[int, ...] = tuple(range(2, 11))
    profiles: tuple[str, ...] = ()
    illegal_rate: float = 0.05
    endgame_rate: float = 0.3
    series_rate: float = 0.15


def random_setup(rng: random.Random, settings: Settings, rules: dict[str, str]) -> Json:
    """A deal (perhaps the first of a series) or a small endgame position."""
    n = rng.choice(settings.players)
    roll = rng.random()
    if roll < settings.endgame_rate:
        return {"rules": rules, "position": random_endgame(rng, n)}
    setup: Json = {"rules": rules, "deal": {"players": n, "dealer": rng.randrange(n), "deck": shuffled_deck(rng)}}
    if n >= 3 and roll < settings.endgame_rate + settings.series_rate:
        setup["series"] = True
    return setup


def random_endgame(rng: random.Random, n: int) -> Json:
    """A position late in a game: each player holds 0 to 4 cards (at least two
    players hold some), the rest is out of play, and a holder is to lead."""
    deck = shuffled_deck(rng)
    sizes = [rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(n)]
    for s in rng.sample(range(n), 2):
        sizes[s] = max(sizes[s], 1)
    hands, at = [], 0
    for size in sizes:
        hands.append(deck[at : at + size])
        at += size
    leader = rng.choice([s for s in range(n) if hands[s]])
    return {"players": n, "hands": hands, "leader": leader, "trick": [], "taking": None, "forced": None}


def illegal_step(rng: random.Random, state: Mapping[str, Any], legal: list[str]) -> Step:
    """An action the reference refuses: a wrong player, a malformed text, or an
    action outside the legal set."""
    to_move = state["to_move"]
    roll = rng.random()
    if roll < 0.1 and state["players"] > 1:
        other = rng.choice([s for s in range(state["players"]) if s != to_move])
        return Step("try", other, rng.choice(legal))
    if roll < 0.15:
        return Step("try", to_move, rng.choice(GARBAGE))
    allowed = set(legal)
    return Step("try", to_move, rng.choice([a for a in ALL_ACTIONS if a not in allowed]))


@dataclass
class GameResult:
    """One random game: its trial, how many actions were played, and the mismatch if any."""

    index: int
    trial: Trial
    actions: int
    mismatch: Mismatch | None


def play_random(pair: Pair, rng: random.Random, settings: Settings, hello: Mapping[str, Any], index: int) -> GameResult:
    """Draw and play one random game (or series) on both, stopping at the first mismatch."""
    profile = rng.choice(settings.profiles)
    trial = Trial(random_setup(rng, settings, rules_for(profile, hello)))
    mismatch = pair.start(trial.setup)
    actions = 0
    while mismatch is None and len(trial.steps) < MAX_STEPS:
        state = pair.state
        series = state.get("series")
        if state.get("over"):
            if not series or series.get("over"):
                break
            step = Step("deal", None, shuffled_deck(rng))
        elif rng.random() < settings.illegal_rate:
            step = illegal_step(rng, state, pair.legal)
        else:
            step = Step("do", state["to_move"], rng.choice(pair.legal))
            actions += 1
        trial.steps.append(step)
        mismatch = pair.step(len(trial.steps) - 1, step)
    return GameResult(index, trial, actions, mismatch)


def run_games(
    factory: AdapterFactory, seed: int, indices: Iterable[int], settings: Settings, stop_at_first: bool = True
) -> Iterable[GameResult]:
    """Play the games ``indices`` of campaign ``seed`` on one implementation,
    yielding each result (a crashed implementation is reopened for the next game)."""
    impl = factory()
    try:
        hello = impl.hello()
        supported = supported_profiles(hello)
        unsupported = [p for p in settings.profiles if p not in supported]
        if unsupported or not supported:
            raise FuzzError("unsupported-profile", f"the implementation's hello supports the profiles {supported}")
        if not settings.profiles:
            settings = Settings(**{**settings.__dict__, "profiles": tuple(supported)})
        pair = Pair(impl, bool(hello.get("reason_codes", True)))
        for index in indices:
            result = play_random(pair, game_rng(seed, index), settings, hello, index)
            yield result
            if result.mismatch is not None:
                if stop_at_first:
                    return
                if result.mismatch.what == "error":
                    impl.close()
                    impl = factory()
                    pair = Pair(impl, pair.reason_codes)
    finally:
        impl.close()
