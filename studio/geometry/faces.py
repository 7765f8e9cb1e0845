"""Faces of a board's line graph, found with shapely.

A face is a bounded region of the plane cut out by the lines; on a well-formed board every face
is a triangle whose corners are pegs (a *segment*), except deliberate holes such as a crater.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

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
    Returns faces sorted by centroid (y, then x).

    Shapely's array functions build, node and polygonize every line at once (a 5,000-peg
    board has 15,000 lines), so only the corner bookkeeping is a Python loop."""
    by_coord = {_coord_key(*xy): pid for pid, xy in pegs.items()}
    ends = [(pegs[a], pegs[b]) for a, b in lines
            if a in pegs and b in pegs and a != b and pegs[a] != pegs[b]]
    if not ends:
        return []
    noded = shapely.union_all(shapely.linestrings(np.asarray(ends, dtype=float)))
    polys = shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
    if not len(polys):
        return []
    coords, owner = shapely.get_coordinates(shapely.get_exterior_ring(polys), return_index=True)
    starts = np.searchsorted(owner, np.arange(len(polys) + 1))
    keys = [tuple(xy) for xy in np.round(coords, _ROUND).tolist()]
    coords = coords.tolist()
    order = np.round(shapely.get_coordinates(shapely.centroid(polys))[:, ::-1], 6).tolist()  # (y, x)
    faces: list[tuple[list, Face]] = []
    for k, poly in enumerate(polys):
        lo, hi = starts[k], starts[k + 1] - 1  # the ring repeats its first point
        ring = coords[lo:hi]
        corners = []
        for (x, y), key in zip(ring, keys[lo:hi]):
            pid = by_coord.get(key)
            corners.append(pid if pid is not None else f"@{x:.3f},{y:.3f}")
        n = len(ring)
        if n == 3:
            keep = corners  # a polygon's three vertices are never collinear
        else:
            # drop collinear boundary vertices (pegs lying on a straight side) from the corners
            keep = []
            for i in range(n):
                (x0, y0), (x1, y1), (x2, y2) = ring[i - 1], ring[i], ring[(i + 1) % n]
                cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
                if abs(cross) > 1e-9:
                    keep.append(corners[i])
        sides = tuple((corners[i], corners[(i + 1) % n]) for i in range(n))
        faces.append((order[k], Face(tuple(keep), poly, sides)))
    faces.sort(key=lambda item: item[0])
    return [face for _key, face in faces]
