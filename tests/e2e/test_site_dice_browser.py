"""The dice game's scorer and play pages in a real headless Chromium, the dice
engine's JavaScript port running in the page (``games/dice/web``, no Pyodide): the
scorer shows, for known rolls, the points and clauses of ``dice_page_api.score_text``
run in CPython and the points of the dice reference's ``score_roll``, in English and
in Spanish, offers only the rolls the rules have and says the house rules in
sentences; a game on the play page, in Portuguese, reaches its end as the same
seeded game does in CPython, its log in Portuguese; screenshots."""

from __future__ import annotations

import json

import pytest
from generala_conformance.games.dice.site.page_api import DiceLesson, answer
from generala_reference.dice import DiceRules, Mark, counts_of, score_roll

from tests.browser import DESKTOP, PHONE, _page, screenshot
from tests.e2e.test_site_engine_browser import keyboard_to, open_page

ROLLS = {
    "full-house-first-roll": ("3 3 3 5 5", 1, {}, "default", {}),
    "generala-second-roll": ("4 4 4 4 4", 2, {}, "default", {}),
    "double-generala": ("6 6 6 6 6", 3, {"generala": "scored", "sixes": "scratched"}, "default", {}),
    "ace-for-two": ("1 1 3 4 5", 2, {}, "default", {"straight-ace-for-two": "yes"}),
    "wrap-straight-pt": ("3 4 5 6 1", 4, {}, "pt", {}),
    "nothing-fits": ("1 2 2 4 6", 2, {"ones": "scored", "twos": "scored"}, "plain-straight", {}),
}

_SEEN = """() => [...document.querySelectorAll("#answer table.score-table tbody tr")].map((tr) => [
  tr.dataset.category, tr.dataset.points === "" ? null : Number(tr.dataset.points), tr.dataset.clauses.split(" ")])"""


def _scorer(size: dict[str, int], path: str):
    @pytest.fixture(scope="module")
    def opened(site_url, browser):
        for page in _page(browser, size):
            open_page(page, site_url + path)
            yield page

    return opened


scorer = _scorer(DESKTOP, "dice/scorer.html")
scorer_es = _scorer(PHONE, "es/dice/scorer.html")


def score_in_page(page, dice: str, roll: int, sheet: dict, profile: str, overrides: dict) -> list:
    for i, value in enumerate(dice.split(), start=1):
        page.select_option(f"#die-{i}", value)
    page.select_option("#profile", profile)
    page.select_option("#roll", str(roll))
    for select in page.locator("select[data-category]").all():
        select.select_option(sheet.get(select.get_attribute("data-category"), "open"))
    for select in page.locator("#rule-options select").all():
        select.select_option(overrides.get(select.get_attribute("name"), ""), force=True)
    count = page.evaluate("() => window.generalaAnswers || 0")
    page.click("#score")
    page.wait_for_function(f"() => (window.generalaAnswers || 0) > {count}", timeout=60_000)
    return page.evaluate(_SEEN)


@pytest.mark.parametrize("name", sorted(ROLLS))
def test_the_scorer_answers_a_roll_as_the_dice_reference(scorer, name) -> None:
    dice, roll, sheet, profile, overrides = ROLLS[name]
    values = [int(d) for d in dice.split()]
    seen = score_in_page(scorer, dice, roll, sheet, profile, overrides)
    want = answer(values, roll, roll == 1, sheet, profile, overrides)
    assert seen == [[r["category"], r["points"], r["clauses"]] for r in want["rows"]]
    rules = DiceRules.of(profile, overrides)
    marks = {c: Mark(m) for c, m in sheet.items()}
    reference = score_roll(counts_of(values), rules, first_roll=roll == 1, generala=Mark(sheet.get("generala", "open")))
    for category, points, _ in seen:
        if category not in marks:
            assert points == reference[next(c for c in reference if c.value == category)], category


def test_the_scorer_in_spanish_names_categories_and_dice_in_spanish(scorer_es) -> None:
    page = scorer_es
    seen = score_in_page(page, "3 3 3 5 5", 1, {}, "default", {})
    assert ["full-house", 35, ["D-SHEET-2", "D-CAT-4", "D-SCORE-3", "D-FIRST-1"]] in seen
    assert page.locator("#answer tr[data-category=full-house] th").inner_text() == "Full"
    assert page.locator("#answer tr[data-category=four-of-a-kind] th").inner_text() == "Póker"
    assert page.locator("#answer .roll-line .die").first.get_attribute("aria-label") == "dado que muestra 3"
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    house = page.locator("#answer .rules-line .house-rules li")
    assert house.count() == 13 and "=" not in page.locator("#answer .rules-line").text_content()
    assert page.locator("#answer .rules-line summary").inner_text() == "Reglas de la casa: Las decisiones del kit"
    assert page.locator("#roll option").all_inner_texts() == ["tirada 1", "tirada 2", "tirada 3"]
    screenshot(page, "dice-scorer-es")


