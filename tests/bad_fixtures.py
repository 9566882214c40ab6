"""Bad fixtures, one per kind: what a careless or hostile user could put in a
``--cases`` directory, and the one-paragraph error the kit must give for it.

``BAD`` is the table: each :class:`Bad` builds its directory (:meth:`Bad.build`)
and says the error's ``code``, the file, the ``line`` (0: the whole file or
directory), the ``field`` (dotted path, '' for the file) and a fragment of the
message. Every entry differs from :data:`GOOD` or :data:`DEAL` (both load) in one
thing only. Used by ``tests/test_bad_fixtures.py`` and ``bench/bench_bad_fixtures.py``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

GOOD = """\
version: 1
cases:
- id: follow-suit
  title: P2 must follow hearts
  clauses: [R-FOLLOW-2]
  sources: [FR-9]
  position:
    players: 3
    leader: P1
    hands: {P1: 8H 2C, P2: 9H 3C, P3: 10H 4C}
  steps:
  - {do: P1 8H, events: [play P1 8H]}
  - {do: P2 3C, refused: must-follow-suit}
  - {do: P2 9H, events: [play P2 9H]}
  - {do: P3 10H, events: [play P3 10H, trick P3 complete, lead P3 winner]}
  - {state: {to_move: P3, hands: {P3: 4C}}}
"""

PACK = " ".join(r + s for s in "CDHS" for r in [*"23456789", "10", *"JQKA"]) + " JK JK"

DEAL = f"""\
version: 1
cases:
- id: a-deal
  title: A series from a deal
  clauses: [R-DEAL-1]
  sources: [FR-7]
  deal:
    players: 3
    dealer: P2
    deck: {PACK}
  series: true
  steps:
  - {{send: "8X", by: P1, refused: bad-action}}
  - {{state: {{to_move: P3, went_out: [P1], series: {{active: [P1, P2], games: 1}}}}}}
