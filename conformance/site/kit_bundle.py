"""The zip of the kit's Python that the pages running a reference engine load into
Pyodide: both reference engines, the rule options, ``explain`` and the words of
``play``, with PyYAML's pure-Python package, and nothing else.

The rulebook files go in as ``checked_rulebook.json``: the documents as the build
machine loaded and checked them against their schema
(:func:`generala_spec.rulebook.use_checked`), so the page needs no jsonschema.
The page APIs become top-level modules: ``generala_page`` (the card game's,
:mod:`generala_conformance.games.cards.site.page_api`) and ``generala_dice_page`` (the
dice game's, :mod:`generala_conformance.games.dice.site.page_api`). (This bundle, and
the Pyodide it runs in, are leaving the site for in-browser engines in JavaScript.)
"""

from __future__ import annotations

import io
import json
import zipfile
from importlib.resources import files
from pathlib import Path

import yaml
from generala_spec import rulebook

MODULES = {
    "generala_reference": ("__init__.py", "errors.py", "cards/*.py", "dice/*.py"),
    "generala_spec": (
        "__init__.py",
        "folders.py",
        "options.py",
        "parsed_cache.py",
        "rulebook.py",
        "yaml_text.py",
        "cards/book.yaml",
        "cards/options.yaml",
        "dice/book.yaml",
        "dice/options.yaml",
    ),
    "generala_conformance": (
        "__init__.py",
        "errors.py",
        "core/__init__.py",
        "core/input_files.py",
        "core/json_safe.py",
        "core/yaml_safe.py",
        "games/__init__.py",
        "games/cards/__init__.py",
        "games/cards/arbiter/__init__.py",
        "games/cards/arbiter/command_line.py",
        "games/cards/arbiter/explain.py",
        "games/cards/arbiter/narrate.py",
        "games/cards/arbiter/position_text.py",
        "games/cards/notation.py",
    ),
}
"""Per package, the files (or globs) the page's Python imports or reads."""

RULEBOOK_KINDS = ("book", "clauses", "ambiguities", "sources")
PAGE_MODULES = {
    "generala_page.py": ("generala_conformance.games.cards.site", "page_api.py"),
    "generala_dice_page.py": ("generala_conformance.games.dice.site", "page_api.py"),
}
"""The top-level modules of the bundle: the page APIs (package, file)."""
STAMP = (2026, 1, 1, 0, 0, 0)
"""The date written on every zip entry, so that one kit gives one zip."""


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    entry = zipfile.ZipInfo(name, STAMP)
    entry.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(entry, data)


def _package_files(package: str, patterns: tuple[str, ...]) -> list[tuple[str, bytes]]:
    root = Path(str(files(package)))
    found = sorted({path for pattern in patterns for path in root.glob(pattern) if path.is_file()})
    return [(f"{package}/{path.relative_to(root).as_posix()}", path.read_bytes()) for path in found]


def _yaml_files() -> list[tuple[str, bytes]]:
    """PyYAML's pure-Python modules (its LibYAML binding is left out: PyYAML runs without it)."""
    root = Path(yaml.__file__).parent
    return [(f"yaml/{path.name}", path.read_bytes()) for path in sorted(root.glob("*.py"))]


def kit_zip() -> bytes:
    """The zip's bytes."""
    checked = {kind: rulebook.load(kind) for kind in RULEBOOK_KINDS}
    entries = [item for package, patterns in MODULES.items() for item in _package_files(package, patterns)]
    entries += _yaml_files()
    entries += [(name, files(package).joinpath(file).read_bytes()) for name, (package, file) in PAGE_MODULES.items()]
    entries.append(("checked_rulebook.json", json.dumps(checked, ensure_ascii=False).encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            _add(archive, name, data)
    return buffer.getvalue()
