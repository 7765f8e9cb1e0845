"""Geometry layer: is a Rule the Realm board a sound planar drawing?

Checks (codes in ``docs/findings.md``): every peg a line, segment, seat, line item, bridge, island
or crater names exists; no two pegs at one spot; no zero-length or repeated lines; lines meet only
at pegs (no crossing, no overlap, no line through a peg that is not its end); listed segments are
non-degenerate triangles whose three sides are lines and which are faces of the line graph;
faces that are not triangles are flagged. Lines are tested pairwise through a shapely
:class:`~shapely.STRtree`, so the cost grows with the number of lines, not its square.

The layer assumes the board passed the schema layer (ids are strings, positions are numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import Polygon

from studio.geometry.faces import Face, line_graph_faces
from studio.model.realm import Board, line_key, segment_key
from studio.validate.report import Reporter, quote_pegs

TOLERANCE = 1e-4
"""Board units. Pegs closer than this share a spot; a line closer than this to a peg runs
through it. Peg spacing is 1, and files round positions to 6 decimals."""

LineKey = tuple[str, str]


@dataclass
class BoardGeometry:
    """What the geometry layer learnt about a board; the rules lint reuses it.

    ``positions``: defined peg id -> (x, y). ``spot``: peg id -> id of the first peg (file
    order) at the same spot, itself when alone; geometry uses spot ids only. ``lines``: file
    index -> (a, b) as written, for the sound lines (known, distinct pegs, not repeated).
    ``line_index``: ``line_key`` of spot ids -> file index. ``faces``: faces of the sound lines
    (corner ids are spot ids). ``triangles``: ``segment_key`` -> face, for the faces bounded by
    exactly three distinct pegs. ``pegs``: the spot pegs (file order) in an STRtree."""

    positions: dict[str, tuple[float, float]] = field(default_factory=dict)
    spot: dict[str, str] = field(default_factory=dict)
    lines: dict[int, tuple[str, str]] = field(default_factory=dict)
    line_index: dict[LineKey, int] = field(default_factory=dict)
    faces: list[Face] = field(default_factory=list)
    triangles: dict[tuple[str, ...], Face] = field(default_factory=dict)
    pegs: "PegTree | None" = None

    def spot_key(self, a: str, b: str) -> LineKey:
        return line_key(self.spot[a], self.spot[b])

    def has_line(self, a: str, b: str) -> bool:
        return a in self.spot and b in self.spot and self.spot_key(a, b) in self.line_index

    def pegs_inside(self, pegs) -> list[str]:
        """Spot ids of the pegs strictly inside the polygon with corners ``pegs``."""
        polygon = Polygon([self.positions[self.spot[p]] for p in pegs])
        return self.pegs.inside(polygon) if self.pegs else []

    def is_face(self, pegs) -> bool:
        """Whether the triangle ``pegs`` is a face of the line graph: polygonize found it (no
        line cuts it) and no peg lies inside (polygonize overlooks a peg on a dangling line)."""
        key = segment_key(self.spot[p] for p in pegs)
        return key in self.triangles and not self.pegs_inside(pegs)


class PegTree:
    """Pegs as shapely points in an STRtree: ``ids[n]`` is at ``points[n]``."""

    def __init__(self, ids: list[str], positions: dict[str, tuple[float, float]]) -> None:
        self.ids = ids
        self.index = {pid: n for n, pid in enumerate(ids)}
        self.xy = np.array([positions[pid] for pid in ids], dtype=float).reshape(-1, 2)
        self.points = shapely.points(self.xy)
        self.tree = STRtree(self.points)

    def near(self, geometry, distance: float = TOLERANCE) -> list[str]:
        """Ids of the pegs within ``distance`` of ``geometry``, in file order."""
        found = self.tree.query(geometry, predicate="dwithin", distance=distance)
        return [self.ids[n] for n in sorted(np.atleast_1d(found).tolist())]

    def inside(self, polygon: Polygon) -> list[str]:
        """Ids of the pegs strictly inside ``polygon``, in file order."""
        found = self.tree.query(polygon, predicate="contains_properly")
        return [self.ids[n] for n in sorted(np.atleast_1d(found).tolist())]


def check_geometry(board: Board, report: Reporter) -> BoardGeometry:
    """Run every geometry check on ``board``, adding findings to ``report``; returns the
    :class:`BoardGeometry` the rules lint builds on."""
    geo = BoardGeometry()
    _check_pegs(board, geo, report)
    geo.pegs = PegTree(list(dict.fromkeys(geo.spot.values())), geo.positions)
    _check_lines(board, geo, report)
    _check_meetings(board, geo, report)
    geo.faces = line_graph_faces({pid: geo.positions[pid] for pid in geo.pegs.ids},
                                 [_spot_pair(geo, i) for i in sorted(geo.lines)])
    geo.triangles = {face.key: face for face in geo.faces if len(face.sides) == 3 and _is_clean(face)}
    _check_faces(board, geo, report)
    _check_segments(board, geo, report)
    _check_references(board, geo, report)
    return geo


# --- pegs and lines ----------------------------------------------------------------------------

def _check_pegs(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    ids = list(board.pegs)
    geo.positions = {pid: (float(p.x), float(p.y)) for pid, p in board.pegs.items()}
    geo.spot = {pid: pid for pid in ids}
    if len(ids) < 2:
        return
    points = shapely.points(np.array([geo.positions[pid] for pid in ids]))
    near, other = STRtree(points).query(points, predicate="dwithin", distance=TOLERANCE)
    first_at: dict[int, int] = {}
    for i, j in zip(near.tolist(), other.tolist()):
        if j < i:
            first_at[i] = min(first_at.get(i, i), j)
    for i in sorted(first_at):
        pid, first = ids[i], geo.spot[ids[first_at[i]]]
        geo.spot[pid] = first
        x, y = geo.positions[pid]
        report.add("geometry/peg-overlap",
                   f"peg {pid} is at the same spot as peg {first} ({x:g}, {y:g}); move one of them",
                   at=("pegs", pid), element=("peg", pid), key=True)


def _check_lines(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    for i, (a, b) in enumerate(board.lines):
        element = ("line", a, b)
        unknown = [j for j, pid in enumerate((a, b)) if pid not in geo.positions]
        for j in unknown:
            report.add("geometry/unknown-peg",
                       f"line {quote_pegs((a, b))} names peg {(a, b)[j]}, which is not defined under pegs",
                       at=("lines", i, j), element=element)
        if unknown:
            continue
        if geo.spot[a] == geo.spot[b]:
            report.add("geometry/zero-length-line",
                       f"line {quote_pegs((a, b))} has zero length: both ends are at one spot",
                       at=("lines", i), element=element)
            continue
        key = geo.spot_key(a, b)
        if key in geo.line_index:
            first = geo.line_index[key]
            report.add("geometry/duplicate-line",
                       f"line {quote_pegs((a, b))} repeats line {quote_pegs(board.lines[first])}"
                       f"{_line_note(report, ('lines', first))}; remove one",
                       at=("lines", i), element=element)
            continue
        geo.line_index[key] = i
        geo.lines[i] = (a, b)


def _spot_pair(geo: BoardGeometry, index: int) -> tuple[str, str]:
    a, b = geo.lines[index]
    return (geo.spot[a], geo.spot[b])


def _check_meetings(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Lines meet only at shared end pegs: report lines running through a peg that is not
    their end (this also covers overlapping lines) and lines crossing away from any peg."""
    indices = sorted(geo.lines)
    if not indices:
        return
    pegs = geo.pegs
    ends = np.array([[pegs.index[p] for p in _spot_pair(geo, i)] for i in indices], dtype=np.int64)
    lines = shapely.linestrings(pegs.xy[ends])
    points = pegs.points
    tree = STRtree(lines)

    on_peg, on_line = tree.query(points, predicate="dwithin", distance=TOLERANCE)
    through = (ends[on_line, 0] != on_peg) & (ends[on_line, 1] != on_peg)
    for peg_n, line_n in sorted(zip(on_peg[through].tolist(), on_line[through].tolist()),
                                key=lambda pair: (indices[pair[1]], pair[0])):
        i = indices[line_n]
        a, b = board.lines[i]
        c = pegs.ids[peg_n]
        report.add("geometry/line-through-peg",
                   f"line {quote_pegs((a, b))} runs through peg {c}, which is not one of its ends; "
                   f"lines meet only at pegs (split it into {quote_pegs((a, c))} and {quote_pegs((c, b))})",
                   at=("lines", i), element=("line", a, b))

    first, second = tree.query(lines, predicate="intersects")
    keep = first < second
    first, second = first[keep], second[keep]
    e1, e2 = ends[first], ends[second]
    share_end = ((e1[:, 0] == e2[:, 0]) | (e1[:, 0] == e2[:, 1]) |
                 (e1[:, 1] == e2[:, 0]) | (e1[:, 1] == e2[:, 1]))
    first, second, e1, e2 = first[~share_end], second[~share_end], e1[~share_end], e2[~share_end]
    # an end peg lying on the other line was reported above as a line through a peg
    touches = np.zeros(len(first), dtype=bool)
    for lines_a, ends_b in ((lines[first], e2), (lines[second], e1)):
        for k in (0, 1):
            touches |= shapely.distance(points[ends_b[:, k]], lines_a) <= TOLERANCE
    for m, n in zip(first[~touches].tolist(), second[~touches].tolist()):
        i, j = indices[m], indices[n]
        where = shapely.intersection(lines[m], lines[n]).representative_point()
        report.add("geometry/lines-cross",
                   f"line {quote_pegs(board.lines[j])} crosses line {quote_pegs(board.lines[i])}"
                   f"{_line_note(report, ('lines', i))} at ({where.x:.3g}, {where.y:.3g}), away from any peg; "
                   "lines may meet only at pegs",
                   at=("lines", j), element=("line", *board.lines[j]))


