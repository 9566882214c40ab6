"""The dice game's commands (``DiceGame.commands``): its side of ``fuzz`` and
``regenerate`` (``generala-kit fuzz --game dice``). Each module has ``HELP``,
``configure(parser)`` and ``run(args) -> int``."""
