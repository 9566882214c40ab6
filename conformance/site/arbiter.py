"""The arbiter page (``arbiter.html``): set up a position by tapping cards or paste
the short text form of ``generala-kit explain``, and see what ``explain`` answers —
computed in the browser by the kit's own Python (``assets/arbiter.mjs`` draws it).
"""

from __future__ import annotations

from generala_conformance.site import engine_pages
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site

PAGE = "arbiter.html"
EXAMPLE = "P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C"
"""The position the page opens with (both Jokers can fall in one trick)."""
EXAMPLE_MOVES = "P1 5S, P2 JK, P3 JK, P4 2S"
FORMAT_HELP = (
    "Hands <code>P1: JK 2C | P2: 5H 9S</code>, then optional parts: <code>leader: P3</code>, "
    "<code>trick: P3 KH, P1 JK</code> (from the leader), <code>taking: P2</code> (he declined and takes), "
    "<code>forced: 7C</code>, <code>went_out: P4</code>, <code>dealt: 5</code>, <code>profile: fa</code>, "
    "<code>rules: tie-break=any-nearest</code>. A whole <code>generala-kit explain …</code> command line works too."
)


def body() -> str:
    """The page's content: the two ways to give a position and the answer's place."""
    return f"""<h1>The arbiter</h1>
<p>Set up the cards on the table, or paste a position, and see what the rules say: the legal moves,
why each other card is illegal, what a move does, who wins the trick and who leads next — each with its
clause, linked to the rulebook — and the outcome under each reading where the rule options disagree.
The answers are the reference engine's, run in this page.</p>
{engine_pages.loading_status()}
<section aria-labelledby="paste-title">
<h2 id="paste-title">Paste a position</h2>
<form id="text-form" class="position-form">
<label for="position">Position (the short text form of <code>generala-kit explain</code>)</label>
<textarea id="position" name="position" rows="3" spellcheck="false" autocapitalize="characters"
 aria-describedby="position-help">{esc(EXAMPLE)}</textarea>
<p id="position-help" class="help">{FORMAT_HELP}</p>
<label for="moves">Moves to play (optional)</label>
<input id="moves" name="moves" spellcheck="false" autocapitalize="characters" value="{esc(EXAMPLE_MOVES)}"
 placeholder="P1 5S, P2 decline, P2 take 5S">
<button type="submit" id="explain">Explain</button>
</form>
</section>
<section aria-labelledby="setup-title">
<h2 id="setup-title">Or set up the cards by tapping</h2>
<div id="setup-controls" hidden>
<div class="setup-row">
<label>Players <select id="players"></select></label>
<label>Leader <select id="leader"></select></label>
<label>Declined, taking a card <select id="taking"></select></label>
<label>Profile <select id="profile"></select></label>
</div>
<fieldset class="target"><legend>A tapped card goes to</legend>
<div id="target-seats" class="chips"></div>
<div class="chips">
<label class="chip-radio"><input type="radio" name="target-kind" value="hand" checked> his hand</label>
<label class="chip-radio"><input type="radio" name="target-kind" value="trick"> the trick (played by him)</label>
</div>
</fieldset>
<div id="deck" class="deck"></div>
<details class="rule-options"><summary>Rule options (where the texts disagree)</summary>
<div id="rule-options"></div></details>
<p class="setup-actions"><button type="button" id="use-setup">Explain this position</button>
<button type="button" id="clear">Clear the cards</button></p>
</div>
</section>
<section id="answer" aria-live="polite" aria-labelledby="answer-title"></section>
{engine_pages.page_data(PAGE)}
{engine_pages.script_tags(PAGE, "arbiter.mjs")}"""


def write(site: Site) -> None:
    """Write ``arbiter.html`` (and the engine it runs)."""
    engine_pages.write_engine(site)
    site.write_page(PAGE, "The arbiter", body())
