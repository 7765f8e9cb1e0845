"""The content of a scenario that games can take, and what one finished game took.

An *element* is a piece of printed content with a stable key:

- Rule the Realm: every segment (``segment a1-a2-b1``: collected when a band explores or closes
  it, RTR-P2/P4; its content says what it holds: VP, energy, an idol, a picture), every bridge
  (``bridge c3-e3``: the first band across it, L3-2) and every line item (``line a1-a2``: the
  Labyrinth's treasures and artifacts, L8-2), and every picture (``picture heron``: completed,
  L4-2; taken by no single seat). For the maps and the warnings that blame them (nothing a game
  takes, so no batch counts them, :data:`MARK_KINDS`): every peg (``peg a1``) and every seat
  (``seat 1``: its start pegs, RTR-S2).
- Rivages: every island (``island coral-reach``: visited), every space that can be crossed
  (``space coral-reach 2,-1``; a white space's content names its icon, ``white: loot 1``),
  every bridge (``bridge coral-reach 1,0-3,-1``: a cross went over it, RIV-T8), every
  goal step (``goal coral-reach quest 1``) and every node of the trees on the side in play
  (``tree banyan a3``). An island played from several copies (same id) is one island.

For Rivages, :func:`taken` lists an island, space or bridge once per *visit* (a seat's stay on
an island, RIV-I1), so :class:`IslandTally` can count visits; the batch statistics count each
element once per game.

:func:`catalogue` lists a game's elements once; :func:`taken` lists ``(key, seat)`` for what a
finished state took (seat ``-1`` when no single seat took it). The batch statistics count these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from studio.content.words import counted

NO_SEAT = -1


@dataclass(frozen=True)
class Element:
    """``key``: stable id; ``kind``: segment, bridge, line, picture, island, space, goal or
    tree (content), peg or seat (:data:`MARK_KINDS`); ``label``: for people; ``content``: what
    it holds ("" for nothing); ``group``: the board, island or tree it belongs to; ``shape``:
    for plots, a polygon or line as board points ``((x, y), ...)`` (Rule the Realm) or the
    axial ``((q, r),)`` of a space (Rivages); ``pegs``: the peg ids it stands on (a peg: its
    own; a seat: its start pegs)."""

    key: str
    kind: str
    label: str
    content: str = ""
    group: str = ""
    shape: tuple = ()
    pegs: tuple = ()


#: element kinds that mark the board for maps and warnings, never content a game takes
MARK_KINDS = ("peg", "seat")


def catalogue(game) -> list[Element]:
    """Every element of ``game`` (a Rule the Realm or Rivages game), in a stable order; ``[]``
    for an engine the studio does not know elements of."""
    if getattr(game, "kind", None) == "rivages":
        return _rivages_catalogue(game)
    if hasattr(game, "topology"):
        return _realm_catalogue(game)
    return []


def taken(state) -> tuple[tuple[str, int], ...]:
    """``(key, seat)`` for each element the finished (or current) ``state`` has taken; ``()``
    for an engine the studio does not know elements of."""
    if getattr(state.game, "kind", None) == "rivages":
        return _rivages_taken(state)
    if hasattr(state.game, "topology"):
        return _realm_taken(state)
    return ()


# -- Rule the Realm -----------------------------------------------------------------------------

def _segment_key(face_key) -> str:
    return "segment " + "-".join(face_key)


def _line_key(line) -> str:
    return "-".join(line)


def _segment_content(seg) -> str:
    if seg is None:
        return ""
    parts = []
    if seg.treasure:
        parts.append(f"{seg.treasure} VP")
    if seg.energy:
        parts.append(f"{seg.energy} energy")
    if seg.idol:
        parts.append(f"{seg.idol} idol")
    if seg.picture:
        parts.append(f"picture {seg.picture}")
    return ", ".join(parts)


def _realm_catalogue(game) -> list[Element]:
    from studio.model.realm import line_key

    topo = game.topology
    board = game.board
    xy = {p.id: (p.x, p.y) for p in board.pegs.values()}
    out = []
    for i, face_key in enumerate(topo.face_keys):
        if not topo.is_segment[i]:
            continue
        ring = tuple((round(x, 4), round(y, 4)) for x, y in list(topo.faces[i].polygon.exterior.coords)[:-1])
        out.append(Element(_segment_key(face_key), "segment", "segment " + "-".join(face_key),
                           _segment_content(topo.segment_of_face[i]), board.id, ring))
    for bridge in board.bridges:
        line = line_key(*bridge.line)
        out.append(Element("bridge " + _line_key(line), "bridge", "bridge " + _line_key(line),
                           f"{bridge.energy} energy" if bridge.energy else "", board.id,
                           tuple(xy[p] for p in line if p in xy)))
    items: dict = {}
    for item in board.line_items:
        line = line_key(*item.line)
        treasure, artifacts = items.get(line, (0, []))
        items[line] = (treasure + item.treasure, artifacts + ([item.artifact] if item.artifact else []))
    for line, (treasure, artifacts) in items.items():
        parts = ([f"{treasure} VP"] if treasure else []) + artifacts
        out.append(Element("line " + _line_key(line), "line", "line " + _line_key(line), ", ".join(parts),
                           board.id, tuple(xy[p] for p in line if p in xy)))
    pictures = sorted({seg.picture for seg in topo.segment_of_face if seg is not None and seg.picture})
    for name in pictures:
        size = sum(1 for seg in topo.segment_of_face if seg is not None and seg.picture == name)
        out.append(Element("picture " + name, "picture", "picture " + name, counted(size, "segment"), board.id))
    for peg in board.pegs.values():
        out.append(Element("peg " + peg.id, "peg", peg.id, "", board.id, ((peg.x, peg.y),), (peg.id,)))
    for i, seat in enumerate(board.seats.values()):
        start = tuple(p for p in seat.start if p in xy)
        out.append(Element(f"seat {i + 1}", "seat", f"seat {i + 1} ({seat.label or seat.name})", "", board.id,
                           tuple(xy[p] for p in start), start))
    return out


def seat_pegs(catalogue) -> dict[int, tuple[str, ...]]:
    """``{seat (0-based): element keys of its start pegs}`` from a catalogue's seat elements."""
    return {int(e.key.split()[1]) - 1: tuple(f"peg {p}" for p in e.pegs) for e in catalogue if e.kind == "seat"}


