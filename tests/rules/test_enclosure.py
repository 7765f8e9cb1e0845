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


@pytest.mark.rule("RTR-P4")
@pytest.mark.parametrize("seed", range(6))
def test_closing_regions_kept_by_land_equal_a_fresh_search(seed):
    """``Walls.land`` keeps the remembered closing regions of the shapes a band cannot change:
    on random walls (some bands closing cycles, some inside regions others would close), every
    kept entry equals the plain search on the walls after the band."""
    from studio.rules.realm.game import RealmGame
    from tests.rules.realm_helpers import game_on
    from tests.rules.test_preview import reference_closing_regions

    board = small_board(rows=7, columns=7)
    if seed % 3 == 0:  # a hole: a non-segment face, never a wall
        del board.pegs["d4"]
        board.lines = [l for l in board.lines if "d4" not in l]
    game: RealmGame = game_on(board)
    state = game.new_state(1)
    topo = game.topology
    rng = random.Random(seed)
    lines = sorted(topo.line_faces)
    kept = dropped = 0
    for _ in range(25):
        walls = Walls()
        for line in rng.sample(lines, rng.randint(5, len(lines) // 2)):
            walls.add(line)
        for shape in topo.shapes:
            state._closing_regions(walls, shape)
        for band in rng.sample(topo.shapes, 6):
            after = walls.copy(memo=True)
            after.land(topo, band)
            assert after.covered == walls.covered | set(band.sides)
            for key, found in after.memo.items():
                if key < 0:  # every face a shape's searches enclosed (Walls.land reads it)
                    continue
                kept += 1
                assert found == reference_closing_regions(topo, after, topo.shapes[key]), (band.pegs, key)
            dropped += len(topo.shapes) - len([k for k in after.memo if k >= 0])
    assert kept and dropped


@pytest.mark.rule("RTR-P4")
def test_a_band_closing_its_own_ring_inside_a_region_changes_that_region():
    """A ring of walls open by one line around a band that closes its own triangle inside it
    (no peg shared): the line's closing region loses the triangle's face once the band lands,
    so ``Walls.land`` must not keep it; a line band inside the ring closes nothing and leaves
    the region whole."""
    from tests.rules.realm_helpers import game_on
    from tests.rules.test_preview import reference_closing_regions

    game = game_on(small_board(rows=7, columns=7))
    state = game.new_state(1)
    topo = game.topology
    centre = "d4"
    near = set(topo.neighbours[centre])
    ring = {q for p in near for q in topo.neighbours[p]} - near - {centre}
    ring_lines = [line for line in topo.line_faces if set(line) <= ring]
    assert len(ring_lines) == 12  # the hexagon two lines out
    gap = topo.shape(ring_lines[0], "line")
    a = sorted(near)[0]
    b = sorted(near & set(topo.neighbours[a]))[0]
    triangle = topo.shape((centre, a, b), "triangle")
    for band, closes in ((triangle, True), (topo.shape((centre, a), "line"), False)):
        walls = Walls()
        for line in ring_lines[1:]:
            walls.add(line)
        if closes:
            for line in band.sides[:2]:
                walls.add(line)
        before = state._closing_regions(walls, gap)
        assert before and len(before[0][0]) == 24  # the hexagon's faces
        after = walls.copy(memo=True)
        after.land(topo, band)
        plain = reference_closing_regions(topo, after, gap)
        assert len(plain[0][0]) == (23 if closes else 24)
        assert state._closing_regions(after, gap) == plain
