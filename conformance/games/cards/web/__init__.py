"""The card game's engine and arbiter in JavaScript, for the web pages and Node: a port of
the reference engine (``reference/cards``) with its clause side channel, and of the page
API (``conformance/games/cards/site/page_api.py``); :mod:`.rulebook_data` writes the rulebook data they read."""
