"""Deep nesting is one refusal, ``too-deep`` at the same line and field, whichever
YAML parser is installed: LibYAML ≥ 0.2.5 (which stops at 1,000 levels), an older
LibYAML (which does not) or PyYAML's pure-Python parser (which recurses)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from generala_conformance.core.yaml_safe import MAX_DEPTH, YamlRefused, load

DEEP = "title: x\nabout: " + "[" * 10_000 + "]" * 10_000 + "\n"
FIELD = ".".join(["about"] + ["0"] * MAX_DEPTH)

PURE_PYTHON = """
import json, sys, yaml
del yaml.CSafeLoader  # as on a machine without LibYAML
from generala_conformance.core.yaml_safe import YamlRefused, load
try:
    load(sys.stdin.read())
except YamlRefused as refused:
    print(json.dumps([refused.code, refused.line, refused.field]))
"""


def refusal(text: str) -> tuple[str, int, str]:
    with pytest.raises(YamlRefused) as caught:
        load(text)
    return caught.value.code, caught.value.line, caught.value.field


@pytest.mark.parametrize("text", [DEEP, "title: x\nabout: " + "[" * 40 + "]" * 40 + "\n"])
def test_nesting_too_deep_is_refused_at_its_line_and_field(text: str) -> None:
    assert refusal(text) == ("too-deep", 2, FIELD)


def test_the_pure_python_parser_gives_the_same_refusal() -> None:
    done = subprocess.run([sys.executable, "-c", PURE_PYTHON], input=DEEP, capture_output=True, text=True, timeout=60)
    assert json.loads(done.stdout) == ["too-deep", 2, FIELD], done.stderr[-2000:]


def test_nesting_in_mappings_names_the_keys() -> None:
    text = "a:\n" + "".join(f"{'  ' * (i + 1)}k{i}:\n" for i in range(MAX_DEPTH + 5)) + "  " * (MAX_DEPTH + 6) + "x\n"
    code, line, field_ = refusal(text)
    assert (code, line) == ("too-deep", MAX_DEPTH + 1)
    assert field_ == ".".join(["a"] + [f"k{i}" for i in range(MAX_DEPTH - 1)]) + f".k{MAX_DEPTH - 1}"


def test_a_broken_document_that_is_not_deep_stays_bad_yaml() -> None:
    assert refusal("a: [1, 2\nb: 3\n")[0] == "bad-yaml"


def test_a_deep_document_broken_before_its_depth_is_bad_yaml() -> None:
    assert refusal("a: [1, 2\nb: " + "[" * 2_000 + "\n")[0] == "bad-yaml"
