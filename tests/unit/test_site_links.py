"""The site's addresses (``generala_spec.links``) and the links that
``generala-kit rules`` and ``explain`` print, which must land on the built site."""

from __future__ import annotations

from pathlib import Path

import pytest
from generala_conformance.cli import rules as cmd_rules
from generala_conformance.games.cards.commands import explain as cmd_explain
from generala_spec import links

from tests import site_links
from tests.cli_helpers import run_command


def test_addresses_of_every_kind_of_entry() -> None:
    assert links.address("R-JOKER-4") == "rules/joker.html#R-JOKER-4"
    assert links.address("R-JOKER") == "rules/joker.html"
    assert links.address("AMB-3") == "rules/ambiguities.html#AMB-3"
    assert links.address("FA-30") == "rules/sources.html#FA-30"
    assert links.address("FR-1") == "rules/sources.html#FR-1"
    assert links.address("option:tie-break") == "rules/options.html#option-tie-break"
    assert links.address("profile:fa") == "rules/options.html#profile-fa"
    with pytest.raises(ValueError, match="no page"):
        links.address("X-1")


def test_relative_links_between_pages() -> None:
    assert links.relative("rules/joker.html#R-JOKER-4", "rules/next.html") == "joker.html#R-JOKER-4"
    assert links.relative("rules/joker.html#R-JOKER-4", "index.html") == "rules/joker.html#R-JOKER-4"
    assert links.relative("index.html", "rules/joker.html") == "../index.html"
    assert links.relative("#x", "rules/joker.html") == "#x"


def test_base_url_from_the_environment(tmp_path: Path) -> None:
    assert links.base_url({}) == "" and links.base_url({links.SITE_URL_VARIABLE: "  "}) == ""
    assert links.base_url({links.SITE_URL_VARIABLE: "https://x.org/g"}) == "https://x.org/g/"
    assert links.base_url({links.SITE_URL_VARIABLE: "https://x.org/g/"}) == "https://x.org/g/"
    assert links.base_url({links.SITE_URL_VARIABLE: str(tmp_path)}) == tmp_path.as_uri() + "/"
    env = {links.SITE_URL_VARIABLE: "https://x.org/"}
    assert links.url("AMB-3", env) == "https://x.org/rules/ambiguities.html#AMB-3" and links.url_note(env) == ""
    assert links.SITE_URL_VARIABLE in links.url_note({})


def test_a_long_address_is_printed_whole_on_one_line(tmp_path, monkeypatch, capsys) -> None:
    folder = tmp_path / ("a-very-long-folder-name-" * 4) / "site"
    monkeypatch.setenv(links.SITE_URL_VARIABLE, str(folder))
    _, out, _ = run_command(cmd_rules, ["AMB-5"], capsys)
    assert f"\n  Web page: {folder.as_uri()}/rules/ambiguities.html#AMB-5\n" in out


@pytest.mark.parametrize("identifier", ["R-JOKER-4", "FA-30", "AMB-3", "R-JOKER"])
def test_rules_prints_the_web_page_of_an_entry(identifier, monkeypatch, capsys) -> None:
    monkeypatch.delenv(links.SITE_URL_VARIABLE, raising=False)
    _, out, _ = run_command(cmd_rules, [identifier], capsys)
    assert f"\n  Web page: {links.address(identifier)}\n    (of the site `generala-kit site` builds;" in out
    monkeypatch.setenv(links.SITE_URL_VARIABLE, "https://rules.example.org/generala/")
    _, out, _ = run_command(cmd_rules, [identifier], capsys)
    assert f"\n  Web page: https://rules.example.org/generala/{links.address(identifier)}\n" in out


def test_the_links_rules_and_explain_print_land_on_the_built_site(site_dir: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv(links.SITE_URL_VARIABLE, str(site_dir))
    base = site_dir.as_uri() + "/"
    position = "P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C"
    _, explained, _ = run_command(cmd_explain, [position, "P1 5S, P2 JK, P3 JK, P4 2S"], capsys)
    printed = [line.split()[-1] for line in explained.splitlines() if base in line]
    assert f"{base}rules/joker.html#R-JOKER-4" in printed and len(printed) >= 4
    for words in [
        ["R-JOKER-4"],
        ["AMB-5"],
        ["FA-30"],
        ["R-NEXT"],
        ["--game", "dice", "D-CAT-7"],
        ["--game", "dice", "PT-5"],
    ]:
        _, out, _ = run_command(cmd_rules, words, capsys)
        printed += [line.split()[-1] for line in out.splitlines() if line.startswith(f"  Web page: {base}")]
    assert len(printed) >= 10 and f"{base}dice/rules/cat.html#D-CAT-7" in printed
    pages = site_links.site_pages(site_dir)
    for link in printed:
        page, _, anchor = link.removeprefix(base).partition("#")
        assert page in pages and (not anchor or anchor in pages[page].ids), link
