"""Erasing a line and drawing it again (Lines tool), from either end, keeps the file's line
list in its order (trial of issue 11: a redrawn line moved to the end of the list, so a save's
diff showed a line removed and another added). New lines still go at the end."""

from __future__ import annotations

import random
import shutil

import pytest

from studio.gui.realm.commands.lines import placed
from studio.gui.realm.document import BoardDocument
from studio.gui.realm.main_window import default_board_path
from studio.model.io import read_board
from studio.model.realm import line_key

pytestmark = pytest.mark.gui


@pytest.fixture
def doc(tmp_path):
    target = tmp_path / "mine.yaml"
    shutil.copy(default_board_path(), target)
    d = BoardDocument()
    d.load(target)
    return d


def test_redrawn_line_goes_back_to_its_place_and_the_save_is_byte_identical(doc):
    before = list(doc.board.lines)
    text = open(doc.path, encoding="utf-8").read()
    a, b = before[10]
    assert doc.toggle_line(a, b) is False          # erased
    assert doc.toggle_line(b, a) is True           # drawn again, from the other end
    assert doc.board.lines == before               # same place, same direction as in the file
    doc.save()
    assert open(doc.path, encoding="utf-8").read() == text


def test_several_lines_redrawn_in_any_order_and_new_ones_at_the_end(doc):
    before = list(doc.board.lines)
    rng = random.Random(7)
    gone = rng.sample(before, 12)
    doc.remove_lines(gone)
    pegs = sorted(doc.board.pegs)
    far = next((p, q) for p in pegs for q in reversed(pegs)
               if p != q and line_key(p, q) not in doc.board.line_keys() and line_key(p, q) not in
               {line_key(*ln) for ln in before})
    assert doc.add_line(*far)                      # a new line: at the end
    for a, b in rng.sample(gone, len(gone)):
        assert doc.toggle_line(*((b, a) if rng.random() < 0.5 else (a, b))) is True
    assert doc.board.lines == before + [far]
    doc.undo_stack.undo()                          # undo and redo keep the order too
    doc.undo_stack.undo()
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert doc.board.lines == before + [far]


def test_add_lines_in_one_step_restores_file_order(doc):
    before = list(doc.board.lines)
    gone = before[3:9] + before[40:44]
    doc.remove_lines(gone)
    added = doc.add_lines([(b, a) for a, b in reversed(gone)])
    assert sorted(added) == sorted(gone)
    assert doc.board.lines == before
    doc.undo_stack.undo()
    assert doc.board.lines == [ln for ln in before if ln not in gone]


def test_after_a_save_the_saved_order_counts(doc):
    before = list(doc.board.lines)
    a, b = before[0]
    doc.remove_lines([(a, b)])
    doc.save()                                     # the file no longer has a-b
    assert doc.add_line(a, b)
    assert doc.board.lines == before[1:] + [(a, b)]
    assert read_board(doc.path).lines == before[1:]


@pytest.mark.parametrize("seed", range(30))
def test_placed_matches_a_plain_reference(seed):
    """Against a plain model: file lines in file order, then the lines the file lacks in the
    order they were added."""
    rng = random.Random(seed)
    file_lines = [(f"a{i}", f"b{i}") for i in range(rng.randint(0, 25))]
    rank = {ln: i for i, ln in enumerate(file_lines)}
    present = [ln for ln in file_lines if rng.random() < 0.6]
    extra_before = [(f"x{i}", f"y{i}") for i in range(rng.randint(0, 4))]
    current = present + extra_before
    missing = [ln for ln in file_lines if ln not in present]
    new = rng.sample(missing, len(missing)) + [(f"n{i}", f"m{i}") for i in range(rng.randint(0, 3))]
    rng.shuffle(new)
    lines = list(current)
    for index, line in placed(lines, new, rank.get):
        lines.insert(index, line)
    expected = ([ln for ln in file_lines if ln in present or ln in new] + extra_before
                + [ln for ln in new if ln not in rank])
    assert lines == expected
