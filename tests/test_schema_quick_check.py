"""The quick schema check never calls invalid data valid: whenever it says "surely valid",
jsonschema agrees. Checked on every bundled file and on thousands of damaged copies."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from studio.content import yamlio
from studio.content.schema_check import compile_check
from studio.content.schemas import known_formats, quick_check_for, schema_findings, validator_for

ROOT = Path(__file__).resolve().parent.parent


def documents():
    out = []
    for path in sorted([*ROOT.glob("boards/**/*.yaml"), *ROOT.glob("scenarios/*.yaml"), *ROOT.glob("content/**/*.yaml")]):
        doc = yamlio.load_document(path)
        if isinstance(doc.data, dict) and doc.data.get("format") in known_formats():
            out.append(doc)
    return out


DOCS = documents()


def test_every_bundled_file_is_surely_valid_so_loading_skips_jsonschema():
    assert len(DOCS) >= 30
    formats = {doc.data["format"] for doc in DOCS}
    assert {"realm-board/2", "realm-scenario/1"} <= formats
    for doc in DOCS:
        assert quick_check_for(doc.data["format"])(doc.data), doc.path


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


REPLACEMENTS = [None, True, False, 0, 1, -1, 2.5, 1.0, 10**9, -0.5, "", "x", "Not An Id!", "a1", "red", "purple",
                [], [1], ["a1", "a1"], ["a1", "b2"], {}, {"x": 1}, {"unknown": True}]


def _damage(data, rng: random.Random):
    data = copy.deepcopy(data)
    path = rng.choice(list(_paths(data))[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.random()
    if action < 0.6:
        parent[last] = copy.deepcopy(rng.choice(REPLACEMENTS))
    elif action < 0.8:
        del parent[last]
    elif isinstance(parent, dict):
        parent[rng.choice(["extra", "Extra key", "notes", "colour", "at"])] = copy.deepcopy(rng.choice(REPLACEMENTS))
    else:
        parent.append(copy.deepcopy(parent[last]))
    return data


@pytest.mark.parametrize("seed", range(4))
def test_surely_valid_implies_valid(seed):
    rng = random.Random(seed)
    quick_valid = slow_checked = 0
    for _ in range(600):
        doc = rng.choice(DOCS)
        fmt = doc.data["format"]
        data = _damage(doc.data, rng)
        if quick_check_for(fmt)(data):
            quick_valid += 1
            assert validator_for(fmt).is_valid(data), data
        else:
            slow_checked += 1
    assert quick_valid and slow_checked  # both answers happen


def test_unknown_keywords_make_it_unsure():
    assert compile_check({"type": "string", "format": "email"})("x")  # format only annotates
    assert not compile_check({"type": "string", "contentEncoding": "base64"})("x")
    assert not compile_check({"$ref": "#/$defs/x"})("x")


@pytest.mark.parametrize("schema, value, valid", [
    ({"type": "integer"}, 1.0, False),  # the studio's whole numbers are ints (issue 12): 6.0 is refused
    ({"type": "integer"}, 1, True),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 2.0, True),
    ({"type": "integer"}, True, False),
    ({"type": "number"}, False, False),
    ({"enum": [1, "a"]}, True, False),
    ({"enum": [1, "a"]}, 1.0, True),
    ({"const": [1, {"a": None}]}, [1.0, {"a": None}], True),
    ({"uniqueItems": True}, [1, 1.0], False),
    ({"uniqueItems": True}, [1, True], True),
    ({"pattern": "b"}, "abc", True),
    ({"prefixItems": [{"type": "string"}], "items": False}, ["a", "b"], False),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 2, False),
    ({"properties": {"a": {"type": "string"}}, "additionalProperties": False}, {"a": "x", "b": 1}, False),
    ({"dependentRequired": {"a": ["b"]}}, {"a": 1}, False),
    ({"minimum": 0}, "text", True),
])
def test_keywords_agree_with_jsonschema(schema, value, valid):
    from studio.content.schemas import strict_validator_class

    assert strict_validator_class()(schema).is_valid(value) is valid
    assert compile_check(schema)(value) is valid


def test_findings_of_an_invalid_board_still_come_from_jsonschema():
    doc = yamlio.load_document(ROOT / "tests" / "data" / "broken" / "unknown-key.yaml")
    findings = schema_findings(doc.data, doc.source, doc.path)
    assert findings and all(f.code.startswith("schema/") for f in findings)
