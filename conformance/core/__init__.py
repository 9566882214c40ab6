"""The runner core: what a case is and how one runs, with no front end and no game by name."""
