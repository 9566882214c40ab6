"""Read a YAML file the kit did not write, safely: bounded in size, time and memory,
and every refusal a :class:`YamlRefused` naming the line and the field.

:func:`read_text` opens only regular files (a pipe, a device or a directory named
``x.yaml`` is refused without being read), at most :data:`MAX_BYTES`, and only
UTF-8 text without control characters. :func:`load` parses it with the safe
loader (LibYAML when present), then, before building any value, walks the parsed
nodes and refuses what could blow up or mislead: aliases (``*name``, so no alias
bomb is ever expanded), nesting deeper than :data:`MAX_DEPTH`, a key given twice
in one mapping, a key that is not a plain string, an integer of more than
:data:`MAX_INT_DIGITS` digits. Mappings and sequences come back as :class:`Map`
and :class:`Seq`, which remember the line of each key and item (:func:`line_of`).

>>> doc = load("a: 1\\nb: [x, y]\\n")
>>> doc, doc.lines["b"]
({'a': 1, 'b': ['x', 'y']}, 2)
>>> try:
...     load("a: &x [1]\\nb: *x\\n")
... except YamlRefused as refused:
...     print(refused)
line 2: b: a YAML alias (*name) repeats the value at line 1; fixtures may not use aliases
"""

from __future__ import annotations

import functools
import os
import re
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

MAX_BYTES = 4 * 1024 * 1024
"""The largest file read (the kit's largest fixture file is under 100 KiB)."""
MAX_DEPTH = 24
"""The deepest nesting of mappings and sequences (a fixture needs 6)."""
MAX_INT_DIGITS = 18
"""The longest integer written (a fixture's largest number has 2 digits)."""

_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


class YamlRefused(ValueError):
    """A file refused before or while parsing: ``line`` (1-based, 0 for the whole
    file), ``field`` (dotted path, '' for the file), ``code`` and ``message``."""

    def __init__(self, code: str, line: int, field_: str, message: str) -> None:
        super().__init__(f"line {line}: {field_ or '(file)'}: {message}")
        self.code, self.line, self.field, self.message = code, line, field_, message


# ------------------------------------------------------------------ reading


def read_text(path: Path | str, max_bytes: int = MAX_BYTES) -> str:
    """The text of the regular file ``path``: UTF-8 (a leading BOM dropped), at most
    ``max_bytes`` bytes, no control character but tab and line breaks."""
    return decode(read_bytes(path, max_bytes))


