"""The independent JavaScript dice engine of ``examples/javascript-dice`` against the kit.

It proves that the dice protocol carries the dice game at both levels: the engine,
written from ``spec/dice/RULES.md`` and ``docs/dice-contract.md`` alone, scores
every roll as the reference does under every rule option, plays random games move
for move as the reference does (events, legal actions, snapshots and the reason
codes of refused actions), and answers bad requests with the documented codes.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from generala_reference import dice as ref
from generala_reference.errors import GeneralaError
from generala_spec.options import options, profile_names, resolve

ENGINE = Path(__file__).resolve().parents[2] / "examples" / "javascript-dice" / "engine.js"
NODE = shutil.which("node")
KIT = [sys.executable, "-m", "generala_conformance.cli"]

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH: the JavaScript example cannot run")

MARK_SHEETS = (  # the marks a scoring request may carry: Generala's decides Double Generala and the win
    {},
    {"generala": "scored", "threes": "scratched"},
    {"generala": "scratched", "straight": "scored"},
)


def converse(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Send requests to a fresh engine process, one JSON line each, and read its replies."""
    lines = "".join(json.dumps({"id": i, **request}) + "\n" for i, request in enumerate(requests, 1))
    run = subprocess.run([NODE, str(ENGINE)], input=lines, capture_output=True, text=True, timeout=120, check=True)
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == list(range(1, len(requests) + 1)), run.stderr
    return replies


def rule_variants() -> list[dict[str, str]]:
    """Every profile, and every value of every option on top of the defaults."""
    variants = [resolve(name, spec="dice") for name in profile_names(spec="dice")]
    for name, option in options(spec="dice").items():
        variants += [resolve("default", {name: value}, spec="dice") for value in option.values]
    return variants


