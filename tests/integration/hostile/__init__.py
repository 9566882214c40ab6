"""The hostile-input tier (issue 42): signals, reports written whatever happens, every
command's arguments. Every test also checks that no output holds a ``Traceback``."""
