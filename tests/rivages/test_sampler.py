"""The samplers (states dealt from one observation, read once) against ``sample_state``.

The Rivages sampler (states dealt from one observation, read once) against the plain
reading of the observation (``state_from_observation_plain``), on positions of 1 to 5 players
and solo: the same generator gives the same states and leaves the generator in the same state,
a sampler reused after its states were played on gives what a fresh one gives, and the
written-out shuffle is ``random.shuffle``. Rule the Realm's sampler (``RealmSampler``) against
``RealmState.from_observation`` likewise."""

import random

import pytest

from studio.content import bundled_path
from studio.rules import load_game, shuffle
from studio.rules.rivages import observe
from tests.rivages.test_preview import CASES, positions


@pytest.mark.parametrize("scenario,players", CASES)
def test_sampled_states_are_the_plain_reading_s(scenario, players):
    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=300)):
        if k % 4:
            continue
        seat = state.current_player
        obs = state.observation(seat)
        sample = state.game.sampler(obs)
        for draw in range(3):
            fast, plain = random.Random(draw), random.Random(draw)
            got = sample(fast)
            want = observe.state_from_observation_plain(state.game, obs, plain)
            assert got.snapshot() == want.snapshot()
            assert [p.snapshot() for p in got.round_start] == [p.snapshot() for p in want.round_start]
            assert fast.random() == plain.random()  # the same draws
            play = random.Random(draw)  # playing on it leaves the sampler's reading alone
            for _ in range(6):
                if got.is_terminal():
                    break
                got.apply(play.choice(got.legal_actions()))
        checked += 1
    assert checked >= 5


def test_written_out_shuffle_is_random_shuffle():
    assert shuffle.INLINE_OK
    for size in (0, 1, 2, 3, 5, 31, 32, 33, 100, 1000):
        one, two = random.Random(size), random.Random(size)
        a, b = list(range(size)), list(range(size))
        one.shuffle(a)
        shuffle.shuffle_inline(two, b)
        assert a == b and one.getstate() == two.getstate()


def test_a_random_subclass_shuffles_its_own_way():
    class Counted(random.Random):
        pass

    assert shuffle.shuffler(Counted(1)) is shuffle.shuffle_plain
    assert shuffle.shuffler(random.Random(1)) is shuffle.shuffle_inline


@pytest.mark.parametrize("scenario", ["jungle-temples.yaml", "cursed-triangle.yaml"])
def test_realm_sampler_is_sample_state(scenario):
    game = load_game(bundled_path("scenarios", scenario), 3, seed=4)
    state = game.new_state()
    rng = random.Random(4)
    for ply in range(40):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        if ply % 8:
            continue
        obs = state.observation(state.current_player)
        sample = game.sampler(obs)
        for draw in range(3):
            fast, plain = random.Random(draw), random.Random(draw)
            got = sample(fast)
            assert got.snapshot() == game.sample_state(obs, plain).snapshot()
            assert fast.random() == plain.random()
            got.apply(random.Random(draw).choice(got.legal_actions()))  # the sampler's reading stays


@pytest.mark.parametrize("seed", range(6))
def test_a_deal_shuffles_as_consecutive_random_shuffles(seed):
    sizes = random.Random(seed).choices([0, 1, 2, 3, 5, 17, 32, 33, 64, 129], k=6)
    plain, fast = random.Random(seed), random.Random(seed)
    want = [list(range(n)) for n in sizes]
    for items in want:
        plain.shuffle(items)
    deal = shuffle.Deal(fast, sizes)
    got = [list(range(n)) for n in sizes]
    for items in got:
        deal.shuffle(items)
    assert got == want and fast.getstate() == plain.getstate()


def test_a_deal_with_a_random_subclass_is_its_own_shuffle():
    class Counted(random.Random):
        def getrandbits(self, k):
            return 0

    deal = shuffle.Deal(Counted(1), [4])
    assert shuffle.DEAL_OK and deal.words is None
    items = [1, 2, 3, 4]
    deal.shuffle(items)
    assert items == [2, 3, 4, 1]  # random.shuffle drawing 0 every time


@pytest.mark.parametrize("scenario,players", CASES)
def test_states_dealt_share_the_samplers_records_without_changing_them(scenario, players):
    """Dealt states share their seats' lists (but hand and Loot), the bonus and the challenges
    with the sampler's records until they change them: states played to the game's end leave the records as they were,
    and the next deal is a fresh sampler's."""
    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=310)):
        if k % 5:
            continue
        obs = state.observation(state.current_player)
        sample = state.game.sampler(obs)
        records = [p.snapshot() for p in sample.players]
        shared = (list(sample.bonus), list(sample.challenges))  # dealt states share these lists too
        play = random.Random(k)
        for draw in range(4):
            got = sample(random.Random(draw))
            while not got.is_terminal():
                got.apply_trusted(play.choice(got.legal_actions()))
        assert [p.snapshot() for p in sample.players] == records
        assert (sample.bonus, sample.challenges) == shared
        assert sample(random.Random(9)).snapshot() == state.game.sampler(obs)(random.Random(9)).snapshot()
        checked += 1
    assert checked >= 3


def test_a_random_subclass_deals_as_the_plain_reading():
    """The sampler's written-out shuffles are for ``random.Random`` itself: a subclass (which
    may draw otherwise) is dealt with its own ``shuffle``, as the plain reading deals it."""

    class Counted(random.Random):
        shuffles = 0

        def shuffle(self, x):
            Counted.shuffles += 1
            super().shuffle(x)

    game = load_game(bundled_path("scenarios", "rivages.yaml"), 3, seed=2)
    state = game.new_state(5)
    obs = state.observation(state.current_player)
    got = game.sampler(obs)(Counted(3))
    assert Counted.shuffles == 5
    want = observe.state_from_observation_plain(game, obs, Counted(3))
    assert got.snapshot() == want.snapshot()


@pytest.mark.parametrize("scenario,players", CASES)
def test_a_dealt_state_copied_again_plays_as_its_clone(scenario, players):
    """``Sampler.again`` (the copy MCTS orders the root's actions on) against the plain
    ``clone()``: every legal action and a few random ones after it give the same state and the
    same leaf values, and the dealt state stays as dealt."""
    from studio.bots.rivages import position_values

    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=320)):
        if k % 5:
            continue
        sample = state.game.sampler(state.observation(state.current_player))
        dealt = sample(random.Random(k)).snapshot()  # a twin: base's generator stays unmade, as in a search
        base = sample(random.Random(k))
        for action in base.legal_actions():
            fast, plain = sample.again(base), base.clone()
            play = [random.Random(k), random.Random(k)]
            for step in range(5):
                for s, rng in zip((fast, plain), play):
                    if not s.is_terminal():
                        s.apply_trusted(action if step == 0 else rng.choice(s.legal_actions()))
                assert fast.snapshot() == plain.snapshot()
                assert [p.snapshot() for p in fast.round_start] == [p.snapshot() for p in plain.round_start]
                assert position_values(fast) == position_values(plain)
        assert base.snapshot() == dealt
        checked += 1
    assert checked >= 3
