"""Island trials deal copies of one island that share its id: a seat's sampled states (MCTS
determinisations) must keep each copy where it is, never take a copy in play for one still in
the pile (observations name islands by position as well as by id)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studio.bots import make_bot
from studio.model.rivages import Island, read_as
from studio.playtest.island_trial import island_setup

GULL = Path(__file__).resolve().parents[1] / "boards" / "rivages" / "islands" / "gull-rock.yaml"


def _settled(state) -> bool:
    """Every seat's round-start record is its live position (what a sample can know exactly)."""
    return all(r.island == p.island and r.past == p.past for r, p in zip(state.round_start, state.players_state))


@pytest.mark.rule("RIV-I1")
def test_sampled_states_keep_the_copies_of_the_trial_island_apart():
    setup = island_setup(read_as(GULL, Island), 3)
    game = setup.game()
    state = game.new_state(5)
    bot, rng = make_bot("greedy"), random.Random(5)
    copies = {0, 1, 2}
    checked = travelled = 0
    while not state.is_terminal():
        if _settled(state):
            for seat in range(game.players):
                sample = game.sample_state(state.observation(seat), random.Random(seat))
                assert [p.island for p in sample.players_state] == [p.island for p in state.players_state]
                assert [p.past for p in sample.players_state] == [p.past for p in state.players_state]
                # the pile is the islands nobody is on or has left: never a copy in play
                assert sorted(sample.pile) == sorted(state.pile)
                assert not copies & set(sample.pile)
            checked += 1
            travelled = max(travelled, sum(bool(p.past) for p in state.players_state))
        seat = state.current_player
        state.apply(bot.act(game, state.observation(seat), state.legal_actions(), rng))
    assert checked > 10
    assert travelled >= 1  # a seat left its copy: past entries by position were checked too


def test_seats_on_copies_are_not_all_on_the_first_copy():
    """The position that went wrong: by id, seats 2 and 3 were put on seat 1's copy, and their
    own copies counted as still in the pile."""
    setup = island_setup(read_as(GULL, Island), 3)
    game = setup.game()
    state = game.new_state(2)
    obs = state.observation(0)
    assert [e["island"] for e in obs["explorers"]] == ["gull-rock"] * 3
    assert [e["island_index"] for e in obs["explorers"]] == [0, 1, 2]
    sample = game.sample_state(obs, random.Random(0))
    assert [p.island for p in sample.players_state] == [0, 1, 2]
    assert 1 not in sample.pile and 2 not in sample.pile
    assert len(sample.pile) == len(state.pile) == len(game.maps) - 3


def test_a_record_without_positions_still_reads_by_id():
    """Observations saved before records had positions (plain games: ids are unique)."""
    from studio.content import bundled_path
    from studio.rules import load_game

    game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, 0)
    state = game.new_state(3)
    obs = state.observation(1)
    for rec in obs["explorers"]:
        rec.pop("island_index")
        rec.pop("past_index")
    sample = game.sample_state(obs, random.Random(0))
    assert [p.island for p in sample.players_state] == [p.island for p in state.players_state]
    assert sorted(sample.pile) == sorted(state.pile)
