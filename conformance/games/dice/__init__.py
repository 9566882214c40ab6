"""generala_conformance.games.dice — what Generala, the dice game, plugs into the kit:
its reference adapter, handshake and request checks, case runner and suite."""
