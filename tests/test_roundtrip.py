"""A save keeps the designer's comments, key order and untouched lines (studio.content.roundtrip).

Property tests edit random values of every bundled content file, with a comment put on and
between every line it can take one, and check the saved text: it reloads to the edited
model (key order included), every line the edit did not touch is still there byte for byte
and in order, and every comment survives (a deleted element's stays where it was). Hand-written files
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
from studio.content.schema_line import combined_schema_path, schema_line_for
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
    assert not gone, f"{kind} {path}: comments dropped: {sorted(gone)}"   # a deleted element's too


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


# --- hand-written files ----------------------------------------------------------------------------

BOARD = """\
# yaml-language-server: $schema=../../schemas/realm-board-1.schema.json
# A hand-made board: comments in every place a designer puts them.

format: realm-board/2   # the format comes first
name: 'Comment test'    # name before id: the designer's order
id: comment-test
players: 2
pegs:
  # the top row
  a1: {at: [0, 0], colour: red}     # corner
  a2: {
    at: [1, 0],   # flow over lines
    colour: gray, # with comments inside
  }
  b1:
    at: [0.5, 0.866025]  # block style peg
    colour: blue
lines:   # every line of the triangle
- [a1, a2]   # top
# the slopes
- [a1, b1]
- [a2, b1]
seats:
  south: {label: South, start: [b1], goal: [a1, a2]}
  north: {label: North, start: [a1], goal: [b1]}   # north plays second
description: |
  Written as a literal block,
  over two lines.
# the end
"""


def board_file(tmp_path: Path, text: str = BOARD) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def saved_after(path: Path, edit, target: Path | None = None) -> str:
    board = io.read(path)
    edit(board)
    io.write(board, target or path)
    return (target or path).read_text(encoding="utf-8")


def test_editing_a_peg_inside_a_commented_flow_mapping_changes_only_its_value(tmp_path):
    path = board_file(tmp_path)

    def edit(board):
        board.pegs["a2"].colour = "yellow"
        board.pegs["b1"].x = 0.75

    out = saved_after(path, edit)
    assert out == BOARD.replace("colour: gray, # with", "colour: yellow, # with").replace(
        "at: [0.5, 0.866025]  # block", "at: [0.75, 0.866025]  # block")


def test_added_and_deleted_elements_keep_every_other_comment(tmp_path):
    path = board_file(tmp_path)

    def edit(board):
        from studio.model.realm import Peg

        board.pegs["b2"] = Peg("b2", 1.5, 0.866025, "green")
        board.lines.remove(("a1", "a2"))
        board.lines.append(("a2", "b2"))
        board.description = "Now three\nlines\nlong."

    out = saved_after(path, edit)
    expected = BOARD.replace("    colour: blue\n", "    colour: blue\n  b2: {at: [1.5, 0.866025], colour: green}\n")
    # the deleted line's comment stays where the line was (a designer's note is never dropped)
    expected = expected.replace("- [a1, a2]   # top\n", "# top\n").replace("- [a2, b1]\n", "- [a2, b1]\n- [a2, b2]\n")
    expected = expected.replace("description: |\n  Written as a literal block,\n  over two lines.",
                                "description: |-\n  Now three\n  lines\n  long.")
    assert out == expected


def test_reordered_seats_move_with_their_comments(tmp_path):
    path = board_file(tmp_path)

    def edit(board):
        board.seats = {"north": board.seats["north"], "south": board.seats["south"]}

    out = saved_after(path, edit)
    south = "  south: {label: South, start: [b1], goal: [a1, a2]}\n"
    north = "  north: {label: North, start: [a1], goal: [b1]}   # north plays second\n"
    assert out == BOARD.replace(south + north, north + south)
    assert list(io.read(path).seats) == ["north", "south"]


def test_save_as_carries_the_comments_to_the_new_file(tmp_path):
    path = board_file(tmp_path)
    target = tmp_path / "elsewhere" / "copy.yaml"
    target.parent.mkdir()

    def edit(board):
        board.name = "Copy"

    out = saved_after(path, edit, target)
    assert out == BOARD.replace("name: 'Comment test'", "name: 'Copy'")
    assert path.read_text(encoding="utf-8") == BOARD


def test_a_default_written_out_by_hand_stays_when_another_rule_changes(tmp_path):
    text = (ROOT / "tests" / "data" / "valid" / "tiny-scenario.yaml").read_text(encoding="utf-8")
    text = text.replace("  start: own-side\n", "  start: own-side   # the default, said out loud\n  pool_size: 5\n")
    path = tmp_path / "tiny-scenario.yaml"
    path.write_text(text, encoding="utf-8")
    scenario = io.read(path)
    scenario.rules.end = {"score": 14}
    scenario.rules.hand_sizes = (3, 4, 5, 6)
    io.write(scenario, path)
    out = path.read_text(encoding="utf-8")
    # the new key goes after the key the model writes before it (bands)
    assert out == text.replace("end: {score: 12}", "end: {score: 14}").replace(
        "  bands: [line, triangle, quad]\n", "  bands: [line, triangle, quad]\n  hand_sizes: [3, 4, 5, 6]\n")
    assert io.read(path) == scenario


def test_a_migrated_format_rewrites_the_top_level_and_keeps_the_rest():
    """Another format version adds a top-level key (as realm-board/2 adds ``location``): the
    format line changes, the key is written after its predecessor, comments and the
    designer's key order stay."""
    old = BOARD.replace("format: realm-board/2   #", "format: realm-board/1   #")
    layout = Layout(old)
    new = copy.deepcopy(layout.data)
    new = {"format": "realm-board/2", "id": new["id"], "name": new["name"], "location": "archipelago-city",
           **{k: v for k, v in new.items() if k not in ("format", "id", "name")}}
    out = patch(layout, new, base=new)  # nothing edited: only the migration shows
    assert out == BOARD.replace(
        "name: 'Comment test'    # name before id: the designer's order\n",
        "name: 'Comment test'    # name before id: the designer's order\nlocation: archipelago-city\n")