# --- faces and segments ------------------------------------------------------------------------

def _is_clean(face: Face) -> bool:
    """Every corner is a distinct peg. line_graph_faces names a corner that is no peg "@x,y"
    (crossing lines), and a line through a peg can leave a sliver with the peg twice; those
    faces are artefacts of findings already reported."""
    ring = [corner for corner, _ in face.sides]
    return len(set(ring)) == len(ring) and not any(corner.startswith("@") for corner in ring)


def _check_faces(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Faces bounded by more than three pegs: a warning, or info for the crater (a legal hole)."""
    crater = {geo.spot[p] for p in board.crater if p in geo.spot}
    for face in geo.faces:
        if len(face.sides) == 3 or not _is_clean(face):
            continue
        ring = [corner for corner, _ in face.sides]
        is_crater = bool(crater) and set(ring) <= crater
        side = next((geo.line_index[line_key(a, b)] for a, b in face.sides
                     if line_key(a, b) in geo.line_index), ())
        at = ("lines", side) if side != () else ("lines",)
        if is_crater:
            message = f"the crater {quote_pegs(ring)} is a hole of {len(ring)} pegs in the board"
        else:
            message = (f"the face bounded by {quote_pegs(ring)} has {len(ring)} corners, not 3; "
                       "add lines to cut it into segments, unless it is a deliberate hole")
        report.add("geometry/non-triangular-face", message, at=at, element=("face", *ring),
                   severity="info" if is_crater else "warning")


def _check_segments(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    first_listed: dict[tuple[str, ...], int] = {}
    for i, segment in enumerate(board.segments):
        pegs = tuple(segment.pegs)
        element = ("segment", *segment_key(pegs))
        shown = quote_pegs(pegs)
        unknown = [j for j, pid in enumerate(pegs) if pid not in geo.positions]
        for j in unknown:
            report.add("geometry/unknown-peg",
                       f"segment {shown} names peg {pegs[j]}, which is not defined under pegs",
                       at=("segments", i, "pegs", j), element=element)
        if unknown:
            continue
        key = segment_key(geo.spot[p] for p in pegs)
        if key in first_listed:
            report.add("geometry/duplicate-segment",
                       f"segment {shown} repeats segment {quote_pegs(board.segments[first_listed[key]].pegs)}"
                       f"{_line_note(report, ('segments', first_listed[key]))}; merge the two entries",
                       at=("segments", i), element=element)
            continue
        first_listed[key] = i
        if _is_degenerate(geo, pegs):
            report.add("geometry/degenerate-segment",
                       f"segment {shown} has no area: its pegs are in a straight line or at one spot",
                       at=("segments", i, "pegs"), element=element)
            continue
        missing = [(a, b) for a, b in ((pegs[0], pegs[1]), (pegs[1], pegs[2]), (pegs[0], pegs[2]))
                   if not geo.has_line(a, b)]
        if missing:
            sides = ", ".join(quote_pegs(side) for side in missing)
            report.add("geometry/segment-side-missing",
                       f"segment {shown}: side{'s' if len(missing) > 1 else ''} {sides} "
                       f"{'are' if len(missing) > 1 else 'is'} not a line; every side of a segment is a line",
                       at=("segments", i, "pegs"), element=element)
            continue
        if not geo.is_face(pegs):
            report.add("geometry/not-a-face",
                       f"segment {shown} is not a face of the line graph: {_what_is_inside(geo, pegs)}",
                       at=("segments", i, "pegs"), element=element)


def _is_degenerate(geo: BoardGeometry, pegs) -> bool:
    (ax, ay), (bx, by), (cx, cy) = (geo.positions[geo.spot[p]] for p in pegs)
    twice_area = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax))
    longest = max(np.hypot(bx - ax, by - ay), np.hypot(cx - bx, cy - by), np.hypot(ax - cx, ay - cy))
    return longest <= TOLERANCE or twice_area / longest <= TOLERANCE  # height over the longest side


def _what_is_inside(geo: BoardGeometry, pegs) -> str:
    triangle = Polygon([geo.positions[geo.spot[p]] for p in pegs])
    inside = geo.pegs_inside(pegs)
    if len(inside) == 1:
        return f"peg {inside[0]} lies inside it"
    if inside:
        return f"pegs {', '.join(inside[:3])}{' and more' if len(inside) > 3 else ''} lie inside it"
    corners = {geo.spot[p] for p in pegs}
    for i in sorted(geo.lines):
        a, b = _spot_pair(geo, i)
        if {a, b} <= corners:
            continue
        line = shapely.LineString([geo.positions[a], geo.positions[b]])
        if line.intersects(triangle) and not line.touches(triangle):
            return f"line {quote_pegs(geo.lines[i])} runs through it"
    return "the lines around it do not close it off"


# --- references from seats, line items, canals and the crater -----------------------------------

def _check_references(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    def unknown(pid: str, what: str, at: tuple, element: tuple) -> bool:
        if pid in geo.positions:
            return False
        report.add("geometry/unknown-peg", f"{what} names peg {pid}, which is not defined under pegs",
                   at=at, element=element)
        return True

    for name, seat in board.seats.items():
        for part in ("start", "goal"):
            for j, pid in enumerate(getattr(seat, part)):
                unknown(pid, f"seat {name} {part}", ("seats", name, part, j), ("seat", name))
    for j, pid in enumerate(board.crater):
        unknown(pid, "the crater", ("crater", j), ("crater",))
    for k, item in enumerate(board.line_items):
        _check_named_line(geo, report, item.line, "line item", ("line_items", k, "line"), unknown)
    for k, bridge in enumerate(board.bridges):
        _check_named_line(geo, report, bridge.line, "bridge", ("canals", "bridges", k, "line"), unknown)
    _check_islands(board, geo, report, unknown)


def _check_named_line(geo: BoardGeometry, report: Reporter, pair, what: str, at: tuple, unknown) -> None:
    element = ("line", *pair)
    missing = [unknown(pid, f"{what} {quote_pegs(pair)}", at + (j,), element) for j, pid in enumerate(pair)]
    if not any(missing) and not geo.has_line(*pair):
        report.add("geometry/not-a-line",
                   f"{what} {quote_pegs(pair)} is not on a line of the board; add the line or move the {what}",
                   at=at, element=element)


def _check_islands(board: Board, geo: BoardGeometry, report: Reporter, unknown) -> None:
    owner: dict[tuple[str, ...], str] = {}
    for name, triples in board.islands.items():
        for k, pegs in enumerate(triples):
            at = ("canals", "islands", name, k)
            element = ("segment", *segment_key(pegs))
            if any([unknown(pid, f"island {name} segment {quote_pegs(pegs)}", at + (j,), element)
                    for j, pid in enumerate(pegs)]):
                continue
            key = segment_key(geo.spot[p] for p in pegs)
            if key in owner:
                report.add("geometry/island-overlap",
                           f"segment {quote_pegs(pegs)} is in island {owner[key]} and again in island {name}",
                           at=at, element=element)
                continue
            owner[key] = name
            if not geo.is_face(pegs):
                report.add("geometry/not-a-face",
                           f"island {name} lists {quote_pegs(pegs)}, which is not a segment of the board",
                           at=at, element=element)


def _line_note(report: Reporter, json_path: tuple) -> str:
    """`` (line 12)`` naming where ``json_path`` is written, or nothing when unknown."""
    line, _ = report.locate(json_path)
    return f" (line {line})" if line is not None else ""
