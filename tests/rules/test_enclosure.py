"""Incremental enclosure (RTR-P4) against a whole-board recount, on random wall sequences."""

import random

import pytest

from studio.geometry.bands import OUTSIDE, Topology
from studio.rules.realm.enclosure import Walls, enclosed_side
from tests.rules.realm_helpers import small_board


def closed_by_recount(topo, covered):
    """Faces that cannot reach the outside without crossing a covered line."""
    reach = set()
    stack = [f for key, (f, g) in topo.line_faces.items() if g == OUTSIDE and key not in covered]
    reach.update(stack)
    while stack:
        f = stack.pop()
        for line, g in topo.face_links[f]:
            if line not in covered and g != OUTSIDE and g not in reach:
                reach.add(g)
                stack.append(g)
    return set(range(len(topo.faces))) - reach


@pytest.mark.rule("RTR-P4")
@pytest.mark.parametrize("seed", range(12))
def test_incremental_enclosure_matches_a_recount(seed):
    board = small_board(rows=6, columns=6)
    if seed % 3 == 0:  # a hole in the middle: a non-segment face, never a wall
        del board.pegs["c3"]
        board.lines = [l for l in board.lines if "c3" not in l]
    topo = Topology(board)
    rng = random.Random(seed)
    lines = sorted(topo.line_faces)
    rng.shuffle(lines)
    walls = Walls()
    found: set[int] = set()
    for line in lines[: rng.randint(10, len(lines))]:
        if walls.add(line):
            found.update(enclosed_side(topo, walls, line))
        assert found == closed_by_recount(topo, walls.covered)
