"""The answer of ``generala-kit explain`` for the terminal: the table with card
glyphs, the choices of the player to move, each move's events with the clause
and sentences deciding them, and the readings that change the outcome."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import Any

from generala_conformance.games.cards.divergence import draw_table
from generala_conformance.games.cards.notation import player, pretty
from generala_spec import links
from generala_spec.options import resolve

Json = dict[str, Any]
WIDTH = 100


def _cite(ref: Json | None) -> str:
    """``R-JOKER-4 [FR-13, FA-33]`` (and the ambiguity rulings it rests on)."""
    if ref is None:
        return "(no clause: a matter of notation)"
    text: str = ref["clause"]
    if ref["sentences"]:
        text += f" [{', '.join(ref['sentences'])}]"
    if ref["ambiguities"]:
        text += "; rests on " + ", ".join(f"{a['id']} ({a['ruling']})" for a in ref["ambiguities"])
    return text


def _wrapped(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)


def _action(text: str) -> str:
    words = text.split()
    return " ".join(pretty(w) if w not in ("decline", "take") else w for w in words)


def choice_lines(choices: Json | None) -> Iterator[str]:
    """The legal moves grouped by the clause allowing them, then each illegal one."""
    if choices is None:
        yield "  the game is over: nobody is to move"
        return
    yield f"{player(choices['player'])} to move ({choices['phase']}):"
    groups: dict[str, list[str]] = {}
    refs: dict[str, Json] = {}
    for entry in choices["legal"]:
        clause = entry["allowed_by"]["clause"]
        groups.setdefault(clause, []).append(_action(entry["action"]))
        refs[clause] = entry["allowed_by"]
    for clause, actions in groups.items():
        yield f"  legal   {' '.join(actions):<24} {_cite(refs[clause])}"
        yield from _wrapped(refs[clause]["statement"], " " * 10)
    for entry in choices["illegal"]:
        yield f"  illegal {_action(entry['action']):<10} {entry['code']:<22} {_cite(entry['refused_by'])}"
        if entry["refused_by"]:
            yield from _wrapped(entry["refused_by"]["statement"], " " * 10)


def move_lines(move: Json) -> Iterator[str]:
    """One move: the clause allowing it, then each event with its deciding clause."""
    yield f"  {move['move']:<14} legal by {_cite(move['allowed_by'])}"
    for event in move["events"]:
        ref = event["decided_by"]
        yield f"    {event['text']:<28} {ref['clause']:<11} {event['why']}"
        if event["event"]["type"] in ("trick", "lead", "game-over"):
            yield from _wrapped(f"{ref['statement']} {_cite(ref)[len(ref['clause']) + 1 :]}", " " * 33)


def reading_lines(readings: list[Json], base: list[str]) -> Iterator[str]:
    """Each reading that changes the outcome: what differs, with the ambiguity and ruling."""
    if not readings:
        yield "No rule option or profile changes this outcome."
        return
    yield "Readings that change the outcome:"
    for reading in readings:
        yield f"  {reading['reading']}"
        for amb in reading["ambiguities"]:
            yield from _wrapped(
                f"{amb['id']} {amb['title']}: the kit rules {amb['option']}={amb['ruling']}; "
                f"this reading is {amb['reading']}: {amb['reading_text']}",
                "      ",
            )
        outcome = reading["outcome"]
        if isinstance(outcome, str):
            yield f"      {outcome}"
            continue
        changed = [i for i, text in enumerate(outcome) if i >= len(base) or base[i] != text]
        shown = sorted({changed[0], len(outcome) - 1}) if changed else [len(outcome) - 1]
        for i in shown:
            instead = f"   (instead of: {base[i]})" if i < len(base) and base[i] != outcome[i] else ""
            yield f"      → {outcome[i]}{instead}"


def base_outcome(answer: Json) -> list[str]:
    """The outcome under the chosen rules, in the form the readings use."""
    texts = [e["text"] for move in answer["moves"] for e in move["events"]]
    if answer["stopped"] is not None:
        return [*texts, f"{answer['stopped']['move']} refused ({answer['stopped']['code']})"]
    final = answer["after"] or {"choices": answer["choices"]}
    if final["choices"] is None:
        return texts
    return [*texts, "legal " + " ".join(e["action"] for e in final["choices"]["legal"])]


def lines(answer: Json) -> list[str]:
    """The whole answer as terminal lines."""
    chosen = resolve(answer["profile"])
    changed = ", ".join(f"{k}={v}" for k, v in answer["rules"].items() if chosen[k] != v)
    out = [f"Position (profile {answer['profile']}{', ' + changed if changed else ''}):"]
    out.append(draw_table(answer["table"]))
    if answer["table"].get("forced"):
        out.append(f"  first lead: {pretty(answer['table']['forced'])}, the last card dealt to the leader")
    out += ["", *choice_lines(answer["choices"])]
    if answer["moves"] or answer["stopped"]:
        out += ["", "Moves:"]
        for move in answer["moves"]:
            out.extend(move_lines(move))
    stopped = answer["stopped"]
    if stopped is not None:
        out.append(f"  {stopped['move']:<14} ILLEGAL: {stopped['code']}, {_cite(stopped['refused_by'])}")
        out += _wrapped(stopped["message"], " " * 4)
        if stopped["refused_by"]:
            out += _wrapped(stopped["refused_by"]["statement"], " " * 4)
        out.append("  (the explanation stops at the illegal move)")
    elif answer["after"] is not None:
        out += ["", "Now:", draw_table(answer["after"]["table"]), *choice_lines(answer["after"]["choices"])]
    out += ["", *reading_lines(answer["readings"], base_outcome(answer))]
    out += ["", *web_lines(answer)]
    return out


def _cited(node: object) -> Iterator[str]:
    """Every clause ID the answer cites (values of ``clause`` keys), in order."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "clause" and isinstance(value, str):
                yield value
            else:
                yield from _cited(value)
    elif isinstance(node, list):
        for item in node:
            yield from _cited(item)


def web_lines(answer: Json) -> Iterator[str]:
    """The rulebook's web page of each clause the answer cites (``links.url``)."""
    cited = list(dict.fromkeys(_cited(answer)))
    if not cited:
        return
    note = links.url_note()
    yield from _wrapped(f"The clauses on the web ({note}):" if note else "The clauses on the web:", "")
    for clause in cited:
        yield f"  {clause:<11} {links.url(clause)}"
