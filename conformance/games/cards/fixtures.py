"""Load, validate and run the YAML fixtures (``scenarios/cards/fixtures/**/*.yaml``).

A fixture file holds worked examples (``spec/schemas/fixture.schema.json``, version 1).
A malformed file raises :class:`FixtureError` naming the file, the line and the
field. Each loaded :class:`Case` runs itself against an adapter with
:meth:`Case.run`, raising :class:`~generala_conformance.games.cards.divergence.Divergence` at
the first step where the implementation departs from the example.

>>> cases = load_all()
>>> len({c.id for c in cases}) == len(cases)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any, cast

from generala_conformance.core.input_files import (
    InputError,
    Schema,
    check_inside,
    dotted,
    files_under,
    read_valid,
    unknown_option,
)
from generala_conformance.core.yaml_safe import line_of as _line_of
from generala_conformance.games.cards.divergence import Divergence
from generala_conformance.games.cards.driver import Driver, Refusal
from generala_conformance.games.cards.notation import (
    NotationError,
    card,
    cards,
    parse_action,
    parse_event,
    seat,
)
from generala_conformance.transport.adapter import Adapter, Call, apply_call
from generala_conformance.transport.protocol import request_schema_error
from generala_spec import rulebook
from generala_spec.options import options

Json = dict[str, Any]
_SENTENCE = re.compile(r"(FR|FA)-\d+")


class FixtureError(InputError):
    """A malformed fixture: ``path``, ``line`` (1-based; 0 for the whole file or
    directory), ``field`` (a dotted path, '' for the file) and a ``code`` saying
    what is wrong (``bad-yaml``, ``schema``, ``unknown-clause``, …, listed in
    ``scenarios/README.md``)."""

    def __init__(self, path: Path | str, line: int, field_: str, message: str, code: str = "bad-fixture") -> None:
        super().__init__(path, line, field_, message, code)


@cache
def schema() -> Json:
    """The fixture schema (draft 2020-12)."""
    text = files("generala_spec").joinpath("schemas/fixture.schema.json").read_text("utf-8")
    return cast(Json, json.loads(text))


_field = dotted


# ------------------------------------------------------------------ the cases


@dataclass(frozen=True)
class Step:
    """One step of a case, already parsed: ``kind`` is do, refuse, deal, state, legal,
    or one of the contract steps refuse-deal, refuse-request and refuse-start (then
    ``expected`` is ``(what is sent, the expected Refusal)``)."""

    kind: str
    line: int
    text: str
    seat: int = -1
    action: str = ""
    expected: Any = None
    invalid: bool = False
    """A contract step whose request breaks the protocol schema on purpose (its ``invalid`` mark)."""


@dataclass(frozen=True)
class Case:
    """One worked example of a fixture file."""

    id: str
    title: str
    clauses: tuple[str, ...]
    ambiguity: str | None
    requires: Mapping[str, str]
    sources: tuple[str, ...]
    path: Path
    line: int
    setup: Json = field(repr=False)
    steps: tuple[Step, ...] = field(repr=False)
    refused: Refusal | None = None
    verbatim: bool = False
    invalid: bool = False
    """Whether the setup breaks the protocol schema on purpose (the case's ``invalid`` mark)."""

    @property
    def ambiguities(self) -> tuple[str, ...]:
        """The ambiguity the case shows a reading of, if any (as a tuple, like every case's)."""
        return (self.ambiguity,) if self.ambiguity else ()

    @property
    def where(self) -> str:
        """``file:line id`` of the case."""
        return f"{self.path}:{self.line} {self.id}"

    def setup_with(self, rules: Mapping[str, str]) -> Json:
        """The adapter's setup for this case under ``rules``; a verbatim ``setup``
        keeps its own ``rules`` on top of them (and its ``profile``)."""
        return _with_rules(self.setup, rules) if self.verbatim else {**self.setup, "rules": dict(rules)}

    def invalid_requests(self, rules: Mapping[str, str]) -> list[Json]:
        """The requests (without ``id``) the case sends under ``rules`` that break the
        protocol schema on purpose (marked ``invalid``): a validating adapter lets
        them through (:meth:`Adapter.allow_invalid`)."""
        calls = [("start", {"setup": self.setup_with(rules)})] if self.invalid else []
        calls += [_contract_call(step, rules) for step in self.steps if step.invalid]
        return [{"cmd": name, **fields} for name, fields in calls]

    def run(self, adapter: Adapter, rules: Mapping[str, str]) -> None:
        """Play the case on ``adapter`` under ``rules``; raise :class:`Divergence` at the
        first step that differs. The adapter must hold no game; it is left holding this
        one (or none, for a case whose start is refused)."""
        driver = Driver(adapter)
        adapter.allow_invalid(self.invalid_requests(rules))
        try:
            if self.refused is None:
                driver.start(self.setup_with(rules))
            else:
                _refuse_start(driver, "start", self.setup_with(rules), self.refused)
            for step in self.steps:
                _run_step(driver, step, rules)
        except Divergence as exc:
            raise exc.located(self.where, tuple(self.clauses)) from None


def _with_rules(setup: Any, rules: Mapping[str, str]) -> Any:
    """A verbatim setup with the kit's ``rules`` under its own (left as it is when it
    is not an object, or its ``rules`` are not: it is then malformed on purpose)."""
    if not isinstance(setup, Mapping) or not isinstance(setup.get("rules", {}), Mapping):
        return setup
    return {**setup, "rules": {**rules, **setup.get("rules", {})}}


def _refuse_start(driver: Driver, label: str, setup: Any, want: Refusal) -> None:
    """A start that must be refused (R-SETUP-*); a series setup may be ``unsupported``."""
    series = isinstance(setup, Mapping) and setup.get("series") is True
    driver.expect_refusal(label, lambda: driver.adapter.start(setup), want, unchanged=False, unsupported_ok=series)


def _request(driver: Driver, request: Any) -> Any:
    """Send a verbatim request (``state``, ``legal``, an ``apply`` or a ``deal``)."""
    name, kwargs = _request_call(request)
    return getattr(driver.adapter, name)(**kwargs)


def _contract_call(step: Step, rules: Mapping[str, str]) -> Call:
    """The adapter call of a contract step (refuse-start, refuse-deal, refuse-request)."""
    sent = step.expected[0]
    if step.kind == "refuse-start":
        return ("start", {"setup": _with_rules(sent, rules)})
    return ("deal", {"deck": sent}) if step.kind == "refuse-deal" else _request_call(sent)


def _request_call(request: Any) -> Call:
    """The adapter call of a verbatim request."""
    if request in ("state", "legal"):
        return (request, {})
    if request["cmd"] == "deal":
        return ("deal", {"deck": request["deck"]})
    return apply_call(request["action"], request.get("player"))


def _run_step(driver: Driver, step: Step, rules: Mapping[str, str]) -> None:
    label = f"line {step.line}: {step.text}"
    if step.kind in ("refuse-deal", "refuse-request", "refuse-start"):
        sent, want = step.expected
        if step.kind == "refuse-start":
            _refuse_start(driver, label, _with_rules(sent, rules), want)
        elif step.kind == "refuse-deal":
            driver.expect_refusal(label, lambda: driver.adapter.deal(sent), want)
        else:
            driver.expect_refusal(label, lambda: _request(driver, sent), want)
    elif step.kind == "do":
        events = driver.act(step.seat, step.action)
        if step.expected is not None:
            driver.expect_events(label, step.expected, events)
    elif step.kind == "refuse":
        driver.refuse(step.seat, step.action, step.expected)
    elif step.kind == "deal":
        deck, expected = step.expected
        events = driver.deal(deck)
        if expected is not None:
            driver.expect_events(label, expected, events)
    elif step.kind == "state":
        driver.expect_state(label, step.expected)
    else:
        driver.expect_legal(label, step.expected)


# ------------------------------------------------------------------ conversion


class _Converter:
    """Turns one validated case (P-notation) into the adapter's setup and steps,
    raising :class:`FixtureError` at the first bad token, seat, card or ID."""

    def __init__(self, path: Path, doc: Any, base: list[Any]) -> None:
        self.path, self.doc, self.base = path, doc, base
        self.players = 10

    def error(self, rel: list[Any], message: str, code: str = "bad-fixture") -> FixtureError:
        full = self.base + rel
        return FixtureError(self.path, _line_of(self.doc, full), _field(full), message, code)

    def parse(self, rel: list[Any], fn: Any, value: Any) -> Any:
        try:
            return fn(value)
        except NotationError as exc:
            raise self.error(rel, str(exc), "bad-notation") from None

    def seat(self, rel: list[Any], name: str) -> int:
        """The seat of player ``name``, which must sit at this case's table."""
        s: int = self.parse(rel, seat, name)
        self.check_seat(rel, s)
        return s

    def maybe_seat(self, rel: list[Any], name: str) -> int | None:
        """A seat, or ``None`` for ``nobody``."""
        return None if name == "nobody" else self.seat(rel, name)

    def check_seat(self, rel: list[Any], s: int) -> None:
        if s >= self.players:
            message = f"P{s + 1} is not a seat of a {self.players}-player game"
            raise self.error(rel, message, "seat-beyond-players")

    def hands(self, rel: list[Any], given: Mapping[str, Any]) -> list[list[str]]:
        result: list[list[str]] = [[] for _ in range(self.players)]
        for name, held in given.items():
            result[self.seat([*rel, name], name)] = self.parse([*rel, name], cards, held)
        return result

    def action(self, rel: list[Any], text: str) -> tuple[int, str]:
        s, action = self.parse(rel, parse_action, text)
        self.check_seat(rel, s)
        return s, action

    def trick(self, rel: list[Any], text: str) -> list[Json]:
        plays = [self.action(rel, part.strip()) for part in text.split(",") if part.strip()]
        return [{"player": s, "card": a} for s, a in plays]

    def position(self, raw: Mapping[str, Any]) -> Json:
        rel = ["position"]
        pos: Json = {"players": self.players, "hands": self.hands([*rel, "hands"], raw["hands"])}
        pos["leader"] = self.seat([*rel, "leader"], raw["leader"])
        pos["trick"] = self.trick([*rel, "trick"], raw.get("trick", ""))
        pos["taking"] = self.seat([*rel, "taking"], raw["taking"]) if "taking" in raw else None
        pos["forced"] = self.parse([*rel, "forced"], card, raw["forced"]) if "forced" in raw else None
        if "out_of_play" in raw:
            pos["out_of_play"] = self.parse([*rel, "out_of_play"], cards, raw["out_of_play"])
        held = [c for h in pos["hands"] for c in h] + [t["card"] for t in pos["trick"]]
        self.check_cards([*rel, "hands"], held + pos.get("out_of_play", []), exact="out_of_play" in raw)
        return {"position": pos}

    def deal(self, raw: Mapping[str, Any]) -> Json:
        rel = ["deal"]
        deck = self.parse([*rel, "deck"], cards, raw["deck"])
        self.check_cards([*rel, "deck"], deck, exact=True)
        deal: Json = {"players": self.players, "dealer": self.seat([*rel, "dealer"], raw["dealer"]), "deck": deck}
        if "seated" in raw:
            deal["seated"] = [self.seat([*rel, "seated", i], s) for i, s in enumerate(raw["seated"])]
        return {"deal": deal}

    def check_cards(self, rel: list[Any], given: list[str], exact: bool) -> None:
        counts: dict[str, int] = {}
        for c in given:
            counts[c] = counts.get(c, 0) + 1
            if counts[c] > (2 if c == "JK" else 1):
                raise self.error(rel, f"card {c} is given more often than the pack holds it (R-MAT-1)", "bad-cards")
        if exact and len(given) != 54:
            raise self.error(rel, f"{len(given)} cards given where the 54 cards of the pack are needed", "bad-cards")

    def events(self, rel: list[Any], given: list[str] | None) -> list[Json] | None:
        if given is None:
            return None
        return [self.event([*rel, i], e) for i, e in enumerate(given)]

    def event(self, rel: list[Any], text: str) -> Json:
        parsed: Json = self.parse(rel, parse_event, text)
        for key in ("player", "winner", "loser", "dealer"):
            if parsed.get(key) is not None:
                self.check_seat(rel, parsed[key])
        for s in parsed.get("seated", []):
            self.check_seat(rel, s)
        return parsed

    def state(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        result: Json = {}
        for key, value in raw.items():
            at = [*rel, key]
            if key == "hands":
                result[key] = {self.seat([*at, p], p): self.parse([*at, p], cards, v) for p, v in value.items()}
            elif key in ("to_move", "leader", "taking", "loser"):
                result[key] = self.maybe_seat(at, value)
            elif key == "trick":
                result[key] = self.trick(at, value)
            elif key == "went_out":
                result[key] = [self.seat([*at, i], p) for i, p in enumerate(value)]
            elif key == "out_of_play":
                result[key] = self.parse(at, cards, value)
            elif key == "series":
                result[key] = self.series(at, value)
            else:
                result[key] = value
        return result

    def series(self, rel: list[Any], raw: Mapping[str, Any]) -> Json:
        result: Json = {}
        for key, value in raw.items():
            if key in ("active", "eliminated"):
                result[key] = [self.seat([*rel, key, i], p) for i, p in enumerate(value)]
            elif key in ("dealer", "champion", "next_dealer"):
                result[key] = self.maybe_seat([*rel, key], value)
            else:
                result[key] = value
        return result

    def legal(self, rel: list[Any], raw: list[str]) -> list[str]:
        def one(text: str) -> str:
            if text == "decline":
                return text
            if text.startswith("take "):
                return "take " + card(text[5:])
            return card(text)

        return [self.parse([*rel, i], one, t) for i, t in enumerate(raw)]

    def step(self, i: int, raw: Mapping[str, Any]) -> Step:
        rel = ["steps", i]
        line = _line_of(self.doc, self.base + rel)
        if "do" in raw:
            s, action = self.action([*rel, "do"], raw["do"])
            if "refused" in raw:
                return Step("refuse", line, raw["do"], s, action, raw["refused"])
            return Step("do", line, raw["do"], s, action, self.events([*rel, "events"], raw.get("events")))
        if "send" in raw:
            by = self.seat([*rel, "by"], raw["by"])
            return Step("refuse", line, f"{raw['by']} sends {raw['send']!r}", by, raw["send"], raw["refused"])
        if "refused" in raw and "send" not in raw:
            return self.contract_step(rel, line, raw)
        if "deal" in raw:
            deck = self.parse([*rel, "deal"], cards, raw["deal"])
            self.check_cards([*rel, "deal"], deck, exact=True)
            return Step("deal", line, "deal", expected=(deck, self.events([*rel, "events"], raw.get("events"))))
        if "state" in raw:
            return Step("state", line, "state", expected=self.state([*rel, "state"], raw["state"]))
        return Step("legal", line, "legal", expected=self.legal([*rel, "legal"], raw["legal"]))

    def contract_step(self, rel: list[Any], line: int, raw: Mapping[str, Any]) -> Step:
        """A deal, a request or a start sent as written, that must be refused; its
        ``invalid`` mark must say whether the request breaks the protocol schema."""
        want, invalid = Refusal(raw["refused"]["kind"], raw["refused"]["code"]), raw.get("invalid", False)
        if "deal" in raw:
            step = Step("refuse-deal", line, f"deal {' '.join(raw['deal'])}", expected=(list(raw["deal"]), want))
        elif "start" in raw:
            text = f"start {json.dumps(raw['start'])[:120]}"
            step = Step("refuse-start", line, text, expected=(raw["start"], want))
        else:
            text = raw["request"] if isinstance(raw["request"], str) else json.dumps(raw["request"])
            step = Step("refuse-request", line, f"request {text}", expected=(raw["request"], want))
        step = replace(step, invalid=invalid)
        name, fields = _contract_call(step, {})
        self.check_mark(rel, {"cmd": name, **fields}, invalid)
        return step

    def check_mark(self, rel: list[Any], request: Json, invalid: bool) -> None:
        """A request the protocol schema rejects must be marked ``invalid``, and only such a
        request (``--validate-messages`` lets the marked ones through, :meth:`Case.invalid_requests`)."""
        error = request_schema_error(request)
        if invalid and error is None:
            message = "marked invalid, but the protocol schema accepts this request: remove the mark"
            raise self.error([*rel, "invalid"], message, "invalid-mark")
        if error is not None and not invalid:
            message = f"the request breaks the protocol schema ({error}): mark it 'invalid: true' if that is the point"
            raise self.error(rel, message, "unmarked-invalid-request")

    def requires(self, raw: Mapping[str, str]) -> dict[str, str]:
        table = options()
        for name, value in raw.items():
            refused = unknown_option(table, name, value)
            if refused is not None:
                raise self.error(["requires", name], refused[1], refused[0])
        return dict(raw)

    def citations(self, raw: Mapping[str, Any]) -> None:
        """Every cited clause, ambiguity and sentence ID must exist in the rulebook
        (``spec/cards/clauses.yaml``, ``ambiguities.yaml``, ``sources.yaml``). A source that
        is not written as a sentence ID (``FR-n``, ``FA-n``) is free text."""
        for i, clause in enumerate(raw["clauses"]):
            if clause not in rulebook.clauses():
                message = f"clause {clause} is not defined in spec/cards/clauses.yaml"
                raise self.error(["clauses", i], message, "unknown-clause")
        if "ambiguity" in raw and raw["ambiguity"] not in rulebook.ambiguities():
            message = f"ambiguity {raw['ambiguity']} is not in the ambiguity register (spec/cards/ambiguities.yaml)"
            raise self.error(["ambiguity"], message, "unknown-ambiguity")
        for i, source in enumerate(raw["sources"]):
            if _SENTENCE.fullmatch(source) and source not in rulebook.sentences():
                message = f"source {source} is not a sentence of the source texts (spec/cards/sources.yaml)"
                raise self.error(["sources", i], message, "unknown-sentence")

    def case(self, raw: Mapping[str, Any]) -> Case:
        self.citations(raw)
        if "setup" in raw:
            if "series" in raw:
                raise self.error(["series"], "a verbatim setup says 'series' itself")
            setup = dict(raw["setup"])
            self.check_mark(["setup"], {"cmd": "start", "setup": _with_rules(setup, {})}, raw.get("invalid", False))
        elif "invalid" in raw:
            raise self.error(["invalid"], "only a verbatim setup may be marked invalid", "invalid-mark")
        else:
            table = raw["position"] if "position" in raw else raw["deal"]
            if type(table["players"]) is not int:  # the schema takes 3.0 for an integer
                where = ["position" if "position" in raw else "deal", "players"]
                message = f"players must be a whole number written without a point, not {table['players']}"
                raise self.error(where, message, "not-an-integer")
            self.players = table["players"]
            setup = self.position(raw["position"]) if "position" in raw else self.deal(raw["deal"])
        if raw.get("series"):
            if "deal" not in raw:
                raise self.error(["series"], "a series starts from a deal, not a position", "series-from-position")
            setup["series"] = True
        refused = Refusal(raw["refused"]["kind"], raw["refused"]["code"]) if "refused" in raw else None
        return Case(
            id=raw["id"],
            title=raw["title"],
            clauses=tuple(raw["clauses"]),
            ambiguity=raw.get("ambiguity"),
            requires=self.requires(raw.get("requires", {})),
            sources=tuple(raw["sources"]),
            path=self.path,
            line=_line_of(self.doc, self.base),
            setup=setup,
            steps=tuple(self.step(i, s) for i, s in enumerate(raw.get("steps", []))),
            refused=refused,
            verbatim="setup" in raw,
            invalid=raw.get("invalid", False),
        )


# ---------------------------------------------------------------------- loading


@cache
def _schema() -> Schema:
    return Schema(schema())


def load_file(path: Path | str, root: Path | str | None = None) -> list[Case]:
    """The cases of one fixture file; :class:`FixtureError` if it is malformed, or if
    ``root`` is given and the file (through a symbolic link) lies outside ``root``.

    A file is read once per process while it does not change (cases are immutable)."""
    path = Path(path)
    if root is not None:
        _check_inside(path, Path(root))
    try:
        stat = path.stat()
    except OSError as error:
        raise FixtureError(path, 0, "", f"cannot be read: {error.strerror}", "unreadable") from None
    return list(_load(path, stat.st_mtime_ns, stat.st_size))


def _check_inside(path: Path, root: Path) -> None:
    try:
        check_inside(path, root)
    except InputError as error:
        raise FixtureError(path, 0, "", error.message, error.code) from None


@lru_cache(maxsize=256)
def _load(path: Path, _mtime: int, _size: int) -> tuple[Case, ...]:
    empty = "the file is empty (a fixture file starts with 'version: 1')"
    doc = read_valid(path, _schema(), empty, error=FixtureError)
    return tuple(_Converter(path, doc, ["cases", i]).case(raw) for i, raw in enumerate(doc["cases"]))


def fixture_files(root: Path | None = None) -> list[Path]:
    """Every fixture file (``*.yaml``, not a directory) under ``root`` (default: the
    kit's own fixtures), sorted; symbolic links to directories are not followed."""
    if root is None:
        from generala_scenarios import CARDS

        root = CARDS / "fixtures"
    return files_under(root)


def iter_cases(root: Path | None = None) -> Iterator[Case]:
    """Every case of every fixture file, file by file. A directory given as ``root``
    must hold a fixture file, and no file (through a link) outside it."""
    paths = fixture_files(root)
    if root is not None and not paths:
        raise FixtureError(root, 0, "", "no fixture files (*.yaml) in this directory", "no-fixture-files")
    for path in paths:
        yield from load_file(path, root)


def load_all(root: Path | None = None) -> list[Case]:
    """Every case; :class:`FixtureError` for a malformed file or a case id used twice."""
    seen: dict[str, Case] = {}
    for case in iter_cases(root):
        if case.id in seen:
            first = seen[case.id]
            used = f"id {case.id!r} is already used at {first.path}:{first.line}"
            raise FixtureError(case.path, case.line, "id", used, "duplicate-id")
        seen[case.id] = case
    return list(seen.values())
