"""Benchmark of the web site: its size (with Pyodide and without), and the time to
interactive of every page running a reference engine, in some of its languages, in
headless Chromium over localhost: from opening the page to its first answer drawn
(Pyodide started, the kit's Python loaded, the first ``explain``, deal, score or
game drawn, its controls ready). The issue asks for 5 s on this machine.

Run: ``python bench/bench_site.py [RUNS]`` (needs /usr/bin/chromium and Pyodide in
the cache or npm). Each run opens the page in a new browser context, so nothing is
cached between runs but what the browser keeps on disk (nothing, in a fresh profile).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from generala_conformance.site.build import build
from generala_conformance.site.engine_pages import FOLDER
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browser import CHROMIUM, CHROMIUM_ARGS, DESKTOP, serve

PAGES = (
    "arbiter.html",
    "play.html",
    "fr/arbiter.html",
    "fa/play.html",
    "dice/scorer.html",
    "dice/play.html",
    "es/dice/scorer.html",
    "pt/dice/play.html",
)


def sizes(out: Path, files: tuple[str, ...]) -> None:
    for name in sorted(f for f in files if f.startswith(FOLDER + "/")):
        print(f"  {name:<28} {(out / name).stat().st_size / 1024:9.0f} KiB")


def first_answers(url: str, page_name: str, runs: int) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        found = []
        for _ in range(runs):
            context = browser.new_context(viewport=DESKTOP)
            page = context.new_page()
            page.goto(url + page_name)
            page.wait_for_function(
                "() => window.generalaTimings && window.generalaTimings.first_answer_ms", timeout=300_000
            )
            found.append(page.evaluate("() => window.generalaTimings"))
            context.close()
        browser.close()
    for key in ("pyodide_ms", "ready_ms", "first_answer_ms"):  # the dice pages start no Pyodide
        values = [f[key] for f in found if key in f]
        if not values:
            continue
        print(f"{page_name:<20} {key:<16} median {statistics.median(values) / 1000:6.2f} s  (runs: {values})")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "site"
        started = time.perf_counter()
        built = build(out)
        print(f"build: {time.perf_counter() - started:.1f} s")
        print(built.report())
        sizes(out, built.files)
        server, url = serve(out)
        try:
            for page in PAGES:
                first_answers(url, page, runs)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
