"""How the kit talks to an implementation: the adapter interface, the JSON-lines protocol,
the process adapter, ``serve`` and the reference adapter."""
