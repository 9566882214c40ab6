"""The suite as data: each case recorded as a transcript (``docs/transcripts.md``).

A transcript is a case's ordered requests, each with what a conforming reply must
satisfy. It is recorded by playing the case on the game's reference engine through
a :class:`Recorder`: the recorder keeps every request and reply, and the game's
comparison code, as it compares, says what it compared (:func:`claim`) and what the
case needs of an implementation (:func:`need`). Outside a recording both are
no-ops, so that a case runs the same under ``check`` and here. A reply nobody made a
claim about is expected as the reference answered it: ``ok`` (its contents free);
an error reply nobody claimed, a ``batch`` or a request made again from a reply's
contents cannot be written down as a fixed transcript: the case is then excluded,
with the reason (:class:`Untranscribable`).

Shared code: it names no game (the game comes in as its
:class:`~generala_conformance.core.game.Game`).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generala_conformance.errors import UsageError
from generala_conformance.transport import protocol
from generala_conformance.transport.adapter import Adapter
from generala_conformance.transport.loading import open_adapter
from generala_conformance.transport.serve import LoopbackAdapter, handle
from generala_spec.options import options

if TYPE_CHECKING:
    from generala_conformance.core.game import Game
    from generala_conformance.core.runner import Case

Json = dict[str, Any]
FORMAT = 1
"""The version of the transcript format (``spec/schemas/transcript.schema.json``)."""
RULES_AT = {"start": ["setup", "rules"], "score": ["rules"]}
SCHEMA_FILE = "protocol.schema.json"
"""The game's protocol schema in a set: a runner reads every reply but the hello
against its ``reply-<command>`` definition, as ``check`` does."""
"""Where a request carries the rule options a runner completes (``docs/transcripts.md``, "Rules")."""


class Untranscribable(Exception):
    """A case that cannot be written as a fixed transcript; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Exchange:
    """One request of a transcript, the reply the reference gave, and what a conforming reply must satisfy."""

    send: Json
    answered: str
    """``ok`` or the kind of the reference's error reply."""
    expect: Json = field(default_factory=dict)


class Recorder(LoopbackAdapter):
    """The reference engine behind the protocol's messages (as ``serve`` answers
    them), every request and reply kept as an :class:`Exchange`."""

    def __init__(self, inner: Adapter, game: Game) -> None:
        super().__init__(inner, validate=False, schema=game.schema, checks=game.check_request)
        self.exchanges: list[Exchange] = []
        self.needs: Json = {}

    def hello(self) -> Json:
        return self.inner.hello()

    def batch(self, steps: list[Json]) -> list[Json]:
        raise Untranscribable("it sends batches, whose steps are made from the replies")

    def _call(self, cmd: str, **fields: Any) -> Any:
        if cmd == "start" and isinstance(fields.get("setup"), dict) and fields["setup"].get("series") is True:
            self.needs["series"] = True
        message = protocol.request(len(self.exchanges) + 1, cmd, **fields)
        wired = protocol.decode(protocol.encode(message))
        reply = protocol.decode(protocol.encode(handle(self.inner, wired, checks=self.checks)))
        answered = "ok" if reply.get("ok") else reply["error"]["kind"]
        send = {k: v for k, v in wired.items() if k != "id"}
        self.exchanges.append(Exchange(send, answered, {"accept": ["ok"]} if answered == "ok" else {}))
        return protocol.unwrap(reply, message["id"], cmd, fields.get("steps"))


def _recorder(adapter: Any) -> Recorder | None:
    """The recorder under ``adapter`` (a case may be handed a wrapper holding it as ``adapter``)."""
    while adapter is not None and not isinstance(adapter, Recorder):
        adapter = getattr(adapter, "adapter", None)
    return adapter


def mark(adapter: Any) -> int | None:
    """The position of the last request sent through ``adapter`` when it is recorded, else ``None``."""
    recorder = _recorder(adapter)
    return len(recorder.exchanges) - 1 if recorder is not None and recorder.exchanges else None


def claim(adapter: Any, at: int | None = None, *, check: Json | None = None, **expect: Any) -> None:
    """Say what the comparison just made requires of the reply to request ``at``
    (default: the last one): a ``check`` on its result, or fields of its
    expectation (``accept``, ``refusal``, ``same_as``, ``otherwise``). A no-op
    outside a recording."""
    recorder = _recorder(adapter)
    if recorder is None or not recorder.exchanges:
        return
    exchange = recorder.exchanges[len(recorder.exchanges) - 1 if at is None else at]
    if check is not None:
        exchange.expect.setdefault("checks", []).append(check)
    exchange.expect.update(expect)


def need(adapter: Any, key: str, value: Any) -> None:
    """Say what the case needs of an implementation (``docs/transcripts.md``, "Needs"); a no-op outside a recording."""
    recorder = _recorder(adapter)
    if recorder is not None:
        recorder.needs[key] = value


def refusal(kind: str, code: str | None, *, code_may_be_absent: bool, ignored_without_reason_codes: bool) -> Json:
    """The expected refusal of a request (``refusal`` of an expectation)."""
    return {
        "kind": kind,
        "code": code,
        "code_may_be_absent": code_may_be_absent,
        "ignored_without_reason_codes": ignored_without_reason_codes,
    }


# ------------------------------------------------------------------ recording