def _realm_taken(state) -> tuple[tuple[str, int], ...]:
    from studio.model.realm import line_key

    game = state.game
    topo = game.topology
    out = [(_segment_key(topo.face_keys[f]), seat) for f, seat in sorted(state.collected.items())]
    board = game.board
    lines = {line_key(*b.line): "bridge " for b in board.bridges}
    for item in board.line_items:
        lines.setdefault(line_key(*item.line), "line ")
    if lines:
        first: dict = {}
        for seat, shape in state.bands:  # the first band over a line takes what is on it
            for side in shape.sides:
                if side in lines and side not in first:
                    first[side] = seat
        out.extend((lines[line] + _line_key(line), seat) for line, seat in first.items())
    pictures = state.extra.get("pictures", {}).get("complete", [])
    out.extend(("picture " + name, NO_SEAT) for name in pictures)
    return tuple(out)


# -- Rivages ------------------------------------------------------------------------------------

#: the hexes at the end of a space or bridge key: ``q,r`` or ``q,r-q,r`` (groups 1 and 2;
#: coordinates may be negative, so the dash alone cannot split them)
KEY_HEXES = re.compile(r"(-?\d+,-?\d+)(?:-(-?\d+,-?\d+))?")


def _space_key(island_id: str, at) -> str:
    return f"space {island_id} {at[0]},{at[1]}"


def _goal_key(island_id: str, goal: str, step: int) -> str:
    return f"goal {island_id} {goal} {step}"


def _bridge_key(island_id: str, a, b) -> str:
    return f"bridge {island_id} {a[0]},{a[1]}-{b[0]},{b[1]}"


def _space_content(m, i: int) -> str:
    """A space's kind, and for a white space its icon: ``white: loot 1`` (RIV-T7)."""
    icon = m.island.spaces[i].icon if i < len(m.island.spaces) else None
    if m.kind[i] == "white" and icon is not None:
        return f"white: {icon}"
    return m.kind[i]


