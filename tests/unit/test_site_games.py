"""The site names no game: it takes the games from the registry, each as its
``Game.site`` says, so that a game plugged in from outside (the toy game of the tests,
``tests/toy_game.py``) gets its rulebook pages without an edit of ``site/``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from generala_conformance import games
from generala_conformance.site import build, editions

from tests import toy_game

CONFORMANCE = Path(__file__).resolve().parents[2] / "conformance"
GAME_MODULES = (*(f"generala_conformance.games.{name}" for name in games.BUILTIN), "generala_reference")
"""What the site may not import: any game's package, any engine."""


def _imports(path: Path) -> list[str]:
    """Every module a file imports (``from a import b`` gives ``a`` and ``a.b``)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return names


def test_the_site_imports_no_game_module() -> None:
    found = [
        f"{path.relative_to(CONFORMANCE)}: {name}"
        for path in sorted((CONFORMANCE / "site").rglob("*.py"))
        for name in _imports(path)
        if name.startswith(GAME_MODULES)
    ]
    assert found == []
    assert _imports(CONFORMANCE / "site" / "build.py").count("generala_conformance.games") == 1  # the registry


def test_no_module_of_the_site_is_a_games_own() -> None:
    own = [path.name for path in (CONFORMANCE / "site").rglob("*.py") if path.stem.split("_")[0] in games.BUILTIN]
    assert own == []


def test_the_site_holds_every_game_of_the_registry_with_its_own_sections() -> None:
    held = build.site_games()
    assert [game.name for game in held] == list(games.names())
    for game in held:
        own = games.get(game.name).site.sections
        assert game.sections[1:] == own and game.sections[0].path == "rules/index.html"


def _toy_site(out: Path) -> build.Built:
    return build.build(out, games=[editions.SiteGame(toy_game.GAME, build.write_rulebook)])


def test_the_toy_game_gets_its_rulebook_pages(tmp_path: Path) -> None:
    built = _toy_site(tmp_path / "site")
    for page in ("index.html", "count.html", "ambiguities.html", "options.html", "sources.html"):
        assert f"toy/rules/{page}" in built.files
    assert "assets/search-index-toy.js" in built.files
    area = (tmp_path / "site" / "toy" / "rules" / "count.html").read_text("utf-8")
    assert '<article class="clause" id="T-COUNT-1">' in area and "An inc adds one to the counter." in area
    assert '<a href="ambiguities.html#AMB-1">AMB-1</a>' in area  # T-COUNT-2's ruling
    assert "<title>T-COUNT: counting · Toy</title>" in area  # the brand is the toy's own string
    index = (tmp_path / "site" / "toy" / "rules" / "index.html").read_text("utf-8")
    assert "Every rule of the toy counter as a numbered clause." in index
    assert re.search(r'<a href="index.html" aria-current="page">Toy rulebook</a>', index)
    sources = (tmp_path / "site" / "toy" / "rules" / "sources.html").read_text("utf-8")
    assert 'id="EN-2"' in sources and '<a href="count.html#T-COUNT-2">T-COUNT-2</a>' in sources
    home = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "<h2>The toy counter</h2>" in home and '<a href="toy/rules/index.html">Toy rulebook</a>' in home
    assert "T-COUNT-1" in (tmp_path / "site" / "assets" / "search-index-toy.js").read_text("utf-8")


def test_a_games_own_strings_come_before_the_sites_and_english_fills_in(tmp_path: Path) -> None:
    toy = editions.SiteGame(toy_game.GAME, build.write_rulebook)
    french = toy.strings("fr")
    assert french("toy.brand") == "Toy"  # the toy has no French file: its English
    assert french("common.search.button") != toy.strings("en")("common.search.button")  # the site's French
