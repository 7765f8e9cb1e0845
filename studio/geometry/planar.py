"""Plain-Python planar geometry for small boards: which pegs share a spot, where lines meet away
from their ends, and the faces of a line graph whose lines meet only at their end pegs.

``studio validate`` and the rules engine need these for one board of a few hundred lines, and
importing shapely (with numpy) costs more than the whole check; :mod:`studio.geometry.faces`
and :mod:`studio.validate.geometry` use this module first and shapely only where this one
declines (a graph that is not clean, holes in faces, big boards). Every function here gives
exactly what the shapely path gives; ``tests/test_planar.py`` holds them to it on every bundled
board and on damaged random ones.

Points are ``(x, y)`` in board units; lines are pairs of point indices. Near and far are
decided with a tolerance in board units (pegs are 1 apart, positions have 6 decimals).
"""

from __future__ import annotations

import math
from collections import defaultdict

MAX_LINES = 1500
"""Above this many lines shapely's array functions are quicker than these loops, even counting
its import (measured: 3,700 lines take 0.42 s here, 0.23 s with shapely imported)."""


def _cell(lengths: list[float]) -> float:
    """A grid cell about as long as a typical line (at least a thousandth of a unit)."""
    if not lengths:
        return 1.0
    lengths = sorted(lengths)
    return max(lengths[len(lengths) // 2], 1e-3)


def near_pairs(points: list[tuple[float, float]], tol: float) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``j < i``, of points at most ``tol`` apart, sorted."""
    size = max(tol * 4, 1e-9)
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    found = []
    for i, (x, y) in enumerate(points):
        cx, cy = math.floor(x / size), math.floor(y / size)
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for j in grid.get((gx, gy), ()):
                    px, py = points[j]
                    if math.hypot(px - x, py - y) <= tol:
                        found.append((i, j))
        grid[(cx, cy)].append(i)
    found.sort()
    return found


def point_segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from ``(px, py)`` to the segment from ``(ax, ay)`` to ``(bx, by)``."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / length2
    if t <= 0.0:
        return math.hypot(px - ax, py - ay)
    if t >= 1.0:
        return math.hypot(px - bx, py - by)
    return abs(dx * (py - ay) - dy * (px - ax)) / math.sqrt(length2)


class SegmentGrid:
    """Segments bucketed in a uniform grid, for "which segments come within ``tol`` of this
    point" and "which pairs of segments may meet" without testing every pair."""

    def __init__(self, segments: list[tuple[float, float, float, float]], tol: float) -> None:
        self.segments = segments
        self.tol = tol
        self.size = _cell([math.hypot(bx - ax, by - ay) for ax, ay, bx, by in segments])
        self.cells: dict[tuple[int, int], list[int]] = defaultdict(list)
        size, pad = self.size, tol
        for n, (ax, ay, bx, by) in enumerate(segments):
            for gx in range(math.floor((min(ax, bx) - pad) / size), math.floor((max(ax, bx) + pad) / size) + 1):
                for gy in range(math.floor((min(ay, by) - pad) / size), math.floor((max(ay, by) + pad) / size) + 1):
                    self.cells[(gx, gy)].append(n)

    def near(self, x: float, y: float) -> list[int]:
        """Indices of the segments within ``tol`` of ``(x, y)``, ascending."""
        size, tol = self.size, self.tol
        found = set()
        for gx in range(math.floor((x - tol) / size), math.floor((x + tol) / size) + 1):
            for gy in range(math.floor((y - tol) / size), math.floor((y + tol) / size) + 1):
                for n in self.cells.get((gx, gy), ()):
                    if n not in found and point_segment_distance(x, y, *self.segments[n]) <= tol:
                        found.add(n)
        return sorted(found)

    def candidate_pairs(self) -> list[tuple[int, int]]:
        """Pairs ``(m, n)``, ``m < n``, of segments sharing a grid cell, sorted."""
        pairs = set()
        for members in self.cells.values():
            for k, m in enumerate(members):
                for n in members[k + 1:]:
                    pairs.add((m, n) if m < n else (n, m))
        return sorted(pairs)


def orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segment_meetings(points: list[tuple[float, float]], ends: list[tuple[int, int]], tol: float,
                     probes: list[int] | None = None) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where lines meet away from their ends.

    ``ends[n]`` are the point indices of line ``n``. Returns ``(through, crossing)``:
    ``through`` pairs ``(point, line)`` of a point within ``tol`` of a line it does not end
    (``probes``: the points to try, default all), sorted by line then point; ``crossing`` pairs
    ``(m, n)``, ``m < n``, of lines sharing no end that cross properly, with no end of either
    within ``tol`` of the other (those meetings are in ``through``), sorted."""
    segments = [(*points[a], *points[b]) for a, b in ends]
    grid = SegmentGrid(segments, tol)
    through = []
    for p in (range(len(points)) if probes is None else probes):
        x, y = points[p]
        for n in grid.near(x, y):
            if p not in ends[n]:
                through.append((p, n))
    through.sort(key=lambda pair: (pair[1], pair[0]))
    crossing = []
    for m, n in grid.candidate_pairs():
        (a, b), (c, d) = ends[m], ends[n]
        if a == c or a == d or b == c or b == d:
            continue
        ax, ay, bx, by = segments[m]
        cx, cy, dx, dy = segments[n]
        if (max(ax, bx) < min(cx, dx) or max(cx, dx) < min(ax, bx)
                or max(ay, by) < min(cy, dy) or max(cy, dy) < min(ay, by)):
            continue
        if (point_segment_distance(cx, cy, ax, ay, bx, by) <= tol or point_segment_distance(dx, dy, ax, ay, bx, by) <= tol
                or point_segment_distance(ax, ay, cx, cy, dx, dy) <= tol
                or point_segment_distance(bx, by, cx, cy, dx, dy) <= tol):
            continue
        o1, o2 = orient(ax, ay, bx, by, cx, cy), orient(ax, ay, bx, by, dx, dy)
        o3, o4 = orient(cx, cy, dx, dy, ax, ay), orient(cx, cy, dx, dy, bx, by)
        if ((o1 > 0 > o2) or (o2 > 0 > o1)) and ((o3 > 0 > o4) or (o4 > 0 > o3)):
            crossing.append((m, n))
    return through, crossing


def crossing_point(segment_a, segment_b) -> tuple[float, float]:
    """Where two properly crossing segments ``(ax, ay, bx, by)`` meet."""
    ax, ay, bx, by = segment_a
    cx, cy, dx, dy = segment_b
    rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
    t = ((cx - ax) * sy - (cy - ay) * sx) / (rx * sy - ry * sx)
    return (ax + t * rx, ay + t * ry)


def ring_centroid(ring: list[tuple[float, float]]) -> tuple[float, float, float]:
    """``(x, y, doubled area)`` of a simple polygon ring (first point not repeated), summed as
    triangles from its first point as GEOS does, so the figures agree to the last bit."""
    x0, y0 = ring[0]
    cx = cy = area2 = 0.0
    clockwise = signed_area2(ring) < 0
    sign = 1.0 if clockwise else -1.0
    for i in range(len(ring) - 1):
        (x1, y1), (x2, y2) = ring[i], ring[i + 1]
        a2 = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
        cx += sign * a2 * (x0 + x1 + x2)
        cy += sign * a2 * (y0 + y1 + y2)
        area2 += sign * a2
    if area2 == 0.0:
        return (x0, y0, 0.0)
    return (cx / 3 / area2, cy / 3 / area2, area2)


def signed_area2(ring: list[tuple[float, float]]) -> float:
    """Twice the signed area of a ring (first point not repeated): positive when
    counter-clockwise (y up)."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total


def clean_face_rings(points: list[tuple[float, float]], ends: list[tuple[int, int]]) -> list[list[int]] | None:
    """The faces of a clean planar graph as rings of point indices, as shapely's polygonize
    gives their outer rings: clockwise, each starting where the first of its directed edges
    (line ``n`` forwards, then backwards, in line order) starts, in that order.

    Clean means: distinct points, lines that meet only at shared ends and are not repeated,
    and, once dangling lines are pruned, one connected part without cut lines, whose faces
    each have a simple ring (so no face has a hole). Returns None for any other graph: the
    caller uses shapely."""
    pairs = set()
    for a, b in ends:
        key = (a, b) if a < b else (b, a)
        if a == b or key in pairs:
            return None
        pairs.add(key)
    out: dict[int, set[int]] = defaultdict(set)
    for a, b in ends:
        out[a].add(b)
        out[b].add(a)
    # prune dangling lines, as polygonize does
    alive = set(pairs)
    stack = [v for v, nb in out.items() if len(nb) == 1]
    while stack:
        v = stack.pop()
        if len(out[v]) != 1:
            continue
        (w,) = out[v]
        out[v].clear()
        out[w].discard(v)
        alive.discard((v, w) if v < w else (w, v))
        if len(out[w]) == 1:
            stack.append(w)
    if not alive:
        return []
    # one connected part
    parent = {v: v for v, nb in out.items() if nb}

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in alive:
        parent[find(a)] = find(b)
    if len({find(v) for v in parent}) != 1:
        return None
    # at each point, its neighbours by angle (counter-clockwise)
    turn: dict[tuple[int, int], int] = {}
    for v, nb in out.items():
        if not nb:
            continue
        x, y = points[v]
        around = sorted(nb, key=lambda w: math.atan2(points[w][1] - y, points[w][0] - x))
        count = len(around)
        for k, w in enumerate(around):
            # arriving at v from w, the face on the right goes on to the next neighbour
            # counter-clockwise from w
            turn[(w, v)] = around[(k + 1) % count]
    seen: set[tuple[int, int]] = set()
    rings = []
    for a, b in ends:
        for u, v in ((a, b), (b, a)):
            if (u, v) in seen or (u, v) not in turn:
                continue
            ring = [u]
            here = (u, v)
            while here not in seen:
                seen.add(here)
                prev, at = here
                ring.append(at)
                here = (at, turn[here])
            if here != (u, v):
                return None
            ring.pop()  # the start again
            coords = [points[p] for p in ring]
            if signed_area2(coords) >= 0:
                continue  # the outside of the part
            if len(set(ring)) != len(ring):
                return None  # a pinched face or a cut line: shapely splits those rings
            rings.append(ring)
    return rings
