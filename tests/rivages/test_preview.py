"""Rivages fast paths against the plain ones, on random positions of 1-5 players and solo.

* ``state.preview(action)`` equals playing the action on a copy (``clone`` + ``apply_trusted``)
  and leaves the state exactly as it was;
* previews on ``game.visible_state(observation)`` (nothing hidden dealt) equal previews on a
  state dealt from the same observation, whenever they are made in place, and a batch of them
  (``state.previews(actions)``, set up once) equals them one by one;
* the greedy bot's values from previews equal its values from playing on copies (so it makes
  the same decisions as :meth:`RivagesGreedyBot.act_plain`), and its goal progress from the
  remembered per-goal terms equals the progress read afresh.

``python benchmarks/bench_core.py --differential N`` runs the same checks over N games per case.
"""

import random

import pytest

from studio.bots.rivages import (
    RivagesGreedyBot,
    _goal_progress,
    _goal_progress_plain,
    player_value,
    position_value,
    solo_aims,
    voyage_comes,
)
from studio.content import bundled_path
from studio.rules import load_game

CASES = [("rivages-solo.yaml", 1)] + [("rivages.yaml", n) for n in (2, 3, 4, 5)]
BOT = RivagesGreedyBot()


def positions(scenario: str, players: int, games: int, seed: int = 0):
    """``(state, rng)`` at every decision of ``games`` games, greedy play for even ``seed + g``,
    random play for odd."""
    game = load_game(bundled_path("scenarios", scenario), players, seed=seed)
    for g in range(games):
        state = game.new_state(seed + g)
        rng = random.Random(seed + g)
        greedy = (seed + g) % 2 == 0
        while not state.is_terminal():
            yield state, rng
            legal = state.legal_actions()
            seat = state.current_player
            action = BOT.act(game, state.observation(seat), legal, rng) if greedy else rng.choice(legal)
            state.apply(action)


def _without_loot_tokens(snapshot: dict) -> dict:
    # a state dealt from an observation holds some tokens of each kind, the visible state the
    # first ones: the same counts and kinds, other token numbers
    return dict(snapshot, loot=len(snapshot["loot"]))


def check_position(state, rng) -> int:
    """Check every legal action of ``state``; returns the number of previews checked."""
    game = state.game
    seat = state.current_player
    legal = state.legal_actions()
    before = state.snapshot()
    for action in legal:
        seen = state.preview(action)
        copy = state.clone()
        copy.apply_trusted(action)
        assert seen.seat == seat
        assert seen.player.snapshot() == copy.players_state[seat].snapshot(), action
        assert (seen.to_move, seen.phase, seen.row) == (copy.current_player, copy.phase, tuple(copy.row)), action
        # the value of the position reached: the seat's voyage valued as made once another seat moves
        over = seen.to_move is not None and seen.to_move > seat
        sails = seen.player.travel and voyage_comes(game, len(copy.pile), copy.round_ends_game())
        assert player_value(game, seen.player, seen.own_row, turn_over=over, sails=sails, aims=solo_aims(copy)) == \
            position_value(copy, seat)
        after = seen.player  # goal progress from the remembered terms is the progress read afresh
        assert _goal_progress(game.maps[after.island], after, after.crossed) == \
            _goal_progress_plain(game.maps[after.island], after, after.crossed), action
    assert state.snapshot() == before, "a preview left the state changed"
    obs = state.observation(seat)
    visible = game.visible_state(obs)
    dealt = game.sample_state(obs, random.Random(rng.random()))
    in_place = 0
    for action in legal:
        fast = visible.preview(action, copy=False)
        plain = dealt.preview(action)
        if fast is None:
            continue
        in_place += 1
        assert _without_loot_tokens(fast.player.snapshot()) == _without_loot_tokens(plain.player.snapshot()), action
        assert (fast.to_move, fast.phase, fast.row) == (plain.to_move, plain.phase, plain.row), action
    # the batch of previews (the state set up once) is the single previews, and leaves the state as it was
    seen_before = visible.snapshot()
    batch = visible.previews(legal)
    assert visible.snapshot() == seen_before, "previews left the state changed"
    assert len(batch) == len(legal)
    for action, got in zip(legal, batch):
        one = visible.preview(action, copy=False, turn=True)
        assert (got is None) == (one is None), action
        if one is not None:
            assert got.player.snapshot() == one.player.snapshot(), action
            assert got[:1] + got[2:] == one[:1] + one[2:], action
    for action in legal:  # a preview that stops at the round's end: the seat's turn played alone
        stop = visible.preview(action, copy=False, turn=True)
        if stop is None or not stop.round_end:
            continue
        assert stop.to_move is None and stop.own_row is None and stop.row == ()
        ended = dealt.preview(action)
        assert stop.final == (ended.to_move is None), action  # the round's end ends the game
        if not stop.player.travel:  # the round's end changes only the seat's hand then
            assert dict(_without_loot_tokens(stop.player.snapshot()), hand=None) == \
                dict(_without_loot_tokens(ended.player.snapshot()), hand=None), action
            assert player_value(game, stop.player, None) == player_value(game, ended.player, ended.own_row), action
    if len(legal) > 1:
        deal = rng.random()
        fast_values = BOT.values(game, obs, legal, deal)
        plain = BOT.plain_values(game.sample_state(obs, random.Random(deal)), seat, legal)
        assert fast_values == plain
        a, b = random.Random(deal), random.Random(deal)
        assert BOT.act(game, obs, legal, a) == BOT.act_plain(game, obs, legal, b)
    return len(legal)


@pytest.mark.parametrize("scenario,players", CASES, ids=[f"{n}p" for _, n in CASES])
def test_previews_equal_playing_on_a_copy(scenario, players):
    checked = sum(check_position(state, rng) for state, rng in positions(scenario, players, games=1, seed=40 + players))
    assert checked > 200


def test_a_preview_of_the_rounds_end_plays_on_a_copy():
    game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, seed=0)
    state = game.new_state(3)
    while not (state.seat == 1 and state.phase == "row"):
        state.apply(state.legal_actions()[0])
    end = state.legal_actions()[-1]
    assert str(end) == "end turn"
    assert game.visible_state(state.observation(1)).preview(end, copy=False) is None
    after = state.preview(end)
    assert after.to_move == 0 and after.phase in ("start", "choose")
    copy = state.clone()
    copy.apply(end)
    assert copy.round == state.round + 1 and after.player.snapshot() == copy.players_state[1].snapshot()


def test_a_preview_of_a_finished_game_is_refused():
    from studio.rules import IllegalAction

    game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, seed=0)
    state = game.new_state(1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction, match="over"):
        state.preview(None)


def test_copies_share_the_generator_until_one_uses_it():
    game = load_game(bundled_path("scenarios", "rivages.yaml"), 3, seed=0)
    state = game.new_state(5)
    first, second = state.clone(), state.clone()
    drawn = first.rng.random()   # the first copy to use it takes its own generator
    assert second.rng.random() == drawn == state.rng.random()
    assert state.rng.random() == second.rng.random() == first.rng.random()
    sampled = game.sample_state(state.observation(0), random.Random(2))
    assert sampled._rng is None and sampled.clone()._rng is None   # made only when first used
