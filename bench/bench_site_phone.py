"""Benchmark of the site at the table: the time to first answer of every engine page
(arbiter, play, scorer, dice play; in English and in one translation) on a phone,
headless Chromium with a fresh profile per run at 390×844, Chromium's CPU throttling
(CDP ``Emulation.setCPUThrottlingRate``) and network throttling (CDP
``Network.emulateNetworkConditions``), and the bytes the page transferred until then;
then the same page again with the network off (the service worker's copy).

Profiles (:data:`PROFILES`): ``desktop`` (loopback, no throttling); ``phone`` (CPU 4×,
9 Mbit/s down, 3 Mbit/s up, 60 ms); ``3G`` (CPU 4×, 1.6 Mbit/s down, 0.75 Mbit/s up,
150 ms). The first answer is ``window.generalaTimings.first_answer_ms`` (the page's
own clock, from navigation start). The transfer counts the page's own requests (CDP
``Network.loadingFinished``), not the service worker's installing the whole site in
the background, whose size the bench prints apart.

Run: ``python bench/bench_site_phone.py [--site DIR] [--runs N] [--profiles phone,3G]``
(needs /usr/bin/chromium; without ``--site`` it builds the site first). It prints a
Markdown table like issue 43's.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, serve

MBIT = 1_000_000 / 8
"""Bytes per second of one Mbit/s."""


@dataclass(frozen=True)
class Profile:
    """A device and its network: CPU slow-down, bytes/s down and up, round-trip latency (ms)."""

    cpu: float
    down: float
    up: float
    latency: float


PROFILES = {
    "desktop": Profile(1, -1, -1, 0),
    "phone": Profile(4, 9 * MBIT, 3 * MBIT, 60),
    "3G": Profile(4, 1.6 * MBIT, 0.75 * MBIT, 150),
}
PAGES = {
    "arbiter": ("arbiter.html", "fr/arbiter.html"),
    "play": ("play.html", "fr/play.html"),
    "scorer": ("dice/scorer.html", "es/dice/scorer.html"),
    "dice play": ("dice/play.html", "es/dice/play.html"),
}
FIRST_ANSWER = "() => (window.generalaTimings && window.generalaTimings.first_answer_ms) || null"
DONE = (
    "() => (window.generalaTimings && window.generalaTimings.first_answer_ms)"
    " || document.querySelector('.status.error')"
)
"""An answer, or the engine's failure shown in the status line."""
WORKER = """async () => {
  if (!("serviceWorker" in navigator) || !(await navigator.serviceWorker.getRegistration())) return false;
  const registration = await navigator.serviceWorker.ready;
  while (registration.active.state !== "activated") await new Promise((r) => setTimeout(r, 50));
  return true;
}"""


@dataclass(frozen=True)
class Run:
    """One cold visit: the first answer (ms, None if none came), the bytes transferred,
    and the first answer of a second visit with the network off (None: no answer)."""

    first: float | None
    transfer: int
    offline: float | None


def _throttle(cdp: object, profile: Profile, offline: bool = False) -> None:
    send = cdp.send  # type: ignore[attr-defined]
    send("Network.enable")
    send(
        "Network.emulateNetworkConditions",
        {
            "offline": offline,
            "latency": profile.latency,
            "downloadThroughput": profile.down,
            "uploadThroughput": profile.up,
        },
    )
    send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu})


def _answer(page: object, timeout: float) -> float | None:
    """The page's first answer (ms), None if it showed a failure or gave none in ``timeout``."""
    try:
        page.wait_for_function(DONE, timeout=timeout)  # type: ignore[attr-defined]
    except PlaywrightError:
        return None
    found = page.evaluate(FIRST_ANSWER)  # type: ignore[attr-defined]
    return None if found is None else float(found)


def visit(browser: object, url: str, profile: Profile, timeout: float) -> Run:
    """A cold visit of ``url`` in a new context, then a visit with the network off."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)  # type: ignore[attr-defined]
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    sizes: list[int] = []
    cdp.on("Network.loadingFinished", lambda event: sizes.append(int(event["encodedDataLength"])))
    _throttle(cdp, profile)
    first: float | None = None
    try:
        page.goto(url, timeout=timeout)
        first = _answer(page, timeout)
    except PlaywrightError:
        pass
    transfer = sum(sizes)
    again: float | None = None
    try:
        if first is not None and page.evaluate(WORKER):
            _throttle(cdp, profile, offline=True)
            context.set_offline(True)
            page.reload(timeout=timeout)
            again = _answer(page, timeout)
    except PlaywrightError:
        pass
    context.close()
    return Run(first, transfer, again)


def _seconds(values: list[float | None]) -> str:
    known = [v for v in values if v is not None]
    if len(known) < len(values):
        return "no answer"
    return f"{statistics.median(known) / 1000:.1f} s"


def _precache_size(site: Path) -> int:
    """The bytes the service worker installs in the background (0 without one)."""
    worker = site / "sw.js"
    if not worker.is_file():
        return 0
    listed = re.search(r"const FILES = (\{.*?\});", worker.read_text("utf-8"), re.S)
    return sum((site / path).stat().st_size for path in json.loads(listed.group(1))) if listed else 0


def table(site: Path, profiles: list[str], pages: dict[str, tuple[str, str]], runs: int, timeout: float) -> str:
    """Visit each of ``pages`` (of :data:`PAGES`) under each profile ``runs`` times; the table."""
    server, base = serve(site)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for name in profiles:
                profile = PROFILES[name]
                cells, offline = [], []
                for shown in pages.values():
                    found = [visit(browser, base + page, profile, timeout) for page in shown for _ in range(runs)]
                    transfer = statistics.median(r.transfer for r in found) / 2**20
                    cells.append(f"{_seconds([r.first for r in found])} ({transfer:.1f} MB)")
                    offline.append(_seconds([r.offline for r in found]))
                rows.append(f"| {name} | {' | '.join(cells)} |")
                rows.append(f"| {name}, network off (2nd visit) | {' | '.join(offline)} |")
            browser.close()
    finally:
        server.shutdown()
    head = "| profile | " + " | ".join(pages) + " |\n|---" + "|---" * len(pages) + "|\n"
    note = (
        f"\nFirst answer, median of {runs} run(s) of each page in English and one translation "
        f"({', '.join(p for shown in pages.values() for p in shown)}), cold transfer in brackets. "
        f"Service worker's background install: {_precache_size(site) / 2**20:.1f} MB."
    )
    return head + "\n".join(rows) + "\n" + note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a site built by generala-kit site (default: build one)")
    parser.add_argument("--runs", type=int, default=1, help="runs per page and profile (default 1)")
    parser.add_argument("--profiles", default=",".join(PROFILES), help=f"of {', '.join(PROFILES)}")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"of {', '.join(PAGES)}")
    parser.add_argument("--timeout", type=float, default=240, help="seconds a page may take to answer")
    args = parser.parse_args()
    profiles = [p.strip() for p in args.profiles.split(",") if p.strip()]
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site
        if site is None:
            from generala_conformance.site.build import build

            site = build(Path(scratch) / "site").out
        pages = {name: PAGES[name.strip()] for name in args.pages.split(",") if name.strip()}
        print(table(site, profiles, pages, args.runs, args.timeout * 1000))


if __name__ == "__main__":
    main()
