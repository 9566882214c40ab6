"""Fault: the implementation dies before the handshake, saying why on stderr."""

import sys

import _peer

_peer.record_pid()

sys.stderr.write("engine: cannot load the rules table\n")
sys.exit(3)
