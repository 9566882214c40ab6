"""Fault: the implementation dies before the handshake, saying why on stderr."""

import sys

sys.stderr.write("engine: cannot load the rules table\n")
sys.exit(3)
