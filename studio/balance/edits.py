"""Candidate edits of a Rule the Realm board (and, when allowed, of its scenario's rules) that the
balance assistant may propose.

An :class:`Edit` is plain data: what it changes (``op`` and its arguments), the elements it
touches (for locks and the editor's preview) and a sentence for people. It is the same
vocabulary as the editor's undo commands (segment values, seat start pegs, peg colours, idols,
pictures, bridges, line items, scenario values): :func:`apply_edits` applies a list of them to
a copy of a board and of the scenario's settings, never to the original.

:func:`candidate_edits` proposes edits aimed at a diagnosis (:class:`Diagnosis`: which seats are
ahead and behind, whether games run long or short): content moved from the leading seat's side
toward the trailing seat's, a start peg added or removed, a peg recoloured, rule parameters
(RTR-S2 hand sizes, the end score) when the designer allows it. :func:`valid_edits` keeps only
the edits whose board passes the validation pipeline with no error and no warning the board did
not already have, so every proposal is a board the editor could have made and saved.

Locks (:func:`parse_locks`): a kind of edit (``treasure``, ``energy``, ``starts``, ``colours``,
``idols``, ``pictures``, ``bridges``, ``line-items``, ``rules``) or one element (``peg:c3``,
``segment:a1-a2-b1``, ``seat:south``, ``line:a1-a2``, ``bridge:c3-e3``, ``picture:whale``); an edit touching a
locked kind or element is never proposed.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from studio.model.realm import COLOURS, Board, LineItem, Segment, line_key, segment_key

KINDS = ("treasure", "energy", "starts", "colours", "idols", "pictures", "bridges", "line-items", "rules")
"""Every kind of edit, as ``--lock`` takes them."""

ELEMENT_LOCKS = ("peg", "segment", "seat", "line", "bridge", "picture")

BUNDLE_FROM = 0.08   # seats this far apart (in Diagnosis.strength) get bundled moves of content...
BUNDLE_STEP = 0.03   # ...of one unit per this much of the spread...
BUNDLE_MAX = 4       # ...and at most this many units in one edit


class EditError(ValueError):
    """An edit or lock that cannot be used on this board; the message says why."""


@dataclass(frozen=True)
class Edit:
    """One change. ``kind``: one of :data:`KINDS`; ``op``: what :func:`apply_edits` does, with
    ``args``; ``touches``: ``(element kind, id)`` pairs of what it changes (``("segment",
    "a1-a2-b1")``, ``("peg", "c3")``, ``("seat", "south")``, ``("line", "a1-a2")``, ``("bridge",
    "c3-e3")``, ``("rule", "rules.hand_sizes")``); ``moves``: ``(from, to)`` element pairs for
    the preview (what moves where), empty for changes in place; ``text``: the plain sentence."""

    kind: str
    op: str
    args: tuple
    touches: tuple
    text: str
    moves: tuple = ()

    def to_dict(self) -> dict:
        return {"kind": self.kind, "op": self.op, "args": _plain(self.args), "touches": [list(t) for t in self.touches],
                "moves": [[list(a), list(b)] for a, b in self.moves], "text": self.text}

    @classmethod
    def from_dict(cls, data: dict) -> "Edit":
        return cls(data["kind"], data["op"], _tuples(data["args"]), tuple(tuple(t) for t in data["touches"]),
                   data["text"], tuple((tuple(a), tuple(b)) for a, b in data.get("moves", ())))


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _tuples(value):
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def seg_id(key) -> str:
    return "-".join(segment_key(key))


def line_id(key) -> str:
    return "-".join(line_key(*key))


# -- applying -------------------------------------------------------------------------------------

def plays_the_same(a, b) -> bool:
    """Whether content ``a`` and ``b`` (two boards, or two islands) play the same games: equal
    but for their name and description, which no rule or bot reads (renaming a board after a
    run leaves the run's figures standing)."""
    if a is None or b is None:
        return a is b
    return replace(a, name="", description=None) == replace(b, name="", description=None)


def apply_edits(board: Board, edits, settings: dict | None = None) -> tuple[Board, dict]:
    """``(new board, scenario settings)``: ``edits`` applied in order to a copy of ``board``;
    rule edits go into a copy of ``settings`` (dotted scenario paths -> values, as
    :meth:`~studio.playtest.setup.Setup.with_settings` takes them). Raises :class:`EditError`
    when an edit does not fit the board (an element it names is gone)."""
    out = board.copy()
    rules = dict(settings or {})
    for e in edits:
        _APPLY[e.op](out, rules, *e.args)
    return out, rules


def _segment(board: Board, key) -> Segment | None:
    key = segment_key(key)
    return next((s for s in board.segments if s.key == key), None)


def _add_to_segment(board: Board, _rules, key, field_name: str, delta: int) -> None:
    seg = _segment(board, key)
    if seg is None:
        seg = Segment(tuple(key))
        board.segments.append(seg)
    value = getattr(seg, field_name) + delta
    if value < 0:
        raise EditError(f"segment {seg_id(key)} has no {field_name} to take")
    setattr(seg, field_name, value)
    if seg.is_empty():
        board.segments.remove(seg)


def _set_segment(board: Board, _rules, key, field_name: str, value) -> None:
    seg = _segment(board, key)
    if seg is None:
        if value is None:
            return
        seg = Segment(tuple(key))
        board.segments.append(seg)
    setattr(seg, field_name, value)
    if seg.is_empty():
        board.segments.remove(seg)


def _set_start(board: Board, _rules, seat: str, pegs) -> None:
    if seat not in board.seats:
        raise EditError(f"the board has no seat {seat}")
    board.seats[seat].start = list(pegs)


def _set_colour(board: Board, _rules, peg: str, colour: str) -> None:
    if peg not in board.pegs:
        raise EditError(f"the board has no peg {peg}")
    board.pegs[peg].colour = colour


def _add_to_bridge(board: Board, _rules, line, delta: int) -> None:
    bridge = next((b for b in board.bridges if line_key(*b.line) == line_key(*line)), None)
    if bridge is None or bridge.energy + delta < 0:
        raise EditError(f"no bridge {line_id(line)} with that energy")
    bridge.energy += delta


def _add_to_line(board: Board, _rules, line, delta: int) -> None:
    item = next((i for i in board.line_items if line_key(*i.line) == line_key(*line)), None)
    if item is None:
        if delta < 0:
            raise EditError(f"no line item on {line_id(line)}")
        board.line_items.append(LineItem(tuple(line), delta))
        return
    if item.treasure + delta < 0:
        raise EditError(f"the line item on {line_id(line)} has no treasure to take")
    item.treasure += delta
    if not item.treasure and not item.artifact:
        board.line_items.remove(item)


def _set_rule(_board: Board, rules: dict, path: str, value) -> None:
    rules[path] = rule_value(value)


_APPLY: dict[str, Callable[..., None]] = {"segment+": _add_to_segment, "segment=": _set_segment, "start": _set_start, "colour": _set_colour,
          "bridge+": _add_to_bridge, "line+": _add_to_line, "rule": _set_rule}


# -- what the board looks like around each seat ---------------------------------------------------

@dataclass(frozen=True)
class Diagnosis:
    """What the candidates aim at. ``strength``: per seat, how far it is ahead of its fair
    share (win rate minus fair share, in 0..1 units; the score gap breaks ties); ``long`` /
    ``short``: share of games longer / shorter than the target; ``unintended``: share of games
    ending other than as intended; ``collapsed``: share of seats ending at or below the score
    floor."""

    strength: tuple
    long: float = 0.0
    short: float = 0.0
    unintended: float = 0.0
    collapsed: float = 0.0

    def leaders(self) -> list[int]:
        """Seats ahead of their fair share, strongest first."""
        order = sorted(range(len(self.strength)), key=lambda s: -self.strength[s])
        return [s for s in order if self.strength[s] > 0]

    def trailers(self) -> list[int]:
        """Seats behind their fair share, weakest first."""
        order = sorted(range(len(self.strength)), key=lambda s: self.strength[s])
        return [s for s in order if self.strength[s] < 0]


def _peg_graph(board: Board) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {p: set() for p in board.pegs}
    for a, b in board.lines:
        if a in out and b in out and a != b:
            out[a].add(b)
            out[b].add(a)
    return out


def _distances(graph: dict[str, set[str]], sources) -> dict[str, int]:
    dist = {p: 0 for p in sources if p in graph}
    queue = deque(dist)
    while queue:
        p = queue.popleft()
        for q in graph[p]:
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


@dataclass
class Regions:
    """Per seat, the distance (in lines) of every peg from the seat's start pegs; ``owner`` maps
    a peg to the one seat nearest to it (None on ties or without start pegs)."""

    seats: list[str]
    dist: list[dict] = field(default_factory=list)

    @classmethod
    def of(cls, board: Board) -> "Regions":
        graph = _peg_graph(board)
        names = list(board.seats)
        return cls(names, [_distances(graph, board.seats[n].start) if board.seats[n].start else {} for n in names])

    def usable(self) -> bool:
        """Whether seats have sides of their own (every seat has start pegs, and they differ)."""
        starts = [frozenset(d for d, v in dist.items() if v == 0) for dist in self.dist]
        return all(starts) and len(set(starts)) == len(starts)

    def peg_distance(self, seat: int, peg: str) -> float:
        return self.dist[seat].get(peg, float("inf"))

    def distance(self, seat: int, pegs) -> float:
        return min(self.peg_distance(seat, p) for p in pegs)

    def owner(self, pegs) -> int | None:
        d = [self.distance(s, pegs) for s in range(len(self.seats))]
        best = min(d)
        return d.index(best) if d.count(best) == 1 and best != float("inf") else None

    def margin(self, seat: int, pegs) -> float:
        """How much nearer ``seat`` is to ``pegs`` than any other seat (positive: its side)."""
        mine = self.distance(seat, pegs)
        others = [self.distance(s, pegs) for s in range(len(self.seats)) if s != seat]
        return (min(others) if others else 0) - mine


def _faces(board: Board) -> list[tuple[str, str, str]]:
    """The triangular faces of the board (segment keys), stable order; [] when it has none."""
    from studio.geometry.faces import line_graph_faces

    xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
    try:
        faces = line_graph_faces(xy, board.lines)
    except Exception:  # noqa: BLE001 - a board that validation refuses: nothing to propose
        return []
    return sorted(segment_key(f.key) for f in faces if f.is_triangle)


def _seat_label(board: Board, seat: int) -> str:
    name = list(board.seats)[seat]
    label = board.seats[name].label or name
    return f"seat {seat + 1} ({label})"


# -- candidates -----------------------------------------------------------------------------------

def candidate_edits(board: Board, scenario, diagnosis: Diagnosis, allow_rules: bool = False,
                    locks: "Locks | None" = None, limit: int = 16, seed: int = 0, widen: int = 0) -> list[Edit]:
    """Up to ``limit`` edits of ``board`` (played with ``scenario``'s rules) aimed at
    ``diagnosis``, none touching what ``locks`` holds, in a stable order for a given ``seed``
    (the kinds take turns, so a small limit still tries each kind). ``widen``: races the search
    ran without a winner so far; each takes the Labyrinth's line moves one source and one target
    line further from the seats' starts (its few nearest moves are soon all raced), and draws 4
    more random moves where the seats share their start (the Cursed Triangle 3p's search ran out
    of edits with 4,800 games of its budget left). Not
    yet validated (:func:`valid_edits`)."""
    rng = random.Random(seed)
    rules = scenario.rules
    regions = Regions.of(board)
    by_kind: dict[str, list[Edit]] = {k: [] for k in KINDS}
    faces = _faces(board)
    segs = board.segment_map()
    leaders, trailers = diagnosis.leaders(), diagnosis.trailers()
    pairs = [(lead, trail) for trail in trailers[:2] for lead in leaders[:2]]
    # sides only where each seat starts from its own pegs (RTR-P5 own side; not any-start, crater, anywhere)
    sided = rules.start == "own-side" and regions.usable() and bool(pairs)
    pictures = "pictures" in rules.modules
    idols = "idols" in rules.modules
    canals = "canals" in rules.modules
    chain = "labyrinth" in rules.modules or "chain" in rules.bands

    def near(seat, keys, count):  # keys on ``seat``'s side, nearest its start first
        scored = [(regions.distance(seat, k), rng.random(), k) for k in keys if regions.margin(seat, k) > 0]
        return [k for _d, _r, k in sorted(scored)[:count]]

    if sided and not chain:
        for lead, trail in pairs:
            size = bundle_size(diagnosis.strength[lead] - diagnosis.strength[trail])
            for field_name in ("treasure", "energy"):
                # (near() draws its tie-breaks for every key whatever the count, so asking for a
                # bundle's worth leaves the other candidates as they were)
                sources = near(lead, [k for k, s in segs.items() if getattr(s, field_name) > 0
                                      and not s.idol and not (pictures and not s.picture)], max(3, size))
                # a target that can hold it: not an idol, and inside a picture where pictures score
                targets = near(trail, [k for k in faces if not (segs.get(k) and segs[k].idol)
                                       and not (pictures and not (segs.get(k) and segs[k].picture))], max(3, size))
                if size >= 2 and len(sources) >= size and len(targets) >= size:
                    by_kind[field_name].append(_bundle(board, field_name, sources[:size], targets[:size], lead, trail))
                sources, targets = sources[:3], targets[:3]
                for src in sources:
                    for dst in targets:
                        by_kind[field_name].append(Edit(
                            field_name, "move", (), (("segment", seg_id(src)), ("segment", seg_id(dst))),
                            f"move 1 {field_name} from segment {seg_id(src)} ({_seat_label(board, lead)}'s side) to "
                            f"segment {seg_id(dst)} ({_seat_label(board, trail)}'s side)",
                            ((("segment", seg_id(src)), ("segment", seg_id(dst))),)))
                        by_kind[field_name][-1] = _move_segment(by_kind[field_name][-1], field_name, src, dst)
                for dst in targets[:1]:
                    by_kind[field_name].append(Edit(
                        field_name, "segment+", (dst, field_name, 1), (("segment", seg_id(dst)),),
                        f"add 1 {field_name} to segment {seg_id(dst)} ({_seat_label(board, trail)}'s side)"))
                for src in sources[:1]:
                    by_kind[field_name].append(Edit(
                        field_name, "segment+", (src, field_name, -1), (("segment", seg_id(src)),),
                        f"take 1 {field_name} off segment {seg_id(src)} ({_seat_label(board, lead)}'s side)"))
            if idols:
                sources = near(lead, [k for k, s in segs.items() if s.idol], 2)
                targets = near(trail, [k for k in faces if not segs.get(k)], 2)
                for src, dst in zip(sources, targets):
                    colour = segs[src].idol
                    by_kind["idols"].append(Edit(
                        "idols", "multi", (("segment=", (src, "idol", None)), ("segment=", (dst, "idol", colour))),
                        (("segment", seg_id(src)), ("segment", seg_id(dst))),
                        f"move the {colour} idol from segment {seg_id(src)} ({_seat_label(board, lead)}'s side) to "
                        f"segment {seg_id(dst)} ({_seat_label(board, trail)}'s side)",
                        ((("segment", seg_id(src)), ("segment", seg_id(dst))),)))
            if canals and board.bridges:
                keys = [line_key(*b.line) for b in board.bridges]
                energy = {line_key(*b.line): b.energy for b in board.bridges}
                sources = near(lead, [k for k in keys if energy[k] > 0], 2)
                targets = near(trail, keys, 2)
                for src, dst in zip(sources, targets):
                    by_kind["bridges"].append(Edit(
                        "bridges", "multi", (("bridge+", (src, -1)), ("bridge+", (dst, 1))),
                        (("bridge", line_id(src)), ("bridge", line_id(dst))),
                        f"move 1 energy from the bridge {line_id(src)} ({_seat_label(board, lead)}'s side) to the "
                        f"bridge {line_id(dst)} ({_seat_label(board, trail)}'s side)",
                        ((("bridge", line_id(src)), ("bridge", line_id(dst))),)))
        for _lead, trail in pairs[:1]:
            by_kind["starts"] += _start_edits(board, regions, trail, grow=True, rng=rng)
            by_kind["colours"] += _colour_edits(board, trail, rng)
        for lead, _trail in pairs[:1]:
            by_kind["starts"] += _start_edits(board, regions, lead, grow=False, rng=rng)
    if sided and chain:
        items = {line_key(*i.line): i for i in board.line_items}
        lines = sorted({line_key(a, b) for a, b in board.lines})
        for lead, trail in pairs:
            sources = near(lead, [k for k, i in items.items() if i.treasure > 0], 2 + widen)
            targets = near(trail, [k for k in lines if k not in items or not items[k].artifact], 2 + widen)
            for src in sources:
                for dst in targets:
                    by_kind["line-items"].append(Edit(
                        "line-items", "multi", (("line+", (src, -1)), ("line+", (dst, 1))),
                        (("line", line_id(src)), ("line", line_id(dst))),
                        f"move 1 treasure from the line {line_id(src)} ({_seat_label(board, lead)}'s side) to the "
                        f"line {line_id(dst)} ({_seat_label(board, trail)}'s side)",
                        ((("line", line_id(src)), ("line", line_id(dst))),)))
        for _lead, trail in pairs[:1]:
            by_kind["starts"] += _start_edits(board, regions, trail, grow=True, rng=rng)
    if not sided and faces:
        # no sides to aim at (starts shared, anywhere, or the seats are even): content moved where
        # it is rarely reachable, and back again, as a local search step
        with_content = [k for k, s in segs.items() if (s.treasure or s.energy) and not s.idol]
        for _ in range(4 * (1 + widen)):   # 4 more a retry (the first 4 the same): a race without a winner
            if not with_content:
                break
            src = rng.choice(with_content)
            dst = rng.choice(faces)
            field_name = "treasure" if segs[src].treasure else "energy"
            if dst == src or (pictures and not (segs.get(dst) and segs[dst].picture)):
                continue
            by_kind[field_name].append(_move_segment(Edit(
                field_name, "move", (), (("segment", seg_id(src)), ("segment", seg_id(dst))),
                f"move 1 {field_name} from segment {seg_id(src)} to segment {seg_id(dst)}",
                ((("segment", seg_id(src)), ("segment", seg_id(dst))),)), field_name, src, dst))
    if pictures and faces:
        by_kind["pictures"] += _picture_edits(board, faces, segs, regions, trailers if sided else [], rng)
    if allow_rules:
        by_kind["rules"] += _rule_edits(board, rules, diagnosis)
    out: list[Edit] = []
    seen = set()
    queues = [list(v) for k, v in by_kind.items() if v and (locks is None or k not in locks.kinds)]
    while queues and len(out) < limit:
        for q in list(queues):
            if not q:
                queues.remove(q)
                continue
            e = q.pop(0)
            key = (e.op, e.args)
            if key in seen or (locks is not None and locks.blocks(e)):
                continue
            seen.add(key)
            out.append(e)
            if len(out) >= limit:
                break
    return out


def _unit_rounds(keys: list, amount, levels: int | None = None) -> list:
    """Each of ``keys`` once per unit it holds (``amount(key)``), round by round: every key's
    first unit in ``keys``' order, then every second... (``levels``: at most that many rounds;
    None: until no key has more). Where units are taken from, nearest first."""
    if levels is None:
        levels = max((amount(k) for k in keys), default=0)
    return [k for level in range(levels) for k in keys if amount(k) > level]


def _room_rounds(keys: list, amount, levels: int) -> list:
    """Places for units, round by round: in round ``level`` (0 to ``levels`` - 1) each of
    ``keys`` that holds at most ``level`` (``amount(key)``), in ``keys``' order, so the
    emptiest fill first and a place can take a second unit in a later round."""
    return [k for level in range(levels) for k in keys if amount(k) <= level]


GAP_LADDER = (1, 2, 3, 5, 8, 12)
"""Units a gap-sized move carries (:func:`gap_edits`): a line search over the size, raced with
common random numbers, so the race finds how many units the gap needs."""


def takes_content(segs: dict, pictures: bool, key) -> bool:
    """Whether treasure or energy may go to the segment ``key`` (``segs``: the board's
    :meth:`~studio.model.board.Board.segment_map`): not one with an idol, and only inside a
    picture where the scenario scores pictures (``pictures``; L4)."""
    s = segs.get(key)
    return not (s and s.idol) and not (pictures and not (s and s.picture))


def on_side(regions: "Regions", seat: int, keys) -> list:
    """The ``keys`` on ``seat``'s side of the board (nearer its start pegs than any other
    seat's), nearest its start first, then by key (a stable order)."""
    return sorted((k for k in keys if regions.margin(seat, k) > 0), key=lambda k: (regions.distance(seat, k), k))


def gap_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
              ladder=GAP_LADDER) -> list[Edit]:
    """Compound edits sized to the gap, for turn order (RTR-S2 deals seat 1 the smallest hand):
    ``k`` treasure for each ``k`` of ``ladder`` (then energy, for the first sizes) taken from
    the strongest seat's side, nearest its start pegs first (one unit per segment before a
    second), and put on the weakest seat's side, nearest its start first (one unit per segment,
    then a second, up to the board's richest segment); the same from the second strongest seat
    when it is ahead too; and, when games do not reach the intended end or seats end at the
    score floor, ``k`` treasure added round the seats' sides, the weakest seat first. Only on
    boards where every seat starts from its own side (``own-side`` starts, RTR-P5) and has start
    pegs of its own; not the Labyrinth's line items. None touches what ``locks`` holds; not yet
    validated (:func:`valid_edits`). Every such edit breaks the board's symmetry on purpose."""
    rules = scenario.rules
    regions = Regions.of(board)
    if rules.start != "own-side" or not regions.usable():
        return []
    if "labyrinth" in rules.modules or "chain" in rules.bands:
        return _chain_edits(board, regions, diagnosis, locks, ladder)
    faces = _faces(board)
    segs = board.segment_map()
    pictures = "pictures" in rules.modules
    cap = max([s.treasure for s in board.segments] + [1])
    leaders, trailers = diagnosis.leaders(), diagnosis.trailers()

    holds = partial(takes_content, segs, pictures)

    mine = partial(on_side, regions)

    def units(seat, field_name) -> list:  # one unit per segment, nearest first, then a second round...
        keys = mine(seat, [k for k, s in segs.items() if getattr(s, field_name) > 0 and holds(k)])
        return _unit_rounds(keys, lambda k: getattr(segs[k], field_name))

    def room(seat, field_name, taking=()) -> list:  # places for units, a first round then a second...
        keys = [k for k in mine(seat, faces) if holds(k) and k not in taking]
        return _room_rounds(keys, lambda k: getattr(segs.get(k), field_name, 0), cap)

    out: list[Edit] = []
    if leaders and trailers:
        trail = trailers[0]
        for rank, lead in enumerate(leaders[:2]):
            for field_name in ("treasure", "energy"):
                sizes = ladder if (rank, field_name) == (0, "treasure") else ladder[1:4:2]
                src = units(lead, field_name)
                dst = room(trail, field_name, set(src))
                for k in sizes:
                    if k > min(len(src), len(dst)):
                        break
                    out.append(_gap_move(board, field_name, src[:k], dst[:k], lead, trail))
    if diagnosis.unintended > 0.1 or diagnosis.collapsed > 0.1:
        order = trailers + [s for s in range(len(diagnosis.strength)) if s not in trailers]
        rooms = [room(s, "treasure") for s in order]
        for k in ladder[1:]:
            picks = _round_robin(rooms, k)
            if len(picks) < k:
                break
            steps = tuple(("segment+", (key, "treasure", 1)) for key in picks)
            out.append(Edit("treasure", "multi", steps, tuple(("segment", seg_id(key)) for key in dict.fromkeys(picks)),
                            f"add {k} treasure round the seats' sides, the weakest seat's first: "
                            + ", ".join(f"1 to segment {seg_id(key)}" for key in picks)))
    return [e for e in out if locks is None or not locks.blocks(e)]


