"""Benchmark of the web site: its size (with Pyodide and without), and the time to
first answer of the arbiter and play pages in headless Chromium (from opening the
page: Pyodide started, the kit's Python loaded, the first ``explain`` or deal drawn).

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


def sizes(out: Path, files: tuple[str, ...]) -> None:
    total = sum((out / f).stat().st_size for f in files)
    engine = sum((out / f).stat().st_size for f in files if f.startswith(FOLDER + "/"))
    print(f"site: {len(files)} files, {total / 2**20:.1f} MiB; Pyodide and kit.zip {engine / 2**20:.1f} MiB")
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
    for key in ("pyodide_ms", "ready_ms", "first_answer_ms"):
        values = [f[key] for f in found]
        print(f"{page_name:<13} {key:<16} median {statistics.median(values) / 1000:6.2f} s  (runs: {values})")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "site"
        started = time.perf_counter()
        built = build(out)
        print(f"build: {time.perf_counter() - started:.1f} s")
        sizes(out, built.files)
        server, url = serve(out)
        try:
            first_answers(url, "arbiter.html", runs)
            first_answers(url, "play.html", runs)
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
