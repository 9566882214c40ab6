"""One discipline for every input file the kit reads but did not write (fixtures of
both games, reports, expectations files, ``explain --file``): read boundedly
(:mod:`.yaml_safe`, :mod:`.json_safe`), checked against its format's schema before
anything runs, and every refusal one :class:`InputError` naming the file, the line
and the field, with a code.

>>> str(InputError("a.yaml", 4, "cases.0.title", "is too short", "schema"))
'a.yaml:4: cases.0.title: is too short'
>>> str(InputError("a.yaml", 0, "", "the file is empty", "empty-file"))
'a.yaml: the file is empty'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generala_conformance.core import yaml_safe
from generala_conformance.core.yaml_safe import YamlRefused, line_of
from generala_conformance.errors import UsageError
from generala_spec.fast_schema import fast_valid

if TYPE_CHECKING:
    import jsonschema


class InputError(UsageError, ValueError):
    """An input file refused: ``path``, ``line`` (1-based; 0 for the whole file or
    directory), ``field`` (a dotted path, '' for the file), ``message`` and ``code``."""

    def __init__(self, path: Path | str, line: int, field_: str, message: str, code: str) -> None:
        if line:
            super().__init__(code, f"{path}:{line}: {field_ or '(file)'}: {message}")
        else:  # the whole file or directory: a pipe, too large, empty, …
            super().__init__(code, f"{path}: {message}")
        self.path, self.line, self.field, self.message = Path(path), line, field_, message


def dotted(path: list[Any]) -> str:
    """A field's path as written in an error: ``cases.0.title``."""
    return ".".join(str(p) for p in path)


def check_inside(path: Path, root: Path) -> None:
    """Refuse ``path`` when it (through a symbolic link) lies outside ``root``, or
    when resolving it loops (``outside-folder``, ``symlink-loop``)."""
    try:
        target, base = path.resolve(), root.resolve()
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError on a loop, 3.13 OSError
        raise InputError(path, 0, "", "is a symbolic link that loops; not read", "symlink-loop") from None
    if not target.is_relative_to(base):
        message = f"is a symbolic link to {target}, outside {root}; not read"
        raise InputError(path, 0, "", message, "outside-cases-dir")


def files_under(root: Path, pattern: str = "*.yaml") -> list[Path]:
    """The files matching ``pattern`` under ``root``, sorted (a directory named like one
    is not a file; links to directories are not followed; a link that loops is kept,
    so that reading it names it)."""
    return sorted(p for p in root.rglob(pattern) if not p.is_dir())


def read_yaml(path: Path, root: Path | None = None, empty: str = "the file is empty") -> Any:
    """The checked YAML document of ``path`` (:func:`.yaml_safe.load`), refused as an
    :class:`InputError` (its code that of the :class:`.YamlRefused`); ``empty``: why an
    empty file is refused (``empty-file``). With ``root``, ``path`` must lie inside it."""
    if root is not None:
        check_inside(path, root)
    try:
        document = yaml_safe.load(yaml_safe.read_text(path))
    except YamlRefused as refused:
        raise InputError(path, refused.line, refused.field, refused.message, refused.code) from None
    if document is None:
        raise InputError(path, 0, "", empty, "empty-file")
    return document


def read_valid(
    path: Path, schema: Schema, empty: str, root: Path | None = None, error: type[InputError] = InputError
) -> Any:
    """The YAML document of ``path`` (:func:`read_yaml`), valid under ``schema``; every
    refusal raised as ``error`` (a subclass of :class:`InputError` of the same signature)."""
    try:
        document = read_yaml(path, root, empty)
        refused = schema.error(path, document)
    except InputError as cause:
        raise error(path, cause.line, cause.field, cause.message, cause.code) from None
    if refused is not None:
        raise error(path, refused.line, refused.field, refused.message, refused.code)
    return document


def unknown_option(table: Mapping[str, Any], name: str, value: str) -> tuple[str, str] | None:
    """Why ``name: value`` of a case's ``requires`` is no rule option value of ``table``
    (a game's ``spec/<game>/options.yaml``): ``(code, message)``, or ``None``."""
    if name not in table:
        return "unknown-option", f"unknown rule option {name!r}; known: {', '.join(table)}"
    if value not in table[name].values:
        return (
            "unknown-option-value",
            f"option {name} has no value {value!r}; its values: {', '.join(table[name].values)}",
        )
    return None


_RANK = {"required": 0, "additionalProperties": 1, "unevaluatedProperties": 1, "oneOf": 2}


def deepest(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most specific error under a ``oneOf``: in the alternatives with the fewest
    errors (those the author most likely meant), the one deepest in the document,
    preferring a wrong value to an extra key, and an extra key to a missing one."""
    while error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for e in error.context:
            branches.setdefault(e.schema_path[0], []).append(e)
        fewest = min(map(len, branches.values()))
        nearest = [e for errors in branches.values() if len(errors) == fewest for e in errors]
        error = max(nearest, key=lambda e: (len(e.absolute_path), _RANK.get(str(e.validator), 3)))
    return error


def schema_message(error: jsonschema.ValidationError, limit: int = 300) -> str:
    """The validator's message, a long value it quotes replaced by 'the value'."""
    shown = repr(error.instance)
    message = error.message
    if len(shown) > 60 and message.startswith(shown):
        message = "the value" + message[len(shown) :]
    return message if len(message) <= limit else message[: limit - 1] + "…"


class Schema:
    """A format's JSON Schema (draft 2020-12), its references to ``resources`` (other
    schemas, by their ``$id``) resolved: ``jsonschema_rs`` tells fast whether a document
    is valid, ``jsonschema`` says where and why one is not."""

    def __init__(self, schema: dict[str, Any], resources: tuple[dict[str, Any], ...] = ()) -> None:
        import jsonschema_rs

        self.schema, self.resources = schema, resources
        fast_registry = jsonschema_rs.Registry([(r["$id"], r) for r in resources]) if resources else None
        self.fast = jsonschema_rs.Draft202012Validator(schema, registry=fast_registry)

    @cached_property
    def full(self) -> Any:
        """``jsonschema``'s validator, built (and the library imported) at the first invalid document."""
        import jsonschema
        from referencing import Registry, Resource

        resources = ((r["$id"], Resource.from_contents(r)) for r in self.resources)
        registry: Registry[Any] = Registry().with_resources(resources)
        return jsonschema.Draft202012Validator(self.schema, registry=registry)

    def error(self, path: Path, document: Any, lines: Callable[[list[Any]], int] | None = None) -> InputError | None:
        """The first error of ``document`` (``schema``, at the line of its field: from a
        YAML document's own lines, or by ``lines``), or ``None`` when it is valid."""
        if fast_valid(self.fast, document):
            return None
        from jsonschema.exceptions import best_match

        errors = sorted(self.full.iter_errors(document), key=lambda e: list(e.absolute_path))
        if not errors:
            return None
        # An object's properties an ``allOf`` failed on are also 'unevaluated': that the first error says.
        errors = [e for e in errors if e.validator != "unevaluatedProperties"] or errors
        error = deepest(best_match(errors))
        where = list(error.absolute_path)
        line = lines(where) if lines is not None else line_of(document, where)
        return InputError(path, line, dotted(where), schema_message(error), "schema")
