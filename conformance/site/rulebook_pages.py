"""The rulebook pages of a game, in one interface language (an
:class:`~generala_conformance.site.editions.Edition`): the contents and search page,
a page per area of clauses, the ambiguity register, the rule options and profiles,
and the source texts. All of it comes from the spec's loaders (``generala_spec``),
nothing is copied by hand. A page in another language takes every string of the
rulebook from its translation (:mod:`generala_spec.translations`: statements, notes,
examples, titles, readings, reasons, option values, profiles, scenario and case
titles); a string the translation lacks shows in English, marked ``lang="en"``.
What is quoted stays as written, marked with its language and ``translate="no"``:
the source sentences (with a rendering in the page's language), the sections of
the contract, and the Gherkin steps (suite data, shown as code).

Every entry's element has its ID as ``id`` (``#R-JOKER-4``, ``#AMB-3``, ``#FA-30``,
``#option-tie-break``, ``#profile-fa``): the addresses of :mod:`links`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache

from generala_conformance import games
from generala_conformance.site import bidi, search_index
from generala_conformance.site.editions import Edition, SiteGame
from generala_conformance.site.layout import esc
from generala_conformance.site.output import Site
from generala_conformance.site.scenarios import Citing, citing
from generala_spec import links, rulebook
from generala_spec.options import options, profile_names, resolve
from generala_spec.rulebook import Ambiguity, Clause, Quote, Sentence, Silence
from generala_spec.translations import Text

RTL_LANGUAGES = frozenset({"fa", "ar", "he", "ur"})
SHOWN_CASES = 8
"""How many fixture cases a clause lists before folding the rest away."""
SEARCH_MESSAGES = (
    "matches",
    "nothing",
    "no_area",
    "malformed",
    "unknown_clause",
    "unknown_ambiguity",
    "unknown_sentence",
)
"""The messages of the search box (``common.search.*``), given to ``search.js`` in the page's language."""
LISTED_CASES = 60
"""How many fixture cases a clause lists at most (the dice suite has thousands);
``generala-kit rules ID --all-cases`` lists every one."""


CODE = 'lang="en" dir="ltr" translate="no"'
"""The marks of suite data shown as code (Gherkin steps, JSON, case IDs, file names)."""


def _mention(spec: str) -> re.Pattern[str]:
    book = rulebook.book(spec)
    texts = "|".join(book.texts)
    return re.compile(rf"(?<![\w-])(?:{book.clause_prefix}-[A-Z]+-\d+|AMB-\d+|(?:{texts})-\d+)(?![\w-])")


def _known(identifier: str, spec: str) -> bool:
    table = {"clause": rulebook.clauses, "ambiguity": rulebook.ambiguities, "sentence": rulebook.sentences}
    return identifier in table[rulebook.kind_of(identifier, spec)](spec)


_CODE_SPAN = re.compile(r"`([^`]+)`")


def prose(text: str, page: str, ed: Edition, linked: bool = True) -> str:
    """``text`` escaped, each `` `code` `` (a request, an error code, an option value)
    code and, when ``linked``, each mention of a rulebook ID (``R-JOKER-3``, ``AMB-5``,
    ``FA-51``) of the edition's game a link to its entry."""
    parts = _CODE_SPAN.split(text)
    return "".join(
        f"<code {CODE}>{esc(part)}</code>" if i % 2 else _linked(esc(part), page, ed) if linked else esc(part)
        for i, part in enumerate(parts)
    )


def _linked(escaped: str, page: str, ed: Edition) -> str:
    spec = ed.spec
    return _mention(spec).sub(lambda m: ed.link(m.group(0), page) if _known(m.group(0), spec) else m.group(0), escaped)


def _marks(language: str) -> str:
    """``lang`` and ``dir`` of words in ``language``."""
    direction = "rtl" if language in RTL_LANGUAGES else "ltr"
    return f'lang="{esc(language)}" dir="{direction}"'


def _language(text: str, spec: str) -> str:
    """``lang`` (and ``dir``) of a source text's words, quoted as written (``translate="no"``)."""
    return _marks(rulebook.text_info(spec)[text]["language"]) + ' translate="no"'


def shown(text: Text, page: str, ed: Edition, body: str | None = None) -> str:
    """A string of the rulebook (``body``: its HTML, else :func:`prose` of it), marked
    with its language where that is not the page's (an English stand-in)."""
    html = prose(text, page, ed) if body is None else body
    return html if text.lang == ed.lang.code else f"<span {_marks(text.lang)}>{html}</span>"


