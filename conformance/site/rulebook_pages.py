"""The rulebook pages: the contents and search page, a page per area of clauses, the
ambiguity register, the rule options and profiles, and the two source texts. All of
it comes from the spec's loaders (``generala_spec``), nothing is copied by hand.

Every entry's element has its ID as ``id`` (``#R-JOKER-4``, ``#AMB-3``, ``#FA-30``,
``#option-tie-break``, ``#profile-fa``): the addresses of :mod:`links`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from generala_conformance.site import search_index
from generala_conformance.site.layout import esc, glyph_text
from generala_conformance.site.output import Site
from generala_conformance.site.scenarios import Citing, citing
from generala_spec import links, rulebook
from generala_spec.options import options, profile_names, profile_summary, resolve
from generala_spec.rulebook import Ambiguity, Clause, Decision, Quote, Sentence, Silence

RTL_LANGUAGES = frozenset({"fa", "ar", "he", "ur"})
_MENTION = re.compile(r"(?<![\w-])(?:R-[A-Z]+-\d+|AMB-\d+|F[RA]-\d+)(?![\w-])")
SHOWN_CASES = 8
"""How many fixture cases a clause lists before folding the rest away."""


def _link(identifier: str, page: str, text: str | None = None) -> str:
    href = esc(links.relative(links.address(identifier), page))
    return f'<a href="{href}">{esc(text or identifier)}</a>'


def _known(identifier: str) -> bool:
    table = {"clause": rulebook.clauses, "ambiguity": rulebook.ambiguities, "sentence": rulebook.sentences}
    return identifier in table[rulebook.kind_of(identifier)]()


def prose(text: str, page: str) -> str:
    """``text`` escaped, each mention of a rulebook ID (``R-JOKER-3``, ``AMB-5``,
    ``FA-51``) a link to its entry."""
    escaped = esc(text)
    return _MENTION.sub(lambda m: _link(m.group(0), page) if _known(m.group(0)) else m.group(0), escaped)


def _language(text: str) -> str:
    """``lang`` (and ``dir`` for a right-to-left script) of a source text's words."""
    language = rulebook.text_info()[text]["language"]
    direction = ' dir="rtl"' if language in RTL_LANGUAGES else ""
    return f'lang="{esc(language)}"{direction}'


def _quote(quote: Quote, page: str) -> str:
    """A quoted source sentence: the words in their language, its ID and English."""
    return (
        f'<figure class="quote quote-{quote.text.lower()}">'
        f"<blockquote {_language(quote.text)}>{esc(quote.quote)}</blockquote>"
        f"<figcaption>{_link(quote.sentence, page)} ({esc(quote.text)}) "
        f'<span class="english">{esc(quote.english)}</span></figcaption></figure>'
    )


def _source(source: Quote | Silence, page: str) -> str:
    if isinstance(source, Silence):
        return f'<p class="silent"><strong>{esc(source.text)} is silent.</strong> {prose(source.note, page)}</p>'
    return _quote(source, page)


def _list(items: Iterable[str], cls: str = "") -> str:
    body = "".join(f"<li>{item}</li>" for item in items)
    return f'<ul class="{cls}">{body}</ul>' if cls else f"<ul>{body}</ul>"


def _scenarios(cited: Citing | None, page: str) -> Iterator[str]:
    if cited is None or not (cited.scenarios or cited.cases):
        yield '<p class="none">No scenario cites it yet.</p>'
        return
    for scenario in cited.scenarios:
        yield (
            f'<details class="scenario"><summary>{esc(scenario.title)} '
            f'<span class="where">{esc(scenario.where)}, line {scenario.line}</span></summary>'
            f"<pre>{esc(scenario.text)}</pre></details>"
        )
    if not cited.cases:
        return
    rows = [
        f'<code>{esc(case.id)}</code> {esc(case.title)} <span class="where">{esc(case.where)}, line {case.line}</span>'
        for case in cited.cases
    ]
    yield f"<p>{len(rows)} fixture case(s):</p>"
    yield _list(rows[:SHOWN_CASES], "cases")
    if len(rows) > SHOWN_CASES:
        yield (
            f"<details><summary>and {len(rows) - SHOWN_CASES} more cases</summary>"
            f"{_list(rows[SHOWN_CASES:], 'cases')}</details>"
        )


