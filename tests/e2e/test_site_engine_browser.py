"""The arbiter and play pages in a real headless Chromium, the reference engine
running in the page (the card game's JavaScript port, ``games/cards/web``): for
the same position the arbiter shows the legal moves, the refusals, the events, the next leader and the clause IDs that
``generala-kit explain --json`` gives, whether the position is pasted or set up by
tapping cards; a game played on the play page reaches its end in the words of the
kit's Python (the port's answers are the kit's Python's); nothing is fetched from anywhere
but the site, no Pyodide; refusals and reasons in the page's language; screenshots at phone
and desktop width."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from generala_conformance.games.cards.commands import explain as cmd_explain
from generala_conformance.games.cards.site import arbiter as arbiter_page
from generala_conformance.games.cards.site.page_api import Lesson

from tests.browser import DESKTOP, PHONE, _page, screenshot
from tests.cli_helpers import run_command

READY = 180_000
"""Milliseconds a page may take to load its engine and show its first answer (a loaded CI machine)."""

POSITIONS = {
    "both-jokers": ("P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C", "P1 5S, P2 JK, P3 JK, P4 2S"),
    "joker-led-last": ("P1: JK | P2: 5H 9S | P3: 4D 7C", "P1 JK, P2 9S, P3 4D"),
    "all-go-out": ("P1: 5H | P2: 9H | P3: KH", "P1 5H, P2 9H, P3 KH"),
    "tie-tied-nearest": (
        "P1: JK | P2: 3C 4C | P3: 10H KH | P4: 10S 5D | leader: P1 | rules: tie-break=tied-nearest",
        "P1 JK, P2 3C, P3 10H, P4 10S",
    ),
    "tie-any-nearest": (
        "P1: JK | P2: 3C 4C | P3: 10H KH | P4: 10S 5D | leader: P1 | rules: tie-break=any-nearest",
        "P1 JK, P2 3C, P3 10H, P4 10S",
    ),
    "decline-and-take": ("P1: 5H 9S | P2: 3C JS | P3: 7H 2D", "P1 5H, P2 decline, P2 take 5H"),
    "illegal-discard": ("P1: 5H 9S | P2: 3C JS | P3: 7H 2D", "P1 5H, P2 JS"),
    "trick-so-far": ("P1: 2C | P2: 3C | P3: JK 4C | P4: 2S 6C | leader: P1 | trick: P1 5S, P2 JK", ""),
}

_SEEN = """() => {
  const all = (root, selector) => [...root.querySelectorAll(selector)];
  const box = document.getElementById("answer");
  return {
    choices: all(box, "section.choices").map((c) => ({
      player: c.dataset.player,
      legal: all(c, "ul.legal > li").map((li) => [li.dataset.action, li.dataset.clause]),
      illegal: all(c, "ul.illegal > li").map((li) => [li.dataset.action, li.dataset.code, li.dataset.clause]),
    })),
    moves: all(box, "li.move-done").map((li) => [li.dataset.move, li.dataset.clause,
      all(li, "li.event").map((e) => [e.dataset.event, e.dataset.clause])]),
    stopped: all(box, ".stopped").map((p) => [p.dataset.move, p.dataset.code, p.dataset.clause]),
    leaders: all(box, ".table-box").map((t) => t.dataset.leader),
    readings: all(box, "li.reading").map((li) => li.dataset.reading),
    links: all(box, "a.ref").map((a) => [a.textContent, a.getAttribute("href")]),
  };
}"""


def _clause(ref: dict | None) -> str | None:
    return ref["clause"] if ref else None


def _choices(choices: dict) -> dict:
    return {
        "player": f"P{choices['player'] + 1}",
        "legal": [[m["action"], _clause(m["allowed_by"])] for m in choices["legal"]],
        "illegal": [[m["action"], m["code"], _clause(m["refused_by"])] for m in choices["illegal"]],
    }


def expected(answer: dict) -> dict:
    """What the arbiter page must show of an answer of ``explain --json``."""
    after = answer["after"]
    shown = [c for c in (answer["choices"], after and after["choices"]) if c]
    stopped = answer["stopped"]
    return {
        "choices": [_choices(c) for c in shown],
        "moves": [
            [m["move"], _clause(m["allowed_by"]), [[e["text"], _clause(e["decided_by"])] for e in m["events"]]]
            for m in answer["moves"]
        ],
        "stopped": [[stopped["move"], stopped["code"], _clause(stopped["refused_by"])]] if stopped else [],
        "leaders": [f"P{t['leader'] + 1}" for t in (answer["table"], after and after["table"]) if t],
        "readings": [r["reading"] for r in answer["readings"]],
    }


def cli_answer(position: str, moves: str, capsys) -> dict:
    """The answer of ``generala-kit explain POSITION MOVES --json``."""
    code, out, err = run_command(cmd_explain, [position, *([moves] if moves else []), "--json"], capsys)
    assert code in (0, 1), err
    return json.loads(out)


def offline(page) -> list[str]:
    """Refuse every request that is not to the local site; the list of those refused."""
    refused: list[str] = []

    def route(route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", route)
    return refused


def open_page(page, url: str) -> tuple[dict, list[str]]:
    """Open ``url`` offline and wait for its first answer; the page's timings and the refused requests."""
    refused = offline(page)
    page.goto(url)
    page.wait_for_function("() => window.generalaTimings && window.generalaTimings.first_answer_ms", timeout=READY)
    return page.evaluate("() => window.generalaTimings"), refused


