"""Bad fixtures, one per kind: what a careless or hostile user could put in a
``--cases`` directory, and the one-paragraph error the kit must give for it.

The table is data, ``tests/data/bad_fixtures/kinds.yaml``: each row becomes a
:class:`Bad`, which builds its directory (:meth:`Bad.build`) and says the error's
``code``, the file, the ``line`` (0: the whole file or directory), the ``field``
(dotted path, '' for the file) and a fragment of the message. Every fixture differs
from :data:`GOOD` or :data:`DEAL` (both load) in one thing only; the few that are
generated (too large, too deep, an alias bomb, not a file) are built by the
functions of :data:`MAKERS`. The dice game's are ``dice_kinds.yaml``, made from
:data:`DICE` (:data:`BAD_DICE`, their ``game`` ``dice``). Used by
``tests/integration/test_bad_fixtures.py`` and ``bench/bench_bad_fixtures.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

DATA = Path(__file__).parent / "data" / "bad_fixtures"
GOOD = (DATA / "position.yaml").read_text("utf-8")
DEAL = (DATA / "deal.yaml").read_text("utf-8")
DICE = (DATA / "dice.yaml").read_text("utf-8")
BASES = {"position": GOOD, "deal": DEAL, "dice": DICE}


def edit(base: str, old: str, new: str) -> str:
    """``base`` with its one ``old`` replaced by ``new``."""
    assert base.count(old) == 1, f"{old!r} is not once in the base fixture"
    return base.replace(old, new)


def _fifo(root: Path, _base: str) -> None:
    os.mkfifo(root / "case.yaml")


def _link_outside(root: Path, base: str) -> None:
    secret = root.parent / "secret.yaml"
    secret.write_text(base, "utf-8")
    (root / "case.yaml").symlink_to(secret)


def _link_loop(root: Path, _base: str) -> None:
    (root / "case.yaml").symlink_to(root / "case.yaml")


def _dangling(root: Path, _base: str) -> None:
    (root / "case.yaml").symlink_to(root / "nowhere.yaml")


def _dir_named_yaml(root: Path, _base: str) -> None:
    (root / "case.yaml").mkdir()


def _too_large(root: Path, base: str) -> None:
    with (root / "case.yaml").open("w", encoding="utf-8") as out:
        out.write(base)
        out.writelines("# " + "x" * 1021 + "\n" for _ in range(4 * 1024 + 1))


def _id_twice(root: Path, base: str) -> None:
    (root / "a.yaml").write_text(base, "utf-8")
    (root / "case.yaml").write_text(base, "utf-8")


def _alias_bomb(root: Path, _base: str) -> None:
    """The billion laughs: 9^9 (387 million) strings once expanded, in about 300 bytes."""
    lines = ["a: &a [" + ",".join(["x"] * 9) + "]"]
    lines += [f"{b}: &{b} [" + ",".join([f"*{a}"] * 9) + "]" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    (root / "case.yaml").write_text("\n".join(lines) + "\n", "utf-8")


def _nested(depth: int) -> Callable[[Path, str], None]:
    def make(root: Path, base: str) -> None:
        (root / "case.yaml").write_text(base + "about: " + "[" * depth + "]" * depth + "\n", "utf-8")

    return make


def _huge_integer(root: Path, base: str) -> None:
    """The first number of players written with 5,000 digits (Python refuses to read
    an integer of more than 4,300 digits)."""
    (root / "case.yaml").write_text(re.sub(r"players: \d+", "players: " + "3" * 5000, base, count=1), "utf-8")


MAKERS: dict[str, Callable[[Path, str], None]] = {
    "fifo": _fifo,
    "link-outside": _link_outside,
    "link-loop": _link_loop,
    "dangling": _dangling,
    "dir-named-yaml": _dir_named_yaml,
    "too-large": _too_large,
    "id-twice": _id_twice,
    "alias-bomb": _alias_bomb,
    "too-deep": _nested(40),
    "very-deep": _nested(10_000),
    "huge-integer": _huge_integer,
}


@dataclass(frozen=True)
class Bad:
    """One kind of bad fixture and the error expected for it."""

    kind: str
    code: str
    line: int
    field: str
    fragment: str
    base: str = "position"
    edits: list[list[str]] = field(default_factory=list)
    encoding: str = "utf-8"
    text: str | None = None
    make: str | None = None
    name: str = "case.yaml"

    def build(self, root: Path) -> Path:
        """Create the ``--cases`` directory ``root`` holding this bad fixture; ``root``."""
        root.mkdir(parents=True, exist_ok=True)
        if self.make is not None:
            MAKERS[self.make](root, BASES[self.base])
        elif self.name:
            text = self.text if self.text is not None else BASES[self.base]
            for old, new in self.edits:
                text = edit(text, old, new)
            (root / self.name).write_bytes(text.encode(self.encoding))
        return root

    @property
    def game(self) -> str:
        """The game whose fixture this is (``--game``)."""
        return "dice" if self.base == "dice" else "cards"

    def path(self, root: Path) -> Path:
        """The file (or directory) the error must name."""
        return root / self.name if self.name else root


BAD = [Bad(**row) for row in yaml.safe_load((DATA / "kinds.yaml").read_text("utf-8"))]
BAD_DICE = [Bad(**row, base="dice") for row in yaml.safe_load((DATA / "dice_kinds.yaml").read_text("utf-8"))]
