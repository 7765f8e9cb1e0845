"""Rules lint: can the game of the rulebook be played on this board or scenario?

Board checks build on :class:`~studio.validate.geometry.BoardGeometry`: one seat per player
(RTR-S6), start and goal pegs where the scenario needs them (RTR-P5, L1-1, L1-2, L4-1, L8-3),
start pegs on the board's outer edge and goals across the board from them, every seat reaching
every listed segment and its goal through the lines, no peg without a line, coherent pictures
(L4-2, L4-6: defined, 4 to 6 segments, in one piece), and seats of equal fortune (the treasure
and energy within 3 bands of each start). Scenario checks look at the rules against the boards
they use: a crater for crater starts (L2-2), islands and bridges for canals (L3-2), pictures for
the pictures module and end (L4-2, L4-7), idols of both colours (L7-1), line items with every
artifact (L8-2, L8-9), rules that need a module or contradict one, and personal decks the deck
can deal (L6-1). Codes in ``docs/findings.md``.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from dataclasses import dataclass, field

from studio.geometry import planar
from studio.geometry.bands import Topology
from studio.model.realm import ARTIFACTS, Board, BoardError, RealmRules, Scenario, line_key, segment_key
from studio.validate.geometry import BoardGeometry, side_connected_parts
from studio.validate.report import Reporter, quote_pegs

PICTURE_SIZES = (4, 5, 6)  # L4-6: the majority bonus exists for pictures of 4, 5 or 6 segments
COLOURS_IN_DECK = 5        # RTR-S1
IDOL_COLOURS = ("orange", "blue")  # L7-1
FAIRNESS_BANDS = 3         # seat fairness: what a seat reaches within this many bands...
FAIRNESS_SPREAD = 0.20     # ...may differ from another seat's by at most this share of the larger
DEFAULT_BANDS = ("line", "triangle", "quad")
# band shapes of the scenario -> the Topology kinds they stretch over (a chain band is a line, L8-3)
IGNORED_STARTS = {"crater": "every first band starts on the crater's pegs (L2-2)",
                  "anywhere": "a first band may go anywhere on the board (L6-2)"}
"""Start rules that never read the seats' start pegs -> why, for ``rules/start-ignored``."""
SHAPE_KINDS = {"line": "line", "triangle": "triangle", "quad": "quad", "long-barrier": "long-barrier",
               "chain": "line"}


@dataclass(frozen=True)
class BoardNeeds:
    """What a board must provide, from the scenario using it or, for a board checked on its own,
    inferred from the board.

    ``start_per_seat``: start pegs for every seat (RTR-P5 own side, L8-3 the Labyrinth's tail);
    ``start_somewhere``: start pegs on some seat (L4-1 any start); ``goal_per_seat``: a goal edge
    for every seat (L1-2 cross-board race); ``start_on_edge``: start pegs on the board's outer
    edge (own side); ``fairness``: seats start apart, so their fortunes can be compared;
    ``modules``: the scenario's rule modules, None when the board is checked on its own;
    ``bands``: the band shapes allowed (RTR-P9); ``start``: the scenario's start rule
    (``own-side``, ``any-start``, ``anywhere``, ``crater``), None when the board is checked on
    its own."""

    start_per_seat: bool = False
    start_somewhere: bool = False
    goal_per_seat: bool = False
    start_on_edge: bool = False
    fairness: bool = False
    modules: frozenset[str] | None = None
    bands: tuple[str, ...] = field(default=DEFAULT_BANDS)
    start: str | None = None

    @classmethod
    def of_board(cls, board: Board) -> "BoardNeeds":
        """For a board checked on its own: once one seat has start (goal) pegs, all need them.
        A seat with a goal races across the board from its own edge, so it starts on that edge;
        seats that all have start and goal pegs start apart, and their fortunes are compared.
        (Without goals the start rule is unknown: under ``any-start`` every player may use every
        seat's start pegs, so those are checked through the scenario only.)"""
        seats = board.seats.values()
        return cls(start_per_seat=any(seat.start for seat in seats),
                   goal_per_seat=any(seat.goal for seat in seats),
                   start_on_edge=any(seat.goal for seat in seats),
                   fairness=len(board.seats) > 1 and all(seat.start and seat.goal for seat in seats))

    @classmethod
    def of_rules(cls, rules: RealmRules) -> "BoardNeeds":
        """For a board used by a scenario with ``rules``."""
        own_side = rules.start == "own-side"
        return cls(start_per_seat=own_side or "labyrinth" in rules.modules,
                   start_somewhere=rules.start == "any-start",
                   goal_per_seat="cross-board" in rules.modules,
                   start_on_edge=own_side,
                   fairness=own_side,
                   modules=frozenset(rules.modules),
                   bands=tuple(rules.bands),
                   start=rules.start)

    def reads_seat_starts(self) -> bool:
        """Whether the rules read a seat's own start pegs: its first band under ``own-side``
        (RTR-P5), the pool of every seat's under ``any-start`` (L4-1), a chain's tail under the
        Labyrinth (L8-3), and any board checked on its own; not under ``crater`` (L2-2: the
        crater's pegs) nor ``anywhere`` (L6-2: no start pegs at all)."""
        return self.start not in IGNORED_STARTS or self.uses("labyrinth")

    def uses(self, module: str) -> bool:
        """Whether the scenario uses ``module`` (False for a board checked on its own)."""
        return self.modules is not None and module in self.modules


