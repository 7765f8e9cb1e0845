"""Geometry layer: is a Rule the Realm board a sound planar drawing?

Checks (codes in ``docs/findings.md``): every peg a line, segment, seat, line item, bridge, island
or crater names exists; no two pegs at one spot; no zero-length or repeated lines; lines meet only
at pegs (no crossing, no overlap, no line through a peg that is not its end); listed segments are
non-degenerate triangles whose three sides are lines and which are faces of the line graph;
faces that are not triangles are flagged (the crater and canal water are legal holes). Location
elements: line items and bridges lie on lines; islands are disjoint groups of faces joined along
their sides; every bridge joins two islands across one canal and every line across a canal is a
bridge (L3-2); the crater pegs ring one hole (L2-2). Lines are tested pairwise through a grid
(:mod:`studio.geometry.planar`), so the cost grows with the number of lines, not its square;
shapely (with numpy, slow to import) is used only for boards with canals and for boards of
thousands of lines (its STRtree), with the same findings.

The layer assumes the board passed the schema layer (ids are strings, positions are numbers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from studio.geometry import planar
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
    exactly three distinct pegs. ``pegs``: the spot pegs (file order) in a :class:`PegTree`.
    ``island_of``: ``segment_key`` (spot ids) of each sound island segment -> its island.
    ``bridges``: spot ``line_key`` of each bridge on a line; ``crossings``: of each other line
    that crosses a canal. ``crater_face``: the hole the crater pegs ring, when there is one."""

    positions: dict[str, tuple[float, float]] = field(default_factory=dict)
    spot: dict[str, str] = field(default_factory=dict)
    lines: dict[int, tuple[str, str]] = field(default_factory=dict)
    line_index: dict[LineKey, int] = field(default_factory=dict)
    faces: list[Face] = field(default_factory=list)
    triangles: dict[tuple[str, ...], Face] = field(default_factory=dict)
    pegs: "PegTree | None" = None
    island_of: dict[tuple[str, ...], str] = field(default_factory=dict)
    bridges: set[LineKey] = field(default_factory=set)
    crossings: set[LineKey] = field(default_factory=set)
    crater_face: Face | None = None

    def spot_key(self, a: str, b: str) -> LineKey:
        return line_key(self.spot[a], self.spot[b])

    def has_line(self, a: str, b: str) -> bool:
        return a in self.spot and b in self.spot and self.spot_key(a, b) in self.line_index

    def pegs_inside(self, pegs) -> list[str]:
        """Spot ids of the pegs strictly inside the polygon with corners ``pegs``."""
        return self.pegs.inside([self.positions[self.spot[p]] for p in pegs]) if self.pegs else []

    def is_face(self, pegs) -> bool:
        """Whether the triangle ``pegs`` is a face of the line graph: polygonize found it (no
        line cuts it) and no peg lies inside (polygonize overlooks a peg on a dangling line)."""
        key = segment_key(self.spot[p] for p in pegs)
        return key in self.triangles and not self.pegs_inside(pegs)


