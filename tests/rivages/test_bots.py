"""Bots on Rivages: random and greedy play whole games from their observations only."""

import random

import pytest

from studio.bots import make_bot
from studio.content import bundled_path
from studio.rules import load_game
from tests.rivages.conftest import bundled

SCENARIO = bundled_path("scenarios", "rivages.yaml")


def play(game, names, seed):
    state = game.new_state(seed)
    rng = random.Random(seed)
    bots = [make_bot(n) for n in names]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    return state


@pytest.mark.parametrize("players", [1, 2, 5])
def test_random_and_greedy_finish_games(players):
    game = load_game(bundled(SCENARIO), players, seed=0)
    for names in (["random"] * players, ["greedy"] * players):
        state = play(game, names, seed=players)
        assert state.is_terminal() and state.legal_actions() == []


def test_greedy_beats_random():
    game = load_game(bundled(SCENARIO), 2, seed=0)
    wins = 0
    for seed in range(4):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = play(game, names, seed)
        wins += names.index("greedy") in state.winners()
    assert wins == 4


def test_a_sampled_state_looks_the_same_to_the_mover():
    game = load_game(bundled(SCENARIO), 3, seed=0)
    state = game.new_state(5)
    rng = random.Random(5)
    for _ in range(60):
        seat = state.current_player
        obs = state.observation(seat)
        sampled = game.sample_state(obs, random.Random(1))
        assert sampled.observation(seat) == obs
        state.apply(rng.choice(state.legal_actions()))


def test_stats_for_playtest_reports():
    game = load_game(bundled(SCENARIO), 3, seed=0)
    state = play(game, ["greedy"] * 3, seed=2)
    stats = state.stats()
    assert len(stats) == 3
    for seat, st in enumerate(stats):
        assert st["scrolls"] + st["loot"] + st["bonus"] == state.scores()[seat]
        assert st["islands"] == state.islands_visited(seat) and st["crossed"] >= st["islands"]
        assert st["goal_steps"] == sum(1 for c in state.completions if c[0] == seat)
    assert all(c[1] in {m.id for m in game.maps} and c[2] in ("quest", "mission 1", "mission 2")
               for c in state.completions)
