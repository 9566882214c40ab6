"""Fault: the implementation starts but never answers the handshake."""

import sys
import time

sys.stdin.readline()
time.sleep(3600)
