"""New boards from a few choices (what the New Board wizard asks), without Qt.

:func:`build_board` turns a :class:`NewBoardSpec` into a valid, empty
:class:`~studio.model.realm.Board`: a triangular lattice (the standard 8 x 10 base, a
hexagon cut from it, or any rows x columns and spacing) with every lattice line, so every face
is a segment; pegs coloured so that neighbours differ where they can, and identically on every
seat's part of a symmetric board; one seat per player with start pegs in the middle of its own
side and, for the cross-board race (L1-2), the opposite side as goal; a crater hole in the
middle for crater starts (L2-2); an empty canals section for Archipelago City (L3-2).

Shapes and sides. A *rectangle* has sides ``south``, ``north``, ``west`` and ``east``. A
*hexagon* (flat top and bottom) alternates short and long sides, so it is symmetric under a
third of a turn: ``north``, ``north-east``, ``south-east``, ``south``, ``south-west``,
``north-west``; the long ones are ``south``, ``north-east`` and ``north-west``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from studio.geometry.lattice import STANDARD_COLUMNS, STANDARD_ROWS, peg_id, triangular_lattice
from studio.model.locations import BASE
from studio.model.realm import COLOURS, Board, Peg, RealmRules, Seat

SHAPES = ("rectangle", "hexagon")
SIDE_NORMALS = {
    "north": (0.0, -1.0),
    "south": (0.0, 1.0),
    "west": (-1.0, 0.0),
    "east": (1.0, 0.0),
    "north-east": (math.sqrt(3) / 2, -0.5),
    "south-east": (math.sqrt(3) / 2, 0.5),
    "south-west": (-math.sqrt(3) / 2, 0.5),
    "north-west": (-math.sqrt(3) / 2, -0.5),
}
SHAPE_SIDES = {
    "rectangle": ("south", "west", "north", "east"),
    "hexagon": ("south", "north-east", "north-west", "north", "south-west", "south-east"),
}
OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west",
            "north-east": "south-west", "south-west": "north-east",
            "north-west": "south-east", "south-east": "north-west"}
LOCATION_NAMES = {1: "Jungle Temples", 2: "Volcano", 3: "Archipelago City", 4: "The Engraved Board",
                  5: "Fragile Ruins", 6: "The Cursed Triangle", 7: "Two Demanding Deities", 8: "The Labyrinth"}


@dataclass
class SeatSpec:
    """One seat: its id (``name``), display ``label``, the ``side`` its start pegs are on,
    how many (``starts``, 0 for none), and the ``goal`` side (None for no goal)."""

    name: str
    label: str
    side: str
    starts: int = 3
    goal: str | None = None


@dataclass
class NewBoardSpec:
    """Everything the wizard asks. ``rules`` are the chosen scenario's rules (they decide start
    pegs, goals, a crater, canals); ``scenario_id`` becomes the board's location (``base`` when
    None: the base rules); ``scenario_path`` is the chosen scenario's file."""

    board_id: str = "new-board"
    name: str = "New board"
    players: int = 2
    shape: str = "rectangle"
    rows: int = STANDARD_ROWS
    columns: int = STANDARD_COLUMNS
    spacing: float = 1.0
    seats: list[SeatSpec] = field(default_factory=list)
    rules: RealmRules = field(default_factory=RealmRules)
    scenario_path: str | None = None
    scenario_id: str | None = None
    description: str | None = None
    crater: bool = False
    canals: bool = False
    seed: int = 80

    def is_standard_base(self) -> bool:
        return (self.rows, self.columns, self.spacing) == (STANDARD_ROWS, STANDARD_COLUMNS, 1.0)


# --- defaults --------------------------------------------------------------------------------

def default_shape(players: int) -> str:
    """A hexagon for 3 players (symmetric under a third of a turn), else the full rectangle."""
    return "hexagon" if players == 3 else "rectangle"


def default_seats(players: int, shape: str, rules: RealmRules | None = None) -> list[SeatSpec]:
    """Seats facing each other, in play order, which goes clockwise (rulebook; clockwise on
    screen, where y grows downward): South and North for 2; the long sides of a hexagon
    (South, North-west, North-east) or South, West and East of a rectangle for 3; South, West,
    North, East for 4 (South, South-west, North, North-east on a hexagon). Start pegs when the
    rules start on the seat's own side or on any start peg (RTR-P5, L4-1); a goal on the
    opposite side for the cross-board race (L1-2)."""
    rules = rules or RealmRules()
    if players == 2:
        sides = ["south", "north"]
    elif players == 3:
        sides = ["south", "north-west", "north-east"] if shape == "hexagon" else ["south", "west", "east"]
    else:
        sides = ["south", "west", "north", "east"] if shape == "rectangle" else \
            ["south", "south-west", "north", "north-east"]
    starts = 0 if rules.start in ("anywhere", "crater") else (2 if players == 4 else 3)
    race = "cross-board" in (rules.modules or {})
    out = []
    for side in sides[:players]:
        out.append(SeatSpec(side.replace("-", ""), side_label(side), side, starts, OPPOSITE[side] if race else None))
    return out


