"""Generic conformance: random games to the end on every bundled scenario and player count.

Checks at every ply: cards, energy and bands are conserved; ``clone`` is an exact copy that
does not share state; the record (``to_dict``) replays to the same state; terminal states have
no legal actions; every listed action is accepted by ``apply``.
"""

import random

import pytest

from studio.content import bundled_path, load_document
from studio.model.io import read_scenario
from studio.rules import IllegalAction, load_game

SCENARIOS = [p for p in sorted(bundled_path("scenarios").glob("*.yaml"))
             if load_document(p).format == "realm-scenario/1"]
CASES = [(p, n) for p in SCENARIOS for n in sorted(read_scenario(p).boards)]


def conserved(state):
    game = state.game
    cards = (len(state.deck) + len(state.pool) + len(state.discard) + sum(sum(h) for h in state.hands)
             + sum(len(d) for d in state.decks) + sum(len(d) for d in state.discards) + len(state.set_aside))
    assert cards == game.total_cards
    assert state.supply + sum(state.energy) == game.rules.energy_supply
    for seat in range(game.players):
        placed = sum(1 for s, _ in state.bands if s == seat)
        assert placed + state.bands_left[seat] == game.rules.bands_per_player
    assert all(e >= 0 for e in state.energy) and state.supply >= 0
    assert all(v >= 0 for v in state.score)
    assert all(n >= 0 for h in state.hands for n in h)


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_random_games_conform(path, players):
    game = load_game(path, players, seed=11)
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        ply = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a non-terminal state must offer an action"
            assert len(set(legal)) == len(legal), "legal actions are distinct"
            action = rng.choice(legal)
            before = state.snapshot()
            twin = state.clone()
            assert twin.snapshot() == before
            state.apply(action)
            ply += 1
            assert twin.snapshot() == before, "a clone shares no state with its original"
            conserved(state)
            if ply % 9 == 0:
                replayed = game.state_from_dict(state.to_dict())
                assert replayed.snapshot() == state.snapshot()
            assert ply < 5000
        assert state.legal_actions() == []
        assert state.current_player is None
        winners = state.winners()
        assert set(winners) <= set(range(players)) - state.eliminated
        assert winners or len(state.eliminated) == players, "only a game everyone lost has no winner"
        replayed = game.state_from_dict(state.to_dict())
        assert replayed.snapshot() == state.snapshot()
        assert replayed.scores() == state.scores()
        with pytest.raises(IllegalAction):
            state.apply(legal[0])


def test_same_seed_same_game_and_other_seed_other_deal(jungle_scenario):
    game = load_game(jungle_scenario, 3, seed=4)
    a, b, c = game.new_state(), game.new_state(), game.new_state(5)
    assert a.snapshot() == b.snapshot()
    assert a.deck != c.deck


def test_observation_hides_other_hands_and_the_deck(jungle_scenario):
    game = load_game(jungle_scenario, 3, seed=4)
    state = game.new_state()
    obs = state.observation(1)
    assert obs["hand"] == state.hands[1]
    assert "hands" not in obs and "deck" not in obs
    assert obs["hand_sizes"] == [4, 5, 6]
    sampled = game.sample_state(obs, random.Random(0))
    assert sampled.hands[1] == state.hands[1]
    assert [sum(h) for h in sampled.hands] == [4, 5, 6]
    assert sampled.pool == state.pool and len(sampled.deck) == len(state.deck)
    # what the player to move may do depends only on what it can see
    mover = game.sample_state(state.observation(0), random.Random(1))
    assert mover.legal_actions() == state.legal_actions()


def test_games_do_not_depend_on_string_hashing(jungle_scenario):
    """Same seed, same game in every process: nothing may follow set or dict hash order."""
    import subprocess
    import sys

    script = (
        "import hashlib, random\n"
        "from studio.rules import load_game\n"
        f"g = load_game({str(jungle_scenario)!r}, 4, seed=3)\n"
        "s = g.new_state(); r = random.Random(3)\n"
        "while not s.is_terminal():\n"
        "    s.apply(r.choice(s.legal_actions()))\n"
        "print(hashlib.sha1(repr(s.to_dict()).encode()).hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("1", "2"):
        env = dict(__import__("os").environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
