"""Small Rivages content built in memory, and ways to put a state exactly where a test needs it.

``island(rows, ...)`` takes rows of one-letter codes keyed by ``r``, each with the ``q`` of its
first hex: ``{0: (0, "S F F W D")}`` puts a ship at (0, 0), forests at (1, 0) and (2, 0), ...
Codes: S ship, F forest, D dune, C cliff, L lagoon, X stronghold, W white, ``.`` no space.
"""

from __future__ import annotations

from studio.model.rivages import (
    Card,
    CardSet,
    Challenge,
    Effect,
    Goal,
    GoalStep,
    Island,
    LootSet,
    LootToken,
    Rivages,
    RivagesRules,
    RivagesScenario,
    SoloCards,
    SoloSettings,
    Space,
    Tree,
    TreeNode,
    TreeSide,
)
from studio.rules.rivages.game import RivagesGame

CODES = {"S": "ship", "F": "forest", "D": "dune", "C": "cliff", "L": "lagoon", "X": "stronghold", "W": "white"}


def island(rows, icons=None, bridges=(), forts=(), quest=None, missions=None, id="isle"):
    icons = icons or {}
    spaces = []
    for r, (q0, text) in sorted(rows.items()):
        for k, code in enumerate(text.split()):
            if code == ".":
                continue
            at = (q0 + k, r)
            spaces.append(Space(at, CODES[code], icons.get(at)))
    quest = quest or Goal([GoalStep("spaces", Effect(scrolls=1), spaces=(spaces[0].at,))])
    if missions is None:
        missions = [Goal([step_areas("forest", 1, scrolls=1)]), Goal([step_areas("forest", 1, scrolls=1)])]
    return Island(id=id, spaces=spaces, quest=quest, missions=missions, bridges=list(bridges), forts=list(forts))


def step_areas(terrain, count, **reward):
    return GoalStep("areas", Effect(**reward), terrain=terrain, count=count)


def step_spaces(*spaces, **reward):
    return GoalStep("spaces", Effect(**reward), spaces=tuple(spaces))


def step_fort(at, **reward):
    return GoalStep("fort", Effect(**reward), fort=at)


def step_pattern(*kinds, **reward):
    return GoalStep("pattern", Effect(**reward), pattern=tuple(kinds))


# the island most tests use (see tests/data/rivages/valid/islands/tiny-a.yaml for a drawing)
#   r=0:  S(0,0) F(1,0) F(2,0) W(3,0)* D(4,0)
#   r=1:  D(-1,1) D(0,1) X(1,1) C(2,1) C(3,1)
#   r=2:  L(-1,2) L(0,2) W(1,2)+ S(2,2)
# * statue icon, + loot icon; a bridge joins (4,0) and (2,2)
def tiny(id="tiny", icons=None, **kw):
    base_icons = {(3, 0): Effect(statue=1), (1, 2): Effect(loot=1)}
    base_icons.update(icons or {})
    return island({0: (0, "S F F W D"), 1: (-1, "D D X C C"), 2: (-1, "L L W S")}, icons=base_icons,
                  bridges=kw.pop("bridges", [((4, 0), (2, 2))]), id=id, **kw)


def tree(id="oak", a_effects=None, b=None):
    """Side A: a path a1-a2-...; side B by default b1 branching to b2 and b3, b3 to b4."""
    a_effects = a_effects if a_effects is not None else [None, Effect(scrolls=1), Effect(loot=1), Effect(scrolls=3)]
    nodes = {f"a{i + 1}": TreeNode(f"a{i + 1}", (0, -i), e) for i, e in enumerate(a_effects)}
    links = [(f"a{i}", f"a{i + 1}") for i in range(1, len(a_effects))]
    side_a = TreeSide("a1", nodes, links)
    if b is None:
        b = TreeSide("b1", {"b1": TreeNode("b1", (0, 0)), "b2": TreeNode("b2", (-1, -1), Effect(scrolls=2)),
                            "b3": TreeNode("b3", (1, -1), Effect(any=1)), "b4": TreeNode("b4", (1, -2), Effect(scrolls=3))},
                     [("b1", "b2"), ("b1", "b3"), ("b3", "b4")])
    return Tree(id=id, sides={"A": side_a, "B": b})