# --- board -------------------------------------------------------------------------------------

def lint_board(board: Board, geo: BoardGeometry, report: Reporter, needs: BoardNeeds | None = None) -> None:
    """Add the rules-lint findings of ``board`` to ``report``. ``needs`` defaults to
    :meth:`BoardNeeds.of_board`. Seat fairness is measured only on a board without errors so
    far (its figures would mean nothing on a broken drawing)."""
    needs = needs or BoardNeeds.of_board(board)
    _check_seat_count(board, report)
    _check_seat_pegs(board, report, needs)
    _check_edges(board, geo, report, needs)
    _check_reach(board, geo, report)
    _check_isolated_pegs(board, geo, report)
    _check_pictures(board, geo, report, needs)
    _check_seat_order(board, report)
    if needs.fairness and not report.has_errors():
        check_seat_fairness(board, report, needs)


def _check_seat_count(board: Board, report: Reporter) -> None:
    if len(board.seats) != board.players:
        report.add("rules/seat-count",
                   f"the board is for {board.players} players but has {len(board.seats)} "
                   f"seat{'s' if len(board.seats) != 1 else ''}; give it one seat per player (RTR-S6)",
                   at=("seats",), key=True)


def _check_seat_pegs(board: Board, report: Reporter, needs: BoardNeeds) -> None:
    for name, seat in board.seats.items():
        if needs.start_per_seat and not seat.start:
            why = ("the first band of its chain starts there (L8-3)" if needs.uses("labyrinth")
                   else "each seat starts from pegs on its own side (RTR-P5, L1-1)")
            report.add("rules/no-start", f"seat {name} has no start pegs; {why}",
                       at=("seats", name), element=("seat", name), key=True)
        if needs.goal_per_seat and not seat.goal:
            report.add("rules/no-goal",
                       f"seat {name} has no goal pegs; the race across the board needs the edge "
                       "opposite its start (L1-2)",
                       at=("seats", name), element=("seat", name), key=True)
        if seat.start and not needs.reads_seat_starts():
            report.add("rules/start-ignored",
                       f"seat {name} lists start pegs {quote_pegs(seat.start)}, but under start: {needs.start} "
                       f"{IGNORED_STARTS.get(needs.start or '')}, so no game reads them; remove them (start: [])",
                       at=("seats", name, "start"), element=("seat", name), severity="warning", key=True)
    if needs.start_somewhere and not any(seat.start for seat in board.seats.values()):
        report.add("rules/no-start", "no seat has start pegs; players start from any start peg (L4-1)",
                   at=("seats",), key=True)


def _outline(geo: BoardGeometry, method: str = "auto"):
    """The board's outer boundary (holes such as a crater are not edges) and its centre:
    ``(segments, (x, y))``, segments ``(ax, ay, bx, by)``. The outside of the union of its
    faces, or the convex hull of the pegs when there are no faces.

    Faces tile the board without overlapping, so when none has a hole their union has none
    either and its boundary is every side of exactly one face, its centre the faces' centres
    weighted by area. ``method`` ``"shapely"`` (and faces with holes): shapely's union (the
    reference)."""
    if geo.faces and method == "auto" and not any(face.holes for face in geo.faces):
        count: dict[tuple, int] = {}
        sx = sy = total = 0.0
        for face in geo.faces:
            ring = face.ring
            for i in range(len(ring)):
                a, b = ring[i - 1], ring[i]
                key = (a, b) if a < b else (b, a)
                count[key] = count.get(key, 0) + 1
            x, y, area2 = planar.ring_centroid(list(ring) + [ring[0]])
            sx, sy, total = sx + x * area2, sy + y * area2, total + area2
        segments = [(*a, *b) for (a, b), n in count.items() if n == 1]
        return segments, (sx / total, sy / total)
    import shapely  # faces with holes, or none: rare

    if geo.faces:
        union = shapely.union_all([face.polygon for face in geo.faces])
        rings = [shapely.get_exterior_ring(part) for part in shapely.get_parts(union)]
        centre = union.centroid
    else:
        assert geo.pegs is not None  # a board with no faces still has its pegs
        hull = shapely.convex_hull(shapely.multipoints(geo.pegs.xy))
        centre = hull.centroid
        if hull.geom_type != "Polygon":  # pegs in a row: the boundary is the two ends
            ends = list(hull.coords)[::max(1, len(hull.coords) - 1)] if hull.geom_type == "LineString" else []
            return [(*xy, *xy) for xy in ends], (centre.x, centre.y)
        rings = [hull.exterior]
    segments = []
    for ring in rings:
        coords = list(ring.coords)
        segments.extend((*coords[i], *coords[i + 1]) for i in range(len(coords) - 1))
    return segments, (centre.x, centre.y)


