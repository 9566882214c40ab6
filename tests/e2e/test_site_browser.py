"""The rulebook site in a real headless Chromium: the page of a clause shows its
French and Persian sentences, the search box lists exactly what ``generala-kit rules
WORDS`` lists, the layout fits a phone, the keyboard reaches everything; and
screenshots of every rulebook page at phone and desktop width."""

from __future__ import annotations

import unicodedata

import pytest
from generala_conformance.cli import rules as cmd_rules
from generala_conformance.site.build import site_games
from generala_conformance.suite import rulebook_search
from generala_spec import rulebook, translations
from generala_spec.glossary import folded

from tests.browser import screenshot
from tests.cli_helpers import run_command

QUERIES = [
    "joker",  # the Joker clauses, ambiguities and sentences
    "levée",  # a French word (accent-insensitive, as the command)
    "LEVEE",  # the same, upper case and without accent
    "جوکر",  # a Persian word
    "R-JOKER",  # an ID prefix: the clauses of an area
    "r-next",  # the same, in lower case
    "FA-30",  # one sentence
    "amb-5",  # one ambiguity
    "joker premier",  # every word must match
    "xylophone",  # no match
    "R-JOK",  # an unknown area: nothing listed
    "AMB-999",  # an unknown ambiguity: nothing listed
]


def _cli_listing(words: list[str], capsys) -> list[str]:
    """The IDs that ``generala-kit rules WORDS`` lists, in its order."""
    code, out, _ = run_command(cmd_rules, words, capsys)
    if code != 0:
        return []
    lines = out.splitlines()
    if len(words) == 1 and rulebook_search.ID_LIKE.match(words[0].strip().upper()):
        if rulebook_search.AREA.match(words[0].strip().upper()):  # the area's title, then each clause
            return [line.split()[0] for line in lines[1:] if rulebook.book().id_pattern().match(line.split()[0])]
        return [lines[0].split()[0].rstrip(":")]  # the entry itself
    return [line.split()[0] for line in lines[1:]]  # after "N match(es) for ..."


def _page_listing(page, query: str) -> list[str]:
    page.fill("#q", query)
    return page.locator("#results ol.hits a.hit").all_inner_texts()


def test_the_search_box_lists_what_rules_words_lists(site_url, desktop, capsys) -> None:
    desktop.goto(site_url + "rules/index.html")
    listed = {}
    for query in QUERIES:
        expected = _cli_listing(query.split(), capsys)
        listed[query] = _page_listing(desktop, query)
        assert listed[query] == expected, query
    joker_clauses = [c for c in rulebook.clauses() if c.startswith("R-JOKER-")]
    assert set(joker_clauses) <= set(listed["joker"])
    assert listed["levée"] == listed["LEVEE"] != []
    assert any(i.startswith("FA-") for i in listed["جوکر"])  # (and FR-n rendered in Persian, once translated)
    assert listed["R-JOKER"] == joker_clauses and listed["FA-30"] == ["FA-30"]
    assert listed["xylophone"] == []
    desktop.fill("#q", "xylophone")
    assert "Nothing matches 'xylophone'" in desktop.inner_text("#results")
    desktop.fill("#q", "R-JOK")
    assert "No area R-JOK in the rulebook" in desktop.inner_text("#results")


def test_a_search_from_another_page_lands_on_the_results(site_url, phone) -> None:
    phone.goto(site_url + "rules/joker.html")
    phone.fill("#q", "joker")
    phone.press("#q", "Enter")
    phone.wait_for_url("**/rules/index.html?q=joker")
    hits = phone.locator("#results ol.hits a.hit")
    assert "R-JOKER-4" in hits.all_inner_texts()
    screenshot(phone, "rules-search-joker")
    hits.filter(has_text="R-JOKER-4").first.click()
    phone.wait_for_url("**/rules/joker.html#R-JOKER-4")


