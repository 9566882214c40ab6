"""The learn-by-playing page (``play.html``): a whole game against simple computer
players, every event told in one line with its clause, in the words of
``generala-kit play`` — the game is the kit's own Python, run in the browser
(``assets/play.mjs`` draws it).
"""

from __future__ import annotations

from generala_conformance.site import engine_pages
from generala_conformance.site.output import Site

PAGE = "play.html"


def body() -> str:
    """The page's content: the game's settings, the table and the game's story."""
    return f"""<h1>Learn by playing</h1>
<p>Play a whole game against computer players. Every event — the deal, the forced first lead, each card,
declines and takes, going out, who leads next, the loser — is told in one line with the clause that
decides it. Tap a card you may not play to see why.</p>
{engine_pages.loading_status()}
<form id="play-form" class="play-form" hidden>
<label>Players <select id="players"></select></label>
<label>You are <select id="seat"></select></label>
<label>Computer players <select id="bot"></select></label>
<label>Seed <input id="seed" inputmode="numeric" pattern="[0-9]*" size="7" placeholder="random"></label>
<label>Profile <select id="profile"></select></label>
<button type="submit" id="deal">Deal a new game</button>
</form>
<h2 id="game-title">Game</h2>
<p id="same-deal" class="help"></p>
<p id="end" class="end" role="status" hidden></p>
<div id="table" class="play-table"></div>
<h2>What happened, and by which rule</h2>
<ol id="log" class="log" aria-live="polite"></ol>
{engine_pages.page_data(PAGE)}
{engine_pages.script_tags(PAGE, "play.mjs")}"""


def write(site: Site) -> None:
    """Write ``play.html`` (and the engine it runs)."""
    engine_pages.write_engine(site)
    site.write_page(PAGE, "Learn by playing", body())
