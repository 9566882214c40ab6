"""The scoring level's cases, generated: every roll of five dice (the 252 multisets)
in every category, under each reading it depends on, plus the first-roll bonuses,
the automatic win and Double Generala under each mark of Generala.

Each case is one ``score`` request (``docs/dice-contract.md``) and its answer,
computed by the reference engine. A case ``requires`` exactly the rule options its
answer depends on (:func:`requirements`), so that it holds under every reading of
the others and fails under every other reading of one it requires.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations, product
from typing import Any

from generala_conformance.games.dice.reference_adapter import score_request
from generala_reference.dice import ALL_ROLLS, dice_of
from generala_spec.options import options, resolve

SPEC = "dice"
HAND_OPTIONS = ("first-roll-bonus", "first-roll")
ENTRY_OPTIONS: dict[str, tuple[str, ...]] = {
    **{name: ("number-zero",) for name in ("ones", "twos", "threes", "fours", "fives", "sixes")},
    "straight": ("straight", "straight-ace-for-two", *HAND_OPTIONS),
    "full-house": ("full-house-five", *HAND_OPTIONS),
    "four-of-a-kind": ("four-of-a-kind-five", *HAND_OPTIONS),
    "generala": ("generala-points",),
    "double-generala": ("double-generala", "double-generala-points"),
    "wins": ("first-roll", "auto-win", "double-generala"),
}
"""The rule options each entry of a ``score`` answer can depend on (the categories'
qualification and points, D-CAT-*, D-SCORE-*, D-FIRST-1/2; ``wins``, D-FIRST-3/4)."""

QUALIFY_CLAUSES = {
    **{name: "D-CAT-1" for name in ("ones", "twos", "threes", "fours", "fives", "sixes")},
    "straight": "D-CAT-2",
    "full-house": "D-CAT-4",
    "four-of-a-kind": "D-CAT-5",
    "generala": "D-CAT-6",
    "double-generala": "D-CAT-7",
}
"""The clause that says whether a roll qualifies for a category."""

POINT_CLAUSES = {
    **{name: "D-SCORE-1" for name in ("ones", "twos", "threes", "fours", "fives", "sixes")},
    "straight": "D-SCORE-2",
    "full-house": "D-SCORE-3",
    "four-of-a-kind": "D-SCORE-4",
    "generala": "D-SCORE-5",
    "double-generala": "D-SCORE-6",
}
"""The clause that gives a category's points."""

OPTION_AMBIGUITY = {
    "number-zero": "AMB-6",
    "straight": "AMB-2",
    "straight-ace-for-two": "AMB-13",
    "full-house-five": "AMB-5",
    "four-of-a-kind-five": "AMB-5",
    "generala-points": "AMB-3",
    "double-generala-points": "AMB-3",
    "first-roll-bonus": "AMB-3",
    "double-generala": "AMB-4",
    "first-roll": "AMB-7",
    "auto-win": "AMB-8",
}
"""The ambiguity each scoring option settles (``spec/dice/options.yaml``)."""

LATER = {"roll": 2, "thrown": 3}
FIRST = {"roll": 1, "thrown": 5}
ALL_FIVE = {"roll": 2, "thrown": 5}
"""The rolls of a turn the cases score: a later roll, the first, a later roll of all five dice."""


def _answer(request: Mapping[str, Any], rules: Mapping[str, str]) -> dict[str, Any]:
    reply = score_request({**request, "rules": dict(rules)})
    return {**reply["scores"], "wins": reply["wins"]}


def _entry(request_key: str, rules: Mapping[str, str], name: str) -> Any:
    """The entry ``name`` of the reference's answer to the request of ``request_key`` under ``rules``."""
    return _answer_of(request_key, tuple(sorted(rules.items()))).get(name)  # not in the game: as not qualifying


@cache
def _answer_of(request_key: str, rules: tuple[tuple[str, str], ...]) -> Mapping[str, Any]:
    """:func:`_answer`, once for each request and rules: every entry of a request asks
    for the answers under the values of its options (``regenerate`` asked the reference
    the same roll under the same rules a dozen times and more)."""
    return _answer(_requests[request_key], dict(rules))


def _values(name: str) -> list[str]:
    return list(options(SPEC)[name].values)