def test_the_scorer_offers_only_the_rolls_the_rules_have(scorer) -> None:
    page = scorer
    page.select_option("#profile", "pt")  # four rolls
    page.select_option("#roll", "4")
    assert page.locator("#roll option").count() == 4
    page.select_option("#profile", "default")  # three rolls: roll 4 is gone, roll 3 chosen
    assert page.locator("#roll option").all_inner_texts() == ["roll 1", "roll 2", "roll 3"]
    assert page.input_value("#roll") == "3"
    page.select_option("#rule-options select[name=rolls]", "four", force=True)
    assert page.locator("#roll option").count() == 4
    page.select_option("#rule-options select[name=rolls]", "", force=True)


def test_the_scorer_is_used_with_the_keyboard(scorer) -> None:
    page = scorer
    score_in_page(page, "3 3 3 5 5", 1, {}, "default", {})
    page.focus("#die-1")
    page.keyboard.press("ArrowDown")  # a focused select takes the next value
    assert page.input_value("#die-1") == "4"
    page.focus("#score")
    count = page.evaluate("() => window.generalaAnswers")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.generalaAnswers > {count}")
    assert page.evaluate("() => document.activeElement.id") == "answer-title"
    assert page.locator("#answer .roll-line .die small").all_inner_texts() == ["3", "3", "4", "5", "5"]


def _replay(players: int, seed: int, kept_first: int) -> list[dict]:
    """The events of the same dice game in CPython: P1 rolls, keeps his last die of the
    first roll and rolls again once, then always takes the first choice offered."""
    lesson = DiceLesson(players, seed)
    state = json.loads(lesson.play("roll"))
    state = json.loads(lesson.play(f"reroll {kept_first}"))
    while not state["over"]:
        state = json.loads(lesson.play("roll" if state["dice"] is None else state["choices"][0]["action"]))
    return state["events"]


def test_a_whole_dice_game_is_played_with_the_keyboard_alone_in_portuguese(site_url, browser) -> None:
    for page in _page(browser, PHONE):
        open_page(page, site_url + "pt/dice/play.html")
        keyboard_to(page, "seed")
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        page.wait_for_selector("#game-title:has-text('semente 5')")
        assert page.evaluate("() => document.activeElement.id") == "roll-button"
        page.keyboard.press("Enter")  # the first roll
        page.keyboard.press("Shift+Tab")  # back to the roll button: roll again
        page.keyboard.press("Shift+Tab")  # the last die
        assert page.evaluate("() => document.activeElement.className") == "keep-die"
        assert "Guardar o dado 5" in page.evaluate("() => document.activeElement.textContent")  # its spoken words
        page.keyboard.press("Space")  # keep it
        kept = page.evaluate("() => Number(document.activeElement.querySelector('small').textContent)")
        assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")  # roll the four others again
        for _ in range(100):
            if page.get_attribute("#turn", "data-over") == "true":
                break
            assert page.evaluate("() => document.activeElement.tagName") == "BUTTON"
            page.keyboard.press("Enter")
        assert page.get_attribute("#turn", "data-over") == "true"
        events = _replay(2, 5, kept)
        assert page.locator("#log li").count() == len(events)
        assert [li.get_attribute("data-type") for li in page.locator("#log li").all()] == [e["type"] for e in events]
        clauses = page.locator("#log li").last.locator("a.ref").all_inner_texts()
        assert clauses == events[-1]["clauses"]
        assert page.inner_text("#end").startswith("Fim da partida")
        totals = page.locator("#sheet tr.total td").all_inner_texts()
        assert [int(x) for x in totals] == events[-1]["totals"]
        reroll = page.locator("#log li[data-type=rolled] .said").nth(1).inner_text()
        assert reroll.startswith(f"J1 guarda {kept} e joga quatro dados de novo: "), reroll
        screenshot(page, "dice-play-pt")


def test_the_switcher_takes_the_scorer_from_spanish_to_portuguese_and_english(site_url, phone) -> None:
    phone.goto(site_url + "es/dice/scorer.html")
    assert phone.locator("h1").inner_text() == "El anotador"
    phone.locator("nav.languages a[data-lang=pt]").click()
    phone.wait_for_url("**/pt/dice/scorer.html")
    assert phone.locator("h1").inner_text() == "O marcador"
    assert phone.locator("label", has_text="Dado 1").count() == 1
    assert [a.get_attribute("data-lang") for a in phone.locator("nav.languages a").all()] == ["en", "es", "pt"]
    phone.locator("nav.languages a[data-lang=en]").click()
    phone.wait_for_url("**/dice/scorer.html")
    assert phone.locator("h1").inner_text() == "The scorer"
    assert phone.locator("p.translation-note").count() == 0