def _round_robin(rooms: list, k: int) -> list:
    """Up to ``k`` places taken one per seat in turn from ``rooms`` (per seat, its places in
    order), so each seat gets as many as the others, the first seats one more."""
    picks: list = []
    at = [0] * len(rooms)
    while len(picks) < k and any(at[i] < len(r) for i, r in enumerate(rooms)):
        for i, r in enumerate(rooms):
            if len(picks) < k and at[i] < len(r):
                picks.append(r[at[i]])
                at[i] += 1
    return picks


def _chain_edits(board: Board, regions: "Regions", diagnosis: Diagnosis, locks: "Locks | None",
                 ladder) -> list[Edit]:
    """The Labyrinth's case of :func:`gap_edits`, on lines (L8-2: a band over a line collects
    its treasure): ``k`` treasure (``k`` in ``ladder``; the second leading seat 2 and 5) moved
    from the leading seat's lines, nearest its start pegs first (one unit per line before a
    second), to the weakest seat's lines, nearest its start first, both past what a chain
    reaches in the validator's first bands (``rules/seat-fairness``); and when games do not reach
    the intended end or seats end at the score floor (L8-6's 5 VP a self-crossing eats a
    chain's little treasure), ``k`` (past 1) added on lines round the seats' sides, the
    weakest seat's first. Never onto a line that holds an artifact."""
    items = {line_key(*i.line): i for i in board.line_items}
    lines = sorted({line_key(a, b) for a, b in board.lines if not (line_key(a, b) in items
                                                                    and items[line_key(a, b)].artifact)})
    cap = max([i.treasure for i in board.line_items] + [1])
    leaders, trailers = diagnosis.leaders(), diagnosis.trailers()

    def treasure(k) -> int:
        return items[k].treasure if k in items else 0

    def side(seat, keys) -> list:  # keys on the seat's side, nearest its start pegs first
        return [k for _d, k in sorted((regions.distance(seat, k), k) for k in keys if regions.margin(seat, k) > 0)]

    def units(seat) -> list:  # one unit per line, nearest first, then a second round...
        return _unit_rounds(side(seat, [k for k, i in items.items() if i.treasure > 0]), treasure)

    def room(seat, taking=()) -> list:  # the seat's lines, a first round then a second...
        return _room_rounds([k for k in side(seat, lines) if k not in taking], treasure, cap)

    out: list[Edit] = []
    if leaders and trailers:
        from studio.validate.lint import FAIRNESS_BANDS

        trail = trailers[0]
        for rank, lead in enumerate(leaders[:2]):
            # beyond what a chain reaches in the validator's first bands (rules/seat-fairness
            # compares that; a chain's first bands reach only a few lines, so a move there
            # warns), nearest first past it
            src = [k for k in units(lead) if regions.distance(lead, k) >= FAIRNESS_BANDS]
            dst = [k for k in room(trail, set(src)) if regions.distance(trail, k) >= FAIRNESS_BANDS]
            for k in ladder if rank == 0 else ladder[1:4:2]:
                if k > min(len(src), len(dst)):
                    break
                steps: list = []
                for a, b in zip(src[:k], dst[:k]):
                    steps += [("line+", (a, -1)), ("line+", (b, 1))]
                pairs = list(zip(src[:k], dst[:k]))
                out.append(Edit("line-items", "multi", tuple(steps),
                                tuple(("line", line_id(x)) for x in dict.fromkeys(src[:k] + dst[:k])),
                                f"move {k} treasure from {_seat_label(board, lead)}'s lines to "
                                f"{_seat_label(board, trail)}'s (the leading seat's side to the weakest's): "
                                + ", ".join(f"{line_id(a)} -> {line_id(b)}" for a, b in pairs),
                                tuple((("line", line_id(a)), ("line", line_id(b))) for a, b in pairs)))
    if diagnosis.unintended > 0.1 or diagnosis.collapsed > 0.1:
        order = trailers + [s for s in range(len(diagnosis.strength)) if s not in trailers]
        rooms = [room(s) for s in order]
        for k in ladder[1:]:
            picks = _round_robin(rooms, k)
            if len(picks) < k:
                break
            add = tuple(("line+", (key, 1)) for key in picks)
            out.append(Edit("line-items", "multi", add, tuple(("line", line_id(key)) for key in dict.fromkeys(picks)),
                            f"add {k} treasure on lines round the seats' sides, the weakest seat's first: "
                            + ", ".join(f"1 to the line {line_id(key)}" for key in picks)))
    return [e for e in out if locks is None or not locks.blocks(e)]