class PegTree:
    """Pegs in a grid of cells of side ``CELL``: ``ids[n]`` is at ``xy[n]``."""

    CELL = 1.0

    def __init__(self, ids: list[str], positions: dict[str, tuple[float, float]]) -> None:
        self.ids = ids
        self.index = {pid: n for n, pid in enumerate(ids)}
        self.xy = [positions[pid] for pid in ids]
        self.cells: dict[tuple[int, int], list[int]] = {}
        for n, (x, y) in enumerate(self.xy):
            self.cells.setdefault((math.floor(x / self.CELL), math.floor(y / self.CELL)), []).append(n)

    def _in_box(self, x0: float, y0: float, x1: float, y1: float) -> list[int]:
        size = self.CELL
        gx0, gx1, gy0, gy1 = math.floor(x0 / size), math.floor(x1 / size), math.floor(y0 / size), math.floor(y1 / size)
        if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > len(self.cells):
            found = [n for members in self.cells.values() for n in members]
        else:
            found = [n for gx in range(gx0, gx1 + 1) for gy in range(gy0, gy1 + 1) for n in self.cells.get((gx, gy), ())]
        return [n for n in found if x0 <= self.xy[n][0] <= x1 and y0 <= self.xy[n][1] <= y1]

    def near(self, segments, distance: float = TOLERANCE) -> list[str]:
        """Ids of the pegs within ``distance`` of any of ``segments`` (``(ax, ay, bx, by)``),
        in file order."""
        found = set()
        for ax, ay, bx, by in segments:
            for n in self._in_box(min(ax, bx) - distance, min(ay, by) - distance,
                                  max(ax, bx) + distance, max(ay, by) + distance):
                if n not in found and planar.point_segment_distance(*self.xy[n], ax, ay, bx, by) <= distance:
                    found.add(n)
        return [self.ids[n] for n in sorted(found)]

    def inside(self, ring) -> list[str]:
        """Ids of the pegs strictly inside the convex polygon ``ring`` (``(x, y)`` corners in
        either turning direction), in file order."""
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        turn = planar.signed_area2(ring)
        if turn == 0:
            return []
        sign = 1.0 if turn > 0 else -1.0
        count = len(ring)
        found = []
        for n in self._in_box(min(xs), min(ys), max(xs), max(ys)):
            px, py = self.xy[n]
            inside = True
            for i in range(count):
                (ax, ay), (bx, by) = ring[i], ring[(i + 1) % count]
                if sign * planar.orient(ax, ay, bx, by, px, py) <= 0:
                    inside = False
                    break
            if inside:
                found.append(n)
        return [self.ids[n] for n in sorted(found)]


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
    _check_segments(board, geo, report)
    _check_references(board, geo, report)
    geo.crater_face = _crater_face(board, geo)
    _check_canals(board, geo, report)
    _check_faces(board, geo, report)
    _check_crater(board, geo, report)
    return geo


# --- pegs and lines ----------------------------------------------------------------------------

