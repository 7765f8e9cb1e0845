"""The studio's axial hexes against Tiled's staggered tiles, for every stagger axis and index,
checked against plain references: Tiled's own neighbour rules (its hexagonal renderer's
topLeft/topRight/bottomLeft/bottomRight, written out), and the pixel positions of the hexes
in the studio's drawing against the tile centres in Tiled's."""

from __future__ import annotations

import math
import random

import pytest

from studio.geometry.hex import hex_to_pixel, neighbours, within
from studio.interop.tiled_hex import HexGrid, hex_at_tile, placement, tile_of_hex

COMBINATIONS = [(o, i) for o in ("pointy", "flat") for i in ("odd", "even")]
ORIGINS = [(0, 0), (3, -2), (-5, 7), (1, 1), (-1, 0)]


def tiled_neighbours(x: int, y: int, axis: str, index: str) -> set[tuple[int, int]]:
    """The six tiles around tile (x, y) as Tiled's hexagonal renderer names them (its
    staggerIndex is 0 for odd, 1 for even)."""
    si = 1 if index == "even" else 0
    if axis == "y":
        if (y & 1) ^ si:
            diagonal = [(x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1)]
        else:
            diagonal = [(x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1)]
        return set(diagonal) | {(x - 1, y), (x + 1, y)}
    if (x & 1) ^ si:
        diagonal = [(x - 1, y), (x + 1, y), (x - 1, y + 1), (x + 1, y + 1)]
    else:
        diagonal = [(x - 1, y - 1), (x + 1, y - 1), (x - 1, y), (x + 1, y)]
    return set(diagonal) | {(x, y - 1), (x, y + 1)}


@pytest.mark.parametrize("orientation,index", COMBINATIONS)
def test_neighbouring_hexes_are_neighbouring_tiles_in_tiled(orientation, index):
    grid = HexGrid.for_orientation(orientation, index)
    for origin in ORIGINS:
        for h in within((2, -1), 9):
            t = tile_of_hex(h, grid.layout, origin)
            assert hex_at_tile(*t, grid.layout, origin) == h
            mine = {tile_of_hex(n, grid.layout, origin) for n in neighbours(h)}
            assert mine == tiled_neighbours(*t, grid.staggeraxis, index), (orientation, index, origin, h, t)


@pytest.mark.parametrize("orientation,index", COMBINATIONS)
def test_tiled_draws_each_hex_where_the_studio_does(orientation, index):
    """Tiled's tile centre of every hex, less that of a reference hex, is the studio's pixel
    offset of the two hexes scaled by Tiled's tile step (exact: both are lattices)."""
    grid = HexGrid.for_orientation(orientation, index)
    w, h = grid.tilewidth, grid.tileheight
    if orientation == "pointy":
        sx, sy = w / math.sqrt(3), ((h - grid.hexsidelength) // 2 + grid.hexsidelength) / 1.5
    else:
        sx, sy = ((w - grid.hexsidelength) // 2 + grid.hexsidelength) / 1.5, h / math.sqrt(3)
    for origin in ORIGINS:
        ref = (0, 0)
        rx, ry = grid.tile_centre(*tile_of_hex(ref, grid.layout, origin))
        px0, py0 = hex_to_pixel(ref, 1.0, orientation)
        for hx in within((0, 0), 8):
            tx, ty = grid.tile_centre(*tile_of_hex(hx, grid.layout, origin))
            px, py = hex_to_pixel(hx, 1.0, orientation)
            assert tx - rx == pytest.approx((px - px0) * sx, abs=1e-9)
            assert ty - ry == pytest.approx((py - py0) * sy, abs=1e-9)


@pytest.mark.parametrize("orientation,index", COMBINATIONS)
def test_the_tile_under_a_point_is_the_hex_around_it(orientation, index):
    grid = HexGrid.for_orientation(orientation, index)
    rng = random.Random(7)
    inner = min(grid.tilewidth, grid.tileheight) / 2 * 0.8   # well inside the hexagon
    for col in range(-3, 9):
        for row in range(-3, 9):
            cx, cy = grid.tile_centre(col, row)
            assert grid.tile_at(cx, cy) == (col, row)
            for _ in range(8):
                a, r = rng.uniform(0, 2 * math.pi), rng.uniform(0, inner)
                assert grid.tile_at(cx + r * math.cos(a), cy + r * math.sin(a)) == (col, row)


def test_tile_positions_follow_tiled_for_a_hand_made_size():
    # 64 x 74 tiles, sides of 37, stagger y even: Tiled's renderer rounds (74 - 37) / 2 down
    grid = HexGrid(64, 74, 37, "y", "even")
    assert grid.tile_position(0, 0) == (32.0, 0.0)       # even rows shoved right by half a tile
    assert grid.tile_position(0, 1) == (0.0, 55.0)       # rows 18 + 37 pixels apart
    assert grid.tile_position(3, 2) == (224.0, 110.0)
    flat = HexGrid(74, 64, 37, "x", "odd")
    assert flat.tile_position(1, 0) == (55.0, 32.0)      # odd columns shoved down
    assert flat.tile_position(2, 1) == (110.0, 64.0)


def test_exported_tiles_are_near_regular_hexes():
    pointy = HexGrid.for_orientation("pointy")
    assert (pointy.tilewidth, pointy.tileheight, pointy.hexsidelength, pointy.staggeraxis) == (62, 72, 36, "y")
    flat = HexGrid.for_orientation("flat", "even")
    assert (flat.tilewidth, flat.tileheight, flat.hexsidelength, flat.staggeraxis, flat.staggerindex) == \
        (72, 62, 36, "x", "even")
    with pytest.raises(ValueError, match="stagger index is 'odd' or 'even'"):
        HexGrid.for_orientation("pointy", "both")


@pytest.mark.parametrize("layout", ["odd-r", "even-r", "odd-q", "even-q"])
def test_placement_fits_the_hexes_tightly(layout):
    rng = random.Random(layout)
    for _ in range(200):
        hexes = {(rng.randint(-20, 20), rng.randint(-20, 20)) for _ in range(rng.randint(1, 12))}
        origin, width, height = placement(hexes, layout)
        tiles = [tile_of_hex(h, layout, origin) for h in hexes]
        assert min(c for c, _ in tiles) == 0 and min(r for _, r in tiles) == 0
        assert max(c for c, _ in tiles) == width - 1 and max(r for _, r in tiles) == height - 1
        assert {hex_at_tile(*t, layout, origin) for t in tiles} == hexes
    with pytest.raises(ValueError):
        placement([], layout)
