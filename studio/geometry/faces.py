"""Faces of a board's line graph.

A face is a bounded region of the plane cut out by the lines; on a well-formed board every face
is a triangle whose corners are pegs (a *segment*), except deliberate holes such as a crater.

A clean graph (lines meeting only at their end pegs, one part, no face with a hole: every
well-formed board) is walked in plain Python (:mod:`studio.geometry.planar`); any other graph,
and boards of thousands of lines, go through shapely's noding and polygonize, imported only
then. Both give the same faces, rings and order (``tests/test_planar.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from studio.geometry import planar

if TYPE_CHECKING:
    from shapely.geometry import Polygon

_ROUND = 6


@dataclass(frozen=True)
class Face:
    """A face: its corner pegs in ring order (``pegs``; only pegs at polygon vertices), the
    lines around it (``sides``: corner pairs in ring order), its outer ring (``ring``:
    ``(x, y)`` points, clockwise, the first not repeated) and its holes (rings, when the face
    has any); ``polygon`` is the shapely polygon, made when first asked for."""

    pegs: tuple[str, ...]
    sides: tuple[tuple[str, str], ...]
    ring: tuple[tuple[float, float], ...] = field(compare=False)
    holes: tuple[tuple[tuple[float, float], ...], ...] = field(default=(), compare=False)

    @cached_property
    def polygon(self) -> "Polygon":
        from shapely.geometry import Polygon

        return Polygon(self.ring, self.holes)

    @property
    def key(self) -> tuple[str, ...]:
        return tuple(sorted(self.pegs))

    @property
    def is_triangle(self) -> bool:
        return len(self.pegs) == 3


def _coord_key(x: float, y: float) -> tuple[float, float]:
    return (round(x, _ROUND), round(y, _ROUND))


def line_graph_faces(pegs: dict[str, tuple[float, float]], lines, method: str = "auto") -> list[Face]:
    """Faces of the planar graph (pegs, lines). ``pegs`` maps id -> (x, y); ``lines`` are id
    pairs naming known pegs (others are skipped). Lines are noded first, so crossings make
    extra vertices that belong to no peg (such faces then have a corner ``"@x,y"``).
    Returns faces sorted by centroid (y, then x).

    ``method``: ``"auto"`` (plain Python for a clean graph, else shapely), ``"shapely"``
    (always; the reference the plain path is tested against). Raises ``ValueError`` for
    another method."""
    if method not in ("auto", "shapely"):
        raise ValueError(f"line_graph_faces: method must be 'auto' or 'shapely', not {method!r}")
    by_coord = {_coord_key(*xy): pid for pid, xy in pegs.items()}
    ends = [(pegs[a], pegs[b]) for a, b in lines
            if a in pegs and b in pegs and a != b and pegs[a] != pegs[b]]
    if not ends:
        return []
    if method == "auto" and len(ends) <= planar.MAX_LINES and len(by_coord) == len(pegs):
        faces = _clean_faces(pegs, lines, by_coord)
        if faces is not None:
            return faces
    return _shapely_faces(ends, by_coord)


def _clean_faces(pegs, lines, by_coord) -> list[Face] | None:
    ids = list(pegs)
    index = {pid: n for n, pid in enumerate(ids)}
    points = [(float(x), float(y)) for x, y in pegs.values()]
    ends = [(index[a], index[b]) for a, b in lines
            if a in pegs and b in pegs and a != b and pegs[a] != pegs[b]]
    used = sorted({p for pair in ends for p in pair})
    through, crossing = planar.segment_meetings(points, ends, 1e-9, probes=used)
    if through or crossing:
        return None
    rings = planar.clean_face_rings(points, ends)
    if rings is None:
        return None
    faces = []
    for ring in rings:
        coords = [points[p] for p in ring]
        corners = [ids[p] for p in ring]
        x, y, _ = planar.ring_centroid(coords + [coords[0]])
        faces.append(((round(y, 6), round(x, 6)), _face(corners, coords)))
    faces.sort(key=lambda item: item[0])
    return [face for _key, face in faces]


def _face(corners: list[str], ring: list, holes=()) -> Face:
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
    return Face(tuple(keep), sides, tuple(map(tuple, ring)), holes)


def _shapely_faces(ends, by_coord) -> list[Face]:
    """The reference path: shapely's array functions build, node and polygonize every line at
    once (a 5,000-peg board has 15,000 lines), so only the corner bookkeeping is a loop."""
    import numpy as np
    import shapely

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
        holes = tuple(tuple(map(tuple, hole.coords[:-1])) for hole in poly.interiors)
        face = _face(corners, ring, holes)
        face.__dict__["polygon"] = poly  # made already
        faces.append((order[k], face))
    faces.sort(key=lambda item: item[0])
    return [face for _key, face in faces]