def _rivages_catalogue(game) -> list[Element]:
    from studio.model.rivages import STRONGHOLD

    maps = []
    seen = set()
    for m in game.maps:  # an island played from several copies (same id) is listed once
        if m.id not in seen:
            seen.add(m.id)
            maps.append(m)
    out = []
    for m in maps:
        out.append(Element(f"island {m.id}", "island", m.name, counted(m.n, "space"), m.id))
    for m in maps:
        for i, at in enumerate(m.at):
            if m.kind[i] == STRONGHOLD:
                continue  # never crossed (RIV-T6)
            out.append(Element(_space_key(m.id, at), "space", f"{m.name} {at[0]},{at[1]}", _space_content(m, i),
                               m.id, (tuple(at),)))
    for m in maps:
        for ia, ib in m.bridge_pairs:
            a, b = m.at[ia], m.at[ib]
            out.append(Element(_bridge_key(m.id, a, b), "bridge", f"{m.name} bridge {a[0]},{a[1]} to {b[0]},{b[1]}",
                               "", m.id, (tuple(a), tuple(b))))
    for m in maps:
        for name, steps in m.goals:
            for k, step in enumerate(steps, start=1):
                label = step.text or f"{name} step {k}"
                out.append(Element(_goal_key(m.id, name, k), "goal", f"{m.name}: {label}", name, m.id))
    for t in game.trees:
        for node in t.nodes:
            out.append(Element(f"tree {t.id} {node}", "tree", f"tree {t.id} {node}", "", t.id))
    return out


def _rivages_taken(state) -> tuple[tuple[str, int], ...]:
    from studio.rules.rivages.board import bits

    game = state.game
    out = []
    for seat, p in enumerate(state.players_state):
        visits = list(p.past) + [(p.island, p.crossed)]
        for island, crossed in visits:
            m = game.maps[island]
            out.append((f"island {m.id}", seat))
            out.extend((_space_key(m.id, m.at[i]), seat) for i in bits(crossed))
        tree = game.trees[p.tree]
        out.extend((f"tree {tree.id} {tree.nodes[i]}", seat) for i in bits(p.tree_crossed))
    # the engine records each bridge a cross went over (RIV-T8); after that both ends are
    # crossed, so a bridge is used at most once per visit
    out.extend((_bridge_key(island, a, b), seat) for seat, island, a, b, _round in state.bridges_used)
    out.extend((_goal_key(island, goal, step), seat) for seat, island, goal, step, _round in state.completions)
    return tuple(out)


# -- one island over a batch ----------------------------------------------------------------------

@dataclass(frozen=True)
class IslandCount:
    """One space, bridge or goal step of an island over a batch. ``visits``: the visits that
    crossed the space, crossed over the bridge or met the goal step; ``rate``:
    ``visits`` / the island's visits (0..1; 0 when never visited); ``games``: the games in which
    it happened at least once. Goal steps also have ``mean_round``, the mean round in which the
    step was met (None when never met). ``at`` holds the axial hexes it sits on."""

    key: str
    kind: str
    label: str
    content: str
    at: tuple
    visits: int
    rate: float
    games: int
    mean_round: float | None = None

    def to_dict(self) -> dict:
        return {"key": self.key, "kind": self.kind, "label": self.label, "content": self.content,
                "at": [list(h) for h in self.at], "visits": self.visits, "rate": self.rate, "games": self.games,
                **({"mean_round": self.mean_round} if self.kind == "goal" else {})}


