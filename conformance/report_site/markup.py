"""HTML building blocks of the report: escaping, safe file names and anchors, the
page shell and its style sheet.

Every string that reaches a page goes through :func:`text` (or :func:`attr`):
implementation names, messages and stderr are written by the implementation under
test, and case ids and file names come from report files anyone can edit.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def text(value: object) -> str:
    """``value`` as HTML text (``<``, ``>``, ``&`` and both quotes escaped)."""
    return html.escape(str(value), quote=True)


attr = text
"""An attribute value (always written between double quotes): escaped the same way."""


def slug(value: str, fallback: str = "x") -> str:
    """A file-name and anchor-safe form of ``value``: lower-case ASCII letters, digits
    and single hyphens (``generala-kit reference`` -> ``generala-kit-reference``)."""
    return _NOT_SLUG.sub("-", value.lower()).strip("-")[:60].strip("-") or fallback


def unique_slugs(values: Iterable[str], fallback: str = "x") -> list[str]:
    """:func:`slug` of each value, with ``-2``, ``-3``… added where two would be the same."""
    seen: set[str] = set()
    found = []
    for value in values:
        base = candidate = slug(value, fallback)
        n = 1
        while candidate in seen:
            n += 1
            candidate = f"{base}-{n}"
        seen.add(candidate)
        found.append(candidate)
    return found


def page(title: str, body: str, *, style_href: str = "style.css") -> str:
    """A whole HTML document: ``title`` is escaped here, ``body`` is HTML already."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{text(title)}</title>\n"
        '<link rel="icon" href="data:,">\n'  # no favicon: none is asked of the server
        f'<link rel="stylesheet" href="{attr(style_href)}">\n'
        "</head>\n<body>\n"
        f"{body}\n"
        "</body>\n</html>\n"
    )


STYLE = """\
:root { --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
  --skip: #57606a; --skip-bg: #eaeef2; --line: #d0d7de; --muted: #57606a; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
  padding: 1rem; max-width: 80rem; color: #1f2328; }
h1 { font-size: 1.5rem; margin: .2rem 0 .6rem; } h2 { font-size: 1.2rem; margin-top: 1.8rem; }
h3 { font-size: 1.05rem; } a { color: #0969da; }
.muted, .statement { color: var(--muted); }
.statement { display: block; font-weight: normal; font-size: .85rem; }
.scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
table.matrix th[scope=row] { position: sticky; left: 0; background: #fff; min-width: 20rem; max-width: 28rem;
  box-shadow: 1px 0 0 var(--line); z-index: 1; }
table.matrix thead th { background: #f6f8fa; min-width: 8rem; max-width: 14rem; overflow-wrap: anywhere; }
table.runs td { white-space: nowrap; } table.runs td:first-child { white-space: normal; min-width: 10rem;
  max-width: 18rem; overflow-wrap: anywhere; }
table.matrix tr.area th { background: #f6f8fa; }
table.matrix tr.area th[scope=rowgroup] { position: sticky; left: 0; z-index: 1; }
td.cell { white-space: nowrap; font-variant-numeric: tabular-nums; min-width: 7rem; }
td.pass { background: var(--pass-bg); color: var(--pass); }
td.fail { background: var(--fail-bg); color: var(--fail); font-weight: 600; }
td.fail a { color: var(--fail); }
td.skip { background: var(--skip-bg); color: var(--skip); }
td.none { color: var(--muted); }
td.stopped { background: var(--fail-bg); color: var(--fail); white-space: normal; }
.banner { padding: .6rem .8rem; border-radius: 6px; margin: .8rem 0; overflow-wrap: anywhere; }
.banner.ok { background: var(--pass-bg); color: var(--pass); }
.banner.bad { background: var(--fail-bg); color: var(--fail); }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: .6rem; overflow-x: auto;
  font-size: .85rem; white-space: pre; }
dl.divergence { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; margin: .4rem 0; }
dl.divergence dt { font-weight: 600; } dl.divergence dd { margin: 0; font-family: ui-monospace, monospace;
  overflow-wrap: anywhere; }
article.case { border: 1px solid var(--line); border-radius: 6px; padding: .2rem .8rem .6rem; margin: .8rem 0; }
article.case:target, section.clause:target { outline: 3px solid #0969da; }
.outcome { font-weight: 700; text-transform: uppercase; font-size: .8rem; }
code { overflow-wrap: anywhere; }
@media (max-width: 40rem) { body { padding: .5rem; font-size: 14px; }
  table.matrix th[scope=row] { min-width: 9rem; max-width: 12rem; } td.cell { min-width: 5.5rem; } }
"""
