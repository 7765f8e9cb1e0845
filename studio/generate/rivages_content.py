"""The bundled Rivages content besides the islands: 5 Trees of Wisdom (sides A and B), 36
Exploration and 5 Endgame cards, 25 Loot tokens, the solo cards, and the two scenarios
(``rivages.yaml`` for 1 to 5 players, ``rivages-solo.yaml`` for the advanced solo game). This
project's own designs, as data (RIV-S1 to RIV-S9 say what each piece does);
:func:`write_bundled` writes them with the islands of
:func:`studio.generate.islands.bundled_islands`.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from studio.generate.islands import TERRAINS, bundled_islands
from studio.model import io
from studio.model.rivages import (
    DEFAULT_TERRAINS,
    Card,
    CardSet,
    Challenge,
    Effect,
    LootSet,
    LootToken,
    RivagesScenario,
    SoloCards,
    SoloSettings,
    Tree,
    TreeNode,
    TreeSide,
)


def write(obj, path) -> None:
    """Save ``obj`` over ``path``, keeping the comments and layout of the file there."""
    io.write(obj, path, origin=path)


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
            links.append((str(last), nid))
            last = nid
    return TreeSide("t1", nodes, links)


TREES: list[tuple[Any, ...]] = [
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


def write_bundled(root: Path) -> str:
    """Write the bundled Rivages content under ``root`` (``boards/rivages/`` and ``scenarios/``),
    replacing the islands and trees there; returns a one-line summary."""
    boards = root / "boards" / "rivages"
    (boards / "islands").mkdir(parents=True, exist_ok=True)
    (boards / "trees").mkdir(parents=True, exist_ok=True)
    for old in list((boards / "islands").glob("*.yaml")) + list((boards / "trees").glob("*.yaml")):
        old.unlink()
    made = bundled_islands()
    for island in made:
        write(island, boards / "islands" / f"{island.id}.yaml")
    for tree in trees():
        write(tree, boards / "trees" / f"{tree.id}.yaml")
    write(CardSet("rivages-cards", exploration=exploration_cards(), endgame=ENDGAME, name="Exploration and Endgame cards"),
          boards / "cards.yaml")
    write(LOOT, boards / "loot.yaml")
    write(SOLO, boards / "solo.yaml")
    common: dict[str, Any] = dict(islands="../boards/rivages/islands/", trees="../boards/rivages/trees/",
                  cards="../boards/rivages/cards.yaml", loot="../boards/rivages/loot.yaml",
                  terrains=list(DEFAULT_TERRAINS), terrains_given=True)
    write(RivagesScenario(id="rivages", name="Rivages", side="A",
                          solo=SoloSettings("../boards/rivages/solo.yaml", "discovery", 0),
                          description="The base game for 1 to 5 players: Trees of Wisdom on side A; "
                                      "alone, the discovery solo game.", **common),
          root / "scenarios" / "rivages.yaml")
    write(RivagesScenario(id="rivages-solo", name="Rivages, advanced solo", side="B",
                          solo=SoloSettings("../boards/rivages/solo.yaml", "advanced", 1), players=(1,),
                          description="The advanced solo game (one player only): a random Tree of Wisdom on "
                                      "side B and one random challenge card.", **common),
          root / "scenarios" / "rivages-solo.yaml")
    kinds: dict[str, int] = {}
    for island in made:
        key = island.quest.steps[0].kind
        kinds[key] = kinds.get(key, 0) + 1
    return (f"wrote {len(made)} islands (quests: {kinds}), {len(TREES)} trees, 36 + 5 cards, 25 loot, solo cards, "
            "2 scenarios")