@dataclass(frozen=True)
class IslandStats:
    """What a batch did on one island (:class:`IslandTally`): ``games`` played, ``visits`` (a
    seat's stays on the island, RIV-I1, over all games), ``games_visited``; per ``spaces``
    (strongholds left out, RIV-T6), ``bridges`` and ``goals`` (one entry per step, quest first)
    an :class:`IslandCount`."""

    island: str
    name: str
    games: int
    visits: int
    games_visited: int
    spaces: list
    bridges: list
    goals: list

    @property
    def loot_spaces(self) -> list:
        """The white spaces whose icon draws Loot (RIV-I6)."""
        return [c for c in self.spaces if c.content.startswith("white:") and "loot" in c.content]

    @property
    def never_crossed(self) -> list:
        """Spaces no visit crossed, in catalogue order."""
        return [c for c in self.spaces if c.visits == 0]

    def space_rates(self) -> dict:
        """``{(q, r): rate}`` for every crossable space."""
        return {c.at[0]: c.rate for c in self.spaces}

    def to_dict(self) -> dict:
        return {"island": self.island, "name": self.name, "games": self.games, "visits": self.visits,
                "games_visited": self.games_visited, "spaces": [c.to_dict() for c in self.spaces],
                "bridges": [c.to_dict() for c in self.bridges], "goals": [c.to_dict() for c in self.goals],
                "never_crossed": [list(c.at[0]) for c in self.never_crossed],
                "loot_spaces": [list(c.at[0]) for c in self.loot_spaces]}


class IslandTally:
    """Running per-visit counts of one island (``island_id``) over Rivages game results;
    ``catalogue`` is the game's :func:`catalogue` (it names the island's spaces, bridges and goal
    steps, so what never happened is counted too). :meth:`add` a
    :class:`~studio.playtest.runner.GameResult` at a time, then :meth:`stats`. Keeps counters
    only. Raises ValueError when the catalogue has no island ``island_id``."""

    def __init__(self, catalogue, island_id: str):
        self.island = island_id
        island = next((e for e in catalogue if e.kind == "island" and e.group == island_id), None)
        if island is None:
            raise ValueError(f"the game has no island {island_id!r}")
        self.name = island.label
        self.elements = [e for e in catalogue if e.group == island_id and e.kind in ("space", "bridge", "goal")]
        keys = {e.key for e in self.elements}
        self.games = 0
        self.visits = 0
        self.games_visited = 0
        self.counts = dict.fromkeys(keys, 0)
        self.in_games = dict.fromkeys(keys, 0)
        self.rounds = dict.fromkeys(keys, 0)
        self._island_key = f"island {island_id}"

    def add(self, result) -> None:
        """Count one game's visits, crossings, bridges and goal steps on the island."""
        self.games += 1
        visits = sum(1 for key, _seat in result.elements if key == self._island_key)
        self.visits += visits
        self.games_visited += visits > 0
        seen = set()
        for key, _seat in result.elements:
            if key in self.counts and not key.startswith("goal "):
                self.counts[key] += 1
                seen.add(key)
        for _seat, island, goal, step, rnd in result.completions:
            if island != self.island:
                continue
            key = _goal_key(island, goal, step)
            if key in self.counts:
                self.counts[key] += 1
                self.rounds[key] += rnd
                seen.add(key)
        for key in seen:
            self.in_games[key] += 1

    def stats(self) -> IslandStats:
        """The :class:`IslandStats` of the games added so far (all zero before the first)."""
        groups: dict[str, list[IslandCount]] = {"space": [], "bridge": [], "goal": []}
        for e in self.elements:
            n = self.counts[e.key]
            rate = n / self.visits if self.visits else 0.0
            mean = (self.rounds[e.key] / n if n else None) if e.kind == "goal" else None
            groups[e.kind].append(IslandCount(e.key, e.kind, e.label, e.content, tuple(e.shape), n, rate,
                                              self.in_games[e.key], mean))
        return IslandStats(self.island, self.name, self.games, self.visits, self.games_visited,
                           groups["space"], groups["bridge"], groups["goal"])


def island_stats(results, catalogue, island_id: str) -> IslandStats:
    """:class:`IslandStats` of ``island_id`` over ``results`` (see :class:`IslandTally`)."""
    tally = IslandTally(catalogue, island_id)
    for r in results:
        tally.add(r)
    return tally.stats()


def shape_bounds(elements) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the board points of ``elements`` (Rule the Realm)."""
    xs = [x for e in elements for x, _ in e.shape]
    ys = [y for e in elements for _, y in e.shape]
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs), min(ys), max(xs), max(ys))

