"""Every property of every bundled schema (content, reports, saved games, the combined
content.json) is documented: a description, and examples (copied from real files by
``tools/schema_examples.py``) unless it is a nested object or list whose own parts carry them, or
it is listed below with the reason it has none. Every ``default`` and every example is valid
against the property's own subschema, so they cannot drift from the schema."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from studio.content.paths import schemas_dir

FILES = sorted(schemas_dir().glob("*.json"))

# (schema file, property pointer) -> why it has no example. Kept short: each is a value no
# ordinary run writes, so there is no real one to copy.
NO_EXAMPLE = {
    ("studio-game.schema.json", "/$defs/rivages-action/allOf/7/then/properties/node"):
        "a pick-node action: only when an effect lets the explorer choose a tree node (none in four "
        "whole greedy games of the bundled Rivages)",
}


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def properties(node, pointer="", condition=False):
    """(pointer, subschema) of every property declared in ``node``; the properties named in an
    ``if`` or ``not`` are conditions on a value, not declarations, and are passed over."""
    if isinstance(node, dict):
        for key in ("properties", "patternProperties"):
            if isinstance(node.get(key), dict) and not condition:
                for name, sub in node[key].items():
                    yield f"{pointer}/{key}/{name.replace('~', '~0').replace('/', '~1')}", sub
        for key, sub in node.items():
            if key not in ("examples", "default", "const", "enum"):
                yield from properties(sub, f"{pointer}/{key}", condition or key in ("if", "not"))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from properties(sub, f"{pointer}/{i}", condition)


def _resolve(root, node):
    seen = 0
    while isinstance(node, dict) and str(node.get("$ref", "")).startswith("#/") and seen < 20:
        target = root
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node, seen = target, seen + 1
    return node


def _nested(root, node) -> bool:
    """Whether the property is an object or a list of objects/lists: its parts are described (and
    carry examples) themselves."""
    node = _resolve(root, node)
    if not isinstance(node, dict):
        return False
    if any(k in node for k in ("properties", "patternProperties")) or node.get("type") == "object":
        return True
    if isinstance(node.get("additionalProperties"), dict):
        return True
    if node.get("type") == "array" or "items" in node or "prefixItems" in node:
        items = _resolve(root, node.get("items", {}))
        return not isinstance(items, dict) or _nested(root, items) or bool(node.get("prefixItems"))
    for key in ("oneOf", "anyOf"):                      # a nested value or null
        branches = [sub for sub in node.get(key, ()) if sub != {"type": "null"}]
        if branches and all(_nested(root, sub) for sub in branches):
            return True
    return False


CASES = [(path, pointer, sub) for path in FILES for pointer, sub in properties(_load(path))]


def test_the_walk_finds_every_schema_and_its_properties():
    names = {p.name for p, _, _ in CASES}
    assert {"content.json", "realm-board.schema.json", "studio-playtest.schema.json", "studio-sweep.schema.json",
            "studio-balance.schema.json", "studio-generate.schema.json", "studio-game.schema.json",
            "rivages-island.schema.json"} <= names
    assert len(CASES) > 900


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_property_is_described_and_its_default_and_examples_are_valid(path):
    root = _load(path)
    validator = Draft202012Validator(root)
    problems = []
    for pointer, sub in properties(root):
        if not isinstance(sub, dict):
            problems.append(f"{pointer}: not a schema object")
            continue
        if not str(sub.get("description", "")).strip():
            problems.append(f"{pointer}: no description")
        own = validator.evolve(schema=sub)
        if "default" in sub and not own.is_valid(sub["default"]):
            problems.append(f"{pointer}: default {sub['default']!r} is not valid against the property")
        if "examples" in sub:
            if not isinstance(sub["examples"], list) or not sub["examples"]:
                problems.append(f"{pointer}: examples must be a non-empty list")
            else:
                for example in sub["examples"]:
                    for error in own.iter_errors(example):
                        problems.append(f"{pointer}: example {json.dumps(example)[:80]} is not valid: {error.message}")
        elif "const" not in sub and not _nested(root, sub) and (path.name, pointer) not in NO_EXAMPLE:
            problems.append(f"{pointer}: no examples (add them with tools/schema_examples.py, or a reason "
                            "to NO_EXAMPLE)")
    assert problems == []


def test_the_reasons_for_no_example_are_still_needed():
    for (name, pointer), reason in NO_EXAMPLE.items():
        root = _load(schemas_dir() / name)
        found = dict(properties(root))
        assert pointer in found, f"{name}{pointer} is gone: drop it from NO_EXAMPLE"
        assert "examples" not in found[pointer], f"{name}{pointer} has examples now: drop it from NO_EXAMPLE"
        assert reason


def test_a_wrong_example_or_default_is_caught():
    root = {"type": "object", "properties": {
        "players": {"type": "integer", "minimum": 2, "description": "Seats.", "default": 1, "examples": [2, "two"]}}}
    validator = Draft202012Validator(root)
    ((pointer, sub),) = properties(root)
    own = validator.evolve(schema=sub)
    assert pointer == "/properties/players"
    assert not own.is_valid(sub["default"]) and [own.is_valid(e) for e in sub["examples"]] == [True, False]
