"""The games the kit checks: one sub-package per game (``cards``)."""