def transcript(case: Case, game: Game) -> Json:
    """The transcript of ``case``, played on ``game``'s reference engine under the
    options it requires only; :class:`Untranscribable` when it cannot be one."""
    recorder = Recorder(open_adapter(game.reference, None, game=game), game)
    try:
        case.run(recorder, dict(case.requires))
    except Untranscribable:
        raise
    except Exception as error:
        raise Untranscribable(f"the reference engine does not pass it ({type(error).__name__}: {error})") from None
    finally:
        recorder.close()
    for number, exchange in enumerate(recorder.exchanges, 1):
        if not exchange.expect.get("accept") and "refusal" not in exchange.expect:
            what = f"request {number} ({exchange.send['cmd']})"
            raise Untranscribable(f"{what} is answered {exchange.answered} and nothing says what it must be")
    needs: Json = {"options": dict(case.requires), **dict(sorted(recorder.needs.items()))}
    return {
        "id": case.id,
        "title": case.title,
        "kind": getattr(case, "kind", "fixture"),
        "where": f"{_shown_path(case.path)}:{case.line}",
        "clauses": sorted(set(case.clauses)),
        "ambiguities": sorted(set(case.ambiguities)),
        "needs": needs,
        "requests": [{"send": e.send, "expect": e.expect} for e in recorder.exchanges],
    }


def _shown_path(path: Path | str) -> str:
    """A case's file as a transcript names it: relative to the suites' folder when it is in it."""
    from generala_scenarios import ROOT

    try:
        return Path(path).resolve().relative_to(ROOT.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def area_of(where: str) -> str:
    """The file of transcripts a case goes in: its source file, relative to its game's
    suite, without suffix (``features/03_following``)."""
    path = Path(where.rsplit(":", 1)[0]).with_suffix("")
    if path.is_absolute():  # a case from outside the kit's suites: its file's name
        return path.name
    return "/".join(path.parts[1:] if len(path.parts) > 1 else path.parts)


@dataclass
class TranscriptSet:
    """A game's suite as transcripts: each area's transcripts, and the cases left out with why."""

    game: str
    suite: str
    game_spec: str
    schema: str
    """The game's protocol schema (:attr:`Game.schema`), shipped in the set as :data:`SCHEMA_FILE`."""
    areas: dict[str, list[Json]] = field(default_factory=dict)
    excluded: list[Json] = field(default_factory=list)

    @property
    def count(self) -> int:
        """How many transcripts the set holds."""
        return sum(map(len, self.areas.values()))

    def index(self) -> Json:
        """The set's ``index.json``: versions, the options that complete ``rules``, the files, the exclusions."""
        table = options(self.game_spec)
        return {
            "format": FORMAT,
            "game": self.game,
            "suite": self.suite,
            "rules_at": RULES_AT,
            "schema": SCHEMA_FILE,
            "options": {name: {"default": o.default, "values": list(o.values)} for name, o in table.items()},
            "files": {f"{area}.jsonl": len(cases) for area, cases in sorted(self.areas.items())},
            "transcripts": self.count,
            "excluded": self.excluded,
        }


def record(game: Game, cases: Sequence[Case]) -> TranscriptSet:
    """Every case of ``cases`` as a transcript of ``game``, or excluded with its reason."""
    found = TranscriptSet(game.name, game.suite_version, game.spec, game.schema)
    for case in cases:
        try:
            one = transcript(case, game)
        except Untranscribable as why:
            found.excluded.append({"id": case.id, "reason": why.reason})
            continue
        found.areas.setdefault(area_of(one["where"]), []).append(
            {"format": FORMAT, "game": game.name, "suite": game.suite_version, **one}
        )
    return found


def jsonl(items: Sequence[Mapping[str, Any]]) -> str:
    """JSON lines: one compact object a line."""
    return "".join(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n" for item in items)


class ExportError(UsageError):
    """A set of transcripts that cannot be written where asked (``code``)."""


def write_set(found: TranscriptSet, out: Path, force: bool = False) -> None:
    """Write ``found`` as the folder ``out`` (``index.json`` and one JSON-lines file per
    area), whole or not at all: it is written in a temporary folder beside ``out``,
    then renamed over it. A folder ``out`` that holds anything is replaced only with ``force``."""
    if out.exists() and not out.is_dir():
        raise ExportError("export-not-a-folder", f"{out}: exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ExportError("export-not-empty", f"{out}: the folder is not empty (--force replaces it)")
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = _fresh_folder(out, "tmp")
    try:
        for area, cases in found.areas.items():
            path = temporary / f"{area}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(jsonl(cases), "utf-8")
        (temporary / "index.json").write_text(json.dumps(found.index(), indent=1, ensure_ascii=False) + "\n", "utf-8")
        schema = protocol.protocol_schema(found.schema)
        (temporary / SCHEMA_FILE).write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n", "utf-8")
        if out.is_dir():
            old = _fresh_folder(out, "old")
            os.replace(out, old / "set")
            os.replace(temporary, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(temporary, out)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise


def _fresh_folder(beside: Path, kind: str) -> Path:
    """A new hidden folder beside ``beside``, made with the user's umask (as ``out`` would be)."""
    for _ in range(100):
        folder = beside.parent / f".{beside.name}.{secrets.token_hex(4)}.{kind}"
        try:
            folder.mkdir()
        except FileExistsError:
            continue
        return folder
    raise ExportError("export-no-temporary", f"{beside.parent}: no temporary folder could be made there")
