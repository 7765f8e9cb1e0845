"""The document and its commands, headless (no window): every edit is one undo step and undo
restores the saved text exactly."""

from __future__ import annotations

import pytest

import studio.gui  # noqa: F401
from studio.content import bundled_path
from studio.geometry.lattice import snap_to_lattice
from studio.gui.realm.document import BoardDocument, ChangeKind, standard_board
from studio.model import io
from studio.validate import validate


@pytest.fixture
def doc(qapp):
    d = BoardDocument()
    d.load(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))
    return d


def undo_all(d):
    while d.undo_stack.canUndo():
        d.undo_stack.undo()


def test_new_standard_board_is_valid(qapp):
    board = standard_board()
    assert len(board.pegs) == 80 and len(board.seats) == 2 and board.players == 2
    assert [f for f in validate(board) if f.severity == "error"] == []
    # it names its rules (no location/none); it holds nothing yet, so no score can be reached
    assert [f.code for f in validate(board)] == ["scenario/score-unreachable"]
    # and nothing the base rules ignore (the Properties panel said they ignore 20 goal pegs)
    assert all(seat.goal == [] for seat in board.seats.values())
    for a, b in board.lines:
        assert board.pegs[a].colour != board.pegs[b].colour


def test_change_signal_is_typed(doc):
    seen = []
    doc.changed.connect(lambda kind, payload: seen.append((kind, payload)))
    doc.move_pegs({"a1": (0, -1)})
    assert seen == [(ChangeKind.PEGS_MOVED, ("a1",))]


def test_moves_with_one_gesture_merge(doc):
    doc.move_pegs({"a1": (0.1, 0)}, gesture=1)
    doc.move_pegs({"a1": (0.2, 0)}, gesture=1)
    doc.move_pegs({"a1": (0.3, 0)}, gesture=2)
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.board.pegs["a1"].x == 0.2


def test_move_back_to_start_is_obsolete(doc):
    doc.move_pegs({"a1": (0.5, 0.5)}, gesture=7)
    doc.move_pegs({"a1": (0, 0)}, gesture=7)
    assert doc.undo_stack.count() == 0
    assert not doc.is_modified


def test_segment_edits_merge_and_undo_exactly(doc):
    before = io.to_text(doc.board)
    key = ("a4", "b3", "b4")       # holds 1 treasure
    doc.set_segment_value(key, "treasure", 0)   # entry dropped
    doc.set_segment_value(key, "treasure", 2)   # entry re-added
    assert doc.undo_stack.count() == 1
    assert doc.segment_value(key, "treasure") == 2
    doc.undo_stack.undo()
    assert io.to_text(doc.board) == before
    doc.undo_stack.redo()
    assert doc.segment_value(key, "treasure") == 2


def test_empty_segment_gets_treasure(doc):
    key = ("a1", "a2", "b1")
    assert doc.segment_value(key, "treasure") == 0
    doc.set_segment_value(key, "treasure", 3)
    assert doc.board.segment_map()[key].treasure == 3
    doc.set_segment_value(key, "treasure", 0)
    assert doc.undo_stack.count() == 0 and key not in doc.board.segment_map()


def test_remove_pegs_is_one_step_and_cleans_references(doc):
    before = io.to_text(doc.board)
    doc.remove_pegs(["h3", "d4"])   # h3 starts South; d4 is a corner of segments
    board = doc.board
    assert "h3" not in board.pegs and "d4" not in board.pegs
    assert all("h3" not in ln and "d4" not in ln for ln in board.lines)
    assert all("d4" not in s.pegs for s in board.segments)
    assert "h3" not in board.seats["south"].start
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert io.to_text(doc.board) == before


def test_add_and_remove_lines_and_pegs_undo_exactly(doc):
    before = io.to_text(doc.board)
    pid = doc.add_peg(*snap_to_lattice(10.2, 0.1))
    assert pid == "a11"
    assert doc.add_line("a10", pid)
    assert not doc.add_line(pid, "a10")  # already there
    doc.remove_lines([("a1", "a2")])
    doc.set_peg_colour(["a1"], "blue")
    doc.set_board_value("name", "Renamed")
    assert doc.undo_stack.count() == 5
    undo_all(doc)
    assert io.to_text(doc.board) == before
    assert not doc.is_modified


def test_save_and_reload_equal(doc, tmp_path):
    doc.set_segment_value(("a1", "a2", "b1"), "energy", 2)
    target = tmp_path / "board.yaml"
    doc.save(target)
    assert not doc.is_modified and doc.path == str(target)
    assert io.read(target) == doc.board


def test_load_error_keeps_document(doc, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: realm-board/1\nid: x\n")
    before = io.to_text(doc.board)
    with pytest.raises(io.InvalidContent):
        doc.load(bad)
    assert io.to_text(doc.board) == before
