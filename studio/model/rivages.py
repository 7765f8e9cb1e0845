"""Rivages content as plain dataclasses, one per file format:

- :class:`Island` (``rivages-island/1``): hex spaces in axial ``(q, r)`` (pointy-top, see
  :mod:`studio.geometry.hex`), bridges, forts and the goals (1 quest, 2 missions);
- :class:`Tree` (``rivages-tree/1``): a Tree of Wisdom, sides A and B as node graphs;
- :class:`CardSet` (``rivages-cards/1``): Exploration and Endgame cards, and the solo cards;
- :class:`LootSet` (``rivages-loot/1``): the Loot token kinds, counts and effects;
- :class:`RivagesScenario` (``rivages-scenario/1``): terrains, references to the other files,
  tree side, Great Explorer values, solo settings and rule choices.

``from_data`` expects data that passed the schema (read files through :mod:`studio.model.io`);
``to_data`` gives plain data in the file's key order, so load -> dump -> load is equal.
``source`` and ``path`` say where an object was read from and take no part in equality.
:func:`read_rivages` loads a scenario and every file it references as one :class:`Rivages`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Hex = tuple[int, int]

WHITE, STRONGHOLD, SHIP = "white", "stronghold", "ship"
SPECIAL_KINDS: tuple[str, ...] = (WHITE, STRONGHOLD, SHIP)
ALL_TERRAINS = "all"          # the four-colour area icon: an area of any terrain
EFFECT_KEYS: tuple[str, ...] = ("scrolls", "loot", "statue", "any", "leap", "area")
CARD_ACTIONS: tuple[str, ...] = ("any", "statue", "scroll", "loot")
"""Card symbols besides terrains: cross any adjacent space, advance on the tree, 1 scroll, 1 loot."""
SIDES: tuple[str, ...] = ("A", "B")


@dataclass(frozen=True)
class Terrain:
    """A terrain a scenario declares: ``name`` is used in files and card symbols."""

    name: str
    colour: str
    label: str | None = None

    def to_data(self) -> dict:
        d: dict[str, Any] = {"name": self.name}
        if self.label:
            d["label"] = self.label
        d["colour"] = self.colour
        return d


DEFAULT_TERRAINS: tuple[Terrain, ...] = (
    Terrain("forest", "#3d7a3a", "Forest"),
    Terrain("dune", "#e0b84f", "Dunes"),
    Terrain("cliff", "#b9473b", "Cliffs"),
    Terrain("lagoon", "#3f86b5", "Lagoon"),
)


class RivagesError(ValueError):
    """Rivages content that cannot be used (e.g. by the rules engine); the message says why."""


# --- effects -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Effect:
    """What an icon, a reward, a tree space or a Loot token does at once: gain ``scrolls``
    (RIV-I2), draw ``loot`` tokens (RIV-I6), advance ``statue`` times on the tree (RIV-I4),
    cross ``any`` adjacent spaces of any type (RIV-I3), cross ``leap`` spaces up to 2 steps from
    a crossed one, and cross a whole ``area`` of a terrain (``"all"``: any terrain, RIV-I5)."""

    scrolls: int = 0
    loot: int = 0
    statue: int = 0
    any: int = 0
    leap: int = 0
    area: str | None = None

    @classmethod
    def from_data(cls, data: dict | None) -> "Effect | None":
        if not data:
            return None
        return cls(**{k: data[k] for k in EFFECT_KEYS if k in data})

    @classmethod
    def of(cls, data: dict) -> "Effect":
        """The effect of a field the schema requires (``minProperties: 1``); an empty one is no
        effect rather than None."""
        return cls.from_data(data) or cls()

    def to_data(self) -> dict:
        d: dict[str, Any] = {}
        for k in EFFECT_KEYS:
            v = getattr(self, k)
            if v:
                d[k] = v
        return d

    def __str__(self) -> str:
        parts = []
        for k in EFFECT_KEYS:
            v = getattr(self, k)
            if v:
                parts.append(f"{k} {v}" if k != "area" else f"area of {v}")
        return ", ".join(parts) or "nothing"


def _hex(v) -> Hex:
    return (int(v[0]), int(v[1]))


# --- islands -----------------------------------------------------------------------------------

@dataclass
class Space:
    """One hex of an island: ``kind`` is a terrain name, ``white``, ``stronghold`` or ``ship``;
    a white space may carry an ``icon`` (RIV-T7)."""

    at: Hex
    kind: str
    icon: Effect | None = None

    def to_data(self) -> dict:
        d: dict[str, Any] = {"at": list(self.at), "kind": self.kind}
        if self.icon is not None:
            d["icon"] = self.icon.to_data()
        return d


@dataclass
class GoalStep:
    """One step of a goal (RIV-G5, RIV-G4) and its ``reward``. ``kind`` says which fields
    count: ``fort`` (the fort hex), ``spaces`` (hexes), ``pattern`` (space kinds in order) or
    ``areas`` (``count`` whole areas of ``terrain``)."""

    kind: str
    reward: Effect
    fort: Hex | None = None
    spaces: tuple[Hex, ...] = ()
    pattern: tuple[str, ...] = ()
    terrain: str | None = None
    count: int = 0

    def __post_init__(self) -> None:
        # only the fields of its kind are written: the others are cleared, so a step edited
        # from another kind equals what the file reloads to
        self.fort = _hex(self.fort) if self.kind == "fort" and self.fort is not None else None
        self.spaces = tuple(_hex(h) for h in self.spaces) if self.kind == "spaces" else ()
        self.pattern = tuple(self.pattern) if self.kind == "pattern" else ()
        if self.kind != "areas":
            self.terrain, self.count = None, 0

    @classmethod
    def from_data(cls, d: dict) -> "GoalStep":
        reward = Effect.of(d["reward"])
        if "fort" in d:
            return cls("fort", reward, fort=_hex(d["fort"]))
        if "spaces" in d:
            return cls("spaces", reward, spaces=tuple(_hex(h) for h in d["spaces"]))
        if "pattern" in d:
            return cls("pattern", reward, pattern=tuple(d["pattern"]))
        areas = d["areas"]
        return cls("areas", reward, terrain=areas["terrain"], count=int(areas["count"]))

    def to_data(self) -> dict:
        if self.kind == "fort":
            assert self.fort is not None  # __post_init__: a fort step has its fort
            d: dict[str, Any] = {"fort": list(self.fort)}
        elif self.kind == "spaces":
            d = {"spaces": [list(h) for h in self.spaces]}
        elif self.kind == "pattern":
            d = {"pattern": list(self.pattern)}
        else:
            d = {"areas": {"terrain": self.terrain, "count": self.count}}
        d["reward"] = self.reward.to_data()
        return d

    def describe(self) -> str:
        if self.kind == "fort":
            assert self.fort is not None
            return f"the 6 spaces around the fort at {list(self.fort)}"
        if self.kind == "spaces":
            return "spaces " + ", ".join(str(list(h)) for h in self.spaces)
        if self.kind == "pattern":
            return "a run of " + " > ".join(self.pattern)
        return f"{self.count} whole {self.terrain} area{'s' if self.count > 1 else ''}"


@dataclass
class Goal:
    """A quest or an exploration mission: one or two steps, the top one first (RIV-G6)."""

    steps: list[GoalStep]


@dataclass
class Island:
    """An island board (``rivages-island/1``). ``spaces`` keep file order; ``quest_steps``
    records whether the quest was written with ``steps:`` (kept on save; a quest of two steps
    is always written so). It is how the file is written, not content, so it takes no part in
    equality: a one-step quest that gains a step saves and reloads equal. ``orientation``
    (``pointy`` or ``flat``) is how the island is drawn, written only when ``flat``."""

    id: str
    spaces: list[Space]
    quest: Goal
    missions: list[Goal]
    bridges: list[tuple[Hex, Hex]] = field(default_factory=list)
    forts: list[Hex] = field(default_factory=list)
    name: str | None = None
    description: str | None = None
    quest_steps: bool = field(default=False, compare=False)
    orientation: str = "pointy"
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "rivages-island/1"

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "Island":
        goals = data["goals"]
        quest = goals["quest"]
        stepped = "steps" in quest
        return cls(
            id=data["id"],
            name=data.get("name"),
            description=data.get("description"),
            spaces=[Space(_hex(s["at"]), s["kind"], Effect.from_data(s.get("icon"))) for s in data["spaces"]],
            bridges=[(_hex(a), _hex(b)) for a, b in data.get("bridges", [])],
            forts=[_hex(f) for f in data.get("forts", [])],
            quest=Goal([GoalStep.from_data(s) for s in (quest["steps"] if stepped else [quest])]),
            missions=[Goal([GoalStep.from_data(s) for s in m["steps"]]) for m in goals["missions"]],
            quest_steps=stepped,
            orientation=data.get("orientation", "pointy"),
            source=source,
            path=path,
        )

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id}
        if self.name:
            d["name"] = self.name
        if self.description:
            d["description"] = self.description
        if self.orientation != "pointy":
            d["orientation"] = self.orientation
        d["spaces"] = [s.to_data() for s in self.spaces]
        if self.bridges:
            d["bridges"] = [[list(a), list(b)] for a, b in self.bridges]
        if self.forts:
            d["forts"] = [list(f) for f in self.forts]
        if self.quest_steps or len(self.quest.steps) != 1:
            quest: dict[str, Any] = {"steps": [s.to_data() for s in self.quest.steps]}
        else:
            quest = self.quest.steps[0].to_data()
        d["goals"] = {"quest": quest, "missions": [{"steps": [s.to_data() for s in m.steps]} for m in self.missions]}
        return d

    # -- queries ----------------------------------------------------------------------------
    def space_at(self) -> dict[Hex, Space]:
        """``{(q, r): space}`` (the last one wins if a hex is listed twice)."""
        return {s.at: s for s in self.spaces}

    def ships(self) -> list[Hex]:
        return [s.at for s in self.spaces if s.kind == SHIP]

    def goals(self) -> list[tuple[str, Goal]]:
        """``[("quest", quest), ("mission 1", m1), ("mission 2", m2)]``."""
        return [("quest", self.quest)] + [(f"mission {i + 1}", m) for i, m in enumerate(self.missions)]


# --- trees -------------------------------------------------------------------------------------

@dataclass
class TreeNode:
    """A space of a Tree of Wisdom, drawn at axial hex ``at``, with an optional effect."""

    id: str
    at: Hex
    effect: Effect | None = None


@dataclass
class TreeSide:
    """One side of a tree: nodes, undirected links and the red-circled ``start`` (RIV-W2)."""

    start: str
    nodes: dict[str, TreeNode]
    links: list[tuple[str, str]]

    @classmethod
    def from_data(cls, d: dict) -> "TreeSide":
        return cls(d["start"],
                   {nid: TreeNode(nid, _hex(n["at"]), Effect.from_data(n.get("effect"))) for nid, n in d["nodes"].items()},
                   [(a, b) for a, b in d["links"]])

    def to_data(self) -> dict:
        nodes = {}
        for n in self.nodes.values():
            e: dict[str, Any] = {"at": list(n.at)}
            if n.effect is not None:
                e["effect"] = n.effect.to_data()
            nodes[n.id] = e
        return {"start": self.start, "nodes": nodes, "links": [[a, b] for a, b in self.links]}

    def neighbours(self) -> dict[str, list[str]]:
        """``{node: [linked nodes]}`` in link order; links to unknown nodes are skipped."""
        out: dict[str, list[str]] = {n: [] for n in self.nodes}
        for a, b in self.links:
            if a in out and b in out and a != b:
                if b not in out[a]:
                    out[a].append(b)
                if a not in out[b]:
                    out[b].append(a)
        return out


@dataclass
class Tree:
    """A Tree of Wisdom board (``rivages-tree/1``) with sides ``"A"`` and ``"B"``."""

    id: str
    sides: dict[str, TreeSide]
    name: str | None = None
    description: str | None = None
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "rivages-tree/1"

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "Tree":
        return cls(id=data["id"], name=data.get("name"), description=data.get("description"),
                   sides={k: TreeSide.from_data(v) for k, v in data["sides"].items()}, source=source, path=path)

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id}
        if self.name:
            d["name"] = self.name
        if self.description:
            d["description"] = self.description
        d["sides"] = {k: self.sides[k].to_data() for k in SIDES if k in self.sides}
        return d


# --- cards -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """An Exploration card (``players``: its marker, 2 to 5) or an Endgame card (``players``
    None). ``rows`` from top to bottom, each a tuple of symbols (terrain names or
    :data:`CARD_ACTIONS`)."""

    id: str
    rows: tuple[tuple[str, ...], ...]
    players: int | None = None

    @property
    def endgame(self) -> bool:
        return self.players is None

    def to_data(self) -> dict:
        d: dict[str, Any] = {"id": self.id}
        if self.players is not None:
            d["players"] = self.players
        d["rows"] = [list(r) for r in self.rows]
        return d


@dataclass(frozen=True)
class Challenge:
    """A solo challenge card (RIV-X6): ``kind`` is ``loot`` (tokens drawn), ``statues``
    (statue effects), ``islands`` (islands visited), ``areas`` (areas completed of every
    terrain) or ``scrolls`` (the target goes up by ``need``)."""

    id: str
    kind: str
    need: int
    name: str | None = None

    def to_data(self) -> dict:
        d: dict[str, Any] = {"id": self.id}
        if self.name:
            d["name"] = self.name
        d["kind"] = self.kind
        d["need"] = self.need
        return d


@dataclass
class SoloCards:
    """The solo cards: scroll target card (``target`` scrolls with ``cards`` Exploration cards
    marked 2+, the game ending once ``removed`` cards are used up; RIV-X1, RIV-X4), the Solo
    Explorer card (``explorer``: island number -> scrolls, RIV-X5) and the challenges."""

    target: int = 26
    cards: int = 8
    removed: int = 4
    explorer: dict[int, int] = field(default_factory=lambda: {4: 2, 5: 2, 6: 3})
    challenges: list[Challenge] = field(default_factory=list)

    @classmethod
    def from_data(cls, d: dict) -> "SoloCards":
        t = d["target"]
        return cls(target=t["scrolls"], cards=t["cards"], removed=t["removed"],
                   explorer={int(k): v for k, v in d["explorer"].items()},
                   challenges=[Challenge(c["id"], c["kind"], c["need"], c.get("name")) for c in d["challenges"]])

    def to_data(self) -> dict:
        return {"target": {"scrolls": self.target, "cards": self.cards, "removed": self.removed},
                "explorer": {str(k): v for k, v in sorted(self.explorer.items())},
                "challenges": [c.to_data() for c in self.challenges]}


@dataclass
class CardSet:
    """A ``rivages-cards/1`` file: Exploration cards, Endgame cards and/or solo cards."""

    id: str
    exploration: list[Card] = field(default_factory=list)
    endgame: list[Card] = field(default_factory=list)
    solo: SoloCards | None = None
    name: str | None = None
    description: str | None = None
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "rivages-cards/1"

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "CardSet":
        return cls(
            id=data["id"], name=data.get("name"), description=data.get("description"),
            exploration=[Card(c["id"], tuple(tuple(r) for r in c["rows"]), c["players"])
                         for c in data.get("exploration", [])],
            endgame=[Card(c["id"], tuple(tuple(r) for r in c["rows"])) for c in data.get("endgame", [])],
            solo=SoloCards.from_data(data["solo"]) if "solo" in data else None,
            source=source, path=path,
        )

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id}
        if self.name:
            d["name"] = self.name
        if self.description:
            d["description"] = self.description
        if self.exploration:
            d["exploration"] = [c.to_data() for c in self.exploration]
        if self.endgame:
            d["endgame"] = [c.to_data() for c in self.endgame]
        if self.solo is not None:
            d["solo"] = self.solo.to_data()
        return d

    def for_players(self, players: int) -> list[Card]:
        """Exploration cards whose marker is at most ``players`` (RIV-S3)."""
        return [c for c in self.exploration if c.players is not None and c.players <= players]


# --- loot --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LootToken:
    """A kind of Loot token: ``count`` of them go into the bag (RIV-S6)."""

    kind: str
    count: int
    effect: Effect
    name: str | None = None

    def to_data(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        if self.name:
            d["name"] = self.name
        d["count"] = self.count
        d["effect"] = self.effect.to_data()
        return d


@dataclass
class LootSet:
    """A ``rivages-loot/1`` file."""

    id: str
    tokens: list[LootToken]
    name: str | None = None
    description: str | None = None
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "rivages-loot/1"

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "LootSet":
        return cls(id=data["id"], name=data.get("name"), description=data.get("description"),
                   tokens=[LootToken(t["kind"], t["count"], Effect.of(t["effect"]), t.get("name"))
                           for t in data["tokens"]],
                   source=source, path=path)

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id}
        if self.name:
            d["name"] = self.name
        if self.description:
            d["description"] = self.description
        d["tokens"] = [t.to_data() for t in self.tokens]
        return d

    def total(self) -> int:
        return sum(t.count for t in self.tokens)


# --- scenario ----------------------------------------------------------------------------------

@dataclass
class RivagesRules:
    """Choices the rulebook leaves open, as scenario data (``rules:``); the defaults are the
    studio's reading of the rulebook.

    - ``pattern``: a pattern quest is a left-to-right ``row`` of adjacent spaces (the
      ``(+1, 0)`` direction of a pointy-top island), or a straight ``line`` read either way
      in any of the three directions (RIV-G5).
    - ``area_bridges``: whether bridge ends of one terrain join into one area (RIV-G4).
    - ``ship_symbols``: whether any terrain symbol may cross a ship space (the second ship,
      RIV-I1); otherwise only ``any`` crosses it.
    - ``travel_on_last_turn``: whether crossing the second ship on the last turn still brings
      a new island, which counts for the Great Explorer (RIV-I1, RIV-E5).
    - ``great_explorer_ranking``: after a tie for the most islands, the next group is second
      (``dense``) or nobody is (``competition``) (RIV-E5).
    - ``max_rounds``: a safety stop, not a rule of the game: the game ends after this many
      rounds (ending reason ``round limit (N) reached``)."""

    pattern: str = "row"
    area_bridges: bool = False
    ship_symbols: bool = True
    travel_on_last_turn: bool = True
    great_explorer_ranking: str = "dense"
    max_rounds: int = 200

    @classmethod
    def from_data(cls, data: dict | None) -> "RivagesRules":
        return cls(**dict(data or {}))

    def to_data(self) -> dict:
        base = RivagesRules()
        return {k: getattr(self, k) for k in self.__dataclass_fields__ if getattr(self, k) != getattr(base, k)}


@dataclass
class SoloSettings:
    """Solo play (RIV-X2): the solo cards file, the mode (``discovery``: tree side A, no
    challenge; ``advanced``: a random tree on side B and challenges) and the challenges: a
    number drawn at random each game, or the ids of the ones to use."""

    cards: str
    mode: str = "discovery"
    challenges: int | tuple[str, ...] = 0

    def to_data(self) -> dict:
        d: dict[str, Any] = {"cards": self.cards, "mode": self.mode}
        if self.challenges:
            d["challenges"] = list(self.challenges) if isinstance(self.challenges, tuple) else self.challenges
        return d


DEFAULT_GREAT_EXPLORER: dict[int, tuple[int, int]] = {2: (3, 0), 3: (4, 2), 4: (4, 2), 5: (4, 2)}


@dataclass
class RivagesScenario:
    """A ``rivages-scenario/1`` file. ``islands`` and ``trees`` are a folder reference (ending
    in ``/``) or a list of file references, as written (relative to ``path``). ``terrains_given``
    (the file lists its terrains, even the default four) is how it is written, not content, and
    takes no part in equality."""

    id: str
    name: str
    islands: str | list[str]
    trees: str | list[str]
    cards: str
    loot: str
    terrains: list[Terrain] = field(default_factory=lambda: list(DEFAULT_TERRAINS))
    terrains_given: bool = field(default=False, compare=False)  # written form, not content
    side: str = "A"
    great_explorer: dict[int, tuple[int, int]] = field(default_factory=lambda: dict(DEFAULT_GREAT_EXPLORER))
    solo: SoloSettings | None = None
    rules: RivagesRules = field(default_factory=RivagesRules)
    description: str | None = None
    players: tuple[int, ...] | None = None  # the counts it is made for; None: 2-5 (and 1 with solo)
    source: Any = field(default=None, compare=False, repr=False)
    path: str | None = field(default=None, compare=False)

    FORMAT = "rivages-scenario/1"

    @classmethod
    def from_data(cls, data: dict, source: Any = None, path: str | None = None) -> "RivagesScenario":
        solo = data.get("solo")
        ge = dict(DEFAULT_GREAT_EXPLORER)
        ge.update({int(k): (v[0], v[1]) for k, v in data.get("great_explorer", {}).items()})
        terrains = [Terrain(t["name"], t["colour"], t.get("label")) for t in data.get("terrains", [])]
        return cls(
            id=data["id"], name=data["name"], description=data.get("description"),
            islands=_refs(data["islands"]), trees=_refs(data["trees"]),
            cards=data["cards"], loot=data["loot"],
            terrains=terrains or list(DEFAULT_TERRAINS), terrains_given=bool(terrains),
            side=data.get("side", "A"),
            great_explorer=ge,
            solo=None if solo is None else SoloSettings(
                solo["cards"], solo.get("mode", "discovery"),
                tuple(solo["challenges"]) if isinstance(solo.get("challenges"), list) else solo.get("challenges", 0)),
            rules=RivagesRules.from_data(data.get("rules")),
            players=tuple(data["players"]) if data.get("players") else None,
            source=source, path=path,
        )

    def to_data(self) -> dict:
        d: dict[str, Any] = {"format": self.FORMAT, "id": self.id, "name": self.name}
        if self.description:
            d["description"] = self.description
        if self.terrains_given or self.terrains != list(DEFAULT_TERRAINS):
            d["terrains"] = [t.to_data() for t in self.terrains]
        d["islands"] = _refs(self.islands)
        d["trees"] = _refs(self.trees)
        d["side"] = self.side
        d["cards"] = self.cards
        d["loot"] = self.loot
        if self.players:
            d["players"] = list(self.players)
        d["great_explorer"] = {str(k): list(v) for k, v in sorted(self.great_explorer.items())}
        if self.solo is not None:
            d["solo"] = self.solo.to_data()
        rules = self.rules.to_data()
        if rules:
            d["rules"] = rules
        return d

    def terrain_names(self) -> list[str]:
        return [t.name for t in self.terrains]


def _refs(v):
    return v if isinstance(v, str) else list(v)


# --- a whole game's content --------------------------------------------------------------------

@dataclass
class Rivages:
    """A scenario and everything it references, loaded: islands and trees in reference order,
    the card set, the loot set and the solo cards (None when the scenario has no solo)."""

    scenario: RivagesScenario
    islands: list[Island]
    trees: list[Tree]
    cards: CardSet
    loot: LootSet
    solo_cards: SoloCards | None = None


def folder_files(folder: Path) -> list[Path]:
    """The content files of a folder reference: ``*.yaml``/``*.yml``, and ``*.json`` that
    declare a ``format`` (an island or tree saved as JSON; another tool's JSON, such as a
    Tabletop Simulator export beside the islands, is not content), hidden ones skipped,
    sorted; [] when ``folder`` is not a folder."""
    from studio.content.outputs import file_format

    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if not p.name.startswith(".") and p.is_file()
                  and (p.suffix in (".yaml", ".yml") or (p.suffix == ".json" and file_format(p) is not None)))


def reference_files(scenario: RivagesScenario, refs: str | list[str]) -> list[Path]:
    """Resolve an ``islands``/``trees`` reference of ``scenario``: a folder gives its
    content files (:func:`folder_files`: sorted, hidden ones skipped), a list its files in order.
    Raises :class:`~studio.content.LoadError` when a reference leaves the content root or a
    folder is missing."""
    from studio.content import LoadError, resolve_reference

    base = scenario.path
    def resolve(ref: str) -> Path:
        return resolve_reference(base, ref) if base is not None else Path(ref)

    if isinstance(refs, str):
        folder = resolve(refs)
        if not folder.is_dir():
            raise LoadError("scenario/missing-folder", f"no folder {refs}", base)
        # each file resolved and checked too: a link in the folder may leave the content root
        return [resolve(str(Path(refs) / p.name)) for p in folder_files(folder)]
    return [resolve(r) for r in refs]


def read_rivages(scenario_path: str | os.PathLike) -> Rivages:
    """Load a ``rivages-scenario/1`` file and every file it references, through the one safe
    loader and the schemas. Raises :class:`~studio.content.LoadError` (unreadable file,
    reference outside the content root) or :class:`~studio.model.io.InvalidContent` (schema
    findings, or a reference to a file of the wrong format: ``content/wrong-kind``)."""
    scenario = read_as(scenario_path, RivagesScenario)
    islands = [read_as(p, Island) for p in reference_files(scenario, scenario.islands)]
    trees = [read_as(p, Tree) for p in reference_files(scenario, scenario.trees)]
    cards = read_as(_resolve(scenario, scenario.cards), CardSet)
    loot = read_as(_resolve(scenario, scenario.loot), LootSet)
    solo = None
    if scenario.solo is not None:
        solo_set = cards if scenario.solo.cards == scenario.cards else read_as(_resolve(scenario, scenario.solo.cards), CardSet)
        solo = solo_set.solo
    return Rivages(scenario, islands, trees, cards, loot, solo)


def read_as(path: str | os.PathLike, cls):
    """Read ``path`` and check it is a ``cls.FORMAT`` file. Raises LoadError or
    InvalidContent (``content/wrong-kind`` for another format)."""
    from studio.content.findings import Finding
    from studio.model.io import InvalidContent, read

    obj = read(path)
    if not isinstance(obj, cls):
        fmt = getattr(obj, "FORMAT", type(obj).__name__)
        raise InvalidContent([Finding("content/wrong-kind", "error",
                                      f"expected a {cls.FORMAT} file, got {fmt}", str(path), 1, 1)])
    return obj


def _resolve(scenario: RivagesScenario, ref: str) -> Path:
    from studio.content import resolve_reference

    return resolve_reference(scenario.path, ref) if scenario.path is not None else Path(ref)
