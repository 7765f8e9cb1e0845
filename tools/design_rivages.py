#!/usr/bin/env python3
"""Design the bundled Rivages content and write it to boards/rivages/ and scenarios/.

Everything here is this project's own design: 25 islands, 5 Trees of Wisdom (sides A and B),
36 Exploration cards and 5 Endgame cards, 25 Loot tokens, the solo cards, and two scenarios
(``rivages.yaml`` for 1 to 5 players, ``rivages-solo.yaml`` for the advanced solo game).

Islands are grown from a seed each: a hex blob of about 30 spaces with a lagoon crossed by a
bridge, two ships on opposite coasts, a few strongholds that never cut the island in two,
white special spaces with icons, and terrain clusters of 1 to 4 spaces, so each terrain has
areas for the missions. Quests cycle through the three kinds (fort, spaces, pattern); some
quests and missions have two steps. Every island is checked by the engine's compiler and by
``studio.validate.rivages`` (no finding at all) before it is written.

Run from the project root:  python tools/design_rivages.py
"""

from __future__ import annotations

import random
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.geometry.hex import DIRECTIONS, clusters, distance, neighbours, spiral  # noqa: E402
from studio.model import io  # noqa: E402
from studio.model.rivages import (  # noqa: E402
    DEFAULT_TERRAINS,
    Card,
    CardSet,
    Challenge,
    Effect,
    Goal,
    GoalStep,
    Island,
    LootSet,
    LootToken,
    RivagesScenario,
    SoloCards,
    SoloSettings,
    Space,
    Tree,
    TreeNode,
    TreeSide,
)


def write(obj, path) -> None:
    """Save ``obj`` over ``path``, keeping the comments and layout of the file there."""
    io.write(obj, path, origin=path)


BOARDS = ROOT / "boards" / "rivages"
TERRAINS = [t.name for t in DEFAULT_TERRAINS]

ISLAND_NAMES = [
    "Coral Reach", "Gull Rock", "Saltmarsh Key", "Lantern Isle", "Driftwood Atoll", "Heron Point",
    "Amber Shoals", "Tidewatch", "Cormorant Cay", "Windward Holm", "Pearl Bank", "Stormbreak",
    "Mangrove Rest", "Seafoam Spit", "Old Beacon", "Kestrel Isle", "Urchin Cove", "Moonwake",
    "Basalt Crown", "Whelk Harbour", "Fernreef", "Sunken Steps", "Otter Strand", "Cinder Key",
    "Larkspur Isle",
]
QUEST_KINDS = ["fort", "spaces", "pattern"]


# --- islands -----------------------------------------------------------------------------------

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
    """A connected hex blob: a radius-3 disc with bites taken from its coast."""
    cells = set(spiral((0, 0), 3)) | {h for h in spiral((0, 0), 4) if rng.random() < 0.18}
    cells = connected(cells, (0, 0))
    while len(cells) > size:
        h = rng.choice(coast(cells))
        if distance(h, (0, 0)) < 3:  # bites come from the outer coast only
            continue
        rest = cells - {h}
        if len(connected(rest, next(iter(rest)))) == len(rest):
            cells = rest
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
    out = {t: [] for t in TERRAINS}
    for t, comp in clusters(kinds):
        if t in out:
            out[t].append(comp)
    return out