def _plain(text: Text, ed: Edition) -> str:
    """A string of the rulebook without links to entries (in a link, a table of contents)."""
    return shown(text, "", ed, prose(text, "", ed, linked=False))


def _rendering(sentence: str, english: str, ed: Edition) -> str:
    """A source sentence's rendering in the page's language (``english``, the
    quote's own, on an English page); nothing when it is in the page's language."""
    rendering = ed.tr.rendering(sentence) if ed.lang.translated else Text(english, "en")
    if rendering is None:
        return ""
    return f'<span class="rendering" {_marks(rendering.lang)}>{esc(rendering)}</span>'


def _quote(quote: Quote, page: str, ed: Edition) -> str:
    """A quoted source sentence: the words in their language, its ID and a rendering."""
    return (
        f'<figure class="quote quote-{quote.text.lower()}">'
        f"<blockquote {_language(quote.text, ed.spec)}>{esc(quote.quote)}</blockquote>"
        f"<figcaption>{ed.link(quote.sentence, page)} ({esc(quote.text)}) "
        f"{_rendering(quote.sentence, quote.english, ed)}</figcaption></figure>"
    )


def _sources(entry: Ambiguity, page: str, ed: Edition) -> Iterator[str]:
    silences = iter(ed.tr.silences(entry.id))
    for source in entry.sources:
        if isinstance(source, Silence):
            silent = esc(ed.t("common.rules.silent", text=source.text))
            yield f'<p class="silent"><strong>{silent}</strong> {shown(next(silences), page, ed)}</p>'
        else:
            yield _quote(source, page, ed)


def _list(items: Iterable[str], cls: str = "") -> str:
    body = "".join(f"<li>{item}</li>" for item in items)
    return f'<ul class="{cls}">{body}</ul>' if cls else f"<ul>{body}</ul>"


def _where(path: str, line: int, ed: Edition) -> str:
    return ed.t.html("common.rules.where", where=f"<code {CODE}>{esc(path)}</code>", line=esc(line))


def _scenarios(cited: Citing | None, page: str, ed: Edition) -> Iterator[str]:
    t = ed.t
    if cited is None or not (cited.scenarios or cited.cases):
        yield f'<p class="none">{esc(t("common.rules.no_scenario"))}</p>'
        return
    for scenario in cited.scenarios:
        yield (
            f'<details class="scenario"><summary>{_plain(ed.tr.scenario(scenario.title), ed)} '
            f'<span class="where">{_where(scenario.where, scenario.line, ed)}</span></summary>'
            f"<pre {CODE}>{esc(scenario.text)}</pre></details>"
        )
    if not cited.cases:
        return
    rows = [
        f"<code {CODE}>{esc(case.id)}</code> {shown(ed.tr.case(case.title), page, ed)} "
        f'<span class="where">{_where(case.where, case.line, ed)}</span>'
        for case in cited.cases
    ]
    yield f"<p>{esc(t('common.rules.cases', n=len(rows)))}</p>"
    yield _list(rows[:SHOWN_CASES], "cases")
    if len(rows) > SHOWN_CASES:
        more = esc(t("common.rules.more_cases", n=len(rows) - SHOWN_CASES))
        folded = _list(rows[SHOWN_CASES:LISTED_CASES], "cases")
        if len(rows) > LISTED_CASES:
            unlisted = t("common.rules.unlisted", n=len(rows) - LISTED_CASES, game=ed.game.name)
            folded += f'<p class="unlisted">{esc(unlisted)}</p>'
        yield f"<details><summary>{more}</summary>{folded}</details>"


def _options_of(entries: Iterable[Ambiguity], page: str, ed: Edition) -> Iterator[str]:
    for entry in entries:
        for name in entry.options:
            link = ed.link("option:" + name, page, name)
            yield f"{link} ({ed.link(entry.id, page)}): {shown(ed.tr.option_summary(name), page, ed)}"