def side_label(side: str) -> str:
    return "-".join(part.title() for part in side.split("-"))


def spec_for(rules: RealmRules, players: int, scenario_id: str | None = None, scenario_name: str | None = None,
             scenario_path: str | None = None) -> NewBoardSpec:
    """The wizard's defaults for a scenario and player count."""
    shape = default_shape(players)
    base = scenario_id or "new-board"
    return NewBoardSpec(
        board_id=f"{base}-{players}p", name=f"{scenario_name or 'New board'}, {players} players",
        players=players, shape=shape, seats=default_seats(players, shape, rules), rules=rules,
        scenario_path=scenario_path, scenario_id=scenario_id,
        crater=rules.start == "crater", canals="canals" in (rules.modules or {}))


# --- lattice shapes ----------------------------------------------------------------------------

def lattice(shape: str, rows: int, columns: int, spacing: float = 1.0
            ) -> tuple[dict[str, tuple[float, float]], list[tuple[str, str]]]:
    """Pegs and lines of ``shape`` on a rows x columns triangular lattice. Raises ValueError
    for an unknown shape or a lattice too small for it."""
    if rows < 2 or columns < 2:
        raise ValueError(f"a board needs at least 2 rows and 2 columns, got {rows} x {columns}")
    xy, lines = triangular_lattice(rows, columns, spacing)
    if shape == "rectangle":
        keep = set(xy)
    elif shape == "hexagon":
        keep = _hexagon(rows, columns)
    else:
        raise ValueError(f"unknown shape {shape!r} (expected one of {SHAPES})")
    pegs = {pid: (round(x, 6), round(y, 6)) for pid, (x, y) in xy.items() if pid in keep}
    return pegs, [(a, b) for a, b in lines if a in keep and b in keep]


def _hexagon(rows: int, columns: int) -> set[str]:
    """Lattice ids of the largest hexagon with flat top and bottom, short top side ``a`` and
    long bottom side ``b = a or a + 1`` (so a third of a turn maps it onto itself), centred."""
    height = rows - 1
    a = height // 2
    b = height - a
    while a + b + 1 > columns and a > 0:
        a, b = a - 1, b - 1 if b > a else b
        height = a + b
    if a < 1:
        raise ValueError(f"a {rows} x {columns} lattice is too small for a hexagon")
    used_rows = a + b + 1
    r0 = (rows - used_rows) // 2
    if r0 % 2:  # keep the widest row on an even lattice row so the columns below line up
        r0 -= 1
    # row i of the hexagon: its first peg's x (lattice units) and its peg count
    widest = a + b + 1
    x_widest = (columns - 1 - (widest - 1)) / 2
    keep = set()
    for i in range(used_rows):
        r = r0 + i
        if r >= rows:
            break
        count = a + 1 + i if i <= b else a + 1 + b - (i - b)
        x_start = x_widest + (b - i) / 2 if i <= b else x_widest + (i - b) / 2
        shift = 0.5 if r % 2 else 0.0
        c0 = round(x_start - shift)
        for c in range(c0, c0 + count):
            if 0 <= c < columns:
                keep.add(peg_id(r, c))
    return keep


# --- building ----------------------------------------------------------------------------------

def build_board(spec: NewBoardSpec) -> Board:
    """The board ``spec`` describes. Raises ValueError when the spec cannot make a board
    (unknown shape or side, lattice too small, duplicate seat names)."""
    if not 2 <= spec.players <= 4:
        raise ValueError(f"Rule the Realm is for 2 to 4 players, got {spec.players}")
    names = [s.name for s in spec.seats]
    if len(set(names)) != len(names):
        raise ValueError(f"seat names must differ, got {names}")
    xy, lines = lattice(spec.shape, spec.rows, spec.columns, spec.spacing)
    crater: list[str] = []
    if spec.crater:
        xy, lines, crater = _cut_crater(xy, lines)
    neighbours: dict[str, set[str]] = {p: set() for p in xy}
    for a, b in lines:
        neighbours[a].add(b)
        neighbours[b].add(a)
    colours = _colour(xy, neighbours, spec)
    pegs = {pid: Peg(pid, x, y, colours[pid]) for pid, (x, y) in xy.items()}
    edge = _outer_pegs(xy, neighbours)
    seats = {}
    for seat in spec.seats:
        start = _middle(_side_pegs(xy, edge, seat.side, spec.spacing), seat.side, seat.starts) if seat.starts else []
        goal = _side_pegs(xy, edge, seat.goal, spec.spacing) if seat.goal else []
        seats[seat.name] = Seat(seat.name, start, _ordered(xy, goal, seat.goal) if goal and seat.goal else [], seat.label or None)
    return Board(id=spec.board_id, name=spec.name, players=spec.players, pegs=pegs,
                 lines=[(a, b) for a, b in lines], seats=seats, description=spec.description or None,
                 has_canals=spec.canals, crater=crater, location=spec.scenario_id or BASE)