def make_island(index: int, quest_kind: str, rng: random.Random) -> Island | None:
    """One island, or None when this seed does not give a sound one (the caller retries)."""
    cells = blob(rng, rng.randint(30, 34))
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
        if len(strongholds) >= rng.choice([2, 3, 3, 4]):
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
    whites = {}
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
    two_step = index % 4 == 1
    if quest_kind == "fort":
        quest = Goal([GoalStep("fort", Effect(scrolls=3, loot=1), fort=fort)])
    elif quest_kind == "spaces":
        targets.sort(key=lambda h: distance(h, ship_a))
        if two_step:
            quest = Goal([GoalStep("spaces", Effect(scrolls=1), spaces=(targets[0],)),
                          GoalStep("spaces", Effect(scrolls=3), spaces=tuple(targets[1:]))])
        else:
            quest = Goal([GoalStep("spaces", Effect(scrolls=3, loot=1), spaces=tuple(targets))])
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
            reward = [Effect(scrolls=1, loot=1), Effect(scrolls=2), Effect(scrolls=1, any=1)][(index + k) % 3]
            missions.append(Goal([GoalStep("areas", reward, terrain=t, count=1)]))
    order = sorted(cells, key=lambda h: (h[1], h[0]))
    spaces = [Space(h, kinds[h], whites.get(h)) for h in order]
    name = ISLAND_NAMES[index]
    ident = name.lower().replace(" ", "-")
    return Island(id=ident, name=name, spaces=spaces, quest=quest, missions=missions, bridges=bridges,
                  forts=[fort] if fort else [], quest_steps=len(quest.steps) > 1,
                  description=f"Quest: {quest_kind}{' in two steps' if len(quest.steps) > 1 else ''}.")


def playable(island: Island) -> bool:
    """The engine compiles it, its pattern quests can be met, its missions have their areas."""
    from studio.model.rivages import RivagesError, RivagesRules
    from studio.rules.rivages.board import IslandMap

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


def islands() -> list[Island]:
    from studio.validate.rivages import rivages_findings

    out = []
    for index in range(25):
        kind = QUEST_KINDS[index % 3]
        seed = 7000 + index * 101
        while True:
            island = make_island(index, kind, random.Random(seed))
            seed += 1
            if island is not None and playable(island) and not rivages_findings(island):
                out.append(island)
                break
    return out


# --- trees -------------------------------------------------------------------------------------

def path_side(prefix: str, effects: list) -> TreeSide:
    nodes = {f"{prefix}{i + 1}": TreeNode(f"{prefix}{i + 1}", (0, -i), Effect(**e) if e else None)
             for i, e in enumerate(effects)}
    links = [(f"{prefix}{i}", f"{prefix}{i + 1}") for i in range(1, len(effects))]
    return TreeSide(f"{prefix}1", nodes, links)


def branching_side(trunk: list, branches: list[list]) -> TreeSide:
    """A trunk from the red-circled start, then three branches (left, up, right) from its top."""
    nodes, links = {}, []
    prev = None
    for i, e in enumerate(trunk):
        nid = f"t{i + 1}"
        nodes[nid] = TreeNode(nid, (0, -i), Effect(**e) if e else None)
        if prev:
            links.append((prev, nid))
        prev = nid
    top = (0, -(len(trunk) - 1))
    heads = [(-1, 0), (0, -1), (1, -1)]  # first step of each branch from the top of the trunk
    for b, (effects, (dq, dr)) in enumerate(zip(branches, heads)):
        last = prev
        q, r = top
        for i, e in enumerate(effects):
            q, r = (q + dq, r + dr) if i == 0 else (q, r - 1)
            nid = f"{'lur'[b]}{i + 1}"
            nodes[nid] = TreeNode(nid, (q, r), Effect(**e) if e else None)
            links.append((last, nid))
            last = nid
    return TreeSide("t1", nodes, links)


