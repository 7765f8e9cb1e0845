"""Issue 12 item 3: ``6.0`` where a whole number is expected is refused at validation with a
plain message naming file:line:col, in every integer field of every schema; the engine never
sees a float count."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studio.content import dump_yaml, load_document
from studio.content.schemas import known_formats, validator_for
from studio.model.io import InvalidContent
from studio.rules import load_game
from studio.validate import validate

ROOT = Path(__file__).resolve().parents[2]
_ALL = sorted(p for p in (ROOT / "boards").rglob("*.yaml")) + sorted((ROOT / "scenarios").glob("*.yaml"))
# every kind of file, and a third of the many boards and islands (the benchmark fuzzes them all)
FILES = [p for i, p in enumerate(_ALL) if p.parent.name not in ("realm", "islands") or i % 3 == 0]


@pytest.mark.parametrize("fmt", sorted(known_formats()))
def test_every_schema_counts_only_ints_as_whole_numbers(fmt):
    checker = validator_for(fmt)
    assert checker.is_type(6, "integer") and not checker.is_type(6.0, "integer")
    assert not checker.is_type(True, "integer")


def _int_paths(data, path=()):
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield path
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _int_paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _int_paths(v, path + (i,))


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _schemas_at(schema, path):
    """The subschemas that may apply at ``path`` (properties, items, unions followed)."""
    if not isinstance(schema, dict):
        return []
    branches = [schema] + [b for k in ("oneOf", "anyOf", "allOf") for b in schema.get(k, [])]
    branches += [schema[k] for k in ("then", "else") if isinstance(schema.get(k), dict)]
    if len(branches) > 1:
        return [s for b in branches[1:] for s in _schemas_at(b, path)] + (_schemas_at(dict(
            (k, v) for k, v in schema.items() if k not in ("oneOf", "anyOf", "allOf", "then", "else")), path))
    if not path:
        return [schema]
    key, rest = path[0], path[1:]
    if isinstance(key, int):
        prefix = schema.get("prefixItems") or []
        sub = prefix[key] if key < len(prefix) else schema.get("items")
        return _schemas_at(sub, rest)
    import re

    if key in (schema.get("properties") or {}):
        return _schemas_at(schema["properties"][key], rest)
    for pattern, sub in (schema.get("patternProperties") or {}).items():
        if re.search(pattern, key):
            return _schemas_at(sub, rest)
    return _schemas_at(schema.get("additionalProperties"), rest)


def _integer_schema_at(fmt: str, path) -> bool:
    """Whether the schema asks for a whole number at ``path`` (some numbers are "number")."""
    def types(s):
        t = s.get("type")
        return set(t) if isinstance(t, list) else {t}
    found = _schemas_at(validator_for(fmt).schema, tuple(path))
    return bool(found) and all("integer" in types(s) and "number" not in types(s) for s in found if "type" in s) \
        and any("integer" in types(s) for s in found)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_a_decimal_whole_number_is_refused_with_its_line(path, tmp_path):
    """An integer field of every bundled file (chosen at random, seeded; the benchmark
    ``bench_reliability.py`` tries many more), written as ``N.0``: one schema/type error at that field's line, saying how to write it."""
    doc = load_document(path)
    rng = random.Random(str(path.name))
    paths = [p for p in _int_paths(doc.data) if _integer_schema_at(doc.format, p)]
    assert paths or path.name.startswith("x")
    for json_path in rng.sample(paths, min(1, len(paths))):
        import copy

        data = copy.deepcopy(doc.data)
        value = data
        for key in json_path:
            value = value[key]
        _set(data, json_path, float(value))
        bad = tmp_path / path.name
        bad.write_text(dump_yaml(data), encoding="utf-8")
        line, _ = load_document(bad).source.locate(json_path)
        found = [f for f in validate(bad) if f.severity == "error"]
        assert found and all(f.line is not None for f in found), [f.format() for f in found]
        typed = [f for f in found if f.code == "schema/type"]
        if typed:  # else a union (oneOf) names the branch that did not fit, above the field
            assert [f.line for f in typed] == [line], [f.format() for f in found]
            assert f"{float(value)!r}" in typed[0].message and f"write {value}," in typed[0].message
        else:
            assert all(f.code.startswith("schema/") for f in found)


def test_the_engine_refuses_a_decimal_count_cleanly(tmp_path):
    """The issue's crash: loot ``count: 6.0`` reached the engine."""
    import shutil

    root = tmp_path / "c"
    shutil.copytree(ROOT / "boards" / "rivages", root / "boards" / "rivages")
    (root / "scenarios").mkdir()
    shutil.copy(ROOT / "scenarios" / "rivages.yaml", root / "scenarios")
    loot = root / "boards" / "rivages" / "loot.yaml"
    loot.write_text(loot.read_text(encoding="utf-8").replace("count: 6\n", "count: 6.0\n", 1), encoding="utf-8")
    with pytest.raises(InvalidContent) as caught:
        load_game(str(root / "scenarios" / "rivages.yaml"), players=2, seed=1)
    assert [f.code for f in caught.value.findings] == ["schema/type"]
    assert caught.value.findings[0].line == 9  # loot.yaml line 9 (after the schema line)
