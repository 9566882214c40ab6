"""``python -m generala_conformance.cli``."""

import sys

from generala_conformance.cli import program

sys.exit(program())
