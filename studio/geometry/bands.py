"""Band shapes and the dual graph of a Rule the Realm board, computed once per board.

Geometry, not rules: the rules engine and the validator's fairness lint both use it.

* faces of the line graph (segments and holes) and, for every line, the faces on its two sides
  (the outside of the board is face :data:`OUTSIDE`);
* every band shape the board allows: lines (2 pegs), triangles (3 pegs) and quadrilaterals
  (4 pegs) whose every side is a board line (RTR-P1), with the faces each one explores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from studio.geometry.faces import line_graph_faces
from studio.model.realm import Board, BoardError, SegmentKey, line_key

OUTSIDE = -1
CLOSED_KINDS = ("triangle", "quad")


def canonical_band(pegs, closed: bool) -> tuple[str, ...]:
    """One spelling per band: a polygon ring (``closed``) starts at its smallest peg and goes
    toward the smaller neighbour; an open path starts at its smaller end."""
    pegs = tuple(pegs)
    if len(pegs) <= 1:
        return pegs
    if not closed:
        return pegs if pegs[0] <= pegs[-1] else pegs[::-1]
    i = pegs.index(min(pegs))
    ring = pegs[i:] + pegs[:i]
    if len(ring) > 2 and ring[-1] < ring[1]:
        ring = (ring[0],) + tuple(reversed(ring[1:]))
    return ring


@dataclass(frozen=True)
class BandShape:
    """A way to stretch one band: ``kind`` (line/triangle/quad), ``pegs`` (canonical order),
    ``sides`` (line keys the band runs along) and ``interior`` (face indices it explores)."""

    index: int
    kind: str
    pegs: tuple[str, ...]
    sides: tuple[tuple[str, str], ...]
    interior: tuple[int, ...]


class Topology:
    """Faces, dual graph and band shapes of a board. Raises :class:`BoardError` if the board has
    no faces or a line names an unknown peg."""

    def __init__(self, board: Board, kinds=("line", "triangle", "quad")):
        self.board = board
        xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
        for a, b in board.lines:
            if a not in xy or b not in xy:
                raise BoardError(f"line {a}-{b} names a peg that does not exist")
        self.lines: set[tuple[str, str]] = {line_key(a, b) for a, b in board.lines if a != b}
        self.neighbours: dict[str, set[str]] = {p: set() for p in board.pegs}
        for a, b in self.lines:
            self.neighbours[a].add(b)
            self.neighbours[b].add(a)
        faces = line_graph_faces(xy, board.lines)
        if not faces:
            raise BoardError("the board's lines enclose no segment")
        self.faces = faces
        self.face_keys = [f.key for f in faces]
        content = board.segment_map()
        self.treasure = [0] * len(faces)
        self.energy = [0] * len(faces)
        self.is_segment = [f.is_triangle for f in faces]
        self.segment_of_face: list = [None] * len(faces)
        for i, f in enumerate(faces):
            seg = content.get(cast(SegmentKey, f.key)) if f.is_triangle else None
            if seg is not None:
                self.treasure[i] = seg.treasure
                self.energy[i] = seg.energy
                self.segment_of_face[i] = seg
        self.face_index = {k: i for i, k in enumerate(self.face_keys)}
        # faces on each side of each line; a line with one face borders the outside
        sides: dict[tuple[str, str], list[int]] = {}
        for i, f in enumerate(faces):
            for a, b in f.sides:
                sides.setdefault(line_key(a, b), []).append(i)
        self.line_faces: dict[tuple[str, str], tuple[int, int]] = {}
        for key, fs in sides.items():
            self.line_faces[key] = (fs[0], fs[1] if len(fs) > 1 else OUTSIDE)
        # dual graph: face -> [(line, neighbouring face)]
        self.face_links: list[list[tuple[tuple[str, str], int]]] = [[] for _ in faces]
        for key, (near, far) in self.line_faces.items():
            self.face_links[near].append((key, far))
            if far != OUTSIDE:
                self.face_links[far].append((key, near))
        self.shapes: list[BandShape] = []
        self.shape_by_key: dict[tuple[str, tuple[str, ...]], BandShape] = {}
        self.shapes_at: dict[str, list[BandShape]] = {p: [] for p in board.pegs}
        self._points_tree: Any = None  # made when a band needs it (shapely, slow to import)
        self._build_shapes(xy, set(kinds))

    # -- band shapes ------------------------------------------------------------------------
    def shape(self, pegs, kind: str = "") -> BandShape | None:
        """The band shape on ``pegs`` (any order) of ``kind``; without a kind, 2/3/4 pegs mean
        line/triangle/quad. None if the board has no such band."""
        if not kind:
            kind = {2: "line", 3: "triangle", 4: "quad"}.get(len(pegs), "")
        return self.shape_by_key.get((kind, canonical_band(pegs, kind in CLOSED_KINDS)))

    def _add(self, kind: str, pegs: tuple[str, ...], interior: tuple[int, ...]) -> None:
        closed = kind in CLOSED_KINDS
        pegs = canonical_band(pegs, closed)
        if (kind, pegs) in self.shape_by_key:
            return
        n = len(pegs)
        if closed:
            sides = tuple(line_key(pegs[i], pegs[(i + 1) % n]) for i in range(n))
        else:
            sides = tuple(line_key(pegs[i], pegs[i + 1]) for i in range(n - 1))
        shape = BandShape(len(self.shapes), kind, pegs, sides, interior)
        self.shapes.append(shape)
        self.shape_by_key[(kind, pegs)] = shape
        for p in pegs:
            self.shapes_at[p].append(shape)

    def _interior(self, xy, ring) -> tuple[int, ...] | None:
        fast = self._interior_by_keys(ring)
        if fast is not None:
            return fast
        from shapely.geometry import Polygon
        from shapely.prepared import prep
        from shapely.strtree import STRtree

        poly = Polygon([xy[p] for p in ring])
        if not poly.is_valid or poly.area < 1e-9:
            return None
        if self._points_tree is None:
            self._points = [f.polygon.representative_point() for f in self.faces]
            self._points_tree = STRtree(self._points)
        inside = prep(poly.buffer(-1e-7))
        candidates = self._points_tree.query(poly)
        found = tuple(sorted(int(i) for i in candidates if inside.contains(self._points[int(i)])))
        return found or None

    def _interior_by_keys(self, ring) -> tuple[int, ...] | None:
        """Faces of a triangle that is itself a face, or of a quadrilateral that one of its
        diagonals cuts into two faces (the usual case on a triangulated board); else None."""
        index = self.face_index
        if len(ring) == 3:
            f = index.get(tuple(sorted(ring)))
            return (f,) if f is not None else None
        if len(ring) == 4:
            a, b, c, d = ring
            for one, two in (((a, b, c), (a, c, d)), ((b, c, d), (b, d, a))):
                f, g = index.get(tuple(sorted(one))), index.get(tuple(sorted(two)))
                if f is not None and g is not None:
                    return tuple(sorted((f, g)))
        return None

    def _build_shapes(self, xy, kinds: set[str]) -> None:
        if "line" in kinds:
            for a, b in sorted(self.lines):
                self._add("line", (a, b), ())
        nb = self.neighbours
        if "triangle" in kinds:
            for a, b in sorted(self.lines):
                for c in sorted(nb[a] & nb[b]):
                    if c > b:
                        interior = self._interior(xy, (a, b, c))
                        if interior is not None:
                            self._add("triangle", (a, b, c), interior)
        if "long-barrier" in kinds:  # three pegs along two lines, straight or bent (L5-2)
            for b in sorted(nb):
                for a in sorted(nb[b]):
                    for c in sorted(nb[b]):
                        if a < c:
                            self._add("long-barrier", (a, b, c), ())
        if "quad" in kinds:
            seen = set()
            for a in sorted(nb):  # sorted everywhere: shape order must not depend on hashing
                for b in sorted(nb[a]):
                    for c in sorted(nb[b]):
                        if c == a:
                            continue
                        for d in sorted(nb[c] & nb[a]):
                            if d in (a, b):
                                continue
                            ring = canonical_band((a, b, c, d), True)
                            if ring in seen:
                                continue
                            seen.add(ring)
                            interior = self._interior(xy, ring)
                            if interior is not None:
                                self._add("quad", ring, interior)
