"""`python3 -m mypy` checks the shipped packages through .mypy-path/ (see [tool.mypy] in
pyproject.toml): one symlink a package, named like the package, to the folder that
[tool.setuptools] package-dir maps it from."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_path_links_every_shipped_package_to_its_folder() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    package_dir: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    mypy = config["tool"]["mypy"]
    assert mypy["mypy_path"] == "$MYPY_CONFIG_FILE_DIR/.mypy-path"
    assert sorted(mypy["packages"]) == sorted(package_dir)
    links = ROOT / ".mypy-path"
    assert sorted(p.name for p in links.iterdir()) == sorted(package_dir)
    for package, folder in package_dir.items():
        link = links / package
        assert link.is_symlink() and link.readlink() == Path("..") / folder
        assert (link / "__init__.py").is_file()
