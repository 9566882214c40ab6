"""The arbiter page (``arbiter.html``): set up a position by tapping cards or paste
the short text form of ``generala-kit explain``, and see what ``explain`` answers —
computed in the browser by the JavaScript port of the kit's reference
(``games/cards/web``, :mod:`.engine`) (its ``assets/arbiter.mjs``, written to ``assets/cards/``, draws it).
"""

from __future__ import annotations

from html import escape as esc

from generala_conformance.core.site_pages import Edition
from generala_conformance.games.cards.site import engine

PAGE = "arbiter.html"
EXAMPLE = "P1: 5S 2C | P2: JK 3C | P3: JK 4C | P4: 2S 6C"
"""The position the page opens with (both Jokers can fall in one trick)."""
EXAMPLE_MOVES = "P1 5S, P2 JK, P3 JK, P4 2S"


def body(ed: Edition) -> str:
    """The page's content: the two ways to give a position and the answer's place."""
    t = ed.t
    page = ed.path(PAGE)
    extra, modules = engine.page_extra(ed, page)

    def s(key: str) -> str:
        return esc(t(f"cards.arbiter.{key}"))

    return f"""<h1>{s("title")}</h1>
<p>{s("intro")}</p>
{ed.loading_status()}
<section aria-labelledby="paste-title">
<h2 id="paste-title">{s("paste")}</h2>
<form id="text-form" class="position-form">
<label for="position">{t.html("cards.arbiter.position", command="<code>generala-kit explain</code>")}</label>
<textarea id="position" name="position" rows="3" spellcheck="false" autocapitalize="characters" dir="ltr"
 aria-describedby="position-help">{esc(EXAMPLE)}</textarea>
<p id="position-help" class="help">{s("format")} <code dir="ltr">P1: JK 2C | P2: 5H 9S</code>,
<code dir="ltr">leader: P3</code>,
<code dir="ltr">trick: P3 KH, P1 JK</code>, <code dir="ltr">taking: P2</code>, <code dir="ltr">forced: 7C</code>,
<code dir="ltr">went_out: P4</code>, <code dir="ltr">dealt: 5</code>, <code dir="ltr">profile: fa</code>,
<code dir="ltr">rules: tie-break=any-nearest</code>.</p>
<label for="moves">{s("moves")}</label>
<input id="moves" name="moves" spellcheck="false" autocapitalize="characters" dir="ltr" value="{esc(EXAMPLE_MOVES)}"
 placeholder="P1 5S, P2 decline, P2 take 5S">
<button type="submit" id="explain">{s("explain")}</button>
</form>
</section>
<section aria-labelledby="setup-title">
<h2 id="setup-title">{s("setup")}</h2>
<div id="setup-controls" hidden>
<div class="setup-row">
<label>{s("players")} <select id="players"></select></label>
<label>{s("leader")} <select id="leader"></select></label>
<label>{s("taking")} <select id="taking"></select></label>
<label>{s("profile")} <select id="profile"></select></label>
</div>
<fieldset class="target"><legend>{s("target")}</legend>
<div id="target-seats" class="chips"></div>
<div class="chips">
<label class="chip-radio"><input type="radio" name="target-kind" value="hand" checked> {s("to_hand")}</label>
<label class="chip-radio"><input type="radio" name="target-kind" value="trick"> {s("to_trick")}</label>
</div>
</fieldset>
<div id="deck" class="deck"></div>
<details class="rule-options"><summary>{s("rule_options")}</summary>
<div id="rule-options"></div></details>
<p class="setup-actions"><button type="button" id="use-setup">{s("use_setup")}</button>
<button type="button" id="clear">{s("clear")}</button></p>
</div>
</section>
<section id="answer" aria-live="polite" aria-labelledby="answer-title"></section>
{ed.page_data(page, extra)}
{ed.script_tags(page, "cards/arbiter.mjs", modules)}"""


def write(ed: Edition) -> None:
    """Write ``arbiter.html`` in the edition's language (and the engine it runs)."""
    ed.write_page(PAGE, ed.t("cards.arbiter.title"), body(ed))