def read_bytes(path: Path | str, max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them: a pipe, a
    device or a directory is refused without being read (and without waiting)."""
    try:
        # O_NONBLOCK: opening a pipe must not wait for a writer (it is refused below).
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise YamlRefused("unreadable", 0, "", f"cannot be opened: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise YamlRefused("not-a-file", 0, "", f"is {_kind(mode)}, not a regular file; not read")
        data = _read_at_most(fd, max_bytes + 1)
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise YamlRefused("too-large", 0, "", f"is larger than {max_bytes} bytes; not read")
    return data


def _kind(mode: int) -> str:
    kinds = {stat.S_ISDIR: "a directory", stat.S_ISFIFO: "a pipe (FIFO)", stat.S_ISSOCK: "a socket"}
    kinds |= {stat.S_ISCHR: "a character device", stat.S_ISBLK: "a block device"}
    return next((name for test, name in kinds.items() if test(mode)), "not a regular file")


def _read_at_most(fd: int, limit: int) -> bytes:
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, min(1 << 20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def decode(data: bytes, controls: bool = False) -> str:
    """``data`` as UTF-8 text (a leading BOM dropped); with ``controls`` false, refused
    when it holds a control character but tab and line breaks."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        bad = data[error.start : error.end].hex(" ")
        raise YamlRefused("not-utf8", line, "", f"byte {bad} at column {column} is not UTF-8 text") from None
    text = text.removeprefix("\ufeff")
    found = None if controls else _NOT_PRINTABLE.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        char = f"U+{ord(found.group()):04X}"
        raise YamlRefused("control-character", line, "", f"control character {char} at column {column}")
    return text


# ------------------------------------------------------------------ parsing


class Map(dict[str, Any]):
    """A YAML mapping remembering its line and the line of each key."""

    line = 0
    lines: dict[str, int]


class Seq(list[Any]):
    """A YAML sequence remembering its line and the line of each item."""

    line = 0
    lines: list[int]


@functools.cache
def _line_loader() -> type:
    """The safe YAML loader (LibYAML's C parser when it is there) that checks the parsed
    nodes (:func:`check_nodes`) and records line numbers on mappings and sequences.
    PyYAML is imported here, at the first parse, not with the module: a run whose
    cases come from the cache unpickles :class:`Map` and :class:`Seq` without it."""
    import yaml

    class LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        def get_single_node(self) -> yaml.Node | None:
            node: yaml.Node | None = super().get_single_node()
            if node is not None:
                check_nodes(node)
            return node

        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> Map:
            result = Map(super().construct_mapping(node, deep=True))
            result.line = node.start_mark.line + 1
            result.lines = {k.value: k.start_mark.line + 1 for k, _ in node.value}
            return result

        def construct_sequence(self, node: yaml.SequenceNode, deep: bool = False) -> Seq:
            result = Seq(super().construct_sequence(node, deep=True))
            result.line = node.start_mark.line + 1
            result.lines = [item.start_mark.line + 1 for item in node.value]
            return result

    LineLoader.add_constructor("tag:yaml.org,2002:map", LineLoader.construct_mapping)
    LineLoader.add_constructor("tag:yaml.org,2002:seq", LineLoader.construct_sequence)
    return LineLoader


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def check_nodes(root: yaml.Node) -> None:
    """Refuse aliases, deep nesting, repeated or non-string keys and long integers,
    walking the parsed nodes once in document order, without recursion. An alias
    is a node met twice (the parser hands out the anchored node again)."""
    import yaml

    seen: set[int] = set()
    todo: list[tuple[yaml.Node, list[Any], int]] = [(root, [], _line(root))]
    while todo:
        node, path, line = todo.pop()
        field_ = ".".join(map(str, path))
        if id(node) in seen:
            message = f"a YAML alias (*name) repeats the value at line {_line(node)}; fixtures may not use aliases"
            raise YamlRefused("yaml-alias", line, field_, message)
        seen.add(id(node))
        if len(path) > MAX_DEPTH:
            raise YamlRefused("too-deep", line, field_, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, yaml.MappingNode):
            todo += reversed([(value, [*path, key.value], _line(key)) for key, value in _keys(node, field_)])
        elif isinstance(node, yaml.SequenceNode):
            todo += reversed([(item, [*path, i], _line(item)) for i, item in enumerate(node.value)])
        elif node.tag == _INT and len(node.value.lstrip("+-")) > MAX_INT_DIGITS:
            message = f"an integer of {len(node.value)} characters (at most {MAX_INT_DIGITS} digits)"
            raise YamlRefused("integer-too-long", line, field_, message)


def _keys(node: yaml.MappingNode, field_: str) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
    """The key and value nodes of a mapping whose keys are distinct plain strings."""
    import yaml

    first: dict[str, int] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag != _STR:
            shown = f"key {key.value!r}" if isinstance(key, yaml.ScalarNode) else "a key that is a mapping or sequence"
            kind = key.tag.rsplit(":", 1)[-1]
            message = f"{shown} is not a plain string (YAML reads it as {kind}); quote it"
            raise YamlRefused("key-not-string", _line(key), field_, message)
        if key.value in first:
            where = f"{field_}.{key.value}" if field_ else key.value
            message = f"key {key.value!r} is given twice, at lines {first[key.value]} and {_line(key)}"
            raise YamlRefused("duplicate-key", _line(key), where, message)
        first[key.value] = _line(key)
    pairs: list[tuple[yaml.ScalarNode, yaml.Node]] = node.value  # (the keys checked above)
    return pairs


def load(text: str) -> Any:
    """The single YAML document of ``text`` (``None`` if empty), checked and with lines;
    :class:`YamlRefused` for anything refused or not valid YAML."""
    import yaml

    try:
        return yaml.load(text, Loader=_line_loader())
    except YamlRefused as refused:
        if refused.code != "yaml-alias":
            raise
        # The parsed node is the anchored one: where the alias itself stands, the parser's events say.
        line = _first_alias_line(text, refused.line)
        raise YamlRefused(refused.code, line, refused.field, refused.message) from None
    except (yaml.YAMLError, RecursionError) as error:
        # Parsers differ on deep nesting (LibYAML 0.2.5 stops at 1,000 levels, older
        # ones do not, pure Python recurses): the same refusal whatever the parser.
        deep = _too_deep(text)
        if deep is not None:
            raise deep from None
        raise _not_yaml(error) from None


def _not_yaml(error: yaml.YAMLError | RecursionError) -> YamlRefused:
    """The parser's own error, as a ``bad-yaml`` refusal at its line."""
    import yaml

    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        problem = error.problem or error.context or "not valid YAML"
        return YamlRefused("bad-yaml", mark.line + 1 if mark else 0, "", f"not valid YAML: {problem}")
    return YamlRefused("bad-yaml", 0, "", f"not valid YAML: {error}")


class _Open:
    """A mapping or sequence being read by :func:`_too_deep`."""

    def __init__(self, is_map: bool) -> None:
        self.is_map, self.want_key, self.key, self.key_line, self.index = is_map, True, "?", 0, 0


def _too_deep(text: str) -> YamlRefused | None:
    """The ``too-deep`` refusal :func:`check_nodes` gives, found from the parser's
    events before the parser fails; ``None`` if the text is not nested too deep."""
    import yaml

    opened: list[_Open] = []
    path: list[Any] = []
    step: str | int | None  # a key of a mapping, an index of a sequence
    try:  # PyYAML's own parser: LibYAML's scanner reads the whole flow ahead and fails first
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                opened.pop()
                if opened:
                    path.pop()
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            assert event.start_mark is not None  # the parser marks every event
            line, step = event.start_mark.line + 1, None
            if opened:
                parent = opened[-1]
                if parent.is_map and parent.want_key and isinstance(event, yaml.ScalarEvent):
                    parent.want_key, parent.key, parent.key_line = False, event.value, line
                    continue
                if parent.is_map:
                    step, line, parent.want_key = parent.key, parent.key_line or line, True
                else:
                    step, parent.index = parent.index, parent.index + 1
                if len(path) + 1 > MAX_DEPTH:
                    field_ = ".".join(map(str, [*path, step]))
                    return YamlRefused("too-deep", line, field_, f"nested more than {MAX_DEPTH} levels deep")
            if isinstance(event, yaml.CollectionStartEvent):
                opened.append(_Open(isinstance(event, yaml.MappingStartEvent)))
                if step is not None:
                    path.append(step)
    except (yaml.YAMLError, RecursionError):
        return None
    return None


def _first_alias_line(text: str, default: int) -> int:
    """The line of the first alias (``*name``) of ``text``, from the parser's events."""
    import yaml

    for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(event, yaml.AliasEvent):
            assert event.start_mark is not None  # the parser marks every event
            return event.start_mark.line + 1
    return default


def line_of(doc: Any, path: list[Any]) -> int:
    """The line of the value at ``path`` (or of its nearest ancestor that has one)."""
    line, node = getattr(doc, "line", 1), doc
    for key in path:
        if isinstance(node, Map) and key in node:
            line = node.lines.get(key, line)
        elif isinstance(node, Seq) and isinstance(key, int) and key < len(node):
            line = node.lines[key]
        else:
            break
        node = node[key]
    return line
