"""Faces of a board's line graph, found with shapely.

A face is a bounded region of the plane cut out by the lines; on a well-formed board every face
is a triangle whose corners are pegs (a *segment*), except deliberate holes such as a crater.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.ops import polygonize, unary_union

_ROUND = 6


@dataclass(frozen=True)
class Face:
    """A face: its corner pegs in ring order (``pegs``; only pegs at polygon vertices), every
    peg on its boundary (``boundary``), its polygon, and the lines around it."""

    pegs: tuple[str, ...]
    polygon: Polygon
    sides: tuple[tuple[str, str], ...]

    @property
    def key(self) -> tuple[str, ...]:
        return tuple(sorted(self.pegs))

    @property
    def is_triangle(self) -> bool:
        return len(self.pegs) == 3


def _coord_key(x: float, y: float) -> tuple[float, float]:
    return (round(x, _ROUND), round(y, _ROUND))


def line_graph_faces(pegs: dict[str, tuple[float, float]], lines) -> list[Face]:
    """Faces of the planar graph (pegs, lines). ``pegs`` maps id -> (x, y); ``lines`` are id
    pairs naming known pegs (others are skipped). Lines are noded first, so crossings make
    extra vertices that belong to no peg (such faces then have a corner not in ``pegs``).
    Returns faces sorted by centroid (y, then x)."""
    by_coord = {_coord_key(*xy): pid for pid, xy in pegs.items()}
    segs = []
    for a, b in lines:
        if a in pegs and b in pegs and a != b and pegs[a] != pegs[b]:
            segs.append(LineString([pegs[a], pegs[b]]))
    if not segs:
        return []
    noded = unary_union(segs)
    faces: list[Face] = []
    for poly in polygonize(noded):
        ring = list(poly.exterior.coords)[:-1]
        corners = []
        for x, y in ring:
            pid = by_coord.get(_coord_key(x, y))
            corners.append(pid if pid is not None else f"@{x:.3f},{y:.3f}")
        # drop collinear boundary vertices (pegs lying on a straight side) from the corner list
        keep = []
        n = len(ring)
        for i in range(n):
            (x0, y0), (x1, y1), (x2, y2) = ring[i - 1], ring[i], ring[(i + 1) % n]
            cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
            if abs(cross) > 1e-9:
                keep.append(corners[i])
        sides = tuple((corners[i], corners[(i + 1) % n]) for i in range(n))
        faces.append(Face(tuple(keep), poly, sides))
    faces.sort(key=lambda f: (round(f.polygon.centroid.y, 6), round(f.polygon.centroid.x, 6)))
    return faces