TURN_ORDER_LADDER = (1, 2, 3, 5, 8)
"""Units a turn-order move carries toward the shared start (:func:`turn_order_edits`); the
other direction and energy race the sizes ``2`` and ``5``."""

SHARED_STARTS = ("crater", "any-start", "anywhere")
"""Start rules under which every seat starts from the same pegs (RTR-P5 as L2-2, L4-1, L6-2
change it), so no seat has a side of its own."""


def shared_start(board: Board, rules) -> frozenset | None:
    """The pegs every seat's first band may use under a shared start rule: the crater's
    (``crater``, L2-2), every seat's start pegs as one pool (``any-start``, L4-1), or, where
    bands may start anywhere (``anywhere``, L6-2), the pegs of the board's richest segments
    (treasure plus energy): what a first band reaches for when it may go anywhere (there,
    :func:`turn_order_edits` moves content toward the richest segments themselves, by worth,
    not by lines). None under
    ``own-side`` starts, or when the Labyrinth module reads each seat's own start (L8-3)."""
    if rules.start not in SHARED_STARTS or "labyrinth" in rules.modules:
        return None
    if rules.start == "crater":
        pegs = frozenset(p for p in board.crater if p in board.pegs)
    elif rules.start == "any-start":
        pegs = frozenset(p for s in board.seats.values() for p in s.start if p in board.pegs)
    else:
        worth = {s.key: s.treasure + s.energy for s in board.segments if not s.idol}
        top = max(worth.values(), default=0)
        pegs = frozenset(p for k, v in worth.items() if v == top and top > 0 for p in k if p in board.pegs)
    return pegs or None


def turn_order_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                     ladder=TURN_ORDER_LADDER) -> list[Edit]:
    """Edits for boards whose seats share their start (:func:`shared_start`), where no content
    can be moved toward one seat's side: they shift share between early and late seats instead.
    Seat 1 moves first but is dealt the smallest opening hand (RTR-S2); what lies next to the
    shared start goes to whoever gets there first, what lies far from it to whoever can pay for
    the longer way. So, when the early seats trail (:func:`turn_order_skew` above 0), ``k``
    treasure (``k`` in ``ladder``) go from the segments farthest from the shared start (in
    lines; one unit per segment, farthest first) to the segments nearest it (nearest first, one
    unit each before a second); the same with energy for 2 and 5 units, and the other way (2
    and 5 treasure away from the start) as a check, since the race, not this guess, decides.
    When the late seats trail, the ladder goes the other way. Each edit's ``op`` is
    ``"turn-order"`` (applied like ``"multi"``) and its kind ``treasure`` or ``energy``, so
    those locks hold; ``[]`` on boards with sides, when the seats are even, or without
    content. Not yet validated (:func:`valid_edits`)."""
    rules = scenario.rules
    start = shared_start(board, rules)
    skew = turn_order_skew(diagnosis)
    if start is None or skew == 0:
        return []
    faces = _faces(board)
    if not faces:
        return []
    dist = _distances(_peg_graph(board), start)
    segs = board.segment_map()
    pictures = "pictures" in rules.modules
    cap = max([s.treasure for s in board.segments] + [s.energy for s in board.segments] + [1])
    worth = {k: s.treasure + s.energy for k, s in segs.items() if not s.idol}
    top = max(worth.values(), default=0)

    def far(k) -> float:
        # lines from the shared start to the nearest peg of segment k; where bands start anywhere
        # (L6-2), how much poorer k is than the richest segment: toward = concentrating content
        # where the first pick goes
        if rules.start == "anywhere":
            return top - worth.get(k, 0) if all(p in dist for p in k) else float("inf")
        return min(dist.get(p, float("inf")) for p in k)

    def holds(k) -> bool:
        return takes_content(segs, pictures, k) and far(k) != float("inf")

    def units(field_name, toward: bool) -> list:  # sources: far first when moving toward the start
        keys = sorted((k for k, s in segs.items() if getattr(s, field_name) > 0 and holds(k)),
                      key=lambda k: (-far(k) if toward else far(k), k))
        return _unit_rounds(keys, lambda k: getattr(segs[k], field_name), cap)

    def room(field_name, toward: bool, taking) -> list:  # targets: near first when moving toward it
        keys = sorted((k for k in faces if holds(k) and k not in taking),
                      key=lambda k: (far(k) if toward else -far(k), k))
        piling = rules.start == "anywhere" and toward  # concentrating: the richest first, one above the most
        slots = [(level, i, k) for level in range(cap + piling) for i, k in enumerate(keys)
                 if getattr(segs.get(k), field_name, 0) <= level]
        if piling:
            slots.sort(key=lambda t: (t[1], t[0]))
        return [k for _level, _i, k in slots]

    toward = skew > 0
    plan = [("treasure", toward, ladder), ("energy", toward, ladder[1:4:2]), ("treasure", not toward, ladder[1:4:2])]
    out: list[Edit] = []
    for field_name, inward, sizes in plan:
        src = units(field_name, inward)
        for k in sizes:
            dst = room(field_name, inward, set(src[:k]))  # a segment gives or takes, not both
            # a move pays only if it brings content nearer (or farther): unit by unit
            pairs = [(a, b) for a, b in zip(src[:k], dst[:k]) if (far(b) < far(a)) == inward and far(a) != far(b)]
            if len(pairs) < k:
                break
            out.append(_turn_move(board, rules.start, field_name, pairs, inward, skew))
    return [e for e in out if locks is None or not locks.blocks(e)]


def turn_order_skew(diagnosis: Diagnosis) -> float:
    """How the seats' strength (:attr:`Diagnosis.strength`) runs with the order of play: the
    least-squares slope of strength on seat number (per seat, in 0..1 win-rate units). Above 0:
    later seats are stronger (the early seats trail, as with RTR-S2's smaller first hands);
    below 0: the early seats lead; 0 with fewer than 2 seats or no trend."""
    s = list(diagnosis.strength)
    n = len(s)
    if n < 2:
        return 0.0
    mx, my = (n - 1) / 2, sum(s) / n
    return sum((i - mx) * (v - my) for i, v in enumerate(s)) / sum((i - mx) ** 2 for i in range(n))


