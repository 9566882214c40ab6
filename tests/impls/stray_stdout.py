"""Fault: the implementation prints a banner on stdout before the handshake."""

import sys

import _peer

sys.stdout.write("my-engine 0.1 ready\n")
sys.stdout.flush()
_peer.run()