def _options_of(entries: Iterable[Ambiguity], page: str) -> Iterator[str]:
    table = options()
    for entry in entries:
        for name in entry.options:
            yield f"{_link('option:' + name, page, name)} ({_link(entry.id, page)}): {esc(table[name].summary)}"


def clause_html(clause: Clause, cited: Citing | None, page: str) -> str:
    """One clause: statement, sources (or contract sections), notes, examples, the
    ambiguity rulings and rule options it rests on, and the scenarios citing it."""
    retired = ' <span class="badge">retired</span>' if clause.status == "retired" else ""
    parts = [
        f'<article class="clause" id="{esc(clause.id)}">',
        f'<h2><a class="anchor" href="#{esc(clause.id)}">{esc(clause.id)}</a>{retired}</h2>',
        f'<p class="statement">{prose(clause.statement, page)}</p>',
    ]
    if clause.contract:
        docs = (f"<code>docs/cards-contract.md#{esc(d.section)}</code>: {esc(d.quote)}" for d in clause.docs)
        parts += ["<h3>Documented in the interface contract (no source sentence)</h3>", _list(docs)]
    else:
        parts += ["<h3>Sources</h3>", *(_quote(q, page) for q in clause.sources)]
        if not clause.sources:
            parts.append('<p class="none">No source sentence.</p>')
    if clause.notes:
        parts.append(f'<p class="notes"><strong>Notes.</strong> {prose(clause.notes, page)}</p>')
    if clause.examples:
        parts += ["<h3>Examples</h3>", _list(glyph_text(example) for example in clause.examples)]
    related = rulebook.ambiguities_of_clause(clause.id)
    if related:
        rulings = (
            f"{_link(e.id, page)} (ruling <code>{esc(e.decisions[0].ruling)}</code>): {esc(e.title)}" for e in related
        )
        parts += ["<h3>Rests on the ambiguity rulings</h3>", _list(rulings)]
        opts = list(_options_of(related, page))
        if opts:
            parts += ["<h3>Rule options</h3>", _list(opts)]
    parts += ["<h3>Scenarios</h3>", *_scenarios(cited, page), "</article>"]
    return "\n".join(parts)


def _profiles_reading(option: str) -> Mapping[str, list[str]]:
    """Per value of ``option``, the profiles that choose it."""
    chosen: dict[str, list[str]] = {}
    for profile in profile_names():
        chosen.setdefault(resolve(profile)[option], []).append(profile)
    return chosen


def _decision(decision: Decision, page: str) -> Iterator[str]:
    if decision.question:
        yield f'<p class="question"><strong>Question.</strong> {prose(decision.question, page)}</p>'
    by_profile = _profiles_reading(decision.option) if decision.option else {}
    literal = {value: [t for t, v in decision.profiles.items() if v == value] for value in decision.profiles.values()}
    rows = []
    for reading in decision.readings:
        marks = ['<span class="badge ruling">the kit\'s ruling</span>'] if reading.id == decision.ruling else []
        marks += [f'<span class="badge">the {esc(t.upper())} text reads so</span>' for t in literal.get(reading.id, [])]
        picked = by_profile.get(reading.id)
        if picked:
            marks.append(f'<span class="profiles">profiles: {", ".join(_profile_links(picked, page))}</span>')
        rows.append(f"<code>{esc(reading.id)}</code> {' '.join(marks)}<br>{prose(reading.text, page)}")
    yield "<h3>Readings</h3>"
    yield _list(rows, "readings")
    yield f'<p class="reason"><strong>Reason.</strong> {prose(decision.reason, page)}</p>'
    if decision.option:
        yield (
            f"<p>Rule option {_link('option:' + decision.option, page, decision.option)} "
            f"(default <code>{esc(decision.ruling)}</code>).</p>"
        )
    else:
        yield "<p>Rule option: none; every implementation must follow the ruling.</p>"


def _profile_links(names: Iterable[str], page: str) -> Iterator[str]:
    return (_link("profile:" + name, page, name) for name in names)


