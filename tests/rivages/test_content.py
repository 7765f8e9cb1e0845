"""The bundled Rivages content: counts and variety the rulebook and the brief ask for."""

from collections import Counter

import pytest

from studio.content import bundled_path
from studio.model.rivages import read_rivages
from studio.rules import load_game
from tests.rivages.conftest import bundled

SCENARIOS = [bundled_path("scenarios", "rivages.yaml"), bundled_path("scenarios", "rivages-solo.yaml")]


@pytest.fixture(scope="module")
def bundle():
    return bundled(SCENARIOS[0])


def test_components(bundle):
    assert len(bundle.islands) == 25 and len({i.id for i in bundle.islands}) == 25
    assert len(bundle.trees) == 5 and all(set(t.sides) == {"A", "B"} for t in bundle.trees)
    assert len(bundle.cards.exploration) == 36 and len(bundle.cards.endgame) == 5
    assert Counter(c.players for c in bundle.cards.exploration).keys() == {2, 3, 4, 5}
    assert bundle.loot.total() == 25
    solo = bundle.solo_cards
    assert (solo.target, solo.cards, solo.removed, solo.explorer) == (26, 8, 4, {4: 2, 5: 2, 6: 3})
    assert sorted(c.kind for c in solo.challenges) == ["areas", "islands", "loot", "scrolls", "statues"]


def test_islands_have_what_the_rules_need(bundle):
    kinds = Counter()
    two_steps = 0
    for island in bundle.islands:
        assert len(island.ships()) == 2
        found = Counter(s.kind for s in island.spaces)
        assert found["stronghold"] >= 1 and found["white"] >= 4 and island.bridges
        assert any(s.icon for s in island.spaces if s.kind == "white")
        assert len(island.missions) == 2
        kinds[island.quest.steps[0].kind] += 1
        if island.quest.steps[0].kind == "fort":
            assert island.forts == [island.quest.steps[0].fort]
        two_steps += any(len(g.steps) == 2 for _, g in island.goals())
    assert set(kinds) == {"fort", "spaces", "pattern"}
    assert two_steps >= 5


def test_tree_side_b_branches(bundle):
    for tree in bundle.trees:
        degrees = Counter(n for link in tree.sides["B"].links for n in link)
        assert max(degrees.values()) >= 3
        assert all(d <= 2 for d in Counter(n for link in tree.sides["A"].links for n in link).values())


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenarios_play_for_every_player_count(path):
    for players in range(1, 6):
        game = load_game(bundled(path), players, seed=players)
        state = game.new_state()
        assert len(state.players_state) == players and not state.is_terminal()


def test_load_game_reads_a_rivages_scenario_path():
    game = load_game(SCENARIOS[1], 1, seed=2)
    assert game.kind == "rivages" and game.mode == "advanced" and game.side == "B"
    assert game.scenario_path == str(SCENARIOS[1])
    assert read_rivages(SCENARIOS[0]).scenario.id == "rivages"
