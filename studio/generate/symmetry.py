"""Board shapes on the 80-peg triangular base and the rotation that maps seat to seat.

Every generated Rule the Realm board is symmetric under a rotation that maps seat to seat: a
half turn (order 2) for 2 and 4 players, a third of a turn (order 3) for 3 (RTR-S6: the board is
made for a player count). Anything chosen for the board (peg colours, segment contents,
pictures, idols, line items, bridges) is chosen once per *orbit* of that rotation and copied to
the rest of the orbit, so no seat is favoured by the drawing; seat order (who plays first) is
the only asymmetry left, and the generator's simulation measures it.

Positions are board units (1 = the distance between neighbouring pegs, y grows downward), as in
:func:`studio.geometry.lattice.triangular_lattice`. A *triangle* is a sorted triple of peg ids
(a unit face of the lattice, a segment's key, :func:`studio.model.realm.segment_key`); a line
key is a sorted pair (:func:`studio.model.realm.line_key`).

Every function here that meets a shape the rotation does not map onto itself raises
:class:`GenerateError` naming the element.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field

from studio.geometry.lattice import ROW_HEIGHT, triangular_lattice
from studio.model.realm import COLOURS, Board, Peg, line_key, segment_key

XY = tuple[float, float]


class GenerateError(ValueError):
    """Constraints or a design that cannot give content; the message is one line for people
    and names the constraint or the element at fault."""


def rotate(xy: XY, centre: XY, angle: float) -> XY:
    """``xy`` turned by ``angle`` radians about ``centre`` (positive: clockwise on screen, y
    down), rounded to 1e-4 so images compare equal."""
    x, y = xy[0] - centre[0], xy[1] - centre[1]
    c, s = math.cos(angle), math.sin(angle)
    return (round(centre[0] + c * x - s * y, 4), round(centre[1] + s * x + c * y, 4))


def nearest(items: dict, xy: XY, tolerance: float = 1e-3):
    """The key of ``items`` (key -> position) at ``xy`` (within ``tolerance``), or None."""
    for k, v in items.items():
        if abs(v[0] - xy[0]) < tolerance and abs(v[1] - xy[1]) < tolerance:
            return k
    return None


def orbits(items: dict, centre: XY, order: int) -> list[list]:
    """Group the keys of ``items`` (key -> position) whose positions map onto each other under
    rotation by 360/``order`` degrees about ``centre``: a list of orbits, each the images of its
    first key in rotation order (without repeats: a key on the centre is an orbit of one).
    ``order`` 1 gives one orbit per key. Raises :class:`GenerateError` for a key without image."""
    seen, out = set(), []
    for k in items:
        if k in seen:
            continue
        orbit, xy = [], items[k]
        for i in range(order):
            other = nearest(items, rotate(xy, centre, 2 * math.pi * i / order))
            if other is None:
                raise GenerateError(f"{k} has no image under the rotation: the shape is not symmetric")
            if other not in orbit:
                orbit.append(other)
        seen.update(orbit)
        out.append(orbit)
    return out


def subset(pegs: dict, lines: list, keep) -> tuple[dict, list]:
    """The pegs whose position satisfies ``keep(x, y)`` and the lines between two of them."""
    pegs = {k: v for k, v in pegs.items() if keep(*v)}
    return pegs, [(a, b) for a, b in lines if a in pegs and b in pegs]


def colour_pegs(pegs: dict, lines: list, centre: XY, order: int, rng: random.Random) -> dict:
    """A colour (of :data:`~studio.model.realm.COLOURS`) per peg, one per orbit, avoiding the
    colours of neighbours already coloured and keeping the counts even (RTR-B2: bands are
    stretched between pegs of the colours on the band cards)."""
    nbrs: dict = {p: set() for p in pegs}
    for a, b in lines:
        nbrs[a].add(b)
        nbrs[b].add(a)
    colour: dict = {}
    used = {c: 0 for c in COLOURS}
    groups = orbits(pegs, centre, order)
    rng.shuffle(groups)
    for orbit in groups:
        banned = {colour[n] for p in orbit for n in nbrs[p] if n in colour}
        choices = sorted(COLOURS, key=lambda c: (c in banned, used[c], rng.random()))
        for p in orbit:
            colour[p] = choices[0]
        used[choices[0]] += len(orbit)
    return colour


def contents(faces, centre: XY, order: int, rng: random.Random, radius: float, treasure_total: int,
             energy_total: int) -> dict:
    """Jungle Temples contents: face key -> ``[treasure, energy]``, chosen per orbit, richer
    toward the middle (``radius``: the board's, in board units); treasure stops once about
    ``treasure_total`` is placed, energy (1 per face, bare faces first) about ``energy_total``."""
    cents = {f.key: (f.polygon.centroid.x, f.polygon.centroid.y) for f in faces}
    groups = orbits(cents, centre, order)

    def weight(orbit):  # richer toward the middle
        x, y = cents[orbit[0]]
        d = math.hypot(x - centre[0], y - centre[1]) / radius
        return max(0.15, 1.2 - d)

    rng.shuffle(groups)
    out = {f.key: [0, 0] for f in faces}
    treasure_left, energy_left = treasure_total, energy_total
    ranked = sorted(groups, key=lambda o: -weight(o) * (0.6 + 0.8 * rng.random()))
    for orbit in ranked:
        w = weight(orbit)
        if treasure_left <= 0:
            break
        t = 3 if w > 0.95 and rng.random() < 0.5 else 2 if w > 0.6 and rng.random() < 0.6 else 1
        if rng.random() < 0.25 + 0.2 * (1 - w):
            continue  # leave some segments bare, so routes differ in value
        for k in orbit:
            out[k][0] = t
        treasure_left -= t * len(orbit)
    bare_first = sorted(groups, key=lambda o: (out[o[0]][0] > 1, rng.random()))
    for orbit in bare_first:
        if energy_left <= 0:
            break
        if rng.random() < 0.55:
            continue
        for k in orbit:
            out[k][1] = 1
        energy_left -= len(orbit)
    return out


def edge(pegs: dict, pred, key) -> list:
    """The pegs whose position satisfies ``pred(x, y)``, sorted by ``key(x, y)``."""
    return sorted((k for k, v in pegs.items() if pred(*v)), key=lambda k: key(*pegs[k]))


def rotate_ids(ids, pegs: dict, centre: XY, angle: float) -> list:
    """The pegs that ``ids`` turn into under rotation by ``angle`` radians."""
    return [nearest(pegs, rotate(pegs[i], centre, angle)) for i in ids]


# --- layouts: the peg sets the boards use ------------------------------------------------------

@dataclass
class Layout:
    """Pegs ``{id: (x, y)}`` (board units), lines (peg id pairs), the rotation ``centre`` and
    its ``order`` (2: half turn, 3: third of a turn). ``kind`` names the base shape (a key of
    :data:`SHAPES`); ``removed`` the pegs taken out of it (a crater, walls); ``symmetric``
    False: shapes (craters, walls, pictures) still follow the rotation but content is chosen
    element by element (:attr:`content_order` 1)."""

    kind: str
    pegs: dict
    lines: list
    centre: XY
    order: int
    removed: list = field(default_factory=list)
    symmetric: bool = True

    @property
    def content_order(self) -> int:
        """The order content is chosen by: the rotation's when the board is symmetric, else 1
        (every peg, segment and line chosen on its own)."""
        return self.order if self.symmetric else 1

    @property
    def angle(self) -> float:
        """One step of the rotation, in radians."""
        return 2 * math.pi / self.order

    def image(self, peg_id: str, k: int = 1) -> str:
        """The peg that ``peg_id`` turns into after ``k`` steps of the rotation."""
        return nearest(self.pegs, rotate(self.pegs[peg_id], self.centre, k * self.angle))

    def images(self, ids, k: int = 1) -> list:
        """:meth:`image` of each of ``ids``."""
        return [self.image(p, k) for p in ids]

    def copy(self) -> "Layout":
        return Layout(self.kind, dict(self.pegs), list(self.lines), self.centre, self.order, list(self.removed),
                      self.symmetric)


def full_layout() -> Layout:
    """The whole 80-peg base (10 pegs a row, 8 rows), symmetric under a half turn."""
    pegs, lines = triangular_lattice()
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    return Layout("full", pegs, lines, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 2)


def hexagon_layout() -> Layout:
    """The 48-peg hexagon (long sides of 5 pegs, short sides of 4 in turn), symmetric under a
    third of a turn: the largest part of the base with that symmetry."""
    pegs, lines = triangular_lattice()
    widths = [4, 5, 6, 7, 8, 7, 6, 5]
    cx = 4.5

    def inside(x, y):
        w = widths[round(y / ROW_HEIGHT)]
        return cx - (w - 1) / 2 - 1e-6 <= x <= cx + (w - 1) / 2 + 1e-6

    pegs, lines = subset(pegs, lines, inside)
    n = len(pegs)
    centre = (sum(p[0] for p in pegs.values()) / n, sum(p[1] for p in pegs.values()) / n)
    return Layout("hexagon", pegs, lines, centre, 3)


def square_layout() -> Layout:
    """Seven pegs a row (columns 2-8 of the base, 56 pegs): about as wide as tall, so crossing
    east-west is as long as crossing north-south. Symmetric under a half turn."""
    pegs, lines = triangular_lattice()
    pegs, lines = subset(pegs, lines, lambda x, y: 1 - 1e-6 <= x <= 7.5 + 1e-6)
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    return Layout("square", pegs, lines, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 2)


SHAPES = {"full": full_layout, "hexagon": hexagon_layout, "square": square_layout}
"""Base shapes by name: ``full`` (80 pegs, half turn), ``square`` (56 pegs, half turn),
``hexagon`` (48 pegs, third of a turn)."""
SHAPE_PEGS = {"full": 80, "square": 56, "hexagon": 48}
SHAPE_ORDER = {"full": 2, "square": 2, "hexagon": 3}


# --- triangles of the lattice and carving ------------------------------------------------------

def neighbours(pegs: dict, lines: list) -> dict:
    """Peg id -> the set of pegs one line away."""
    nb: dict = {p: set() for p in pegs}
    for a, b in lines:
        nb[a].add(b)
        nb[b].add(a)
    return nb


def lattice_triangles(layout: Layout) -> dict:
    """Every unit triangle of the layout's lattice: sorted peg triple -> centroid."""
    nb = neighbours(layout.pegs, layout.lines)
    out = {}
    for a, b in layout.lines:
        for c in nb[a] & nb[b]:
            key = segment_key((a, b, c))
            if key not in out:
                pts = [layout.pegs[p] for p in key]
                out[key] = (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)
    return out


def triangle_sides(tri) -> list:
    """The three line keys of a triangle."""
    a, b, c = tri
    return [line_key(a, b), line_key(a, c), line_key(b, c)]


def carve(layout: Layout, removed_triangles) -> Layout:
    """The layout without ``removed_triangles``: a line stays only if a kept triangle lies on
    one of its sides, and pegs left on no line are dropped. Removed triangles open to the edge
    of the board become part of the outside; enclosed ones become holes (faces that are not
    triangles)."""
    removed = set(removed_triangles)
    keep_lines = set()
    for tri in lattice_triangles(layout):
        if tri not in removed:
            keep_lines.update(triangle_sides(tri))
    lines = [(a, b) for a, b in layout.lines if line_key(a, b) in keep_lines]
    used = {p for ab in lines for p in ab}
    pegs = {k: v for k, v in layout.pegs.items() if k in used}
    return Layout(layout.kind, pegs, lines, layout.centre, layout.order,
                  layout.removed + [k for k in layout.pegs if k not in used], layout.symmetric)


def remove_pegs(layout: Layout, ids) -> Layout:
    """The layout without the pegs ``ids`` and their lines."""
    ids = set(ids)
    pegs = {k: v for k, v in layout.pegs.items() if k not in ids}
    lines = [(a, b) for a, b in layout.lines if a in pegs and b in pegs]
    return Layout(layout.kind, pegs, lines, layout.centre, layout.order, layout.removed + sorted(ids),
                  layout.symmetric)


def strip_triangles(layout: Layout, through: XY, direction_deg: float, t_range=(-99.0, 99.0)) -> set:
    """Lattice triangles of the one-triangle-wide strip whose middle line passes through
    ``through`` with direction ``direction_deg`` (0, 60 or 120: lattice directions, y down),
    limited to ``t_range`` along the direction (board units from ``through``). ``through`` must
    lie halfway between two neighbouring parallel peg lines."""
    a = math.radians(direction_deg)
    d = (math.cos(a), math.sin(a))
    n = (-d[1], d[0])
    out = set()
    for tri, (x, y) in lattice_triangles(layout).items():
        rx, ry = x - through[0], y - through[1]
        if abs(rx * n[0] + ry * n[1]) < ROW_HEIGHT / 2 - 1e-6:
            t = rx * d[0] + ry * d[1]
            if t_range[0] - 1e-6 <= t <= t_range[1] + 1e-6:
                out.add(tri)
    return out


def symmetric_closure(layout: Layout, triangles) -> set:
    """``triangles`` and all their images under the layout's rotation. Raises
    :class:`GenerateError` for a triangle without image."""
    tris = lattice_triangles(layout)
    out = set()
    for tri in triangles:
        for k in range(layout.order):
            img = nearest(tris, rotate(tris[tri], layout.centre, k * layout.angle))
            if img is None:
                raise GenerateError(f"triangle {tri} has no image under the rotation")
            out.add(img)
    return out


def components(triangles) -> list[list]:
    """Groups of triangles joined through shared sides, each sorted, in order of their first."""
    by_side: dict = {}
    for t in triangles:
        for s in triangle_sides(t):
            by_side.setdefault(s, []).append(t)
    seen, out = set(), []
    for t in sorted(triangles):
        if t in seen:
            continue
        group, todo = [], deque([t])
        seen.add(t)
        while todo:
            u = todo.popleft()
            group.append(u)
            for s in triangle_sides(u):
                for v in by_side[s]:
                    if v not in seen:
                        seen.add(v)
                        todo.append(v)
        out.append(sorted(group))
    return out


# --- orbits of faces and lines -----------------------------------------------------------------

def face_centroids(faces) -> dict:
    """Face key -> the centroid of its polygon."""
    return {f.key: (f.polygon.centroid.x, f.polygon.centroid.y) for f in faces}


def line_midpoints(pegs: dict, lines: list) -> dict:
    """Line key -> its midpoint."""
    out = {}
    for a, b in lines:
        (x0, y0), (x1, y1) = pegs[a], pegs[b]
        out[line_key(a, b)] = ((x0 + x1) / 2, (y0 + y1) / 2)
    return out


def distances(nb: dict, sources) -> dict:
    """Graph distance (in lines) from the nearest of ``sources`` to every peg it reaches."""
    dist = {p: 0 for p in sources if p in nb}
    todo = deque(dist)
    while todo:
        p = todo.popleft()
        for q in nb[p]:
            if q not in dist:
                dist[q] = dist[p] + 1
                todo.append(q)
    return dist


# --- boards -----------------------------------------------------------------------------------

def build_board(pid: str, name: str, players: int, layout: Layout, colour: dict, segments, seats,
                description: str, **extra) -> Board:
    """A :class:`~studio.model.realm.Board` from a layout, peg colours, segments and seats (in
    play order); ``extra`` sets the location fields (pictures, line_items, islands, bridges,
    has_canals, crater)."""
    board = Board(
        id=pid, name=name, players=players, description=description,
        pegs={k: Peg(k, round(x, 6), round(y, 6), colour[k]) for k, (x, y) in layout.pegs.items()},
        lines=list(layout.lines), segments=list(segments),
        seats={s.name: s for s in seats},
    )
    for key, value in extra.items():
        setattr(board, key, value)
    return board


def check_symmetric(board: Board, layout: Layout) -> None:
    """Raise :class:`GenerateError` unless colours, contents, line items, bridges and the crater
    map onto themselves under the layout's rotation."""
    def img(p, k=1):
        return layout.image(p, k)

    for p in board.pegs.values():
        q = board.pegs[img(p.id)]
        if q.colour != p.colour:
            raise GenerateError(f"{board.id}: peg {p.id} ({p.colour}) turns into {q.id} ({q.colour})")
    segs = board.segment_map()
    for s in board.segments:
        other = segs.get(segment_key(img(p) for p in s.pegs))
        got = None if other is None else (other.treasure, other.energy, other.idol, bool(other.picture))
        if got != (s.treasure, s.energy, s.idol, bool(s.picture)):
            raise GenerateError(f"{board.id}: segment {s.pegs} is not repeated by the rotation")
    items = {line_key(*i.line): (i.treasure, i.artifact) for i in board.line_items}
    for k, v in items.items():
        if items.get(line_key(img(k[0]), img(k[1]))) != v:
            raise GenerateError(f"{board.id}: line item on {k} is not repeated by the rotation")
    bridges = {line_key(*b.line): b.energy for b in board.bridges}
    for k, energy in bridges.items():
        if bridges.get(line_key(img(k[0]), img(k[1]))) != energy:
            raise GenerateError(f"{board.id}: bridge {k} is not repeated by the rotation")
    if board.crater and set(board.crater) != {img(p) for p in board.crater}:
        raise GenerateError(f"{board.id}: the crater is not symmetric")


def new_rng(seed: int) -> random.Random:
    """The generators' random source: ``random.Random(seed)`` (the same seed, the same board)."""
    return random.Random(seed)