def _turn_move(board: Board, start: str, field_name: str, pairs, inward: bool, skew: float) -> Edit:
    steps = []
    for src, dst in pairs:
        steps += [("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))]
    touches = tuple(("segment", seg_id(k)) for k in dict.fromkeys([a for a, _b in pairs] + [b for _a, b in pairs]))
    where = {"crater": "the crater", "any-start": "the shared start pegs",
             "anywhere": "the board's richest segments"}.get(start, "the shared start")
    who = "the later seats lead" if skew > 0 else "the early seats lead"
    # toward the start helps the early seats: the other way is raced as a check, and says so
    check = "" if inward == (skew > 0) else ", so this is the other way, raced as a check"
    return Edit(field_name, "turn-order", tuple(steps), touches,
                f"move {len(pairs)} {field_name} {'toward' if inward else 'away from'} {where} (turn order: the seats "
                f"share their start and {who}{check}): " + ", ".join(f"{seg_id(a)} -> {seg_id(b)}" for a, b in pairs),
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in pairs))


def is_turn_order(edit: Edit) -> bool:
    """Whether ``edit`` is one of :func:`turn_order_edits`' (its proposal then says why)."""
    return edit.op == "turn-order"

GRADE_RUNGS = 4
"""Farther targets a graded move tries on the trailing seat's side (:func:`graded_edits`)."""


def graded_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                 rungs: int = GRADE_RUNGS) -> list[Edit]:
    """Moves finer than one whole treasure next to a start, for gaps that a single unit next to
    the trailing seat's start overshoots (on short games one such treasure is worth some 25
    points of win rate): a line search over the move's strength, raced like the gap-sized
    moves (:func:`gap_edits`). From the strongest seat's side (its unit nearest its start pegs)
    to the weakest seat's:

    1. 1 treasure to the weakest seat's side, one rung per distance from its start pegs (in
       lines, :class:`Regions`) past the nearest (which :func:`gap_edits` already moves to),
       up to ``rungs`` rungs: the farther, the later the seat gets there, the weaker the move;
    2. 1 treasure kept on the strongest seat's side but moved to its segment farthest from its
       start pegs (it reaches it later; nobody else nearer);
    3. 1 energy to the weakest seat's segment nearest its start (energy is worth less than
       treasure; :func:`gap_edits` moves energy only by 2 and 5).

    Rungs are listed strongest first (by how near the unit lands to the weakest seat, so on
    the trailing side farther is weaker); which rung fits the gap is the race's to find. Same
    boards as :func:`gap_edits` (own-side starts, seats with start pegs of their own, no line
    items); none touches what ``locks`` holds; not yet validated (:func:`valid_edits`). Each
    breaks the board's symmetry on purpose (turn order, RTR-S2)."""
    rules = scenario.rules
    regions = Regions.of(board)
    if rules.start != "own-side" or not regions.usable() or "labyrinth" in rules.modules or "chain" in rules.bands:
        return []
    leaders, trailers = diagnosis.leaders(), diagnosis.trailers()
    if not leaders or not trailers:
        return []
    lead, trail = leaders[0], trailers[0]
    faces = _faces(board)
    segs = board.segment_map()
    pictures = "pictures" in rules.modules

    holds = partial(takes_content, segs, pictures)

    def source(field_name):  # the strongest seat's unit nearest its start (stable order)
        keys = sorted((k for k, s in segs.items() if getattr(s, field_name) > 0 and not s.idol
                       and not (pictures and not s.picture) and regions.margin(lead, k) > 0),
                      key=lambda k: (regions.distance(lead, k), k))
        return keys[0] if keys else None

    def emptiest(keys, field_name):  # the target holding least of it, then stable order
        return min(keys, key=lambda k: (getattr(segs.get(k), field_name, 0), k))

    out: list[Edit] = []
    src = source("treasure")
    if src is not None:
        side = [k for k in faces if holds(k) and k != src and regions.margin(trail, k) > 0]
        levels = sorted({regions.distance(trail, k) for k in side})
        for d in levels[1:1 + rungs]:
            dst = emptiest([k for k in side if regions.distance(trail, k) == d], "treasure")
            out.append(_graded_move(board, "treasure", src, dst, lead, trail,
                                    f"{_seat_label(board, trail)}'s side, {_lines(d)} from its start"))
        own = [k for k in faces if holds(k) and k != src and regions.margin(lead, k) > 0
               and regions.distance(lead, k) > regions.distance(lead, src)]
        if own:
            far = max(regions.distance(lead, k) for k in own)
            dst = emptiest([k for k in own if regions.distance(lead, k) == far], "treasure")
            out.append(_graded_move(board, "treasure", src, dst, lead, lead,
                                    f"farther from {_seat_label(board, lead)}'s start, {_lines(far)} out"))
    src = source("energy")
    if src is not None:
        side = [k for k in faces if holds(k) and k != src and regions.margin(trail, k) > 0]
        if side:
            near = min(regions.distance(trail, k) for k in side)
            dst = emptiest([k for k in side if regions.distance(trail, k) == near], "energy")
            out.append(_graded_move(board, "energy", src, dst, lead, trail,
                                    f"{_seat_label(board, trail)}'s side, {_lines(near)} from its start"))
    return [e for e in out if locks is None or not locks.blocks(e)]


def _lines(d: float) -> str:
    return f"{int(d)} line" + ("" if int(d) == 1 else "s")


