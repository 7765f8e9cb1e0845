"""Islands and trees compiled for play: spaces are indices, sets of spaces are int bit masks.

An :class:`IslandMap` is built once per island and game and never changes; a player's position
on it is a mask of crossed spaces plus the mask of their neighbours (``reach``), so "adjacent to
a crossed space" (RIV-T5) is one AND. Adjacency is the six hex neighbours plus bridge ends
(RIV-T8). Areas (RIV-G4) are clusters of 2 or more spaces of one terrain joined by hex
neighbours (and by bridges when the scenario's ``area_bridges`` says so).

Effects are expanded into *atoms*, ``(kind, arg)`` pairs applied one at a time:
``("scrolls", n)``, ``("loot", 0)``, ``("statue", 0)``, ``("any", 0)``, ``("leap", 0)`` and
``("area", terrain or "all")``.
"""

from __future__ import annotations

from collections import deque

from studio.geometry.hex import DIRECTIONS, distance
from studio.model.rivages import SHIP, STRONGHOLD, WHITE, Effect, GoalStep, Island, RivagesError, RivagesRules, TreeSide
from studio.rules.rivages.actions import Cross, PickArea, PickNode, PickSpace, StartAt

Atom = tuple[str, object]


def effect_atoms(effect: Effect | None) -> tuple[Atom, ...]:
    """The atoms of an effect, in a fixed order: scrolls, loot, statue, any, leap, area."""
    if effect is None:
        return ()
    out: list[Atom] = []
    if effect.scrolls:
        out.append(("scrolls", effect.scrolls))
    out.extend([("loot", 0)] * effect.loot)
    out.extend([("statue", 0)] * effect.statue)
    out.extend([("any", 0)] * effect.any)
    out.extend([("leap", 0)] * effect.leap)
    if effect.area:
        out.append(("area", effect.area))
    return tuple(out)


SYMBOL_ATOMS: dict[str, tuple[Atom, ...]] = {
    "statue": (("statue", 0),), "scroll": (("scrolls", 1),), "loot": (("loot", 0),),
}
"""Card symbols that cross no space, as atoms."""


def bits(mask: int):
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Step:
    """A compiled goal step: ``mask`` (spaces for fort/spaces steps), ``candidates`` (space
    masks that meet a pattern step), ``terrain``/``count`` (areas steps) and reward atoms."""

    __slots__ = ("kind", "mask", "candidates", "terrain", "count", "reward", "text")

    def __init__(self, kind, reward, mask=0, candidates=(), terrain=None, count=0, text=""):
        self.kind = kind
        self.reward = reward
        self.mask = mask
        self.candidates = candidates
        self.terrain = terrain
        self.count = count
        self.text = text


