"""Can an island's goals be achieved, and with how few crosses? (No Qt: the island editor's goal
panel and tests use it.)

A player starts on one of the two ships (RIV-S7) and crosses spaces one at a time, each next to
one already crossed (RIV-T5), never a stronghold (RIV-T6); bridge ends are neighbours (RIV-T8).
So the crosses a goal needs at least are the fewest spaces of a connected set that holds a ship
and every space the goal needs: a node-weighted Steiner tree, found exactly with the
Dreyfus-Wagner dynamic programme over the goal's *groups* (the needed spaces, neighbouring ones
merged into one group: a fort's ring, a pattern's run and an area are each one group, so a goal
has few groups and the programme stays small). The starting ship is crossed by the setup and
does not count; the other ship is not used as a stepping stone (crossing it ends the visit,
RIV-I1) unless the goal itself needs it.

What each goal needs (RIV-G4, RIV-G5, RIV-G6): a fort step the 6 spaces around the fort; a
spaces step its spaces; a pattern step one run of spaces reading the pattern (a ``row`` along
``(+1, 0)``, or a ``line`` in any of the 6 directions, per :class:`RivagesRules`); an areas step
``count`` whole areas of its terrain (an area: 2 or more neighbouring spaces of one terrain).
A two-step goal needs both steps on different spaces. Where there is a choice (which run, which
areas), the cheapest is taken.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field

from studio.geometry.hex import clusters, component, neighbours
from studio.model.rivages import SHIP, SPECIAL_KINDS, STRONGHOLD, GoalStep, Island, RivagesRules

Hex = tuple[int, int]
MAX_CHOICES = 2000
"""At most this many ways to meet a goal are tried (patterns on a huge island); beyond it the
cheapest of the first ones is reported and ``GoalCheck.exact`` is False."""


@dataclass(frozen=True)
class Area:
    """A cluster of 2 or more neighbouring spaces of one terrain (RIV-G4)."""

    terrain: str
    spaces: frozenset

    @property
    def size(self) -> int:
        return len(self.spaces)


def island_areas(island: Island, bridges: bool = False) -> list[Area]:
    """Every area of the island, largest first (then by terrain and first hex). Spaces whose
    kind is white, stronghold or ship are never in an area. With ``bridges`` (the scenario rule
    ``area_bridges``), bridge ends of one terrain join."""
    kind = _kinds(island)
    adj = _adjacency(island, kind, bridges)
    out = [Area(k, frozenset(comp)) for k, comp in clusters(kind, adj.__getitem__) if k not in SPECIAL_KINDS]
    out.sort(key=lambda a: (-a.size, a.terrain, min(a.spaces)))
    return out


@dataclass
class GoalCheck:
    """The answer for one goal: ``crosses`` is the fewest crosses that complete every step
    (None when it cannot be done), ``step_crosses`` the fewest for the first step alone, then
    for both; ``spaces`` the goal spaces of that cheapest way; ``route`` every space that way
    crosses, from the starting ship (crossed by the setup, so not counted) to the goal spaces
    (``len(route) - 1 == crosses``); ``problem`` says in words why the goal cannot be achieved
    ('' when it can)."""

    name: str
    crosses: int | None
    step_crosses: list[int | None] = field(default_factory=list)
    spaces: frozenset = frozenset()
    problem: str = ""
    exact: bool = True
    route: frozenset = frozenset()

    @property
    def achievable(self) -> bool:
        return self.crosses is not None

    def summary(self) -> str:
        """``"achievable: 9 crosses at least"`` or ``"not achievable: ..."``."""
        if self.crosses is None:
            return f"not achievable: {self.problem}"
        steps = ""
        if len(self.step_crosses) > 1:
            steps = f" (first step {self.step_crosses[0]})"
        return f"achievable: {self.crosses} cross{'es' if self.crosses != 1 else ''} at least{steps}"


def check_goals(island: Island, rules: RivagesRules | None = None) -> list[GoalCheck]:
    """A :class:`GoalCheck` for the quest and each mission, in :meth:`Island.goals` order."""
    rules = rules or RivagesRules()
    return [check_goal(island, name, goal.steps, rules) for name, goal in island.goals()]


def check_goal(island: Island, name: str, steps: list[GoalStep], rules: RivagesRules | None = None) -> GoalCheck:
    """The fewest crosses for ``steps`` of a goal on ``island`` (see the module doc)."""
    rules = rules or RivagesRules()
    solver = _Solver(island, rules)
    if solver.problem:
        return GoalCheck(name, None, [None] * len(steps), problem=solver.problem)
    options_per_step = []
    for i, step in enumerate(steps):
        options, problem = solver.options(step)
        if not options:
            who = f"{name} step {i + 1}" if len(steps) > 1 else f"the {name}" if name == "quest" else name
            return GoalCheck(name, None, [None] * len(steps), problem=problem.replace("{goal}", who))
        options_per_step.append(options)
    step_costs: list[int | None] = []
    best: tuple[int, frozenset, frozenset] | None = None
    exact = True
    for upto in range(1, len(steps) + 1):
        best = None
        tried = 0
        for combo in itertools.product(*options_per_step[:upto]):
            if upto > 1 and not _disjoint(combo):
                continue
            tried += 1
            if tried > MAX_CHOICES:
                exact = False
                break
            need = frozenset().union(*combo)
            found = solver.route(need)
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], need, found[1])
        step_costs.append(None if best is None else best[0])
        if best is None:
            if upto > 1 and not any(_disjoint(c) for c in itertools.product(*options_per_step[:upto])):
                problem = "the second step has no spaces left apart from the first step's"
            else:
                problem = solver.unreachable_text(options_per_step[:upto], f"the {name}" if name == "quest" else name)
            return GoalCheck(name, None, step_costs + [None] * (len(steps) - upto), problem=problem, exact=exact)
    assert best is not None  # a goal has at least one step (schema), and an unmet one returned above
    return GoalCheck(name, best[0], step_costs, best[1], exact=exact, route=best[2])


def _disjoint(sets) -> bool:
    total = sum(len(s) for s in sets)
    return len(frozenset().union(*sets)) == total


def _kinds(island: Island) -> dict[Hex, str]:
    kind: dict[Hex, str] = {}
    for s in island.spaces:
        kind.setdefault(s.at, s.kind)
    return kind


def _adjacency(island: Island, kind: dict[Hex, str], bridges: bool = True) -> dict[Hex, list[Hex]]:
    adj = {h: [n for n in neighbours(h) if n in kind] for h in kind}
    if bridges:
        for a, b in island.bridges:
            if a in kind and b in kind and a != b and b not in adj[a]:
                adj[a].append(b)
                adj[b].append(a)
    return adj


class _Solver:
    def __init__(self, island: Island, rules: RivagesRules) -> None:
        self.island = island
        self.rules = rules
        self.kind = _kinds(island)
        self.adj = _adjacency(island, self.kind)
        self.ships = [s.at for s in island.spaces if s.kind == SHIP]
        self.problem = "" if len(self.ships) == 2 else f"an island needs 2 ships, this one has {len(self.ships)}"
        self.areas = island_areas(island, rules.area_bridges)

    # -- what a step needs ---------------------------------------------------------------------
    def options(self, step: GoalStep) -> tuple[list[frozenset], str]:
        """The ways to meet ``step`` (sets of spaces), or [] and why there is none."""
        kind = self.kind
        if step.kind == "fort":
            assert step.fort is not None  # GoalStep: a fort step has its fort
            ring = [n for n in neighbours(step.fort)]
            bad = [n for n in ring if kind.get(n) in (None, STRONGHOLD)]
            if bad:
                return [], f"the fort at {list(step.fort)} needs 6 crossable neighbours; " + ", ".join(
                    f"{list(n)} is {'a stronghold' if n in kind else 'no space'}" for n in bad)
            return [frozenset(ring)], ""
        if step.kind == "spaces":
            if not step.spaces:
                return [], "{goal} picks no spaces yet: pick them on the island"
            for h in step.spaces:
                if h not in kind:
                    return [], f"{{goal}} names {list(h)}, which is not a space of the island"
                if kind[h] == STRONGHOLD:
                    return [], f"{{goal}} names {list(h)}, a stronghold, which can never be crossed"
            return [frozenset(step.spaces)], ""
        if step.kind == "pattern":
            dirs = [(1, 0)] if self.rules.pattern == "row" else [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
            runs = []
            for (q, r) in sorted(kind):
                for dq, dr in dirs:
                    run = [(q + dq * k, r + dr * k) for k in range(len(step.pattern))]
                    if all(kind.get(h) == want for h, want in zip(run, step.pattern)):
                        runs.append(frozenset(run))
            if not runs:
                shape = "row" if self.rules.pattern == "row" else "line"
                return [], f"{{goal}} needs a {shape} of spaces reading {' > '.join(step.pattern)}; the island has none"
            return list(dict.fromkeys(runs)), ""
        if step.kind == "areas":
            found = [a.spaces for a in self.areas if a.terrain == step.terrain]
            if len(found) < step.count:
                return [], f"{{goal}} needs {step.count} {step.terrain} area{'s' if step.count > 1 else ''} " \
                           f"(2 or more neighbouring {step.terrain} spaces); the island has {len(found)}"
            return [frozenset().union(*c) for c in itertools.combinations(found, step.count)], ""
        return [], f"unknown goal kind {step.kind!r}"

    def unreachable_text(self, options_per_step: list, who: str) -> str:
        """Why no way of meeting the steps can be crossed, naming the spaces no ship reaches."""
        reach: set = set()
        for ship in self.ships:
            seen, todo = {ship}, [ship]
            while todo:
                h = todo.pop()
                for n in self.adj[h]:
                    if n not in seen and self.kind[n] != STRONGHOLD:
                        seen.add(n)
                        todo.append(n)
            reach |= seen
        far = sorted({h for options in options_per_step for option in options for h in option} - reach)
        if far and all(len(options) == 1 for options in options_per_step):
            shown = ", ".join(str(list(h)) for h in far[:6]) + (" and more" if len(far) > 6 else "")
            return f"{who} needs {shown}, which no ship can reach without crossing a stronghold"
        return f"no way to meet {who} can be reached from a ship without crossing a stronghold"

    # -- fewest crosses ------------------------------------------------------------------------
    def cost(self, need: frozenset) -> int | None:
        """Fewest crosses for a connected crossed set holding a ship and ``need``."""
        found = self.route(need)
        return None if found is None else found[0]

    def route(self, need: frozenset) -> tuple[int, frozenset] | None:
        """(fewest crosses, the spaces of one such connected set, its ship included) for a
        crossed set holding a ship and ``need``; None when there is none."""
        if any(self.kind.get(h) in (None, STRONGHOLD) for h in need):
            return None
        best = None
        for start, other in ((self.ships[0], self.ships[1]), (self.ships[1], self.ships[0])):
            found = self._steiner(start, other, need)
            if found is not None and (best is None or found[0] < best[0]):
                best = found
        return best

    def _steiner(self, start: Hex, other_ship: Hex, need: frozenset) -> tuple[int, frozenset] | None:
        # nodes usable: not strongholds; the other ship only when needed
        usable = {h for h, k in self.kind.items() if k != STRONGHOLD and (h != other_ship or h in need)}
        required = set(need) | {start}
        # merge neighbouring required spaces into groups: each group is one node of the graph
        group_of: dict[Hex, int] = {}
        groups: list[set] = []
        for h in sorted(required):
            if h in group_of:
                continue
            comp = component(h, self.adj.__getitem__, required.__contains__)
            for g in comp:
                group_of[g] = len(groups)
            groups.append(comp)
        # node ids: ("g", i) for groups, hexes for the rest
        def node(h):
            return ("g", group_of[h]) if h in group_of else h

        weight: dict = {}
        adj: dict = {}
        for h in usable:
            v = node(h)
            if v not in weight:
                if isinstance(v, tuple) and v and v[0] == "g":
                    weight[v] = sum(0 if g == start else 1 for g in groups[v[1]])
                else:
                    weight[v] = 1
                adj[v] = set()
        for h in usable:
            v = node(h)
            for n in self.adj[h]:
                if n in usable:
                    u = node(n)
                    if u != v:
                        adj[v].add(u)
        terminals = [("g", i) for i in range(len(groups))]
        if len(terminals) == 1:
            return weight[terminals[0]], frozenset(groups[0])
        found = _dreyfus_wagner(adj, weight, terminals)
        if found is None:
            return None
        cost, nodes = found
        route = set()
        for v in nodes:
            route |= groups[v[1]] if isinstance(v, tuple) and v and v[0] == "g" else {v}
        return cost, frozenset(route)


def _dreyfus_wagner(adj: dict, weight: dict, terminals: list) -> tuple[int, set] | None:
    """(weight, nodes) of a node-weighted Steiner tree over ``terminals`` (every node counted
    once), or None when they are not connected. Each table entry remembers how it was reached
    (a terminal, an edge from a neighbour, or two subtrees joined at the node), so the tree's
    nodes are read back from the full set's entry at the first terminal."""
    k = len(terminals)
    full = (1 << k) - 1
    inf = float("inf")
    dp: dict[int, dict] = {}
    how: dict[int, dict] = {}  # mask -> node -> ("leaf",) | ("edge", from) | ("split", sub)

    def relax(dist: dict, came: dict) -> dict:
        heap = [(d, i, v) for i, (v, d) in enumerate(dist.items()) if d < inf]
        heapq.heapify(heap)
        done = set()
        counter = len(heap)
        while heap:
            d, _, v = heapq.heappop(heap)
            if v in done or d > dist.get(v, inf):
                continue
            done.add(v)
            for u in adj[v]:
                nd = d + weight[u]
                if nd < dist.get(u, inf):
                    dist[u] = nd
                    came[u] = ("edge", v)
                    counter += 1
                    heapq.heappush(heap, (nd, counter, u))
        return dist

    for i, t in enumerate(terminals):
        how[1 << i] = {t: ("leaf",)}
        dp[1 << i] = relax({t: weight[t]}, how[1 << i])
    for mask in range(1, full + 1):
        if mask in dp:
            continue
        dist: dict = {}
        came: dict = {}
        sub = (mask - 1) & mask
        while sub:
            rest = mask ^ sub
            if sub < rest:  # each split once
                a, b = dp[sub], dp[rest]
                for v, da in a.items():
                    db = b.get(v)
                    if db is not None:
                        d = da + db - weight[v]
                        if d < dist.get(v, inf):
                            dist[v] = d
                            came[v] = ("split", sub)
            sub = (sub - 1) & mask
        how[mask] = came
        dp[mask] = relax(dist, came)
    best = dp[full].get(terminals[0], inf)
    if best == inf:
        return None
    nodes: set = set()
    todo = [(full, terminals[0])]
    while todo:
        mask, v = todo.pop()
        nodes.add(v)
        step = how[mask][v]
        if step[0] == "edge":
            todo.append((mask, step[1]))
        elif step[0] == "split":
            todo += [(step[1], v), (mask ^ step[1], v)]
    return int(best), nodes