def cards(n=12, rows=((("forest", "dune"), ("cliff", "lagoon"), ("any",))), players=2, prefix="e"):
    return [Card(f"{prefix}{i:02d}", tuple(tuple(r) for r in rows), players) for i in range(n)]


LOOT = LootSet("loot", [LootToken("purse", 3, Effect(scrolls=2)), LootToken("spyglass", 2, Effect(any=1))])
SOLO = SoloCards(target=26, cards=8, removed=4, explorer={4: 2, 5: 2, 6: 3}, challenges=[
    Challenge("hoard", "loot", 6), Challenge("climb", "statues", 8), Challenge("roam", "islands", 5),
    Challenge("map", "areas", 2), Challenge("study", "scrolls", 4)])


def content(islands=None, trees=None, exploration=None, endgame=None, loot=None, side="A", rules=None,
            solo_mode="discovery", challenges=0, great_explorer=None):
    islands = islands or [tiny(f"isle{i}") for i in range(8)]
    trees = trees or [tree(f"tree{i}") for i in range(5)]
    exploration = exploration if exploration is not None else cards(12)
    endgame = endgame if endgame is not None else [Card("end1", (("any", "any"),)), Card("end2", (("statue",),))]
    sc = RivagesScenario(id="test", name="Test", islands=[], trees=[], cards="c.yaml", loot="l.yaml", side=side,
                         rules=rules or RivagesRules(),
                         solo=SoloSettings("c.yaml", solo_mode, challenges))
    if great_explorer:
        sc.great_explorer.update(great_explorer)
    return Rivages(sc, islands, trees, CardSet("cards", exploration, endgame, SOLO), loot or LOOT, SOLO)


def game(players=2, seed=1, **kw) -> RivagesGame:
    return RivagesGame(content(**kw), players, seed)


def place(state, seat, island_id=None, crossed=(), hand=None, used=None, loot=(), tree_crossed=()):
    """Put ``seat`` on an island (by id) with the given hexes crossed, cards (ids) in hand, rows
    used per card id, Loot token kinds held and tree nodes crossed. Goal steps the crosses
    already meet count as done (their rewards are not given). Other fields stay."""
    game = state.game
    p = state.players_state[seat]
    if island_id is not None:
        p.island = next(i for i, m in enumerate(game.maps) if m.id == island_id)
        m = game.maps[p.island]
        p.goal_done = [0] * len(m.goals)
        p.goal_used = [0] * len(m.goals)
    m = game.maps[p.island]
    p.crossed = p.reach = p.areas_done = 0
    p.areas_order = []
    for h in crossed:
        i = m.index[h]
        p.crossed |= 1 << i
        p.reach |= m.nbr[i]
    for a, mask in enumerate(m.areas):
        if not mask & ~p.crossed:
            p.areas_done |= 1 << a
            p.areas_order.append(a)
    p.needs_start = not crossed
    state._check_goals(p, m, [])  # goals already met by the placed crosses: done, rewards long taken
    if hand is not None:
        p.hand = [game.card_index[c] for c in hand]
    for cid, u in (used or {}).items():
        state.card_used[game.card_index[cid]] = u
    if loot:
        p.loot = []
        for kind in loot:
            tok = next(t for t in state.bag if game.tokens[t] == kind)
            state.bag.remove(tok)
            p.loot.append(tok)
    tree = game.trees[p.tree]
    for node in tree_crossed:
        i = tree.index[node]
        p.tree_crossed |= 1 << i
        p.tree_reach |= tree.nbr[i]
    if state.seat == seat and state.phase in ("start", "choose"):
        state.phase = "start" if p.needs_start else "choose"
    state.round_start = [q.copy() for q in state.players_state]
    return p


def crossed(state, seat):
    """Sorted hexes ``seat`` has crossed on its current island."""
    m = state.island_map(seat)
    p = state.players_state[seat]
    return sorted(m.at[i] for i in range(m.n) if p.crossed >> i & 1)
