"""Browser tests' infrastructure: a built site served on a local HTTP server, and
Debian's Chromium driven through Playwright (never a browser build of its own).

``tests/conftest.py`` registers these fixtures for every test module:

- ``site_dir``: the site, built once per test session (per xdist worker) with
  ``generala-kit site`` from the installed package;
- ``site_url``: its address on a local server (``http://127.0.0.1:PORT/``);
- ``browser``: a headless Chromium (``/usr/bin/chromium``); a test using it fails,
  saying how to install it, when it is missing (it never skips);
- ``phone`` and ``desktop``: a new page at :data:`PHONE` or :data:`DESKTOP` size; the
  test fails if the page reports a script error, misses a file or loads anything
  from elsewhere than the local server or files (:data:`LOCAL`).

:func:`screenshot` writes ``NAME-phone.png`` or ``NAME-desktop.png`` into
:data:`SCREENSHOTS` (``build/screenshots/`` of the work tree, git-ignored;
the environment variable ``GENERALA_SCREENSHOTS`` names another folder).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = (
    f"Chromium is missing ({CHROMIUM}): the browser tests drive Debian's chromium package. "
    "Install it with `apt-get install -y chromium` as root (`.ci/install-chromium` does it); "
    "never with `playwright install`."
)
LOCAL = ("http://127.0.0.1:", "file://", "data:", "about:", "blob:")
"""What a page may load: the local server, files and inline data; nothing else."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREENSHOTS = Path(
    os.environ.get("GENERALA_SCREENSHOTS") or Path(__file__).resolve().parents[1] / "build" / "screenshots"
)


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the files of a folder without logging every request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    """A threading server that says nothing of a browser gone before a file was
    sent whole (a page left or a network turned off mid-transfer): not an error
    of the site, only noise in the test log. Anything else is reported as usual."""

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def build_site(out: Path) -> Path:
    """``generala-kit site --out OUT`` run as a user runs it (the installed command
    through ``python -m generala_conformance.cli``); fails the test if it fails."""
    done = subprocess.run(
        [sys.executable, "-m", "generala_conformance.cli", "site", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"generala-kit site failed ({done.returncode}):\n{done.stdout}{done.stderr}"
    return out


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    """A local HTTP server for ``folder`` on a free port, started in a daemon thread;
    returns it (``shutdown()`` it) and its base URL ending in ``/``."""
    server = _Server(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """A screenshot of ``page`` (the whole page, or what the screen shows when not
    ``full_page``) as ``SCREENSHOTS/NAME-phone.png`` (or ``-desktop``, by its width)."""
    width = page.viewport_size["width"]
    kind = "phone" if width <= PHONE["width"] else "desktop"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{kind}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for the session."""
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site on a local HTTP server."""
    server, url = serve(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's headless Chromium through Playwright."""
    if not CHROMIUM.exists():
        pytest.fail(INSTALL_HINT, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _page(browser, size: dict[str, int]) -> Iterator[object]:
    context = browser.new_context(viewport=size, device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []

    def failed(request) -> None:
        if request.failure != "net::ERR_ABORTED":  # a load the next navigation cancelled is no missing file
            errors.append(f"{request.failure} {request.url}")

    def requested(request) -> None:
        if not request.url.startswith(LOCAL):
            errors.append(f"fetched from elsewhere: {request.url}")

    def answered(response) -> None:
        if response.status >= 400:
            errors.append(f"{response.status} {response.url}")

    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("request", requested)
    page.on("requestfailed", failed)
    page.on("response", answered)
    yield page
    context.close()
    assert not errors, f"the page reported errors: {errors}"


@pytest.fixture
def phone(browser) -> Iterator[object]:
    """A new page at phone size (390×844); the test fails on a script error or a
    missing file."""
    yield from _page(browser, PHONE)


@pytest.fixture
def desktop(browser) -> Iterator[object]:
    """A new page at desktop size (1280×900); the test fails on a script error."""
    yield from _page(browser, DESKTOP)
