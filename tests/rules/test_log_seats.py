"""Log lines carry the seat they are about (studio.rules.log), set where the engine writes them."""

from __future__ import annotations

import pickle
import random

from studio.bots import make_bot
from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.log import LogLine, seat_of


def _played(path, players, seed=3):
    game = load_game(bundled_path("scenarios", path), players, seed)
    state = game.new_state(seed)
    bots, rng = [make_bot("greedy") for _ in range(players)], random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].act(game, state.observation(seat), state.legal_actions(), rng))
    return game, state


def test_every_realm_line_names_its_seat_as_its_words_do():
    for path in ("volcano.yaml", "two-deities.yaml"):
        game, state = _played(path, 3)
        for line in state.log:  # the reference: the words, "seat N (...)" for a seat's line
            said = next((s for s in range(3) if line.startswith(f"seat {s + 1} (")), None)
            assert seat_of(line) == said, line
        assert seat_of(state.log[-1]) is None and state.log[-1].startswith("game over")
        assert any(seat_of(line) == 2 for line in state.log)


def test_every_rivages_line_names_its_seat_as_its_words_do():
    game, state = _played("rivages.yaml", 2)
    for line in state.log:
        said = next((s for s, name in enumerate(game.seat_names) if line.startswith(name)), None)
        assert seat_of(line) == said, line
    assert {seat_of(line) for line in state.log} == {0, 1, None}


def test_a_log_line_is_its_words():
    line = LogLine("seat 2 (North) ends the turn", 1)
    assert line == "seat 2 (North) ends the turn" and line.text == line and type(line.text) is str
    back = pickle.loads(pickle.dumps(line))
    assert back == line and back.seat == 1 and seat_of("the deal") is None