"""

ALIAS_BOMB = (
    "a: &a ["
    + ",".join(["x"] * 9)
    + "]\n"
    + "".join(f"{b}: &{b} [" + ",".join([f"*{a}"] * 9) + "]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True))
)
"""The billion laughs: 9^9 (387 million) strings once expanded, in a few hundred bytes."""


def edit(old: str, new: str, base: str = GOOD) -> str:
    """``base`` with its one ``old`` replaced by ``new``."""
    assert base.count(old) == 1, f"{old!r} is not once in the base fixture"
    return base.replace(old, new)


@dataclass(frozen=True)
class Bad:
    """One kind of bad fixture and the error expected for it."""

    kind: str
    code: str
    line: int
    field: str
    fragment: str
    text: str | None = None
    data: bytes | None = None
    make: Callable[[Path], None] | None = None
    name: str = "case.yaml"

    def build(self, root: Path) -> Path:
        """Create the ``--cases`` directory ``root`` holding this bad fixture; ``root``."""
        root.mkdir(parents=True, exist_ok=True)
        if self.text is not None:
            (root / self.name).write_text(self.text, "utf-8")
        if self.data is not None:
            (root / self.name).write_bytes(self.data)
        if self.make is not None:
            self.make(root)
        return root

    def path(self, root: Path) -> Path:
        """The file (or directory) the error must name."""
        return root / self.name if self.name else root


def _fifo(root: Path) -> None:
    os.mkfifo(root / "case.yaml")


def _link_outside(root: Path) -> None:
    secret = root.parent / "secret.yaml"
    secret.write_text(GOOD, "utf-8")
    (root / "case.yaml").symlink_to(secret)


def _dangling(root: Path) -> None:
    (root / "case.yaml").symlink_to(root / "nowhere.yaml")


def _dir_named_yaml(root: Path) -> None:
    (root / "case.yaml").mkdir()


def _too_large(root: Path) -> None:
    with (root / "case.yaml").open("w", encoding="utf-8") as out:
        out.write(GOOD)
        line = "# " + "x" * 1021 + "\n"
        out.writelines(line for _ in range(4 * 1024 + 1))


def _id_twice(root: Path) -> None:
    (root / "a.yaml").write_text(GOOD, "utf-8")
    (root / "case.yaml").write_text(GOOD, "utf-8")


C0 = "cases.0"
ST = "cases.0.steps"
BAD: list[Bad] = [
    # ---- the file itself: kind, size, encoding, characters
    Bad("pipe", "not-a-file", 0, "", "a pipe (FIFO)", make=_fifo),
    Bad("link-outside", "outside-cases-dir", 0, "", "symbolic link", make=_link_outside),
    Bad("dangling-link", "unreadable", 0, "", "cannot be read", make=_dangling),
    Bad("empty-dir", "no-fixture-files", 0, "", "no fixture files", name=""),
    Bad("only-a-dir-named-yaml", "no-fixture-files", 0, "", "no fixture files", make=_dir_named_yaml, name=""),
    Bad("too-large", "too-large", 0, "", "larger than 4194304 bytes", make=_too_large),
    Bad("empty-file", "empty-file", 0, "", "empty", text=""),
    Bad("only-comments", "empty-file", 0, "", "empty", text="# nothing here\n"),
    Bad("latin-1", "not-utf8", 4, "", "byte e9 at column 26", data=edit("hearts", "c\xe9ur").encode("latin-1")),
    Bad("utf-16", "not-utf8", 1, "", "not UTF-8", data=GOOD.encode("utf-16")),
    Bad("nul", "control-character", 4, "", "U+0000 at column 24", text=edit("follow hearts", "follow\0hearts")),
    Bad("escape", "control-character", 4, "", "U+001B", text=edit("hearts", "\x1b[31mhearts")),
    Bad("c1-control", "control-character", 4, "", "U+009B", text=edit("hearts", "\x9bhearts")),
    # ---- YAML
    Bad("unclosed-flow", "bad-yaml", 5, "", "not valid YAML", text=edit("title: P2 must follow hearts", "title: [x")),
    Bad("tab-indent", "bad-yaml", 8, "", "not valid YAML", text=edit("    players: 3", "\tplayers: 3")),
    Bad("two-documents", "bad-yaml", 17, "", "another document", text=GOOD + "---\nversion: 1\n"),
    Bad("alias-bomb", "yaml-alias", 2, "b.0", "aliases", text=ALIAS_BOMB),
    Bad(
        "alias",
        "yaml-alias",
        13,
        f"{ST}.1",
        "repeats the value at line 12",
        text=edit("  - {do: P2 3C, ", "  - *s\n  - {do: P2 3C, ", edit("- {do: P1 8H", "- &s {do: P1 8H")),
    ),
    Bad("recursive-alias", "yaml-alias", 1, "about.0", "aliases", text="about: &a [*a]\n" + GOOD.split("\n", 1)[1]),
    Bad("merge-key", "key-not-string", 4, C0, "'<<'", text=edit("  title:", "  <<: {rule: x}\n  title:")),
    Bad(
        "duplicate-key",
        "duplicate-key",
        5,
        f"{C0}.title",
        "lines 4 and 5",
        text=edit("  clauses:", "  title: Again\n  clauses:"),
    ),
    Bad("bool-key", "key-not-string", 10, f"{C0}.position.hands", "'yes'", text=edit("P1: 8H 2C", "yes: 8H 2C")),
    Bad("int-key", "key-not-string", 10, f"{C0}.position.hands", "'1'", text=edit("P1: 8H 2C", "1: 8H 2C")),
    Bad(
        "list-key",
        "key-not-string",
        10,
        f"{C0}.position.hands",
        "a mapping or sequence",
        text=edit("P1: 8H 2C", "[P1]: 8H 2C"),
    ),
    Bad(
        "too-deep",
        "too-deep",
        17,
        "about" + ".0" * 24,
        "levels deep",
        text=GOOD + "about: " + "[" * 40 + "]" * 40 + "\n",
    ),
    Bad("very-deep", "bad-yaml", 17, "", "nesting depth", text=GOOD + "about: " + "[" * 10000 + "]" * 10000 + "\n"),
    Bad(
        "huge-integer",
        "integer-too-long",
        8,
        f"{C0}.position.players",
        "4300 characters",
        text=edit("players: 3", "players: " + "3" * 4300),
    ),
    Bad(
        "python-tag",
        "bad-yaml",
        4,
        "",
        "could not determine a constructor",
        text=edit("title: P2 must follow hearts", "title: !!python/object/apply:os.system [echo]"),
    ),
    Bad(
        "unknown-tag",
        "bad-yaml",
        4,
        "",
        "could not determine a constructor",
        text=edit("title: P2 must follow hearts", "title: !shout P2 must follow"),
    ),
    # ---- the file's top level (schema)
    Bad("top-list", "schema", 1, "", "is not of type 'object'", text="- version: 1\n"),
    Bad("top-scalar", "schema", 1, "", "is not of type 'object'", text="hello\n"),
    Bad("no-version", "schema", 1, "", "'version' is a required property", text=GOOD.replace("version: 1\n", "")),
    Bad("version-2", "schema", 1, "version", "1 was expected", text=edit("version: 1", "version: 2")),
    Bad("version-string", "schema", 1, "version", "1 was expected", text=edit("version: 1", "version: '1'")),
    Bad("unknown-top-field", "schema", 1, "", "'author' was unexpected", text="author: me\n" + GOOD),
    Bad("about-not-text", "schema", 1, "about", "is not of type 'string'", text="about: [1]\n" + GOOD),
    Bad("no-cases", "schema", 2, "cases", "should be non-empty", text="version: 1\ncases: []\n"),
    Bad("cases-mapping", "schema", 2, "cases", "is not of type 'array'", text="version: 1\ncases: {a: 1}\n"),
    # ---- a case's fields
    Bad("no-id", "schema", 3, C0, "'id' is a required property", text=edit("- id: follow-suit\n  title", "- title")),
    Bad("bad-id", "schema", 3, f"{C0}.id", "does not match", text=edit("id: follow-suit", "id: Follow Suit")),
    Bad("id-number", "schema", 3, f"{C0}.id", "is not of type 'string'", text=edit("id: follow-suit", "id: 12")),
    Bad("id-twice", "duplicate-id", 3, "id", "already used at", make=_id_twice),
    Bad(
        "short-title",
        "schema",
        4,
        f"{C0}.title",
        "is too short",
        text=edit("title: P2 must follow hearts", "title: P2"),
    ),
    Bad(
        "date-title",
        "schema",
        4,
        f"{C0}.title",
        "is not of type 'string'",
        text=edit("title: P2 must follow hearts", "title: 2024-01-01"),
    ),
    Bad("no-clauses", "schema", 3, C0, "'clauses' is a required property", text=edit("  clauses: [R-FOLLOW-2]\n", "")),
    Bad("clauses-empty", "schema", 5, f"{C0}.clauses", "should be non-empty", text=edit("[R-FOLLOW-2]", "[]")),
    Bad("clause-malformed", "schema", 5, f"{C0}.clauses.0", "does not match", text=edit("[R-FOLLOW-2]", "[FOLLOW-2]")),
    Bad(
        "clause-unknown",
        "unknown-clause",
        5,
        f"{C0}.clauses.1",
        "R-NOSUCH-99",
        text=edit("[R-FOLLOW-2]", "[R-FOLLOW-2, R-NOSUCH-99]"),
    ),
    Bad(
        "ambiguity-malformed",
        "schema",
        5,
        f"{C0}.ambiguity",
        "does not match",
        text=edit("  clauses:", "  ambiguity: AMB-x\n  clauses:"),
    ),
    Bad(
        "ambiguity-unknown",
        "unknown-ambiguity",
        5,
        f"{C0}.ambiguity",
        "AMB-999",
        text=edit("  clauses:", "  ambiguity: AMB-999\n  clauses:"),
    ),
    Bad("no-sources", "schema", 3, C0, "'sources' is a required property", text=edit("  sources: [FR-9]\n", "")),
    Bad(
        "sources-text",
        "schema",
        6,
        f"{C0}.sources",
        "is not of type 'array'",
        text=edit("sources: [FR-9]", "sources: FR-9"),
    ),
    Bad(
        "sentence-unknown", "unknown-sentence", 6, f"{C0}.sources.1", "FA-9999", text=edit("[FR-9]", "[FR-9, FA-9999]")
    ),
    Bad(
        "unknown-case-field",
        "schema",
        3,
        C0,
        "'colour' was unexpected",
        text=edit("  clauses:", "  colour: red\n  clauses:"),
    ),
    Bad(
        "position-and-deal",
        "schema",
        3,
        C0,
        "is valid under each of",
        text=edit("  steps:", f"  deal: {{players: 3, dealer: P1, deck: {PACK}}}\n  steps:"),
    ),
    Bad(
        "no-setup",
        "schema",
        3,
        C0,
        "'position' is a required property",
        text=edit("  position:\n    players: 3\n    leader: P1\n    hands: {P1: 8H 2C, P2: 9H 3C, P3: 10H 4C}\n", ""),
    ),
    Bad(
        "option-unknown",
        "unknown-option",
        7,
        f"{C0}.requires.sideways",
        "unknown rule option",
        text=edit("  position:", "  requires: {sideways: left}\n  position:"),
    ),
    Bad(
        "option-value-unknown",
        "unknown-option-value",
        7,
        f"{C0}.requires.tie-break",
        "has no value 'sideways'",
        text=edit("  position:", "  requires: {tie-break: sideways}\n  position:"),
    ),
    Bad(
        "option-value-number",
        "schema",
        7,
        f"{C0}.requires.tie-break",
        "is not of type 'string'",
        text=edit("  position:", "  requires: {tie-break: 3}\n  position:"),
    ),
    Bad(
        "series-not-bool",
        "schema",
        11,
        f"{C0}.series",
        "is not of type 'boolean'",
        text=edit("  series: true", "  series: often", DEAL),
    ),
    Bad(
        "series-on-position",
        "series-from-position",
        11,
        f"{C0}.series",
        "starts from a deal",
        text=edit("  steps:", "  series: true\n  steps:"),
    ),
    # ---- the position
    Bad(
        "players-1",
        "schema",
        8,
        f"{C0}.position.players",
        "less than the minimum",
        text=edit("players: 3", "players: 1"),
    ),
    Bad(
        "players-11",
        "schema",
        8,
        f"{C0}.position.players",
        "greater than the maximum",
        text=edit("players: 3", "players: 11"),
    ),
    Bad(
        "players-text",
        "schema",
        8,
        f"{C0}.position.players",
        "is not of type 'integer'",
        text=edit("players: 3", "players: three"),
    ),
    Bad(
        "players-float",
        "not-an-integer",
        8,
        f"{C0}.position.players",
        "whole number",
        text=edit("players: 3", "players: 3.0"),
    ),
    Bad(
        "players-bool",
        "schema",
        8,
        f"{C0}.position.players",
        "is not of type 'integer'",
        text=edit("players: 3", "players: true"),
    ),
    Bad("hand-of-p0", "schema", 10, f"{C0}.position.hands", "does not match", text=edit("P1: 8H 2C", "P0: 8H 2C")),
    Bad(
        "hand-beyond-players",
        "seat-beyond-players",
        10,
        f"{C0}.position.hands.P4",
        "P4 is not a seat of a 3-player game",
        text=edit("P3: 10H 4C}", "P3: 10H 4C, P4: 5C}"),
    ),
    Bad("bad-card", "schema", 10, f"{C0}.position.hands.P1", "8X", text=edit("P1: 8H 2C", "P1: 8X 2C")),
    Bad(
        "card-twice",
        "bad-cards",
        10,
        f"{C0}.position.hands",
        "card 8H is given more often",
        text=edit("P3: 10H 4C", "P3: 8H 4C"),
    ),
    Bad(
        "leader-beyond-players",
        "seat-beyond-players",
        9,
        f"{C0}.position.leader",
        "P7 is not a seat",
        text=edit("leader: P1", "leader: P7"),
    ),
    Bad(
        "no-leader", "schema", 7, f"{C0}.position", "'leader' is a required property", text=edit("    leader: P1\n", "")
    ),
    Bad(
        "trick-bad-action",
        "bad-notation",
        10,
        f"{C0}.position.trick",
        "8X",
        text=edit("    leader: P1", "    leader: P1\n    trick: P1 8X"),
    ),
    Bad(
        "trick-beyond-players",
        "seat-beyond-players",
        10,
        f"{C0}.position.trick",
        "P9 is not a seat",
        text=edit("    leader: P1", "    leader: P1\n    trick: P9 5S"),
    ),
    Bad(
        "forced-not-card",
        "schema",
        10,
        f"{C0}.position.forced",
        "does not match",
        text=edit("    leader: P1", "    leader: P1\n    forced: joker"),
    ),
    Bad(
        "out-of-play-not-54",
        "bad-cards",
        11,
        f"{C0}.position.hands",
        "54 cards",
        text=edit("    leader: P1", "    leader: P1\n    out_of_play: 5S"),
    ),
    # ---- the deal
    Bad(
        "deck-short",
        "bad-cards",
        10,
        f"{C0}.deal.deck",
        "3 cards given",
        text=edit(f"deck: {PACK}", "deck: 2C 3C 4C", DEAL),
    ),
    Bad(
        "deck-three-jokers",
        "bad-cards",
        10,
        f"{C0}.deal.deck",
        "card JK is given more often",
        text=edit(f"deck: {PACK}", f"deck: {PACK.replace('AS', 'JK')}", DEAL),
    ),
    Bad(
        "dealer-beyond-players",
        "seat-beyond-players",
        9,
        f"{C0}.deal.dealer",
        "P4 is not a seat",
        text=edit("dealer: P2", "dealer: P4", DEAL),
    ),
    Bad(
        "seated-beyond-players",
        "seat-beyond-players",
        10,
        f"{C0}.deal.seated.1",
        "P5 is not a seat",
        text=edit("    dealer: P2", "    dealer: P2\n    seated: [P1, P5]", DEAL),
    ),
    Bad(
        "seated-one",
        "schema",
        10,
        f"{C0}.deal.seated",
        "is too short",
        text=edit("    dealer: P2", "    dealer: P2\n    seated: [P1]", DEAL),
    ),
    # ---- the steps
    Bad(
        "no-steps", "schema", 11, f"{C0}.steps", "should be non-empty", text=GOOD.split("  steps:")[0] + "  steps: []\n"
    ),
    Bad(
        "step-empty",
        "schema",
        12,
        f"{ST}.0",
        "should be non-empty",
        text=edit("  - {do: P1 8H, events: [play P1 8H]}", "  - {}"),
    ),
    Bad(
        "step-unknown",
        "schema",
        12,
        f"{ST}.0",
        "'dance' was unexpected",
        text=edit("  - {do: P1 8H, events: [play P1 8H]}", "  - {dance: P1}"),
    ),
    Bad("do-bad-action", "schema", 12, f"{ST}.0.do", "does not match", text=edit("{do: P1 8H,", "{do: P1 8X,")),
    Bad(
        "do-beyond-players",
        "seat-beyond-players",
        12,
        f"{ST}.0.do",
        "P5 is not a seat",
        text=edit("{do: P1 8H, events: [play P1 8H]}", "{do: P5 8H}"),
    ),
    Bad(
        "refused-unknown-code",
        "schema",
        13,
        f"{ST}.1.refused",
        "is not one of",
        text=edit("refused: must-follow-suit", "refused: rude"),
    ),
    Bad(
        "event-unknown",
        "schema",
        12,
        f"{ST}.0.events.1",
        "does not match",
        text=edit("[play P1 8H]", "[play P1 8H, bogus P1]"),
    ),
    Bad(
        "event-beyond-players",
        "seat-beyond-players",
        12,
        f"{ST}.0.events.0",
        "P9 is not a seat",
        text=edit("[play P1 8H]", "[play P9 8H]"),
    ),
    Bad("event-bad-card", "bad-notation", 12, f"{ST}.0.events.0", "8X", text=edit("[play P1 8H]", "[play P1 8X]")),
    Bad(
        "events-not-list",
        "schema",
        12,
        f"{ST}.0.events",
        "is not of type 'array'",
        text=edit("events: [play P1 8H]", "events: play P1 8H"),
    ),
    Bad(
        "send-no-by",
        "schema",
        13,
        f"{ST}.0",
        "'by' is a required property",
        text=edit('{send: "8X", by: P1,', '{send: "8X",', DEAL),
    ),
    Bad(
        "send-by-beyond-players",
        "seat-beyond-players",
        13,
        f"{ST}.0.by",
        "P6 is not a seat",
        text=edit("by: P1", "by: P6", DEAL),
    ),
    Bad(
        "deal-step-short",
        "bad-cards",
        14,
        f"{ST}.1.deal",
        "2 cards given",
        text=edit("  - {state:", "  - {deal: 2C 3C}\n  - {state:", DEAL),
    ),
    Bad(
        "state-empty",
        "schema",
        16,
        f"{ST}.4.state",
        "should be non-empty",
        text=edit("{state: {to_move: P3, hands: {P3: 4C}}}", "{state: {}}"),
    ),
    Bad(
        "state-unknown-field",
        "schema",
        16,
        f"{ST}.4.state",
        "'mood' was unexpected",
        text=edit("to_move: P3,", "mood: happy,"),
    ),
    Bad(
        "state-to-move-beyond",
        "seat-beyond-players",
        16,
        f"{ST}.4.state.to_move",
        "P8 is not a seat",
        text=edit("to_move: P3", "to_move: P8"),
    ),
    Bad(
        "state-hand-beyond",
        "seat-beyond-players",
        16,
        f"{ST}.4.state.hands.P4",
        "P4 is not a seat",
        text=edit("hands: {P3: 4C}", "hands: {P4: 4C}"),
    ),
    Bad(
        "state-bad-phase",
        "schema",
        16,
        f"{ST}.4.state.phase",
        "is not one of",
        text=edit("to_move: P3,", "phase: dancing,"),
    ),
    Bad(
        "state-went-out-beyond",
        "seat-beyond-players",
        14,
        f"{ST}.1.state.went_out.0",
        "P4 is not a seat",
        text=edit("went_out: [P1]", "went_out: [P4]", DEAL),
    ),
    Bad(
        "series-active-beyond",
        "seat-beyond-players",
        14,
        f"{ST}.1.state.series.active.1",
        "P10 is not a seat",
        text=edit("active: [P1, P2]", "active: [P1, P10]", DEAL),
    ),
    Bad(
        "series-games-0",
        "schema",
        14,
        f"{ST}.1.state.series.games",
        "less than the minimum",
        text=edit("games: 1", "games: 0", DEAL),
    ),
    Bad(
        "legal-bad-card",
        "bad-notation",
        16,
        f"{ST}.4.legal.1",
        "9X",
        text=edit("{state: {to_move: P3, hands: {P3: 4C}}}", "{legal: [4C, 9X]}"),
    ),
    Bad(
        "legal-not-list",
        "schema",
        16,
        f"{ST}.4.legal",
        "is not of type 'array'",
        text=edit("{state: {to_move: P3, hands: {P3: 4C}}}", "{legal: 4C}"),
    ),
    Bad(
        "note-not-text",
        "schema",
        13,
        f"{ST}.1.note",
        "is not of type 'string'",
        text=edit("refused: must-follow-suit}", "refused: must-follow-suit, note: [1]}"),
    ),
]
