"""Run one ``generala-kit`` command module in-process, as the kit's tests do."""

from __future__ import annotations

import argparse
from types import ModuleType

import pytest


def run_command(command: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``command`` (a module of ``generala_conformance.cli``) run on ``argv``: its
    exit code, standard output and standard error."""
    parser = argparse.ArgumentParser()
    command.configure(parser)
    code = command.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err
