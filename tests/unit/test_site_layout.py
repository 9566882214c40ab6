"""The site's shared pieces: the page template, links in prose, and the
scenarios found for clauses and ambiguities."""

from __future__ import annotations

from pathlib import Path

from generala_conformance.cli.rules import scenario_citations
from generala_conformance.site import build, editions, i18n, layout, rulebook_pages


def test_the_page_template_has_the_skip_link_navigation_and_search() -> None:
    nav = [layout.NavItem("Rulebook", "rules/index.html"), layout.NavItem("Arbiter", "arbiter/index.html")]
    page = layout.page("rules/joker.html", "R-JOKER: <Jokers>", "<p>body</p>", nav, ["assets/x.js"])
    assert '<a class="skip" href="#main">Skip to content</a>' in page and '<main id="main" tabindex="-1">' in page
    assert '<a href="index.html" aria-current="page">Rulebook</a>' not in page  # the current page is joker.html
    assert '<a href="../arbiter/index.html">Arbiter</a>' in page and '<script src="../assets/x.js">' in page
    assert '<form class="search" role="search" action="index.html"' in page and 'href="../assets/site.css"' in page
    assert "<title>R-JOKER: &lt;Jokers&gt; · Générala</title>" in page
    current = layout.page("rules/index.html", "t", "", nav)
    assert '<a href="index.html" aria-current="page">Rulebook</a>' in current


def test_ids_in_prose_become_links_to_known_entries_only() -> None:
    english = editions.Edition(build.site_games()[0], i18n.load("en"))
    text = rulebook_pages.prose(
        "see R-JOKER-3, AMB-5 and FA-51; not R-JOKER-99 or XR-JOKER-3 <i>", "rules/next.html", english
    )
    assert '<a href="joker.html#R-JOKER-3">R-JOKER-3</a>' in text
    assert '<a href="ambiguities.html#AMB-5">AMB-5</a>' in text and '<a href="sources.html#FA-51">FA-51</a>' in text
    assert "R-JOKER-99 or XR-JOKER-3 &lt;i&gt;" in text


def test_gherkin_tags_cite_ambiguities_too(tmp_path: Path) -> None:
    (tmp_path / "a.feature").write_text("Feature: f\n\n  @AMB-5 @R-NEXT-4\n  Scenario: s\n    Given x\n")
    assert {(c.clause, c.line) for c in scenario_citations(tmp_path)} == {("AMB-5", 3), ("R-NEXT-4", 3)}


def test_scenarios_are_found_for_clauses_and_ambiguities() -> None:
    found = rulebook_pages.citations(build.site_games(["cards"])[0])
    joker = found["R-JOKER-4"]
    assert any(s.title == "Both Jokers in one trick: the first one played wins" for s in joker.scenarios)
    first = next(s for s in joker.scenarios if s.title.startswith("Both Jokers"))
    assert first.text.startswith("@R-JOKER-4") and "Then P2 wins the trick" in first.text
    assert first.where == "features/04_jokers.feature"
    assert joker.cases and all(c.where.startswith(("fixtures/", "perft/")) for c in joker.cases)
    tie = found["AMB-5"]
    assert tie.scenarios and tie.cases  # tagged scenarios, and fixture cases with `ambiguity: AMB-5`
