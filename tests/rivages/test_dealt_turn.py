"""States a sampler deals play the observer's own turn from the sampler's tree of that turn
(``DealtTurn``: an action played there before is copied in, not played again; the legal actions
there listed once) and make their round-start records when first read. Against the plain
reading (``state_from_observation_plain``, which plays every action) on positions of 1 to 5
players: the same legal actions, states, round-start records and leaf values after every
action; and MCTS with and without the turn trees makes the same decisions and trees."""

import random

import pytest

from studio.bots.mcts import MCTSBot
from studio.bots.rivages import position_values
from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.rivages import observe
from tests.rivages.test_preview import CASES, positions


def _same(dealt, plain) -> None:
    assert dealt.snapshot() == plain.snapshot()
    assert [p.snapshot() for p in dealt.round_start] == [p.snapshot() for p in plain.round_start]
    assert position_values(dealt) == position_values(plain)


@pytest.mark.parametrize("scenario,players", CASES)
def test_the_turn_played_from_the_samplers_tree_is_the_plain_play(scenario, players):
    copied = fresh = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=2, seed=400 + players)):
        if k % 3:
            continue
        game = state.game
        obs = state.observation(state.current_player)
        sample = game.sampler(obs)
        own = sample.own_player.snapshot() if sample.own_player is not None else None
        for deal in range(6):
            dealt = sample(random.Random(deal))
            plain = observe.state_from_observation_plain(game, obs, random.Random(deal))
            assert type(dealt) is observe.DealtState and type(plain) is not observe.DealtState
            play = random.Random(k * 10 + deal % 3)  # three action sequences, each met twice
            for _ in range(12):
                if dealt.is_terminal():
                    break
                legal = dealt.legal_actions()
                assert list(legal) == plain.legal_actions()
                action = play.choice(legal)
                turn = dealt.deal_turn
                if turn is not None:
                    step = turn.steps.get(action)
                    copied += step is not None and step is not observe.OFF_TURN
                    fresh += step is None
                dealt.apply_trusted(action)
                plain.apply_trusted(action)
                _same(dealt, plain)
            assert plain.rng.random() == dealt.rng.random()  # the same generator, made or not
        # the observer's position every deal starts from (the tree's, never played on) is as read
        assert own is None or sample.own_player.snapshot() == own
    assert copied > 50 and fresh > 20


@pytest.mark.parametrize("scenario,players", CASES[1:3])
def test_a_checked_play_leaves_the_turns_tree_and_a_clone_is_plain(scenario, players):
    """``apply`` (checked) plays afresh and leaves the tree; so does every action after it; a
    clone of a dealt state is a plain state; the round-start records made when first read are
    those the deal shows, before and after a round's end."""
    checked = 0
    for k, (state, _rng) in enumerate(positions(scenario, players, games=1, seed=420 + players)):
        if k % 4:
            continue
        game = state.game
        obs = state.observation(state.current_player)
        sample = game.sampler(obs)
        warm = sample(random.Random(1))  # fills the tree with the first legal action
        if not warm.legal_actions():
            continue
        warm.apply_trusted(warm.legal_actions()[0])
        dealt = sample(random.Random(2))
        plain = observe.state_from_observation_plain(game, obs, random.Random(2))
        first = dealt.legal_actions()[0]
        dealt.apply(first)
        plain.apply(first)
        assert dealt.deal_turn is None
        _same(dealt, plain)
        twin = dealt.clone()
        assert type(twin) is type(plain) and twin.deal_turn is None and twin.snapshot() == plain.snapshot()
        play = random.Random(k)
        while not plain.is_terminal():
            action = play.choice(plain.legal_actions())
            dealt.apply_trusted(action)
            plain.apply_trusted(action)
            twin.apply_trusted(action)
            _same(dealt, plain)
            assert twin.snapshot() == plain.snapshot()
        checked += 1
    assert checked >= 3


def test_what_reads_a_dealt_part_is_played_afresh_in_every_state():
    """A Loot draw reads the bag and the last seat's end of turn ends the round (the deck,
    the pile, the hands passed): such plays are marked off the tree and played in each state,
    which then differ as their deals do."""
    game = load_game(bundled_path("scenarios", "rivages.yaml"), 2, seed=3)
    off = 0
    for seed in range(40):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 30)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        obs = state.observation(state.current_player)
        sample = game.sampler(obs)
        for deal in range(3):
            dealt = sample(random.Random(deal))
            plain = observe.state_from_observation_plain(game, obs, random.Random(deal))
            while dealt.deal_turn is not None:
                action = dealt.legal_actions()[-1]  # end the turn, Loot first
                was = dealt.deal_turn.steps.get(action)
                dealt.apply_trusted(action)
                plain.apply_trusted(action)
                _same(dealt, plain)
                off += was is observe.OFF_TURN
    assert off > 5


def test_a_sampler_without_turn_trees_deals_the_same_states():
    game = load_game(bundled_path("scenarios", "rivages.yaml"), 3, seed=5)
    state = game.new_state(8)
    obs = state.observation(state.current_player)

    class Plain(observe.Sampler):
        keep_turns = False

    fast, plain = observe.Sampler(game, obs), Plain(game, obs)
    assert fast.turn is not None and plain.turn is None
    for deal in range(3):
        a, b = fast(random.Random(deal)), plain(random.Random(deal))
        assert b.deal_turn is None and a.snapshot() == b.snapshot()


def _tree(node) -> list:
    out = [(str(node.action), node.seat, node.visits, node.avail, round(node.total, 12))]
    for child in node.children.values():
        out.extend(_tree(child))
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_mcts_searches_alike_with_and_without_the_turn_trees_and_kept_children(players, monkeypatch):
    """The whole search tree (visits, availability, totals) and the decision are the same with
    the samplers' turn trees and MCTS's kept children of a tuple listing (``keep_full``) as
    with neither."""
    import studio.bots.mcts as mcts_module

    roots = []
    real = mcts_module._Node

    class Root(real):
        __slots__ = ()

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if not args and "action" not in kwargs:
                roots.append(self)

    class PlainSearch(MCTSBot):
        keep_full = False

    monkeypatch.setattr(mcts_module, "_Node", Root)
    game = load_game(bundled_path("scenarios", "rivages.yaml"), players, seed=0)
    checked = kept = 0
    for seed in range(4):
        state = game.new_state(60 + seed)
        rng = random.Random(seed)
        for _ in range(3 + 5 * seed):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        obs = state.observation(state.current_player)
        fast, plain = random.Random(seed), random.Random(seed)
        got = MCTSBot(150).act(game, obs, state.legal_actions(), fast)
        monkeypatch.setattr(observe.Sampler, "keep_turns", False)
        want = PlainSearch(150).act(game, obs, state.legal_actions(), plain)
        monkeypatch.setattr(observe.Sampler, "keep_turns", True)
        assert got == want and fast.random() == plain.random()
        assert _tree(roots[-2]) == _tree(roots[-1])
        kept += _kept(roots[-2])
        checked += 1
    assert checked >= 3 and kept > 0


def _kept(node) -> int:
    """Nodes of a tree that kept their children for a tuple listing."""
    return (node.full is not None) + sum(_kept(child) for child in node.children.values())