def _cut_crater(xy, lines):
    """Remove the pegs nearest the centre; the pegs joined to them ring the crater."""
    cx = sum(x for x, _ in xy.values()) / len(xy)
    cy = sum(y for _, y in xy.values()) / len(xy)
    dist = {p: math.hypot(x - cx, y - cy) for p, (x, y) in xy.items()}
    nearest = min(dist.values())
    hole = {p for p, d in dist.items() if d < nearest + 1e-3}
    ring = sorted({q for a, b in lines for p, q in ((a, b), (b, a)) if p in hole and q not in hole},
                  key=lambda p: math.atan2(xy[p][1] - cy, xy[p][0] - cx))
    xy = {p: v for p, v in xy.items() if p not in hole}
    lines = [(a, b) for a, b in lines if a not in hole and b not in hole]
    return xy, lines, ring


def _outer_pegs(xy, neighbours) -> set[str]:
    """Pegs on the outer edge: inside a full triangular lattice a peg has 6 neighbours."""
    return {p for p, nb in neighbours.items() if len(nb) < 6} | {p for p in xy if not neighbours[p]}


def _side_pegs(xy, edge, side: str, spacing: float) -> list[str]:
    if side not in SIDE_NORMALS:
        raise ValueError(f"unknown side {side!r} (expected one of {tuple(SIDE_NORMALS)})")
    nx, ny = SIDE_NORMALS[side]
    proj = {p: xy[p][0] * nx + xy[p][1] * ny for p in edge}
    if not proj:
        return []
    top = max(proj.values())
    return _ordered(xy, [p for p, v in proj.items() if v > top - 0.55 * spacing], side)


def _ordered(xy, pegs, side: str) -> list[str]:
    """Pegs of a side in order along it (clockwise around the board)."""
    nx, ny = SIDE_NORMALS[side]
    return sorted(pegs, key=lambda p: xy[p][0] * -ny + xy[p][1] * nx)


def _middle(pegs: list[str], side: str, n: int) -> list[str]:
    if n >= len(pegs):
        return list(pegs)
    start = (len(pegs) - n) // 2
    return pegs[start:start + n]


def symmetry_order(xy: dict[str, tuple[float, float]], players: int) -> int:
    """3 when a third of a turn maps the pegs onto themselves (and 3 players), 2 for a half
    turn, else 1."""
    cx = sum(x for x, _ in xy.values()) / len(xy)
    cy = sum(y for _, y in xy.values()) / len(xy)
    spots = {(round(x, 3), round(y, 3)) for x, y in xy.values()}

    def maps(order: int) -> bool:
        a = 2 * math.pi / order
        c, s = math.cos(a), math.sin(a)
        for x, y in xy.values():
            dx, dy = x - cx, y - cy
            if (round(cx + c * dx - s * dy, 3), round(cy + s * dx + c * dy, 3)) not in spots:
                return False
        return True

    candidates = (3, 2) if players == 3 else (2, 3)
    for order in candidates:
        if maps(order):
            return order
    return 1


def _orbits(xy, order: int) -> list[list[str]]:
    if order == 1:
        return [[p] for p in xy]
    cx = sum(x for x, _ in xy.values()) / len(xy)
    cy = sum(y for _, y in xy.values()) / len(xy)
    at = {(round(x, 3), round(y, 3)): p for p, (x, y) in xy.items()}
    seen: set[str] = set()
    out = []
    for p, (x, y) in xy.items():
        if p in seen:
            continue
        orbit = []
        for k in range(order):
            a = 2 * math.pi * k / order
            c, s = math.cos(a), math.sin(a)
            dx, dy = x - cx, y - cy
            q = at.get((round(cx + c * dx - s * dy, 3), round(cy + s * dx + c * dy, 3)))
            if q is not None and q not in orbit:
                orbit.append(q)
        seen.update(orbit)
        out.append(orbit)
    return out


def _colour(xy, neighbours, spec: NewBoardSpec) -> dict[str, str]:
    """Greedy colouring by orbits of the board's symmetry: each orbit takes the colour that
    clashes least with coloured neighbours, then the least used one (seeded ties)."""
    rng = random.Random(spec.seed)
    order = symmetry_order(xy, spec.players) if xy else 1
    orbits = sorted(_orbits(xy, order), key=lambda o: (xy[o[0]][1], xy[o[0]][0]))
    colour: dict[str, str] = {}
    used: Counter = Counter()
    for orbit in orbits:
        def cost(c: str) -> tuple:
            clashes = sum(1 for p in orbit for n in neighbours[p] if colour.get(n) == c)
            return (clashes, used[c], rng.random())
        best = min(COLOURS, key=cost)
        for p in orbit:
            colour[p] = best
        used[best] += len(orbit)
    return colour