def explain_in_page(page, position: str, moves: str) -> dict:
    page.fill("#position", position)
    page.fill("#moves", moves)
    count = page.evaluate("() => window.generalaAnswers || 0")
    page.click("#explain")
    page.wait_for_function(f"() => (window.generalaAnswers || 0) > {count}", timeout=60_000)
    return page.evaluate(_SEEN)


def _opened(browser, size: dict[str, int], url: str):
    """A page at ``size`` opened on ``url`` for a whole module (its engine loads once),
    failing on a script error or a missing file, on any request to elsewhere, and on Pyodide."""
    for page in _page(browser, size):
        _timings, refused = open_page(page, url)
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
        assert any("/assets/cards/web/page_api.mjs" in u for u in loaded)
        assert not [u for u in loaded if "/pyodide/" in u], "a card page loaded Pyodide"
        cold = page.evaluate(
            "() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
            ".reduce((sum, e) => sum + e.transferSize, 0)"
        )
        assert 0 < cold <= 1.5 * 2**20, f"{url} transferred {cold} bytes cold"  # the issue's 1.5 MB
        yield page
        assert not refused, f"the page fetched from elsewhere: {refused}"


def _module_page(size: dict[str, int], path: str, doc: str):
    """A module-scoped fixture: the page ``path`` at ``size``, started once."""

    @pytest.fixture(scope="module")
    def opened(site_url, browser):
        yield from _opened(browser, size, site_url + path)

    opened.__doc__ = doc
    return opened


arbiter = _module_page(DESKTOP, "arbiter.html", "The arbiter page at desktop width.")
arbiter_phone = _module_page(PHONE, "arbiter.html", "The arbiter page at phone width.")
player = _module_page(DESKTOP, "play.html", "The play page at desktop width.")
player_phone = _module_page(PHONE, "play.html", "The play page at phone width.")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_arbiter_answers_a_pasted_position_as_explain_json(arbiter, name, capsys) -> None:
    position, moves = POSITIONS[name]
    seen = explain_in_page(arbiter, position, moves)
    want = expected(cli_answer(position, moves, capsys))
    links = seen.pop("links")
    assert seen == want
    assert links and all(href.startswith("rules/") and href.endswith("#" + text) for text, href in links)


def test_the_positions_cover_what_the_issue_asks(capsys) -> None:
    """Each position shows what it is named for, in the CLI's own answer."""
    events = {
        name: [e["text"] for m in cli_answer(*POSITIONS[name], capsys)["moves"] for e in m["events"]]
        for name in POSITIONS
    }
    clauses = {
        name: {_clause(e["decided_by"]) for m in cli_answer(*POSITIONS[name], capsys)["moves"] for e in m["events"]}
        for name in POSITIONS
    }
    assert "R-JOKER-4" in clauses["both-jokers"]
    assert events["joker-led-last"][:2] == ["play P1 JK", "out P1"]
    assert events["all-go-out"][-1] == "game-over nobody"
    assert "lead P3 tie-break" in events["tie-tied-nearest"]
    assert "lead P2 tie-break" in events["tie-any-nearest"]
    assert {"decline P2", "take P2 5H"} <= set(events["decline-and-take"])
    assert cli_answer(*POSITIONS["illegal-discard"], capsys)["stopped"]["code"] == "off-suit-card"


def tap(page, card: str) -> None:
    """Tap ``card`` in the deck (the first Joker not placed yet, for ``JK``)."""
    key = '[data-key^="JK"][aria-pressed=false]' if card == "JK" else f'[data-key="{card}"]'
    page.locator(f"#deck button{key}").first.click()