TREES = [
    ("banyan", "Banyan",
     [None, {"scrolls": 1}, {"loot": 1}, {"scrolls": 1}, {"any": 1}, {"scrolls": 1}, {"loot": 1}, {"scrolls": 2},
      {"scrolls": 3}],
     [None, {"scrolls": 1}],
     [[{"scrolls": 1}, {"scrolls": 1}, {"scrolls": 2}, {"scrolls": 3}],
      [{"loot": 1}, {"any": 1}, {"loot": 1}],
      [{"leap": 1}, {"area": "all"}, {"scrolls": 2}]]),
    ("baobab", "Baobab",
     [None, {"loot": 1}, {"scrolls": 1}, {"any": 1}, {"scrolls": 1}, {"loot": 1}, {"scrolls": 1}, {"area": "all"},
      {"scrolls": 3}],
     [None, {"loot": 1}],
     [[{"scrolls": 1}, {"scrolls": 1}, {"scrolls": 3}],
      [{"any": 1}, {"any": 1}, {"scrolls": 1}, {"scrolls": 2}],
      [{"loot": 1}, {"leap": 1}, {"loot": 1}]]),
    ("cypress", "Cypress",
     [None, {"scrolls": 1}, {"any": 1}, {"scrolls": 1}, {"loot": 1}, {"scrolls": 1}, {"any": 1}, {"scrolls": 2},
      {"scrolls": 2}],
     [None, {"any": 1}],
     [[{"scrolls": 1}, {"loot": 1}, {"scrolls": 2}],
      [{"scrolls": 1}, {"scrolls": 1}, {"scrolls": 1}, {"scrolls": 2}],
      [{"area": "all"}, {"any": 1}, {"scrolls": 1}]]),
    ("kapok", "Kapok",
     [None, {"scrolls": 1}, {"loot": 1}, {"leap": 1}, {"scrolls": 1}, {"any": 1}, {"scrolls": 1}, {"loot": 1},
      {"scrolls": 3}],
     [None, {"scrolls": 1}],
     [[{"leap": 1}, {"scrolls": 1}, {"leap": 1}, {"scrolls": 2}],
      [{"loot": 1}, {"loot": 1}, {"scrolls": 2}],
      [{"scrolls": 1}, {"any": 1}, {"scrolls": 2}]]),
    ("mangrove", "Mangrove",
     [None, {"any": 1}, {"scrolls": 1}, {"loot": 1}, {"scrolls": 1}, {"scrolls": 1}, {"area": "all"},
      {"scrolls": 2}, {"scrolls": 2}],
     [None, {"scrolls": 1}],
     [[{"any": 1}, {"scrolls": 1}, {"scrolls": 2}],
      [{"scrolls": 1}, {"loot": 1}, {"scrolls": 1}, {"scrolls": 2}],
      [{"loot": 1}, {"area": "all"}, {"scrolls": 1}]]),
]


def trees() -> list[Tree]:
    out = []
    for ident, name, side_a, trunk, branches in TREES:
        out.append(Tree(id=ident, name=f"{name} Tree of Wisdom", sides={
            "A": path_side("a", side_a), "B": branching_side(trunk, branches)}))
    return out


# --- cards, loot, solo --------------------------------------------------------------------------

ROW_SHAPES = [
    ("T", "U", "V"), ("T", "T", "U"), ("T", "U", "statue"), ("T", "U", "V", "W"), ("any", "T"),
    ("T", "T", "loot"), ("T", "U", "scroll"), ("T", "T", "U", "U"), ("statue", "T"), ("T", "any", "U"),
]
MARKERS = [2] * 14 + [3] * 7 + [4] * 7 + [5] * 8


def exploration_cards() -> list[Card]:
    """36 cards of three rows; each terrain appears about as often as the others, and each
    marker group is a fair sample of the row shapes."""
    rng = random.Random(3636)
    use = {t: 0 for t in TERRAINS}
    cards = []
    for i, marker in enumerate(MARKERS):
        rows = []
        shapes = rng.sample(ROW_SHAPES, 3)
        for shape in shapes:
            letters = sorted({s for s in shape if s in "TUVW"})
            picked = sorted(TERRAINS, key=lambda t: (use[t], rng.random()))[: len(letters)]
            rng.shuffle(picked)
            names = dict(zip(letters, picked))
            row = tuple(names.get(s, s) for s in shape)
            for s in row:
                if s in use:
                    use[s] += 1
            rows.append(row)
        cards.append(Card(f"x{i + 1:02d}", tuple(rows), marker))
    return cards