class IslandMap:
    """One island ready for play. Raises :class:`RivagesError` when the island cannot be
    played (a space kind that is no terrain, not exactly two ships, a goal naming a space or
    fort the island lacks)."""

    def __init__(self, island: Island, terrains: list[str], rules: RivagesRules):
        self.island = island
        self.id = island.id
        self.name = island.name or island.id
        self.terrains = list(terrains)
        self.at: list[tuple[int, int]] = [s.at for s in island.spaces]
        self.index = {h: i for i, h in enumerate(self.at)}
        if len(self.index) != len(self.at):
            raise RivagesError(f"island {self.id!r} lists a hex twice")
        self.n = len(self.at)
        self.kind = [s.kind for s in island.spaces]
        known = set(terrains) | {WHITE, SHIP, STRONGHOLD}
        for s in island.spaces:
            if s.kind not in known:
                raise RivagesError(f"island {self.id!r}: space {list(s.at)} is {s.kind!r}, not a terrain of the scenario")
        self.terrain_mask = {t: 0 for t in terrains}
        self.white_mask = self.ship_mask = self.stronghold_mask = 0
        for i, k in enumerate(self.kind):
            if k == WHITE:
                self.white_mask |= 1 << i
            elif k == SHIP:
                self.ship_mask |= 1 << i
            elif k == STRONGHOLD:
                self.stronghold_mask |= 1 << i
            else:
                self.terrain_mask[k] |= 1 << i
        self.all_mask = (1 << self.n) - 1
        self.crossable = self.all_mask & ~self.stronghold_mask
        self.ships = list(bits(self.ship_mask))
        if len(self.ships) != 2:
            raise RivagesError(f"island {self.id!r} has {len(self.ships)} ships; it needs exactly 2")
        # adjacency: hex neighbours, then bridges (RIV-T8)
        self.hex_nbr = [0] * self.n
        for i, (q, r) in enumerate(self.at):
            m = 0
            for dq, dr in DIRECTIONS:
                j = self.index.get((q + dq, r + dr))
                if j is not None:
                    m |= 1 << j
            self.hex_nbr[i] = m
        self.nbr = list(self.hex_nbr)
        self.bridge_pairs = []
        for ha, hb in island.bridges:
            ia, ib = self.index.get(ha), self.index.get(hb)
            if ia is None or ib is None:
                raise RivagesError(f"island {self.id!r}: a bridge end {list(ha if ia is None else hb)} is not a space")
            self.nbr[ia] |= 1 << ib
            self.nbr[ib] |= 1 << ia
            self.bridge_pairs.append((ia, ib))
        # within 2 hexes (or a bridge away), for leap effects
        self.near2 = [0] * self.n
        for i, h in enumerate(self.at):
            m = self.nbr[i]
            for j, g in enumerate(self.at):
                if j != i and distance(h, g) <= 2:
                    m |= 1 << j
            self.near2[i] = m
        # crossed mask -> the union of its spaces' near2 (what a leap may reach before the
        # crossed spaces are taken out), filled by RivagesState._options
        self.leap_near: dict[int, int] = {}
        # areas (RIV-G4)
        join = self.nbr if rules.area_bridges else self.hex_nbr
        self.area_of = [-1] * self.n
        self.areas: list[int] = []
        self.area_terrain: list[str] = []
        for t in terrains:
            todo = self.terrain_mask[t]
            while todo:
                start = (todo & -todo).bit_length() - 1
                comp = 1 << start
                frontier = deque([start])
                while frontier:
                    i = frontier.popleft()
                    for j in bits(join[i] & self.terrain_mask[t] & ~comp):
                        comp |= 1 << j
                        frontier.append(j)
                todo &= ~comp
                if comp & (comp - 1):  # 2 spaces or more
                    a = len(self.areas)
                    self.areas.append(comp)
                    self.area_terrain.append(t)
                    for i in bits(comp):
                        self.area_of[i] = a
        self.area_first = [(m & -m).bit_length() - 1 for m in self.areas]
        self.areas_of_terrain = {t: 0 for t in terrains}
        for a, t in enumerate(self.area_terrain):
            self.areas_of_terrain[t] |= 1 << a
        self.icon = [effect_atoms(s.icon) if s.kind == WHITE else () for s in island.spaces]
        # symbols: which spaces each space symbol may cross (RIV-T3, RIV-T7)
        wild = self.white_mask | (self.ship_mask if rules.ship_symbols else 0)
        self.symbol_mask = {t: self.terrain_mask[t] | wild for t in terrains}
        self.symbol_mask["any"] = self.crossable
        # goals
        self.forts = list(island.forts)
        self.goals: list[tuple[str, list[Step]]] = []
        for name, goal in island.goals():
            self.goals.append((name, [self._compile_step(name, s, rules, k, len(goal.steps))
                                      for k, s in enumerate(goal.steps, start=1)]))
        # the spaces whose cross can meet a fort, spaces or pattern step (an areas step is met
        # only when an area is completed): RivagesState._cross skips the goal check otherwise
        self.goal_spaces = 0
        for _, steps in self.goals:
            for st in steps:
                if st.kind != "areas":
                    self.goal_spaces |= st.mask
                    for cand in st.candidates:
                        self.goal_spaces |= cand
        # actions, made once
        self.cross_actions = {sym: [Cross(sym, h) for h in self.at] for sym in self.symbol_mask}
        self.pick_space = [PickSpace(h) for h in self.at]
        self.pick_area = [PickArea(self.at[i]) for i in self.area_first]
        self.start_at = [StartAt(h) for h in self.at]

    def __getstate__(self) -> dict:
        """Pickled without what play remembers (``leap_near``): a game sent to a worker
        process carries only its compiled islands."""
        state = dict(self.__dict__)
        state["leap_near"] = {}
        return state

    def _compile_step(self, goal: str, step: GoalStep, rules: RivagesRules, number: int = 1, steps: int = 1) -> Step:
        reward = effect_atoms(step.reward)
        # a goal of several steps says which one ("mission 2, step 1 of 2: ..."): the log and
        # reports must never read as if the whole goal were met
        text = f"{goal}, step {number} of {steps}: {step.describe()}" if steps > 1 else f"{goal}: {step.describe()}"
        if step.kind == "fort":
            assert step.fort is not None  # GoalStep.__post_init__: a fort step has its fort
            q, r = step.fort
            mask = 0
            for dq, dr in DIRECTIONS:
                j = self.index.get((q + dq, r + dr))
                if j is None:
                    raise RivagesError(f"island {self.id!r}: the fort at {[q, r]} lacks a space at {[q + dq, r + dr]}")
                mask |= 1 << j
            return Step("fort", reward, mask=mask, text=text)
        if step.kind == "spaces":
            mask = 0
            for h in step.spaces:
                if h not in self.index:
                    raise RivagesError(f"island {self.id!r}: {goal} names {list(h)}, which is not a space")
                mask |= 1 << self.index[h]
            return Step("spaces", reward, mask=mask, text=text)
        if step.kind == "pattern":
            return Step("pattern", reward, candidates=tuple(self.pattern_placements(step.pattern, rules.pattern)),
                        text=text)
        if step.terrain not in self.terrain_mask:
            raise RivagesError(f"island {self.id!r}: {goal} asks for {step.terrain!r} areas, not a terrain of the scenario")
        return Step("areas", reward, terrain=step.terrain, count=step.count, text=text)

    def pattern_placements(self, pattern, mode: str = "row") -> list[int]:
        """Masks of the runs of spaces whose kinds read ``pattern`` in order: along (+1, 0)
        only (``row``: left to right on a pointy-top island) or along any of the six
        directions (``line``). Strongholds never match (they cannot be crossed)."""
        dirs = DIRECTIONS[:1] if mode == "row" else DIRECTIONS
        out = []
        for q, r in self.at:
            for dq, dr in dirs:
                mask = 0
                for k, want in enumerate(pattern):
                    j = self.index.get((q + dq * k, r + dr * k))
                    if j is None or self.kind[j] != want or self.kind[j] == STRONGHOLD:
                        break
                    mask |= 1 << j
                else:
                    if mask not in out:
                        out.append(mask)
        return out

