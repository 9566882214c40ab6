"""``generala-kit site``: the site builds from the installed package, every rulebook
entry has its anchor, and no internal link is broken."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from generala_conformance.cli import site as cmd_site
from generala_conformance.site import build, editions, output
from generala_spec import links, rulebook
from generala_spec.options import options, profile_names

from tests import site_links
from tests.cli_helpers import run_command


def _every_entry(spec: str = "cards") -> list[str]:
    return [
        *rulebook.clauses(spec),
        *rulebook.ambiguities(spec),
        *rulebook.sentences(spec),
        *(f"option:{name}" for name in options(spec)),
        *(f"profile:{name}" for name in profile_names(spec)),
    ]


EDITIONS = [ed for game in build.site_games() for ed in editions.editions(game)]


def test_the_site_has_the_pages_and_assets(site_dir: Path) -> None:
    for path in ["index.html", "rules/index.html", "rules/joker.html", "rules/ambiguities.html", "rules/sources.html"]:
        assert (site_dir / path).is_file(), path
    for asset in ["assets/site.css", "assets/search.js", "assets/search-index.js"]:
        assert (site_dir / asset).stat().st_size > 0, asset


@pytest.mark.parametrize("ed", EDITIONS, ids=[f"{ed.spec}-{ed.lang.code}" for ed in EDITIONS])
def test_every_clause_ambiguity_sentence_option_and_profile_has_its_anchor(site_dir: Path, ed) -> None:
    pages = site_links.site_pages(site_dir)
    missing = []
    for identifier in _every_entry(ed.spec):
        page, _, anchor = ed.address(identifier).partition("#")
        if anchor not in pages[page].ids:
            missing.append(identifier)
    assert not missing
    assert "R-JOKER-4" in pages["rules/joker.html"].ids and "FA-30" in pages["rules/sources.html"].ids


@pytest.mark.parametrize("ed", EDITIONS, ids=[f"{ed.spec}-{ed.lang.code}" for ed in EDITIONS])
def test_every_page_of_a_game_is_in_each_of_its_languages(site_dir: Path, ed) -> None:
    """Each section's page in the language, marked with its language and direction,
    a switcher to the game's other languages and, for a translation, the machine note."""
    for section in ed.game.sections:
        text = (site_dir / ed.path(section.path)).read_text("utf-8")
        assert f'<html lang="{ed.lang.code}" dir="{ed.lang.dir}">' in text, section.path
        assert len(ed.game.languages) == 1 or all(f'hreflang="{code}"' in text for code in ed.game.languages)
        assert ('class="translation-note"' in text) == ed.lang.translated
    index = (site_dir / ed.path(links.INDEX_PAGE)).read_text("utf-8")
    clause = next(iter(rulebook.clauses(ed.spec).values()))
    assert ed.statement(clause) in index


def test_the_home_page_is_in_every_language_and_links_both_games(site_dir: Path) -> None:
    for code in build.languages():
        text = (site_dir / editions.prefix(code) / "index.html").read_text("utf-8")
        assert f'<html lang="{code}"' in text
        assert 'id="game-cards"' in text and 'id="game-dice"' in text


def test_no_internal_link_is_broken(site_dir: Path) -> None:
    pages = site_links.site_pages(site_dir)
    assert sum(len(p.links) for p in pages.values()) > 1000  # the check looks at every link
    assert site_links.broken_links(site_dir) == []


def test_the_link_check_finds_a_missing_file_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<p id="x"><a href="b.html#y">b</a> <a href="#x">x</a> <a href="c.html">c</a></p>')
    (tmp_path / "b.html").write_text('<p id="z"><a href="https://example.org/">out</a></p>')
    assert site_links.broken_links(tmp_path) == [
        "a.html: b.html#y (no id 'y' in b.html)",
        "a.html: c.html (no file c.html)",
    ]


def test_persian_sentences_are_right_to_left_and_french_ones_french(site_dir: Path) -> None:
    text = (site_dir / "rules" / "sources.html").read_text("utf-8")
    fa = rulebook.sentences()["FA-30"]
    assert f'<p class="words" lang="fa" dir="rtl" translate="no">{fa.wording}</p>' in text
    fr = rulebook.sentences()["FR-13"]
    assert f'<p class="words" lang="fr" dir="ltr" translate="no">{fr.wording}</p>' in text


def test_a_clause_lists_the_scenarios_citing_it_by_their_place_in_the_scenarios(site_dir: Path) -> None:
    text = (site_dir / "rules" / "joker.html").read_text("utf-8")
    article = text[text.index('id="R-JOKER-4"') : text.index('id="R-JOKER-5"') if 'id="R-JOKER-5"' in text else None]
    assert "Both Jokers in one trick: the first one played wins" in article
    assert 'translate="no">features/04_jokers.feature</code>, line ' in article and "fixtures/tricks/" in article
    assert "site-packages" not in text and "/work/" not in text


def test_site_refuses_a_folder_holding_other_files_and_loses_nothing(tmp_path: Path, capsys) -> None:
    keep = tmp_path / "notes.txt"
    keep.write_text("mine")
    code, out, err = run_command(cmd_site, ["--out", str(tmp_path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith("generala-kit site: error [out-not-empty]: ") and str(tmp_path) in err
    assert keep.read_text() == "mine"


def test_site_replaces_a_previous_site(tmp_path: Path) -> None:
    out = tmp_path / "site"
    output.prepare(out)
    (out / "stale.html").write_text("old")
    output.prepare(out)
    assert not (out / "stale.html").exists() and (out / output.MARKER).is_file()


def test_site_refuses_a_file_as_its_folder(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    with pytest.raises(output.SiteError) as refused:
        output.prepare(target)
    assert refused.value.code == "out-not-a-folder"


def test_site_requires_out() -> None:
    parser = argparse.ArgumentParser()
    cmd_site.configure(parser)
    with pytest.raises(SystemExit):
        parser.parse_args([])


def _article(text: str, identifier: str) -> str:
    start = text.index(f'id="{identifier}"')
    return text[start : text.find("</article>", start)]


def test_an_ambiguity_shows_readings_ruling_reason_option_profiles_and_scenarios(site_dir: Path) -> None:
    entry = rulebook.ambiguities()["AMB-5"]
    decision = entry.decisions[0]
    article = _article((site_dir / "rules" / "ambiguities.html").read_text("utf-8"), "AMB-5")
    for reading in decision.readings:
        assert f'<code lang="en" dir="ltr" translate="no">{reading.id}</code>' in article
    assert "the kit&#x27;s ruling" in article and "Reason." in article
    assert 'href="options.html#option-tie-break"' in article
    assert 'profiles: <a href="options.html#profile-fa">fa</a>' in article  # fa picks any-nearest
    assert 'href="joker.html#R-JOKER-3"' in article  # an ID in the prose is a link
    assert '<details class="scenario">' in article and "fixture case(s)" in article


def test_site_reports_what_it_wrote_and_holds_no_pyodide(tmp_path: Path, capsys) -> None:
    code, out, err = run_command(cmd_site, ["--out", str(tmp_path / "site")], capsys)
    assert code == 0, err
    written = [p for p in (tmp_path / "site").rglob("*") if p.is_file() and p.name != output.MARKER]
    total = sum(p.stat().st_size for p in written)
    assert out.startswith(f"wrote {len(written)} files ({total / 2**20:.1f} MiB) to ")
    assert not (tmp_path / "site" / "pyodide").exists() and not [p for p in written if p.suffix == ".wasm"]