def test_the_folding_of_a_query_is_pythons_for_every_character(site_url, desktop) -> None:
    """The script folds a query as ``rules.folded`` does, for every code point of
    the Basic Multilingual Plane and a sample beyond it."""
    desktop.goto(site_url + "rules/index.html")
    points = [p for p in range(0x10000) if not 0xD800 <= p <= 0xDFFF] + list(range(0x10400, 0x10500))
    points += [0x1F0CF, 0x1D400, 0x1E900, 0x1E922]
    chars = [chr(p) for p in points]
    # Unicode versions may differ between Python and the browser for characters newly
    # assigned; compare the characters that both know (Python's unassigned are skipped).
    chars = [c for c in chars if unicodedata.category(c) != "Cn"]
    folded = desktop.evaluate("(chars) => chars.map((c) => window.generalaSearch.fold(c))", chars)
    differ = [
        (c, f, rulebook_search.folded(c)) for c, f in zip(chars, folded, strict=True) if f != rulebook_search.folded(c)
    ]
    assert differ == []
    assert desktop.evaluate("window.generalaSearch.fold('Levée STRASSE ǅ ﬁ')") == rulebook_search.folded(
        "Levée STRASSE ǅ ﬁ"
    )


def test_the_page_of_r_joker_4_shows_its_french_and_persian_sentences(site_url, phone, desktop) -> None:
    clause = rulebook.clauses()["R-JOKER-4"]
    texts = {q.text for q in clause.sources}
    assert texts == {"FR", "FA"}  # the test checks both
    for page in (phone, desktop):
        page.goto(site_url + "rules/joker.html#R-JOKER-4")
        article = page.locator("article#R-JOKER-4")
        assert article.locator("h2").inner_text().startswith("R-JOKER-4")
        for quote in clause.sources:
            lang = quote.text.lower()
            block = article.locator(f"figure.quote-{lang} blockquote[lang={lang}]")
            assert block.first.is_visible()
            assert quote.quote in block.all_inner_texts()
        persian = article.locator("blockquote[lang=fa]").first
        assert persian.get_attribute("dir") == "rtl"
        assert persian.evaluate("(e) => getComputedStyle(e).direction") == "rtl"
        assert page.evaluate("() => document.querySelector(':target').id") == "R-JOKER-4"
        screenshot(page, "rules-joker-R-JOKER-4", full_page=False)


PAGES = [
    ("home", "index.html"),
    ("rules-index", "rules/index.html"),
    ("rules-joker", "rules/joker.html"),
    ("rules-next", "rules/next.html#R-NEXT-4"),
    ("rules-ambiguities-AMB-5", "rules/ambiguities.html#AMB-5"),
    ("rules-options", "rules/options.html"),
    ("rules-sources-FA-30", "rules/sources.html#FA-30"),
    ("home-fa", "fa/index.html"),
    ("rules-joker-fr", "fr/rules/joker.html"),
    ("rules-options-fa", "fa/rules/options.html"),
    ("dice-rules-cat", "dice/rules/cat.html#D-CAT-2"),
]


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[name for name, _ in PAGES])
def test_rulebook_pages_fit_a_phone_and_a_desktop(site_url, phone, desktop, name, path) -> None:
    for page, width in ((phone, 390), (desktop, 1280)):
        page.goto(site_url + path)
        overflow = page.evaluate("() => document.documentElement.scrollWidth")
        assert overflow <= width, f"{path} is {overflow}px wide on a {width}px screen"
        assert page.locator("header.site nav a").first.is_visible()
        screenshot(page, name, full_page="#" not in path)


def test_the_keyboard_reaches_the_skip_link_the_search_and_the_links(site_url, desktop) -> None:
    desktop.goto(site_url + "rules/joker.html")
    desktop.keyboard.press("Tab")
    focused = desktop.evaluate("() => document.activeElement.className")
    assert focused == "skip"
    box = desktop.locator("a.skip").bounding_box()
    assert box is not None and box["y"] >= 0  # shown when focused
    outline = desktop.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    desktop.keyboard.press("Enter")
    assert desktop.evaluate("() => document.activeElement.id") == "main"
    desktop.goto(site_url + "rules/joker.html")
    order = []
    english = site_games()[0].strings("en")
    labels = [english(section.label) for section in site_games()[0].sections]
    expected = ["Skip to content", "Générala", *labels, "q", "Search", "English", "Français", "فارسی"]
    for _ in range(len(expected) + 3):
        desktop.keyboard.press("Tab")
        order.append(desktop.evaluate("() => document.activeElement.id || document.activeElement.textContent.trim()"))
    assert order[: len(expected)] == expected
    desktop.focus("#q")
    desktop.keyboard.type("AMB-5")
    desktop.keyboard.press("Enter")
    desktop.wait_for_url("**/rules/index.html?q=AMB-5")
    assert desktop.locator("#results a.hit").all_inner_texts() == ["AMB-5"]


