"""The dice game's pages that run its engine in the browser: the scorer
(``dice/scorer.html``: five dice, the roll of the turn and the sheet) and the play page
(``dice/play.html``: a game against computer players). Both run the JavaScript port of
the dice reference and of :mod:`~generala_conformance.games.dice.site.page_api`
(``generala_conformance.games.dice.web``, written to ``assets/dice/``), with the rule
options (``rules``) and the rulebook texts in the page's language (``texts``) in the
page data; its ``assets/scorer.mjs`` and ``assets/play.mjs`` (written to ``assets/dice/``)
draw them.
"""

from __future__ import annotations

from html import escape as esc

from generala_conformance.core.site_pages import Edition
from generala_conformance.games.dice import web
from generala_reference.dice import CATEGORIES, DiceRules
from generala_spec import links

SCORER = "scorer.html"
PLAY = "play.html"
EXAMPLE = (3, 3, 3, 5, 5)
"""The roll the scorer opens with (a Full House, and Threes or Fives)."""
FACES = "⚀⚁⚂⚃⚄⚅"
"""The die faces 1 to 6 (the scripts draw dice with the same glyphs, ``kit.mjs``)."""


def write_engine(ed: Edition) -> list[str]:
    """Write the JavaScript engine's modules (``games/dice/web``) under ``assets/dice/web/``
    (once for the site); their paths from the root."""
    return [ed.write_asset(f"web/{name}", web.web_folder().joinpath(name).read_bytes()) for name in web.MODULES]


def engine_data(ed: Edition, page: str) -> dict[str, object]:
    """The page data the engine and the scripts need: the engine's module (``engine``),
    the rules document (``rules``), the rulebook texts in the page's language
    (``texts``) and the keys of those still in English (``english``)."""
    modules = write_engine(ed)
    texts = web.page_texts(ed.t.code)
    english = web.page_texts("en")
    return {
        "engine": links.relative(next(m for m in modules if m.endswith("/page-api.mjs")), page),
        "rules": web.rules_document(),
        "texts": texts,
        "english": sorted(k for k, v in texts.items() if v == english[k]) if ed.t.code != "en" else [],
    }


def _select(ident: str, label: str, options: list[tuple[str, str]], chosen: str, attrs: str = "") -> str:
    """A labelled ``<select>`` (``attrs``: more attributes of the select, HTML)."""
    items = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(text)}</option>' for v, text in options
    )
    return f'<label>{esc(label)} <select id="{esc(ident)}"{attrs}>{items}</select></label>'


def scorer_body(ed: Edition) -> str:
    """The scorer's content: the dice, the roll, the sheet, the rules, the answer's place."""
    t = ed.t
    page = ed.path(SCORER)
    faces = [(str(v), f"{FACES[v - 1]} {v}") for v in range(1, 7)]
    dice = "".join(
        _select(f"die-{i}", t("dice.scorer.die_n", n=i), faces, str(v)) for i, v in enumerate(EXAMPLE, start=1)
    )
    marks = [(m, t(f"dice.mark.{m}")) for m in ("open", "scored", "scratched")]
    sheet = "".join(
        _select(f"mark-{c.value}", t(f"dice.cat.{c.value}"), marks, "open", f' data-category="{esc(c.value)}"')
        for c in CATEGORIES
    )
    rolls = [(str(n), t("dice.scorer.roll_n", n=n)) for n in range(1, DiceRules.of().max_rolls + 1)]
    return f"""<h1>{esc(t("dice.scorer.title"))}</h1>
<p>{esc(t("dice.scorer.intro"))}</p>
{ed.loading_status()}
<form id="score-form" class="score-form">
<fieldset class="dice-set"><legend>{esc(t("dice.scorer.dice"))}</legend>{dice}</fieldset>
<div class="setup-row">{_select("roll", t("dice.scorer.roll"), rolls, "1")}
<label class="check"><input type="checkbox" id="all-five" checked> {esc(t("dice.scorer.all_five"))}</label></div>
<fieldset class="sheet-set"><legend>{esc(t("dice.scorer.sheet"))}</legend>{sheet}</fieldset>
<div class="setup-row"><label>{esc(t("dice.profile"))} <select id="profile"></select></label></div>
<details class="rule-options"><summary>{esc(t("dice.rule_options"))}</summary><div id="rule-options"></div></details>
<button type="submit" id="score">{esc(t("dice.scorer.score"))}</button>
</form>
<section id="answer" aria-live="polite" aria-labelledby="answer-title"></section>
{ed.page_data(page, engine_data(ed, page))}
{ed.script_tags(page, "dice/scorer.mjs", write_engine(ed))}"""


def play_body(ed: Edition) -> str:
    """The play page's content: the game's settings, the dice, the choices, the sheets and the story."""
    t = ed.t
    page = ed.path(PLAY)
    bots = [(str(n), str(n)) for n in range(1, 4)]
    return f"""<h1>{esc(t("dice.play.title"))}</h1>
<p>{esc(t("dice.play.intro"))}</p>
{ed.loading_status()}
<form id="play-form" class="play-form" hidden>
{_select("bots", t("dice.play.bots"), bots, "1")}
<label>{esc(t("dice.play.seed"))} <input id="seed" inputmode="numeric" pattern="[0-9]*" size="7"
 placeholder="{esc(t("dice.play.random"))}"></label>
<label>{esc(t("dice.profile"))} <select id="profile"></select></label>
<button type="submit" id="new">{esc(t("dice.play.new"))}</button>
</form>
<h2 id="game-title"></h2>
<p id="end" class="end" role="status" hidden></p>
<section id="turn" aria-labelledby="turn-title">
<h2 id="turn-title">{esc(t("dice.play.dice"))}</h2>
<p id="turn-line" class="turn"></p>
<div id="dice" class="dice-row" role="group" aria-label="{esc(t("dice.play.dice"))}"></div>
<p class="help">{esc(t("dice.play.keep_hint"))}</p>
<p><button type="button" id="roll-button" class="primary">{esc(t("dice.play.roll"))}</button></p>
<div id="choices"></div>
</section>
<h2>{esc(t("dice.play.sheet"))}</h2>
<div id="sheet" class="scroll"></div>
<h2>{esc(t("dice.play.story"))}</h2>
<ol id="log" class="log" aria-live="polite"></ol>
{ed.page_data(page, engine_data(ed, page))}
{ed.script_tags(page, "dice/play.mjs", write_engine(ed))}"""


def write_scorer(ed: Edition) -> None:
    """Write ``dice/scorer.html`` in the edition's language (and the engine it runs)."""
    ed.write_page(SCORER, ed.t("dice.scorer.title"), scorer_body(ed))


def write_play(ed: Edition) -> None:
    """Write ``dice/play.html`` in the edition's language (and the engine it runs)."""
    ed.write_page(PLAY, ed.t("dice.play.title"), play_body(ed))