def _check_pegs(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    ids = list(board.pegs)
    geo.positions = {pid: (float(p.x), float(p.y)) for pid, p in board.pegs.items()}
    geo.spot = {pid: pid for pid in ids}
    if len(ids) < 2:
        return
    first_at: dict[int, int] = {}
    for i, j in _near_pairs([geo.positions[pid] for pid in ids]):
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
    if pegs is None:
        return
    ends = [(pegs.index[a], pegs.index[b]) for a, b in (_spot_pair(geo, i) for i in indices)]
    through, crossing = _meetings(pegs.xy, ends)
    for peg_n, line_n in through:
        i = indices[line_n]
        a, b = board.lines[i]
        c = pegs.ids[peg_n]
        report.add("geometry/line-through-peg",
                   f"line {quote_pegs((a, b))} runs through peg {c}, which is not one of its ends; "
                   f"lines meet only at pegs (split it into {quote_pegs((a, c))} and {quote_pegs((c, b))})",
                   at=("lines", i), element=("line", a, b))
    for m, n, (x, y) in crossing:
        i, j = indices[m], indices[n]
        report.add("geometry/lines-cross",
                   f"line {quote_pegs(board.lines[j])} crosses line {quote_pegs(board.lines[i])}"
                   f"{_line_note(report, ('lines', i))} at ({x:.3g}, {y:.3g}), away from any peg; "
                   "lines may meet only at pegs",
                   at=("lines", j), element=("crossing", *board.lines[j], *board.lines[i]))


def _near_pairs(points: list[tuple[float, float]], method: str = "auto") -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``j < i``, of points within ``TOLERANCE``, sorted. ``method``
    ``"shapely"``: through shapely's STRtree (the reference; also used for big boards)."""
    if method == "auto" and len(points) <= planar.MAX_LINES:
        return planar.near_pairs(points, TOLERANCE)
    import numpy as np
    import shapely

    tree_points = shapely.points(np.array(points, dtype=float).reshape(-1, 2))
    near, other = shapely.STRtree(tree_points).query(tree_points, predicate="dwithin", distance=TOLERANCE)
    return sorted((i, j) for i, j in zip(near.tolist(), other.tolist()) if j < i)


def _meetings(xy: list[tuple[float, float]], ends: list[tuple[int, int]], method: str = "auto"):
    """Lines meeting away from their ends: ``(through, crossing)``, ``through`` pairs
    ``(peg, line)`` of a peg within ``TOLERANCE`` of a line it does not end (this also covers
    overlapping lines), sorted by line then peg; ``crossing`` triples ``(m, n, (x, y))``,
    ``m < n``, of lines sharing no end that cross away from any peg, and where, sorted.
    ``method`` ``"shapely"``: through shapely's STRtree (the reference; also used for big
    boards)."""
    if method == "auto" and len(ends) <= planar.MAX_LINES:
        through, pairs = planar.segment_meetings(xy, ends, TOLERANCE)
        segments = [(*xy[a], *xy[b]) for a, b in ends]
        return through, [(m, n, planar.crossing_point(segments[m], segments[n])) for m, n in pairs]
    import numpy as np
    import shapely

    ends_array = np.array(ends, dtype=np.int64).reshape(-1, 2)
    xy_array = np.array(xy, dtype=float).reshape(-1, 2)
    lines = shapely.linestrings(xy_array[ends_array])
    points = shapely.points(xy_array)
    tree = shapely.STRtree(lines)
    on_peg, on_line = tree.query(points, predicate="dwithin", distance=TOLERANCE)
    keep = (ends_array[on_line, 0] != on_peg) & (ends_array[on_line, 1] != on_peg)
    through = sorted(zip(on_peg[keep].tolist(), on_line[keep].tolist()), key=lambda pair: (pair[1], pair[0]))
    first, second = tree.query(lines, predicate="intersects")
    keep = first < second
    first, second = first[keep], second[keep]
    e1, e2 = ends_array[first], ends_array[second]
    share_end = ((e1[:, 0] == e2[:, 0]) | (e1[:, 0] == e2[:, 1]) |
                 (e1[:, 1] == e2[:, 0]) | (e1[:, 1] == e2[:, 1]))
    first, second, e1, e2 = first[~share_end], second[~share_end], e1[~share_end], e2[~share_end]
    # an end peg lying on the other line was reported above as a line through a peg
    touches = np.zeros(len(first), dtype=bool)
    for lines_a, ends_b in ((lines[first], e2), (lines[second], e1)):
        for k in (0, 1):
            touches |= shapely.distance(points[ends_b[:, k]], lines_a) <= TOLERANCE
    crossing = []
    for m, n in sorted(zip(first[~touches].tolist(), second[~touches].tolist())):
        where = shapely.intersection(lines[m], lines[n]).representative_point()
        crossing.append((m, n, (where.x, where.y)))
    return through, crossing


# --- faces and segments ------------------------------------------------------------------------

def _is_clean(face: Face) -> bool:
    """Every corner is a distinct peg. line_graph_faces names a corner that is no peg "@x,y"
    (crossing lines), and a line through a peg can leave a sliver with the peg twice; those
    faces are artefacts of findings already reported."""
    ring = [corner for corner, _ in face.sides]
    return len(set(ring)) == len(ring) and not any(corner.startswith("@") for corner in ring)


def _check_faces(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Faces bounded by more than three pegs: a warning, info for the crater (a legal hole),
    nothing for canal water (a face between islands and lines across canals; an unmarked
    crossing is reported on its own)."""
    island_sides = _island_sides(geo)
    water_sides = geo.bridges | geo.crossings
    for face in geo.faces:
        if len(face.sides) == 3 or not _is_clean(face):
            continue
        if island_sides and all(line_key(a, b) in water_sides or line_key(a, b) in island_sides
                                for a, b in face.sides):
            continue  # water of a canal (L3-2): islands and lines across it all around
        ring = [corner for corner, _ in face.sides]
        is_crater = face is geo.crater_face
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
    longest = max(math.hypot(bx - ax, by - ay), math.hypot(cx - bx, cy - by), math.hypot(ax - cx, ay - cy))
    return longest <= TOLERANCE or twice_area / longest <= TOLERANCE  # height over the longest side


def _what_is_inside(geo: BoardGeometry, pegs) -> str:
    import shapely  # only to word a finding

    triangle = shapely.Polygon([geo.positions[geo.spot[p]] for p in pegs])
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
    first_item: dict[LineKey, int] = {}
    for k, item in enumerate(board.line_items):
        at = ("line_items", k, "line")
        if not _check_named_line(geo, report, item.line, "line item", at, unknown):
            continue
        key = geo.spot_key(*item.line)
        if key in first_item:
            report.add("geometry/line-item-repeated",
                       f"line {quote_pegs(item.line)} holds a second line item; the first is "
                       f"{_line_note(report, ('line_items', first_item[key]), 'at line')}. A band over the line "
                       "collects both, but only one artifact is kept (L8-2): merge them into one item",
                       at=at, element=("line", *item.line), severity="warning")
        else:
            first_item[key] = k
    for k, bridge in enumerate(board.bridges):
        if _check_named_line(geo, report, bridge.line, "bridge", ("canals", "bridges", k, "line"), unknown):
            geo.bridges.add(geo.spot_key(*bridge.line))
    _check_islands(board, geo, report, unknown)


def _check_named_line(geo: BoardGeometry, report: Reporter, pair, what: str, at: tuple, unknown) -> bool:
    """Whether ``pair`` names two known pegs joined by a board line; reports it when not."""
    element = ("line", *pair)
    missing = [unknown(pid, f"{what} {quote_pegs(pair)}", at + (j,), element) for j, pid in enumerate(pair)]
    if any(missing):
        return False
    if not geo.has_line(*pair):
        report.add("geometry/not-a-line",
                   f"{what} {quote_pegs(pair)} is not on a line of the board; add the line or move the {what}",
                   at=at, element=element)
        return False
    return True


def _check_islands(board: Board, geo: BoardGeometry, report: Reporter, unknown) -> None:
    for name, triples in board.islands.items():
        for k, pegs in enumerate(triples):
            at = ("canals", "islands", name, k)
            element = ("segment", *segment_key(pegs))
            if any([unknown(pid, f"island {name} segment {quote_pegs(pegs)}", at + (j,), element)
                    for j, pid in enumerate(pegs)]):
                continue
            key = segment_key(geo.spot[p] for p in pegs)
            if key in geo.island_of:
                report.add("geometry/island-overlap",
                           f"segment {quote_pegs(pegs)} is in island {geo.island_of[key]} and again in island {name}",
                           at=at, element=element)
                continue
            if not geo.is_face(pegs):
                report.add("geometry/not-a-face",
                           f"island {name} lists {quote_pegs(pegs)}, which is not a segment of the board",
                           at=at, element=element)
                continue
            geo.island_of[key] = name


def side_connected_parts(keys) -> list[list[tuple[str, ...]]]:
    """Groups of segment keys (sorted peg triples) joined through shared sides, each in the
    order given, groups in the order of their first member."""
    keys = list(dict.fromkeys(keys))
    parent = list(range(len(keys)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_side: dict[LineKey, int] = {}
    for i, key in enumerate(keys):
        a, b, c = key
        for side in ((a, b), (a, c), (b, c)):
            j = by_side.setdefault(side, i)
            parent[find(i)] = find(j)
    groups: dict[int, list[tuple[str, ...]]] = {}
    for i, key in enumerate(keys):
        groups.setdefault(find(i), []).append(key)
    return list(groups.values())


# --- the crater (Volcano, L2-2) ------------------------------------------------------------------

def _crater_face(board: Board, geo: BoardGeometry) -> Face | None:
    """The hole the crater pegs ring: the face that is no triangle with the most crater pegs on
    its boundary (the first such face on a tie), or None."""
    crater = {geo.spot[p] for p in board.crater if p in geo.spot}
    best, best_count = None, 0
    for face in geo.faces:
        if len(face.sides) == 3 or not _is_clean(face):
            continue
        count = len(crater & {corner for corner, _ in face.sides})
        if count > best_count:
            best, best_count = face, count
    return best


def _check_crater(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """The crater pegs ring one hole of the board: each is on the boundary of the crater face,
    and (a warning) every peg on that boundary is a crater peg."""
    known = [(j, pid) for j, pid in enumerate(board.crater) if pid in geo.spot]
    if not known:
        return
    face = geo.crater_face
    if face is None:
        report.add("geometry/crater-not-a-hole",
                   f"the crater pegs {quote_pegs(pid for _, pid in known)} are not around a hole: no face of the "
                   "board that is not a segment has them on its boundary; remove the lines inside the crater "
                   "so the pegs ring an empty face (L2-2)",
                   at=("crater",), element=("crater",), key=True)
        return
    ring = [corner for corner, _ in face.sides]
    for j, pid in known:
        if geo.spot[pid] not in ring:
            report.add("geometry/crater-peg-off-hole",
                       f"crater peg {pid} is not on the edge of the crater {quote_pegs(ring)}; the crater pegs "
                       "are the pegs next to the hole (L2-2)",
                       at=("crater", j), element=("peg", pid))
    listed = {geo.spot[pid] for _, pid in known}
    missing = [pid for pid in ring if pid not in listed]
    if missing:
        report.add("geometry/crater-incomplete",
                   f"peg{'s' if len(missing) > 1 else ''} {', '.join(missing)} on the edge of the crater "
                   f"{'are' if len(missing) > 1 else 'is'} not listed under crater; every peg next to the hole "
                   "is a starting peg (L2-2)",
                   at=("crater",), element=("face", *ring), severity="warning", key=True)


# --- canals (Archipelago City, L3-2) ---------------------------------------------------------------

END_GAP = 0.01
"""Board units cut off both ends of a line to get its interior, which must keep ``TOLERANCE``
away from the land (a line at an angle of less than about half a degree to a bank would count
as running along it)."""


def _island_sides(geo: BoardGeometry) -> dict[LineKey, list[str]]:
    """Spot line key -> the islands whose segments have that side (once per segment)."""
    sides: dict[LineKey, list[str]] = {}
    for key, name in geo.island_of.items():
        a, b, c = key
        for side in ((a, b), (a, c), (b, c)):
            sides.setdefault(side, []).append(name)
    return sides


def _check_canals(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Islands are whole, apart from each other, and joined only by bridges across canals.

    *Land* is every island segment and every listed segment; a canal is the water between
    islands (no land there). A line *crosses a canal* when its two end pegs are corners of
    segments of two different islands and its interior (the line less ``END_GAP`` at each end)
    keeps more than ``TOLERANCE`` away from every land polygon, so it runs over water only.
    Such a line crosses exactly one canal: its interior is connected and meets no island on the
    way. Every bridge must cross a canal and every line that crosses a canal must be a bridge
    (L3-2)."""
    if not geo.island_of and not board.bridges:
        return
    _check_island_shapes(board, geo, report)
    islands_at: dict[str, set[str]] = {}
    for key, name in geo.island_of.items():
        for pid in key:
            islands_at.setdefault(pid, set()).add(name)
    land_set = set(geo.island_of)
    for segment in board.segments:
        if all(p in geo.spot for p in segment.pegs):
            key = segment_key(geo.spot[p] for p in segment.pegs)
            if key in geo.triangles:
                land_set.add(key)
    land_keys = sorted(land_set)
    import shapely  # canals only: the land's polygons in an STRtree

    land = shapely.STRtree([geo.triangles[key].polygon for key in land_keys]) if land_keys else None

    def on_land(a: str, b: str) -> tuple[str, ...] | None:
        """The land segment the interior of the line a-b touches, or None."""
        if land is None:
            return None
        (x0, y0), (x1, y1) = geo.positions[a], geo.positions[b]
        length = math.hypot(x1 - x0, y1 - y0)
        t = min(END_GAP / length, 0.5)
        interior = shapely.LineString([(x0 + t * (x1 - x0), y0 + t * (y1 - y0)),
                                       (x1 - t * (x1 - x0), y1 - t * (y1 - y0))])
        # within a tolerance: a point computed along a bank lies a rounding error off its polygon
        hits = land.query(interior, predicate="dwithin", distance=TOLERANCE)
        return land_keys[int(min(hits))] if len(hits) else None

    def describe(key: tuple[str, ...]) -> str:
        name = geo.island_of.get(key)
        return f"island {name} (segment {quote_pegs(key)})" if name else f"segment {quote_pegs(key)}"

    for k, bridge in enumerate(board.bridges):
        a, b = bridge.line
        if a not in geo.spot or b not in geo.spot or geo.spot_key(a, b) not in geo.bridges:
            continue  # unknown peg or not a line: reported already
        at, element = ("canals", "bridges", k, "line"), ("line", a, b)
        ends = [islands_at.get(geo.spot[a], set()), islands_at.get(geo.spot[b], set())]
        if not geo.island_of:
            report.add("geometry/bridge-ends",
                       f"bridge {quote_pegs((a, b))} must join two islands, but the board has no islands "
                       "(list them under canals.islands)", at=at, element=element)
            continue
        if not ends[0] or not ends[1]:
            off = " and ".join(pid for pid, names in zip((a, b), ends) if not names)
            report.add("geometry/bridge-ends",
                       f"bridge {quote_pegs((a, b))} must join two islands, but {off} "
                       f"{'are' if ' and ' in off else 'is'} on no island; each end is a corner of an island segment",
                       at=at, element=element)
            continue
        if not any(x != y for x in ends[0] for y in ends[1]):
            report.add("geometry/bridge-ends",
                       f"bridge {quote_pegs((a, b))} has both ends on island {sorted(ends[0])[0]}; a bridge crosses "
                       "a canal from one island to another (L3-2)", at=at, element=element)
            continue
        hit = on_land(geo.spot[a], geo.spot[b])
        if hit is not None:
            report.add("geometry/bridge-on-land",
                       f"bridge {quote_pegs((a, b))} runs along {describe(hit)}; a bridge crosses a canal, so "
                       "between its end pegs it lies over water only (L3-2)", at=at, element=element)
    if not geo.island_of:
        return
    for index in sorted(geo.lines):
        a, b = geo.lines[index]
        key = geo.spot_key(a, b)
        if key in geo.bridges:
            continue
        here, there = islands_at.get(key[0], set()), islands_at.get(key[1], set())
        pair = next(((x, y) for x in sorted(here) for y in sorted(there) if x != y), None)
        if pair is None or on_land(*key) is not None:
            continue
        geo.crossings.add(key)
        report.add("geometry/unmarked-crossing",
                   f"line {quote_pegs((a, b))} crosses the canal between islands {pair[0]} and {pair[1]} but is "
                   "not a bridge; canals are crossed only on bridges (L3-2): list it under canals.bridges "
                   "or remove it", at=("lines", index), element=("line", a, b))


def _check_island_shapes(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Warnings: an island in several parts, two islands sharing a side (no canal between)."""
    members: dict[str, list[tuple[str, ...]]] = {}
    for key, name in geo.island_of.items():
        members.setdefault(name, []).append(key)
    where: dict[tuple[str, ...], int] = {}
    for triples in board.islands.values():
        for k, pegs in enumerate(triples):
            if all(p in geo.spot for p in pegs):
                where.setdefault(segment_key(geo.spot[p] for p in pegs), k)
    for name, keys in members.items():
        parts = side_connected_parts(keys)
        if len(parts) > 1:
            stray = parts[1][0]
            report.add("geometry/island-split",
                       f"island {name} is in {len(parts)} separate parts (segment {quote_pegs(stray)} does not "
                       "join the first part along a side); name each part as its own island",
                       at=("canals", "islands", name), element=("segment", *stray), severity="warning", key=True)
    reported: set[tuple[str, str]] = set()
    for side, names in _island_sides(geo).items():
        distinct = sorted(set(names))
        if len(distinct) < 2 or (distinct[0], distinct[1]) in reported:
            continue
        reported.add((distinct[0], distinct[1]))
        second = next(key for key, name in geo.island_of.items()
                      if name == distinct[1] and side[0] in key and side[1] in key)
        report.add("geometry/islands-touch",
                   f"islands {distinct[0]} and {distinct[1]} share the side {quote_pegs(side)}: no canal separates "
                   "them there (L3-2); merge them into one island or open a canal between them",
                   at=("canals", "islands", distinct[1], where.get(second, 0)), element=("line", *side),
                   severity="warning")


def _line_note(report: Reporter, json_path: tuple, form: str = " (line {})") -> str:
    """`` (line 12)`` naming where ``json_path`` is written, or nothing when unknown; ``form``
    ``"at line"`` gives ``at line 12`` (or ``earlier in the file``)."""
    line, _ = report.locate(json_path)
    if form == "at line":
        return f"at line {line}" if line is not None else "earlier in the file"
    return form.format(line) if line is not None else ""