def test_the_rulebook_and_its_search_work_opened_as_files(site_dir, phone) -> None:
    """Opened from ``file://`` (no server), the search index still loads (a script,
    not a fetched JSON file) and a search from another page lands on the results."""
    phone.goto((site_dir / "rules" / "next.html").as_uri())
    phone.fill("#q", "joker")
    phone.press("#q", "Enter")
    phone.wait_for_url("**/rules/index.html?q=joker")
    assert "R-JOKER-4" in phone.locator("#results a.hit").all_inner_texts()
    phone.locator("#results a.hit", has_text="R-JOKER-4").first.click()
    assert phone.url == (site_dir / "rules" / "joker.html").as_uri() + "#R-JOKER-4"
    assert phone.locator("article#R-JOKER-4 blockquote[lang=fa]").is_visible()


def test_the_switcher_shows_the_same_clause_in_french_then_persian_right_to_left(site_url, phone) -> None:
    phone.goto(site_url + "rules/joker.html")
    phone.locator("nav.languages a[data-lang=fr]").click()
    phone.wait_for_url("**/fr/rules/joker.html")
    assert phone.evaluate("() => document.documentElement.lang") == "fr"
    french = translations.translation("cards", "fr").statement("R-JOKER-4")
    assert phone.locator("article#R-JOKER-4 p.statement").inner_text() == french
    assert "machine" in phone.locator("p.translation-note").inner_text()
    phone.locator("nav.languages a[data-lang=fa]").click()
    phone.wait_for_url("**/fa/rules/joker.html")
    assert phone.evaluate("() => getComputedStyle(document.body).direction") == "rtl"
    statement = phone.locator("article#R-JOKER-4 p.statement")
    persian = translations.translation("cards", "fa").statement("R-JOKER-4")
    assert folded(statement.inner_text()) == folded(persian)  # Persian digits in running text
    main = phone.locator("main h1").bounding_box()
    assert main is not None and main["x"] + main["width"] > 390 - 40  # the heading starts at the right
    assert phone.locator("article#R-JOKER-4 blockquote[lang=fr]").get_attribute("dir") == "ltr"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    phone.goto(site_url + "fa/rules/joker.html#R-JOKER-4")
    screenshot(phone, "rules-joker-fa", full_page=False)
    phone.locator("nav.languages a[data-lang=en]").click()
    phone.wait_for_url("**/rules/joker.html")
    assert phone.evaluate("() => document.documentElement.lang") == "en"


def test_a_search_on_a_french_page_lands_on_the_french_results(site_url, desktop) -> None:
    desktop.goto(site_url + "fr/rules/next.html")
    desktop.fill("#q", "joker")
    desktop.press("#q", "Enter")
    desktop.wait_for_url("**/fr/rules/index.html?q=joker")
    hit = desktop.locator("#results a.hit", has_text="R-JOKER-4").first
    assert hit.get_attribute("href").endswith("fr/rules/joker.html#R-JOKER-4")


def test_the_search_box_answers_in_the_pages_language(site_url, desktop) -> None:
    desktop.goto(site_url + "fa/rules/index.html")
    desktop.fill("#q", "جوکر")
    heading = desktop.locator("#results h2").inner_text()
    assert heading.endswith("نتیجه برای «جوکر»") and desktop.locator("#results a.hit").count() > 0
    desktop.fill("#q", "xylophone")
    assert desktop.locator("#results h2").inner_text() == "چیزی با «xylophone» پیدا نشد."
    desktop.goto(site_url + "es/dice/rules/index.html")
    desktop.fill("#q", "D-CAT")
    assert desktop.locator("#results h2").inner_text().startswith("D-CAT: ")
    assert desktop.locator("#results a.hit").first.get_attribute("href").endswith("es/dice/rules/cat.html#D-CAT-1")
    desktop.fill("#q", "R-JOKER-4")  # the card game's ID on the dice game's search
    assert desktop.locator("#results h2").inner_text().startswith("«R-JOKER-4» no es un identificador del reglamento")
