"""CI runs exactly the README's test command (README, "The two commands")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme[readme.index("Run the kit's own tests") :]
    command = re.search(r"```sh\n(.+?)\n```", section, re.S).group(1).strip()
    lines = [ln for ln in (ROOT / ".ci" / "run").read_text("utf-8").splitlines() if ln and not ln.startswith("#")]
    assert lines[-1] == command
    assert "install-chromium" in command and (ROOT / ".ci" / "install-chromium").is_file()
