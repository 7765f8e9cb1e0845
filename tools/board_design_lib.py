"""Shared helpers for the board generators in ``tools/`` (Jungle Temples and the other locations).

Every bundled board is symmetric under a rotation that maps seat to seat: a half turn for 2 and
4 players, a third of a turn for 3. Anything chosen for the board (peg colours, segment contents,
pictures, idols, line items, bridges) is chosen once per *orbit* of that rotation and copied to
the rest of the orbit, so no seat is favoured by the drawing. Seat order (who plays first) is the
only asymmetry left; the generators' reports measure it with bot games.

The functions from ``rotate`` to ``rotate_ids`` are the ones the Jungle Temples generator was
written with; they are kept exactly as they were so ``tools/design_jungle_temples.py`` still
produces byte-identical boards.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field

from studio.geometry.lattice import ROW_HEIGHT, triangular_lattice
from studio.model.realm import COLOURS, Board, Peg, line_key, segment_key

# --- the Jungle Temples helpers (unchanged) ----------------------------------------------------

def rotate(xy, centre, angle):
    x, y = xy[0] - centre[0], xy[1] - centre[1]
    c, s = math.cos(angle), math.sin(angle)
    return (round(centre[0] + c * x - s * y, 4), round(centre[1] + s * x + c * y, 4))


def orbits(items: dict, centre, order: int):
    """Group ids whose positions map onto each other under rotation by 360/order degrees."""
    seen, out = set(), []
    for k in items:
        if k in seen:
            continue
        orbit, xy = [], items[k]
        for i in range(order):
            other = nearest(items, rotate(xy, centre, 2 * math.pi * i / order))
            if other is None:
                raise SystemExit(f"{k} has no image under the rotation: the shape is not symmetric")
            if other not in orbit:
                orbit.append(other)
        seen.update(orbit)
        out.append(orbit)
    return out


def nearest(items: dict, xy, tolerance=1e-3):
    for k, v in items.items():
        if abs(v[0] - xy[0]) < tolerance and abs(v[1] - xy[1]) < tolerance:
            return k
    return None


def subset(pegs, lines, keep):
    pegs = {k: v for k, v in pegs.items() if keep(*v)}
    return pegs, [(a, b) for a, b in lines if a in pegs and b in pegs]


def colour_pegs(pegs, lines, centre, order, rng):
    nbrs = {p: set() for p in pegs}
    for a, b in lines:
        nbrs[a].add(b)
        nbrs[b].add(a)
    colour, used = {}, {c: 0 for c in COLOURS}
    groups = orbits(pegs, centre, order)
    rng.shuffle(groups)
    for orbit in groups:
        banned = {colour[n] for p in orbit for n in nbrs[p] if n in colour}
        choices = sorted(COLOURS, key=lambda c: (c in banned, used[c], rng.random()))
        for p in orbit:
            colour[p] = choices[0]
        used[choices[0]] += len(orbit)
    return colour


def contents(faces, centre, order, rng, radius, treasure_total, energy_total):
    cents = {f.key: (f.polygon.centroid.x, f.polygon.centroid.y) for f in faces}
    groups = orbits(cents, centre, order)
    # weight: richer toward the middle
    def weight(orbit):
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


def edge(pegs, pred, key):
    return sorted((k for k, v in pegs.items() if pred(*v)), key=lambda k: key(*pegs[k]))


def rotate_ids(ids, pegs, centre, angle):
    return [nearest(pegs, rotate(pegs[i], centre, angle)) for i in ids]


# --- layouts: the peg sets the bundled boards use ----------------------------------------------

@dataclass
class Layout:
    """Pegs ``{id: (x, y)}``, lines, the rotation centre and its order (2: half turn, 3: third
    of a turn). ``kind`` names the base shape (``full``, ``hexagon``, ``square``)."""

    kind: str
    pegs: dict
    lines: list
    centre: tuple
    order: int
    removed: list = field(default_factory=list)   # pegs taken out of the base shape (e.g. a crater)

    @property
    def angle(self) -> float:
        return 2 * math.pi / self.order

    def image(self, peg_id: str, k: int = 1) -> str:
        """The peg that ``peg_id`` turns into after ``k`` steps of the rotation."""
        return nearest(self.pegs, rotate(self.pegs[peg_id], self.centre, k * self.angle))

    def images(self, ids, k: int = 1) -> list:
        return [self.image(p, k) for p in ids]

    def copy(self) -> "Layout":
        return Layout(self.kind, dict(self.pegs), list(self.lines), self.centre, self.order, list(self.removed))


def full_layout() -> Layout:
    """The whole 80-peg base, symmetric under a half turn."""
    pegs, lines = triangular_lattice()
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    return Layout("full", pegs, lines, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), 2)


def hexagon_layout() -> Layout:
    """The 48-peg hexagon of the Jungle Temples 3-player board (long sides of 5 pegs, short
    sides of 4 in turn), symmetric under a third of a turn. It is the largest part of the base
    with that symmetry."""
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


LAYOUTS = {"full": full_layout, "hexagon": hexagon_layout, "square": square_layout}


# --- triangles of the lattice and carving ------------------------------------------------------

def neighbours(pegs, lines) -> dict:
    nb = {p: set() for p in pegs}
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
    out = Layout(layout.kind, pegs, lines, layout.centre, layout.order,
                 layout.removed + [k for k in layout.pegs if k not in used])
    return out


def remove_pegs(layout: Layout, ids) -> Layout:
    ids = set(ids)
    pegs = {k: v for k, v in layout.pegs.items() if k not in ids}
    lines = [(a, b) for a, b in layout.lines if a in pegs and b in pegs]
    return Layout(layout.kind, pegs, lines, layout.centre, layout.order, layout.removed + sorted(ids))


def strip_triangles(layout: Layout, through, direction_deg: float, t_range=(-99.0, 99.0)) -> set:
    """Lattice triangles of the one-triangle-wide strip whose middle line passes through
    ``through`` with direction ``direction_deg`` (0, 60 or 120: lattice directions, y down),
    limited to ``t_range`` along the direction (measured from ``through``). ``through`` must lie
    halfway between two neighbouring parallel peg lines."""
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
    """``triangles`` and all their images under the layout's rotation."""
    tris = lattice_triangles(layout)
    out = set()
    for tri in triangles:
        for k in range(layout.order):
            xy = rotate(tris[tri], layout.centre, k * layout.angle)
            img = nearest(tris, xy)
            if img is None:
                raise SystemExit(f"triangle {tri} has no image under the rotation")
            out.add(img)
    return out