def test_the_whole_dice_suite_passes_at_both_levels(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    command = f'"{NODE}" "{ENGINE}"'
    flags = ["--validate-messages", "--no-skip", "--json", str(report_path)]
    run = subprocess.run(
        [*KIT, "check", "--game", "dice", "--adapter-cmd", command, *flags],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = json.loads(report_path.read_text(encoding="utf-8"))
    not_passed = [
        (case["id"], case["outcome"], case["message"]) for case in report["cases"] if case["outcome"] != "pass"
    ]
    assert not_passed == [], run.stdout[-3000:]
    levels = {case["id"].split("/")[0] for case in report["cases"]}
    assert {"scoring", "game"} <= levels  # the generated cases of both levels ran, besides the features
    assert report["implementation"]["language"] == "javascript"
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]


def test_a_short_dice_fuzz_campaign_finds_no_divergence(tmp_path: Path) -> None:
    command = f'"{NODE}" "{ENGINE}"'
    run = subprocess.run(
        [*KIT, "fuzz", "--game", "dice", "--adapter-cmd", command, "--games", "300", "--seed", "11"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "300 games, 0 divergences" in run.stdout + run.stderr


def test_profile_lists_no_profile_its_own_evidence_contradicts(tmp_path: Path) -> None:
    """Issue 44: ``profile`` once listed unmatched-straight and no-double while printing
    ``any-five-distinct 3/4`` and ``off 36/39``; no profile under which a case failed is
    consistent, and the engine, which plays every value it lists, has no bug."""
    found_path = tmp_path / "profile.json"
    run = subprocess.run(
        [*KIT, "profile", "--game", "dice", "--adapter-cmd", f'"{NODE}" "{ENGINE}"', "--json", str(found_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(found_path.read_text(encoding="utf-8"))
    assert found["bugs"] == []
    for name in found["profiles"]:
        chosen = resolve(name, spec="dice")
        for option, entry in found["options"].items():
            assert entry["cases"][chosen[option]]["fail"] == 0, (name, option)
    assert {"unmatched-straight", "no-double"} <= set(found["contradicted"])
    assert found["profiles"] == ["default"], run.stdout


def test_the_engine_announces_every_rule_option_and_resolves_the_profiles() -> None:
    names = profile_names(spec="dice")
    hello, *starts = converse(
        [
            {"cmd": "hello", "protocol": 1},
            *({"cmd": "start", "setup": {"players": 1, "profile": name}} for name in names),
        ]
    )
    assert hello["result"]["game"] == "dice"
    assert hello["result"]["levels"] == ["scoring", "game"]
    expected = {name: sorted(option.values) for name, option in options(spec="dice").items()}
    assert {name: sorted(values) for name, values in hello["result"]["options"].items()} == expected
    assert [reply["result"]["state"]["rules"] for reply in starts] == [resolve(name, spec="dice") for name in names]


def expected_scores(dice: tuple[int, ...], rules: dict[str, str], marks: dict[str, str], first: bool) -> dict:
    """The reference's score of a roll in each open category (None where it does not qualify)."""
    dice_rules = ref.DiceRules.of("default", rules)
    generala = ref.Mark(marks.get("generala", "open"))
    scored = ref.score_roll(
        ref.counts_of(dice), dice_rules, ref.PointTable.of(dice_rules), first_roll=first, generala=generala
    )
    return {category.value: value for category, value in scored.items() if marks.get(category.value, "open") == "open"}


def test_every_roll_scores_as_the_reference_under_every_rule_option() -> None:
    requests, expected = [], []
    for rules in rule_variants():
        for marks in MARK_SHEETS:
            for roll, thrown in ((1, 5), (2, 5), (3, 2)):
                first = roll == 1 or (rules["first-roll"] == "all-five" and thrown == 5)
                for counts in ref.ALL_ROLLS:
                    dice = ref.dice_of(counts)
                    requests.append(
                        {
                            "cmd": "score",
                            "dice": list(dice),
                            "roll": roll,
                            "thrown": thrown,
                            "rules": rules,
                            "marks": marks,
                        }
                    )
                    expected.append(expected_scores(dice, rules, marks, first))
    replies = converse(requests)
    wrong = [
        (request, reply, want)
        for request, reply, want in zip(requests, replies, expected, strict=True)
        if reply.get("result", {}).get("scores") != want
    ]
    assert wrong == [], wrong[:3]


def test_a_first_roll_five_of_a_kind_wins_as_the_auto_win_option_says() -> None:
    """D-FIRST-3, D-FIRST-4, AMB-8: the scoring level's wins, for each Generala mark and auto-win reading."""
    cases = {  # (auto-win, Generala's mark) -> wins on a first roll
        ("unless-scratched", "open"): True,
        ("unless-scratched", "scored"): True,
        ("unless-scratched", "scratched"): False,
        ("generala-open", "open"): True,
        ("generala-open", "scored"): False,
        ("never", "open"): False,
    }
    requests = [
        {
            "cmd": "score",
            "dice": [2] * 5,
            "roll": roll,
            "thrown": 5,
            "rules": {"auto-win": auto},
            "marks": {"generala": mark},
        }
        for (auto, mark) in cases
        for roll in (1, 2)
    ]
    wins = [reply["result"]["wins"] for reply in converse(requests)]
    assert wins == [want and roll == 1 for want in cases.values() for roll in (1, 2)]


def reference_step(game: ref.DiceGame, action: str) -> tuple[str, Any]:
    """Apply an action on the reference: ("ok", events) or ("illegal", its code)."""
    try:
        return "ok", [ref.event_json(event) for event in game.apply(ref.parse_action(action))]
    except GeneralaError as error:
        return "illegal", error.code


def candidate_actions(game: ref.DiceGame, rng: random.Random) -> str:
    """A legal action most of the time, else one of the ways to be refused."""
    legal = [ref.format_action(action) for action in game.legal_actions()]
    rare = [action for action in legal if action in ("score generala", "score double-generala")]
    if rare and rng.random() < 0.8:
        return rng.choice(rare)
    if legal and rng.random() < 0.85:
        return rng.choice(legal)
    category = rng.choice([c.value for c in ref.CATEGORIES])
    return rng.choice(["roll", "reroll", "reroll 6 6 6 6 6", "reroll 1 2", f"score {category}", f"scratch {category}"])


class NextThrow:
    """A dice source that throws exactly the values set before each action (the kit's dice)."""

    def __init__(self) -> None:
        self.values: list[int] = []

    def throw(self, n: int) -> tuple[int, ...]:
        assert n == len(self.values), (n, self.values)
        return tuple(self.values)


def throw(rng: random.Random, n: int) -> list[int]:
    """n dice, often all alike so that first-roll Generalas and Double Generalas happen."""
    if rng.random() < 0.06:
        return [rng.randint(1, 6)] * n
    return [rng.randint(1, 6) for _ in range(n)]


def play_random_game(seed: int) -> tuple[list[dict[str, Any]], list[tuple[str, Any]], list[Any]]:
    """Play one game on the reference: the engine's batch steps, the reference's steps and snapshots."""
    rng = random.Random(seed)
    variants = rule_variants()
    rules = {**variants[seed % len(variants)], "auto-win-end": ("at-once", "round-end")[seed % 2]}
    players = 1 + seed % 3
    source = NextThrow()
    steps, outcomes, states = [], [], []
    dice_rules = ref.DiceRules.of("default", rules)
    game = ref.DiceGame(players, source, dice_rules, ref.PointTable.of(dice_rules))
    while not game.is_over() and len(steps) < 400:
        action = candidate_actions(game, rng)
        kept = len(action.split()) - 1 if action.startswith("reroll") else 0
        thrown = throw(rng, 5 - kept) if action.startswith(("roll", "reroll")) else []
        source.values = thrown
        outcome = reference_step(game, action)
        steps.append({"cmd": "apply", "action": action, "dice": thrown})
        outcomes.append(outcome)
        legal = sorted(ref.format_action(a) for a in game.legal_actions())
        states.append((game.snapshot(), legal))
    return (
        [{"cmd": "start", "setup": {"players": players, "rules": rules}}, {"cmd": "batch", "steps": steps}],
        outcomes,
        states,
    )


@pytest.mark.parametrize("seed", range(60))
def test_random_games_play_as_the_reference(seed: int) -> None:
    requests, outcomes, states = play_random_game(seed)
    start, batch = converse(requests)
    assert start["ok"], start
    for step, result, outcome, (state, legal) in zip(
        requests[1]["steps"], batch["result"]["results"], outcomes, states, strict=True
    ):
        got = ("ok", result["events"]) if result["ok"] else ("illegal", result["error"]["code"])
        assert got == outcome, step
        assert (result["state"], sorted(result["actions"])) == (state, legal), step


def test_bad_requests_get_their_codes_and_change_nothing() -> None:
    replies = converse(
        [
            {"cmd": "legal"},
            {"cmd": "start", "setup": {"players": 0}},
            {"cmd": "start", "setup": {"players": True}},
            {"cmd": "start", "setup": {"players": 2, "rules": {"straight": "round"}}},
            {"cmd": "start", "setup": {"players": 2, "profile": "nope"}},
            {"cmd": "start", "setup": {"players": 2}},
            {"cmd": "apply", "action": "roll", "dice": [1, 2, 3]},
            {"cmd": "apply", "action": "roll", "dice": [1, 2, 3, 4, 5], "player": 1},
            {"cmd": "apply", "action": "roll", "dice": [1, 2, 3, 4, 5], "player": 7},
            {"cmd": "apply", "action": "dance"},
            {"cmd": "apply", "action": "score ones"},
            {"cmd": "score", "dice": [1, 2, 3], "roll": 1, "thrown": 5, "rules": {}, "marks": {}},
            {"cmd": "state"},
            {"cmd": "shuffle"},
        ]
    )
    codes = [(reply["error"]["kind"], reply["error"].get("code")) if not reply["ok"] else "ok" for reply in replies]
    assert codes == [
        ("bad-request", "no-game"),
        ("bad-request", "bad-players"),
        ("bad-request", "bad-setup"),
        ("bad-request", "unknown-option-value"),
        ("bad-request", "unknown-profile"),
        "ok",
        ("bad-request", "bad-dice"),
        ("illegal", "not-your-turn"),
        ("bad-request", "bad-player"),
        ("illegal", "bad-action"),
        ("illegal", "not-rolled"),
        ("bad-request", "bad-roll"),
        "ok",
        ("unsupported", None),
    ]
    assert replies[12]["result"]["state"]["rolls"] == 0  # the refused roll threw nothing