def clause_html(clause: Clause, cited: Citing | None, page: str, ed: Edition) -> str:
    """One clause: statement, sources (or contract sections), notes, examples, the
    ambiguity rulings and rule options it rests on, and the scenarios citing it."""
    t = ed.t
    retired = f' <span class="badge">{esc(t("common.rules.retired"))}</span>' if clause.status == "retired" else ""
    parts = [
        f'<article class="clause" id="{esc(clause.id)}">',
        f'<h2><a class="anchor" href="#{esc(clause.id)}">{esc(clause.id)}</a>{retired}</h2>',
        f'<p class="statement">{shown(ed.tr.statement(clause.id), page, ed)}</p>',
    ]
    if clause.contract:
        docs = (
            f"<code {CODE}>docs/cards-contract.md#{esc(d.section)}</code>: "
            f'<q lang="en" dir="ltr" translate="no">{esc(d.quote)}</q>'
            for d in clause.docs
        )
        parts += [f"<h3>{esc(t('common.rules.contract'))}</h3>", _list(docs)]
    else:
        parts += [f"<h3>{esc(t('common.rules.sources'))}</h3>", *(_quote(q, page, ed) for q in clause.sources)]
        if not clause.sources:
            parts.append(f'<p class="none">{esc(t("common.rules.no_source"))}</p>')
    notes = ed.tr.notes(clause.id)
    if notes:
        parts.append(f'<p class="notes"><strong>{esc(t("common.rules.notes"))}</strong> {shown(notes, page, ed)}</p>')
    if clause.examples:
        examples = _list(shown(e, page, ed, ed.game.example_html(e)) for e in ed.tr.examples(clause.id))
        parts += [f"<h3>{esc(t('common.rules.examples'))}</h3>", examples]
    related = rulebook.ambiguities_of_clause(clause.id, ed.spec)
    if related:
        rulings = (
            f"{ed.link(e.id, page)} ({esc(t('common.rules.ruling'))} "
            f"<code {CODE}>{esc(e.decisions[0].ruling)}</code>): {shown(ed.tr.title(e.id), page, ed)}"
            for e in related
        )
        parts += [f"<h3>{esc(t('common.rules.rulings'))}</h3>", _list(rulings)]
        opts = list(_options_of(related, page, ed))
        if opts:
            parts += [f"<h3>{esc(t('common.rules.options'))}</h3>", _list(opts)]
    parts += [f"<h3>{esc(t('common.rules.scenarios'))}</h3>", *_scenarios(cited, page, ed), "</article>"]
    return "\n".join(parts)


def _profiles_reading(option: str, spec: str) -> Mapping[str, list[str]]:
    """Per value of ``option``, the profiles that choose it."""
    chosen: dict[str, list[str]] = {}
    for profile in profile_names(spec):
        chosen.setdefault(resolve(profile, spec=spec)[option], []).append(profile)
    return chosen


def _decision(entry: Ambiguity, index: int, page: str, ed: Edition) -> Iterator[str]:
    t = ed.t
    decision = entry.decisions[index]
    question = ed.tr.question(entry.id, index)
    if question:
        yield f'<p class="question"><strong>{esc(t("common.rules.question"))}</strong> {shown(question, page, ed)}</p>'

    by_profile = _profiles_reading(decision.option, ed.spec) if decision.option else {}
    literal = {value: [x for x, v in decision.profiles.items() if v == value] for value in decision.profiles.values()}
    rows = []
    for reading in decision.readings:
        marks = []
        if reading.id == decision.ruling:
            marks.append(f'<span class="badge ruling">{esc(t("common.rules.ruling_badge"))}</span>')
        marks += [
            f'<span class="badge">{esc(t("common.rules.text_reads", text=x.upper()))}</span>'
            for x in literal.get(reading.id, [])
        ]
        picked = by_profile.get(reading.id)
        if picked:
            names = bidi.comma(ed.lang.code).join(ed.link("profile:" + name, page, name) for name in picked)
            marks.append(f'<span class="profiles">{esc(t("common.rules.profiles"))} {names}</span>')
        rows.append(
            f"<code {CODE}>{esc(reading.id)}</code> {' '.join(marks)}<br>"
            f"{shown(ed.tr.reading(entry.id, index, reading.id), page, ed)}"
        )
    yield f"<h3>{esc(t('common.rules.readings'))}</h3>"
    yield _list(rows, "readings")
    reason = shown(ed.tr.reason(entry.id, index), page, ed)
    yield f'<p class="reason"><strong>{esc(t("common.rules.reason"))}</strong> {reason}</p>'

    if decision.option:
        option = ed.link("option:" + decision.option, page, decision.option)
        yield (
            "<p>"
            + t.html("common.rules.option_line", option=option, default=f"<code {CODE}>{esc(decision.ruling)}</code>")
            + "</p>"
        )
    else:
        yield f"<p>{esc(t('common.rules.no_option'))}</p>"


