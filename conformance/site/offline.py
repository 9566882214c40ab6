"""The site offline and installable: the service worker ``sw.js`` at the site's root,
a web app manifest per interface language (``manifest.webmanifest``,
``fr/manifest.webmanifest``…) and the icons they name.

The worker (``worker/sw.js``, filled in here) holds the list of every file the build
wrote, each with its SHA-256 (checked on install, as a
subresource integrity), and a version: the hash of that whole list, which names its
cache. ``assets/offline.js`` registers it from every page served over HTTP(S); pages
opened from ``file://`` have none.
"""

from __future__ import annotations

import base64
import hashlib
import json
import struct
import zlib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files

from generala_conformance.site import i18n, layout
from generala_conformance.site.editions import prefix
from generala_conformance.site.output import Site
from generala_spec import links

ICON_SIZES = (192, 512)
ICON_SVG = f"{layout.ASSETS}/icon.svg"
NAVY, WHITE, RED = (0x0F, 0x2E, 0x52), (0xFF, 0xFF, 0xFF), (0xB3, 0x12, 0x1F)
"""The icon's colours: the header's, a card, a heart (``assets/site.css``)."""


def icon_path(size: int) -> str:
    """The PNG icon of ``size`` pixels, from the site's root."""
    return f"{layout.ASSETS}/icon-{size}.png"


def _inside_icon(x: float, y: float) -> tuple[int, int, int]:
    """The colour at ``(x, y)`` of the icon (both in ``[-1, 1]``, ``y`` down): a white
    card with rounded corners and a red heart on the header's navy."""
    hx, hy = x / 0.42, -(y + 0.05) / 0.42
    if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0:
        return RED
    dx, dy = max(abs(x) - 0.42, 0.0), max(abs(y) - 0.6, 0.0)
    if abs(x) <= 0.56 and abs(y) <= 0.74 and dx * dx + dy * dy <= 0.14**2:
        return WHITE
    return NAVY


@cache
def icon_png(size: int) -> bytes:
    """The icon as a PNG of ``size`` × ``size`` pixels (RGB, no alpha: a maskable icon's
    safe zone holds the card)."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # (filter: none)
        for i in range(size):
            rows += bytes(_inside_icon(2 * (i + 0.5) / size - 1, 2 * (j + 0.5) / size - 1))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def manifest(code: str) -> dict[str, object]:
    """The web app manifest of the pages in the language ``code`` (at ``<prefix>manifest``):
    its start page is that language's home page, its scope the whole site."""
    t = i18n.load(code)
    here = f"{prefix(code)}{layout.MANIFEST}"
    icons: list[dict[str, str]] = [
        {"src": links.relative(icon_path(size), here), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in ICON_SIZES
    ]
    icons += [
        {"src": links.relative(icon_path(512), here), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        {"src": links.relative(ICON_SVG, here), "sizes": "any", "type": "image/svg+xml"},
    ]
    return {
        "name": t("common.home.brand"),
        "short_name": "Generala",
        "description": t("common.home.intro"),
        "lang": code,
        "dir": t.dir,
        "start_url": "./index.html",
        "scope": "../" * prefix(code).count("/") or "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": layout.THEME,
        "icons": icons,
    }


def precached(written: Sequence[str]) -> list[str]:
    """The files the worker installs: every file written but the worker itself."""
    return [path for path in written if path != layout.WORKER]


def worker(hashes: Mapping[str, str]) -> str:
    """The service worker's script for the files ``hashes`` (path -> ``sha256-BASE64``)."""
    version = hashlib.sha256(json.dumps(sorted(hashes.items())).encode()).hexdigest()[:16]
    source = files(__package__).joinpath("worker", "sw.js").read_text("utf-8")
    return source.replace("__VERSION__", version).replace("__FILES__", json.dumps(hashes, ensure_ascii=False, indent=0))


def integrity(data: bytes) -> str:
    """``data``'s subresource integrity (``sha256-BASE64``)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write(site: Site, languages: Sequence[str]) -> None:
    """Write the icons, a manifest per language of ``languages``, then the worker with
    the list of every file written so far (the last file of a build)."""
    for size in ICON_SIZES:
        site.write_file(icon_path(size), icon_png(size))
    for code in languages:
        site.write_file(
            f"{prefix(code)}{layout.MANIFEST}", json.dumps(manifest(code), ensure_ascii=False, indent=1) + "\n"
        )
    hashes = {path: integrity((site.out / path).read_bytes()) for path in precached(site.written)}
    site.write_file(layout.WORKER, worker(hashes))
