"""The folder a site is written to: pages through the shared layout, plain files,
and the record of every file written (for the size and the link check)."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from generala_conformance.errors import UsageError
from generala_conformance.site import layout

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

MARKER = ".generala-site"
"""The file that marks a folder as written by ``generala-kit site`` (safe to clear)."""


class SiteError(UsageError):
    """A site that cannot be written (``code``: ``out-not-empty``, ``out-not-a-folder``)."""


def prepare(out: Path) -> None:
    """Make ``out`` an empty folder: create it, or clear a previous site there. A
    folder holding anything else is refused, so nothing of the user's is lost."""
    if out.exists() and not out.is_dir():
        raise SiteError("out-not-a-folder", f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARKER).is_file():
            raise SiteError(
                "out-not-empty",
                f"{out} is not empty and holds no site written by generala-kit ({MARKER} is missing): "
                "give a new or empty folder",
            )
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / MARKER).write_text("written by generala-kit site; the whole folder is replaced on the next build\n")


@dataclass
class Site:
    """The site being written to ``out``: ``nav`` is the header's navigation,
    ``written`` every file's path relative to ``out``, in order; ``version`` the kit's."""

    out: Path
    nav: Sequence[layout.NavItem]
    footer: str = ""
    written: list[str] = field(default_factory=list)
    version: str = ""

    def write_file(self, path: str, content: str | bytes) -> None:
        """Write one file at ``path`` (relative to the root, ``/``-separated)."""
        target = self.out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8") if isinstance(content, str) else content
        partial = target.with_name(f".{target.name}.partial")
        partial.write_bytes(data)
        partial.replace(target)
        if path not in self.written:
            self.written.append(path)

    def write_page(
        self,
        path: str,
        title: str,
        body: str,
        scripts: Sequence[str] = (),
        *,
        nav: Sequence[layout.NavItem] | None = None,
        chrome: layout.Chrome = layout.ENGLISH,
        footer: str | None = None,
    ) -> None:
        """Write an HTML page through the shared :func:`layout.page` (``nav`` and
        ``footer``: the site's unless given; ``chrome``: the page's language and header)."""
        page = layout.page(
            path,
            title,
            body,
            self.nav if nav is None else nav,
            scripts,
            self.footer if footer is None else footer,
            chrome,
        )
        self.write_file(path, page)

    def copy_assets(self, package: str, folder: str, target: str) -> None:
        """Copy every file of ``folder`` in ``package``'s data to ``target``."""
        self.copy_folder(files(package).joinpath(folder), target)

    def copy_folder(self, folder: Traversable, target: str) -> None:
        """Copy every file of ``folder`` (not its sub-folders) to ``target``."""
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_file():
                self.write_file(f"{target}/{entry.name}", entry.read_bytes())