def test_a_position_set_up_by_tapping_cards_is_answered_as_its_text_form(arbiter, capsys) -> None:
    position = POSITIONS["trick-so-far"][0]
    page = arbiter
    page.click("#clear")
    page.select_option("#players", "4")
    hands = {"P1": ["2C"], "P2": ["3C"], "P3": ["JK", "4C"], "P4": ["2S", "6C"]}
    for who, cards in hands.items():
        page.check(f"input[name=target-seat][value={who}]")
        page.check("input[name=target-kind][value=hand]")
        for card in cards:
            tap(page, card)
    page.check("input[name=target-kind][value=trick]")
    for who, card in (("P1", "5S"), ("P2", "JK")):
        page.check(f"input[name=target-seat][value={who}]")
        tap(page, card)
    page.select_option("#leader", "P1")
    count = page.evaluate("() => window.generalaAnswers || 0")
    page.click("#use-setup")
    page.wait_for_function(f"() => (window.generalaAnswers || 0) > {count}", timeout=60_000)
    assert (
        page.input_value("#position")
        == "P1: 2C | P2: 3C | P3: 4C JK | P4: 6C 2S | players: 4 | leader: P1 | trick: P1 5S, P2 JK"
    )
    seen = page.evaluate(_SEEN)
    seen.pop("links")
    assert seen == expected(cli_answer(position, "", capsys))
    screenshot(page, "arbiter-tapped")


def test_the_arbiter_refuses_a_malformed_position_with_its_reason(arbiter) -> None:
    arbiter.fill("#position", "P1: 5S ZZ")
    arbiter.click("#explain")
    arbiter.wait_for_selector("#answer .error")
    text = arbiter.inner_text("#answer")
    assert "The position's text cannot be read." in text and "bad-position-text" in text
    assert "not a card: 'ZZ'" in arbiter.text_content("#answer details")  # the engine's words, kept in a details


def test_a_legal_move_button_plays_it(arbiter) -> None:
    explain_in_page(arbiter, POSITIONS["trick-so-far"][0], "")
    arbiter.click("ul.legal button[data-move='P3 JK']")
    arbiter.wait_for_selector("li.move-done[data-move='P3 JK']")
    assert arbiter.input_value("#moves") == "P3 JK"


def test_the_arbiter_at_phone_and_desktop_width(arbiter, arbiter_phone) -> None:
    for page in (arbiter_phone, arbiter):
        explain_in_page(page, arbiter_page.EXAMPLE, arbiter_page.EXAMPLE_MOVES)
        timings = page.evaluate("() => window.generalaTimings")
        assert timings["engine_ms"] <= timings["ready_ms"] <= timings["first_answer_ms"]
        assert page.locator("li.event[data-clause='R-JOKER-4']").count() == 1
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
        screenshot(page, "arbiter")


def test_the_keyboard_reaches_the_position_and_explains_it(arbiter) -> None:
    arbiter.focus("#position")
    arbiter.keyboard.press("Tab")
    assert arbiter.evaluate("() => document.activeElement.id") == "moves"
    arbiter.keyboard.press("Tab")
    assert arbiter.evaluate("() => document.activeElement.id") == "explain"
    count = arbiter.evaluate("() => window.generalaAnswers")
    arbiter.keyboard.press("Enter")
    arbiter.wait_for_function(f"() => window.generalaAnswers > {count}")
    assert arbiter.evaluate("() => document.activeElement.id") == "answer-title"


def _replay(players: int, seat: int, seed: int, bot: str = "first") -> list[str]:
    """The lines of the same game in CPython, the person always playing the first legal move."""
    lesson = Lesson(players, seat, bot, seed)
    state = json.loads(lesson.state())
    while not state["over"]:
        state = json.loads(lesson.play(state["legal"][0]))
    return [line["text"] for line in state["lines"]]


@pytest.mark.parametrize("players, seed", [(4, 7), (2, 3)])
def test_a_game_on_the_play_page_reaches_its_end(player_phone, players, seed) -> None:
    page = player_phone
    page.select_option("#players", str(players))
    page.select_option("#bot", "first")
    page.fill("#seed", str(seed))
    page.click("#deal")
    page.wait_for_selector(f"#game-title:has-text('seed {seed}')")
    for _ in range(200):
        if page.get_attribute("#table", "data-over") == "true":
            break
        page.locator(".your-hand .playable").first.click()
    end = page.inner_text("#end")
    assert end.startswith("Game over: ") and (end.endswith(" loses.") or end == "Game over: nobody loses.")
    lines = page.locator("#log li .said, #log li.heading").all_inner_texts()
    assert lines == _replay(players, 0, seed)
    assert lines[0] == "P1 deals." and lines[-1] == end
    clauses = page.locator("#log li .clause a.ref").all_inner_texts()
    assert clauses[0] == "R-DEAL-1" and "R-LEAD-2" in clauses
    screenshot(page, f"play-{players}")


