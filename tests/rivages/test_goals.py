"""Rivages goals (RIV-G*): quests, exploration missions, areas and two-step goals."""

import pytest

from studio.content import parse_yaml
from studio.content.schemas import schema_findings
from studio.model.rivages import Card, Goal, RivagesRules
from studio.rules import IllegalAction
from studio.rules.rivages import Cross, PickSpace, PlayRow
from studio.rules.rivages.board import IslandMap
from tests.rivages.helpers import game, island, place, step_areas, step_fort, step_pattern, step_spaces, tiny

TERRAINS = ["forest", "dune", "cliff", "lagoon"]
ANY_ROWS = [Card(f"e{i:02d}", (("any", "any", "any"),) * 3, 2) for i in range(12)]


def two_forests(**kw):
    """Forest areas {(1,0),(2,0)} and {(4,0),(5,0)}, a white space between them."""
    kw.setdefault("missions", [Goal([step_areas("forest", 1, scrolls=2), step_areas("forest", 1, scrolls=3)]),
                               Goal([step_areas("forest", 2, scrolls=5)])])
    return island({0: (0, "S F F W F F"), 1: (-1, "D D X C C S")}, **kw)


def play_any(islands, crossed_hexes, **kw):
    g = game(2, islands=islands, exploration=ANY_ROWS, **kw)
    s = g.new_state()
    place(s, 0, islands[0].id, crossed=crossed_hexes, hand=["e00", "e01"])
    s.apply(PlayRow("e00"))
    return g, s


@pytest.mark.rule("RIV-G1")
def test_goals_count_only_on_the_island_being_explored():
    first = tiny("first", quest=Goal([step_spaces((3, 0), (4, 0), scrolls=3)]))
    second = tiny("second", quest=Goal([step_spaces((-1, 2), scrolls=1)]))
    g = game(2, islands=[first, second] + [tiny(f"x{i}") for i in range(4)], exploration=ANY_ROWS)
    s = g.new_state()
    p = place(s, 0, "second", crossed=[(0, 0), (1, 0), (2, 0)], hand=["e00", "e01"])
    p.past = [(0, 1 << g.maps[0].index[(0, 0)])]  # "first" is set aside
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))
    s.apply(Cross("any", (4, 0)))
    # "first"'s quest spaces are crossed on "second": no reward, "second"'s quest is not met
    assert p.scrolls == 0 and p.goal_done[0] == 0


@pytest.mark.rule("RIV-G2")
def test_a_reward_is_applied_before_anything_else():
    isle = tiny("isle", missions=[Goal([step_areas("forest", 1, any=1)]), Goal([step_areas("cliff", 1, scrolls=1)])])
    g, s = play_any([isle] + [tiny(f"x{i}") for i in range(4)], [(0, 0), (1, 0), (0, 1)])
    s.apply(Cross("any", (2, 0)))  # completes the forest area: a free cross comes first
    assert s.pending == [("any", 0)] and s.row == ["any", "any"]
    assert all(isinstance(a, PickSpace) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="RIV-G2"):
        s.apply(Cross("any", (3, 0)))
    s.apply(PickSpace((-1, 1)))
    assert s.pending == [] and s.players_state[0].goal_done[1:] == [1, 0]


@pytest.mark.rule("RIV-G3")
def test_an_island_has_one_quest_and_two_missions():
    m = IslandMap(tiny(), TERRAINS, RivagesRules())
    assert [name for name, _ in m.goals] == ["quest", "mission 1", "mission 2"]
    text = ("format: rivages-island/1\nid: x\nspaces: [{at: [0, 0], kind: ship}]\ngoals:\n"
            "  quest: {spaces: [[0, 0]], reward: {scrolls: 1}}\n  missions:\n"
            + "    - steps: [{areas: {terrain: forest, count: 1}, reward: {scrolls: 1}}]\n" * 3)
    doc = parse_yaml(text, "x.yaml")
    (f,) = schema_findings(doc.data, doc.source, doc.path)
    assert (f.code, f.line) == ("schema/length", 7)


@pytest.mark.rule("RIV-G4")
def test_an_area_is_two_or_more_adjacent_spaces_of_one_terrain():
    m = IslandMap(tiny(), TERRAINS, RivagesRules())
    areas = sorted((m.area_terrain[a], sorted(m.at[i] for i in range(m.n) if mask >> i & 1))
                   for a, mask in enumerate(m.areas))
    assert areas == [("cliff", [(2, 1), (3, 1)]), ("dune", [(-1, 1), (0, 1)]),
                     ("forest", [(1, 0), (2, 0)]), ("lagoon", [(-1, 2), (0, 2)])]
    # the lone dune (4, 0) is no area (its bridge leads to a ship)
    assert m.area_of[m.index[(4, 0)]] == -1


