"""``generala-kit report`` on real runs, checked in a headless Chromium.

Real runs of the reference engine (also under the ``fa`` profile), the JavaScript
example (``examples/javascript``, run with node when it is on PATH: its test skips
without node), a deliberately broken engine (``tests/impls/named_engine.py
second-joker-wins``: it breaks R-JOKER-4) and one saying hello with a hostile name
(markup, quotes, a lone surrogate) are put together in one report site, served
over HTTP. The runs are limited to the JOKER
and SETUP areas (a rules area and a contract area), the hostile one to R-SETUP-1,
to keep the test short.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from tests.browser import screenshot, serve
from tests.impls.named_engine import HOSTILE
from tests.unit.test_report_site import SHIELDS_ENDPOINT

ROOT = Path(__file__).resolve().parents[2]
KIT = [sys.executable, "-m", "generala_conformance.cli"]
NODE = shutil.which("node")
NAMED = ROOT / "tests" / "impls" / "named_engine.py"
AREAS = ["--clause", "R-JOKER", "--clause", "R-SETUP"]
BROKEN = "second-joker-wins (broken)"

needs_node = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not on PATH: the JavaScript example cannot run")


def _runs(folder: Path) -> list[Path]:
    """Run ``check --json`` on each implementation at once; the reports, in column order."""
    plans = {
        "reference": [],
        "reference-fa": ["--profile", "fa"],
        **({"javascript": ["--adapter-cmd", f'"{NODE}" "{ROOT / "examples/javascript/engine.js"}"']} if NODE else {}),
        "broken": ["--adapter-cmd", f'"{sys.executable}" "{NAMED}" second-joker-wins'],
        "hostile": ["--adapter-cmd", f'"{sys.executable}" "{NAMED}" must-beat hostile', "--clause", "R-SETUP-1"],
    }
    started = {
        name: subprocess.Popen(
            [*KIT, "check", *(args if "--clause" in args else [*AREAS, *args]), "--json", str(folder / f"{name}.json")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name, args in plans.items()
    }
    for name, process in started.items():
        output, _ = process.communicate(timeout=300)
        assert process.returncode in (0, 1), f"check of {name} could not run:\n{output[-3000:]}"
    return [folder / f"{name}.json" for name in plans]


@pytest.fixture(scope="module")
def report_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report site of the real runs, written by ``generala-kit report``."""
    folder = tmp_path_factory.mktemp("report-site")
    reports = _runs(folder)
    done = subprocess.run(
        [*KIT, "report", *map(str, reports), "--out", str(folder / "site")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return folder / "site"


@pytest.fixture(scope="module")
def report_url(report_site: Path) -> Iterator[str]:
    server, url = serve(report_site)
    with server:  # closed on leaving
        yield url
        server.shutdown()


def _column(page, name: str) -> int:
    """The 1-based index (as CSS nth-child counts) of the matrix column of ``name``."""
    heads = page.locator("table.matrix thead th").all_inner_texts()
    return next(i for i, head in enumerate(heads, 1) if head.startswith(name))


def test_the_broken_engines_failing_clause_links_to_its_first_diverging_step(desktop, report_url: str) -> None:
    page = desktop
    page.goto(report_url)
    row = page.locator("table.matrix tr", has=page.locator('th[scope=row] span[id="R-JOKER-4"]'))
    broken = row.locator(f"td:nth-child({_column(page, BROKEN)})")
    assert broken.is_visible() and "fail" in broken.get_attribute("class")
    assert "fail" in broken.inner_text()
    assert row.locator(f"td:nth-child({_column(page, 'generala-kit reference')})").get_attribute("class") == "cell pass"
    screenshot(page, "report-matrix")
    broken.locator("a").click()
    page.wait_for_url("**/run-*-second-joker-wins-broken-*.html#clause-R-JOKER-4")
    section = page.locator("section.clause:target")
    assert section.is_visible() and section.locator("h3").inner_text().startswith("R-JOKER-4")
    assert "diverges at" in section.inner_text()
    section.locator("li a").first.click()
    case = page.locator("article.case:target")
    assert case.is_visible()
    details = case.locator("dl.divergence").inner_text()
    for label in ("first diverging step", "expected", "actual", "table at that step"):
        assert label in details
    assert "breaks R-JOKER-4" in case.inner_text()
    assert case.locator("pre.table").inner_text().count("P1") == 1
    screenshot(page, "report-failing-case")


@needs_node
def test_the_javascript_example_passes_beside_the_broken_engine(desktop, report_url: str, report_site: Path) -> None:
    badge = json.loads((report_site / "badges" / "generala-js.json").read_text(encoding="utf-8"))
    assert badge["message"] == "rules 100% · contract 100%" and badge["color"] == "brightgreen"
    page = desktop
    page.goto(report_url)
    row = page.locator("table.matrix tr", has=page.locator('th[scope=row] span[id="R-JOKER-4"]'))
    assert row.locator(f"td:nth-child({_column(page, 'generala-js')})").get_attribute("class") == "cell pass"
    runs = page.locator("table.runs tr", has=page.locator("a", has_text="generala-js"))
    assert "javascript" in runs.inner_text() and "OK:" in runs.inner_text()


def test_the_matrix_fits_a_phone_by_scrolling_itself(phone, report_url: str) -> None:
    page = phone
    page.goto(report_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    scroller = page.locator("div.scroll", has=page.locator("table.matrix"))
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth")  # the table scrolls inside its box
    clause = page.locator('table.matrix th[scope=row]:has(span[id="R-JOKER-4"])')
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    assert clause.bounding_box()["x"] < 20  # the clause column stays in view (sticky)
    scroller.evaluate("e => { e.scrollLeft = 0; }")
    screenshot(page, "report-matrix")
    page.goto(report_url + page.locator("table.runs a", has_text=BROKEN).get_attribute("href"))
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, "report-run")


def test_a_hostile_implementation_name_is_shown_as_text_and_runs_nothing(desktop, report_url: str) -> None:
    page = desktop
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(report_url)
    shown = HOSTILE.replace("\ud800", "?")  # the serving engine wrote it as "?"
    assert page.locator("table.runs a", has_text=shown).count() == 1
    page.locator("table.runs a", has_text=shown).click()
    assert page.locator("h1").inner_text().startswith(shown)
    for url in (report_url, page.url):
        page.goto(url)
        assert page.locator("script, b, img").count() == 0 and dialogs == []


def test_the_badges_are_shields_endpoints_per_implementation_and_profile(report_site: Path) -> None:
    badges = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (report_site / "badges").iterdir()}
    for badge in badges.values():
        jsonschema.validate(badge, SHIELDS_ENDPOINT)
    assert badges["generala-kit-reference.json"]["message"] == "rules 100% · contract 100%"
    assert badges["generala-kit-reference--fa.json"]["label"] == "Générala fa"
    broken = badges["second-joker-wins-broken.json"]
    assert broken["message"].startswith("rules 8") and broken["message"].endswith("contract 100%")
    assert broken["color"] == "yellow"
