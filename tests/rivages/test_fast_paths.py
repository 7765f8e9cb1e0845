"""Rivages fast paths of the observation and of actions against their plain versions, on the
positions of greedy and random games of 1 to 5 players (see tests/rivages/test_preview.py):

* the record of a seat written out once (``observe._record``) is ``observe._record_plain``,
  the fields' views one at a time: the same keys, in the same order, the same values;
* the observer's own Player remembered by ``observation`` and read back by
  ``game.visible_state`` and the sampler equals reading the record afresh (an observation that
  went through JSON has none of the game's remembered objects);
* a ``Cross`` hashed once hashes, compares and pickles as its fields.
"""

import json
import pickle
import random
from itertools import islice

import pytest

from studio.rules.rivages import observe
from studio.rules.rivages.actions import Cross, action_from_dict
from tests.rivages.test_preview import CASES, positions


def _through_json(obs: dict) -> dict:
    end = obs["end"]
    out = json.loads(json.dumps(dict(obs, end=None)))
    out["end"] = end
    return out


def check_reading(state, rng) -> None:
    """The written-out records of every seat, and the observation of the seat to move read
    back with the remembered own Player against reading its JSON copy afresh."""
    for p in state.players_state:
        for private in (True, False):
            assert list(observe._record(state, p, private).items()) == \
                list(observe._record_plain(state, p, private).items())
    game = state.game
    obs = state.observation(state.current_player)
    plain = _through_json(obs)
    assert plain == obs
    assert game.visible_state(obs).snapshot() == game.visible_state(plain).snapshot()
    draw = rng.random()
    assert game.sample_state(obs, random.Random(draw)).snapshot() == \
        game.sample_state(plain, random.Random(draw)).snapshot()


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_observations_read_back_as_when_read_afresh(scenario, players):
    checked = 0
    for state, rng in islice(positions(scenario, players, games=1, seed=70 + players), 0, None, 3):
        check_reading(state, rng)
        checked += 1
    assert checked > 10


def test_a_cross_hashed_once_is_its_fields():
    a, b = Cross("forest", (1, -2)), Cross("forest", (1, -2))
    assert a == b and hash(a) == hash(b) == hash(("forest", (1, -2)))
    assert {a: 1}[b] == 1 and a != Cross("forest", (2, -2)) and a != Cross("dune", (1, -2))
    again = pickle.loads(pickle.dumps(a))
    assert again == a and hash(again) == hash(a) and repr(again) == repr(a) == "Cross(symbol='forest', at=(1, -2))"
    assert action_from_dict(a.to_dict()) == a
    with pytest.raises(TypeError):
        hash(Cross("forest", [1, -2]))  # a list is no hex: unhashable, as before


def test_states_made_without_init_set_what_init_sets():
    """The sampler and ``visible_state`` make their states without ``RivagesState.__init__``:
    they set at least every attribute an empty ``__init__`` sets (and the record's fields; a
    dealt state's round-start records are made when first read, held as ``_round_start``)."""
    from studio.content import bundled_path
    from studio.rules import load_game
    from studio.rules.rivages.game import RivagesState
    from studio.rules.rivages.observe import DealtState

    game = load_game(bundled_path("scenarios", "rivages.yaml"), 3, seed=0)
    state = game.new_state(4)
    obs = state.observation(state.current_player)
    empty = set(vars(RivagesState(game, 0, _empty=True)))
    for made in (game.visible_state(obs), game.sampler(obs)(random.Random(1))):
        lazy = {"round_start"} if type(made) is DealtState and made._round_start is None else set()
        assert empty <= set(vars(made))
        assert set(vars(state)) - {"events"} <= set(vars(made)) | {"_previewing"} | lazy
    assert lazy and len(made.round_start) == 3 and "_round_start" in vars(made)


@pytest.mark.parametrize("scenario,players", CASES[:2] + CASES[-1:], ids=["1p", "2p", "5p"])
def test_leap_options_remembered_per_crossed_mask_are_the_plain_ones(scenario, players):
    """A leap's options (RIV-I3) come from the island's remembered union of spaces within two
    of the crossed ones; read again, and on a fresh island, they are the plain union."""
    from studio.rules.rivages.board import bits

    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=90 + players)):
        if k % 3:
            continue
        for p in state.players_state:
            m = state.game.maps[p.island]
            near = 0
            for i in bits(p.crossed):
                near |= m.near2[i]
            plain = near & ~p.crossed & m.crossable
            assert state._options(p, m, "leap", 0) == plain  # filled or found
            assert state._options(p, m, "leap", 0) == plain  # found
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_all_seats_valued_in_one_pass_as_each_alone(scenario, players):
    """``position_values`` (what an MCTS leaf is valued by) is ``position_value`` of each
    seat, the same floats, on the positions of greedy and random games and after each legal
    action there (rows half played, voyages earned, turns over, the game's end)."""
    from studio.bots.rivages import position_value, position_values

    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=2, seed=110 + players)):
        if k % 2:
            continue
        for after in [state] + [_after(state, a) for a in state.legal_actions()]:
            assert position_values(after) == [position_value(after, s) for s in range(players)]
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_dealt_states_valued_with_the_kept_values_of_seats_not_moved(scenario, players):
    """On states one sampler dealt, played on at random (into the next round and to the end),
    ``position_values`` (which takes the value of a seat that has not moved since the deal from
    the sampler, kept from an earlier state) is ``position_value`` of each seat."""
    from studio.bots.rivages import position_value, position_values

    checked = kept = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=120 + players)):
        if k % 5:
            continue
        sample = state.game.sampler(state.observation(state.current_player))
        play = random.Random(k)
        for draw in range(4):
            dealt = sample(random.Random(draw))
            while True:
                assert position_values(dealt) == [position_value(dealt, s) for s in range(players)]
                checked += 1
                if dealt.is_terminal():
                    break
                dealt.apply_trusted(play.choice(dealt.legal_actions()))
        kept += len(sample.kept_values)
    assert checked > 100 and (kept > 5 or players == 1)


def _after(state, action):
    out = state.clone()
    out.apply_trusted(action)
    return out


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_dealt_states_skip_goal_checks_that_cannot_meet_a_step(scenario, players):
    """A dealt state (a search's) skips the goal check of a cross that completes no area and
    is in no fort, spaces or pattern step of its island: played to the end beside its clone
    (which checks every cross), the same positions, goal steps met and scores."""
    checked = skipped = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=2, seed=130 + players)):
        if k % 4:
            continue
        obs = state.observation(state.current_player)
        dealt = state.game.sampler(obs)(random.Random(k))
        plain = dealt.clone()
        assert dealt._lists_shared and not plain._lists_shared
        play = random.Random(k)
        while not dealt.is_terminal():
            legal = dealt.legal_actions()
            assert list(legal) == plain.legal_actions()
            action = play.choice(legal)
            skipped += _skips(dealt, action)
            dealt.apply_trusted(action)
            plain.apply_trusted(action)
            assert dealt.snapshot() == plain.snapshot()
        checked += 1
    assert checked > 5 and skipped > 20


def _skips(state, action) -> int:
    """Whether ``action`` crosses a space the goal check is skipped for (a Cross only)."""
    if type(action) is not Cross:
        return 0
    p = state.players_state[state.seat]
    m = state.game.maps[p.island]
    i = m.index[action.at]
    a = m.area_of[i]
    completes = a >= 0 and not m.areas[a] & ~(p.crossed | 1 << i)
    return int(not completes and not (1 << i) & m.goal_spaces)