def _check_edges(board: Board, geo: BoardGeometry, report: Reporter, needs: BoardNeeds) -> None:
    """Start pegs on the outer edge (own side), goal pegs on the outer edge, and each seat's
    goal across the board from its start (L1-2, the edge opposite the start): the goal's
    centroid lies on the far side of the board's centre from the start's centroid, that is the
    centre projects onto the open segment from the start's centroid to the goal's."""
    parts = ("start", "goal") if needs.start_on_edge else ("goal",)
    named = [(name, part, j, pid) for name, seat in board.seats.items() for part in parts
             for j, pid in enumerate(getattr(seat, part)) if pid in geo.spot]
    opposite = [(name, seat) for name, seat in board.seats.items()
                if any(p in geo.spot for p in seat.start) and any(p in geo.spot for p in seat.goal)]
    if not (named or opposite) or not geo.spot:
        return
    outline, (centre_x, centre_y) = _outline(geo)
    assert geo.pegs is not None
    edge = set(geo.pegs.near(outline))
    for name, part, j, pid in named:
        if geo.spot[pid] in edge:
            continue
        if part == "start":
            report.add("rules/start-not-on-edge",
                       f"seat {name} start peg {pid} is not on the board's outer edge; a seat starts on its own side",
                       at=("seats", name, part, j), element=("seat", name), severity="warning")
        else:
            report.add("rules/goal-not-on-edge",
                       f"seat {name} goal peg {pid} is not on the board's outer edge; the goal is the opposite edge",
                       at=("seats", name, part, j), element=("seat", name), severity="warning")
    for name, seat in opposite:
        (sx, sy), (gx, gy) = (_centroid(geo, pegs) for pegs in (seat.start, seat.goal))
        ux, uy = gx - sx, gy - sy
        length2 = ux * ux + uy * uy
        # where the centre falls on the way from start to goal: 0 at the start, 1 at the goal
        along = ((centre_x - sx) * ux + (centre_y - sy) * uy) / length2 if length2 > 1e-12 else 0.0
        if not 1e-6 < along < 1 - 1e-6:
            report.add("rules/goal-not-opposite",
                       f"seat {name}'s goal is on the same side of the board's centre as its start; the goal is "
                       "the edge opposite the start (L1-2)",
                       at=("seats", name, "goal"), element=("seat", name), severity="warning")


def _centroid(geo: BoardGeometry, pegs) -> tuple[float, float]:
    points = [geo.positions[geo.spot[p]] for p in pegs if p in geo.spot]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


class _Components:
    """Connected parts of the line graph (union-find over spot ids)."""

    def __init__(self, geo: BoardGeometry) -> None:
        self.parent = {pid: pid for pid in geo.spot.values()}
        for index in geo.lines:
            a, b = geo.lines[index]
            self.parent[self.find(geo.spot[a])] = self.find(geo.spot[b])

    def find(self, pid: str) -> str:
        root = pid
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[pid] != root:  # path compression
            self.parent[pid], pid = root, self.parent[pid]
        return root