@cache
def _entry_requires(request_key: str, name: str, values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The fewest of the entry's options (``ENTRY_OPTIONS``) that, fixed at ``values``,
    make the entry the same under every value of its other options (the others at
    their defaults: an entry depends on its own options only)."""
    names = ENTRY_OPTIONS[name]
    rules = {**resolve("default", spec=SPEC), **dict(zip(names, values, strict=True))}
    wanted = _entry(request_key, rules, name)
    for size in range(len(names) + 1):
        for fixed in combinations(names, size):
            free = [n for n in names if n not in fixed]
            if all(
                _entry(request_key, {**rules, **dict(zip(free, others, strict=True))}, name) == wanted
                for others in product(*(_values(n) for n in free))
            ):
                return tuple((n, rules[n]) for n in fixed)
    raise AssertionError("unreachable: fixing every option fixes the entry")


_requests: dict[str, Mapping[str, Any]] = {}


def requirements(request: Mapping[str, Any], rules: Mapping[str, str]) -> dict[str, str]:
    """The options the answer to ``request`` under ``rules`` depends on, with their values."""
    full = {**resolve("default", spec=SPEC), **rules}
    key = repr(sorted(request.items()))
    _requests.setdefault(key, request)
    found: dict[str, str] = {}
    for name, names in ENTRY_OPTIONS.items():
        found.update(_entry_requires(key, name, tuple(full[n] for n in names)))
    return dict(sorted(found.items()))


def _clauses(request: Mapping[str, Any], answer: Mapping[str, Any], requires: Mapping[str, str]) -> list[str]:
    """The clauses a case checks: qualification and points of every category it
    answers, the bonus and the first roll, the automatic win, the marks."""
    found = {QUALIFY_CLAUSES[c] for c in answer if c != "wins"}
    found |= {POINT_CLAUSES[c] for c, points in answer.items() if c != "wins" and points is not None}
    found.add("D-PLAY-3")
    if "straight-ace-for-two" in requires:
        found.add("D-CAT-3")
    first = request["roll"] == 1 or "first-roll" in requires
    if first and any(answer.get(c) is not None for c in ("straight", "full-house", "four-of-a-kind")):
        found.add("D-FIRST-1")
    if "first-roll" in requires:
        found.add("D-FIRST-2")
    if "auto-win" in requires or answer["wins"]:
        found.add("D-FIRST-3")
    if request["marks"].get("generala") == "scratched" and len(set(request["dice"])) == 1:
        found.add("D-FIRST-4")
    if request["marks"]:
        found |= {"D-SHEET-3" if "scratched" in request["marks"].values() else "D-SHEET-4"}
    if "double-generala" in requires:
        found.add("D-SHEET-1")
    if any(
        answer.get(c) is not None for c in ("straight", "full-house", "four-of-a-kind", "generala", "double-generala")
    ):
        found.add("D-SCORE-7")  # points an implementation may declare instead
    return sorted(found, key=_clause_key)


def _clause_key(clause: str) -> tuple[str, int]:
    area, number = clause.rsplit("-", 1)
    return area, int(number)


def _spelled(request: Mapping[str, Any]) -> str:
    return "".join(map(str, request["dice"]))


def case(group: str, request: dict[str, Any], rules: Mapping[str, str], title: str) -> dict[str, Any]:
    """One scoring case: the request, what it requires and its answer."""
    requires = requirements(request, rules)
    answer = _answer(request, {**resolve("default", spec=SPEC), **rules})
    wins = answer.pop("wins")
    suffix = ",".join(f"{k}={v}" for k, v in requires.items()) or "any"
    found: dict[str, Any] = {
        "id": f"scoring/{group}/{_spelled(request)}/{suffix}",
        "title": title,
        "level": "scoring",
        "clauses": _clauses(request, {**answer, "wins": wins}, requires),
    }
    ambiguities = sorted({OPTION_AMBIGUITY[k] for k in requires}, key=_clause_key)
    if ambiguities:
        found["ambiguities"] = ambiguities
    if requires:
        found["requires"] = requires
    found["roll"] = {k: request[k] for k in ("dice", "roll", "thrown")}
    if request["marks"]:
        found["marks"] = dict(request["marks"])
    found["expect"] = {"scores": answer, "wins": wins}
    return found


def _readings(names: tuple[str, ...]) -> Iterator[dict[str, str]]:
    for values in product(*(_values(n) for n in names)):
        yield dict(zip(names, values, strict=True))


def _unique(cases: Iterator[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for one in cases:
        seen.setdefault(one["id"], one)
    return list(seen.values())


QUALIFYING = ("straight", "straight-ace-for-two", "full-house-five", "four-of-a-kind-five", "number-zero")


def every_roll() -> list[dict[str, Any]]:
    """Every roll on a later roll, every category open, under each reading of the
    options that say which categories a roll qualifies for."""

    def made() -> Iterator[dict[str, Any]]:
        for counts in ALL_ROLLS:
            request: dict[str, Any] = {"dice": list(dice_of(counts)), **LATER, "marks": {}}
            for reading in _readings(QUALIFYING):
                yield case("rolls", request, reading, f"{' '.join(map(str, request['dice']))} on a later roll")

    return _unique(made())


BONUS_OPTIONS = {
    "first": ("straight", "full-house-five", "four-of-a-kind-five", "first-roll-bonus", "number-zero"),
    "all-five": ("straight", "full-house-five", "first-roll-bonus", "first-roll"),
}
"""The readings the bonus cases are made under: on the first roll, under each reading of
number-zero and four-of-a-kind-five too, so that no reading of them goes without first rolls."""


def hands_on_first_rolls() -> list[dict[str, Any]]:
    """The first-roll bonus (D-FIRST-1, D-FIRST-2): every roll that is a hand under
    some reading, on the first roll and on a later roll of all five dice."""

    def made() -> Iterator[dict[str, Any]]:
        for counts in ALL_ROLLS:
            for when, context in (("first", FIRST), ("all-five", ALL_FIVE)):
                request = {"dice": list(dice_of(counts)), **context, "marks": {}}
                for reading in _readings(BONUS_OPTIONS[when]):
                    found = case(f"bonus-{when}", request, reading, _bonus_title(request, when))
                    hands = [found["expect"]["scores"][c] for c in ("straight", "full-house", "four-of-a-kind")]
                    if any(points is not None for points in hands):
                        yield found

    return _unique(made())


def _bonus_title(request: Mapping[str, Any], when: str) -> str:
    spelled = " ".join(map(str, request["dice"]))
    return f"{spelled} on the first roll" if when == "first" else f"{spelled} on a later roll of all five dice"


FIVE_OPTIONS = ("double-generala", "double-generala-points", "auto-win", "first-roll", "generala-points")


FIVE_QUALIFYING = ("four-of-a-kind-five", "full-house-five", "number-zero")
"""The options deciding the other categories a five of a kind qualifies for: a first-roll
five of a kind is scored under each of their readings (D-CAT-1, D-CAT-4, D-CAT-5)."""


def five_of_a_kind() -> list[dict[str, Any]]:
    """Generala, Double Generala and the automatic win (D-CAT-6, D-CAT-7, D-FIRST-3,
    D-FIRST-4): each five of a kind under each mark of Generala, first roll or not."""

    def made() -> Iterator[dict[str, Any]]:
        for face in range(1, 7):
            for mark in ("open", "scored", "scratched"):
                for when, context in (("first", FIRST), ("later", LATER), ("all-five", ALL_FIVE)):
                    marks = {} if mark == "open" else {"generala": mark}
                    request = {"dice": [face] * 5, **context, "marks": marks}
                    title = f"{' '.join([str(face)] * 5)} on the {when} roll, Generala {mark}"
                    for reading in _readings(FIVE_OPTIONS):
                        yield case(f"five-{mark}-{when}", request, reading, title)
                    if when == "first" and mark != "scratched":  # a first-roll five of a kind under every reading
                        for reading in _readings(FIVE_QUALIFYING):
                            yield case(f"five-{mark}-{when}", request, reading, title)

    return _unique(made())


def closed_categories() -> list[dict[str, Any]]:
    """A sheet with scored and scratched categories (D-SHEET-3, D-SHEET-4): only the
    open ones are answered, under the default reading."""
    sheets = [
        {"ones": "scored", "straight": "scratched"},
        {"full-house": "scored", "fours": "scratched", "generala": "scratched"},
        {c: "scratched" for c in ("ones", "twos", "threes", "fours", "fives", "sixes")},
    ]
    found = []
    for counts in ALL_ROLLS[::7]:
        for number, marks in enumerate(sheets, 1):
            request: dict[str, Any] = {"dice": list(dice_of(counts)), **LATER, "marks": marks}
            reading = {"number-zero": "scratch"}
            found.append(
                case(f"sheet-{number}", request, reading, f"{' '.join(map(str, request['dice']))}, sheet {number}")
            )
    return _unique(iter(found))


FILES = {
    "rolls": ("Every roll of five dice in every category, on a later roll, under each reading.", every_roll),
    "bonus": ("The first-roll bonus of the three hands.", hands_on_first_rolls),
    "five-of-a-kind": ("Generala, Double Generala and the automatic win.", five_of_a_kind),
    "sheet": ("Scored and scratched categories are not answered.", closed_categories),
}
"""The scoring fixture files (``scenarios/dice/fixtures/scoring/<name>.yaml``): what
their cases have in common, and the function that makes them."""
