"""The Node transcript runner (``examples/transcripts-node``) and its one npm
dependency, ajv, which reads replies against the set's protocol schema: installed
once with ``npm ci`` from its lock file (pytest-xdist workers take turns)."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import tempfile
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "examples" / "transcripts-node"
RUNNER = FOLDER / "transcripts.js"


def ready() -> Path:
    """:data:`RUNNER`, its dependencies installed (``npm ci`` when ajv is missing)."""
    with (Path(tempfile.gettempdir()) / "generala-kit-transcripts-node.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (FOLDER / "node_modules" / "ajv" / "package.json").is_file():
            npm = shutil.which("npm")
            assert npm is not None, "npm is needed to install the transcript runner's dependency (ajv)"
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=FOLDER, check=True, capture_output=True)
    return RUNNER