def _check_reach(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    """Every seat reaches, through lines, every listed segment and its goal (bands run along
    lines and each band touches the player's earlier ones, RTR-P6)."""
    parts = _Components(geo)

    def part_of(pegs) -> set[str]:
        return {parts.find(geo.spot[p]) for p in pegs if p in geo.spot}

    reach: dict[str, set[str]] = {}
    for name, seat in board.seats.items():
        starts = part_of(seat.start or board.crater)
        if not starts:
            continue
        reach[name] = starts
        goals = part_of(seat.goal)
        if goals and not goals & starts:
            report.add("rules/goal-unreachable",
                       f"seat {name} cannot reach any goal peg from its start pegs: no chain of lines joins them",
                       at=("seats", name, "goal"), element=("seat", name))
    if not reach:
        return
    for i, segment in enumerate(board.segments):
        if any(p not in geo.spot for p in segment.pegs):
            continue
        here = part_of(segment.pegs)
        cut_off = [name for name, starts in reach.items() if not here & starts]
        if cut_off:
            seats = ", ".join(cut_off)
            report.add("rules/unreachable",
                       f"segment {quote_pegs(segment.pegs)} cannot be reached from the start of "
                       f"seat{'s' if len(cut_off) > 1 else ''} {seats}: no chain of lines joins them",
                       at=("segments", i), element=("segment", *segment_key(segment.pegs)))


_COMPASS = {"north": (0.0, -1.0), "south": (0.0, 1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}


def _compass_bearing(word: str | None) -> float | None:
    """The screen angle a compass name points to ("north-west", "Northwest", "south"), or None."""
    if not word:
        return None
    text = word.lower().replace("-", "").replace(" ", "").replace("_", "")
    x = y = 0.0
    for name in ("north", "south", "east", "west"):
        if text.startswith(name):
            dx, dy = _COMPASS[name]
            x, y, text = x + dx, y + dy, text[len(name):]
    if text or (x == 0 and y == 0):
        return None
    return math.atan2(y, x)


def seat_bearings(board: Board) -> dict[str, float | None]:
    """Seat name -> the angle (radians) at which the seat sits around the centre of the pegs, as
    seen on screen: y grows downward, so a growing angle turns clockwise. A seat sits where its
    start pegs are, else across from its goal pegs, else where its name or label points (a
    compass word such as ``north-west``); None when nothing tells."""
    pegs = board.pegs
    if not pegs:
        return {name: None for name in board.seats}
    cx = sum(p.x for p in pegs.values()) / len(pegs)
    cy = sum(p.y for p in pegs.values()) / len(pegs)
    out: dict[str, float | None] = {}
    for name, seat in board.seats.items():
        bearing = None
        for ids, sign in ((seat.start, 1.0), (seat.goal, -1.0)):
            known = [pegs[p] for p in ids if p in pegs]
            if known:
                x = sum(p.x for p in known) / len(known) - cx
                y = sum(p.y for p in known) / len(known) - cy
                if math.hypot(x, y) > 1e-9:
                    bearing = math.atan2(sign * y, sign * x)
                    break
        if bearing is None:
            bearing = _compass_bearing(seat.name) if seat.label is None else (
                _compass_bearing(seat.label) if _compass_bearing(seat.label) is not None else _compass_bearing(seat.name))
        out[name] = bearing
    return out


def clockwise_order(board: Board) -> bool | None:
    """Whether the seats, in seat order, go once clockwise around the board (the rulebook's
    play order): True or False, or None when fewer than 3 seats or a seat's place is unknown
    (two seats have nothing to order) or two seats sit at the same bearing."""
    known = list(seat_bearings(board).values())
    bearings = [b for b in known if b is not None]
    if len(bearings) < 3 or len(bearings) < len(known):
        return None
    turn = 0.0
    for a, b in zip(bearings, bearings[1:] + bearings[:1]):
        step = (b - a) % (2 * math.pi)
        if step < 1e-6 or step > 2 * math.pi - 1e-6:
            return None
        turn += step
    return abs(turn - 2 * math.pi) < 1e-6  # counterclockwise or zigzag orders turn 2 or more times


def _check_seat_order(board: Board, report: Reporter) -> None:
    """Play goes clockwise (rulebook, setup): seat 2 sits clockwise of seat 1, and so on."""
    if clockwise_order(board) is not False:
        return
    # clockwise_order is False only when every seat's bearing is known
    bearings = {name: b for name, b in seat_bearings(board).items() if b is not None}
    names = list(board.seats)
    first = bearings[names[0]]
    clockwise = sorted(names, key=lambda n: (bearings[n] - first) % (2 * math.pi))
    report.add("rules/seat-order",
               f"the seats are not in clockwise order around the board (listed: {', '.join(names)}; clockwise "
               f"on screen: {', '.join(clockwise)}); play goes clockwise, so list the seats in that order",
               at=("seats",), element=("seat", names[1]), severity="warning", key=True)


def _check_isolated_pegs(board: Board, geo: BoardGeometry, report: Reporter) -> None:
    on_a_line = {p for a, b in board.lines for p in (a, b)}
    for pid in board.pegs:
        if pid not in on_a_line:
            report.add("rules/isolated-peg",
                       f"peg {pid} is on no line, so no band can use it; add a line or remove the peg",
                       at=("pegs", pid), element=("peg", pid), severity="warning", key=True)


def _check_pictures(board: Board, geo: BoardGeometry, report: Reporter, needs: BoardNeeds) -> None:
    """Engraved Board: segments name defined pictures (L4-2) of 4 to 6 segments (L4-6) that
    are in one piece (segments joined along their sides). A board with a ``pictures`` table
    must name its pictures there; without one, the names its segments use are its pictures.
    Sizes and pieces are errors when the scenario scores pictures, warnings otherwise."""
    severity = "error" if needs.uses("pictures") else "warning"
    sizes = Counter(segment.picture for segment in board.segments if segment.picture)
    first_use: dict[str, int] = {}
    members: dict[str, list[tuple[str, ...]]] = {}
    for i, segment in enumerate(board.segments):
        if not segment.picture:
            continue
        first_use.setdefault(segment.picture, i)
        if all(p in geo.spot for p in segment.pegs):
            members.setdefault(segment.picture, []).append(segment_key(geo.spot[p] for p in segment.pegs))
        if board.pictures and segment.picture not in board.pictures:
            report.add("rules/unknown-picture",
                       f"segment {quote_pegs(segment.pegs)} names picture {segment.picture}, which is not "
                       f"defined under pictures ({', '.join(board.pictures)})",
                       at=("segments", i, "picture"), element=("segment", *segment_key(segment.pegs)))
    for name in dict.fromkeys([*board.pictures, *sizes]):
        at = ("pictures", name) if name in board.pictures else ("segments", first_use[name], "picture")
        key = name in board.pictures
        if sizes[name] not in PICTURE_SIZES:
            report.add("rules/picture-size",
                       f"picture {name} has {sizes[name]} segment{'s' if sizes[name] != 1 else ''}; "
                       f"pictures have 4, 5 or 6 segments (L4-6)",
                       at=at, element=("picture", name), severity=severity, key=key)
        parts = side_connected_parts(members.get(name, []))
        if len(parts) > 1:
            report.add("rules/picture-split",
                       f"picture {name} is in {len(parts)} separate parts (segment {quote_pegs(parts[1][0])} does "
                       "not join the first part along a side); a picture's segments form one shape (L4-2)",
                       at=at, element=("picture", name), severity=severity, key=key)


# --- seat fairness -----------------------------------------------------------------------------

def seat_reach(board: Board, needs: BoardNeeds | None = None, bands: int = FAIRNESS_BANDS) -> dict[str, int]:
    """Seat name -> the treasure and energy a seat can reach within ``bands`` bands of its start.

    A band shape (:class:`~studio.geometry.bands.Topology`, of the kinds ``needs.bands``
    allows) is within k bands when a chain of at most k shapes leads to it, the first touching
    a start peg of the seat and each later one sharing a peg with an earlier one (RTR-P5,
    RTR-P6): a breadth-first search over pegs, one band per level. The figure sums, once each,
    the treasure and energy of the segments those shapes explore (RTR-P2), and of the line items
    (L8-2) and bridges (L3-2) under the line shapes among them. A shape of 3 or 4 pegs along a
    bridge is left out (L3-2); closures, card costs and other players are not modelled. Seats
    without start pegs are left out. Assumes a sound board (no geometry errors); raises
    :class:`~studio.model.realm.BoardError` when its lines enclose no face."""
    needs = needs or BoardNeeds.of_board(board)
    kinds = tuple(sorted({SHAPE_KINDS[b] for b in needs.bands if b in SHAPE_KINDS}))
    starts = {name: [p for p in dict.fromkeys(seat.start) if p in board.pegs] for name, seat in board.seats.items()}
    starts = {name: pegs for name, pegs in starts.items() if pegs}
    if not starts:
        return {}
    topology = _topology(_near_starts(board, list(starts.values()), 2 * bands), kinds)
    bridges = {line_key(*b.line): b.energy for b in board.bridges}
    on_lines: dict[tuple[str, str], int] = {}
    for item in board.line_items:
        key = line_key(*item.line)
        on_lines[key] = on_lines.get(key, 0) + item.treasure
    for key, energy in bridges.items():
        on_lines[key] = on_lines.get(key, 0) + energy
    worth = [t + e for t, e in zip(topology.treasure, topology.energy)]
    out: dict[str, int] = {}
    for name, frontier in starts.items():
        reached_pegs = set(frontier)
        seen_shapes: set[int] = set()
        faces: set[int] = set()
        lines: set[tuple[str, str]] = set()
        for _ in range(bands):
            next_frontier = []
            for peg in frontier:
                for shape in topology.shapes_at.get(peg, ()):
                    if shape.index in seen_shapes:
                        continue
                    seen_shapes.add(shape.index)
                    if shape.kind != "line" and bridges and any(side in bridges for side in shape.sides):
                        continue
                    faces.update(shape.interior)
                    if shape.kind == "line":
                        lines.add(shape.sides[0])
                    for p in shape.pegs:
                        if p not in reached_pegs:
                            reached_pegs.add(p)
                            next_frontier.append(p)
            frontier = next_frontier
        out[name] = sum(worth[f] for f in faces) + sum(on_lines.get(key, 0) for key in lines)
    return out


def _near_starts(board: Board, starts: list[list[str]], steps: int) -> Board:
    """The part of ``board`` that decides what the seats reach, or ``board`` itself when that
    is all of it. ``starts`` holds each seat's start pegs.

    A band of at most 4 pegs along lines puts its pegs at most 2 lines from the peg it shares
    with the earlier bands, so k bands stay within 2k lines (``steps``) of a seat's start pegs.
    The part kept is every peg in the bounding box of some seat's such pegs, the lines touching
    them and their other ends. On a sound board (lines meet only at pegs) every line that enters
    a band's polygon ends on or inside it, so each band keeps the faces it explores on the whole
    board."""
    neighbours: dict[str, list[str]] = {}
    for a, b in board.lines:
        if a in board.pegs and b in board.pegs:
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
    boxes = []
    for pegs in starts:
        near = set(pegs)
        frontier = list(near)
        for _ in range(steps):
            frontier = [q for p in frontier for q in neighbours.get(p, ()) if q not in near]
            near.update(frontier)
        xs = [board.pegs[p].x for p in near]
        ys = [board.pegs[p].y for p in near]
        boxes.append((min(xs) - 1e-6, min(ys) - 1e-6, max(xs) + 1e-6, max(ys) + 1e-6))
    inside = {pid for pid, peg in board.pegs.items()
              if any(x0 <= peg.x <= x1 and y0 <= peg.y <= y1 for x0, y0, x1, y1 in boxes)}
    kept = set(inside)
    for p in inside:
        kept.update(neighbours.get(p, ()))
    if len(kept) == len(board.pegs):
        return board
    return Board(id=board.id, name=board.name, players=board.players,
                 pegs={pid: peg for pid, peg in board.pegs.items() if pid in kept},
                 lines=[(a, b) for a, b in board.lines if a in kept and b in kept],
                 segments=[segment for segment in board.segments if all(p in kept for p in segment.pegs)])


_TOPOLOGIES: dict[tuple, Topology] = {}
_TOPOLOGIES_LOCK = threading.Lock()  # the editor validates large boards in worker threads
_TOPOLOGIES_KEPT = 8


def _topology(board: Board, kinds: tuple[str, ...]) -> Topology:
    """A Topology of ``board``, reused while the pegs, lines, segments and kinds are the same
    (a board is checked on its own and again through its scenario). A Topology is only read."""
    key = (kinds, tuple((p.id, p.x, p.y) for p in board.pegs.values()), tuple(board.lines),
           tuple((s.key, s.treasure, s.energy) for s in board.segments))
    with _TOPOLOGIES_LOCK:
        topology = _TOPOLOGIES.get(key)
    if topology is None:
        topology = Topology(board, kinds)
        with _TOPOLOGIES_LOCK:
            _TOPOLOGIES[key] = topology
            while len(_TOPOLOGIES) > _TOPOLOGIES_KEPT:
                del _TOPOLOGIES[next(iter(_TOPOLOGIES))]
    return topology


def check_seat_fairness(board: Board, report: Reporter, needs: BoardNeeds | None = None) -> None:
    """Warn (``rules/seat-fairness``) when the richest and the poorest seat's
    :func:`seat_reach` differ by more than ``FAIRNESS_SPREAD`` of the richer one's."""
    try:
        reach = seat_reach(board, needs)
    except BoardError:
        return  # no faces: the geometry layer has said what is wrong
    if len(reach) < 2:
        return
    rich = max(reach, key=lambda name: reach[name])
    poor = min(reach, key=lambda name: reach[name])
    high, low = reach[rich], reach[poor]
    if high == 0 or (high - low) <= FAIRNESS_SPREAD * high:
        return
    figures = ", ".join(f"{name} {value}" for name, value in reach.items())
    report.add("rules/seat-fairness",
               f"seat {rich} can reach {high} treasure and energy within {FAIRNESS_BANDS} bands of its start, "
               f"seat {poor} only {low} ({round(100 * (high - low) / high)}% less; seats should be within "
               f"{round(100 * FAIRNESS_SPREAD)}%). All seats: {figures}",
               at=("seats", poor, "start"), element=("seat", poor), severity="warning")


# --- scenario ----------------------------------------------------------------------------------

def lint_scenario(scenario: Scenario, boards: dict[int, Board], report: Reporter) -> None:
    """Add the findings of ``scenario``'s rules against ``boards`` (player count -> the boards
    that loaded and passed the schema) to ``report``."""
    missing = [n for n in (2, 3, 4) if n not in scenario.boards]
    if missing:
        counts = " and ".join(str(n) for n in missing)
        report.add("scenario/missing-player-count",
                   f"no board for {counts} players; a scenario has one board for each of 2, 3 and 4 (RTR-S6)",
                   at=("boards",), severity="warning", key=True)
    rules = scenario.rules
    _check_rules_need_modules(rules, report)
    _check_rules_conflicts(rules, report)
    for players, board in sorted(boards.items()):
        lint_board_rules(rules, players, board, report)
    if isinstance(rules.cards, dict) and "personal-deck" in rules.cards:
        _check_personal_decks(scenario, report)


def lint_board_rules(rules: RealmRules, players: int, board: Board, report: Reporter) -> None:
    """The ``scenario/*`` findings of one board against a scenario's ``rules`` (the board for
    ``players``): a crater for crater starts (L2-2), the elements each module plays with
    (:func:`_check_module_elements`) and enough pictures for a pictures end (L4-7). Positions
    name the rule that needs them; :class:`OnBoard` moves them onto the board."""
    if rules.start == "crater" and not board.crater:
        report.add("scenario/no-crater",
                   f"rules start at the crater (L2-2), but the {players}-player board {board.id} "
                   "lists no crater pegs",
                   at=("rules", "start"))
    _check_module_elements(rules, players, board, report)
    if "pictures" in rules.end:
        _check_pictures_end(rules, {players: board}, report)
    _check_escape_energy(rules, players, board, report)
    _check_score_end(rules, players, board, report)


def board_energy(rules: RealmRules, board: Board) -> int:
    """Energy a game on ``board`` can ever hand out: the energy of its segments (RTR-P2, each
    collected once, RTR-P3) and of its bridges when the canals module pays them (L3-2), no more
    than the supply holds (RTR-S4)."""
    total = sum(segment.energy for segment in board.segments)
    if "canals" in rules.modules:
        total += sum(bridge.energy for bridge in board.bridges)
    return min(total, rules.energy_supply)


def _check_escape_energy(rules: RealmRules, players: int, board: Board, report: Reporter) -> None:
    """L2-3, L2-4: a seat holding fewer than the escape energy at the end loses, so the board
    must hold that much for every seat; with less than one seat's worth nobody can ever win."""
    volcano = rules.modules.get("volcano")
    if volcano is None:
        return
    escape = int((volcano or {}).get("escape_energy", 7))
    if escape <= 0:
        return
    have, needed = board_energy(rules, board), escape * players
    if have >= needed:
        return
    which = f"the {players}-player board {board.id}"
    if have < escape:
        report.add("scenario/escape-energy",
                   f"a player needs {escape} energy at the end to escape or loses (L2-3, L2-4), but {which} holds "
                   f"{have} energy in all, so no seat can escape and every game ends with no winner; put at least "
                   f"{escape - have} more energy on segments ({needed} for every seat to escape)",
                   at=("rules", "modules", "volcano"), key=True)
        return
    report.add("scenario/escape-energy",
               f"{which} holds {have} energy in all, but {players} seats need {escape} each to escape "
               f"({needed}, L2-3, L2-4): at most {have // escape} of them can escape; add {needed - have} energy",
               at=("rules", "modules", "volcano"), key=True, severity="warning")


def board_is_bare(board: Board) -> bool:
    """True when nothing lies on ``board``'s segments and lines (no treasure, energy, picture,
    idol or line item): a board fresh from the wizard."""
    return not board.line_items and all(segment.is_empty() for segment in board.segments)


# VP a module can give one player at most, from its parameters (None: no bound is known)
_MODULE_MOST_VP = {
    "canals": lambda params: 0,
    "volcano": lambda params: 0,
    "cross-board": lambda params: max(params.get("bonuses", [8, 6]) or [0]),
    "idols": lambda params: 2 * int(params.get("points", 6)),
}


def _check_score_end(rules: RealmRules, players: int, board: Board, report: Reporter) -> None:
    """A score end (``end: {score: N}``, RTR-E1) that no player can reach on this board: all
    its treasure (RTR-P2, L8-2), its energy at the RTR-E2 rate and the most its modules can
    give one player. Checked for a bare board (:func:`board_is_bare`: fresh from the wizard,
    say), and only when every module's most is known."""
    target = rules.end.get("score") if isinstance(rules.end, dict) else None
    if not isinstance(target, int) or target <= 0:
        return
    bonus = 0
    for name, params in rules.modules.items():
        most = _MODULE_MOST_VP.get(name)
        if most is None:
            return
        bonus += most(params or {})
    treasure = sum(segment.treasure for segment in board.segments) + sum(item.treasure for item in board.line_items)
    energy = board_energy(rules, board)
    from_energy = energy // rules.energy_per_vp if rules.energy_per_vp > 0 else 0
    reachable = treasure + from_energy + bonus
    if reachable >= target or not board_is_bare(board):
        return  # a board with content of its own is judged by playtests
    parts = [f"{treasure} treasure", f"{energy} energy ({from_energy} VP)"]
    if bonus:
        parts.append(f"{bonus} VP from {', '.join(sorted(rules.modules))}")
    report.add("scenario/score-unreachable",
               f"the game ends at {target} VP (RTR-E1), but the {players}-player board {board.id} gives one player "
               f"at most {reachable} VP ({', '.join(parts)}), so it never ends that way, only when the bands run out or "
               f"at the round limit; add at least {target - reachable} VP of treasure",
               at=("rules", "end", "score"), severity="warning")


class OnBoard(Reporter):
    """A :class:`Reporter` for a board checked against its location's rules: the scenario
    findings about the board (:func:`lint_board_rules`) are placed on the board's
    ``location:`` key, since that is what brings the rule in."""

    def add(self, code: str, message: str, at=(), element: tuple | None = None,
            severity: str = "error", key: bool = False):
        element = element or _BOARD_ELEMENTS.get(code) or ("board", "location")
        return super().add(code, message, ("location",), element, severity, key=True)


_BOARD_ELEMENTS = {"scenario/no-crater": ("crater",)}


def _check_rules_need_modules(rules: RealmRules, report: Reporter) -> None:
    """Rules that only a module carries out: the pictures end is counted by the pictures module
    (L4-7), and chain bands follow the Labyrinth's chain rules (L8-3)."""
    if "pictures" in rules.end and "pictures" not in rules.modules:
        report.add("scenario/needs-module",
                   "the game ends on complete pictures, but only the pictures module counts them (L4-7): "
                   "add modules: {pictures: {}} or choose another end",
                   at=("rules", "end", "pictures"), key=True)
    if "chain" in rules.bands and "labyrinth" not in rules.modules:
        report.add("scenario/needs-module",
                   "chain bands follow the Labyrinth's chain rules, which the labyrinth module carries out "
                   "(L8-3): add modules: {labyrinth: {}} or use line bands",
                   at=("rules", "bands", list(rules.bands).index("chain")))


def _check_rules_conflicts(rules: RealmRules, report: Reporter) -> None:
    """Modules whose rules the other rules make void."""
    two_peg = {"line", "chain"} & set(rules.bands)
    if "excavation" in rules.modules and not rules.closures:
        report.add("scenario/rules-conflict",
                   "excavation sites are closed regions (L5-4), but closures: false means nothing is ever closed",
                   at=("rules", "modules", "excavation"), key=True)
    if "labyrinth" in rules.modules and not two_peg:
        report.add("scenario/rules-conflict",
                   "Labyrinth bands cover exactly 2 pegs (L8-3), but the bands allowed have none of 2 pegs "
                   "(add chain)", at=("rules", "bands"), key=True)
    if "canals" in rules.modules and not two_peg:
        report.add("scenario/rules-conflict",
                   "a canal is crossed only by a 2-peg band on a bridge (L3-2), but the bands allowed have none "
                   "of 2 pegs (add line)", at=("rules", "bands"), key=True)


def _check_module_elements(rules: RealmRules, players: int, board: Board, report: Reporter) -> None:
    """The board elements each module plays with: islands and a bridge (canals, L3-2),
    pictures (L4-2), idols of both colours (idols, L7-1), line items with every artifact
    (labyrinth, L8-2, L8-9)."""
    modules = rules.modules
    which = f"the {players}-player board {board.id}"
    if "canals" in modules and (not board.islands or not board.bridges):
        lacking = " and ".join(what for what, have in (("islands", board.islands), ("bridges", board.bridges))
                               if not have)
        report.add("scenario/no-canals",
                   f"the canals module needs islands and at least one bridge across a canal (L3-2), but {which} "
                   f"has no {lacking}", at=("rules", "modules", "canals"), key=True)
    if "pictures" in modules and not any(segment.picture for segment in board.segments):
        report.add("scenario/no-pictures",
                   f"the pictures module scores pictures (L4-2), but {which} has no segment in a picture",
                   at=("rules", "modules", "pictures"), key=True)
    if "idols" in modules:
        have = {segment.idol for segment in board.segments if segment.idol}
        missing_idols = [colour for colour in IDOL_COLOURS if colour not in have]
        if missing_idols:
            report.add("scenario/no-idols",
                       f"the idols module needs orange and blue idols (L7-1, L7-4), but {which} has no "
                       f"{' and no '.join(missing_idols)} idol", at=("rules", "modules", "idols"), key=True)
    if "labyrinth" in modules:
        if not board.line_items:
            report.add("scenario/no-line-items",
                       f"the labyrinth module collects treasures and artifacts on lines (L8-2), but {which} "
                       "has no line items", at=("rules", "modules", "labyrinth"), key=True)
        else:
            have = {item.artifact for item in board.line_items if item.artifact}
            missing_artifacts = [kind for kind in ARTIFACTS if kind not in have]
            if missing_artifacts:
                report.add("scenario/missing-artifact",
                           f"sets of sword, helmet and shield score at the end (L8-9), but {which} has no "
                           f"{' and no '.join(missing_artifacts)}", at=("rules", "modules", "labyrinth"), key=True)


def _check_pictures_end(rules: RealmRules, boards: dict[int, Board], report: Reporter) -> None:
    """L4-7: the game ends once a number of pictures, per player count, is complete."""
    needed = rules.end["pictures"]
    for players, board in sorted(boards.items()):
        count = needed.get(str(players))
        if count is None:
            report.add("scenario/end-pictures",
                       f"the game ends on complete pictures, but no count is given for {players} players (L4-7)",
                       at=("rules", "end", "pictures"), key=True)
            continue
        pictures = {segment.picture for segment in board.segments if segment.picture}
        if not pictures and "pictures" in rules.modules:
            continue  # scenario/no-pictures says it
        if count > len(pictures):
            report.add("scenario/end-pictures",
                       f"the game ends at {count} complete pictures, but the {players}-player board "
                       f"{board.id} has only {len(pictures)}, so the game could never end that way (L4-7)",
                       at=("rules", "end", "pictures", str(players)))


def _check_personal_decks(scenario: Scenario, report: Reporter) -> None:
    """L6-1: each player gets a personal deck dealt from the one deck and draws the opening hand
    from it."""
    rules = scenario.rules
    deck = rules.cards["personal-deck"] or {}
    size = deck.get("size", 12)
    cards = rules.cards_per_colour * COLOURS_IN_DECK
    most = max(scenario.boards, default=0)
    if size * most > cards:
        report.add("scenario/personal-decks",
                   f"{most} personal decks of {size} cards need {size * most} cards, but the deck has {cards} (L6-1)",
                   at=("rules", "cards"))
    hands = rules.hand_sizes[:most]
    if hands and max(hands) > size:
        report.add("scenario/personal-decks",
                   f"an opening hand of {max(hands)} cards cannot be drawn from a personal deck of {size} (L6-1)",
                   at=("rules", "cards"))
