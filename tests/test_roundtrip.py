"""A save keeps the designer's comments, key order and untouched lines (studio.content.roundtrip).

Property tests edit random values of every bundled content file, with a comment put on and
between every line it can take one, and check the saved text: it reloads to the edited
model (key order included), every line the edit did not touch is still there byte for byte
and in order, and every comment not inside a deleted element survives. Hand-written files
cover comments in other places (head, flow collections over several lines, block scalars)
and the three-way merge (a default written out by hand stays). ``benchmarks/fuzz_roundtrip.py``
runs the same property for longer."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.content import parse_yaml
from studio.content.roundtrip import Layout, Unpatchable, patch, same
from studio.content.yamlio import Document, SourceMap
from studio.model import io

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p for folder in ("boards", "scenarios") for p in (ROOT / folder).rglob("*.yaml"))
COMMENT = re.compile(r"#\s(c\d+|eol\d+|schema)\b")


# --- files with comments everywhere -------------------------------------------------------------

def commented(text: str) -> str:
    """``text`` with a ``# yaml-language-server`` head, a full-line comment before every line
    and an end-of-line comment after every line that can take them (not inside a scalar
    written over several lines). Each comment is unique (``# c7``, ``# eol7``)."""
    lines = text.split("\n")
    inside: set[int] = set()  # 0-based lines continuing a scalar begun on an earlier line
    no_eol: set[int] = set()
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        if isinstance(token, yaml.ScalarToken) and token.end_mark.line > token.start_mark.line:
            inside.update(range(token.start_mark.line + 1, token.end_mark.line + 1))
            no_eol.update(range(token.start_mark.line, token.end_mark.line + 1))
    out = ["# yaml-language-server: $schema=../../schemas/content.json  # schema"]
    for i, line in enumerate(lines):
        if not line.strip():
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        if i not in inside:
            out.append(" " * indent + f"# c{i}")
        out.append(line if i in no_eol or i in inside else f"{line}  # eol{i}")
    result = "\n".join(out)
    assert parse_yaml(result).data == parse_yaml(text).data
    return result


def comments_of(text: str) -> list[tuple[int, str]]:
    """(0-based line, comment id) of every test comment in ``text``."""
    return [(i, m.group(1)) for i, line in enumerate(text.split("\n")) for m in COMMENT.finditer(line)]


# --- random edits of plain data --------------------------------------------------------------------

def _paths(data, prefix=()):
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _get(data, path):
    for step in path:
        data = data[step]
    return data


def random_edit(data: dict, rng: random.Random) -> tuple[dict, str, tuple]:
    """A copy of ``data`` with one random edit: ("scalar", path) a changed leaf, ("delete",
    path) a removed entry or item, ("insert", path) a copied item put in a list, ("reorder",
    path) a mapping's entries reversed."""
    data = copy.deepcopy(data)
    every = [(p, v) for p, v in _paths(data) if p and p != ("format",)]
    strings = sorted({v for _, v in every if isinstance(v, str)})
    kind = rng.choice(["scalar", "scalar", "scalar", "delete", "insert", "reorder"])
    if kind == "scalar":
        path, value = rng.choice([(p, v) for p, v in every if not isinstance(v, (dict, list))])
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            new = value + rng.choice([-1, 1, 2])
        elif isinstance(value, float):
            new = round(value + rng.choice([-0.5, 0.25, 1.5]), 6)
        elif isinstance(value, str):
            new = rng.choice(strings + [value + " (edited)", value + ": x", "it's #1"])
        else:
            new = rng.choice([1, "x"])
        _get(data, path[:-1])[path[-1]] = new
        return data, kind, path
    if kind == "delete":
        path, _ = rng.choice(every)
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data, kind, path
    if kind == "insert":
        lists = [(p, v) for p, v in every if isinstance(v, list) and v]
        if not lists:
            return random_edit(data, rng)
        path, value = rng.choice(lists)
        value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
        return data, kind, path
    maps = [(p, v) for p, v in _paths(data) if isinstance(v, dict) and len(v) > 1 and p]
    path, value = rng.choice(maps)
    items = list(value.items())[::-1]
    value.clear()
    value.update(items)
    return data, kind, path


def model_of(data: dict, path: str):
    """The model of ``data``, or None when the edit made it invalid or not round-trip."""
    try:
        model = io.model_from_document(Document(copy.deepcopy(data), SourceMap(path=path), path))
        again = io.model_from_document(Document(model.to_data(), SourceMap(path=path), path))
    except Exception:  # noqa: BLE001 - an invalid edit: draw another
        return None
    return model if again == model else None


# --- what a save may touch ---------------------------------------------------------------------------

def touched_lines(text: str, old: dict, kind: str, path: tuple) -> set[int]:
    """0-based lines of ``text`` the edit (``kind`` at ``path``) may change: the lines of the
    edited node (for an insert or reorder: of the list or mapping), up to the line before the
    next node starts."""
    source = parse_yaml(text).source
    starts = sorted({pos[0] - 1 for pos in list(source.values.values()) + list(source.keys.values())})
    first = (source.keys.get(path) or source.values[path])[0] - 1
    last = max(pos[0] - 1 for p, pos in list(source.values.items()) + list(source.keys.items())
               if p[:len(path)] == path)
    following = [s for s in starts if s > last]
    stop = following[0] - 1 if following else len(text.split("\n")) - 1
    lines = set(range(first, stop + 1))
    parent = path[:-1]
    if kind == "delete" and len(_get(old, parent)) == 1 and parent in source.keys:
        lines.add(source.keys[parent][0] - 1)  # the list or mapping left empty: "key: []"
    return lines


def _has(data, path) -> bool:
    try:
        _get(data, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def check_save(text: str, old_data: dict, new_model, kind: str, path: tuple, out: str) -> None:
    new_data = new_model.to_data()
    gone_at = next((path[:n] for n in range(1, len(path) + 1) if not _has(new_data, path[:n])), None)
    if kind == "scalar" and gone_at is not None:
        kind, path = "delete", gone_at  # the model leaves the value out now (a default): a deletion
    elif kind == "delete" and gone_at is not None and gone_at != path:
        path = gone_at  # the last item went, and the model leaves the empty list out
    doc = parse_yaml(out, "saved.yaml")
    again = io.model_from_document(doc)
    assert again == new_model, f"{kind} {path}: reloads to another model"
    assert same(again.to_data(), new_data), f"{kind} {path}: key order lost"
    touched = touched_lines(text, old_data, kind, path)
    old_lines, new_lines = text.split("\n"), out.split("\n")
    kept = [line for i, line in enumerate(old_lines) if i not in touched]
    missing, at = [], 0
    for line in kept:  # in order, each line found after the one before
        try:
            at = new_lines.index(line, at) + 1
        except ValueError:
            missing.append(line)
    assert not missing, f"{kind} {path}: untouched lines changed or gone: {missing[:3]}"
    gone = {c for _, c in comments_of(text)} - {c for _, c in comments_of(out)}
    if kind != "delete":
        assert not gone, f"{kind} {path}: comments dropped: {sorted(gone)}"
    else:  # only comments inside the deleted element
        allowed = {c for i, c in comments_of(text) if i in touched}
        assert gone <= allowed, f"delete {path}: comments dropped: {sorted(gone - allowed)}"


def save_with_edit(file: Path, seed: int, tmp_path: Path) -> bool:
    """Edit ``file`` (commented) at random and check the save; False when no valid edit was drawn."""
    text = commented(file.read_text(encoding="utf-8"))
    origin = tmp_path / file.name
    origin.write_text(text, encoding="utf-8")
    model = io.read(origin)
    old = model.to_data()
    rng = random.Random(seed)
    for _ in range(30):
        data, kind, path = random_edit(old, rng)
        new_model = model_of(data, str(origin))
        if new_model is not None and not same(new_model.to_data(), old):
            break
    else:
        return False
    layout = Layout(text)
    out = patch(layout, new_model.to_data(), io._base_data(layout, origin))
    check_save(text, layout.data, new_model, kind, path, out)
    return True


@pytest.mark.parametrize("file", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_edit_of_every_bundled_file_keeps_comments_and_untouched_lines(file, seed, tmp_path):
    save_with_edit(file, seed, tmp_path)