def ambiguity_html(entry: Ambiguity, cited: Citing | None, page: str, ed: Edition) -> str:
    """One entry of the register: sources, each decision (readings, ruling, reason,
    option and the profiles choosing each reading), facts of dealt games, clauses, and
    the scenarios tagged with it."""
    t = ed.t
    parts = [
        f'<article class="ambiguity" id="{esc(entry.id)}">',
        f'<h2><a class="anchor" href="#{esc(entry.id)}">{esc(entry.id)}</a>: '
        f"{shown(ed.tr.title(entry.id), page, ed)}</h2>",
        f"<h3>{esc(t('common.rules.sources'))}</h3>",
        *_sources(entry, page, ed),
    ]
    for index in range(len(entry.decisions)):
        parts.extend(_decision(entry, index, page, ed))
    if entry.dealt_games:
        facts = (
            f"<strong>{shown(claim, page, ed)}</strong> {shown(argument, page, ed)} (<code {CODE}>{esc(f.id)}</code>)"
            for f in entry.dealt_games
            for claim, argument in [ed.tr.dealt(entry.id, f.id)]
        )
        parts += [f"<h3>{esc(t('common.rules.dealt'))}</h3>", _list(facts)]
    rows = (f"{ed.link(c, page)}: {shown(ed.tr.statement(c), page, ed)}" for c in entry.clauses)
    parts += [
        f"<h3>{esc(t('common.rules.clauses'))}</h3>",
        _list(rows),
        f"<h3>{esc(t('common.rules.scenarios'))}</h3>",
        *_scenarios(cited, page, ed),
        "</article>",
    ]
    return "\n".join(parts)


def sentence_html(sentence: Sentence, page: str, ed: Edition) -> str:
    """One sentence of a source text: its words, English, and what became of it."""
    t = ed.t
    if sentence.clauses:
        fate = t.html(
            "common.rules.became", ids=bidi.comma(ed.lang.code).join(ed.link(c, page) for c in sentence.clauses)
        )
    else:
        why = shown(ed.tr.non_normative(sentence.id) or Text("", ed.lang.code), page, ed)
        fate = t.html("common.rules.non_normative", why=why)
    if sentence.ambiguities:
        fate += t.html(
            "common.rules.see", ids=bidi.comma(ed.lang.code).join(ed.link(a, page) for a in sentence.ambiguities)
        )
    return (
        f'<li class="sentence" id="{esc(sentence.id)}">'
        f'<a class="anchor" href="#{esc(sentence.id)}">{esc(sentence.id)}</a> '
        f'<p class="words" {_language(sentence.text, ed.spec)}>{esc(sentence.wording)}</p>'
        f'<p>{_rendering(sentence.id, sentence.english, ed)}</p><p class="fate">{fate}</p></li>'
    )


def _area_id(area: str, spec: str) -> str:
    return f"{rulebook.book(spec).clause_prefix}-{area}"


def _area_page(site: Site, ed: Edition, area: str, cited: Mapping[str, Citing]) -> None:
    local = links.area_page(area)
    page = ed.path(local)
    title = f"{_area_id(area, ed.spec)}: {ed.area(area)}"
    heading = f"{esc(_area_id(area, ed.spec))}: {_plain(ed.tr.area(area), ed)}"
    clauses = [c for c in rulebook.clauses(ed.spec).values() if c.area == area]
    toc = _list(f'<a href="#{esc(c.id)}">{esc(c.id)}</a> {_plain(ed.tr.statement(c.id), ed)}' for c in clauses)
    label = esc(ed.t("common.rules.clauses_of", area=_area_id(area, ed.spec)))
    body = [f"<h1>{heading}</h1>", f'<nav class="toc" aria-label="{label}">{toc}</nav>']
    body += [clause_html(c, cited.get(c.id), page, ed) for c in clauses]
    body.append(_pager(area, page, ed))
    ed.write_page(local, title, "\n".join(body))