def test_the_play_page_at_desktop_width_explains_a_refused_card(player) -> None:
    desktop = player
    desktop.select_option("#players", "4")
    desktop.select_option("#bot", "first")
    desktop.fill("#seed", "7")
    desktop.click("#deal")
    desktop.wait_for_selector("#game-title:has-text('seed 7')")
    desktop.locator(".your-hand button.refused").first.click()  # seed 7: P1 must follow hearts
    assert "must-follow-suit" in desktop.inner_text("#refusal")
    assert desktop.locator("#refusal a.ref").inner_text() == "R-FOLLOW-2"
    told = desktop.locator("#log li").count()
    desktop.locator(".your-hand .playable").first.focus()
    desktop.keyboard.press("Enter")  # the keyboard plays a card
    desktop.wait_for_function(f"() => document.querySelectorAll('#log li').length > {told}")
    assert desktop.evaluate("() => document.documentElement.scrollWidth") <= desktop.viewport_size["width"]
    screenshot(desktop, "play")


def keyboard_to(page, element_id: str, limit: int = 80) -> None:
    """Press Tab until the element ``element_id`` has the focus (as a keyboard user reaches it)."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def test_a_whole_card_game_is_played_with_the_keyboard_alone(site_url, browser) -> None:
    for page in _page(browser, DESKTOP):
        open_page(page, site_url + "fr/play.html")
        keyboard_to(page, "players")
        page.keyboard.press("End")  # 10 players
        page.keyboard.press("Home")  # 2 players
        keyboard_to(page, "seed")
        page.keyboard.type("3")
        page.keyboard.press("Enter")
        page.wait_for_selector("#game-title:has-text('donne n° 3')")
        spoken = page.locator(".your-hand .playable .sr-only").first.text_content()
        assert spoken.startswith("Jouer ") and " de " in spoken  # the words a screen reader says: "Jouer 5 de cœur"
        for _ in range(200):
            if page.get_attribute("#table", "data-over") == "true":
                break
            assert "playable" in page.evaluate("() => document.activeElement.className")
            page.keyboard.press("Enter")
        assert page.get_attribute("#table", "data-over") == "true"
        told = [li.get_attribute("data-text") for li in page.locator("#log li").all()]
        assert told == _replay(2, 0, 3)  # the words of `generala-kit play`, each line told in French
        said = page.locator("#log li .said, #log li.heading").all_inner_texts()
        assert said[0] == "P1 distribue." and said[-1] == page.inner_text("#end")
        assert page.inner_text("#end").startswith("Manche finie")
        screenshot(page, "play-keyboard-fr")


arbiter_fa = _module_page(PHONE, "fa/arbiter.html", "The arbiter page in Persian at phone width.")


@pytest.mark.parametrize("name", ["both-jokers", "tie-any-nearest", "illegal-discard"])
def test_the_persian_arbiter_answers_as_explain_json_right_to_left(arbiter_fa, name, capsys) -> None:
    page = arbiter_fa
    position, moves = POSITIONS[name]
    seen = explain_in_page(page, position, moves)
    links = seen.pop("links")
    assert seen == expected(cli_answer(position, moves, capsys))
    assert links and all(href.startswith("rules/") and href.endswith("#" + text) for text, href in links)  # fa/rules/
    assert page.evaluate("() => getComputedStyle(document.getElementById('answer')).direction") == "rtl"
    assert page.locator("#answer-title").inner_text() == "قوانین چه می‌گویند"
    if name == "illegal-discard":  # the refusal in Persian, by its code; the English words kept aside
        assert page.locator(".stopped .refusal").inner_text().startswith("بازیکن از خالِ هدایت‌شده کارتی ندارد")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, f"arbiter-fa-{name}")


def test_the_persian_arbiter_names_a_decline_and_a_take_in_persian(arbiter_fa) -> None:
    """A move is shown in the page's language, its card as a glyph: not ``decline``, ``take 5H``."""
    position = POSITIONS["decline-and-take"][0]
    explain_in_page(arbiter_fa, position, "P1 5H")
    assert arbiter_fa.locator('.legal li[data-action="decline"] .action').inner_text() == "بازی نمی‌کنم"
    explain_in_page(arbiter_fa, position, "P1 5H, P2 decline")
    taken = arbiter_fa.locator('.legal li[data-action="take 5H"] .action')
    assert taken.inner_text().startswith("برداشتن") and "take" not in taken.inner_text()
    assert taken.locator(".card").count() == 1
