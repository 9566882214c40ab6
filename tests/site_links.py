"""Read a built site's HTML files: the ids each page defines and the links it makes,
for the link check of the site's tests."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass
class PageLinks:
    """The ids a page defines and the addresses its ``href``/``src`` attributes name."""

    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found = PageLinks()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.found.ids.add(value)
            elif name in ("href", "src", "action") and value is not None:
                self.found.links.append(value)


def read(path: Path) -> PageLinks:
    """The ids and links of one HTML file."""
    collector = _Collector()
    collector.feed(path.read_text("utf-8"))
    return collector.found


def site_pages(root: Path) -> dict[str, PageLinks]:
    """Every HTML page of the site by its path relative to ``root``."""
    return {p.relative_to(root).as_posix(): read(p) for p in sorted(root.rglob("*.html"))}


def broken_links(root: Path) -> list[str]:
    """Every internal link of the site that names a missing file or a missing id,
    as ``page: link (why)``; links to other sites (``https:``) are not followed."""
    pages = site_pages(root)
    broken = []
    for page, found in pages.items():
        for link in found.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = (
                posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path))) if parts.path else page
            )
            if target.startswith("../") or not (root / target).is_file():
                broken.append(f"{page}: {link} (no file {target})")
            elif parts.fragment and target in pages and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{page}: {link} (no id {parts.fragment!r} in {target})")
    return broken
