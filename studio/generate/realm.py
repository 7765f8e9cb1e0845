"""Rule the Realm board designs for the eight locations, 2, 3 and 4 players each.

Each design lays out a board from a :class:`BoardSpec` (location, players, seed and the
designer's constraints) the way the bundled boards were made: a base shape of the 80-peg base
(:mod:`studio.generate.symmetry`), the location's elements (a crater, canals and bridges,
pictures, ruins, idols, labyrinth walls and items), treasure and energy chosen once per orbit of
the rotation that maps seat to seat, and peg colours as even as the neighbours allow. With the
table's seed and no constraint, a design gives the bundled board exactly
(``boards/realm/<location>-<N>p.yaml``); another seed gives another board of the same design.

The location rules each design serves (``shared/rules/CLAUSES.md``): Jungle Temples the base
game (RTR-S, RTR-P); Volcano a crater start and an escape with energy (L2); Archipelago City
islands, canals and bridges (L3); the Engraved Board pictures (L4); Fragile Ruins excavation
sites behind long barriers (L5); the Cursed Triangle territories without start pegs (L6); Two
Demanding Deities idols (L7); the Labyrinth chains and line items (L8).

:func:`design_board` is the entry point; it raises :class:`~studio.generate.symmetry.GenerateError`
(one line, naming the constraint) for a location, shape or count the design cannot take, or a
seed that leaves no room for the design's elements.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from studio.generate.symmetry import (
    SHAPE_ORDER,
    SHAPES,
    GenerateError,
    Layout,
    build_board,
    carve,
    check_symmetric,
    colour_pegs,
    components,
    contents,
    distances,
    edge,
    face_centroids,
    lattice_triangles,
    line_midpoints,
    nearest,
    neighbours,
    new_rng,
    orbits,
    remove_pegs,
    rotate,
    rotate_ids,
    strip_triangles,
    symmetric_closure,
    triangle_sides,
)
from studio.geometry.faces import line_graph_faces
from studio.geometry.lattice import ROW_HEIGHT
from studio.model.realm import Board, Bridge, LineItem, Seat, Segment, line_key

RH = ROW_HEIGHT
SIZES = {2: "2 players", 3: "3 players", 4: "4 players"}
DIFFICULTY_SCALE = {"easy": 1.25, "normal": 1.0, "hard": 0.8}
"""Target difficulty -> how much treasure and energy the board holds against the design's own
amounts: a richer board makes the end score (RTR-E1) easier to reach, a leaner one harder."""
MAX_AMOUNT = 300
"""The largest treasure or energy total a constraint may ask for (the 80-peg base has 126
segments)."""


@dataclass(frozen=True)
class BoardSpec:
    """What to generate: ``location`` (a key of :data:`DESIGNS`), ``players`` (2 to 4, RTR-S6),
    ``seed`` (None: the bundled board's own seed), ``shape`` (a key of
    :data:`~studio.generate.symmetry.SHAPES`; None: the design's), ``treasure`` and ``energy``
    (totals on the board; None: the design's, scaled by ``difficulty``), ``difficulty``
    (``easy``, ``normal``, ``hard``: :data:`DIFFICULTY_SCALE`) and ``symmetric`` (False: content
    chosen element by element instead of once per orbit of the seat rotation)."""

    location: str
    players: int
    seed: int | None = None
    shape: str | None = None
    treasure: int | None = None
    energy: int | None = None
    difficulty: str = "normal"
    symmetric: bool = True

    def seed_or(self, default: int) -> int:
        return default if self.seed is None else self.seed

    def amount(self, what: str, default: int) -> int:
        """The total of ``what`` (``treasure`` or ``energy``) to place: the constraint when
        given, else ``default`` scaled by the difficulty."""
        given = getattr(self, what)
        if given is not None:
            return int(given)
        scale = DIFFICULTY_SCALE[self.difficulty]
        return default if scale == 1.0 else max(1, round(default * scale))

    def check(self) -> None:
        """Raise :class:`GenerateError` naming the first constraint the location's design cannot
        take."""
        if self.location not in DESIGNS:
            raise GenerateError(f"unknown location {self.location!r}: one of {', '.join(DESIGNS)}")
        if self.players not in (2, 3, 4):
            raise GenerateError(f"players must be 2, 3 or 4 (RTR-S6), got {self.players}")
        if self.difficulty not in DIFFICULTY_SCALE:
            raise GenerateError(f"difficulty must be one of {', '.join(DIFFICULTY_SCALE)}, got {self.difficulty!r}")
        if self.seed is not None and not 0 <= self.seed < 2**53:
            raise GenerateError(f"the seed must be a whole number from 0 to 2**53 - 1, got {self.seed}")
        shapes = SHAPE_CHOICES[self.location][self.players]
        if self.shape is not None:
            if self.shape not in SHAPES:
                raise GenerateError(f"unknown shape {self.shape!r}: one of {', '.join(SHAPES)}")
            if self.shape not in shapes:
                why = (" (3 players need the hexagon: only it turns by a third onto itself)"
                       if self.players == 3 or SHAPE_ORDER[self.shape] == 3 else "")
                raise GenerateError(f"{self.location} for {self.players} players is drawn on "
                                    f"{' or '.join(shapes)}, not {self.shape}{why}")
        for what in ("treasure", "energy"):
            value = getattr(self, what)
            if value is None:
                continue
            if what not in AMOUNTS[self.location]:
                raise GenerateError(f"{self.location} has no {what} to set: {NO_AMOUNT[(self.location, what)]}")
            if not 0 <= value <= MAX_AMOUNT:
                raise GenerateError(f"{what} must be 0 to {MAX_AMOUNT}, got {value}")


def _layout(kind: str, spec: BoardSpec) -> Layout:
    layout = SHAPES[kind]()
    layout.symmetric = spec.symmetric
    return layout


# --- Location 1: Jungle Temples ----------------------------------------------------------------

JUNGLE = {2: (2024, 56, 18), 3: (3033, 39, 12), 4: (4404, 46, 14)}  # seed, treasure, energy


def _jungle_board(spec: BoardSpec, layout: Layout, seats: list, base_seed: int, treasure: int, energy: int,
                  description: str) -> Board:
    players = spec.players
    rng = new_rng(spec.seed_or(base_seed))
    order = layout.content_order
    colour = colour_pegs(layout.pegs, layout.lines, layout.centre, order, rng)
    faces = line_graph_faces(layout.pegs, layout.lines)
    radius = max(math.hypot(x - layout.centre[0], y - layout.centre[1]) for x, y in layout.pegs.values())
    content = contents(faces, layout.centre, order, rng, radius, spec.amount("treasure", treasure),
                       spec.amount("energy", energy))
    segs = []
    for f in faces:
        t, e = content[f.key]
        if t or e:
            segs.append(Segment((f.pegs[0], f.pegs[1], f.pegs[2]), t, e))
    board = build_board(f"jungle-temples-{players}p", f"Jungle Temples, {SIZES[players]}", players, layout,
                        colour, segs, seats, description)
    board.location = "jungle-temples"
    return board


def jungle_temples(spec: BoardSpec) -> Board:
    """Location 1 (the base game): contents richer toward the middle, where the seats' paths
    meet; each seat starts on its own edge and aims for the one facing it."""
    players = spec.players
    base_seed, treasure, energy = JUNGLE[players]
    layout = _layout({2: "full", 3: "hexagon", 4: "square"}[players], spec)
    pegs, c = layout.pegs, layout.centre
    xs, ys = [p[0] for p in pegs.values()], [p[1] for p in pegs.values()]
    bottom = edge(pegs, lambda x, y: abs(y - max(ys)) < 1e-6, lambda x, y: x)
    top = edge(pegs, lambda x, y: abs(y) < 1e-6, lambda x, y: x)
    if players == 2:
        south = Seat("south", [bottom[i] for i in (2, 4, 5, 7)], top, "South")
        seats = [south, Seat("north", rotate_ids(south.start, pegs, c, math.pi), bottom, "North")]
        text = "Two seats face each other across the full 80-peg base. The board is symmetric under a half turn."
    elif players == 3:
        # seats in play order, clockwise on screen (y grows downward, so a positive angle turns
        # clockwise): south, then north-west, then north-east
        a120, a240 = 2 * math.pi / 3, 4 * math.pi / 3
        seats = [Seat("south", bottom[1:4], top, "South"),
                 Seat("northwest", rotate_ids(bottom[1:4], pegs, c, a120), rotate_ids(top, pegs, c, a120),
                      "North-west"),
                 Seat("northeast", rotate_ids(bottom[1:4], pegs, c, a240), rotate_ids(top, pegs, c, a240),
                      "North-east")]
        text = ("A hexagon of 48 pegs with long and short sides in turn; each seat starts on a long side and "
                "crosses to the short side facing it. The board is symmetric under a third of a turn.")
    else:
        left = edge(pegs, lambda x, y: x < min(xs) + 0.6, lambda x, y: y)
        right = edge(pegs, lambda x, y: x > max(xs) - 0.6, lambda x, y: y)
        mid = len(bottom) // 2
        south = Seat("south", bottom[mid - 1:mid + 1], top, "South")
        west = Seat("west", left[3:5], right, "West")
        seats = [south, west, Seat("north", rotate_ids(south.start, pegs, c, math.pi), bottom, "North"),
                 Seat("east", rotate_ids(west.start, pegs, c, math.pi), left, "East")]
        text = ("Seven pegs a row on the 80-peg base, so crossing east-west is as long as crossing north-south. "
                "Symmetric under a half turn.")
    return _jungle_board(spec, layout, seats, base_seed, treasure, energy, text)


# --- seats -------------------------------------------------------------------------------------

def bottom_row(layout: Layout) -> list:
    """Pegs on the south edge (the largest y), west to east."""
    ys = max(p[1] for p in layout.pegs.values())
    return sorted((k for k, v in layout.pegs.items() if abs(v[1] - ys) < 1e-6), key=lambda k: layout.pegs[k][0])


def left_column(layout: Layout) -> list:
    """Pegs on the west edge, top to bottom: the leftmost peg of each row."""
    rows: dict[int, str] = {}
    for k, (x, y) in layout.pegs.items():
        r = round(y / RH)
        if r not in rows or x < layout.pegs[rows[r]][0]:
            rows[r] = k
    return [rows[r] for r in sorted(rows)]


SEAT_NAMES = {
    2: [("south", "South"), ("north", "North")],
    3: [("south", "South"), ("northwest", "North-west"), ("northeast", "North-east")],
    4: [("south", "South"), ("west", "West"), ("north", "North"), ("east", "East")],
}


def seats_from(layout: Layout, players: int, south: list, west: list | None = None) -> list:
    """Seats in play order (clockwise around the table: south first). ``south`` are the south
    seat's start pegs; the others are its images under the rotation (for 4 players, ``west``
    gives the west seat's and north/east are the images of south/west)."""
    names = SEAT_NAMES[players]
    if players == 4:
        west = west or []
        starts = [south, west, layout.images(south), layout.images(west)]
    elif players == 3:
        starts = [south, layout.images(south, 1), layout.images(south, 2)]
    else:
        starts = [south, layout.images(south)]
    return [Seat(n, list(s), [], label) for (n, label), s in zip(names, starts)]


def empty_seats(players: int) -> list:
    """Seats without start pegs (locations where bands start anywhere, or on the crater)."""
    return [Seat(n, [], [], label) for n, label in SEAT_NAMES[players]]


# --- content helpers ---------------------------------------------------------------------------

def face_orbits(faces, layout: Layout) -> list:
    """Orbits (lists of face keys) of the triangular faces, in a fixed order."""
    cents = {k: v for k, v in face_centroids(faces).items() if len(k) == 3}
    return orbits(cents, layout.centre, layout.content_order)


def ring_distance(faces, layout: Layout, sources) -> dict:
    """Face key -> the smallest line distance from ``sources`` to one of its pegs."""
    nb = neighbours(layout.pegs, layout.lines)
    dist = distances(nb, sources)
    return {f.key: min(dist.get(p, 99) for p in f.pegs) for f in faces}


def segments_from(faces, data: dict) -> list:
    """Segments (in face order) for faces with something in ``data[key]`` (a dict of fields)."""
    out = []
    for f in faces:
        d = data.get(f.key)
        if not f.is_triangle or not d:
            continue
        seg = Segment(tuple(f.pegs), d.get("treasure", 0), d.get("energy", 0), d.get("idol"), d.get("picture"))
        if not seg.is_empty():
            out.append(seg)
    return out


def balanced_colours(layout: Layout, seed: int, tries: int = 80) -> dict:
    """Peg colours, once per orbit, with neighbours different where possible: the best of
    ``tries`` seeded colourings (most even colour counts, then fewest same-colour lines)."""
    best: dict = {}
    best_key = None
    for i in range(tries):
        colour = colour_pegs(layout.pegs, layout.lines, layout.centre, layout.content_order, new_rng(seed * 1000 + i))
        counts = Counter(colour.values())
        spread = max(counts.values()) - min(counts.get(c, 0) for c in ("red", "gray", "blue", "green", "yellow"))
        same = sum(1 for a, b in layout.lines if colour[a] == colour[b])
        key = (spread, same)
        if best_key is None or key < best_key:
            best, best_key = colour, key
    return best


def finish(pid, name, players, layout, segments, seats, description, seed, **extra) -> Board:
    """The board with balanced peg colours (:func:`balanced_colours`), checked symmetric when
    the layout is (:func:`~studio.generate.symmetry.check_symmetric`)."""
    colour = balanced_colours(layout, seed)
    board = build_board(pid, name, players, layout, colour, segments, seats, description, **extra)
    if layout.symmetric:
        check_symmetric(board, layout)
    return board


def fill(orbit_list, rng, target: int, weight, amount, field_name: str, data: dict, skip=None) -> int:
    """Put ``field_name`` on whole orbits, most ``weight``-y first (with some noise), until about
    ``target`` is placed. ``amount(orbit)`` gives the value for one face of the orbit; ``skip``
    leaves an orbit out. Returns what was placed."""
    ranked = sorted(orbit_list, key=lambda o: -weight(o) * (0.5 + rng.random()))
    placed = 0
    for orbit in ranked:
        if placed >= target:
            break
        if weight(orbit) <= 0 or (skip and skip(orbit)):
            continue
        n = min(amount(orbit), max(1, (target - placed) // len(orbit)))
        if placed + n * len(orbit) > target + len(orbit) // 2:
            continue
        for k in orbit:
            data.setdefault(k, {})[field_name] = n
        placed += n * len(orbit)
    return placed


# --- Location 2: Volcano -----------------------------------------------------------------------

VOLCANO = {2: ("square", 2202, 40, 31), 3: ("hexagon", 2303, 36, 30), 4: ("full", 2404, 62, 36)}


def crater_layout(layout: Layout) -> tuple[Layout, list]:
    """Take out the pegs nearest the centre (2 for a half turn, the central triangle for a third
    of a turn) with their lines: the hole left is the crater, ringed by the crater pegs."""
    k = 2 if layout.order == 2 else 3
    middle = sorted(layout.pegs, key=lambda p: math.dist(layout.pegs[p], layout.centre))[:k]
    nb = neighbours(layout.pegs, layout.lines)
    ring = sorted({q for p in middle for q in nb[p]} - set(middle),
                  key=lambda q: math.atan2(layout.pegs[q][1] - layout.centre[1], layout.pegs[q][0] - layout.centre[0]))
    return remove_pegs(layout, middle), ring


def volcano(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, treasure, energy = VOLCANO[players]
    seed = spec.seed_or(base_seed)
    kind, treasure, energy = spec.shape or kind, spec.amount("treasure", treasure), spec.amount("energy", energy)
    layout, ring = crater_layout(_layout(kind, spec))
    faces = line_graph_faces(layout.pegs, layout.lines)
    holes = [f for f in faces if not f.is_triangle]
    if len(holes) != 1 or not set(holes[0].pegs) <= set(ring):
        raise GenerateError(f"volcano {players}p: the crater is not one hole ringed by the crater pegs")
    tri = [f for f in faces if f.is_triangle]
    ring_of = ring_distance(tri, layout, ring)
    groups = face_orbits(tri, layout)
    rng = new_rng(seed)
    data: dict = {}
    # treasure grows toward the outer ring: the further from the crater, the richer
    fill(groups, rng, treasure, lambda o: [0.15, 0.5, 0.9, 1.2, 1.4][min(ring_of[o[0]], 4)],
         lambda o: 1 if ring_of[o[0]] <= 1 else 2 if ring_of[o[0]] == 2 or rng.random() < 0.6 else 3,
         "treasure", data)
    # energy lies mostly in the inner rings, on the way out, and a little everywhere
    fill(groups, rng, energy, lambda o: [1.2, 1.0, 0.6, 0.45, 0.35][min(ring_of[o[0]], 4)],
         lambda o: 2 if ring_of[o[0]] <= 1 and rng.random() < 0.35 else 1,
         "energy", data, skip=lambda o: data.get(o[0], {}).get("treasure", 0) >= 3)
    return finish(f"volcano-{players}p", f"Volcano, {SIZES[players]}", players, layout,
                  segments_from(faces, data), empty_seats(players),
                  f"Everyone starts on the {len(ring)} bright pegs around the crater in the middle. "
                  "Energy lies close to the crater, treasure further out toward the edge: six rounds "
                  "to gather both, and at least 7 energy to escape the eruption.",
                  seed, crater=ring)


# --- Location 3: Archipelago City --------------------------------------------------------------

def compass(layout: Layout, xy) -> str:
    dx, dy = xy[0] - layout.centre[0], xy[1] - layout.centre[1]
    if math.hypot(dx, dy) < 0.9:
        return "centre"
    names = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"]
    return names[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]


def canal_water(players: int, layout: Layout) -> set:
    """Lattice triangles under water: one-triangle-wide strips between islands."""
    tris = lattice_triangles(layout)
    if players == 2:
        # a quay island on each player's side, and the middle cut in two by a diagonal canal
        water = strip_triangles(layout, (0, 1.5 * RH), 0) | strip_triangles(layout, (0, 5.5 * RH), 0)
        water |= {t for t in strip_triangles(layout, layout.centre, 120) if 2 * RH < tris[t][1] < 5 * RH}
        # each quay cut in two by a short canal
        water |= {t for t in strip_triangles(layout, (3.25, 0.5 * RH), 60) if tris[t][1] < 1.5 * RH}
        return symmetric_closure(layout, water)
    if players == 3:
        # a canal along each long side, two rows in: three quays and the old town between them
        return symmetric_closure(layout, strip_triangles(layout, (0, 5.5 * RH), 0))
    # four quays (north and south across the board, west and east in the middle) and the old town
    water = strip_triangles(layout, (0, 1.5 * RH), 0)
    water |= {t for t in strip_triangles(layout, (3.25, 3.5 * RH), 60) if 2 * RH < tris[t][1] < 5 * RH}
    return symmetric_closure(layout, water)


ARCHIPELAGO = {  # seed, treasure (share on the quays), energy on the islands, candidate lines per bridge
    2: (3202, 56, 0.3, 6, 5),
    3: (3303, 40, 0.35, 6, 4),
    4: (3404, 48, 0.6, 6, 4),
}


def choose_bridges(layout: Layout, candidates: dict, peg_island: dict, per_canal: int) -> list:
    """Bridge lines: for each pair of facing islands, one crossing per ``per_canal`` candidate
    lines (at least one), spread evenly along the canal; no two bridges share a peg. Chosen once
    per orbit, so every pair of islands has the same bridges as its images."""
    by_pair: dict = {}
    for line in candidates:
        by_pair.setdefault(frozenset((peg_island[line[0]], peg_island[line[1]])), []).append(line)
    chosen: set = set()
    done = set()
    for pair in sorted(by_pair, key=lambda pr: sorted(pr)):
        if pair in done:
            continue
        lines = by_pair[pair]
        images = {frozenset(peg_island[layout.image(p, k)] for p in next(iter(lines))) for k in range(layout.order)}
        done |= images
        # order the crossings along the canal (its longest extent)
        xs = [candidates[line] for line in lines]
        spread_x = max(x for x, _ in xs) - min(x for x, _ in xs)
        spread_y = max(y for _, y in xs) - min(y for _, y in xs)
        lines = sorted(lines, key=lambda ln: (candidates[ln][0], candidates[ln][1]) if spread_x >= spread_y
                       else (candidates[ln][1], candidates[ln][0]))
        want = max(1, round(len(lines) / per_canal))
        for j in range(want):
            i = int((j + 0.5) * len(lines) / want)
            for step in (0, 1, -1, 2, -2):
                if not 0 <= i + step < len(lines):
                    continue
                line = lines[i + step]
                orbit = {line_key(layout.image(line[0], k), layout.image(line[1], k)) for k in range(layout.order)}
                used = {p for ln in chosen for p in ln}
                if any(p in used for ln in orbit for p in ln):
                    continue
                chosen |= orbit
                break
    return sorted(chosen)


def archipelago(spec: BoardSpec) -> Board:
    players = spec.players
    base_seed, treasure, share, island_energy, per_canal = ARCHIPELAGO[players]
    seed = spec.seed_or(base_seed)
    treasure, island_energy = spec.amount("treasure", treasure), spec.amount("energy", island_energy)
    kind = {2: "full", 3: "hexagon", 4: "square"}[players]
    base = _layout(kind, spec)
    water = canal_water(players, base)
    layout = carve(base, water)
    tris = lattice_triangles(base)
    land = [t for t in tris if t not in water]
    islands = components(land)
    peg_island: dict = {}
    for i, group in enumerate(islands):
        for t in group:
            for p in t:
                if peg_island.setdefault(p, i) != i:
                    raise GenerateError(f"archipelago {players}p: islands {i} and {peg_island[p]} touch at {p}")
    seats = {2: lambda: seats_from(layout, 2, ["h3", "h5", "h9"]),
             3: lambda: seats_from(layout, 3, ["h4", "h5", "h6"]),
             4: lambda: seats_from(layout, 4, ["h4", "h5", "h6"], ["d2", "e2"])}[players]()
    home = {peg_island[p] for seat in seats for p in seat.start}
    rng = new_rng(seed)

    # bridges: lines across one canal strip, from an island to another, spread out and apart
    kept = {line_key(a, b) for a, b in layout.lines}
    mids = line_midpoints(base.pegs, base.lines)
    candidates = {k: v for k, v in mids.items() if k not in kept and k[0] in peg_island and k[1] in peg_island
                  and peg_island[k[0]] != peg_island[k[1]]}
    chosen = choose_bridges(layout, candidates, peg_island, per_canal)
    bridge_energy = {}
    seat_of_island = {peg_island[p]: i for i, seat in enumerate(seats) for p in seat.start}
    for orbit in orbits({k: candidates[k] for k in chosen}, layout.centre, layout.content_order):
        e = rng.choice((1, 2, 3, 3))
        ends = {seat_of_island.get(peg_island[p], "town") for p in orbit[0]}
        if players == 4 and "town" in ends:
            # the old town lies along the west and east quays but only touches the south and
            # north ones at its ends: their way in pays more
            e = 3 if ends & {0, 2} else 2
        for k in orbit:
            bridge_energy[k] = e
    layout.lines = layout.lines + sorted(chosen)
    faces = line_graph_faces(layout.pegs, layout.lines)
    got = {f.key for f in faces if f.is_triangle}
    if got != set(land):
        raise GenerateError(f"archipelago {players}p: bridges close a triangle in a canal: {sorted(got - set(land))}")

    # contents: modest quays where the seats start, richer islands across the canals
    data: dict = {}
    groups = face_orbits([f for f in faces if f.is_triangle], layout)
    island_of = {t: i for i, g in enumerate(islands) for t in g}
    quay_share = round(treasure * share)
    # on the quays, a treasure at the foot of every bridge: the way across starts from a find
    landings = {p for line in chosen for p in line if peg_island[p] in home}
    for orbit in groups:
        if quay_share <= 0:
            break
        if island_of[orbit[0]] in home and orbit[0] not in data and set(orbit[0]) & landings:
            for k in orbit:
                data[k] = {"treasure": 1}
            quay_share -= len(orbit)
            landings -= {p for k in orbit for p in k}
    fill(groups, rng, quay_share, lambda o: 1.0 if island_of[o[0]] in home else 0, lambda o: 1, "treasure", data)
    fill(groups, rng, treasure - round(treasure * share), lambda o: 0 if island_of[o[0]] in home else 1.0,
         lambda o: rng.choice((1, 1, 2, 2, 3)), "treasure", data)
    fill(groups, rng, island_energy, lambda o: 0.5 if island_of[o[0]] in home else 1.0, lambda o: 1,
         "energy", data, skip=lambda o: data.get(o[0], {}).get("treasure", 0) >= 2)
    names: dict = {}
    for i, group in enumerate(islands):
        xs = [base.pegs[p] for t in group for p in t]
        where = compass(layout, (sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)))
        kind_name = "quay" if i in home else "town" if where == "centre" else "isle"
        name = f"{where}-{kind_name}" if where != "centre" else "old-town"
        n = 2
        while name in names.values():
            name = f"{where}-{kind_name}-{n}"
            n += 1
        names[i] = name
    island_map = {names[i]: [tuple(t) for t in group] for i, group in enumerate(islands)}
    bridges = [Bridge(k, bridge_energy[k]) for k in sorted(chosen)]
    return finish(f"archipelago-city-{players}p", f"Archipelago City, {SIZES[players]}", players, layout,
                  segments_from(faces, data), seats,
                  f"{len(islands)} islands between canals, crossed by {len(bridges)} bridges that pay "
                  f"{min(bridge_energy.values())} to {max(bridge_energy.values())} energy. Each seat starts "
                  "on its own quay; the richer islands lie across the canals.",
                  seed, islands=island_map, bridges=bridges, has_canals=True)


# --- Location 4: The Engraved Board ------------------------------------------------------------

MOTIFS = [
    "hummingbird", "monkey", "spider", "condor", "heron", "whale", "lizard", "pelican", "dog", "parrot",
    "flower", "tree", "hands", "astronaut", "fish", "frigatebird", "llama", "jaguar", "serpent", "owl",
    "sun", "star", "moon", "shell", "feather", "orca", "alpaca", "crab", "turtle", "fox",
]

ENGRAVED = {  # layout, seed, picture sizes (one orbit of pictures each), energy
    2: ("square", 4202, (4, 4, 5, 5, 6), 4),
    3: ("hexagon", 4303, (4, 4, 4, 5), 6),
    4: ("full", 4404, (4, 4, 4, 5, 5, 5, 6, 6), 8),
}


def tri_neighbours(tris) -> dict:
    by_side: dict = {}
    for t in tris:
        for side in triangle_sides(t):
            by_side.setdefault(side, []).append(t)
    return {t: [u for side in triangle_sides(t) for u in by_side[side] if u != t] for t in tris}


def grow_pictures(layout: Layout, sizes, rng, tries: int = 4000) -> list:
    """Disjoint pictures (lists of triangles), one orbit per size in ``sizes``: compact connected
    shapes, each copied by the rotation. Pictures keep a side's distance from each other when
    they can (they may touch at pegs)."""
    tris = lattice_triangles(layout)
    nbr = tri_neighbours(tris)
    used: set = set()
    pictures: list = []

    def image(t, k):
        return nearest(tris, rotate(tris[t], layout.centre, k * layout.angle))

    for size in sizes:
        for attempt in range(tries):
            strict = attempt < tries * 3 // 4
            blocked = set(used)
            if strict:
                blocked |= {u for t in used for u in nbr[t]}
            start = rng.choice(sorted(tris))
            if start in blocked:
                continue
            shape = [start]
            while len(shape) < size:
                options = sorted({u for t in shape for u in nbr[t]} - set(shape) - blocked)
                if not options:
                    break
                # compact: prefer triangles touching the shape on more sides
                options.sort(key=lambda u: (-sum(1 for v in nbr[u] if v in shape), rng.random()))
                shape.append(options[0])
            if len(shape) < size:
                continue
            orbit = [[image(t, k) for t in shape] for k in range(layout.order)]
            cells = [t for pic in orbit for t in pic]
            if len(set(cells)) != len(cells) or any(t in blocked for t in cells):
                continue
            if strict and any(u in cells for k in range(1, layout.order) for t in orbit[k] for u in nbr[t]
                              if u not in orbit[k]):
                continue  # two copies of the orbit would touch along a side
            pictures.extend(orbit)
            used.update(cells)
            break
        else:
            raise GenerateError(f"no room for a picture of {size} segments")
    return pictures


def engraved_board(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, sizes, energy = ENGRAVED[players]
    seed = spec.seed_or(base_seed)
    kind, energy = spec.shape or kind, spec.amount("energy", energy)
    layout = _layout(kind, spec)
    rng = new_rng(seed)
    pictures = grow_pictures(layout, sizes, rng)
    faces = line_graph_faces(layout.pegs, layout.lines)
    data, labels = {}, {}
    names = iter(MOTIFS)
    for pic in pictures:
        name = next(names)
        labels[name] = {"label": name.replace("-", " ").title()}
        for t in pic:
            data[t] = {"picture": name}
    groups = face_orbits(faces, layout)
    fill(groups, rng, energy, lambda o: 1.0 if o[0] in data else 0, lambda o: 1, "energy", data)
    # bright pegs spread along each seat's side of the edge, so any player finds a free one
    if players == 2:
        row = bottom_row(layout)
        seats = seats_from(layout, 2, [row[1], row[3], row[5]])
    elif players == 3:
        row = bottom_row(layout)
        seats = seats_from(layout, 3, [row[1], row[3]])
    else:
        row, col = bottom_row(layout), left_column(layout)
        seats = seats_from(layout, 4, [row[2], row[6]], [col[2], col[5]])
    return finish(f"engraved-board-{players}p", f"The Engraved Board, {SIZES[players]}", players, layout,
                  segments_from(faces, data), seats,
                  f"{len(pictures)} pictures of 4 to 6 segments engraved in the plateau, with bare "
                  "segments between them. Bright pegs all around the edge: start from any free one.",
                  seed, pictures=labels)


def own_side_seats(layout: Layout, players: int) -> list:
    """Start pegs in the middle of each seat's own edge (two or three bright pegs)."""
    row = bottom_row(layout)
    mid = len(row) // 2
    if players == 2:
        return seats_from(layout, 2, row[mid - 2:mid + 1] if len(row) % 2 == 0 else row[mid - 1:mid + 2])
    if players == 3:
        return seats_from(layout, 3, row[1:4])
    col = left_column(layout)
    return seats_from(layout, 4, row[mid - 1:mid + 1], col[3:5])


# --- Location 5: Fragile Ruins -----------------------------------------------------------------

RUINS = {  # layout, seed, ruins (kind, how many orbits), treasure in the ruins, treasure outside, energy
    2: ("full", 5202, (("hexagon", 2), ("triangle", 2)), 54, 8, 12),
    3: ("hexagon", 5303, (("hexagon", 1), ("triangle", 1)), 40, 6, 9),
    4: ("square", 5411, (("hexagon", 2), ("triangle", 1)), 44, 8, 10),
}


def ruin_shapes(layout: Layout) -> dict:
    """Candidate ruins: hexagons (the 6 segments around an inner peg) and big triangles (4
    segments, sides of 2): each is fenced by exactly 3 long barriers."""
    tris = lattice_triangles(layout)
    out = {}
    for p in layout.pegs:
        around = [t for t in tris if p in t]
        if len(around) == 6:
            out[("hexagon", p)] = sorted(around)
    for t in tris:  # a big triangle: t and its three side-neighbours
        nbr = [u for u in tris if u != t and len(set(u) & set(t)) == 2]
        if len(nbr) == 3:
            out[("triangle", t)] = sorted([t, *nbr])
    return out


def fragile_ruins(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, plan, ruin_treasure, other_treasure, energy = RUINS[players]
    seed = spec.seed_or(base_seed)
    kind, energy = spec.shape or kind, spec.amount("energy", energy)
    total = spec.amount("treasure", ruin_treasure + other_treasure)
    if total != ruin_treasure + other_treasure:  # the ruins keep their share of the treasure
        ruin_treasure = round(total * ruin_treasure / (ruin_treasure + other_treasure))
        other_treasure = total - ruin_treasure
    layout = _layout(kind, spec)
    rng = new_rng(seed)
    tris = lattice_triangles(layout)
    nbr = tri_neighbours(tris)
    shapes = ruin_shapes(layout)
    ruins: list = []
    used: set = set()
    for shape_kind, count in plan:
        for _ in range(count):
            options = [k for k in shapes if k[0] == shape_kind]
            rng.shuffle(options)
            for key in options:
                cells = shapes[key]
                orbit = [[nearest(tris, rotate(tris[t], layout.centre, k * layout.angle)) for t in cells]
                         for k in range(layout.order)]
                flat = [t for o in orbit for t in o]
                near = used | {u for t in used for u in nbr[t]}
                if len(set(flat)) != len(flat) or any(t in near for t in flat):
                    continue
                # ruins lie inside the board, a row or more away from the edge
                if any(len(nbr[t]) < 3 for t in flat):
                    continue
                ruins.extend(orbit)
                used.update(flat)
                break
    faces = line_graph_faces(layout.pegs, layout.lines)
    groups = face_orbits(faces, layout)
    in_ruin = {t for r in ruins for t in r}
    data: dict = {}
    # every segment of a ruin holds treasure; some hold two
    placed = 0
    for orbit in groups:
        if orbit[0] in in_ruin:
            for k in orbit:
                data[k] = {"treasure": 1}
            placed += len(orbit)
    more: dict = {}
    fill(groups, rng, ruin_treasure - placed, lambda o: 1.0 if o[0] in in_ruin else 0, lambda o: 1, "treasure", more)
    for k, v in more.items():
        data[k]["treasure"] += v["treasure"]
    fill(groups, rng, other_treasure, lambda o: 0 if o[0] in in_ruin else 0.5 + rng.random(),
         lambda o: 1, "treasure", data)
    fill(groups, rng, energy, lambda o: 0.4 if o[0] in in_ruin else 1.0, lambda o: 1, "energy", data)
    return finish(f"fragile-ruins-{players}p", f"Fragile Ruins, {SIZES[players]}", players, layout,
                  segments_from(faces, data), own_side_seats(layout, players),
                  f"{len(ruins)} ruins (hexagons of 6 segments and triangles of 4), each fenced by "
                  "three long barriers and rich enough to be worth closing as an excavation site; open "
                  "ground between them, with a little treasure and energy.", seed)


# --- Location 6: The Cursed Triangle -----------------------------------------------------------

CURSED = {  # layout, seed, treasure, energy
    2: ("square", 6202, 62, 12),
    3: ("hexagon", 6303, 56, 12),
    4: ("full", 6404, 96, 18),
}


def cursed_triangle(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, treasure, energy = CURSED[players]
    seed = spec.seed_or(base_seed)
    kind, treasure, energy = spec.shape or kind, spec.amount("treasure", treasure), spec.amount("energy", energy)
    layout = _layout(kind, spec)
    rng = new_rng(seed)
    faces = line_graph_faces(layout.pegs, layout.lines)
    groups = face_orbits(faces, layout)
    data: dict = {}
    # wrecks all over the ocean floor: nearly every segment pays, so small, separate territories
    # are worth as much as one big one
    fill(groups, rng, treasure, lambda o: 1.0, lambda o: 2 if rng.random() < 0.25 else 1, "treasure", data)
    fill(groups, rng, energy, lambda o: 1.0 if data.get(o[0], {}).get("treasure", 0) <= 1 else 0.2,
         lambda o: 1, "energy", data)
    return finish(f"cursed-triangle-{players}p", f"The Cursed Triangle, {SIZES[players]}", players, layout,
                  segments_from(faces, data), empty_seats(players),
                  "No starting pegs: wrecks lie all over the ocean floor, so bands may go anywhere and "
                  "every separate territory pays.", seed)


# --- Location 7: Two Demanding Deities ---------------------------------------------------------

DEITIES = {  # layout, seed, idol orbits (colour, pair?), treasure, energy
    2: ("full", 7202, (("orange", False), ("orange", True), ("blue", False), ("blue", True)), 52, 14),
    3: ("hexagon", 7303, (("orange", False), ("blue", False), ("blue", False)), 38, 12),
    4: ("square", 7408, (("orange", False), ("orange", True), ("blue", False), ("blue", True)), 44, 14),
}


def two_deities(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, idol_plan, treasure, energy = DEITIES[players]
    seed = spec.seed_or(base_seed)
    kind, treasure, energy = spec.shape or kind, spec.amount("treasure", treasure), spec.amount("energy", energy)
    layout = _layout(kind, spec)
    rng = new_rng(seed)
    tris = lattice_triangles(layout)
    nbr = tri_neighbours(tris)
    seats = own_side_seats(layout, players)
    starts = {p for seat in seats for p in seat.start}
    idols, shrine = {}, set()
    if players == 3:  # the central segment is its own image: an orange idol at the heart of the board
        middle = min(tris, key=lambda t: math.dist(tris[t], layout.centre))
        idols[middle] = "orange"
        shrine |= {middle, *nbr[middle]}
    for colour, pair in idol_plan:
        options = sorted(tris)
        rng.shuffle(options)
        for t in options:
            cells = [t] + ([rng.choice(nbr[t])] if pair else [])
            orbit = [nearest(tris, rotate(tris[c], layout.centre, k * layout.angle))
                     for c in cells for k in range(layout.order)]
            if len(set(orbit)) != len(orbit) or any(c in shrine for c in orbit):
                continue
            if any(p in starts for c in orbit for p in c) or any(len(nbr[c]) < 3 for c in orbit):
                continue  # not on the edge, not at a start peg
            for c in orbit:
                idols[c] = colour
            shrine |= set(orbit) | {u for c in orbit for u in nbr[c]}
            break
    faces = line_graph_faces(layout.pegs, layout.lines)
    groups = face_orbits(faces, layout)
    data = {t: {"idol": c} for t, c in idols.items()}
    # treasure and energy keep a side away from the idols, so an idol can be explored alone
    # without leaving riches behind
    fill(groups, rng, treasure, lambda o: 0 if o[0] in shrine else 0.6 + 0.8 * rng.random(),
         lambda o: rng.choice((1, 1, 2, 2, 3)), "treasure", data)
    fill(groups, rng, energy, lambda o: 0 if o[0] in shrine else 1.0, lambda o: 1, "energy", data)
    counts = Counter(idols.values())
    return finish(f"two-deities-{players}p", f"Two Demanding Deities, {SIZES[players]}", players, layout,
                  segments_from(faces, data), seats,
                  f"{counts['orange']} orange and {counts['blue']} blue idols, alone or in pairs, with bare "
                  "segments around them so they can be explored on their own; treasure and energy "
                  "elsewhere.", seed)


# --- Location 8: The Labyrinth -----------------------------------------------------------------

LABYRINTH = {  # layout, seed, walls (strip through, direction, range along it), treasure, artifact orbits per kind
    2: ("full", 8202, [((0, 1.5 * RH), 0, (-1, 7.2)), ((0, 3.5 * RH), 0, (-1, 3.0))], 50, 2),
    3: ("hexagon", 8303, [((0, 5.5 * RH), 0, (-1, 5.2))], 42, 1),
    4: ("full", 8546, [((0, 1.5 * RH), 0, (-1, 7.2)), ((0, 3.5 * RH), 0, (-1, 3.0))], 60, 2),
}


def labyrinth_layout(layout: Layout, walls) -> Layout:
    """Walls are one-triangle-wide strips taken out of the lattice, each running in from the
    edge of the board (so no hole is left: every face stays a triangle); with their images under
    the rotation they leave corridors between them."""
    cut = set()
    for through, direction, span in walls:
        cut |= strip_triangles(layout, through, direction, span)
    cut = symmetric_closure(layout, cut)
    return carve(layout, cut)


def labyrinth(spec: BoardSpec) -> Board:
    players = spec.players
    kind, base_seed, walls, treasure, per_kind = LABYRINTH[players]
    seed = spec.seed_or(base_seed)
    treasure = spec.amount("treasure", treasure)
    layout = labyrinth_layout(_layout(kind, spec), walls)
    rng = new_rng(seed)
    faces = line_graph_faces(layout.pegs, layout.lines)
    holes = [f.pegs for f in faces if not f.is_triangle]
    if holes:
        raise GenerateError(f"labyrinth {players}p: the walls leave holes {holes}")
    if players == 4:  # south and north at the ends of the serpentine, west and east on its middle turns
        row, col = bottom_row(layout), left_column(layout)
        seats = seats_from(layout, 4, row[-2:], col[2:4])
    else:
        seats = own_side_seats(layout, players)
    nb = neighbours(layout.pegs, layout.lines)
    far: dict = {}
    for seat in seats:
        for p, d in distances(nb, seat.start).items():
            far[p] = min(far.get(p, 99), d)
    mids = line_midpoints(layout.pegs, layout.lines)
    groups = orbits(mids, layout.centre, layout.content_order)
    rng.shuffle(groups)
    depth = {line: min(far[line[0]], far[line[1]]) for line in mids}
    items: dict[tuple, dict[str, Any]] = {}
    taken: set = set()

    def free(orbit):
        pegs = [p for line in orbit for p in line]
        return len(set(pegs)) == len(pegs) and not any(p in line for line in taken for p in pegs)

    # artifacts deep in the maze, several lines from every start; the kinds take turns
    deep = sorted(groups, key=lambda o: -depth[o[0]] + 2.5 * rng.random())
    kinds = [k for _ in range(per_kind) for k in ("sword", "helmet", "shield")]
    for n, artifact in enumerate(kinds):
        for orbit in deep:
            if depth[orbit[0]] >= 2 and free(orbit):
                for line in orbit:  # every other artifact lies on a little treasure
                    items[line] = {"artifact": artifact, **({"treasure": 1} if n % 2 else {})}
                taken.update(orbit)
                break
    # treasure strewn along the corridors, from the start on (a trail to follow), a little
    # richer further in
    placed = sum(v.get("treasure", 0) for v in items.values())
    # the ways through: lines on a shortest route from each start to the middle of the board
    middle = sorted(layout.pegs, key=lambda p: math.dist(layout.pegs[p], layout.centre))[:4]
    to_middle = distances(nb, middle)
    route = set()
    for seat in seats:
        for p0 in seat.start:
            p = p0
            while to_middle[p] > 0:
                q = min((q for q in nb[p] if to_middle[q] == to_middle[p] - 1), key=lambda q: layout.pegs[q])
                route.add(line_key(p, q))
                p = q
    for orbit in groups:  # a trail of single treasures along each route
        if orbit[0] in route and orbit[0] not in taken:
            for line in orbit:
                items.setdefault(line, {})["treasure"] = 1
            taken.update(orbit)
            placed += len(orbit)
    on_route = {line for line in mids if any(line[0] in r or line[1] in r for r in route)}
    for orbit in sorted(groups, key=lambda o: rng.random()):
        if placed >= treasure:
            break
        if orbit[0] in taken or (orbit[0] in on_route and depth[orbit[0]] <= 4):
            continue  # no side trails next to the way out of the start
        t = 2 if depth[orbit[0]] >= 4 and rng.random() < 0.4 else 1
        for line in orbit:
            items.setdefault(line, {})["treasure"] = t
        taken.update(orbit)
        placed += t * len(orbit)
    line_items = [LineItem(line, v.get("treasure", 0), v.get("artifact")) for line, v in sorted(items.items())]
    if players == 4:
        line_items = even_out_seats(layout, seats, line_items, groups, depth, seed)
    n_art = sum(1 for i in line_items if i.artifact)
    return finish(f"labyrinth-{players}p", f"The Labyrinth, {SIZES[players]}", players, layout, [], seats,
                  f"Walls run in from the edge and leave winding corridors. {n_art} artifacts (swords, "
                  "helmets and shields) lie deep inside, treasure along the way; every seat's "
                  "chain starts on its own side.", seed, line_items=line_items)


def even_out_seats(layout: Layout, seats, line_items, groups, depth, seed, limit: float = 0.1) -> list:
    """Four seats come in two pairs (south/north, west/east) that the half turn cannot swap:
    put treasure on free lines near the poorer pair's start, the best line each time, until the
    two pairs can reach about as much within three bands (the measure of ``studio validate``,
    with the board's own band shapes and with the Labyrinth's chains)."""
    from studio.model.realm import RealmRules
    from studio.validate.lint import BoardNeeds, seat_reach

    chain = BoardNeeds.of_rules(RealmRules(bands=("chain",), start="own-side"))
    nb = neighbours(layout.pegs, layout.lines)

    def spread(items):
        board = build_board("probe", "probe", 4, layout, {p: "red" for p in layout.pegs}, [], seats, "",
                            line_items=list(items.values()))
        worst, poor = 0.0, None
        for needs in (BoardNeeds.of_board(board), chain):
            reach = seat_reach(board, needs)
            high = max(reach.values())
            low_seat = min(reach, key=reach.get)
            gap = (high - reach[low_seat]) / high if high else 0.0
            if gap > worst:
                worst, poor = gap, low_seat
        return worst, poor

    items = {line_key(*i.line): i for i in line_items}
    worst, poor = spread(items)
    while worst > limit:
        near = distances(nb, next(s for s in seats if s.name == poor).start)
        options = [o for o in groups if all(line not in items for line in o)
                   and min(near.get(o[0][0], 9), near.get(o[0][1], 9)) <= 2]
        best = None
        for orbit in sorted(options):
            trial = dict(items)
            for line in orbit:
                trial[line] = LineItem(line, 1, None)
            got = spread(trial)
            if best is None or got[0] < best[0]:
                best = (got[0], got[1], trial)
        if best is None or best[0] >= worst:
            break
        worst, poor, items = best
    return sorted(items.values(), key=lambda i: line_key(*i.line))


# --- the designs -------------------------------------------------------------------------------

DESIGNS = {
    "jungle-temples": jungle_temples,
    "volcano": volcano,
    "archipelago-city": archipelago,
    "engraved-board": engraved_board,
    "fragile-ruins": fragile_ruins,
    "cursed-triangle": cursed_triangle,
    "two-deities": two_deities,
    "labyrinth": labyrinth,
}
"""Location id (the scenario's, ``scenarios/<id>.yaml``) -> its design, in rulebook order."""

_HALF = ("full", "square")
SHAPE_CHOICES: dict[str, dict[int, tuple[str, ...]]] = {
    "jungle-temples": {2: ("full",), 3: ("hexagon",), 4: ("square",)},
    "volcano": {2: _HALF, 3: ("hexagon",), 4: _HALF},
    "archipelago-city": {2: ("full",), 3: ("hexagon",), 4: ("square",)},
    "engraved-board": {2: _HALF, 3: ("hexagon",), 4: _HALF},
    "fragile-ruins": {2: _HALF, 3: ("hexagon",), 4: _HALF},
    "cursed-triangle": {2: _HALF, 3: ("hexagon",), 4: _HALF},
    "two-deities": {2: _HALF, 3: ("hexagon",), 4: _HALF},
    "labyrinth": {2: ("full",), 3: ("hexagon",), 4: ("full",)},
}
"""The base shapes each design can be drawn on, per player count (the canals, walls and the
Jungle Temples' start pegs are drawn for one shape; 3 players always need the hexagon)."""

AMOUNTS: dict[str, tuple[str, ...]] = {loc: ("treasure", "energy") for loc in DESIGNS}
AMOUNTS["engraved-board"] = ("energy",)
AMOUNTS["labyrinth"] = ("treasure",)
NO_AMOUNT = {("engraved-board", "treasure"): "its points come from completed pictures (L4), not from treasure",
             ("labyrinth", "energy"): "chains gather line items (L8): there are no segments to hold energy"}


def design_board(spec: BoardSpec) -> Board:
    """The board ``spec`` asks for (its ``location`` set to the design's location id). Raises
    :class:`GenerateError` for constraints the design cannot take (see
    :meth:`BoardSpec.check`) and for a seed that leaves no room for the design's elements."""
    spec.check()
    try:
        board = DESIGNS[spec.location](spec)
    except (IndexError, KeyError, StopIteration) as exc:  # a shape too small for the design's elements
        raise GenerateError(f"{spec.location} for {spec.players} players: seed {spec.seed} leaves no room "
                            f"for the design ({type(exc).__name__}: {exc})") from None
    board.location = spec.location  # the scenario id: the board plays with its rules wherever it is saved
    missed = amount_missed(spec, board)
    if missed:
        raise GenerateError(missed)
    return board


def amount_missed(spec: BoardSpec, board: Board) -> str | None:
    """Why ``board`` does not hold the treasure or energy total ``spec`` asks for, or None.
    Content goes on whole orbits of the seat rotation (and some designs place a fixed part,
    or run out of segments), so a total within :func:`amount_tolerance` counts as met; past it
    the candidate is refused with what it holds (a trial asked 300 and was offered 81)."""
    held = totals(board)
    for what in ("treasure", "energy"):
        asked = getattr(spec, what)
        if asked is None:
            continue
        got = held[what]
        off = amount_tolerance(asked, spec.players)
        if abs(got - asked) > off:
            return (f"asked for {asked} {what}, but the {spec.location} design placed {got} with seed {spec.seed} "
                    f"(more than {off} off): try a total nearer {got}")
    return None


def amount_tolerance(asked: int, players: int) -> int:
    """How far a board's treasure or energy total may be from ``asked``: two whole orbits of
    the seat rotation (``players`` segments each) or a tenth of the total, whichever is more."""
    return max(2 * players, math.ceil(asked / 10))


def adopted_runs(board_id: str, folder=None) -> list:
    """The balance assistant's runs adopted for the bundled board ``board_id`` (issue 15), in
    the order they were applied: the ``studio-balance/1`` records ``BOARD-ID.balance-K.json`` of
    ``folder`` (default: the bundled ``boards/realm/balance/``), by K; run K searched from the
    board run K-1 gave, and the proposal its ``adopted`` names (default 1) is the one adopted.
    Returns the paths; raises :class:`GenerateError` naming a file that is not such a record of
    that board."""
    return [path for path, _data in _adopted_records(board_id, folder)]


def _adopted_records(board_id: str, folder=None) -> list[tuple]:
    """``(path, record)`` of each run of :func:`adopted_runs`, each file read once."""
    import json

    from studio.content.paths import bundled_path
    from studio.content.yamlio import json_reason, read_json

    folder = bundled_path("boards", "realm", "balance") if folder is None else folder
    if not folder.is_dir():
        return []
    runs = []
    for path in folder.glob(f"{board_id}.balance-*.json"):
        number = path.stem.rpartition("-")[2]
        if not number.isdigit():
            raise GenerateError(f"{path}: a balance record of {board_id} is named {board_id}.balance-K.json "
                                "(K: the run's number)")
        runs.append((int(number), path))
    out = []
    for _k, path in sorted(runs):
        try:
            data = read_json(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise GenerateError(f"{path}:{exc.lineno}:{exc.colno}: not a readable balance record (JSON syntax "
                                f"error: {json_reason(exc)})") from None
        except (OSError, ValueError) as exc:
            raise GenerateError(f"{path}: not a readable balance record ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != "studio-balance/1" \
                or (data.get("board") or {}).get("id") != board_id or not data.get("proposals"):
            raise GenerateError(f"{path}: not a studio-balance/1 record of board {board_id} with a proposal")
        adopted = data.get("adopted", 1)
        if type(adopted) is not int or not 1 <= adopted <= len(data["proposals"]):
            raise GenerateError(f"{path}: adopted must be the number of one of its {len(data['proposals'])} "
                                f"proposals, got {adopted!r}")
        out.append((path, data))
    return out


def adopted_edits(board_id: str, folder=None) -> list:
    """The edits (:class:`~studio.balance.edits.Edit`) the bundled board ``board_id`` has on top
    of its design, in order: of each run of :func:`adopted_runs`, the proposal its ``adopted``
    names (1, the first, when it names none)."""
    from studio.balance.edits import Edit

    return [Edit.from_dict(e) for _path, data in _adopted_records(board_id, folder)
            for e in data["proposals"][data.get("adopted", 1) - 1]["edits"]]


def bundled_board(location: str, players: int, folder=None) -> Board:
    """The bundled board of ``location`` for ``players``: its design with the table's seed
    (:func:`design_board`), then the balance assistant's adopted edits
    (:func:`adopted_edits`; rule edits are the scenario's, not the board's, and are left out).
    ``tools/design_boards.py`` writes these; they are the files in ``boards/realm/``."""
    from studio.balance.edits import apply_edits

    board = design_board(BoardSpec(location, players))
    edits = [e for e in adopted_edits(board.id, folder) if e.kind != "rules"]
    if edits:
        board, _rules = apply_edits(board, edits)
        board.description = adopted_description(board.description, len(edits))
    return board


def adopted_description(text: str | None, edits: int) -> str:
    """A design's description once the balance assistant's ``edits`` adopted edits are on the
    board: its claim that the board is symmetric is narrowed to the layout, and a sentence says
    the content was moved on purpose (turn order and opening hands, RTR-S2)."""
    text = re.sub(r"The board is symmetric under ([^.]+)\.", r"Its layout is symmetric under \1.", text or "")
    many = "edits" if edits > 1 else "edit"
    lead = f"{text} " if text else ""
    return (f"{lead}The balance assistant then made {edits} {many} to its content (boards/realm/balance/), "
            "uneven on purpose: turn order and opening hands (RTR-S2) make the seats unequal in play.")


def totals(board: Board) -> dict:
    """``{"treasure", "energy", "bridge energy", "idols", "pictures", "artifacts"}`` counted
    on ``board`` (treasure on segments and line items; energy on segments)."""
    return {"treasure": sum(s.treasure for s in board.segments) + sum(i.treasure for i in board.line_items),
            "energy": sum(s.energy for s in board.segments),
            "bridge energy": sum(b.energy for b in board.bridges),
            "idols": sum(1 for s in board.segments if s.idol),
            "pictures": len(board.pictures),
            "artifacts": sum(1 for i in board.line_items if i.artifact)}
