"""Goal feasibility and the fewest crosses (studio.validate.island_goals): hand-built islands
with known answers, and a brute-force cross-check on small random islands."""

from __future__ import annotations

import itertools
import random

import pytest

from studio.geometry.hex import neighbours, within
from studio.model.rivages import Effect, Goal, GoalStep, Island, RivagesRules, Space
from studio.validate.island_goals import check_goal, check_goals, island_areas

R = Effect(scrolls=1)


def island(kinds: dict, quest: list[GoalStep], missions=None, bridges=(), forts=()) -> Island:
    missions = missions or [Goal([GoalStep("areas", R, terrain="forest", count=1)])] * 2
    return Island("t", [Space(h, k) for h, k in kinds.items()], Goal(quest), list(missions),
                  bridges=list(bridges), forts=list(forts))


def line(n: int, kinds: list[str]) -> dict:
    return {(q, 0): k for q, k in zip(range(n), kinds)}


@pytest.mark.rule("RIV-T5", "RIV-S7")
def test_spaces_quest_counts_the_path_from_the_nearest_ship():
    kinds = line(6, ["ship", "forest", "dune", "cliff", "lagoon", "ship"])
    isl = island(kinds, [GoalStep("spaces", R, spaces=((3, 0),))])
    quest = check_goals(isl)[0]
    # from the right ship: (4,0) then (3,0)
    assert quest.achievable and quest.crosses == 2 and quest.spaces == {(3, 0)}


@pytest.mark.rule("RIV-T6", "RIV-G5")
def test_a_stronghold_wall_makes_a_goal_unachievable():
    kinds = line(5, ["ship", "stronghold", "forest", "stronghold", "ship"])
    isl = island(kinds, [GoalStep("spaces", R, spaces=((2, 0),))])
    quest = check_goals(isl)[0]
    assert not quest.achievable and quest.crosses is None
    # worded as clearly as the Validation panel: which goal, which spaces, why
    assert quest.problem == "the quest needs [2, 0], which no ship can reach without crossing a stronghold"
    assert quest.summary() == "not achievable: " + quest.problem
    isl.spaces[2].kind = "stronghold"
    assert check_goals(isl)[0].problem == "the quest names [2, 0], a stronghold, which can never be crossed"


@pytest.mark.rule("RIV-T8")
def test_a_bridge_is_a_short_cut():
    kinds = line(7, ["ship", "forest", "dune", "cliff", "lagoon", "dune", "forest"])
    kinds[(0, 1)] = "ship"
    quest = [GoalStep("spaces", R, spaces=((6, 0),))]
    assert check_goals(island(kinds, quest))[0].crosses == 6
    assert check_goals(island(kinds, quest, bridges=[((1, 0), (5, 0))]))[0].crosses == 3


@pytest.mark.rule("RIV-G5")
def test_fort_needs_its_six_neighbours():
    kinds = {h: "forest" for h in within((0, 0), 2) if h != (0, 0)}
    kinds[(2, 0)] = "ship"
    kinds[(-2, 0)] = "ship"
    isl = island(kinds, [GoalStep("fort", R, fort=(0, 0))], forts=[(0, 0)])
    assert check_goals(isl)[0].crosses == 6
    kinds[(1, 0)] = "stronghold"
    isl = island(kinds, [GoalStep("fort", R, fort=(0, 0))], forts=[(0, 0)])
    assert check_goals(isl)[0].problem == "the fort at [0, 0] needs 6 crossable neighbours; [1, 0] is a stronghold"


@pytest.mark.rule("RIV-G4", "RIV-G6")
def test_two_step_mission_needs_two_different_areas():
    kinds = line(8, ["ship", "forest", "forest", "dune", "forest", "forest", "forest", "ship"])
    one = GoalStep("areas", R, terrain="forest", count=1)
    isl = island(kinds, [GoalStep("spaces", R, spaces=((3, 0),))], missions=[Goal([one, one]), Goal([one])])
    assert [(a.terrain, a.size) for a in island_areas(isl)] == [("forest", 3), ("forest", 2)]
    first, second = check_goals(isl)[1:]
    assert second.crosses == 2                      # the 2-area next to the left ship
    assert first.step_crosses == [2, 6]             # both areas: 2 + 3 and the dune between
    kinds[(5, 0)] = "dune"                          # now only the left area is 2+ forests...
    kinds[(6, 0)] = "dune"
    isl = island(kinds, [GoalStep("spaces", R, spaces=((3, 0),))], missions=[Goal([one, one]), Goal([one])])
    res = check_goals(isl)[1]
    assert not res.achievable and res.step_crosses == [2, None]
    assert res.problem == "the second step has no spaces left apart from the first step's"


