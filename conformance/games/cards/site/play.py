"""The learn-by-playing page of the card game (``play.html``): a whole game against
simple computer players, every event told in one line with its clause, in the words
of ``generala-kit play`` — the game is the JavaScript port of the kit's reference, run in the browser
(its ``assets/play.mjs``, written to ``assets/cards/``, draws it).
"""

from __future__ import annotations

from html import escape as esc

from generala_conformance.core.site_pages import Edition
from generala_conformance.games.cards.site import engine

PAGE = "play.html"


def body(ed: Edition) -> str:
    """The page's content: the game's settings, the table and the game's story."""
    page = ed.path(PAGE)
    extra, modules = engine.page_extra(ed, page)

    def s(key: str) -> str:
        return esc(ed.t(f"cards.play.{key}"))

    return f"""<h1>{s("title")}</h1>
<p>{s("intro")}</p>
{ed.loading_status()}
<form id="play-form" class="play-form" hidden>
<label>{s("players")} <select id="players"></select></label>
<label>{s("seat")} <select id="seat"></select></label>
<label>{s("bots")} <select id="bot"></select></label>
<label>{s("seed")} <input id="seed" inputmode="numeric" pattern="[0-9]*" size="7" placeholder="{s("random")}"></label>
<label>{s("profile")} <select id="profile"></select></label>
<button type="submit" id="deal">{s("deal")}</button>
</form>
<h2 id="game-title">{s("game")}</h2>
<p id="same-deal" class="help"></p>
<p id="end" class="end" role="status" hidden></p>
<div id="table" class="play-table"></div>
<h2>{s("story")}</h2>
<ol id="log" class="log" aria-live="polite"></ol>
{ed.page_data(page, extra)}
{ed.script_tags(page, "cards/play.mjs", modules)}"""


def write(ed: Edition) -> None:
    """Write ``play.html`` in the edition's language (and the engine it runs)."""
    ed.write_page(PAGE, ed.t("cards.play.title"), body(ed))
