"""Rule the Realm content as plain dataclasses: :class:`Board` (``realm-board/2``) and
:class:`Scenario` (``realm-scenario/1``) with its :class:`RealmRules`.

``from_data`` expects data that passed the schema (see :func:`studio.model.io.read_board`);
``to_data`` gives back plain data in the file's key order, so load -> dump -> load is equal.
Coordinates are board units (1 = peg spacing), x right, y down.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

COLOURS: tuple[str, ...] = ("red", "gray", "blue", "green", "yellow")
ARTIFACTS: tuple[str, ...] = ("sword", "helmet", "shield")

LineKey = tuple[str, str]
SegmentKey = tuple[str, str, str]


class BoardError(ValueError):
    """A board or scenario cannot be used (e.g. by the rules engine); the message says why."""


def line_key(a: str, b: str) -> LineKey:
    """Canonical key of the line between pegs ``a`` and ``b`` (sorted pair)."""
    return (a, b) if a <= b else (b, a)


def segment_key(pegs) -> SegmentKey:
    """Canonical key of the segment with corners ``pegs`` (sorted triple)."""
    return tuple(sorted(pegs))


@dataclass
class Peg:
    id: str
    x: float
    y: float
    colour: str

    @property
    def at(self) -> tuple[float, float]:
        return (self.x, self.y)


@dataclass
class Segment:
    """A triangular face of the line graph and what it holds (RTR-P2, L4-2, L7-1)."""

    pegs: tuple[str, str, str]
    treasure: int = 0
    energy: int = 0
    idol: str | None = None
    picture: str | None = None

    @property
    def key(self) -> SegmentKey:
        return segment_key(self.pegs)

    def is_empty(self) -> bool:
        return not (self.treasure or self.energy or self.idol or self.picture)


@dataclass
class Seat:
    """One player's side: starting pegs (RTR-P5, L1-1) and the goal edge (L1-2)."""

    name: str
    start: list[str] = field(default_factory=list)
    goal: list[str] = field(default_factory=list)
    label: str | None = None


@dataclass
class LineItem:
    """Labyrinth treasure or artifact on a line (L8-2)."""

    line: tuple[str, str]
    treasure: int = 0
    artifact: str | None = None


@dataclass
class Bridge:
    """Archipelago City crossing of a canal and its energy (L3-2)."""

    line: tuple[str, str]
    energy: int = 0


def _seg_to_data(s: Segment) -> dict:
    d: dict[str, Any] = {"pegs": list(s.pegs)}
    if s.treasure:
        d["treasure"] = s.treasure
    if s.energy:
        d["energy"] = s.energy
    if s.idol:
        d["idol"] = s.idol
    if s.picture:
        d["picture"] = s.picture
    return d


