"""``python -m generala_conformance.cli``."""

import sys

from generala_conformance.cli import main

sys.exit(main())
