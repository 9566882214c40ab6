"""Differential fuzzing: random games in lockstep with the reference, campaigns, shrinking and reproductions."""