def test_windows_line_ends_and_unicode_are_kept():
    text = BOARD.replace("Comment test", "Côte 🙂").replace("\n", "\r\n")
    layout = Layout(text)
    new = copy.deepcopy(layout.data)
    new["pegs"]["a1"]["colour"] = "green"
    new["pegs"]["c1"] = {"at": [0, 1.732051], "colour": "red"}
    out = patch(layout, new)
    assert out == text.replace("a1: {at: [0, 0], colour: red}", "a1: {at: [0, 0], colour: green}").replace(
        "    colour: blue\r\n", "    colour: blue\r\n  c1: {at: [0, 1.732051], colour: red}\r\n")


def test_a_value_that_changes_kind_is_rewritten_whole():
    layout = Layout("a: 1  # one\nb:\n- x\n- y\nc: {d: [1, 2]}\n")
    out = patch(layout, {"a": [1, 2], "b": "flat", "c": {"d": {"e": 1}}})
    assert out == "a: [1, 2]  # one\nb: flat\nc: {d: {e: 1}}\n"
    assert parse_yaml(out).data == {"a": [1, 2], "b": "flat", "c": {"d": {"e": 1}}}


def test_text_that_cannot_be_walked_is_refused_for_a_full_dump():
    for text in ("a: &x 1\nb: *x\n", "a: [1\n", "", "a: !!binary aGk=\n"):
        with pytest.raises(Unpatchable):
            Layout(text)


def test_a_new_board_without_a_file_is_written_whole(tmp_path):
    board = io.read(board_file(tmp_path))
    board.path = None
    target = tmp_path / "new.yaml"
    io.write(board, target)
    # a new file starts with the editor schema line (an absolute file:// URI outside the checkout)
    line = schema_line_for(target)
    assert line == "# yaml-language-server: $schema=" + combined_schema_path().resolve().as_uri()
    assert target.read_text(encoding="utf-8") == line + "\n" + io.to_text(board)


def test_empty_values_are_filled_in_place():
    layout = Layout("a: {n: 1, m: }  # flow\nb:\nc: x\n")
    out = patch(layout, {"a": {"n": 1, "m": 5}, "b": {"k": [1, 2], "l": "long text here"}, "c": "x"})
    assert out == "a: {n: 1, m: 5}  # flow\nb: {k: [1, 2], l: long text here}\nc: x\n"  # house style


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_edit_of_a_hand_written_board_keeps_comments_and_untouched_lines(seed, tmp_path_factory):
    folder = tmp_path_factory.mktemp("hand")
    source = folder / "hand.yaml"
    source.write_text(BOARD, encoding="utf-8")
    out = folder / "saved"
    out.mkdir()
    save_with_edit(source, seed, out)


