"""Rivages islands grown from a seed, and the constraints a designer gives them.

An island (RIV-S, RIV-T, RIV-G clauses of ``shared/rules/CLAUSES.md``) is grown as the bundled
ones were: a hex blob of about 30 spaces (axial coordinates, :mod:`studio.geometry.hex`) with a
lagoon crossed by a bridge (RIV-T8), two ships on opposite coasts (RIV-S7), a few strongholds
that never cut the island in two (RIV-T6), white spaces with icons spread out, and terrain
clusters of 1 to 4 spaces, so each terrain has areas for the missions (RIV-G4). The quest is a
fort, spaces or a pattern (RIV-G5, RIV-G6), in one or two steps; two missions ask for areas.

:func:`design_island` draws islands from a :class:`IslandSpec` until one is sound: the engine
compiles it, its goals can be met (:func:`playable`) and the studio's validator finds nothing
(:func:`studio.validate.rivages.rivages_findings`). Whether every goal can be achieved within a
crosses budget is judged by :func:`goal_crosses` (the exact fewest crosses of
:mod:`studio.validate.island_goals`); :mod:`studio.generate.offer` offers only islands within
the budget.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from studio.generate.symmetry import GenerateError
from studio.geometry.hex import DIRECTIONS, clusters, distance, neighbours, spiral
from studio.model.rivages import (
    DEFAULT_TERRAINS,
    Effect,
    Goal,
    GoalStep,
    Island,
    RivagesError,
    RivagesRules,
    Space,
)
from studio.rules.rivages.board import IslandMap
from studio.validate.island_goals import check_goals
from studio.validate.rivages import rivages_findings

TERRAINS = [t.name for t in DEFAULT_TERRAINS]
ISLAND_NAMES = [
    "Coral Reach", "Gull Rock", "Saltmarsh Key", "Lantern Isle", "Driftwood Atoll", "Heron Point",
    "Amber Shoals", "Tidewatch", "Cormorant Cay", "Windward Holm", "Pearl Bank", "Stormbreak",
    "Mangrove Rest", "Seafoam Spit", "Old Beacon", "Kestrel Isle", "Urchin Cove", "Moonwake",
    "Basalt Crown", "Whelk Harbour", "Fernreef", "Sunken Steps", "Otter Strand", "Cinder Key",
    "Larkspur Isle",
]
QUEST_KINDS = ["fort", "spaces", "pattern"]
MIN_SIZE, MAX_SIZE = 20, 50
"""Island sizes a constraint may ask for, in spaces."""
DIFFICULTY_CROSSES = {"easy": (0, 6), "normal": (0, 10), "hard": (7, 14)}
"""Target difficulty -> ``(least, most)`` crosses: every goal must be achievable within the
most (RIV-T5: one space crossed per cross), and the quest must need at least the least (a hard
island's quest is far from the ships)."""
MAX_DRAWS = 400
"""Draws :func:`design_island` tries before it gives up on a spec."""


@dataclass(frozen=True)
class IslandSpec:
    """What to grow: ``seed`` (the same seed, the same island), ``size`` (spaces, about;
    None: 30 to 34), ``quest`` (a kind of :data:`QUEST_KINDS`; None: by the seed),
    ``two_step`` (None: every fourth island), ``strongholds`` (None: 2 to 4), ``crosses`` (the
    budget every goal must be achievable within; None: by ``difficulty``), ``difficulty``
    (:data:`DIFFICULTY_CROSSES`) and ``name`` (None: from :data:`ISLAND_NAMES` by the seed)."""

    seed: int = 0
    size: int | None = None
    quest: str | None = None
    two_step: bool | None = None
    strongholds: int | None = None
    crosses: int | None = None
    difficulty: str = "normal"
    name: str | None = None

    def budget(self) -> tuple[int, int]:
        """``(least, most)`` crosses: the quest needs at least the least, every goal at most the
        most (``crosses`` when given, with no least)."""
        least, most = DIFFICULTY_CROSSES[self.difficulty]
        return (0, self.crosses) if self.crosses is not None else (least, most)

    def check(self) -> None:
        """Raise :class:`GenerateError` naming the first constraint out of range."""
        if self.size is not None and not MIN_SIZE <= self.size <= MAX_SIZE:
            raise GenerateError(f"size must be {MIN_SIZE} to {MAX_SIZE} spaces, got {self.size}")
        if self.quest is not None and self.quest not in QUEST_KINDS:
            raise GenerateError(f"quest must be one of {', '.join(QUEST_KINDS)}, got {self.quest!r}")
        if self.strongholds is not None and not 0 <= self.strongholds <= 8:
            raise GenerateError(f"strongholds must be 0 to 8, got {self.strongholds}")
        if self.crosses is not None and not 1 <= self.crosses <= 60:
            raise GenerateError(f"the crosses budget must be 1 to 60, got {self.crosses}")
        if self.difficulty not in DIFFICULTY_CROSSES:
            raise GenerateError(f"difficulty must be one of {', '.join(DIFFICULTY_CROSSES)}, got {self.difficulty!r}")
        if not 0 <= self.seed < 2**53:
            raise GenerateError(f"the seed must be a whole number from 0 to 2**53 - 1, got {self.seed}")
        if self.name is not None and not self.name.strip():
            raise GenerateError("the island's name is empty")
        if self.two_step and self.quest == "fort":   # a trial's --two-step was dropped without a word
            raise GenerateError("a fort quest has one step: a two-step quest is a pattern or spaces quest")


def connected(cells: set, start) -> set:
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in neighbours(h):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def reach(spaces: dict, bridges, start, blocked=frozenset()) -> set:
    """Spaces reachable from ``start`` through neighbours and bridges, avoiding ``blocked``."""
    adj = {h: [n for n in neighbours(h) if n in spaces] for h in spaces}
    for a, b in bridges:
        adj[a].append(b)
        adj[b].append(a)
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in adj[h]:
            if n not in seen and n not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


def coast(cells: set) -> list:
    return sorted(h for h in cells if any(n not in cells for n in neighbours(h)))


def blob(rng: random.Random, size: int) -> set:
    """A connected hex blob of about ``size`` spaces: a disc (radius 3, or 4 above 36 spaces)
    with a few spaces of the next ring, and bites taken from its outer coast until ``size`` is
    left (or no bite is left that keeps the blob in one piece)."""
    radius = 3 if size <= 36 else 4
    cells = set(spiral((0, 0), radius)) | {h for h in spiral((0, 0), radius + 1) if rng.random() < 0.18}
    cells = connected(cells, (0, 0))
    misses = 0
    while len(cells) > size and misses < 2000:
        h = rng.choice(coast(cells))
        if distance(h, (0, 0)) < radius:  # bites come from the outer coast only
            misses += 1
            continue
        rest = cells - {h}
        if len(connected(rest, next(iter(rest)))) == len(rest):
            cells = rest
        else:
            misses += 1
    return cells


def grow_terrains(rng: random.Random, free: list, taken: dict) -> dict:
    """Terrain per free hex: clusters of 1 to 4 spaces, two clusters of one terrain never touch
    (so each cluster is its own area), terrains kept about even."""
    kinds: dict = {}
    count = {t: 0 for t in TERRAINS}
    free_set = set(free)
    order = list(free)
    rng.shuffle(order)
    for h in order:
        if h in kinds:
            continue
        near = {kinds.get(n) for n in neighbours(h)}
        choices = [t for t in TERRAINS if t not in near] or list(TERRAINS)
        rng.shuffle(choices)
        t = min(choices, key=lambda x: count[x])
        target = rng.choice([1, 2, 2, 3, 3, 3, 4, 4])
        cluster = [h]
        kinds[h] = t
        frontier = [h]
        while len(cluster) < target and frontier:
            g = frontier.pop(rng.randrange(len(frontier)))
            opts = [n for n in neighbours(g) if n in free_set and n not in kinds
                    and all(kinds.get(m) != t for m in neighbours(n) if m not in cluster)]
            rng.shuffle(opts)
            for n in opts[:2]:
                if len(cluster) >= target:
                    break
                kinds[n] = t
                cluster.append(n)
                frontier.append(n)
        count[t] += len(cluster)
    return kinds


def areas_of(kinds: dict) -> dict:
    """terrain -> list of clusters (sets of hexes, 2 or more) among ``kinds``."""
    out: dict[str, list] = {t: [] for t in TERRAINS}
    for t, comp in clusters(kinds):
        if t in out:
            out[t].append(comp)
    return out


def make_island(index: int, quest_kind: str, rng: random.Random, spec: IslandSpec | None = None) -> Island | None:
    """One island drawn from ``rng``, or None when this draw does not give a sound one (the
    caller draws again). ``index`` picks the name (:data:`ISLAND_NAMES`), whether the quest has
    two steps (every fourth) and the missions' kinds; ``quest_kind`` one of
    :data:`QUEST_KINDS`; ``spec`` (None: the bundled islands' ranges) the size, two-step quest
    and stronghold count."""
    spec = spec or IslandSpec()
    cells = blob(rng, rng.randint(30, 34) if spec.size is None else spec.size)
    # a lagoon crossed by a bridge: an inner hex removed, its two opposite neighbours joined
    bridges = []
    inner = [h for h in cells if all(n in cells for n in neighbours(h)) and h != (0, 0)]
    rng.shuffle(inner)
    for lake in inner:
        d = rng.choice(DIRECTIONS)
        a, b = (lake[0] + d[0], lake[1] + d[1]), (lake[0] - d[0], lake[1] - d[1])
        rest = cells - {lake}
        if len(connected(rest, a)) == len(rest):
            cells = rest
            bridges.append((a, b))
            break
    # ships on opposite coasts
    shore = coast(cells)
    pairs = [(a, b) for a in shore for b in shore if a < b and distance(a, b) >= 5]
    if not pairs:
        return None
    ship_a, ship_b = rng.choice(pairs)
    if any(s in bridge for bridge in bridges for s in (ship_a, ship_b)):
        return None
    kinds: dict = {ship_a: "ship", ship_b: "ship"}
    fort = None
    if quest_kind == "fort":
        centres = [h for h in cells if all(n in cells and n not in kinds for n in neighbours(h))
                   and h not in kinds and not any(h in br for br in bridges)]
        rng.shuffle(centres)
        for c in centres:
            rest = cells - {c}
            if len(connected(rest, ship_a)) == len(rest):
                fort, cells = c, rest
                break
        if fort is None:
            return None
    ring = set(neighbours(fort)) if fort else set()
    # strongholds: never next to a ship, a bridge end or the fort; nothing may be cut off
    bridge_ends = {h for br in bridges for h in br}
    spaces_so_far = {h: None for h in cells}
    candidates = [h for h in cells if h not in kinds and h not in ring and h not in bridge_ends
                  and all(n not in (ship_a, ship_b) for n in neighbours(h))]
    rng.shuffle(candidates)
    strongholds: set = set()
    for h in candidates:
        if len(strongholds) >= (rng.choice([2, 3, 3, 4]) if spec.strongholds is None else spec.strongholds):
            break
        blocked = strongholds | {h}
        if len(reach(spaces_so_far, bridges, ship_a, blocked)) == len(cells) - len(blocked):
            strongholds.add(h)
    for h in strongholds:
        kinds[h] = "stronghold"
    # white spaces with icons, spread out
    icons = [Effect(statue=1), Effect(statue=1), Effect(loot=1), Effect(scrolls=1),
             Effect(any=1)]
    if rng.random() < 0.5:
        icons.append(Effect(area=rng.choice(TERRAINS + ["all"])))
    whites: dict = {}
    open_cells = [h for h in cells if h not in kinds]
    rng.shuffle(open_cells)
    for h in open_cells:
        if len(whites) >= len(icons):
            break
        if all(distance(h, w) >= 3 for w in whites) and h not in ring and h not in bridge_ends:
            whites[h] = icons[len(whites)]
    if len(whites) < 4:
        return None
    for h in whites:
        kinds[h] = "white"
    # quest targets for a spaces quest: plain white spaces (no icon)
    targets: list = []
    if quest_kind == "spaces":
        for h in open_cells:
            if h not in kinds and h not in ring and distance(h, ship_a) >= 2 and all(
                    distance(h, g) >= 2 for g in targets + list(whites)):
                targets.append(h)
                kinds[h] = "white"
            if len(targets) == 3:
                break
        if len(targets) < 3:
            return None
    free = [h for h in cells if h not in kinds]
    kinds.update(grow_terrains(rng, free, kinds))
    areas = areas_of(kinds)
    # the quest
    two_step = index % 4 == 1 if spec.two_step is None else spec.two_step
    if quest_kind == "fort":
        # goals pay scrolls, no Loot: with Loot here the solo Treasure hunter (6 Loot, RIV-X6) was
        # met in ~90% of games and won in 62-64% of games (issue 15 bar: 15-60%)
        quest = Goal([GoalStep("fort", Effect(scrolls=4), fort=fort)])
    elif quest_kind == "spaces":
        targets.sort(key=lambda h: distance(h, ship_a))
        if two_step:
            quest = Goal([GoalStep("spaces", Effect(scrolls=1), spaces=(targets[0],)),
                          GoalStep("spaces", Effect(scrolls=3), spaces=tuple(targets[1:]))])
        else:
            quest = Goal([GoalStep("spaces", Effect(scrolls=4), spaces=tuple(targets))])
    else:
        runs = []
        for h in cells:
            row = [h, (h[0] + 1, h[1]), (h[0] + 2, h[1])]
            if all(g in kinds and kinds[g] not in ("stronghold",) for g in row):
                ks = [kinds[g] for g in row]
                if len(set(ks)) >= 2 and "ship" not in ks:
                    runs.append(ks)
        rng.shuffle(runs)
        if not runs:
            return None
        quest = Goal([GoalStep("pattern", Effect(scrolls=3), pattern=tuple(runs[0]))])
        if two_step:
            other = [r for r in runs if r != runs[0]]
            if not other:
                return None
            quest.steps[0] = GoalStep("pattern", Effect(scrolls=1), pattern=tuple(runs[0]))
            quest.steps.append(GoalStep("pattern", Effect(scrolls=3), pattern=tuple(other[0])))
    # two missions on two terrains that have areas
    rich = [t for t in TERRAINS if len(areas[t]) >= 1]
    if len(rich) < 2:
        return None
    rng.shuffle(rich)
    missions = []
    for k, t in enumerate(rich[:2]):
        n = len(areas[t])
        if n >= 2 and (index + k) % 3 == 0:
            missions.append(Goal([GoalStep("areas", Effect(scrolls=1), terrain=t, count=1),
                                  GoalStep("areas", Effect(scrolls=3), terrain=t, count=1)]))
        elif n >= 2 and (index + k) % 3 == 1:
            missions.append(Goal([GoalStep("areas", Effect(scrolls=4), terrain=t, count=2)]))
        else:
            reward = [Effect(scrolls=2), Effect(scrolls=2), Effect(scrolls=1, any=1)][(index + k) % 3]
            missions.append(Goal([GoalStep("areas", reward, terrain=t, count=1)]))
    order = sorted(cells, key=lambda h: (h[1], h[0]))
    spaces = [Space(h, kinds[h], whites.get(h)) for h in order]
    name = spec.name or ISLAND_NAMES[index % len(ISLAND_NAMES)]
    ident = name.lower().replace(" ", "-")
    return Island(id=ident, name=name, spaces=spaces, quest=quest, missions=missions, bridges=bridges,
                  forts=[fort] if fort else [], quest_steps=len(quest.steps) > 1,
                  description=f"Quest: {quest_kind}{' in two steps' if len(quest.steps) > 1 else ''}.")


def playable(island: Island) -> bool:
    """The engine compiles it (:class:`~studio.rules.rivages.board.IslandMap`), its pattern
    quests can be met (RIV-G6) and its missions have their areas (RIV-G4)."""

    try:
        m = IslandMap(island, TERRAINS, RivagesRules())
    except RivagesError:
        return False
    for _, steps in m.goals:
        if any(st.kind == "pattern" and not st.candidates for st in steps):
            return False
        need = sum(st.count for st in steps if st.kind == "areas")
        if need and need > bin(m.areas_of_terrain[steps[0].terrain]).count("1"):
            return False
    return True


def bundled_islands(count: int = 25) -> list[Island]:
    """The first ``count`` of the 25 bundled islands (``boards/rivages/islands/``): island
    ``i`` has quest kind ``QUEST_KINDS[i % 3]`` and is the first sound draw from seed
    ``7000 + 101 i`` on (playable and without any finding)."""
    out = []
    for index in range(min(count, len(ISLAND_NAMES))):
        kind = QUEST_KINDS[index % 3]
        seed = 7000 + index * 101
        while True:
            island = make_island(index, kind, random.Random(seed))
            seed += 1
            if island is not None and playable(island) and not rivages_findings(island):
                out.append(island)
                break
    return out




def design_island(spec: IslandSpec, draw: int = 0) -> Island:
    """The first sound island (:func:`playable`, no finding) of the draws ``draw``,
    ``draw + 1``... of ``spec``'s seed (draw ``k`` uses ``random.Random(seed * 1000 + k)``):
    the same spec and draw, the same island. Raises :class:`GenerateError` when
    :data:`MAX_DRAWS` draws give none (the constraints leave no room: say which)."""
    spec.check()
    for k in range(draw, draw + MAX_DRAWS):
        rng = random.Random(spec.seed * 1000 + k)
        index = rng.randrange(len(ISLAND_NAMES))
        # a quest in two steps is a pattern or spaces quest (a fort has one step)
        kinds = [k for k in QUEST_KINDS if k != "fort"] if spec.two_step else QUEST_KINDS
        kind = spec.quest or kinds[index % len(kinds)]
        island = make_island(index, kind, rng, spec)
        if island is not None and playable(island) and not rivages_findings(island):
            return island
    raise GenerateError(f"no sound island in {MAX_DRAWS} draws of seed {spec.seed} with size {spec.size}, "
                        f"quest {spec.quest}, strongholds {spec.strongholds}: loosen these constraints")


def goal_crosses(island: Island) -> list[tuple[str, int | None, str]]:
    """Per goal (quest, mission 1, mission 2): ``(name, fewest crosses or None, why not)`` from
    :func:`studio.validate.island_goals.check_goals` (RIV-T5, RIV-G4 to RIV-G6)."""
    return [(g.name, g.crosses, g.problem) for g in check_goals(island)]


def budget_problem(island: Island, spec: IslandSpec) -> str:
    """Why ``island`` is not within ``spec``'s crosses budget ('' when it is): a goal that
    cannot be achieved at all, one that needs more crosses than the budget, or a quest too near
    for a hard island."""
    least, most = spec.budget()
    for name, crosses, problem in goal_crosses(island):
        if crosses is None:
            return f"its {name} cannot be achieved: {problem}"
        if crosses > most:
            return f"its {name} needs {crosses} crosses, more than the budget of {most}"
        if name == "quest" and crosses < least:
            return f"its quest needs only {crosses} crosses (a {spec.difficulty} island's needs {least} or more)"
    return ""