@pytest.mark.rule("RIV-G5")
def test_pattern_takes_the_cheapest_row():
    kinds = line(7, ["ship", "forest", "dune", "cliff", "forest", "dune", "ship"])
    kinds[(3, 1)] = "cliff"
    step = GoalStep("pattern", R, pattern=("forest", "dune"))
    res = check_goal(island(kinds, [step]), "quest", [step])
    assert res.crosses == 2 and res.spaces in ({(1, 0), (2, 0)}, {(4, 0), (5, 0)})
    line_rule = RivagesRules(pattern="line")
    back = GoalStep("pattern", R, pattern=("dune", "forest"))   # only read right-to-left
    assert check_goal(island(kinds, [back]), "quest", [back]).crosses is None
    assert check_goal(island(kinds, [back]), "quest", [back], line_rule).crosses == 2


def _brute(isl: Island, need: set) -> int | None:
    kind = {s.at: s.kind for s in isl.spaces}
    ships = [s.at for s in isl.spaces if s.kind == "ship"]
    best = None
    for start, other in ((ships[0], ships[1]), (ships[1], ships[0])):
        usable = [h for h, k in kind.items() if k != "stronghold" and h != start and (h != other or h in need)]
        for n in range(len(usable) + 1):
            if best is not None and n >= best:
                break
            for extra in itertools.combinations(usable, n):
                s = {start, *extra}
                if not need <= s:
                    continue
                seen, todo = {start}, [start]
                while todo:
                    h = todo.pop()
                    for g in neighbours(h):
                        if g in s and g not in seen:
                            seen.add(g)
                            todo.append(g)
                if seen == s:
                    best = n
                    break
    return best


@pytest.mark.parametrize("seed", range(12))
def test_fewest_crosses_match_a_brute_force_search(seed):
    rng = random.Random(seed)
    hexes = list(within((0, 0), 2))[:12]
    kinds = {h: rng.choice(["forest", "dune", "stronghold", "white", "forest"]) for h in hexes}
    a, b = rng.sample(hexes, 2)
    kinds[a], kinds[b] = "ship", "ship"
    targets = [h for h in hexes if kinds[h] not in ("stronghold",)]
    need = set(rng.sample(targets, min(3, len(targets))))
    isl = island(kinds, [GoalStep("spaces", R, spaces=tuple(sorted(need)))])
    got = check_goals(isl)[0]
    assert got.crosses == _brute(isl, need)


def _connected(hexes: frozenset, bridges=()) -> bool:
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    links = {h: set(neighbours(h)) for h in hexes}
    for a, b in bridges:
        links.get(a, set()).add(b)
        links.get(b, set()).add(a)
    while todo:
        h = todo.pop()
        for g in links[h]:
            if g in hexes and g not in seen:
                seen.add(g)
                todo.append(g)
    return seen == set(hexes)


@pytest.mark.parametrize("seed", range(12))
def test_the_route_is_a_cheapest_way_from_a_ship(seed):
    """What "Show" lights: a connected set of spaces holding a ship and the goal's spaces, whose
    size less the starting ship is the fewest crosses (checked against the brute force)."""
    rng = random.Random(seed)
    hexes = list(within((0, 0), 2))[:12]
    kinds = {h: rng.choice(["forest", "dune", "stronghold", "white", "forest"]) for h in hexes}
    a, b = rng.sample(hexes, 2)
    kinds[a], kinds[b] = "ship", "ship"
    targets = [h for h in hexes if kinds[h] not in ("stronghold",)]
    need = set(rng.sample(targets, min(3, len(targets))))
    isl = island(kinds, [GoalStep("spaces", R, spaces=tuple(sorted(need)))])
    got = check_goals(isl)[0]
    if got.crosses is None:
        assert got.route == frozenset()
        return
    route = got.route
    assert need <= route and {a, b} & route
    assert all(kinds[h] != "stronghold" for h in route)
    assert _connected(route)
    assert len(route) - 1 == got.crosses == _brute(isl, need)


def test_the_route_uses_a_bridge_and_shows_the_way_between():
    kinds = line(7, ["ship", "forest", "dune", "cliff", "lagoon", "dune", "forest"])
    kinds[(0, 1)] = "ship"
    quest = [GoalStep("spaces", R, spaces=((6, 0),))]
    got = check_goals(island(kinds, quest, bridges=[((1, 0), (5, 0))]))[0]
    assert got.route == {(0, 0), (1, 0), (5, 0), (6, 0)} and got.crosses == 3
    assert got.spaces == {(6, 0)}