def components(triangles) -> list:
    """Groups of triangles joined through shared sides."""
    by_side = {}
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
    return {f.key: (f.polygon.centroid.x, f.polygon.centroid.y) for f in faces}


def line_midpoints(pegs, lines) -> dict:
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
    """A :class:`Board` from a layout, peg colours, segments and seats; ``extra`` sets the
    location fields (pictures, line_items, islands, bridges, has_canals, crater)."""
    board = Board(
        id=pid, name=name, players=players, description=description,
        pegs={k: Peg(k, round(x, 6), round(y, 6), colour[k]) for k, (x, y) in layout.pegs.items()},
        lines=list(layout.lines), segments=list(segments),
        seats={s.name: s for s in seats},
    )
    for key, value in extra.items():
        setattr(board, key, value)
    return board


def colour_report(board: Board) -> tuple[dict, float]:
    """Peg count per colour and the share of lines whose two pegs have the same colour."""
    counts = {c: 0 for c in COLOURS}
    for p in board.pegs.values():
        counts[p.colour] += 1
    same = sum(1 for a, b in board.lines if board.pegs[a].colour == board.pegs[b].colour)
    return counts, same / max(1, len(board.lines))


def check_symmetric(board: Board, layout: Layout) -> None:
    """Raise SystemExit unless colours, contents, seats' pegs and location fields map onto
    themselves under the rotation (seats onto the next seat's)."""
    def img(p, k=1):
        return layout.image(p, k)

    for p in board.pegs.values():
        q = board.pegs[img(p.id)]
        if q.colour != p.colour:
            raise SystemExit(f"{board.id}: peg {p.id} ({p.colour}) turns into {q.id} ({q.colour})")
    segs = board.segment_map()
    for s in board.segments:
        other = segs.get(segment_key(img(p) for p in s.pegs))
        got = None if other is None else (other.treasure, other.energy, other.idol, bool(other.picture))
        if got != (s.treasure, s.energy, s.idol, bool(s.picture)):
            raise SystemExit(f"{board.id}: segment {s.pegs} is not repeated by the rotation")
    items = {line_key(*i.line): (i.treasure, i.artifact) for i in board.line_items}
    for k, v in items.items():
        if items.get(line_key(img(k[0]), img(k[1]))) != v:
            raise SystemExit(f"{board.id}: line item on {k} is not repeated by the rotation")
    bridges = {line_key(*b.line): b.energy for b in board.bridges}
    for k, v in bridges.items():
        if bridges.get(line_key(img(k[0]), img(k[1]))) != v:
            raise SystemExit(f"{board.id}: bridge {k} is not repeated by the rotation")
    if board.crater and set(board.crater) != {img(p) for p in board.crater}:
        raise SystemExit(f"{board.id}: the crater is not symmetric")


def seat_reach_values(board: Board, depths=(2, 3, 4)) -> dict:
    """For each seat with start pegs: the treasure + energy (+ bridge energy, line treasure)
    within ``depth`` lines of its start pegs, for each depth: a quick fairness measure."""
    xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
    nb = neighbours(xy, board.lines)
    out = {}
    for name, seat in board.seats.items():
        starts = seat.start or board.crater
        if not starts:
            continue
        dist = distances(nb, starts)
        vals = []
        for d in depths:
            v = 0
            for s in board.segments:
                if all(dist.get(p, 99) <= d for p in s.pegs):
                    v += s.treasure + s.energy
            for i in board.line_items:
                if all(dist.get(p, 99) <= d for p in i.line):
                    v += i.treasure
            for b in board.bridges:
                if all(dist.get(p, 99) <= d for p in b.line):
                    v += b.energy
            vals.append(v)
        out[name] = vals
    return out


def new_rng(seed: int) -> random.Random:
    return random.Random(seed)
