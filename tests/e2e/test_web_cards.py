"""The card game's JavaScript port (``conformance/games/cards/web/``), which the arbiter and
play pages run instead of Pyodide, held to the reference: the whole card suite through
``check --adapter-cmd`` on its serve wrapper, the arbiter's answers equal to
``page_api.explain_text`` (so to ``explain --json``) on positions from every clause area,
and the lesson's games equal to the Python ``Lesson``'s, seed for seed."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from generala_conformance.games.cards.site.page_api import Lesson, explain_text
from generala_conformance.games.cards.web import rulebook_data
from generala_conformance.site import build
from generala_reference.cards import Game, Rules, format_action, parse_deck, snapshot
from generala_scenarios import ROOT as SCENARIOS
from generala_spec import rulebook

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "conformance" / "games" / "cards" / "web"
DRIVER = Path(__file__).with_name("web_cards_driver.mjs")
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed: the JavaScript port cannot run")
Json = dict[str, Any]

EXPLAINED_AREAS = {"LEAD", "FOLLOW", "JOKER", "DECL", "TRICK", "OUT", "NEXT", "END"}
"""The areas whose clauses an explain answer cites (a move, an event, a refusal): the others
are a deal's (DEAL: the lesson's lines), a series' (SERIES) or the contract's (SETUP, PROTO:
the refused positions' codes) and the pack's (MAT)."""


def ask_node(asks: list[Json]) -> list[Any]:
    """The JavaScript page API's answers to ``asks``, from one Node process."""
    lines = "".join(json.dumps(ask) + "\n" for ask in asks)
    done = subprocess.run(
        [str(NODE), str(DRIVER), str(rulebook_data.FILE)], input=lines, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(asks), done.stderr
    return answers


def same(python: Any, javascript: Any) -> bool:
    """Equal as JSON, types included (``true`` is not ``1``)."""
    return json.dumps(python, sort_keys=True) == json.dumps(javascript, sort_keys=True)


# ------------------------------------------------------------------ the suite


def test_the_whole_card_suite_passes_on_the_javascript_engine(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    command = f"{NODE} {WEB / 'serve.mjs'}"
    done = subprocess.run(
        ["generala-kit", "check", "--adapter-cmd", command, "--json", str(report), "--no-skip", "--validate-messages"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    outcomes = [case["outcome"] for case in json.loads(report.read_text())["cases"]]
    assert len(outcomes) > 600 and set(outcomes) == {"pass"}


# ---------------------------------------------------------------- positions


def text_of(state: Json, profile: str = "default", rules: dict[str, str] | None = None) -> str:
    """A snapshot in the short text form of ``explain`` (out of play implied)."""
    n = state["players"]
    parts = [f"P{s + 1}: {' '.join(hand) or '-'}" for s, hand in enumerate(state["hands"])]
    parts += [f"players: {n}", f"leader: P{state['leader'] + 1}"]
    if state["trick"]:
        parts.append("trick: " + ", ".join(f"P{t['player'] + 1} {t['card']}" for t in state["trick"]))
    if state["taking"] is not None:
        parts.append(f"taking: P{state['taking'] + 1}")
    if state["forced"]:
        parts.append(f"forced: {state['forced']}")
    if state["went_out"]:
        parts.append("went_out: " + " ".join(f"P{s + 1}" for s in state["went_out"]))
    if state.get("dealt", n) != n:
        parts.append(f"dealt: {state['dealt']}")
    if profile != "default":
        parts.append(f"profile: {profile}")
    if rules:
        parts.append("rules: " + ", ".join(f"{k}={v}" for k, v in rules.items()))
    return " | ".join(parts)


def fixture_questions() -> list[tuple[str, str, list[str]]]:
    """From every fixture case that starts a game (a position or a deal): its position, the
    moves up to its first refused one, and (when one is refused) its legal moves alone; with
    the clauses the case checks."""
    found = []
    for path in sorted((SCENARIOS / "cards" / "fixtures").glob("*/*.yaml")):
        for case in yaml.safe_load(path.read_text("utf-8")).get("cases", []):
            rules = {k: str(v) for k, v in case.get("requires", {}).items()}
            if "position" in case:
                raw = case["position"]
                parts = [f"{p}: {cards}" for p, cards in raw["hands"].items()]
                text = " | ".join([*parts, f"players: {raw['players']}", f"leader: {raw['leader']}"])
                if rules:
                    text += " | rules: " + ", ".join(f"{k}={v}" for k, v in rules.items())
            elif isinstance(case.get("deal"), dict) and "deck" in case["deal"]:
                deal = case["deal"]
                game = Game.from_deal(
                    deal["players"],
                    int(str(deal["dealer"])[1:]) - 1,
                    parse_deck(deal["deck"].split()),
                    rules=Rules.of(overrides=rules),
                )
                text = text_of(snapshot(game), rules=rules)
            else:
                continue
            steps = [s["do"] for s in case.get("steps", []) if "do" in s]
            legal = [s["do"] for s in case.get("steps", []) if "do" in s and "refused" not in s]
            found.append((text, ", ".join(steps), case["clauses"]))
            if legal != steps:
                found.append((text, ", ".join(legal), case["clauses"]))
    return found


def random_questions(count: int) -> list[tuple[str, str]]:
    """Positions met in random games (players, profiles and options drawn at random), each with
    the next few moves, now and then an illegal one."""
    rng = random.Random(43)
    names = list(rulebook_data.rulebook_data()["options"].items())
    found = []
    while len(found) < count:
        profile = rng.choice(["default", "fr", "fa"])
        rules = {name: rng.choice(o["values"]) for name, o in rng.sample(names, rng.randrange(3))}
        game = Game.from_deal(rng.randrange(2, 11), 0, seed=rng.randrange(10**6), rules=Rules.of(profile, rules))
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        text = text_of(snapshot(game), profile, rules)
        moves = []
        for _ in range(rng.randrange(1, 6)):
            if game.is_over:
                break
            who = f"P{game.to_move + 1}"
            if rng.random() < 0.2:
                moves.append(f"{who} {rng.choice(['decline', '2C', 'JK', 'take AS', 'QH'])}")
                break
            action = rng.choice(game.legal_actions())
            moves.append(f"{who} {format_action(action)}")
            game.apply(action)
        found.append((text, ", ".join(moves)))
    return found


REFUSED = [
    ("P1: 2C 3C | P2: 4C JK | P1: 3D", "", "part-given-twice"),
    ("P1: 2C 3C | P2: 4C ZZ", "", "bad-position-text"),
    ("P1 2C 3C", "", "bad-position-text"),
    ("leader: P2", "", "bad-position-text"),
    ("P1: 2C | P2: 3C | players: 12", "", "bad-players"),
    ("P1: 2C | P2: 3C | players: x", "", "bad-position-text"),
    ("P1: 2C | P2: 3C | P5: 4C | players: 3", "", "bad-position-text"),
    ("P1: 2C 2C | P2: 3C", "", "duplicate-card"),
    ("P1: JK | P2: JK | P3: JK", "", "duplicate-card"),
    ("P1: 2C | P2: 3C | trick: P2 4C", "", "bad-position"),
    ("P1: 2C | P2: 3C | P3: 6C | trick: P1 5C, P2 4D", "", "bad-position"),
    ("P1: 2C | P2: 3C | trick: P1 4C, P2 5C", "", "trick-complete"),
    ("P1: - | P2: 3C | P3: 4C", "", "empty-hand-to-move"),
    ("P1: 2C | P2: -", "", "game-already-over"),
    ("P1: 2C | P2: 3C | profile: xx", "", "unknown-profile"),
    ("P1: 2C | P2: 3C | rules: colour=red", "", "unknown-option"),
    ("P1: 2C | P2: 3C | rules: tie-break=coin", "", "unknown-option-value"),
    ("P1: 2C | P2: 3C | rules: tie-break", "", "bad-position-text"),
    ("P1: 2C | P2: 3C", "P1 9Z", "bad-position-text"),
    ("P1: 2C | P2: 3C | taking: P2", "", "bad-position"),
    ("P1: 2C | P2: 3C | forced: 5C", "", "bad-position"),
    ("P1: 2C | P2: 3C | dealt: 3", "", "bad-position"),
    ("P1: 2C | P2: 3C | went_out: P2", "", "bad-position"),
]
COMMAND_LINES = [
    ("generala-kit explain 'P1: 2C 3C | P2: 4C JK' 'P1 2C'", ""),
    ("generala-kit explain 'P1: 2C 3C | P2: 4C JK' --profile fa 'P1 2C'", ""),
    ("generala-kit explain --prof fa 'P1: 2C 3C | P2: 4C JK'", "P1 2C"),
    ("generala-kit explain --rule tie-break=any-nearest --rule end-check=each-card 'P1: 2C | P2: 3C'", "P1 2C"),
    ("generala-kit explain --rule=first-lead=free 'P1: 2C | P2: 3C | forced: 2C'", ""),
    ("generala-kit explain 'P1: 2C | P2: 3C' -- 'P1 2C'", ""),
    ("generala-kit explain --game=cards --json 'P1: 2C | P2: 3C'", ""),
    ('  generala-kit   explain  "P1: 2C | P2: 3C"', "P1 2C"),
    ("generala-kit explain 'P1: 2C | P2: 3C' --json=1", ""),
    ("generala-kit explain --game dice 'P1: 2C'", ""),
    ("generala-kit explain --rule=a=b 'P1: 2C | P2: 3C'", ""),
    ("generala-kit explain --rule foo 'P1: 2C | P2: 3C'", ""),
    ("generala-kit explain --profile", ""),
    ("generala-kit explain --bogus 'P1: 2C'", ""),
    ("generala-kit explain -h", ""),
    ("generala-kit explain --file x.yaml", ""),
    ("generala-kit explain", ""),
    ("generala-kit play --players 3", ""),
    ("generala-kit explain 'P1: 2C", ""),
    ("generala-kit explain 'P1: 2C | P2: 3C' -5", ""),
]


def _whys(node: object) -> set[str]:
    """Every reason (``why``) of the clause side channel an explain answer holds (its events')."""
    if isinstance(node, dict):
        found = {node["why"]} if "decided_by" in node else set()
        return found.union(*(_whys(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_whys(v) for v in node))
    return set()


def _translatable(whys: set[str]) -> None:
    """Each reason has its key ``cards.why.*`` in the English language file (the pages show
    it in their language by that key)."""
    cards = next(game for game in build.site_games() if game.name == "cards")
    english = {v for k, v in cards.own_strings("en").items() if k.startswith("cards.why.")}
    assert len(whys) > 10 and whys - {""} <= english, sorted(whys - {""} - english)


def _cited(node: object) -> set[str]:
    """Every clause ID the answer cites (values of ``clause`` keys)."""
    if isinstance(node, dict):
        found = {node["clause"]} if isinstance(node.get("clause"), str) else set()
        return found.union(*(_cited(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_cited(v) for v in node))
    return set()


def test_the_arbiter_answers_as_explain_on_positions_of_every_clause_area() -> None:
    fixtures = fixture_questions()
    randoms = random_questions(300)
    questions = [(text, moves) for text, moves, _ in fixtures] + randoms
    questions += [(text, moves) for text, moves, _ in REFUSED] + COMMAND_LINES
    javascript = ask_node([{"explain": list(q)} for q in questions])
    python = [json.loads(explain_text(*q)) for q in questions]
    differ = [q for q, p, j in zip(questions, python, javascript, strict=True) if not same(p, j)]
    assert not differ, f"{len(differ)} of {len(questions)} answers differ, first: {differ[:3]}"
    # What the set covers: the fixtures' positions check every area of the rulebook, the
    # answers cite a clause of every area an explain answer can cite, the refusals every code.
    checked = {rulebook.area_of(c) for _, _, clauses in fixtures for c in clauses}
    assert checked >= set(rulebook.areas()) - {"SETUP", "PROTO"}
    cited = {rulebook.area_of(c) for answer in python for c in _cited(answer)}
    assert cited == EXPLAINED_AREAS
    codes = [answer.get("code") for answer in python[-len(REFUSED) - len(COMMAND_LINES) : -len(COMMAND_LINES)]]
    assert codes == [code for _, _, code in REFUSED]
    assert sum(not answer["ok"] for answer in python[-len(COMMAND_LINES) :]) == 13
    _translatable(_whys(python))


# ------------------------------------------------------------------- lessons


def python_lesson(players: int, seat: int, bot: str, seed: int, profile: str) -> list[Json]:
    """Every state of a whole game of the Python ``Lesson`` in which the person always tries
    a refused card first, then plays his first legal move (as ``web_cards_driver.mjs``)."""
    game = Lesson(players, seat, bot, seed, profile)
    states = [json.loads(game.state())]
    for _ in range(200):
        state = states[-1]
        if state["over"]:
            break
        refused = state["choices"]["illegal"][0]["action"] if state["choices"]["illegal"] else "9Z"
        states.append(json.loads(game.play(refused)))
        states.append(json.loads(game.play(state["legal"][0])))
    states.append(json.loads(game.play("2C")))
    return states


LESSONS = [
    (players, seat, bot, seed, profile)
    for players, seat, seed in ((2, 0, 1), (3, 1, 7), (4, 3, 123456), (6, 0, 2**40 + 3), (10, 5, 99))
    for bot in ("first", "random")
    for profile in ("default", "fr", "fa")
]


def test_the_lesson_plays_as_the_python_lesson_seed_for_seed() -> None:
    javascript = ask_node([{"lesson": list(lesson)} for lesson in LESSONS])
    for lesson, games in zip(LESSONS, javascript, strict=True):
        python = python_lesson(*lesson)
        assert len(python) == len(games), lesson
        for step, (p, j) in enumerate(zip(python, games, strict=True)):
            assert same(p, j), f"{lesson}, state {step}: {json.dumps(p)[:400]} != {json.dumps(j)[:400]}"
    clauses = {line["clause"] for games in javascript for state in games if state["ok"] for line in state["lines"]}
    assert {"R-DEAL-1", "R-DEAL-2", "R-LEAD-2", "R-END-1"} <= clauses
    _translatable({line["why"] for games in javascript for state in games if state["ok"] for line in state["lines"]})


def test_the_start_answer_is_the_python_start() -> None:
    from generala_conformance.games.cards.site.page_api import start

    assert same(json.loads(start()), ask_node([{"start": True}])[0])