def test_a_flow_mapping_whose_every_key_is_replaced_has_no_stray_comma():
    """Found by the goal-save property test: ``{scrolls: 2}`` -> ``{area: all}`` wrote
    ``{area: all, }`` (the new entry went in front with a comma for an entry that was deleted)."""
    layout = Layout("format: x/1\nreward: {scrolls: 2}   # kept\nother: [1, 2]\n")
    out = patch(layout, {"format": "x/1", "reward": {"area": "all"}, "other": [3]})
    assert out == "format: x/1\nreward: {area: all}   # kept\nother: [3]\n"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_byte_order_mark_and_the_comments_after_it_survive_a_save(tmp_path, newline):
    """Found by a new-user trial: a file Notepad wrote (UTF-8 byte order mark, maybe CRLF) lost
    its mark, its comments and its quoting on the first save (the whole file was re-dumped)."""
    path = tmp_path / "bom.yaml"
    text = "\ufeff# BOM board\n" + BOARD.replace("name: 'Comment test'", "name: 'Comment test'")
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    board = io.read(path)
    board.pegs["a2"].colour = "yellow"
    io.write(board, path)
    after = path.read_bytes().decode("utf-8")
    assert after.startswith("\ufeff# BOM board" + newline)
    expected = text.replace("colour: gray, # with", "colour: yellow, # with").replace("\n", newline)
    assert after == expected


def test_a_deleted_elements_comments_stay_and_a_hash_in_a_value_is_no_comment():
    from studio.content.roundtrip import _comment_of

    assert _comment_of("- {pegs: [a6, a5, b5], treasure: 1}  # seg comment 163") == "# seg comment 163"
    assert _comment_of("- {label: 'a # b', x: \"c #d\"}   # real") == "# real"
    assert _comment_of("- colour#3") == "" and _comment_of("  # whole line") == "# whole line"


def test_undoing_back_to_saved_content_writes_that_text_again(tmp_path):
    """Apply, save, undo, save: the file is the one read, byte for byte (the fresh-user trial
    saw a deleted line's comment left on a line of its own and the line re-added before it),
    through any number of saves; content saved in between gets its own text back too; an edit
    made outside the studio to the text on disk is what an equal save keeps."""
    path = board_file(tmp_path)
    board = io.read(path)
    before = copy.deepcopy(board)

    def cut(b):
        b.lines.remove(("a1", "a2"))

    cut(board)
    io.write(board, path)
    after_cut = path.read_text(encoding="utf-8")
    assert "- [a1, a2]" not in after_cut and "# top" in after_cut
    io.write(before, path)                       # undo
    assert path.read_text(encoding="utf-8") == BOARD
    io.write(board, path)                        # redo
    assert path.read_text(encoding="utf-8") == after_cut
    io.write(before, path)
    assert path.read_text(encoding="utf-8") == BOARD
    # a comment added by hand outside the studio stays when equal content is saved over it
    edited = BOARD.replace("- [a2, b1]\n", "- [a2, b1]   # added outside\n")
    path.write_text(edited, encoding="utf-8")
    io.write(before, path)
    assert path.read_text(encoding="utf-8") == edited
    # Save As of the same content elsewhere is its own file: patched from its origin
    other = tmp_path / "copy.yaml"
    io.write(before, other, origin=path)
    assert "# added outside" in other.read_text(encoding="utf-8")


@pytest.mark.parametrize("origin", ["yaml", "new"])
def test_a_model_saved_as_json_is_written_as_json(tmp_path, origin):
    """Save As a .json file (the editor's dialogs offer it): JSON text that reads back equal,
    whether the model came from a YAML file (its text is not patched into the .json) or is new."""
    import json

    board = io.read_board(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml")
    if origin == "new":
        board.path = None
    board.name = "Saved as JSON"
    target = tmp_path / "board.json"
    io.write(board, target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["format"] == "realm-board/2" and data["name"] == "Saved as JSON"
    assert io.read_board(target) == board