def _graded_move(board: Board, field_name: str, src, dst, lead: int, trail: int, where: str) -> Edit:
    return Edit(field_name, "multi", (("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))),
                (("segment", seg_id(src)), ("segment", seg_id(dst))),
                f"move 1 {field_name} from segment {seg_id(src)} ({_seat_label(board, lead)}'s side, nearest its "
                f"start) to segment {seg_id(dst)} ({where}; a graded move, turn order)",
                ((("segment", seg_id(src)), ("segment", seg_id(dst))),))


END_SIZES = (0.5, 0.75, 1.0, 1.25)
"""Sizes :func:`end_edits` races, as fractions of the treasure each seat lacks for the end score."""


def end_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
              sizes=END_SIZES) -> list[Edit]:
    """Edits adding treasure so games can reach the scenario's end score (RTR-E1), in equal
    value on every seat's side. Only when games miss the intended end (``diagnosis.unintended``
    above 0.1) and the board holds less treasure than ``seats x end score``; the per-seat
    shortfall ``u = ceil((seats x score - treasure) / seats)`` is scaled by each of ``sizes``
    (rounded up, at least 1, capped by the room the board has) and one edit adds that many
    units to every seat's side: the same number at each distance (in lines from the seat's start
    pegs) on every side, nearest first, one unit per segment before a second (up to the board's
    richest segment), so no seat gains more reachable treasure than another. Segments with idols,
    and outside pictures when the scenario uses them (L4), take none. Same boards as
    :func:`gap_edits` (``own-side`` starts, RTR-P5, start pegs of their own; not the Labyrinth).
    None touches what ``locks`` holds; not yet validated (:func:`valid_edits`). Returns ``[]``
    when there is nothing to add or no room for it."""
    rules = scenario.rules
    regions = Regions.of(board)
    if rules.start != "own-side" or not regions.usable() or "labyrinth" in rules.modules or "chain" in rules.bands:
        return []
    target = rules.end.get("score") if isinstance(rules.end, dict) else None
    if not isinstance(target, int) or diagnosis.unintended <= 0.1:
        return []
    seats = len(regions.seats)
    shortfall = seats * target - sum(s.treasure for s in board.segments)
    if shortfall <= 0:
        return []
    per_seat = -(-shortfall // seats)
    segs = board.segment_map()
    pictures = "pictures" in rules.modules
    cap = max([s.treasure for s in board.segments] + [1])
    faces = [k for k in _faces(board) if not (segs.get(k) and segs[k].idol)
             and not (pictures and not (segs.get(k) and segs[k].picture))]
    # per seat, (round, distance) -> its segments in that bucket, clearest of its side first
    buckets: list[dict] = []
    for seat in range(seats):
        rows: dict = {}
        for k in faces:
            if regions.margin(seat, k) <= 0:
                continue
            have = getattr(segs.get(k), "treasure", 0)
            for level in range(have, cap):
                rows.setdefault((level, regions.distance(seat, k)), []).append(k)
        for keys in rows.values():
            keys.sort(key=lambda k, seat=seat: (-regions.margin(seat, k), k))
        buckets.append(rows)
    order = sorted(set().union(*buckets))
    slots: list[list] = [[] for _ in range(seats)]  # slots[seat][i]: the i-th unit's segment
    for b in order:
        m = min(len(rows.get(b, ())) for rows in buckets)
        for seat in range(seats) if m else ():
            slots[seat] += buckets[seat][b][:m]
    room = len(slots[0])
    counts = sorted({min(room, max(1, math.ceil(per_seat * f))) for f in sizes})
    out = []
    for u in (c for c in counts if c > 0):
        picks = [k for seat in range(seats) for k in slots[seat][:u]]
        added: dict = {}
        for k in picks:
            added[k] = added.get(k, 0) + 1
        steps = tuple(("segment+", (k, "treasure", n)) for k, n in added.items())
        out.append(Edit("treasure", "multi", steps, tuple(("segment", seg_id(k)) for k in added),
                        f"add {u} treasure to every seat's side ({u * seats} in all, the board holds "
                        f"{shortfall} fewer than {seats} x {target}), at the same distances from each seat's start: "
                        + "; ".join(f"{_seat_label(board, seat)}: " + ", ".join(seg_id(k) for k in slots[seat][:u])
                                    for seat in range(seats))))
    return [e for e in out if locks is None or not locks.blocks(e)]


def _gap_move(board: Board, field_name: str, sources, targets, lead: int, trail: int) -> Edit:
    steps = []
    for src, dst in zip(sources, targets):
        steps += [("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))]
    touches = tuple(("segment", seg_id(k)) for k in dict.fromkeys(list(sources) + list(targets)))
    return Edit(field_name, "multi", tuple(steps), touches,
                f"move {len(sources)} {field_name} from {_seat_label(board, lead)}'s side to {_seat_label(board, trail)}'s "
                f"side (turn order): " + ", ".join(f"{seg_id(a)} -> {seg_id(b)}" for a, b in zip(sources, targets)),
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in zip(sources, targets)))


def bundle_size(spread: float) -> int:
    """How many units one bundled move carries when the leading and the trailing seat are
    ``spread`` apart (the difference of their :attr:`Diagnosis.strength`, 0..1 units): 0 (no
    bundle) below :data:`BUNDLE_FROM`, else one unit per :data:`BUNDLE_STEP` of spread, 2 to
    :data:`BUNDLE_MAX`. One unit moved shifts a seat's win rate by well under a point on the
    bundled boards, so gaps of 10 points or more need several units in one step to be seen
    above the noise of a race."""
    if spread < BUNDLE_FROM:
        return 0
    return max(2, min(BUNDLE_MAX, int(spread / BUNDLE_STEP)))


def _bundle(board: Board, field_name: str, sources, targets, lead: int, trail: int) -> Edit:
    """One edit moving 1 ``field_name`` from each of ``sources`` (the leading seat's side) to
    the target of the same rank (the trailing seat's side)."""
    steps = []
    for src, dst in zip(sources, targets):
        steps += [("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))]
    touches = tuple(("segment", seg_id(k)) for k in list(sources) + list(targets))
    return Edit(field_name, "multi", tuple(steps), touches,
                f"move {len(sources)} {field_name}, 1 from each of segments {', '.join(seg_id(k) for k in sources)} "
                f"({_seat_label(board, lead)}'s side) to segments {', '.join(seg_id(k) for k in targets)} "
                f"({_seat_label(board, trail)}'s side)",
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in zip(sources, targets)))


def _move_segment(e: Edit, field_name: str, src, dst) -> Edit:
    return Edit(e.kind, "multi", (("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))),
                e.touches, e.text, e.moves)


def _multi(board: Board, rules: dict, *steps) -> None:
    for op, args in steps:
        _APPLY[op](board, rules, *args)


_APPLY["multi"] = _multi
_APPLY["turn-order"] = _multi  # a multi of turn_order_edits, named for its proposal's note


def _sides(faces) -> dict:
    """Each side of the ``faces`` (a sorted pair of pegs) -> the faces (one or two) it bounds."""
    sides: dict = {}
    for key in faces:
        for i in range(3):
            sides.setdefault(tuple(sorted((key[i], key[(i + 1) % 3]))), []).append(key)
    return sides


def _face_neighbours(faces) -> dict:
    """Each of ``faces`` -> the faces it shares a side with."""
    nbrs: dict = {k: set() for k in faces}
    for keys in _sides(faces).values():
        if len(keys) == 2:
            nbrs[keys[0]].add(keys[1])
            nbrs[keys[1]].add(keys[0])
    return nbrs


def _picture_edits(board: Board, faces, segs, regions: Regions, trailers, rng: random.Random,
                   count: int = 3, gain: Callable | None = None) -> list[Edit]:
    """Move an end segment of a picture (one touching a single other segment of it) to a
    neighbouring segment in no picture that touches the picture elsewhere, so the picture stays
    in one piece (L4-2); its content goes with it. Toward a trailing seat first, when there is
    one; ``gain(src, dst)``, when given, ranks the moves instead (only those above 0 are kept).
    Thin pictures (chains of segments) have no such move."""
    sides = _sides(faces)
    nbrs = _face_neighbours(faces)

    def picture(k):
        return segs[k].picture if segs.get(k) else None

    pairs = []
    for keys in sides.values():
        if len(keys) != 2:
            continue
        a, b = keys
        for src, dst in ((a, b), (b, a)):
            name = picture(src)
            if not name or picture(dst) or (segs.get(dst) and segs[dst].idol):
                continue
            # the picture stays in one piece: the segment leaving is an end of it, the one joining
            # touches another of its segments
            if sum(picture(k) == name for k in nbrs[src]) != 1:
                continue
            if not any(picture(k) == name for k in nbrs[dst] if k != src):
                continue
            if gain is not None:
                value = gain(src, dst)
                if value <= 0:
                    continue
            else:
                value = sum(regions.margin(t, dst) - regions.margin(t, src) for t in trailers[:1])
            pairs.append((-value, rng.random(), src, dst))
    out = []
    for _g, _r, src, dst in sorted(pairs, key=lambda t: (t[0], t[1]))[:count]:
        s = segs[src]
        name = s.picture
        steps = [("segment=", (src, "picture", None)), ("segment=", (dst, "picture", name))]
        for field_name in ("treasure", "energy"):
            if getattr(s, field_name):
                steps += [("segment+", (src, field_name, -getattr(s, field_name))),
                          ("segment+", (dst, field_name, getattr(s, field_name)))]
        label = (board.pictures.get(name) or {}).get("label") or name
        out.append(Edit("pictures", "multi", tuple(steps), (("segment", seg_id(src)), ("segment", seg_id(dst))),
                        f"move picture {label}'s segment {seg_id(src)} to the neighbouring segment {seg_id(dst)}",
                        ((("segment", seg_id(src)), ("segment", seg_id(dst))),)))
    return out


def _start_edits(board: Board, regions: Regions, seat: int, grow: bool, rng: random.Random) -> list[Edit]:
    """Start-peg edits for ``seat``: one more start peg next to its own (``grow``), or one
    fewer (the one farthest in, keeping at least one)."""
    name = list(board.seats)[seat]
    start = list(board.seats[name].start)
    if not start:
        return []
    used = {p for s in board.seats.values() for p in s.start}
    graph = _peg_graph(board)
    label = _seat_label(board, seat)
    if grow:
        # a neighbour of its start pegs on the board's edge (start pegs sit on the edge, rules/start-*)
        edge = _edge_pegs(board)
        options = sorted({q for p in start for q in graph.get(p, ()) if q not in used and q in edge})
        rng.shuffle(options)
        return [Edit("starts", "start", (name, tuple(start + [q])), (("seat", name), ("peg", q)),
                     f"give {label} the start peg {q} as well")
                for q in options[:2]]
    if len(start) < 2:
        return []
    out = []
    for p in start[-2:]:
        rest = tuple(q for q in start if q != p)
        out.append(Edit("starts", "start", (name, rest), (("seat", name), ("peg", p)),
                        f"take the start peg {p} from {label}"))
    return out


def _edge_pegs(board: Board) -> set[str]:
    """Pegs on the board's outer edge: ends of lines with a face on one side only."""
    from studio.geometry.faces import line_graph_faces

    xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
    try:
        faces = line_graph_faces(xy, board.lines)
    except Exception:  # noqa: BLE001
        return set()
    count: dict = {}
    for f in faces:
        for a, b in f.sides:
            k = line_key(a, b)
            count[k] = count.get(k, 0) + 1
    return {p for k, n in count.items() if n == 1 for p in k}


def _colour_edits(board: Board, seat: int, rng: random.Random) -> list[Edit]:
    """Recolour one start peg of ``seat`` to the colour most of its other start pegs have, so
    one colour of card opens more of its bands (RTR-P7)."""
    name = list(board.seats)[seat]
    start = [p for p in board.seats[name].start if p in board.pegs]
    if len(start) < 2:
        return []
    colours = [board.pegs[p].colour for p in start]
    common = max(COLOURS, key=lambda c: (colours.count(c), -COLOURS.index(c)))
    odd = [p for p in start if board.pegs[p].colour != common]
    rng.shuffle(odd)
    return [Edit("colours", "colour", (p, common), (("peg", p),),
                 f"recolour the start peg {p} of {_seat_label(board, seat)} from {board.pegs[p].colour} to {common}, "
                 f"the colour of most of its start pegs")
            for p in odd[:1]]


def _rule_edits(board: Board, rules, diagnosis: Diagnosis) -> list[Edit]:
    """Scenario rule parameters (only when the designer allows them): a trailing seat's or a
    leading seat's opening hand (RTR-S2), the end score when games run long or short."""
    out = []
    hands = list(rules.hand_sizes)
    for seat in diagnosis.trailers()[:1]:
        if seat < len(hands):
            new = hands[:]
            new[seat] += 1
            out.append(Edit("rules", "rule", ("rules.hand_sizes", tuple(new)), (("rule", "rules.hand_sizes"),),
                            f"deal {_seat_label(board, seat)} {new[seat]} opening cards instead of {hands[seat]} "
                            "(RTR-S2; a rule of the scenario, for every board of it)"))
    for seat in diagnosis.leaders()[:1]:
        if seat < len(hands) and hands[seat] > 1:
            new = hands[:]
            new[seat] -= 1
            out.append(Edit("rules", "rule", ("rules.hand_sizes", tuple(new)), (("rule", "rules.hand_sizes"),),
                            f"deal {_seat_label(board, seat)} {new[seat]} opening cards instead of {hands[seat]} "
                            "(RTR-S2; a rule of the scenario, for every board of it)"))
    end = dict(rules.end)
    if "score" in end:
        for delta in ((-2,) if diagnosis.long > diagnosis.short else (2,) if diagnosis.short > 0 else (-2, 2)):
            value = end["score"] + delta
            if value > 0:
                out.append(Edit("rules", "rule", ("rules.end", (("score", value),) + tuple(
                    (k, v) for k, v in end.items() if k != "score")), (("rule", "rules.end"),),
                    f"end the game at {value} VP instead of {end['score']} (a rule of the scenario)"))
    return out


def rule_value(value):
    """A rule edit's value as scenario data (tuples of pairs back to a mapping, tuples to lists)."""
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str)
                                                  for v in value):
        return {k: rule_value(v) for k, v in value}
    if isinstance(value, tuple):
        return [rule_value(v) for v in value]
    return value


# -- locks ----------------------------------------------------------------------------------------

CARRIES = {"line-items": "treasure", "bridges": "energy"}
"""Kinds of edit that move a kind of content (a lock on the content locks them too)."""


@dataclass(frozen=True)
class Locks:
    """What the assistant may not change: kinds of edit (:data:`KINDS`) and ``(kind, id)``
    elements. A kind locks what it names wherever it lies: ``treasure`` the Labyrinth's line
    treasure too (``line-items`` edits), ``energy`` the bridges' (``bridges`` edits)."""

    kinds: frozenset = frozenset()
    elements: frozenset = frozenset()

    def blocks(self, edit: Edit) -> bool:
        if edit.kind in self.kinds or CARRIES.get(edit.kind) in self.kinds:
            return True
        return any(tuple(t) in self.elements for t in edit.touches)


def parse_locks(texts, board: Board) -> Locks:
    """Locks from ``--lock`` texts (each may hold several, comma-separated). Raises
    :class:`EditError` naming an unknown kind or an element the board does not have."""
    kinds, elements = set(), set()
    pegs = set(board.pegs)
    for text in texts or ():
        for part in (p.strip() for p in str(text).split(",")):
            if not part:
                continue
            if part in KINDS:
                kinds.add(part)
                continue
            what, sep, ident = part.partition(":")
            if not sep or what not in ELEMENT_LOCKS or not ident:
                raise EditError(f"--lock {part!r}: expected a kind of edit ({', '.join(KINDS)}) or an element "
                                f"({', '.join(w + ':ID' for w in ELEMENT_LOCKS)}, e.g. peg:c3 or segment:a1-a2-b1)")
            if what == "peg":
                if ident not in pegs:
                    raise EditError(f"--lock {part}: the board has no peg {ident}")
            elif what == "seat":
                if ident not in board.seats:
                    raise EditError(f"--lock {part}: the board has no seat {ident} (seats: {', '.join(board.seats)})")
            elif what == "picture":
                names = dict.fromkeys([*board.pictures, *(s.picture for s in board.segments if s.picture)])
                if ident not in names:
                    raise EditError(f"--lock {part}: the board has no picture {ident}"
                                    f"{' (pictures: ' + ', '.join(names) + ')' if names else ''}")
            else:
                ids = ident.split("-")
                if any(p not in pegs for p in ids) or len(ids) != (3 if what == "segment" else 2):
                    raise EditError(f"--lock {part}: {what} pegs are {'three' if what == 'segment' else 'two'} peg "
                                    f"ids of the board joined by '-'")
                ident = seg_id(ids) if what == "segment" else line_id(ids)
            elements.add((what, ident))
    return Locks(frozenset(kinds), frozenset(elements))


# -- validation -----------------------------------------------------------------------------------

def findings_of(board: Board, scenario=None) -> list:
    """The validation pipeline's errors and warnings for ``board`` (checked against
    ``scenario``'s rules when given)."""
    from studio.validate import validate

    return [f for f in validate(board, scenario=scenario) if f.severity in ("error", "warning")]


def _finding_key(f) -> tuple:
    # by code and element, not message: a warning the board has already (its figures changed by
    # the edit) is not a new one
    return (f.code, f.element)


def valid_edits(board: Board, edits, scenario=None, settings: dict | None = None, base: list | None = None,
                prefix=()) -> list[tuple[Edit, Board]]:
    """``(edit, edited board)`` for each of ``edits`` whose board (``prefix`` edits first)
    passes validation with no error and no warning that ``board`` itself does not have
    (``base``: its findings, computed when None); the others are dropped."""
    if base is None:
        base = findings_of(apply_edits(board, prefix, settings)[0], scenario)
    known = {_finding_key(f) for f in base}
    out = []
    for e in edits:
        try:
            new, _rules = apply_edits(board, tuple(prefix) + (e,), settings)
        except EditError:
            continue
        if e.kind != "rules":
            found = findings_of(new, scenario)
            if any(f.severity == "error" or _finding_key(f) not in known for f in found):
                continue
        out.append((e, new))
    return out


__all__ = ["BUNDLE_FROM", "BUNDLE_MAX", "BUNDLE_STEP", "Diagnosis", "Edit", "EditError", "KINDS", "Locks", "Regions",
           "END_SIZES", "FIRST_PICK_GAMES", "FIRST_PICK_LADDER", "GAP_LADDER", "GRADE_RUNGS", "apply_edits", "bundle_size", "candidate_edits", "end_edits",
           "first_pick_edits", "first_picks", "gap_edits", "graded_edits",
           "findings_of", "parse_locks", "rule_value", "valid_edits",
           "SHARED_STARTS", "TURN_ORDER_LADDER", "is_turn_order", "shared_start", "turn_order_edits", "turn_order_skew"]


PAIRED_LADDER = (2, 3, 4, 6, 9)
"""Units a paired move carries in all (:func:`paired_edits`), split among the trailing seats
by their gaps: a line search over the size, raced like the gap-sized moves."""

PAIRED_RUNGS = 3
"""Rungs of graded paired moves (:func:`paired_edits`): two placements each of
:data:`GRADED_PAIRS`."""

GRADED_PAIRS = ((0, 1), (0, 2), (1, 1), (1, 2), (2, 2), (2, 3))
"""Graded paired moves, strongest first: ``(i, j)`` puts the weakest seat's unit at its
``i``-th distance (in lines) from its start pegs, counted from the nearest (0), and each other
trailing seat's at its ``j``-th, never nearer (``j >= i``), so a smaller gap never gets the
stronger unit."""

TRAILER_RATIO = 2.0
"""One trailing seat trails "far more" than another when its gap is at least this many times
the other's (and at least :data:`BUNDLE_STEP` larger): then :func:`paired_edits` also moves
content from the lesser trailer's side to the weakest seat's."""

TRAILER_LADDER = (1, 2, 3)
"""Units a move between two trailing seats carries (:func:`paired_edits`)."""


def split_by_gap(total: int, gaps) -> list[int]:
    """``total`` units split among seats whose gaps (how far each trails its fair share, > 0,
    in 0..1 win-rate units) are ``gaps``: one each first (when ``total`` allows), the rest in
    proportion to the gaps by largest remainder, ties to the larger gap, so a larger gap never
    gets fewer units. Returns one count per gap, summing to ``total``. Raises ValueError on a
    negative total or a gap not above 0."""
    if total < 0 or any(g <= 0 for g in gaps):
        raise ValueError("split_by_gap: total must be 0 or more and every gap above 0")
    n = len(gaps)
    if not n:
        return []
    order = sorted(range(n), key=lambda i: (-gaps[i], i))
    base = [1 if total >= n else 0] * n
    if total < n:  # not one each: the largest gaps first
        for i in order[:total]:
            base[i] = 1
        return base
    rest = total - n
    whole = sum(gaps)
    share = [rest * g / whole for g in gaps]
    counts = [b + int(s) for b, s in zip(base, share)]
    left = total - sum(counts)
    for i in sorted(range(n), key=lambda i: (-(share[i] - int(share[i])), -gaps[i], i))[:left]:
        counts[i] += 1
    # largest remainder can hand a smaller gap one more than a larger one when shares tie: keep the order
    ranked = sorted(counts, reverse=True)
    out = [0] * n
    for rank, i in enumerate(order):
        out[i] = ranked[rank]
    return out


def paired_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                 ladder=PAIRED_LADDER, rungs: int = PAIRED_RUNGS) -> list[Edit]:
    """Multi-seat moves for boards of 3 or more seats, each on its own side, where no move
    between one pair of seats fits: content a trailing seat gains often comes out of another
    trailing seat, not the leader. Each is one compound edit (``op`` ``"multi"``):

    1. gap-sized: ``k`` treasure for each ``k`` of ``ladder`` (energy for its second and fourth
       sizes) taken from the strongest seat's side (its units nearest its start pegs first,
       one per segment before a second, as :func:`gap_edits` takes them) and given to every
       trailing seat at once, split by :func:`split_by_gap` (one each, the rest in proportion
       to how far each trails), each seat's share on its own side nearest its start; with two
       or more leading seats, the same from all of them, each giving in proportion to how far
       it leads;
    2. graded: 1 treasure from the strongest seat to each trailing seat, at the distances (in
       lines from each seat's start pegs, :class:`Regions`) of :data:`GRADED_PAIRS` (``rungs``
       x 2 of them; the farther, the later the seat reaches it, the weaker), the weakest seat's
       never farther than another's; taken from the strongest seat's units nearest its start,
       then again from its farthest (a weaker take: on short games one treasure next to a start
       is worth tens of points of win rate);
    3. between trailers: when the weakest seat trails :data:`TRAILER_RATIO` times as far as
       another trailing seat, ``k`` treasure (``k`` in :data:`TRAILER_LADDER`) from that seat's
       side to the weakest seat's.

    With a single trailing seat and two or more leading seats (the mirror case), 1 has every
    leading seat give to it, each in proportion to how far it leads, and 2 has the two strongest
    give it 1 treasure each, the strongest's unit never farther from its start than the other's
    (one leader and one trailer is :func:`gap_edits`' and :func:`graded_edits`' case: ``[]``).
    Same boards as :func:`gap_edits` (``own-side`` starts, RTR-P5, start pegs of their own; not
    the Labyrinth's line items); ``[]`` elsewhere. None touches what ``locks`` holds; not yet
    validated (:func:`valid_edits`). Every such edit breaks the board's symmetry on purpose."""
    rules = scenario.rules
    regions = Regions.of(board)
    if (len(regions.seats) < 3 or rules.start != "own-side" or not regions.usable() or "labyrinth" in rules.modules
            or "chain" in rules.bands):
        return []
    leaders, trailers = diagnosis.leaders(), diagnosis.trailers()
    if not trailers or (len(trailers) < 2 and len(leaders) < 2):
        return []
    strength = diagnosis.strength
    faces = _faces(board)
    segs = board.segment_map()
    pictures = "pictures" in rules.modules
    cap = max([s.treasure for s in board.segments] + [s.energy for s in board.segments] + [1])

    holds = partial(takes_content, segs, pictures)

    mine = partial(on_side, regions)

    def units(seat, field_name) -> list:  # one unit per segment, nearest first, then a second round...
        keys = mine(seat, [k for k, s in segs.items() if getattr(s, field_name) > 0 and holds(k)])
        return _unit_rounds(keys, lambda k: getattr(segs[k], field_name), cap)

    def room(seat, field_name) -> list:  # places for units, a first round then a second...
        return _room_rounds([k for k in mine(seat, faces) if holds(k)], lambda k: getattr(segs.get(k), field_name, 0), cap)

    gaps = [-strength[t] for t in trailers]
    out: list[Edit] = []
    # one leader to every trailer; every leader to every trailer (with one trailer, that alone:
    # one leader to one trailer is gap_edits')
    groups = [leaders[:1], leaders] if len(leaders) > 1 else [leaders]
    for givers in groups[1:] if len(trailers) < 2 else groups if leaders else []:
        for field_name in ("treasure", "energy"):
            sizes = ladder if field_name == "treasure" else ladder[1:4:2]
            for k in sizes:
                takes = split_by_gap(k, [strength[g] for g in givers])
                src = [u for g, n in zip(givers, takes) for u in units(g, field_name)[:n]]
                gets = split_by_gap(k, gaps)
                dst = [u for t, n in zip(trailers, gets) for u in room(t, field_name)[:n]]
                if len(src) < k or len(dst) < k:
                    break
                out.append(_paired_move(board, field_name, src, dst, givers, trailers, gets))
    # graded: 1 treasure a unit; several trailers: the strongest seat gives each one; one trailer:
    # the two strongest seats give it one each
    if len(trailers) >= 2 and leaders:
        givers, receivers = [leaders[0]] * len(trailers), list(trailers)
    elif len(leaders) >= 2:
        givers, receivers = leaders[:2], [trailers[0]] * 2
    else:
        givers, receivers = [], []
    if givers:
        near = {g: list(dict.fromkeys(units(g, "treasure"))) for g in set(givers)}
        far = {g: _farthest_first(regions, g, v) for g, v in near.items()}
        # the leaders' units nearest their start (a strong take), then their farthest (reached
        # late: a weak take, for boards where one unit near a start is worth tens of points)
        for pick, whence in ((near, "nearest to"), (far, "farthest from")):
            src = []
            for g in givers:
                src += [k for k in pick[g] if k not in src][:1]
            sides = [[k for k in mine(t, faces) if holds(k) and k not in src] for t in receivers]
            levels = [sorted({regions.distance(t, k) for k in side}) for t, side in zip(receivers, sides)]
            if len(src) < len(givers) or not all(levels):
                continue
            for mine_rung, other_rung in GRADED_PAIRS[:rungs * 2]:
                if mine_rung >= len(levels[0]) or any(other_rung >= len(lv) for lv in levels[1:]):
                    continue
                dst = []
                for i, (t, side, lv) in enumerate(zip(receivers, sides, levels)):
                    d = lv[mine_rung if i == 0 else other_rung]
                    free = [k for k in side if regions.distance(t, k) == d and k not in dst]
                    if free:
                        dst.append(min(free, key=lambda k: (getattr(segs.get(k), "treasure", 0), k)))
                if len(dst) < len(receivers):
                    continue
                out.append(_paired_move(board, "treasure", src, dst, sorted(set(givers), key=givers.index),
                                        trailers[:len(set(receivers))],
                                        [1] * len(trailers) if len(trailers) >= 2 else [len(receivers)],
                                        f"graded: from the leading side's unit {whence} its start; the first "
                                        f"unit {_lines(levels[0][mine_rung])} from the weakest seat's start, the "
                                        f"other {_lines(levels[1][other_rung])} from its receiver's"))
    weakest = trailers[0]
    for other in trailers[1:]:
        if gaps[0] >= TRAILER_RATIO * -strength[other] and gaps[0] + strength[other] >= BUNDLE_STEP:
            src = units(other, "treasure")
            dst = [k for k in room(weakest, "treasure") if k not in src]
            for k in TRAILER_LADDER:
                if k > min(len(src), len(dst)):
                    break
                out.append(_trailer_move(board, src[:k], dst[:k], other, weakest))
    # a graded move can land where a gap-sized one does (the nearest empty segments): keep the first
    unique = {(e.op, e.args): e for e in reversed(out)}
    return [e for e in out if unique[(e.op, e.args)] is e and (locks is None or not locks.blocks(e))]


def _farthest_first(regions: Regions, seat: int, keys) -> list:
    return sorted(keys, key=lambda k: (-regions.distance(seat, k), k))


def _trailer_move(board: Board, sources, targets, other: int, weakest: int) -> Edit:
    steps = []
    for src, dst in zip(sources, targets):
        steps += [("segment+", (src, "treasure", -1)), ("segment+", (dst, "treasure", 1))]
    touches = tuple(("segment", seg_id(k)) for k in dict.fromkeys(list(sources) + list(targets)))
    return Edit("treasure", "multi", tuple(steps), touches,
                f"move {len(sources)} treasure from {_seat_label(board, other)}'s side to {_seat_label(board, weakest)}'s "
                f"side (both trail; {_seat_label(board, weakest)} far more): "
                + ", ".join(f"{seg_id(a)} -> {seg_id(b)}" for a, b in zip(sources, targets)),
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in zip(sources, targets)))


def _paired_move(board: Board, field_name: str, sources, targets, givers, trailers, gets, how: str = "") -> Edit:
    steps = []
    for src, dst in zip(sources, targets):
        steps += [("segment+", (src, field_name, -1)), ("segment+", (dst, field_name, 1))]
    touches = tuple(("segment", seg_id(k)) for k in dict.fromkeys(list(sources) + list(targets)))
    who = " and ".join(f"{_seat_label(board, g)}'s" for g in givers)
    shares = ", ".join(f"{n} to {_seat_label(board, t)}" for t, n in zip(trailers, gets) if n)
    to = (f"the trailing seats' sides, by how far each trails ({shares}" if len(trailers) > 1 else
          f"{_seat_label(board, trailers[0])}'s side, by how far each leads ({len(sources)} in all")
    return Edit(field_name, "multi", tuple(steps), touches,
                f"move {len(sources)} {field_name} from {who} side{'s' if len(givers) > 1 else ''} to {to}"
                f"{'; ' + how if how else ''}): " + ", ".join(f"{seg_id(a)} -> {seg_id(b)}"
                                                             for a, b in zip(sources, targets)),
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in zip(sources, targets)))


__all__ += ["GRADED_PAIRS", "PAIRED_LADDER", "PAIRED_RUNGS", "TRAILER_LADDER", "TRAILER_RATIO", "paired_edits", "split_by_gap"]


FIRST_PICK_GAMES = 60
"""Greedy games :func:`first_picks` plays (each only until every seat has placed a band)."""

FIRST_PICK_LADDER = (1, 2, 3, 5)
"""Units a first-pick move carries (:func:`first_pick_edits`); energy races ``1``, ``2`` and ``3``."""


def first_picks(board: Board, scenario, games: int = FIRST_PICK_GAMES, seed: int = 0) -> list[dict]:
    """Per seat, ``{segment key: games}``: how many of ``games`` greedy games (played from
    ``game_seed(seed, i)``, each only until every seat has placed its first band) the seat's
    first band explored that segment (RTR-P2) in. On a board whose seats share their start
    (:func:`shared_start`) this is where turn order shows: seat 1 places first, with the
    smallest hand (RTR-S2), so its first band is often a small shape the later seats' larger
    hands outdo. Raises the engine's BoardError when the board cannot be played."""
    from studio.bots.base import GreedyBot
    from studio.model.realm import Realm
    from studio.playtest.runner import game_seed
    from studio.rules import load_game
    from studio.rules.realm.actions import Place

    game = load_game(Realm(scenario, board), len(board.seats), 0)
    keys = game.topology.face_keys
    seats = game.players
    out: list[dict] = [{} for _ in range(seats)]
    for i in range(games):
        seed_i = game_seed(seed, i)
        rng = random.Random(seed_i)
        state = game.new_state(seed_i)
        bots = [GreedyBot() for _ in range(seats)]
        placed: set = set()
        while len(placed) < seats and not state.is_terminal():
            seat = state.current_player
            action = bots[seat].decide(state.seat_view(seat), state.legal_actions(), rng)
            state.apply(action)
            if isinstance(action, Place) and seat not in placed:
                placed.add(seat)
                for f in state.last_outcome.explored:
                    k = segment_key(keys[f])
                    out[seat][k] = out[seat].get(k, 0) + 1
    return out


def first_pick_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                     picks: list | None = None, ladder=FIRST_PICK_LADDER) -> list[Edit]:
    """Turn-order edits aimed at the first seat's first band, on boards whose seats share their
    start (:func:`shared_start`) when the early seats trail (:func:`turn_order_skew` above 0).
    Content moved simply toward the shared start (:func:`turn_order_edits`) goes to whoever
    reaches it, and the later seats' larger opening hands (RTR-S2) reach more of it with larger
    first bands. These put it where seat 1's own first band goes instead (``picks``:
    :func:`first_picks`, played when None): onto the segments seat 1's first band explored,
    its most frequent first (one unit on each before a second, up to the board's richest
    segment), taken from the segments the later seats' first
    bands explored and seat 1's did not, the most often first, then from those farthest from
    the shared start. Seat 1 places first, so it takes that content before the others can;
    the others then pick elsewhere. ``k`` treasure for each ``k`` of ``ladder``, and 1 to 3
    energy (seat 1 also needs energy to escape on the Volcano, L2-4). Where only picture
    segments score (the pictures module, L4), also up to 3 picture moves (as the ``pictures``
    edits make them, the picture staying in one piece, L4-2) whose new segment seat 1's first
    band explores more often than the one left. Each edit's ``op`` is ``"turn-order"`` and its
    kind ``treasure``, ``energy`` or ``pictures``; ``[]`` on boards with sides, when the early
    seats do not trail, or when seat 1's first band takes nothing in particular. None touches
    what ``locks`` holds; not yet validated (:func:`valid_edits`)."""
    rules = scenario.rules
    start = shared_start(board, rules)
    if start is None or turn_order_skew(diagnosis) <= 0 or len(board.seats) < 2:
        return []
    faces = set(_faces(board))
    if not faces:
        return []
    if picks is None:
        picks = first_picks(board, scenario)
    mine = picks[0]
    others: dict = {}
    for seat_picks in picks[1:]:
        for k, n in seat_picks.items():
            others[k] = others.get(k, 0) + n
    segs = board.segment_map()
    pictures = "pictures" in rules.modules
    cap = max([s.treasure for s in board.segments] + [s.energy for s in board.segments] + [1])
    dist = _distances(_peg_graph(board), start)

    def holds(k) -> bool:
        return k in faces and takes_content(segs, pictures, k)

    def far(k) -> float:
        return min(dist.get(p, float("inf")) for p in k)

    # seat 1's picks, its most frequent first: it places first, so what it can pay for it takes
    targets = sorted((k for k, n in mine.items() if holds(k) and n > 0),
                     key=lambda k: (-mine[k], others.get(k, 0), k))
    out: list[Edit] = []
    for field_name, sizes in (("treasure", ladder), ("energy", (1, 2, 3))) if targets else ():
        taken = sorted((k for k, s in segs.items() if getattr(s, field_name) > 0 and holds(k) and k not in targets),
                       key=lambda k: (-(others.get(k, 0) if k not in mine else 0), -far(k), k))
        src: list = []
        for level in range(cap):
            src += [k for k in taken if getattr(segs[k], field_name) > level]
        # one unit on each of seat 1's picks, its most frequent first, before a second (piled onto
        # its top pick instead, the race kept 2 treasure there and the seat still trailed: 27.1%)
        dst = [k for level in range(cap) for k in targets if getattr(segs.get(k), field_name, 0) <= level]
        for k in sizes:
            if k > min(len(src), len(dst)):
                break
            pairs = list(zip(src[:k], dst[:k]))
            steps = []
            for a, b in pairs:
                steps += [("segment+", (a, field_name, -1)), ("segment+", (b, field_name, 1))]
            touches = tuple(("segment", seg_id(x)) for x in dict.fromkeys([a for a, _b in pairs] + [b for _a, b in pairs]))
            out.append(Edit(field_name, "turn-order", tuple(steps), touches,
                            f"move {k} {field_name} onto seat 1's first pick (turn order: the seats share their start "
                            f"and seat 1's first band, placed first with the smallest hand, takes these): "
                            + ", ".join(f"{seg_id(a)} -> {seg_id(b)}" for a, b in pairs),
                            tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for a, b in pairs)))
    if pictures:
        # where only picture segments score (L4), a picture's end segment moved onto seat 1's
        # first pick (or one it takes more often), so what that first band explores is worth more
        def gain(src, dst) -> float:
            return mine.get(dst, 0) - mine.get(src, 0)

        for e in _picture_edits(board, sorted(faces), segs, Regions.of(board), [], random.Random(0), gain=gain):
            out.append(Edit(e.kind, "turn-order", e.args, e.touches,
                            e.text + " (turn order: seat 1's first band, placed first with the smallest hand, "
                            "explores it more often)", e.moves))
    return [e for e in out if locks is None or not locks.blocks(e)]


