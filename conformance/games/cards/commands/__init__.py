"""The card game's commands (``CardGame.commands``): ``play``, ``explain`` and
``perft`` are its alone; ``fuzz`` and ``regenerate`` are its side of commands the
dice game has too (``generala-kit fuzz --game cards``). Each module has ``HELP``,
``configure(parser)`` and ``run(args) -> int``, as the shared commands of
:mod:`generala_conformance.cli` do."""
