"""Every location event the engines record is listed, with its clause, in EVENT_KINDS."""

from __future__ import annotations

import random

import pytest

from studio.bots import make_bot
from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.events import EVENT_KINDS, record_events

SCENARIOS = ("jungle-temples", "volcano", "archipelago-city", "engraved-board", "fragile-ruins", "cursed-triangle",
             "two-deities", "labyrinth", "rivages", "rivages-solo")


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_recorded_event_kind_is_in_the_catalogue(name):
    players = 1 if name == "rivages-solo" else 2
    game = load_game(bundled_path("scenarios", f"{name}.yaml"), players, 5)
    state = game.new_state(5)
    events = record_events(state)
    bots, rng = [make_bot("greedy") for _ in range(players)], random.Random(5)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    assert {e.kind for e in events} <= set(EVENT_KINDS)
    assert all(clause for clause, _words in EVENT_KINDS.values())
