"""The site's service worker, manifests and icons (``site/offline.py``): the worker
lists every file of its version with its hash, its version is the hash of that list,
each language has its manifest, the icons are PNGs of their size, and every page
links its language's manifest and the script registering the worker."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

from generala_conformance.site import layout, offline
from generala_conformance.site.output import Site


def _worker_data(script: str) -> tuple[str, dict[str, str]]:
    version = re.search(r'const VERSION = "(\w+)";', script)
    listed = re.search(r"const FILES = (\{.*?\});", script, re.S)
    assert version and listed
    return version.group(1), json.loads(listed.group(1))


def test_the_worker_lists_every_file_with_its_hash(tmp_path: Path) -> None:
    site = Site(tmp_path, [])
    site.write_file("index.html", "<p>home</p>")
    site.write_file("fr/rules/joker.html", "<p>joker</p>")
    site.write_file("assets/cards/page_api.mjs", "export {};")
    site.write_page(
        "assets/x.html", "x", "<p>x</p>", chrome=layout.Chrome(lang="fr", manifest="fr/manifest.webmanifest")
    )
    offline.write(site, ["en", "fr"])
    assert site.written[-1] == "sw.js"
    version, listed = _worker_data((tmp_path / "sw.js").read_text("utf-8"))
    assert set(listed) == set(site.written) - {"sw.js"}
    assert {"manifest.webmanifest", "fr/manifest.webmanifest", "assets/icon-192.png"} <= set(listed)
    assert listed["index.html"] == offline.integrity(b"<p>home</p>")
    assert re.fullmatch(r"[0-9a-f]{16}", version)


def test_the_version_changes_with_any_file_and_only_with_the_files() -> None:
    one = offline.worker({"index.html": offline.integrity(b"a"), "assets/site.css": offline.integrity(b"b")})
    same = offline.worker({"assets/site.css": offline.integrity(b"b"), "index.html": offline.integrity(b"a")})
    other = offline.worker({"index.html": offline.integrity(b"a"), "assets/site.css": offline.integrity(b"c")})
    assert _worker_data(one)[0] == _worker_data(same)[0] != _worker_data(other)[0]


def test_each_language_has_a_manifest_starting_at_its_home_page() -> None:
    english, persian = offline.manifest("en"), offline.manifest("fa")
    assert english["start_url"] == persian["start_url"] == "./index.html"
    assert (english["scope"], persian["scope"]) == ("./", "../")
    assert (english["lang"], english["dir"], persian["lang"], persian["dir"]) == ("en", "ltr", "fa", "rtl")
    assert persian["name"] != english["name"] or persian["description"] != english["description"]
    sources = [icon["src"] for icon in persian["icons"]]
    assert "../assets/icon-192.png" in sources and "../assets/icon.svg" in sources
    assert english["theme_color"] == layout.THEME


def test_the_icons_are_pngs_of_their_size() -> None:
    for size in offline.ICON_SIZES:
        data = offline.icon_png(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        assert struct.unpack(">II", data[16:24]) == (size, size)
        length = struct.unpack(">I", data[33:37])[0]
        pixels = zlib.decompress(data[41 : 41 + length])
        assert len(pixels) == size * (1 + 3 * size)
        middle = size // 2 * (1 + 3 * size) + 1 + 3 * (size // 2)
        assert tuple(pixels[middle : middle + 3]) == offline.RED and tuple(pixels[1:4]) == offline.NAVY


def test_every_page_links_its_manifest_and_the_worker_script() -> None:
    page = layout.page(
        "fr/rules/joker.html", "t", "", [], chrome=layout.Chrome(lang="fr", manifest="fr/manifest.webmanifest")
    )
    assert '<link rel="manifest" href="../manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0f2e52">' in page
    assert '<script src="../../assets/offline.js" data-worker="../../sw.js"\n defer></script>' in page