def ambiguity_html(entry: Ambiguity, cited: Citing | None, page: str) -> str:
    """One entry of the register: sources, each decision (readings, ruling, reason,
    option and the profiles choosing each reading), facts of dealt games, clauses, and
    the scenarios tagged with it."""
    parts = [
        f'<article class="ambiguity" id="{esc(entry.id)}">',
        f'<h2><a class="anchor" href="#{esc(entry.id)}">{esc(entry.id)}</a>: {esc(entry.title)}</h2>',
        "<h3>Sources</h3>",
        *(_source(s, page) for s in entry.sources),
    ]
    for decision in entry.decisions:
        parts.extend(_decision(decision, page))
    if entry.dealt_games:
        facts = (
            f"<strong>{prose(f.claim, page)}</strong> {prose(f.argument, page)} (<code>{esc(f.id)}</code>)"
            for f in entry.dealt_games
        )
        parts += ["<h3>In dealt games</h3>", _list(facts)]
    clauses = rulebook.clauses()
    rows = (f"{_link(c, page)}: {prose(clauses[c].statement, page)}" for c in entry.clauses)
    parts += ["<h3>Clauses</h3>", _list(rows), "<h3>Scenarios</h3>", *_scenarios(cited, page), "</article>"]
    return "\n".join(parts)


def sentence_html(sentence: Sentence, page: str) -> str:
    """One sentence of a source text: its words, English, and what became of it."""
    became = [_link(c, page) for c in sentence.clauses]
    fate = f"became {', '.join(became)}" if became else f"non-normative: {prose(sentence.non_normative or '', page)}"
    if sentence.ambiguities:
        fate += "; see " + ", ".join(_link(a, page) for a in sentence.ambiguities)
    return (
        f'<li class="sentence" id="{esc(sentence.id)}">'
        f'<a class="anchor" href="#{esc(sentence.id)}">{esc(sentence.id)}</a> '
        f'<p class="words" {_language(sentence.text)}>{esc(sentence.wording)}</p>'
        f'<p class="english">{esc(sentence.english)}</p><p class="fate">{fate}</p></li>'
    )


def _area_page(site: Site, area: str, cited: Mapping[str, Citing]) -> None:
    page = links.area_page(area)
    title = f"R-{area}: {rulebook.areas()[area]}"
    clauses = [c for c in rulebook.clauses().values() if c.area == area]
    toc = _list(f'<a href="#{esc(c.id)}">{esc(c.id)}</a> {esc(c.statement)}' for c in clauses)
    body = [f"<h1>{esc(title)}</h1>", f'<nav class="toc" aria-label="Clauses of R-{esc(area)}">{toc}</nav>']
    body += [clause_html(c, cited.get(c.id), page) for c in clauses]
    body.append(_pager(area, page))
    site.write_page(page, title, "\n".join(body))


def _pager(area: str, page: str) -> str:
    order = list(rulebook.areas())
    i = order.index(area)
    items = []
    if i > 0:
        items.append(
            f'<a rel="prev" href="{esc(links.relative(links.area_page(order[i - 1]), page))}">← R-{order[i - 1]}</a>'
        )
    items.append(f'<a href="{esc(links.relative(links.INDEX_PAGE, page))}">Contents</a>')
    if i + 1 < len(order):
        items.append(
            f'<a rel="next" href="{esc(links.relative(links.area_page(order[i + 1]), page))}">R-{order[i + 1]} →</a>'
        )
    return f'<nav class="pager" aria-label="Areas">{" ".join(items)}</nav>'


def _ambiguities_page(site: Site, cited: Mapping[str, Citing]) -> None:
    page = links.AMBIGUITIES_PAGE
    entries = list(rulebook.ambiguities().values())
    toc = _list(f'<a href="#{esc(e.id)}">{esc(e.id)}</a> {esc(e.title)}' for e in entries)
    body = [
        "<h1>The ambiguity register</h1>",
        "<p>Every point where the French and Persian texts differ or say nothing, the readings, "
        "and the kit's ruling. Where a real implementation could reasonably read it otherwise, "
        "the point is a rule option, and the profiles say which reading they pick.</p>",
        f'<nav class="toc" aria-label="Ambiguities">{toc}</nav>',
        *(ambiguity_html(e, cited.get(e.id), page) for e in entries),
    ]
    site.write_page(page, "The ambiguity register", "\n".join(body))


