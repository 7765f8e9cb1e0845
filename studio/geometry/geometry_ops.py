"""Geometry for editing operations, without Qt: transforms of a selection (half turn, third of
a turn, mirror), the board's centre of symmetry, and the lines that triangulate a set of pegs.

Positions are board units (x right, y down). Angles turn clockwise on screen because y points
down; a third of a turn maps the triangular lattice onto itself around any lattice point."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import shapely
from shapely import STRtree
from shapely.geometry import LineString, MultiPoint, Point

from studio.model.realm import line_key

XY = tuple[float, float]
TRANSFORMS = ("half-turn", "third-turn", "third-turn-back", "quarter-turn", "quarter-turn-back",
              "mirror-x", "mirror-y")
"""Transform names: rotate 180, rotate 120 (clockwise on screen), rotate -120, rotate 90
(clockwise on screen), rotate -90, mirror left-right (x -> -x about the pivot), mirror
top-bottom (y -> -y about the pivot)."""

_ANGLES = {"half-turn": math.pi, "third-turn": 2 * math.pi / 3, "third-turn-back": -2 * math.pi / 3,
           "quarter-turn": math.pi / 2, "quarter-turn-back": -math.pi / 2}

_ROUND = 6


def transform_fn(kind: str, pivot: XY) -> Callable[[float, float], XY]:
    """The map (x, y) -> (x', y') for ``kind`` (one of :data:`TRANSFORMS`) about ``pivot``.
    Raises ValueError for an unknown kind."""
    px, py = pivot
    if kind in _ANGLES:
        angle = _ANGLES[kind]
        c, s = round(math.cos(angle), 12), round(math.sin(angle), 12)

        def rotate(x: float, y: float) -> XY:
            dx, dy = x - px, y - py
            return (round(px + c * dx - s * dy, _ROUND), round(py + s * dx + c * dy, _ROUND))
        return rotate
    if kind == "mirror-x":
        return lambda x, y: (round(2 * px - x, _ROUND), round(y, _ROUND))
    if kind == "mirror-y":
        return lambda x, y: (round(x, _ROUND), round(2 * py - y, _ROUND))
    raise ValueError(f"unknown transform {kind!r} (expected one of {TRANSFORMS})")


def symmetric_copies(kind: str, centre: XY) -> list[Callable[[float, float], XY]]:
    """The maps that copy a part of a board onto the other seats' parts: one for a half turn
    or a mirror, two (a third and two thirds of a turn) for thirds, three (a quarter, a half
    and three quarters of a turn) for quarters (four seats around the board)."""
    if kind in ("quarter-turn", "quarter-turn-back"):
        return [transform_fn("quarter-turn", centre), transform_fn("half-turn", centre),
                transform_fn("quarter-turn-back", centre)]
    if kind in ("third-turn", "third-turn-back"):
        return [transform_fn("third-turn", centre), transform_fn("third-turn-back", centre)]
    return [transform_fn(kind, centre)]


def centroid(points: Iterable[XY]) -> XY:
    pts = list(points)
    if not pts:
        return (0.0, 0.0)
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def board_centre(points: Iterable[XY]) -> XY:
    """Centre of symmetry of a board: the mean of its peg positions (for a board symmetric
    under a rotation, the rotation's centre)."""
    x, y = centroid(points)
    return (round(x, _ROUND), round(y, _ROUND))


def triangulation_lines(selected: dict[str, XY], pegs: dict[str, XY], lines: Iterable[tuple[str, str]],
                        stretch: float = 1.6) -> list[tuple[str, str]]:
    """New lines that cut the selected pegs into triangles (Delaunay, via shapely).

    ``selected``: id -> position of the pegs to triangulate; ``pegs``: every peg of the board;
    ``lines``: the board's lines. Triangles with a side longer than ``stretch`` times the
    median shortest side are dropped (they bridge a concave part of the selection's outline),
    as are slivers. A candidate line is skipped when it exists, passes over another peg, or
    crosses an existing line away from a peg. Returns line keys in a stable order."""
    if len(selected) < 2:
        return []
    by_xy = {(round(x, 4), round(y, 4)): pid for pid, (x, y) in selected.items()}
    if len(selected) == 2:
        a, b = sorted(selected)
        candidates = [line_key(a, b)]
    else:
        triangles = shapely.get_parts(shapely.delaunay_triangles(MultiPoint(list(selected.values()))))
        tris = []
        for tri in triangles:
            ring = list(tri.exterior.coords)[:-1]
            ids = [by_xy.get((round(x, 4), round(y, 4))) for x, y in ring]
            if None in ids or len(set(ids)) != 3:
                continue
            sides = [math.dist(ring[i], ring[(i + 1) % 3]) for i in range(3)]
            tris.append((ids, sides, tri.area))
        if not tris:
            # all points on one straight line: join neighbours along it
            ordered = sorted(selected, key=lambda p: selected[p])
            candidates = [line_key(a, b) for a, b in zip(ordered, ordered[1:])]
        else:
            shortest = sorted(min(s) for _, s, _ in tris)
            typical = shortest[len(shortest) // 2]
            candidates = []
            for ids, sides, area in tris:
                if max(sides) > stretch * typical:
                    continue
                if area < 1e-3 * typical * typical:
                    continue
                for i in range(3):
                    candidates.append(line_key(str(ids[i]), str(ids[(i + 1) % 3])))  # None was skipped above
            candidates = sorted(set(candidates))
    existing = {line_key(a, b) for a, b in lines if a in pegs and b in pegs}
    others = [pid for pid in pegs]
    peg_tree = STRtree([Point(pegs[p]) for p in others])
    line_list = sorted(existing)
    line_tree = STRtree([LineString([pegs[a], pegs[b]]) for a, b in line_list]) if line_list else None
    out = []
    for a, b in candidates:
        if (a, b) in existing:
            continue
        geom = LineString([pegs[a], pegs[b]])
        near = peg_tree.query(geom.buffer(1e-4))
        if any(others[i] not in (a, b) and geom.distance(Point(pegs[others[i]])) < 1e-4 for i in near):
            continue
        crossing = False
        if line_tree is not None:
            for i in line_tree.query(geom):
                c, d = line_list[i]
                if {a, b} & {c, d}:
                    # sharing a peg: only a problem when they overlap
                    other = LineString([pegs[c], pegs[d]])
                    if geom.intersection(other).length > 1e-6:
                        crossing = True
                        break
                    continue
                if geom.intersects(LineString([pegs[c], pegs[d]])):
                    crossing = True
                    break
        if not crossing:
            out.append((a, b))
    return out
