"""One conformance test over every game: random games on every bundled scenario and player count
(Rule the Realm 2-4 players at each location, Rivages 1-5), checking at every action the game's
own conservation laws (``state.conservation_problems()``, the per-game hook) and, every few
actions, that ``clone`` shares nothing, that ``apply_trusted`` plays exactly as ``apply``, that
a state sampled from the mover's observation looks the same to the mover and offers the same
actions, and that the record replays. The per-game conformance tests (tests/rules,
tests/rivages) check more of each game."""

from __future__ import annotations

import random

import pytest

from studio.content import bundled_path, load_document
from studio.model.io import read_scenario
from studio.rules import IllegalAction, load_game

CASES = []
for path in sorted(bundled_path("scenarios").glob("*.yaml")):
    fmt = load_document(path).format or ""
    if fmt.startswith("realm-scenario"):
        CASES += [(path, n) for n in sorted(read_scenario(path).boards)]
    elif path.stem == "rivages":
        CASES += [(path, n) for n in range(1, 6)]


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_every_game_conforms(path, players):
    game = load_game(path, players, seed=21)
    state = game.new_state(21)
    rng = random.Random(21)
    assert state.conservation_problems() == []
    ply = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = rng.choice(legal)
        if ply % 9 == 0:
            seat = state.current_player
            obs = state.observation(seat)
            sampled = game.sample_state(obs, random.Random(ply))
            assert sampled.observation(seat) == obs
            assert sorted(map(repr, sampled.legal_actions())) == sorted(map(repr, legal))
            assert sampled.conservation_problems() == []
            before = state.snapshot()
            twin = state.clone()
            twin.apply_trusted(action)
            state.apply(action)
            assert twin.snapshot() == state.snapshot(), "apply_trusted plays a legal action as apply does"
            assert before != state.snapshot()
        else:
            state.apply(action)
        ply += 1
        assert state.conservation_problems() == [], f"after {action}"
    assert state.legal_actions() == [] and state.current_player is None
    assert set(state.winners()) <= set(range(players))
    assert game.state_from_dict(state.to_dict()).snapshot() == state.snapshot()
    with pytest.raises(IllegalAction):
        state.apply(legal[0])


def test_conservation_hooks_name_what_is_broken():
    realm = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, seed=1).new_state()
    realm.hands[0][0] += 1
    realm.supply -= 1
    assert [p.split(":")[0] for p in realm.conservation_problems()] == ["RTR-S1", "RTR-S4"]
    rivages = load_game(bundled_path("scenarios", "rivages.yaml"), 2, seed=1).new_state()
    rivages.bag.append(rivages.bag[0])
    assert rivages.conservation_problems() == [
        "loot: the bag, the discard and the explorers do not hold every token once"]