@pytest.mark.rule("RIV-G4")
def test_a_mission_needs_whole_areas_one_or_two():
    g, s = play_any([two_forests(id="two")] + [tiny(f"x{i}") for i in range(4)], [(0, 0)])
    p = s.players_state[0]
    s.apply(Cross("any", (1, 0)))
    assert p.scrolls == 0  # half an area is nothing
    s.apply(Cross("any", (2, 0)))
    assert p.scrolls == 2 and p.goal_done[1:] == [1, 0]  # first step of mission 1
    s2 = g.new_state()
    place(s2, 0, "two", crossed=[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], hand=["e00", "e01"])
    s2.players_state[0].goal_done[1] = 1
    s2.players_state[0].goal_used[1] = 1 << g.maps[0].area_of[g.maps[0].index[(1, 0)]]
    s2.apply(PlayRow("e00"))
    s2.apply(Cross("any", (5, 0)))  # the second forest area: step 2 of mission 1, and mission 2 (two areas)
    assert s2.players_state[0].goal_done[1:] == [2, 1]
    assert s2.players_state[0].scrolls == 3 + 5


@pytest.mark.rule("RIV-G5")
def test_fort_quest_needs_the_six_spaces_around_the_fort():
    fort_isle = island({0: (0, "S F F"), 1: (0, "D . C"), 2: (-1, "S L L W")}, forts=[(1, 1)],
                       quest=Goal([step_fort((1, 1), scrolls=4)]), id="fort")
    g, s = play_any([fort_isle] + [tiny(f"x{i}") for i in range(4)],
                    [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)])
    p = s.players_state[0]
    s.apply(Cross("any", (2, 1)))
    assert p.scrolls == 0
    s.apply(Cross("any", (1, 2)))
    assert p.scrolls == 4 and p.goal_done[0] == 1


@pytest.mark.rule("RIV-G5")
def test_spaces_quest_needs_every_listed_space():
    isle = tiny("isle", quest=Goal([step_spaces((3, 0), (4, 0), scrolls=3)]))
    g, s = play_any([isle] + [tiny(f"x{i}") for i in range(4)], [(0, 0), (1, 0), (2, 0)])
    p = s.players_state[0]
    s.apply(Cross("any", (3, 0)))
    assert p.goal_done[0] == 0 and p.scrolls == 0
    s.apply(Cross("any", (4, 0)))
    assert p.goal_done[0] == 1 and p.scrolls == 3


@pytest.mark.rule("RIV-G5")
def test_pattern_quest_reads_a_row_left_to_right():
    def pattern_island(kinds, id):
        return island({0: (0, "S F W C S"), 1: (0, "D D D")}, quest=Goal([step_pattern(*kinds, scrolls=2)]), id=id)
    right = pattern_island(("forest", "white", "cliff"), "right")
    g, s = play_any([right] + [tiny(f"x{i}") for i in range(4)], [(0, 0)])
    p = s.players_state[0]
    s.apply(Cross("any", (1, 0)))
    s.apply(Cross("any", (2, 0)))
    assert p.scrolls == 0
    s.apply(Cross("any", (3, 0)))
    assert p.scrolls == 2 and p.goal_done[0] == 1
    backwards = pattern_island(("cliff", "white", "forest"), "back")
    assert IslandMap(backwards, TERRAINS, RivagesRules()).goals[0][1][0].candidates == ()
    # the scenario may accept a straight line read either way
    assert len(IslandMap(backwards, TERRAINS, RivagesRules(pattern="line")).goals[0][1][0].candidates) == 1


@pytest.mark.rule("RIV-G6")
def test_two_steps_top_first_and_what_met_the_first_does_not_count_again():
    g, s = play_any([two_forests(id="two")] + [tiny(f"x{i}") for i in range(4)], [(0, 0), (1, 0)])
    p = s.players_state[0]
    s.apply(Cross("any", (2, 0)))
    # one forest area is done: the top step takes it; the bottom step needs another area
    assert p.goal_done[1:] == [1, 0] and p.scrolls == 2
    s.apply(Cross("any", (3, 0)))
    s.apply(Cross("any", (4, 0)))
    assert p.goal_done[1:] == [1, 0] and p.scrolls == 2


@pytest.mark.rule("RIV-G6")
def test_a_two_step_quest_of_spaces():
    isle = tiny("isle", quest=Goal([step_spaces((1, 0), scrolls=1), step_spaces((2, 0), scrolls=2)]))
    g, s = play_any([isle] + [tiny(f"x{i}") for i in range(4)], [(0, 0)])
    p = s.players_state[0]
    s.apply(Cross("any", (0, 1)))
    s.apply(Cross("any", (1, 0)))
    assert p.goal_done[0] == 1 and p.scrolls == 1
    s.apply(Cross("any", (2, 0)))
    assert p.goal_done[0] == 2 and p.scrolls == 1 + 2 + 2  # step 2 (+2), and the forest area completes both default missions (+1 each)


@pytest.mark.rule("RIV-G6")
def test_the_log_says_which_step_of_a_two_step_goal_was_met():
    g, s = play_any([two_forests(id="two")] + [tiny(f"x{i}") for i in range(4)], [(0, 0), (1, 0)])
    s.apply(Cross("any", (2, 0)))
    met = [line for line in s.log if " completes " in line]
    # the two-step mission 1 met its first step only; a one-step goal names no step
    assert any(", step 1 of 2: 1 whole forest area" in line for line in met), met
    assert not any("step 2 of 2" in line for line in met)
    assert all("step" not in line.split(" completes ", 1)[1].split(":")[0] for line in met
               if "step 1 of 2" not in line)
