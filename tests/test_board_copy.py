"""Board.copy is a field-by-field copy (fast on large boards): checked against copy.deepcopy on
every bundled board, and for independence: editing any part of the copy leaves the original."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from studio.model import io
from studio.model.realm import Bridge, LineItem

BOARDS = sorted((Path(__file__).resolve().parent.parent / "boards" / "realm").glob("*.yaml"))


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_copy_equals_a_deep_copy_of_every_bundled_board(path):
    board = io.read_board(path)
    fast, deep = board.copy(), copy.deepcopy(board)
    assert fast == deep == board
    assert fast.to_data() == deep.to_data()
    assert (fast.path, fast.source) == (board.path, board.source)


def test_editing_every_part_of_a_copy_leaves_the_original():
    board = io.read_board(next(p for p in BOARDS if "archipelago" in p.stem))
    board.pictures.setdefault("P", {"pegs": ["a", "b"]})
    board.line_items.append(LineItem(("a", "b"), 2, None))
    board.crater.append("x")
    before = copy.deepcopy(board)
    c = board.copy()
    peg = next(iter(c.pegs.values()))
    peg.colour, peg.x = "red" if peg.colour != "red" else "blue", peg.x + 1
    c.pegs.pop(next(reversed(c.pegs)))
    c.lines.pop()
    c.segments[0].treasure += 5
    c.segments.pop()
    seat = next(iter(c.seats.values()))
    seat.start.append("zz")
    seat.goal.append("zz")
    seat.label = "changed"
    next(iter(c.pictures.values()))["pegs"].append("zz")
    c.line_items[0].treasure += 1
    c.islands[next(iter(c.islands))].pop()
    c.bridges[0].energy += 3
    c.bridges.append(Bridge(("q", "r"), 1))
    c.crater.append("y")
    assert board == before
    assert c != board