ENDGAME = [
    Card("end-1", (("any", "any", "any"), ("statue", "scroll"))),
    Card("end-2", (("forest", "dune", "cliff", "lagoon"), ("any", "loot"))),
    Card("end-3", (("statue", "statue"), ("scroll", "scroll", "scroll"))),
    Card("end-4", (("any", "any", "scroll"), ("forest", "cliff", "any"))),
    Card("end-5", (("loot", "any", "any"), ("dune", "lagoon", "statue"))),
]

LOOT = LootSet("rivages-loot", name="Loot tokens", tokens=[
    LootToken("purse", 6, Effect(scrolls=2), "Purse of coins"),
    LootToken("spyglass", 7, Effect(any=1), "Spyglass"),
    LootToken("idol", 6, Effect(statue=1), "Little idol"),
    LootToken("grapnel", 6, Effect(leap=1), "Grapnel"),
], description="25 tokens. Played once per turn at most; each unplayed token is worth 1 scroll at the end.")

SOLO = CardSet("rivages-solo-cards", name="Solo cards", solo=SoloCards(
    target=26, cards=8, removed=4, explorer={4: 2, 5: 2, 6: 3},
    challenges=[Challenge("treasure-hunter", "loot", 6, "Treasure hunter"),
                Challenge("devotee", "statues", 8, "Devotee"),
                Challenge("navigator", "islands", 5, "Navigator"),
                Challenge("surveyor", "areas", 2, "Surveyor"),
                Challenge("scholar", "scrolls", 4, "Scholar")]),
    description="Scroll target card, Solo Explorer card and the five challenge cards.")


def main() -> int:
    (BOARDS / "islands").mkdir(parents=True, exist_ok=True)
    (BOARDS / "trees").mkdir(parents=True, exist_ok=True)
    for old in list((BOARDS / "islands").glob("*.yaml")) + list((BOARDS / "trees").glob("*.yaml")):
        old.unlink()
    made = islands()
    for island in made:
        write(island, BOARDS / "islands" / f"{island.id}.yaml")
    for tree in trees():
        write(tree, BOARDS / "trees" / f"{tree.id}.yaml")
    write(CardSet("rivages-cards", exploration=exploration_cards(), endgame=ENDGAME, name="Exploration and Endgame cards"),
          BOARDS / "cards.yaml")
    write(LOOT, BOARDS / "loot.yaml")
    write(SOLO, BOARDS / "solo.yaml")
    common = dict(islands="../boards/rivages/islands/", trees="../boards/rivages/trees/",
                  cards="../boards/rivages/cards.yaml", loot="../boards/rivages/loot.yaml",
                  terrains=list(DEFAULT_TERRAINS), terrains_given=True)
    write(RivagesScenario(id="rivages", name="Rivages", side="A",
                          solo=SoloSettings("../boards/rivages/solo.yaml", "discovery", 0),
                          description="The base game for 1 to 5 players: Trees of Wisdom on side A; "
                                      "alone, the discovery solo game.", **common),
          ROOT / "scenarios" / "rivages.yaml")
    write(RivagesScenario(id="rivages-solo", name="Rivages, advanced solo", side="B",
                          solo=SoloSettings("../boards/rivages/solo.yaml", "advanced", 1), players=(1,),
                          description="The advanced solo game (one player only): a random Tree of Wisdom on "
                                      "side B and one random challenge card.", **common),
          ROOT / "scenarios" / "rivages-solo.yaml")
    kinds = {}
    for island in made:
        key = island.quest.steps[0].kind
        kinds[key] = kinds.get(key, 0) + 1
    print(f"wrote {len(made)} islands (quests: {kinds}), {len(TREES)} trees, 36 + 5 cards, 25 loot, solo cards, "
          "2 scenarios")
    return 0


if __name__ == "__main__":
    import argparse

    # no options; parsing them makes --help print this instead of rewriting the content
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