def _pager(area: str, page: str, ed: Edition) -> str:
    order = list(rulebook.areas(ed.spec))
    i = order.index(area)
    items = []
    back, forth = ("→", "←") if ed.lang.dir == "rtl" else ("←", "→")
    if i > 0:
        href = esc(links.relative(ed.path(links.area_page(order[i - 1])), page))
        items.append(f'<a rel="prev" href="{href}">{back} {_area_id(order[i - 1], ed.spec)}</a>')
    contents = esc(links.relative(ed.path(links.INDEX_PAGE), page))
    items.append(f'<a href="{contents}">{esc(ed.t("common.rules.contents"))}</a>')
    if i + 1 < len(order):
        href = esc(links.relative(ed.path(links.area_page(order[i + 1])), page))
        items.append(f'<a rel="next" href="{href}">{_area_id(order[i + 1], ed.spec)} {forth}</a>')
    return f'<nav class="pager" aria-label="{esc(ed.t("common.rules.areas_nav"))}">{" ".join(items)}</nav>'


def _ambiguities_page(site: Site, ed: Edition, cited: Mapping[str, Citing]) -> None:
    local = links.AMBIGUITIES_PAGE
    page = ed.path(local)
    t = ed.t
    entries = list(rulebook.ambiguities(ed.spec).values())
    toc = _list(f'<a href="#{esc(e.id)}">{esc(e.id)}</a> {_plain(ed.tr.title(e.id), ed)}' for e in entries)
    title = t("common.rules.register_title")
    body = [
        f"<h1>{esc(title)}</h1>",
        f"<p>{esc(t(f'{ed.game.name}.rules.register_intro'))}</p>",
        f'<nav class="toc" aria-label="{esc(t("common.rules.ambiguities_h"))}">{toc}</nav>',
        *(ambiguity_html(e, cited.get(e.id), page, ed) for e in entries),
    ]
    ed.write_page(local, title, "\n".join(body))