PICTURE_SHIFT_LADDER = (1, 2, 3)
"""Pictures a whole-picture shift moves at once (:func:`picture_shift_edits`): a line search
over how much of the board moves toward seat 1's first picks."""

PICTURE_SHIFTS_EACH = 3
"""Single-picture shifts :func:`picture_shift_edits` proposes per direction of aim."""

_COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


@dataclass(frozen=True)
class PictureShift:
    """One picture translated by one or two lattice steps: ``name``; ``step``: the ``(dx, dy)`` every peg
    moves by (board units, y grows southward as on screen); ``pairs``: ``(old segment key, new
    segment key)`` per segment of the picture, in the old keys' order."""

    name: str
    step: tuple
    pairs: tuple

    @property
    def old(self) -> frozenset:
        return frozenset(a for a, _b in self.pairs)

    @property
    def new(self) -> frozenset:
        return frozenset(b for _a, b in self.pairs)


def _lattice_steps(board: Board) -> list[tuple[float, float]]:
    """The board's line vectors, both ways, rounded (on the bundled triangular lattices: the 6
    unit steps), in a stable order."""
    steps = set()
    for a, b in board.lines:
        if a in board.pegs and b in board.pegs:
            pa, pb = board.pegs[a], board.pegs[b]
            dx, dy = round(pb.x - pa.x, 3), round(pb.y - pa.y, 3)
            steps |= {(dx, dy), (-dx + 0.0, -dy + 0.0)}
    return sorted(steps, key=lambda v: (math.atan2(v[1], v[0]) % (2 * math.pi), v))