class TreeMap:
    """One side of a Tree of Wisdom ready for play: nodes are indices, links are masks."""

    def __init__(self, tree_id: str, side_name: str, side: TreeSide):
        self.id = tree_id
        self.side = side_name
        self.nodes = list(side.nodes)
        self.index = {n: i for i, n in enumerate(self.nodes)}
        if side.start not in self.index:
            raise RivagesError(f"tree {tree_id!r} side {side_name}: the start node {side.start!r} does not exist")
        self.start = self.index[side.start]
        self.nbr = [0] * len(self.nodes)
        for a, b in side.links:
            if a not in self.index or b not in self.index:
                raise RivagesError(f"tree {tree_id!r} side {side_name}: the link [{a}, {b}] names an unknown node")
            ia, ib = self.index[a], self.index[b]
            self.nbr[ia] |= 1 << ib
            self.nbr[ib] |= 1 << ia
        self.effect = [effect_atoms(side.nodes[n].effect) for n in self.nodes]
        self.effect_text = [str(side.nodes[n].effect) if side.nodes[n].effect else "" for n in self.nodes]
        self.pick = [PickNode(n) for n in self.nodes]

    def options(self, crossed: int, reach: int) -> int:
        """Nodes that may be crossed next: the start first (RIV-W2), then any node linked to a
        crossed one (RIV-W3)."""
        if not crossed:
            return 1 << self.start
        return reach & ~crossed

