"""``generala-kit report``: reading the JSON reports, the clause matrix, the scores and
badges, escaping, and the command's refusals (the browser checks are in
``test_report_site_browser.py``)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from generala_conformance.cli import report as report_command
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.report_site import inputs, markup, matrix, pages, scores
from generala_conformance.report_site.failures import split_divergence
from generala_conformance.report_site.site import write_site
from generala_conformance.suite import report
from generala_spec import rulebook

from tests.cli_helpers import run_command

HELLO = {"name": "engine", "version": "2.1", "language": "go", "protocol": 1, "options": {}, "reason_codes": True}
JOKER_4 = {"clause": "R-JOKER-4", "statement": "the first Joker played wins", "why": "both Jokers fell"}
SHIELDS_ENDPOINT = {  # https://shields.io/badges/endpoint-badge: the keys the kit writes
    "type": "object",
    "required": ["schemaVersion", "label", "message", "color"],
    "additionalProperties": False,
    "properties": {
        "schemaVersion": {"const": 1},
        "label": {"type": "string", "minLength": 1},
        "message": {"type": "string", "minLength": 1},
        "color": {"enum": ["brightgreen", "green", "yellow", "orange", "red", "lightgrey"]},
    },
}


def case(case_id: str, outcome: str, clauses: list[str], **more: Any) -> report.CaseResult:
    return report.CaseResult(id=case_id, title=case_id, kind="fixture", outcome=outcome, clauses=clauses, **more)


def document(results: list[report.CaseResult], kit_version: str = "0.1.0", **more: Any) -> dict[str, Any]:
    """A report of ``results`` that names no suite version (known by its kit's version)."""
    fields = {"implementation": HELLO, "adapter": "process: engine", "profile": None, "duration": 1.0}
    doc = report.build(results, kit_version=kit_version, **{**fields, **more})
    doc.pop("suite", None)
    return doc


def write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def run_of(doc: dict[str, Any], name: str = "r.json") -> inputs.Run:
    return inputs.Run(Path(name), doc)


# ------------------------------------------------------------------ failure text


def test_a_rendered_divergence_splits_back_into_its_parts() -> None:
    state = {"hands": [["2C"], ["3C", "JK"]], "to_move": 1, "trick": [], "leader": 1, "phase": "play"}
    rendered = Divergence("Then P1 wins the trick", "trick P1", "trick P2", state, "x.feature:3", ["P1 JK"]).render()
    parts = split_divergence(rendered)
    assert parts is not None
    assert (parts.step, parts.expected, parts.actual, parts.moves) == (
        "Then P1 wins the trick",
        "trick P1",
        "trick P2",
        "P1 JK",
    )
    assert parts.table.splitlines()[1].split() == ["P2", ">", "3♣", "🃏"]
    bare = split_divergence(Divergence("start", "refused", "accepted", state).render())
    assert bare is not None and bare.step == "start" and bare.moves == ""


@pytest.mark.parametrize(
    "message", [None, "", "the implementation crashed (exit code 1)", "divergence at step: x\n  expected: y"]
)
def test_other_messages_are_not_divergences(message: str | None) -> None:
    assert split_divergence(message) is None


# ------------------------------------------------------------------ reading reports


def test_a_report_is_read_and_its_strings_cleaned(tmp_path: Path) -> None:
    doc = document([case("a", "pass", ["R-JOKER-4"])])
    doc["implementation"] = {**HELLO, "name": "bad\ud800name\x1b[31m"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: the surrogate is "\ud800" in the file
    assert "\\ud800" in path.read_text(encoding="utf-8")
    run = inputs.read_run(path)
    assert run.name == "bad\ufffdname\u241b[31m"
    assert (run.version, run.profile, run.suite, run.stopped) == ("2.1", inputs.NO_PROFILE, "kit 0.1.0", None)


@pytest.mark.parametrize(
    ("content", "code", "says"),
    [
        (b"{not json", "not-json", "x.json:1: (file): not JSON: column 2"),
        (b"\xff\xfe{}", "not-utf8", "is not UTF-8"),
        (b'<?xml version="1.0"?><testsuites/>', "not-json", "not JSON"),
        (b'{"cases": []}', "not-a-report", "not a generala-kit report"),
        (b"[1, 2]", "not-a-report", "not a generala-kit report"),
        (b"[" * 100_000, "too-deep", "x.json:1: 0.0.0.0.0"),
        (b'{"version": 1, "cases": [NaN]}', "not-json", "x.json:1: cases.0: NaN is not a JSON number"),
        (b'{"cases": [\n' + b"7" * 5000 + b"]}", "integer-too-long", "x.json:2: cases.0: an integer of 5000"),
        (b'{"cases": [],\n "cases": []}', "duplicate-key", "x.json:2: cases: key 'cases' is given twice"),
    ],
)
def test_a_file_that_is_not_a_report_is_refused(tmp_path: Path, content: bytes, code: str, says: str) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(inputs.ReportInputError) as caught:
        inputs.read_run(path)
    assert caught.value.code == code and says in str(caught.value) and str(path) in str(caught.value)


def test_a_report_of_another_version_or_shape_is_refused_naming_the_field(tmp_path: Path) -> None:
    doc = document([case("a", "pass", ["R-JOKER-4"])])
    with pytest.raises(inputs.ReportInputError, match="report version 2; this kit reads version 1") as caught:
        inputs.read_run(write(tmp_path / "v.json", {**doc, "version": 2}))
    assert caught.value.code == "report-version"
    doc["cases"][0]["outcome"] = "won"
    with pytest.raises(inputs.ReportInputError, match=r"s\.json:\d+: cases\.0\.outcome: 'won' is not one of") as caught:
        inputs.read_run(write(tmp_path / "s.json", doc))
    assert caught.value.code == "not-a-report"
    with pytest.raises(inputs.ReportInputError, match="cannot be opened") as caught:
        inputs.read_run(tmp_path / "missing.json")
    assert caught.value.code == "unreadable"


def test_reports_of_different_suites_are_refused_unless_allowed(tmp_path: Path) -> None:
    old = write(tmp_path / "old.json", document([], kit_version="0.0.9"))
    new = write(tmp_path / "new.json", document([case("a", "pass", ["R-JOKER-4"])]))
    with pytest.raises(inputs.ReportInputError) as caught:
        inputs.read_runs([old, new])
    assert caught.value.code == "mixed-suites"
    assert f"kit 0.0.9: {old}" in str(caught.value) and f"kit 0.1.0: {new}" in str(caught.value)
    assert [r.suite for r in inputs.read_runs([old, new], allow_mixed_suites=True)] == ["kit 0.0.9", "kit 0.1.0"]
    with pytest.raises(inputs.ReportInputError, match="no report given"):
        inputs.read_runs([])


def test_a_report_naming_its_suite_version_is_known_by_it() -> None:
    kit = {"version": "0.1.0"}
    assert inputs.suite_of({"kit": kit, "suite": {"version": "1.2.0", "cases": None}}) == "cards suite 1.2.0"
    assert (
        inputs.suite_of({"kit": kit, "suite": {"version": "1.2.0", "cases": "my"}}) == "cards suite 1.2.0, cases of my"
    )
    dice = {"game": "dice", "version": "1.2.0", "cases": None}
    assert inputs.suite_of({"kit": kit, "suite": dice}) == "dice suite 1.2.0"


# ------------------------------------------------------------------ the matrix


def test_a_case_counts_under_its_clauses_and_an_attributed_failure_only_under_its_clause() -> None:
    doc = document(
        [
            case("p", "pass", ["R-JOKER-3", "R-JOKER-4"]),
            case("f", "fail", ["R-JOKER-3", "R-JOKER-4"], attribution=JOKER_4, message="m"),
            case("u", "fail", ["R-JOKER-3"], message="unattributed"),
            case("e", "error", ["R-JOKER-3", "R-SETUP-4"], message="crashed"),
            case("s", "skip", ["R-JOKER-1"], message="Skipped: unsupported"),
            case("n", "xfail", [], message="expectations: later"),
        ]
    )
    blocks = {b.area: b for b in matrix.build_matrix([run_of(doc)])}
    rows = {row.clause: row.cells[0] for block in blocks.values() for row in block.rows}
    assert rows["R-JOKER-4"].counts["fail"] == 1 and rows["R-JOKER-4"].counts["pass"] == 1
    assert rows["R-JOKER-3"].counts == {**dict.fromkeys(report.OUTCOMES, 0), "pass": 1, "fail": 1, "error": 1}
    assert [c["id"] for c in rows["R-JOKER-3"].wrong] == ["e", "u"]
    assert (rows["R-JOKER-3"].state, rows["R-JOKER-1"].state, rows["R-MAT-1"].state) == ("fail", "skip", "none")
    assert rows["R-SETUP-4"].state == "fail" and blocks["SETUP"].contract and not blocks["JOKER"].contract
    assert rows[matrix.NO_CLAUSE].counts["xfail"] == 1 and list(blocks)[-1] == report.NO_AREA
    assert blocks["JOKER"].totals == [doc["areas"]["JOKER"]]
    assert list(blocks)[:3] == ["MAT", "DEAL", "LEAD"]


def test_a_clause_the_rulebook_does_not_know_gets_a_row_of_its_own() -> None:
    doc = document([case("x", "fail", ["R-ZZZ-1"], message="m")])
    blocks = {b.area: b for b in matrix.build_matrix([run_of(doc)])}
    assert [(r.clause, r.statement) for r in blocks["ZZZ"].rows] == [("R-ZZZ-1", matrix.UNKNOWN_STATEMENT)]


def test_a_retired_clause_shows_only_when_a_report_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    joker_4 = rulebook.clauses()["R-JOKER-4"]
    retired = dataclasses.replace(joker_4, status="retired")
    monkeypatch.setattr(matrix, "clauses", lambda: {**rulebook.clauses(), "R-JOKER-4": retired})
    quiet = {
        r.clause for b in matrix.build_matrix([run_of(document([case("a", "pass", ["R-MAT-1"])]))]) for r in b.rows
    }
    assert "R-JOKER-4" not in quiet and "R-JOKER-3" in quiet
    named = matrix.build_matrix([run_of(document([case("a", "pass", ["R-JOKER-4"])]))])
    rows = {r.clause: r.statement for b in named for r in b.rows}
    assert rows["R-JOKER-4"] == f"{joker_4.statement} (retired)"


# ------------------------------------------------------------------ scores and badges


def test_scores_split_rules_from_contract_and_leave_skips_out() -> None:
    results = [case(f"r{i}", "pass", ["R-FOLLOW-2"]) for i in range(13)]
    results += [case("rf", "fail", ["R-FOLLOW-2", "R-SETUP-1"], attribution=JOKER_4, message="m")]
    results += [case(f"c{i}", "pass", ["R-SETUP-1"]) for i in range(3)] + [case("cx", "xfail", ["R-PROTO-1"])]
    results += [case("s", "skip", ["R-SETUP-2"]), case("xp", "xpass", ["R-PROTO-2"])]
    table = scores.scores([run_of(document(results))])
    assert (table["rules"].passed, table["rules"].counted) == (13, 14)  # rf counts under R-JOKER-4 only
    assert (table["contract"].passed, table["contract"].counted) == (4, 5)  # xpass passed, xfail did not, skip out
    badge = scores.badge("Générala", [run_of(document(results))])
    jsonschema.validate(badge, SHIELDS_ENDPOINT)
    assert badge["message"] == "rules 92% · contract 80%" and badge["color"] == "yellow"


@pytest.mark.parametrize(
    ("passed", "counted", "color"),
    [
        (10, 10, "brightgreen"),
        (199, 200, "green"),
        (19, 20, "green"),
        (18, 20, "yellow"),
        (1, 2, "orange"),
        (1, 3, "red"),
    ],
)
def test_the_badge_colour_follows_the_lower_score(passed: int, counted: int, color: str) -> None:
    assert scores.color({"rules": scores.Score(passed, counted), "contract": scores.Score(0, 0)}) == color
    assert scores.Score(199, 200).text == "99%" and scores.Score(0, 0).text == "n/a"


def test_an_aborted_run_or_one_that_did_not_run_says_so_in_red() -> None:
    aborted = document([], implementation=None, aborted={"code": "handshake-failed", "message": "m", "detail": ""})
    failed = document([], error="the cases could not be loaded")
    assert scores.badge("G", [run_of(aborted)])["message"] == "aborted"
    assert scores.badge("G", [run_of(failed)])["message"] == "did not run"
    mixed = scores.badge("G", [run_of(aborted), run_of(document([case("a", "pass", ["R-MAT-1"])]))])
    assert mixed == {
        "schemaVersion": 1,
        "label": "G",
        "message": "rules 100% · contract n/a · 1 run(s) stopped",
        "color": "red",
    }


# ------------------------------------------------------------------ pages and escaping

HOSTILE = "<script>alert('x')</script> \"quoted\" O'Brien \ud800 <img src=x onerror=alert(1)>"


def hostile_site(tmp_path: Path) -> Path:
    message = Divergence("Then <b>P1</b> wins", "<i>x</i>", '"y"', None).render()
    doc = document(
        [
            case("<case>", "fail", ["R-JOKER-4"], attribution=JOKER_4, message=message, stderr="<script>e()</script>"),
            case("crash", "error", ["R-JOKER-4"], message=HOSTILE, stderr=HOSTILE),
            case("s", "skip", ["R-JOKER-1"], message=f"Skipped: {HOSTILE}"),
        ],
        implementation={**HELLO, "name": HOSTILE, "version": HOSTILE, "options": {HOSTILE: [HOSTILE]}},
        adapter=HOSTILE,
    )
    path = write(tmp_path / "hostile.json", doc)
    out = tmp_path / "site"
    write_site(inputs.read_runs([path]), out)
    return out


def test_implementation_strings_are_escaped_everywhere(tmp_path: Path) -> None:
    out = hostile_site(tmp_path)
    pages_html = [p.read_text(encoding="utf-8") for p in out.glob("*.html")]
    assert len(pages_html) == 2
    for page in pages_html:
        assert "<script" not in page and "<img" not in page and "<b>" not in page and "<i>" not in page
        assert "\ufffd" in page and "\ud800" not in page
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;quoted&quot; O&#x27;Brien" in page
        assert "onerror=alert(1)&gt;" in page
        # every attribute value is quoted and holds no raw quote or angle bracket
        for value in re.findall(r'=\s*"([^"]*)"', page):
            assert "<" not in value and ">" not in value
    run_page = next(p for p in pages_html if "Handshake" in p)
    assert "Then &lt;b&gt;P1&lt;/b&gt; wins" in run_page and "&lt;script&gt;e()&lt;/script&gt;" in run_page
    for badge in (out / "badges").glob("*.json"):
        jsonschema.validate(json.loads(badge.read_text(encoding="utf-8")), SHIELDS_ENDPOINT)
    assert all(re.fullmatch(r"[a-z0-9-]+(--[a-z0-9-]+)?\.json", b.name) for b in (out / "badges").iterdir())


def test_slugs_are_safe_and_unique() -> None:
    assert markup.slug("generala-kit reference") == "generala-kit-reference"
    assert markup.slug(HOSTILE) == "script-alert-x-script-quoted-o-brien-img-src-x-onerror-alert"  # 60 at most
    assert markup.slug("../../etc", "x") == "etc" and markup.slug("日本", "implementation") == "implementation"
    assert markup.unique_slugs(["A b", "a-b", "a_b"]) == ["a-b", "a-b-2", "a-b-3"]


def test_a_run_page_shows_the_divergence_skips_and_expectations(tmp_path: Path) -> None:
    state = {"hands": [["2C"], ["3C"]], "to_move": 1, "trick": [], "leader": 1, "phase": "play"}
    message = Divergence("Then P1 wins the trick", "trick P1", "trick P2", state).render()
    doc = document(
        [
            case("f", "fail", ["R-JOKER-4"], attribution=JOKER_4, message=message),
            case("x", "xfail", ["R-JOKER-1"], message="expectations: we read it the other way (https://e.org/1)"),
            case("xp", "xpass", ["R-JOKER-1"], message="[XPASS(strict)] expectations: stale entry"),
            case("s", "skip", ["R-JOKER-2"], message="Skipped: expectations: too slow"),
            case("u", "skip", ["R-JOKER-2"], message="Skipped: the implementation lacks tie-break=any-nearest"),
        ]
    )
    html = pages.run_page(run_of(doc), 0, matrix.build_matrix([run_of(doc)]))
    section = html.split('id="clause-R-JOKER-4"')[1].split("</section>")[0]
    assert 'href="#case-0"' in section and "diverges at <code>Then P1 wins the trick</code>" in section
    article = html.split('id="case-0"')[1].split("</article>")[0]
    assert "<dd>trick P1</dd>" in article and "<dd>trick P2</dd>" in article and "P2 &gt; 3♣" in article
    expectations = html.split("<h2>Expectations</h2>")[1]
    assert "<td>xfail</td><td>we read it the other way (https://e.org/1)</td><td>1</td><td>x</td>" in expectations
    assert "<td>xpass</td><td>stale entry</td>" in expectations and "<td>skip</td><td>too slow</td>" in expectations
    assert "lacks tie-break" not in expectations and "lacks tie-break=any-nearest</td><td>1</td><td>no" in html
    assert "<th>language</th>" not in html and "<td>go</td>" in html and "2.1" in html


def test_a_run_page_lists_the_expectations_file_and_its_stale_entries() -> None:
    doc = document([case("a", "pass", ["R-MAT-1"])])
    doc["expectations"] = {
        "file": "ci/expect.yaml",
        "entries": [
            {"clause": "R-JOKER-4", "outcome": "xfail", "reason": "<later>", "issue": "https://e.org/i/1?a=1&b=2"},
            {"case": "x-*", "outcome": "skip", "reason": "slow", "issue": "javascript:alert(1)"},
        ],
        "stale": ["case: x-*"],
    }
    html = pages.run_page(run_of(doc), 0, matrix.build_matrix([run_of(doc)]))
    part = html.split("<h2>Expectations</h2>")[1]
    assert "File <code>ci/expect.yaml</code>, 2 entries." in part
    assert "<td><code>clause: R-JOKER-4</code></td><td>xfail</td><td>&lt;later&gt;</td>" in part
    assert '<a href="https://e.org/i/1?a=1&amp;b=2" rel="nofollow">' in part
    assert "<td>javascript:alert(1)</td>" in part and 'href="javascript' not in part
    assert "<li><code>case: x-*</code></li>" in part


def test_an_aborted_run_shows_why_in_its_column_and_page(tmp_path: Path) -> None:
    aborted = document(
        [], implementation=None, aborted={"code": "handshake-failed", "message": "crashed <now>", "detail": "trace"}
    )
    runs = [run_of(document([case("a", "pass", ["R-MAT-1"])])), run_of(aborted, "b.json")]
    index = pages.index_page(runs, matrix.build_matrix(runs), ["run-1.html", "run-2.html"], ["b1", "b2"])
    assert index.count('<td class="cell stopped">aborted</td>') == len(
        [r for b in matrix.build_matrix(runs) for r in b.rows]
    )
    page = pages.run_page(runs[1], 1, matrix.build_matrix(runs))
    assert "Aborted [handshake-failed]: crashed &lt;now&gt;" in page and "<pre>trace</pre>" in page
    assert "never completed" in page


# ------------------------------------------------------------------ the command


def test_the_command_writes_the_site_and_lists_the_badges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "r.json", document([case("a", "pass", ["R-MAT-1"])], profile="fa"))
    code, out, err = run_command(report_command, [str(path), "--out", str(tmp_path / "site")], capsys)
    assert (code, err) == (0, "")
    site = tmp_path / "site"
    assert sorted(p.name for p in site.iterdir()) == ["badges", "index.html", "run-1-engine-fa.html", "style.css"]
    assert out.splitlines() == [
        f"{site / 'index.html'}: 1 run(s), 1 run page(s)",
        f"{site / 'badges/engine.json'}",
        f"{site / 'badges/engine--fa.json'}",
    ]
    assert json.loads((site / "badges/engine--fa.json").read_text(encoding="utf-8"))["label"] == "Générala fa"


def test_the_command_shows_mixed_suites_only_when_allowed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write(tmp_path / "old.json", document([case("a", "pass", ["R-MAT-1"])], kit_version="0.0.9"))
    new = write(tmp_path / "new.json", document([case("a", "pass", ["R-MAT-1"])]))
    site = tmp_path / "site"
    code, out, err = run_command(report_command, [str(old), str(new), "--out", str(site)], capsys)
    assert code == 2 and err.endswith("or --allow-mixed-suites [mixed-suites]\n") and not site.exists()
    code, out, err = run_command(
        report_command, [str(old), str(new), "--out", str(site), "--allow-mixed-suites"], capsys
    )
    assert err == "" and out.startswith(f"{site / 'index.html'}: 2 run(s)")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert code == 0 and "These runs come from different suites (kit 0.0.9, kit 0.1.0)" in index


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junit = tmp_path / "junit.xml"
    junit.write_text('<?xml version="1.0"?><testsuites/>', encoding="utf-8")
    code, out, err = run_command(report_command, [str(junit), "--out", str(tmp_path / "site")], capsys)
    assert code == 2 and out == "" and not (tmp_path / "site").exists()
    assert err == f"generala-kit report: {junit}:1: (file): not JSON: column 1: Expecting value [not-json]\n"
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    path = write(tmp_path / "r.json", document([case("a", "pass", ["R-MAT-1"])]))
    code, out, err = run_command(report_command, [str(path), "--out", str(blocker / "site")], capsys)
    assert code == 2 and err.startswith(f"generala-kit report: cannot write {blocker / 'site'}: ")
    assert err.endswith("[unwritable]\n")