def picture_shifts(board: Board, faces=None) -> list[PictureShift]:
    """Every way to translate one whole picture (L4-2) by one of the board's line vectors, or
    twice one (:func:`_lattice_steps`), so that each of its segments lands on a segment of the board (a
    triangular face) that is its own or free: in no picture, without an idol, treasure or
    energy. The shape, and so the picture's one piece, is kept. Pictures in name order, single
    steps in :func:`_lattice_steps`' order, then double steps; [] on a board without pictures or
    faces."""
    faces = set(_faces(board) if faces is None else faces)
    segs = board.segment_map()
    at = {(round(p.x, 3), round(p.y, 3)): p.id for p in board.pegs.values()}
    members: dict = {}
    for k, s in segs.items():
        if s.picture:
            members.setdefault(s.picture, []).append(k)
    steps = [(round(dx * n, 3), round(dy * n, 3)) for n in (1, 2) for dx, dy in _lattice_steps(board)]
    out: list[PictureShift] = []
    for name in sorted(members):
        keys = sorted(members[name])
        mine = set(keys)
        for dx, dy in steps:
            pairs = []
            for k in keys:
                moved = [at.get((round(board.pegs[p].x + dx, 3), round(board.pegs[p].y + dy, 3))) for p in k]
                if None in moved:
                    break
                new = segment_key(moved)
                there = segs.get(new)
                if new not in faces or (new not in mine and there is not None and not there.is_empty()):
                    break
                pairs.append((k, new))
            else:
                out.append(PictureShift(name, (dx, dy), tuple(pairs)))
    return out


