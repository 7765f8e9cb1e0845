"""The Rivages seat view (``state.seat_view(seat)``) against the plain observation path, on
the positions of greedy and random games of 1 to 5 players (see tests/rivages/test_preview.py):

* ``view.visible_state()``, read from the state in place, is ``game.visible_state`` of the
  seat's observation, snapshot for snapshot, and shows nothing the seat cannot see;
* the greedy bot deciding from the view (``decide``) makes the same values, draws and action
  as from the observation (``act``), and leaves the state as it was;
* the play loop, which hands bots views, plays the same games as a loop handing observations.
"""

import random
from itertools import islice

import pytest

from studio.bots import make_bot
from studio.bots.base import Bot
from studio.bots.rivages import RivagesGreedyBot
from studio.content import bundled_path
from studio.playtest.runner import play_game
from studio.rules import load_game
from studio.rules.api import SeatView
from tests.rivages.test_preview import CASES, positions

BOT = RivagesGreedyBot()


def check_view(state, rng) -> None:
    game = state.game
    seat = state.current_player
    before = state.snapshot()
    for who in range(game.players):  # the seat to move reads in place, the others through the observation
        view = state.seat_view(who)
        obs = state.observation(who)
        assert view.observation() == obs and view.observation() is view.observation()
        fast = view.visible_state()
        assert fast.snapshot() == game.visible_state(obs).snapshot(), who
        if who == seat:
            assert set(fast.deck + fast.bag + fast.pile + fast.discard + fast.loot_discard) <= {-1}
            for q, p in enumerate(fast.players_state):
                if q != seat:
                    assert p.hand == [] and p.loot == []
    legal = state.legal_actions()
    draw = rng.random()
    a, b = random.Random(draw), random.Random(draw)
    assert BOT.decide(state.seat_view(seat), legal, a) == BOT.act(game, state.observation(seat), legal, b)
    assert a.random() == b.random()  # the same numbers drawn
    assert state.snapshot() == before, "a seat view or a decision from it changed the state"


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_seat_view_reads_as_the_observation(scenario, players):
    checked = 0
    for state, rng in islice(positions(scenario, players, games=1, seed=130 + players), 0, None, 2):
        check_view(state, rng)
        checked += 1
    assert checked > 20


class _ByObservation(Bot):
    """A bot handed the observation, as before seat views: ``act`` of the wrapped bot."""

    def __init__(self, bot):
        self.bot = bot
        self.name = bot.name

    def act(self, game, observation, legal_actions, rng):
        return self.bot.act(game, observation, legal_actions, rng)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_play_loop_with_views_plays_the_games_of_observations(players):
    path = bundled_path("scenarios", "rivages-solo.yaml" if players == 1 else "rivages.yaml")
    game = load_game(path, players, seed=0)
    for seed in (7, 8):
        fast = play_game(game, [make_bot("greedy") for _ in range(players)], seed)
        plain = play_game(game, [_ByObservation(make_bot("greedy")) for _ in range(players)], seed)
        assert (fast.scores, fast.actions, fast.seat_stats, fast.completions) == \
            (plain.scores, plain.actions, plain.seat_stats, plain.completions)


def test_a_generic_view_builds_the_observation_once_when_read():
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, seed=0)
    state = game.new_state(3)
    view = state.seat_view(0)
    assert type(view) is SeatView and view.game is game and view.seat == 0
    assert view._observation is None  # nothing built until a bot reads it
    assert view.observation() == state.observation(0) and view.observation() is view.observation()


def test_a_bot_with_only_act_gets_the_observation():
    class ActOnly:  # the least a bot is (studio.bots): a name and ``act``
        name = "act-only"

        def __init__(self):
            self.seen = []

        def act(self, game, observation, legal_actions, rng):
            self.seen.append(observation)
            return legal_actions[0]

    game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, seed=0)
    bots = [ActOnly(), ActOnly()]
    result = play_game(game, bots, 3)
    assert result.actions == len(bots[0].seen) + len(bots[1].seen)
    assert all(isinstance(obs, dict) and "hand" in obs["explorers"][obs["seat"]] for obs in bots[0].seen)
