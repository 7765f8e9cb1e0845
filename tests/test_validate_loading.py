"""The loading layers validation stands on: YAML syntax positions and the schema validators
built from schemas with their local references expanded."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import studio.content.schemas as schemas
from studio.content import LoadError, parse_yaml
from studio.content.schemas import inline_local_refs, known_formats, schema_findings, schema_for

ROOT = Path(__file__).resolve().parent.parent


# --- YAML syntax positions -----------------------------------------------------------------------

@pytest.mark.parametrize("text, line, col, opener, stop", [
    ("a: {x: 1\nb: 2\n", 1, 4, "{", "line 2, column 2"),
    ("pegs:\n  a1: [1, 2\n  a2: [3, 4]\n", 2, 7, "[", "line 3, column 5"),
    ("a: {x: 1", 1, 4, "{", "line 1, column 9"),
    # the file ends where a value should follow: PyYAML names no opener (it said "a value is
    # missing before the end of the file" at the end, lines past the bracket)
    ("format: rivages-island/1\nspaces: [\n", 2, 9, "[", "line 3, column 1"),
    ("spaces: [\n  {at: [0, 0]},\n  {at: [1, 0]},\n", 1, 9, "[", "line 4, column 1"),
    ("a: {b: 1,\n", 1, 4, "{", "line 2, column 1"),
    ("name: 'x [' # [\nb: [1, {c: 2},\n", 2, 4, "[", "line 3, column 1"),  # quotes and comments skipped
    ("name: a[1\nb: [2,\n", 2, 4, "[", "line 3, column 1"),  # a bracket inside a plain text is text
])
def test_an_unclosed_bracket_points_where_it_opens(text, line, col, opener, stop):
    with pytest.raises(LoadError) as caught:
        parse_yaml(text, "x.yaml")
    error = caught.value
    assert (error.code, error.line, error.col) == ("yaml/syntax", line, col)
    assert f"'{opener}' opened here is not closed (the parser stopped at {stop}" in error.message


def test_a_missing_comma_keeps_the_parsers_position():
    with pytest.raises(LoadError) as caught:
        parse_yaml("a: {x: 1 y: 2}\n")
    assert (caught.value.line, caught.value.col) == (1, 11)
    assert "a mapping in { } is missing a ','" in caught.value.message  # plain words (issue 12)


# --- schemas with local references expanded --------------------------------------------------------

def test_inline_local_refs_expands_and_keeps_meaning():
    schema = {
        "$defs": {
            "id": {"type": "string", "pattern": "^[a-z]+$"},
            "strict": {"type": "object", "additionalProperties": False},
            "tree": {"type": "object", "properties": {"child": {"$ref": "#/$defs/tree"}}},
        },
        "properties": {
            "a": {"$ref": "#/$defs/id", "description": "annotations merge"},
            "b": {"$ref": "#/$defs/strict", "properties": {"x": {}}},
            "c": {"$ref": "#/$defs/tree"},
            "d": {"const": {"$ref": "#/$defs/id"}},
            "e": {"properties": {"$ref": {"$ref": "#/$defs/id"}}},  # a property named $ref
        },
    }
    before = copy.deepcopy(schema)
    out = inline_local_refs(schema)
    assert schema == before  # the input is untouched
    props = out["properties"]
    assert props["a"] == {"description": "annotations merge", "type": "string", "pattern": "^[a-z]+$"}
    # a sibling that is no annotation could change the referenced schema's meaning: allOf
    assert props["b"] == {"properties": {"x": {}}, "allOf": [{"type": "object", "additionalProperties": False}]}
    assert props["c"]["properties"]["child"] == {"$ref": "#/$defs/tree"}  # recursion stays a reference
    assert props["d"] == {"const": {"$ref": "#/$defs/id"}}  # data is not a schema
    assert props["e"] == {"properties": {"$ref": {"type": "string", "pattern": "^[a-z]+$"}}}
    validator = Draft202012Validator(out)
    assert not validator.is_valid({"b": {"x": 1}})  # additionalProperties still rejects x
    assert validator.is_valid({"a": "abc", "c": {"child": {"child": {}}}, "d": {"$ref": "#/$defs/id"}})


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, here + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, here + (i,))


_VALUES = [None, 0, -1, 7, 2.5, "x", "", "bad id!", [], ["a1"], ["a1", "a1"], {}, {"q": 1}, True, "orange",
           "chain", {"personal-deck": {"size": 0}}, {"score": 1, "rounds": 2}]


def _mutate(data, rng: random.Random):
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        place = rng.choice([p for p in _paths(data) if p])
        parent = data
        for key in place[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.5:
            parent[place[-1]] = copy.deepcopy(rng.choice(_VALUES))
        elif roll < 0.7 and isinstance(parent, dict):
            del parent[place[-1]]
        elif isinstance(parent, dict):
            parent[f"zz{rng.randint(0, 9)}"] = copy.deepcopy(rng.choice(_VALUES))
        else:
            parent.append(copy.deepcopy(rng.choice(_VALUES)))
    return data


def test_expanded_schemas_give_the_same_findings(monkeypatch):
    sources = [ROOT / "tests" / "data" / "valid" / "tiny-2p.yaml", ROOT / "tests" / "data" / "valid" / "tiny-scenario.yaml",
               *sorted((ROOT / "tests" / "data" / "broken").glob("*.yaml"))]
    docs = []
    for path in sources:
        try:
            docs.append(parse_yaml(path.read_text(), str(path)))
        except LoadError:
            continue
    plain = {fmt: Draft202012Validator(schema_for(fmt)) for fmt in known_formats()}
    rng = random.Random(20240531)
    cases = [(doc, doc.data) for doc in docs] + [(doc, _mutate(doc.data, rng)) for doc in docs for _ in range(12)]
    for doc, data in cases:
        expanded = schema_findings(data, doc.source, doc.path)
        monkeypatch.setattr(schemas, "validator_for", plain.__getitem__)
        assert schema_findings(data, doc.source, doc.path) == expanded, json.dumps(data)[:300]
        monkeypatch.undo()


def test_every_bundled_schema_expands_to_a_valid_schema():
    for fmt in known_formats():
        expanded = inline_local_refs(schema_for(fmt))
        Draft202012Validator.check_schema(expanded)
        body = {key: value for key, value in expanded.items() if key != "$defs"}
        if fmt.startswith("realm-"):  # no recursive definitions: nothing left to look up
            assert '"$ref"' not in json.dumps(body)