def _compass(step, unit: float) -> str:
    dx, dy = step
    n = round(math.hypot(dx, dy) / unit) if unit else 1
    return f"{'one step' if n == 1 else f'{n} steps'} {_COMPASS[round(math.atan2(dy, dx) / (math.pi / 4)) % 8]}"


def _shift_edit(board: Board, shifts, why: str) -> Edit:
    """One edit translating every picture of ``shifts`` (disjoint :class:`PictureShift` s), its
    content going with each segment: every old segment is cleared before any new one is set,
    so a picture may slide over its own place."""
    segs = board.segment_map()
    unit = min((math.hypot(*v) for v in _lattice_steps(board)), default=1.0)
    clear: list = []
    fill: list = []
    for sh in shifts:
        for a, b in sh.pairs:
            s = segs[a]
            clear.append(("segment=", (a, "picture", None)))
            fill.append(("segment=", (b, "picture", sh.name)))
            for field_name in ("treasure", "energy"):
                if getattr(s, field_name):
                    clear.append(("segment+", (a, field_name, -getattr(s, field_name))))
                    fill.append(("segment+", (b, field_name, getattr(s, field_name))))
    keys = [k for sh in shifts for k in [a for a, _b in sh.pairs] + [b for _a, b in sh.pairs]]
    touches = tuple(("segment", seg_id(k)) for k in dict.fromkeys(keys)) + tuple(("picture", sh.name) for sh in shifts)

    def words(sh) -> str:
        label = (board.pictures.get(sh.name) or {}).get("label") or sh.name
        content = [f"{n} {f}" for f in ("treasure", "energy") if (n := sum(getattr(segs[a], f) for a in sh.old))]
        return (f"picture {label} ({len(sh.pairs)} segments{', with its ' + ' and '.join(content) if content else ''}) "
                f"{_compass(sh.step, unit)}: " + ", ".join(f"{seg_id(a)} -> {seg_id(b)}" for a, b in sh.pairs))

    return Edit("pictures", "turn-order", tuple(clear + fill), touches,
                "move " + "; ".join(words(sh) for sh in shifts) + f" ({why})",
                tuple((("segment", seg_id(a)), ("segment", seg_id(b))) for sh in shifts for a, b in sh.pairs if a != b))


def _picture_turn_order(board: Board, scenario, diagnosis: Diagnosis, picks):
    """What the picture edits for turn order start from: ``(faces, picks, later)`` -- the
    board's faces, the seats' first picks (:func:`first_picks` unless given) and how many later
    seats share the comparison (at least 1); None where they do not apply: no pictures module,
    sides of their own (no shared start), the early seats not trailing, one seat, no faces."""
    rules = scenario.rules
    if ("pictures" not in rules.modules or shared_start(board, rules) is None or turn_order_skew(diagnosis) <= 0
            or len(board.seats) < 2):
        return None
    faces = _faces(board)
    if not faces:
        return None
    if picks is None:
        picks = first_picks(board, scenario)
    return faces, picks, max(1, len(picks) - 1)


def picture_shift_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                        picks: list | None = None, ladder=PICTURE_SHIFT_LADDER) -> list[Edit]:
    """Whole-picture moves for turn order on picture boards whose seats share their start
    (the Engraved Board: ``any-start``, L4-1; only picture segments score, L4-3, L4-4), when the
    early seats trail (:func:`turn_order_skew` above 0). Each moves one or more whole pictures
    (:func:`picture_shifts`: every segment one or two lattice steps the same way, with its
    content, the picture in one piece, onto free segments, L4-2) so that seat 1's first band,
    placed first with the smallest hand (RTR-S2), finds picture segments where it goes and the
    later seats' larger first bands find fewer where theirs go. ``picks`` (:func:`first_picks`,
    played when None) counts, per seat, the games its first band explored each segment. A
    shift's *gain* is seat 1's count over the picture's new segments minus over its old ones,
    less the same for the later seats (their mean per seat): positive when it brings the
    picture toward seat 1's first picks, or away from the later seats' more than from seat 1's.
    Proposed: the :data:`PICTURE_SHIFTS_EACH` single shifts of highest gain (above 0; one per
    picture and distance), and for each ``k`` of ``ladder`` past 1, the ``k`` best shifts of
    distinct pictures whose new places do not overlap. Each edit's kind is ``pictures`` (so
    ``--lock pictures``, a ``segment:`` lock on any segment it leaves or takes, or
    ``picture:NAME`` blocks it) and its ``op`` ``"turn-order"``; [] on boards with sides,
    without the pictures module, or when the early seats do not trail. Not yet validated
    (:func:`valid_edits`)."""
    ready = _picture_turn_order(board, scenario, diagnosis, picks)
    if ready is None:
        return []
    faces, picks, later = ready

    def count(keys) -> float:
        mine = sum(picks[0].get(k, 0) for k in keys)
        return mine - sum(p.get(k, 0) for p in picks[1:] for k in keys) / later

    shifts = [sh for sh in picture_shifts(board, faces)
              if locks is None or not locks.blocks(_shift_edit(board, [sh], ""))]
    gain = {sh: count(sh.new) - count(sh.old) for sh in shifts}
    ranked = sorted((sh for sh in shifts if gain[sh] > 0),
                    key=lambda sh: (-gain[sh], abs(sh.step[0]) + abs(sh.step[1]), sh.name, sh.step))
    why = ("turn order: seat 1's first band, placed first with the smallest hand, explores its new segments "
           "more often than the later seats' first bands, relative to its old ones")
    out: list[Edit] = []
    single: set = set()
    for sh in ranked:
        far = round(math.hypot(*sh.step), 1)
        if (sh.name, far) not in single and len(single) < PICTURE_SHIFTS_EACH:
            single.add((sh.name, far))
            out.append(_shift_edit(board, [sh], why + f"; gain {gain[sh]:.1f} first picks in {_games(picks)}"))
    for k in ladder:
        if k < 2:
            continue
        chosen: list = []
        for sh in ranked:
            if sh.name not in {c.name for c in chosen} and not any(sh.new & c.new for c in chosen):
                chosen.append(sh)
            if len(chosen) == k:
                break
        if len(chosen) < k:
            break
        out.append(_shift_edit(board, chosen, why + f"; the {k} pictures of most gain, "
                                                    f"{sum(gain[c] for c in chosen):.1f} first picks in all"))
    return [e for e in out if locks is None or not locks.blocks(e)]


def _games(picks) -> str:
    return f"{FIRST_PICK_GAMES} games" if picks else "the games"


PICTURE_TRANSFERS_EACH = 3
"""Single segment transfers between pictures :func:`picture_transfer_edits` proposes."""


def _in_one_piece(keys, nbrs) -> bool:
    keys = set(keys)
    if not keys:
        return False
    seen = {next(iter(keys))}
    todo = list(seen)
    while todo:
        for n in nbrs[todo.pop()] & keys:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == keys


def picture_transfer_edits(board: Board, scenario, diagnosis: Diagnosis, locks: "Locks | None" = None,
                           picks: list | None = None) -> list[Edit]:
    """Reshaping pictures for turn order where whole pictures cannot move (a packed board, such as
    the Engraved Board 3p): one segment of a picture passes to a neighbouring picture it shares
    a side with, both staying in one piece and within 4 to 6 segments (L4-2, L4-6); the segment
    keeps its content. The picture where seat 1's first band goes (``picks``:
    :func:`first_picks`, played when None) gets smaller, so it is cheaper to complete (L4-5) and
    seat 1's first segments weigh more in its majority (L4-6), and a picture the later seats'
    first bands go to grows. Gain: seat 1's count over the giving picture's remaining segments
    minus the later seats' mean count, less the same over the receiving picture; the segment
    passed must not be one seat 1's first band explores more often than the later seats' (it
    would leave seat 1's picture). The :data:`PICTURE_TRANSFERS_EACH` transfers of most gain
    (above 0, one per giving picture), the two best with distinct pictures at once, and, as a
    check, the transfer of least gain (below 0: seat 1's picture grows, for a larger bonus). Same
    conditions, kind (``pictures``), ``op`` (``"turn-order"``) and locks as
    :func:`picture_shift_edits`; ``picture:NAME`` locks both pictures. Not yet validated
    (:func:`valid_edits`)."""
    from studio.validate.lint import PICTURE_SIZES

    ready = _picture_turn_order(board, scenario, diagnosis, picks)
    if ready is None:
        return []
    faces, picks, later = ready

    def rel(keys) -> float:
        return sum(picks[0].get(k, 0) - sum(p.get(k, 0) for p in picks[1:]) / later for k in keys)

    nbrs = _face_neighbours(faces)
    segs = board.segment_map()
    members: dict = {}
    for k, seg in segs.items():
        if seg.picture and k in nbrs:
            members.setdefault(seg.picture, set()).add(k)
    small, large = min(PICTURE_SIZES), max(PICTURE_SIZES)
    options: list = []
    others: list = []
    for giver in sorted(members):
        keys = members[giver]
        if len(keys) <= small:
            continue
        for k in sorted(keys):
            if not _in_one_piece(keys - {k}, nbrs):
                continue
            touching = {segs[n].picture for n in nbrs[k] if n in segs} - {giver, None}
            for taker in sorted(str(t) for t in touching):
                if len(members[taker]) < large:
                    gain = rel(keys - {k}) - rel(members[taker])
                    (options if rel([k]) <= 0 else others).append((-gain, giver, k, taker))
    options.sort()
    # the other way, as a check (the race decides): seat 1's picture grows (L4-6: a larger bonus)
    check = min((o for o in others + options if o[0] > 0), key=lambda o: (-o[0], o[1:]), default=None)
    options = [o for o in options if o[0] < 0]

    def edit(moves, why) -> Edit:
        steps = tuple(("segment=", (k, "picture", taker)) for _g, _giver, k, taker in moves)
        touches = (tuple(("segment", seg_id(k)) for _g, _giver, k, _t in moves)
                   + tuple(dict.fromkeys(("picture", n) for _g, giver, _k, taker in moves for n in (giver, taker))))

        def label(name) -> str:
            return (board.pictures.get(name) or {}).get("label") or name

        return Edit("pictures", "turn-order", steps, touches,
                    "reshape pictures: " + "; ".join(
                        f"segment {seg_id(k)} passes from picture {label(giver)} ({len(members[giver])} -> "
                        f"{len(members[giver]) - 1} segments) to {label(taker)} ({len(members[taker])} -> "
                        f"{len(members[taker]) + 1})" for _g, giver, k, taker in moves)
                    + f" (turn order: {why})")

    why = ("the smaller picture is the one seat 1's first band, placed first with the smallest hand, goes to "
           "more often than the later seats', so it is cheaper to complete and seat 1's segments weigh more in it")
    out: list[Edit] = []
    givers: set = set()
    for option in options:
        if option[1] not in givers and len(givers) < PICTURE_TRANSFERS_EACH:
            givers.add(option[1])
            out.append(edit([option], why + f"; gain {-option[0]:.1f} first picks in {_games(picks)}"))
    pair: list = []
    for option in options:
        if not any({option[1], option[3]} & {p[1], p[3]} for p in pair):
            pair.append(option)
        if len(pair) == 2:
            out.append(edit(pair, why))
            break
    if check is not None:
        out.append(edit([check], "the other way, as a check: the picture seat 1's first band goes to grows, for a "
                                 "larger majority bonus (L4-6)"))
    return [e for e in out if locks is None or not locks.blocks(e)]


__all__ += ["PICTURE_SHIFTS_EACH", "PICTURE_SHIFT_LADDER", "PICTURE_TRANSFERS_EACH", "PictureShift", "picture_shift_edits",
            "picture_shifts", "picture_transfer_edits"]