def _options_page(site: Site) -> None:
    page = links.OPTIONS_PAGE
    profiles = profile_names()
    resolved = {name: resolve(name) for name in profiles}
    head = "".join(f'<th scope="col">{_link("profile:" + p, page, p)}</th>' for p in profiles)
    rows = []
    for name, option in options().items():
        chosen = "".join(f"<td><code>{esc(resolved[p][name])}</code></td>" for p in profiles)
        label = _link("option:" + name, page, name)
        rows.append(f'<tr><th scope="row">{label}</th>{chosen}<td>{_link(option.ambiguity, page)}</td></tr>')
    table = (
        '<div class="scroll"><table><caption>The value of each rule option in each profile</caption>'
        f'<thead><tr><th scope="col">option</th>{head}<th scope="col">ambiguity</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    body = ["<h1>Rule options and profiles</h1>", table, "<h2>Options</h2>"]
    for name, option in options().items():
        default = ' <span class="badge ruling">default</span>'
        values = (
            f"<code>{esc(v)}</code>{default if v == option.default else ''} {esc(m)}" for v, m in option.values.items()
        )
        body.append(
            f'<section class="option" id="option-{esc(name)}"><h3><code>{esc(name)}</code></h3>'
            f"<p>{prose(option.summary, page)} Settled in {_link(option.ambiguity, page)}.</p>{_list(values)}</section>"
        )
    body.append("<h2>Profiles</h2>")
    for name in profiles:
        changed = [f"<code>{esc(k)}={esc(v)}</code>" for k, v in resolved[name].items() if v != options()[k].default]
        body.append(
            f'<section class="profile" id="profile-{esc(name)}"><h3><code>{esc(name)}</code></h3>'
            f"<p>{esc(profile_summary(name))}</p>"
            f"<p>Differs from the defaults in: {', '.join(changed) or 'nothing'}.</p></section>"
        )
    site.write_page(page, "Rule options and profiles", "\n".join(body))


def _address_line(info: Mapping[str, str]) -> str:
    if "address" in info:
        return f'Online at <a href="{esc(info["address"])}">{esc(info["address"])}</a>.'
    if "original" in info:
        return f'A rendering of <a href="{esc(info["original"])}">{esc(info["original"])}</a>.'
    return ""


def _sources_page(site: Site) -> None:
    page = links.SOURCES_PAGE
    body = [
        "<h1>The source texts</h1>",
        "<p>Every sentence of both texts, word for word, with its English rendering and what became of it.</p>",
    ]
    for text, info in rulebook.text_info().items():
        sentences = [s for s in rulebook.sentences().values() if s.text == text]
        body.append(
            f'<section class="text" id="text-{esc(text)}"><h2>{esc(text)}: {esc(info["title"])}</h2>'
            f"<p>{_address_line(info)}</p>"
            f'<ol class="sentences">{"".join(sentence_html(s, page) for s in sentences)}</ol></section>'
        )
    site.write_page(page, "The source texts", "\n".join(body))


def _index_page(site: Site) -> None:
    page = links.INDEX_PAGE
    clauses = list(rulebook.clauses().values())
    body = [
        "<h1>The rulebook</h1>",
        '<section id="results" class="results" aria-live="polite" hidden></section>',
        "<p>Every rule of Générala as a numbered clause, each resting on the exact French and Persian "
        "sentences it comes from; every point where the texts differ, with the kit's ruling. Search "
        "above (French, Persian or English words, or an ID such as <code>R-JOKER-4</code>).</p>",
        "<h2>Clauses by area</h2>",
    ]
    for area, title in rulebook.areas().items():
        rows = (_link(c.id, page) + f" {esc(c.statement)}" for c in clauses if c.area == area)
        href = esc(links.relative(links.area_page(area), page))
        body.append(
            f'<section class="area"><h3><a href="{href}">R-{esc(area)}: {esc(title)}</a></h3>{_list(rows)}</section>'
        )
    entries = (_link(e.id, page) + f" {esc(e.title)}" for e in rulebook.ambiguities().values())
    body += ["<h2>Ambiguities</h2>", _list(entries)]
    body += [
        "<h2>More</h2>",
        _list(
            [
                f'<a href="{esc(links.relative(links.OPTIONS_PAGE, page))}">Rule options and profiles</a>',
                f'<a href="{esc(links.relative(links.SOURCES_PAGE, page))}">The source texts, sentence by sentence</a>',
            ]
        ),
    ]
    site.write_page(
        page, "The rulebook", "\n".join(body), scripts=[search_index.INDEX_SCRIPT, search_index.SEARCH_SCRIPT]
    )


def write(site: Site) -> None:
    """Write every rulebook page and the search index."""
    from generala_scenarios import CARDS

    cited = citing(CARDS)
    _index_page(site)
    for area in rulebook.areas():
        _area_page(site, area, cited)
    _ambiguities_page(site, cited)
    _options_page(site)
    _sources_page(site)
    search_index.write(site)