@dataclass
class Board:
    """A Rule the Realm board (``realm-board/2``).

    ``location`` names the location whose rules the board plays with: a scenario id, ``"base"``
    for the base rules, or None when the board names none (see :mod:`studio.model.locations`).
    ``pegs`` keeps file order; ``lines`` are peg-id pairs as written; ``segments`` lists the
    faces that hold something; ``seats`` is in seat order (seat 1 first). ``source`` and
    ``path`` say where it was read from and take no part in equality."""

    id: str
    name: str
    players: int
    pegs: dict[str, Peg] = field(default_factory=dict)
    lines: list[tuple[str, str]] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    seats: dict[str, Seat] = field(default_factory=dict)
    description: str | None = None
    pictures: dict[str, dict] = field(default_factory=dict)
    line_items: list[LineItem] = field(default_factory=list)
    islands: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)
    bridges: list[Bridge] = field(default_factory=list)
    has_canals: bool = False
    crater: list[str] = field(default_factory=list)
    location: str | None = None
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "realm-board/2"

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "Board":
        pegs = {pid: Peg(pid, float(p["at"][0]), float(p["at"][1]), p["colour"])
                for pid, p in data["pegs"].items()}
        canals = data.get("canals")
        return cls(
            id=data["id"],
            name=data["name"],
            players=data["players"],
            pegs=pegs,
            lines=[(a, b) for a, b in data.get("lines", [])],
            segments=[Segment(tuple(s["pegs"]), s.get("treasure", 0), s.get("energy", 0),
                              s.get("idol"), s.get("picture")) for s in data.get("segments", [])],
            seats={name: Seat(name, list(s.get("start", [])), list(s.get("goal", [])), s.get("label"))
                   for name, s in data["seats"].items()},
            description=data.get("description"),
            pictures={k: dict(v) for k, v in data.get("pictures", {}).items()},
            line_items=[LineItem(tuple(i["line"]), i.get("treasure", 0), i.get("artifact"))
                        for i in data.get("line_items", [])],
            islands={k: [tuple(t) for t in v] for k, v in (canals or {}).get("islands", {}).items()},
            bridges=[Bridge(tuple(b["line"]), b.get("energy", 0)) for b in (canals or {}).get("bridges", [])],
            has_canals=canals is not None,
            crater=list(data.get("crater", [])),
            location=data.get("location"),
            source=source,
            path=path,
        )

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id, "name": self.name}
        if self.location is not None:
            d["location"] = self.location
        if self.description:
            d["description"] = self.description
        d["players"] = self.players
        d["pegs"] = {p.id: {"at": [_num(p.x), _num(p.y)], "colour": p.colour} for p in self.pegs.values()}
        d["lines"] = [[a, b] for a, b in self.lines]
        if self.segments:
            d["segments"] = [_seg_to_data(s) for s in self.segments]
        if self.pictures:
            d["pictures"] = {k: dict(v) for k, v in self.pictures.items()}
        if self.line_items:
            items = []
            for i in self.line_items:
                e: dict[str, Any] = {"line": list(i.line)}
                if i.treasure:
                    e["treasure"] = i.treasure
                if i.artifact:
                    e["artifact"] = i.artifact
                items.append(e)
            d["line_items"] = items
        if self.has_canals or self.islands or self.bridges:
            canals: dict[str, Any] = {}
            if self.islands:
                canals["islands"] = {k: [list(t) for t in v] for k, v in self.islands.items()}
            if self.bridges:
                canals["bridges"] = [{"line": list(b.line), **({"energy": b.energy} if b.energy else {})}
                                     for b in self.bridges]
            d["canals"] = canals
        d["seats"] = {}
        for s in self.seats.values():
            e = {}
            if s.label:
                e["label"] = s.label
            e["start"] = list(s.start)
            e["goal"] = list(s.goal)
            d["seats"][s.name] = e
        if self.crater:
            d["crater"] = list(self.crater)
        return d

    def copy(self) -> "Board":
        """An independent copy: every peg, segment, seat, picture, line item and bridge is new, so
        editing the copy never touches this board. ``source`` (read-only file positions) is shared.

        Built field by field rather than with :func:`copy.deepcopy`, which took seconds on a
        9,801-peg board (its generic walk visits every tuple and the source map's entries)."""
        return Board(
            id=self.id, name=self.name, players=self.players,
            pegs={k: Peg(p.id, p.x, p.y, p.colour) for k, p in self.pegs.items()},
            lines=list(self.lines),
            segments=[Segment(s.pegs, s.treasure, s.energy, s.idol, s.picture) for s in self.segments],
            seats={k: Seat(s.name, list(s.start), list(s.goal), s.label) for k, s in self.seats.items()},
            description=self.description,
            pictures=_copy.deepcopy(self.pictures),
            line_items=[LineItem(i.line, i.treasure, i.artifact) for i in self.line_items],
            islands={k: list(v) for k, v in self.islands.items()},
            bridges=[Bridge(b.line, b.energy) for b in self.bridges],
            has_canals=self.has_canals,
            crater=list(self.crater),
            location=self.location,
            source=self.source,
            path=self.path,
        )

    # -- queries ----------------------------------------------------------------------------
    def line_keys(self) -> set[LineKey]:
        return {line_key(a, b) for a, b in self.lines}

    def segment_map(self) -> dict[SegmentKey, Segment]:
        return {s.key: s for s in self.segments}

    def seat_names(self) -> list[str]:
        return list(self.seats)

    def bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) of the pegs, or zeros for an empty board."""
        if not self.pegs:
            return (0.0, 0.0, 0.0, 0.0)
        xs = [p.x for p in self.pegs.values()]
        ys = [p.y for p in self.pegs.values()]
        return (min(xs), min(ys), max(xs), max(ys))


def _num(v: float) -> float | int:
    r = round(v, 6)
    return int(r) if float(r).is_integer() else r


# --- scenario ------------------------------------------------------------------------------

@dataclass
class RealmRules:
    """A scenario's rules as data (``rules:`` of ``realm-scenario/1``); defaults are the base
    game of the rulebook. Clause ids say which rule each field parameterises."""

    bands: tuple[str, ...] = ("line", "triangle", "quad")      # RTR-P1, RTR-P9
    bands_per_player: int = 25                                  # RTR-S5
    start: str = "own-side"                                     # RTR-P5
    connect: bool = True                                        # RTR-P6
    closures: bool = True                                       # RTR-P4
    cards: Any = "shared-pool"                                  # RTR-S3
    hand_sizes: tuple[int, ...] = (4, 5, 6, 7)                  # RTR-S2
    pool_size: int = 5                                          # RTR-S3
    cards_per_colour: int = 10                                  # RTR-S1
    energy_supply: int = 50                                     # RTR-S4
    actions_per_turn: int = 2                                   # RTR-T1
    draw_count: int = 2                                         # RTR-T2
    extra_action_cost: int = 3                                  # RTR-T4
    energy_per_vp: int = 3                                      # RTR-E2
    energy_payment: bool = False                                # L6-5
    max_rounds: int = 100                                       # safety stop, not a rulebook rule
    end: dict = field(default_factory=lambda: {"score": 18})   # RTR-E1 and the location's clause
    modules: dict = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: dict | None) -> "RealmRules":
        data = dict(data or {})
        r = cls()
        for key, value in data.items():
            attr = key
            if not hasattr(r, attr):
                raise BoardError(f"unknown rules key {key!r}")
            if isinstance(value, list):
                value = tuple(value)
            setattr(r, attr, _copy.deepcopy(value))
        return r

    def to_data(self) -> dict:
        base = RealmRules()
        out: dict[str, Any] = {}
        for key in self.__dataclass_fields__:
            value = getattr(self, key)
            if value != getattr(base, key) or key in ("bands", "end"):
                out[key] = list(value) if isinstance(value, tuple) else _copy.deepcopy(value)
        return out


@dataclass
class Scenario:
    """A Rule the Realm location (``realm-scenario/1``): board files per player count and rules.

    ``boards`` maps player count to the reference as written (relative to ``path``)."""

    id: str
    name: str
    boards: dict[int, str]
    rules: RealmRules = field(default_factory=RealmRules)
    description: str | None = None
    location: int | None = None
    playtest: dict | None = None     # what bot playtests judge against (studio.playtest.insight)
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "realm-scenario/1"

    def board_names(self) -> list[str]:
        """The file names, without their suffix, of the boards it lists, by player count
        (``["jungle-temples-2p", ...]``): what a command that takes one board accepts."""
        return [PurePath(ref).stem for _n, ref in sorted(self.boards.items())]

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "Scenario":
        return cls(
            id=data["id"], name=data["name"],
            boards={int(k): v for k, v in data["boards"].items()},
            rules=RealmRules.from_data(data.get("rules")),
            description=data.get("description"), location=data.get("location"),
            playtest=_copy.deepcopy(data["playtest"]) if data.get("playtest") is not None else None,
            source=source, path=path,
        )

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id, "name": self.name}
        if self.description:
            d["description"] = self.description
        if self.location is not None:
            d["location"] = self.location
        d["boards"] = {str(k): v for k, v in sorted(self.boards.items())}
        d["rules"] = self.rules.to_data()
        if self.playtest is not None:
            d["playtest"] = _copy.deepcopy(self.playtest)
        return d


@dataclass
class Realm:
    """A playable Rule the Realm setup: a scenario and the board for one player count."""

    scenario: Scenario
    board: Board
