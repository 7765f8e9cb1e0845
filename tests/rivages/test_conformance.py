"""Rivages conformance: random games to the end for 1 to 5 players, on the bundled scenarios and
on small in-memory content.

At every ply: cards, Loot tokens and islands are conserved; ``clone`` is an exact copy sharing
nothing; every listed action is legal and distinct. Every few plies: the record replays to the
same state, and a state sampled from the mover's observation offers the same actions. At the
end: no legal action, no player to move, winners among the seats, and the record replays.
"""

import random

import pytest

from studio.content import bundled_path, load_document
from studio.rules import IllegalAction, load_game
from studio.rules.rivages import RivagesGame
from tests.rivages.conftest import bundled
from tests.rivages.helpers import content

BUNDLED = [p for p in sorted(bundled_path("scenarios").glob("*.yaml"))
           if (load_document(p).format or "").startswith("rivages-scenario")]
CASES = [("memory", n) for n in range(1, 6)] + [(p, n) for p in BUNDLED for n in range(1, 6)]


def conserved(state):
    game = state.game
    hands = [c for p in state.players_state for c in p.hand]
    cards = state.deck + state.discard + state.removed + hands
    if game.solo is None:
        assert sorted(cards) == list(range(len(game.cards)))
    else:
        assert len(cards) == len(set(cards)) == game.solo.cards
    held = [t for p in state.players_state for t in p.loot]
    assert sorted(state.bag + state.loot_discard + held) == list(range(len(game.tokens)))
    islands = state.pile + [p.island for p in state.players_state] + [i for p in state.players_state for i, _ in p.past]
    assert sorted(islands) == list(range(len(game.maps)))
    assert all(0 <= u <= n for u, n in zip(state.card_used, game.card_len))
    for p in state.players_state:
        m = game.maps[p.island]
        assert p.crossed & ~m.crossable == 0, "a stronghold was crossed"
        assert p.scrolls >= 0


def build(case, players):
    if case == "memory":
        return RivagesGame(content(), players, seed=3)
    return load_game(bundled(case), players, seed=3)


@pytest.mark.parametrize("case,players", CASES, ids=[f"{getattr(c, 'stem', c)}-{n}p" for c, n in CASES])
def test_random_games_conform(case, players):
    game = build(case, players)
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        ply = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a non-terminal state must offer an action"
            assert len(set(legal)) == len(legal), "legal actions are distinct"
            if ply % 7 == 0:
                assert all(state.why_illegal(a) is None for a in legal)
                seat = state.current_player
                obs = state.observation(seat)
                sampled = game.sample_state(obs, random.Random(ply))
                assert sampled.observation(seat) == obs
                assert sorted(map(repr, sampled.legal_actions())) == sorted(map(repr, legal))
                conserved(sampled)
            action = rng.choice(legal)
            before = state.snapshot()
            twin = state.clone()
            assert twin.snapshot() == before
            state.apply(action)
            ply += 1
            assert twin.snapshot() == before, "a clone shares no state with its original"
            conserved(state)
            if ply % 41 == 0:
                assert game.state_from_dict(state.to_dict()).snapshot() == state.snapshot()
            assert ply < 20000
        assert state.legal_actions() == [] and state.current_player is None
        if players > 1:
            assert state.winners() and set(state.winners()) <= set(range(players))
        else:
            assert state.winners() in ([], [0])
        replayed = game.state_from_dict(state.to_dict())
        assert replayed.snapshot() == state.snapshot() and replayed.scores() == state.scores()
        with pytest.raises(IllegalAction, match="the game is over"):
            state.apply(legal[0])


def test_same_seed_same_deal_other_seed_other_deal():
    game = RivagesGame(content(), 3, seed=4)
    a, b, c = game.new_state(), game.new_state(), game.new_state(5)
    assert a.snapshot() == b.snapshot()
    assert (a.deck, [p.island for p in a.players_state]) != (c.deck, [p.island for p in c.players_state])


def test_records_name_the_game_and_reject_others():
    game = RivagesGame(content(), 2, seed=4)
    state = game.new_state()
    record = state.to_dict()
    assert record["game"] == "rivages" and record["players"] == 2 and record["actions"] == []
    with pytest.raises(ValueError, match="not a Rivages game record"):
        game.state_from_dict({**record, "game": "realm"})
    with pytest.raises(ValueError, match="record is for 3 players"):
        game.state_from_dict({**record, "players": 3})
    bad = {**record, "actions": [{"type": "end"}]}
    with pytest.raises(ValueError, match="action 1 of the record is illegal"):
        game.state_from_dict(bad)
    for action in state.legal_actions():
        assert game.action_from_dict(action.to_dict()) == action
    with pytest.raises(ValueError, match="unknown action type"):
        game.action_from_dict({"type": "fly"})
