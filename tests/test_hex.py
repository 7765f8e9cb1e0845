"""Hex math (studio.geometry.hex): axial/cube, neighbours, distance, rings, pixels, offsets."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from studio.geometry import hex as hx

coord = st.integers(min_value=-60, max_value=60)
hexes = st.tuples(coord, coord)
layouts = st.sampled_from(hx.OFFSET_LAYOUTS)
orientations = st.sampled_from(hx.ORIENTATIONS)


def test_directions_are_the_documented_ones_in_order():
    assert hx.DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert hx.neighbours((-3, 2)) == [(-2, 2), (-2, 1), (-3, 1), (-4, 2), (-4, 3), (-3, 3)]
    assert hx.neighbour((0, 0), 7) == (1, -1)


def test_cube_round_trip_and_sum():
    assert hx.axial_to_cube((-4, 7)) == (-4, 7, -3)
    assert hx.cube_to_axial((-4, 7, -3)) == (-4, 7)
    with pytest.raises(ValueError, match="sum to 0"):
        hx.cube_to_axial((1, 1, 1))


def test_distance_examples_with_negatives():
    assert hx.distance((0, 0), (0, 0)) == 0
    assert hx.distance((0, 0), (-3, 0)) == 3
    assert hx.distance((-2, -1), (1, -3)) == 3
    assert hx.distance((-5, 5), (5, -5)) == 10
    assert hx.distance((-1, -1), (1, 1)) == 4


@given(hexes, hexes)
def test_distance_is_symmetric_and_neighbours_are_one_step(a, b):
    assert hx.distance(a, b) == hx.distance(b, a)
    assert all(hx.distance(a, n) == 1 for n in hx.neighbours(a))


def test_ring_and_spiral():
    assert hx.ring((2, -1), 0) == [(2, -1)]
    r1 = hx.ring((0, 0), 1)
    assert r1[0] == (-1, 1) and sorted(r1) == sorted(hx.neighbours((0, 0)))
    r3 = hx.ring((-2, 4), 3)
    assert len(r3) == 18 and len(set(r3)) == 18
    assert all(hx.distance((-2, 4), h) == 3 for h in r3)
    # consecutive hexes of a ring are neighbours, and it closes
    assert all(hx.distance(r3[i], r3[(i + 1) % 18]) == 1 for i in range(18))
    sp = hx.spiral((-1, -1), 2)
    assert sp[0] == (-1, -1) and len(sp) == 19 == len(set(sp))
    assert sorted(sp) == sorted(hx.within((-1, -1), 2))
    with pytest.raises(ValueError):
        hx.ring((0, 0), -1)


def test_pixel_centres_pointy_and_flat():
    s3 = math.sqrt(3)
    assert hx.hex_to_pixel((1, 0)) == pytest.approx((s3, 0))
    assert hx.hex_to_pixel((0, 1)) == pytest.approx((s3 / 2, 1.5))
    assert hx.hex_to_pixel((-1, -1), 2) == pytest.approx((-3 * s3, -3))
    assert hx.hex_to_pixel((1, 0), 1, "flat") == pytest.approx((1.5, s3 / 2))
    assert hx.hex_to_pixel((0, -2), 1, "flat", origin=(10, 10)) == pytest.approx((10, 10 - 2 * s3))
    with pytest.raises(ValueError):
        hx.hex_to_pixel((0, 0), 1, "diagonal")


@given(hexes, orientations, st.floats(min_value=0.5, max_value=50))
def test_pixel_round_trip(h, orientation, size):
    x, y = hx.hex_to_pixel(h, size, orientation, origin=(3.0, -7.0))
    assert hx.pixel_to_hex(x, y, size, orientation, origin=(3.0, -7.0)) == h


@given(hexes, orientations, st.floats(min_value=0, max_value=0.8), st.floats(min_value=0, max_value=2 * math.pi))
def test_points_inside_a_hex_round_to_it(h, orientation, frac, angle):
    # anything within the inscribed circle (radius sqrt(3)/2 * size) belongs to the hex
    size = 10.0
    cx, cy = hx.hex_to_pixel(h, size, orientation)
    rad = frac * size * math.sqrt(3) / 2
    assert hx.pixel_to_hex(cx + rad * math.cos(angle), cy + rad * math.sin(angle), size, orientation) == h


def test_rounding_uses_floor_for_negatives():
    # -0.4 must round to 0 and -0.6 to -1 (truncation would give 0 for both)
    assert hx.cube_round(-0.4, 0.2) == (0, 0)
    assert hx.cube_round(-0.6, 0.0) == (-1, 0)
    assert hx.cube_round(-0.6, 0.3) == (0, 0)  # nearer (0, 0) than (-1, 0) in cube distance
    assert hx.cube_round(-2.5, 1.0) == (-2, 1)  # a half rounds up, on both sides of zero
    assert hx.pixel_to_hex(-0.1, -0.1) == (0, 0)
    q, r = hx.pixel_to_hex(*hx.hex_to_pixel((-7, -3), 4.0), 4.0)
    assert (q, r) == (-7, -3)


@given(st.floats(min_value=-40, max_value=40), st.floats(min_value=-40, max_value=40))
def test_cube_round_gives_the_nearest_hex(q, r):
    h = hx.cube_round(q, r)
    assert sum(hx.axial_to_cube(h)) == 0
    def d(a):  # distance from the fractional point to a hex centre, in cube space
        return max(abs(a[0] - q), abs(a[1] - r), abs(-a[0] - a[1] + q + r))
    assert d(h) <= min(d(n) for n in hx.neighbours(h)) + 1e-9


def test_corners():
    cs = hx.hex_corners((0, 0), 2.0)
    assert len(cs) == 6
    assert all(math.hypot(x, y) == pytest.approx(2.0) for x, y in cs)
    assert cs[0] == pytest.approx((math.sqrt(3), 1.0))
    assert hx.hex_corners((0, 0), 1.0, "flat")[0] == pytest.approx((1.0, 0.0))


def _flat(points):
    return [c for p in points for c in p]


@given(hexes, orientations, st.integers(min_value=-6, max_value=6))
def test_corners_from_another_first_corner_are_the_same_ring_turned(h, orientation, k):
    start = 30 if orientation == "pointy" else 0
    plain = hx.hex_corners(h, 3.0, orientation)
    turned = hx.hex_corners(h, 3.0, orientation, first=start + 60 * k)
    assert _flat(turned) == pytest.approx(_flat(plain[k % 6:] + plain[:k % 6]))


@given(hexes)
def test_corners_from_the_upper_right_match_a_plain_reference(h):
    """``first=-30``, as the playtest report draws its island maps: the corner at -30 + 60k
    degrees around the centre, y down (the formula the report used before)."""
    q, r = h
    cx, cy = 16.0 * math.sqrt(3) * (q + r / 2), 16.0 * 1.5 * r
    reference = [(cx + 16.0 * math.cos(math.radians(60 * k - 30)), cy + 16.0 * math.sin(math.radians(60 * k - 30)))
                 for k in range(6)]
    assert _flat(hx.hex_corners(h, 16.0, first=-30)) == pytest.approx(_flat(reference))


def test_corners_refuse_a_first_angle_that_is_no_corner():
    with pytest.raises(ValueError, match="a pointy hex has no corner at 0 degrees"):
        hx.hex_corners((0, 0), 1.0, first=0)
    with pytest.raises(ValueError, match="a flat hex has no corner at 30 degrees"):
        hx.hex_corners((0, 0), 1.0, "flat", first=30)


def test_line():
    assert hx.line((0, 0), (0, 0)) == [(0, 0)]
    ln = hx.line((-2, 0), (2, -2))
    assert ln[0] == (-2, 0) and ln[-1] == (2, -2) and len(ln) == 5
    assert all(hx.distance(ln[i], ln[i + 1]) == 1 for i in range(4))


@pytest.mark.parametrize("layout,axial,offset", [
    ("odd-r", (0, 0), (0, 0)), ("odd-r", (0, 1), (0, 1)), ("odd-r", (-1, 1), (-1, 1)),
    ("odd-r", (1, -1), (0, -1)), ("odd-r", (2, -3), (0, -3)), ("odd-r", (-1, 2), (0, 2)),
    ("even-r", (0, 1), (1, 1)), ("even-r", (0, -1), (0, -1)), ("even-r", (1, -3), (0, -3)),
    ("odd-q", (1, 0), (1, 0)), ("odd-q", (1, -1), (1, -1)), ("odd-q", (-1, 0), (-1, -1)),
    ("odd-q", (-3, 1), (-3, -1)), ("even-q", (1, 0), (1, 1)), ("even-q", (-1, 0), (-1, 0)),
    ("even-q", (-3, 0), (-3, -1)),
])
def test_offset_examples(layout, axial, offset):
    assert hx.axial_to_offset(axial, layout) == offset
    assert hx.offset_to_axial(*offset, layout) == axial


@given(hexes, layouts)
def test_offset_round_trip(h, layout):
    col, row = hx.axial_to_offset(h, layout)
    assert hx.offset_to_axial(col, row, layout) == h


@given(st.tuples(coord, coord), layouts)
def test_offset_neighbours_stay_neighbours(cr, layout):
    # the offset grid is the same grid: a neighbour in axial is one step away after a round trip
    h = hx.offset_to_axial(*cr, layout)
    for n in hx.neighbours(h):
        assert hx.distance(hx.offset_to_axial(*hx.axial_to_offset(n, layout), layout), h) == 1


@given(st.tuples(coord, coord), layouts)
def test_offset_rows_are_drawn_the_documented_way(cr, layout):
    # in odd-r, odd rows sit half a hex right of even rows (pointy); in odd-q, odd columns sit
    # half a hex down (flat); even-* the other way round
    col, row = cr
    h = hx.offset_to_axial(col, row, layout)
    if layout.endswith("r"):
        x, _ = hx.hex_to_pixel(h, 1.0, "pointy")
        shove = (row & 1) if layout == "odd-r" else -(row & 1)
        assert x == pytest.approx(math.sqrt(3) * (col + shove / 2))
    else:
        _, y = hx.hex_to_pixel(h, 1.0, "flat")
        shove = (col & 1) if layout == "odd-q" else -(col & 1)
        assert y == pytest.approx(math.sqrt(3) * (row + shove / 2))


def test_bad_layout():
    with pytest.raises(ValueError, match="odd-r"):
        hx.axial_to_offset((0, 0), "odd")
