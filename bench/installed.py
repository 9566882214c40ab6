"""The kit as ``pip install`` leaves it, for the benchmarks that time whole processes
(``bench_check.py``, ``bench_protocol.py``): what a user who installed the kit waits for.

A checkout's editable install is not that: its import hook runs at every start (it
loads ``pathlib`` and ``re`` before the first line), and a shell that sets
``PYTHONDONTWRITEBYTECODE`` (as this project's machines do) makes every start compile
the kit's modules again, which pip does once, at install. :func:`installed_kit` gives
a virtual environment that holds the kit's packages as pip lays them out, with their
bytecode written, whatever the shell says.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PACKAGES = {
    "generala_conformance": "conformance",
    "generala_reference": "reference",
    "generala_spec": "spec",
    "generala_scenarios": "scenarios",
}
"""Each package of the kit and the worktree folder it is made of (``pyproject.toml``)."""
ROOT = Path(__file__).resolve().parent.parent
CONSOLE_SCRIPT = """# -*- coding: utf-8 -*-
import re
import sys
from generala_conformance.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""
"""The ``generala-kit`` script pip writes for the kit's entry point (after its ``#!`` line)."""


@contextlib.contextmanager
def installed_kit() -> Iterator[tuple[str, str, dict[str, str]]]:
    """The kit as installed by pip, for the time of the block: a fresh virtual
    environment whose ``site-packages`` holds the kit's packages (links to this
    worktree's folders) and a path line to this interpreter's ``site-packages``
    for the dependencies (a plain ``.pth`` line, as pip writes none), with its
    bytecode caches written. Yields its ``generala-kit`` (the console script pip
    writes), its python and the environment to run them in."""
    import site
    import venv

    with tempfile.TemporaryDirectory(prefix="generala-installed-") as tmp:
        venv.EnvBuilder(with_pip=False, symlinks=True).create(tmp)
        python = str(Path(tmp) / "bin" / "python")
        purelib = subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for package, folder in PACKAGES.items():
            (Path(purelib) / package).symlink_to(ROOT / folder)
        (Path(purelib) / "dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n", "utf-8")
        script = Path(tmp) / "bin" / "generala-kit"
        script.write_text(f"#!{python}\n{CONSOLE_SCRIPT}", "utf-8")
        script.chmod(0o755)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")  # leaves the worktree as it is
        subprocess.run([python, "-m", "compileall", "-q", *(str(Path(purelib) / p) for p in PACKAGES)], env=env)
        yield str(script), python, env