def _options_page(site: Site, ed: Edition) -> None:
    local = links.OPTIONS_PAGE
    page = ed.path(local)
    t, spec = ed.t, ed.spec
    profiles = profile_names(spec)
    table_of = options(spec)
    resolved = {name: resolve(name, spec=spec) for name in profiles}
    head = "".join(f'<th scope="col">{ed.link("profile:" + p, page, p)}</th>' for p in profiles)
    rows = []
    for name, option in table_of.items():
        chosen = "".join(f"<td><code {CODE}>{esc(resolved[p][name])}</code></td>" for p in profiles)
        label = ed.link("option:" + name, page, name)
        rows.append(f'<tr><th scope="row">{label}</th>{chosen}<td>{ed.link(option.ambiguity, page)}</td></tr>')
    table = (
        f'<div class="scroll" tabindex="0" role="region" aria-label="{esc(t("common.rules.options_caption"))}">'
        f"<table><caption>{esc(t('common.rules.options_caption'))}</caption>"
        f'<thead><tr><th scope="col">{esc(t("common.rules.option_col"))}</th>{head}'
        f'<th scope="col">{esc(t("common.rules.ambiguity_col"))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    title = t("common.rules.options_title")
    body = [f"<h1>{esc(title)}</h1>", table, f"<h2>{esc(t('common.rules.options_h'))}</h2>"]
    default = f' <span class="badge ruling">{esc(t("common.rules.default"))}</span>'
    for name, option in table_of.items():
        values = (
            f"<code {CODE}>{esc(v)}</code>{default if v == option.default else ''} "
            f"{_plain(ed.tr.option_value(name, v), ed)}"
            for v in option.values
        )
        settled = t.html("common.rules.settled_in", id=ed.link(option.ambiguity, page))
        summary = shown(ed.tr.option_summary(name), page, ed)
        body.append(
            f'<section class="option" id="option-{esc(name)}"><h3><code {CODE}>{esc(name)}</code></h3>'
            f"<p>{summary} {settled}</p>{_list(values)}</section>"
        )
    body.append(f"<h2>{esc(t('common.rules.profiles_h'))}</h2>")
    for name in profiles:
        picked = resolved[name].items()
        changed = [f"<code {CODE}>{esc(k)}={esc(v)}</code>" for k, v in picked if v != table_of[k].default]
        differs = t.html(
            "common.rules.differs", list=bidi.comma(ed.lang.code).join(changed) or esc(t("common.rules.nothing"))
        )
        body.append(
            f'<section class="profile" id="profile-{esc(name)}"><h3><code {CODE}>{esc(name)}</code></h3>'
            f"<p>{_plain(ed.tr.profile(name), ed)}</p>"
            f"<p>{differs}</p></section>"
        )
    ed.write_page(local, title, "\n".join(body))


def _address_line(info: Mapping[str, str], ed: Edition) -> str:
    if "address" in info:
        link = f'<a href="{esc(info["address"])}">{esc(info["address"])}</a>'
        return ed.t.html("common.rules.online", link=link)
    if "original" in info:
        link = f'<a href="{esc(info["original"])}">{esc(info["original"])}</a>'
        return ed.t.html("common.rules.rendering", link=link)
    return ""


def _sources_page(site: Site, ed: Edition) -> None:
    local = links.SOURCES_PAGE
    page = ed.path(local)
    title = ed.t("common.rules.sources_title")
    body = [f"<h1>{esc(title)}</h1>", f"<p>{esc(ed.t('common.rules.sources_intro'))}</p>"]
    for text, info in rulebook.text_info(ed.spec).items():
        sentences = [s for s in rulebook.sentences(ed.spec).values() if s.text == text]
        body.append(
            f'<section class="text" id="text-{esc(text)}"><h2>{esc(text)}: {_plain(ed.tr.source(text), ed)}</h2>'
            f"<p>{_address_line(info, ed)}</p>"
            f'<ol class="sentences">{"".join(sentence_html(s, page, ed) for s in sentences)}</ol></section>'
        )
    ed.write_page(local, title, "\n".join(body))


def _index_page(site: Site, ed: Edition) -> None:
    local = links.INDEX_PAGE
    page = ed.path(local)
    t, spec = ed.t, ed.spec
    clauses = list(rulebook.clauses(spec).values())
    messages = {key: t(f"common.search.{key}") for key in SEARCH_MESSAGES}
    title = t("common.rules.index_title")
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<section id="results" class="results" aria-live="polite" data-prefix="{esc(ed.path(""))}" '
        f'data-messages="{esc(json.dumps(messages, ensure_ascii=False))}" hidden></section>',
        f"<p>{esc(t(f'{ed.game.name}.rules.index_intro'))}</p>",
        f"<h2>{esc(t('common.rules.by_area'))}</h2>",
    ]
    for area in rulebook.areas(spec):
        rows = (ed.link(c.id, page) + f" {_plain(ed.tr.statement(c.id), ed)}" for c in clauses if c.area == area)
        href = esc(links.relative(ed.path(links.area_page(area)), page))
        title = f"{esc(_area_id(area, spec))}: {_plain(ed.tr.area(area), ed)}"
        body.append(f'<section class="area"><h3><a href="{href}">{title}</a></h3>{_list(rows)}</section>')
    entries = (ed.link(e.id, page) + f" {_plain(ed.tr.title(e.id), ed)}" for e in rulebook.ambiguities(spec).values())
    body += [f"<h2>{esc(t('common.rules.ambiguities_h'))}</h2>", _list(entries)]
    options_href = esc(links.relative(ed.path(links.OPTIONS_PAGE), page))
    sources_href = esc(links.relative(ed.path(links.SOURCES_PAGE), page))
    body += [
        f"<h2>{esc(t('common.rules.more'))}</h2>",
        _list(
            [
                f'<a href="{options_href}">{esc(t("common.rules.options_title"))}</a>',
                f'<a href="{sources_href}">{esc(t("common.rules.sources_link"))}</a>',
            ]
        ),
    ]
    ed.write_page(local, title, "\n".join(body), scripts=[ed.game.search_index, search_index.SEARCH_SCRIPT])


@cache
def citations(game: SiteGame) -> Mapping[str, Citing]:
    """Per clause or ambiguity of ``game``, what cites it in its scenarios and fixture cases."""
    return citing(games.suite_root(game.game), game.game.fixture_cases(None))


def write(site: Site, ed: Edition) -> None:
    """Write every rulebook page of the edition (and its game's search index, once)."""
    cited = citations(ed.game)
    _index_page(site, ed)
    for area in rulebook.areas(ed.spec):
        _area_page(site, ed, area, cited)
    _ambiguities_page(site, ed, cited)
    _options_page(site, ed)
    _sources_page(site, ed)
    if ed.game.search_index not in site.written:
        search_index.write(site, ed.game.search_index, ed.spec)
