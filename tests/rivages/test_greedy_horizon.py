"""The greedy bot looks as far ahead for every seat: to the round's end after an action that ends
the seat's turn, whether that turn ends the round (the last seat's) or passes it on (RIV-T1:
the turns of a round are simultaneous, so no seat's place in it may change how it plays)."""

import random

import pytest

from studio.bots.rivages import RivagesGreedyBot, position_value
from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.rivages import Cross, EndTurn
from tests.rivages.helpers import game, place

BOT = RivagesGreedyBot()
# on the tiny island the second ship (2, 2) is one cross from (4, 0), by the bridge
ROUTE = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]


def _to_move(s, seat, crossed, row):
    """``s`` with ``seat`` to move in the row phase, ``row`` left, on isle0 with ``crossed``."""
    s.seat = seat
    place(s, seat, "isle0", crossed=crossed, hand=["e00", "e01"])
    s.phase, s.row, s.pending = "row", list(row), []
    return s


@pytest.mark.rule("RIV-T1", "RIV-I1")
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("row", [("any",), ("any", "any")], ids=["last symbol", "two symbols"])
def test_a_seat_values_its_turn_the_same_whatever_its_place_in_the_round(players, row):
    # the same position and row for every seat in turn: the first seats' turns pass the turn on,
    # the last seat's ends the round; with one symbol left, crossing the second ship ends the turn
    base = game(players=players, seed=3).new_state(3)
    by_seat = []
    for seat in range(players):
        s = _to_move(base.clone(), seat, ROUTE, row)
        legal = s.legal_actions()
        assert Cross("any", (2, 2)) in legal and EndTurn() in legal
        by_seat.append((legal, BOT.values(s.game, s.observation(seat), legal, 0.25)))
    first_legal, first_values = by_seat[0]
    for seat, (legal, values) in enumerate(by_seat[1:], 1):
        assert legal == first_legal
        assert values == pytest.approx(first_values, abs=1e-12), f"seat {seat} values its actions otherwise"


@pytest.mark.rule("RIV-I1")
def test_a_turn_ending_on_the_second_ship_is_valued_as_the_voyage_made():
    # seat 0 of 3 (its turn passes the turn on): crossing the second ship with its last symbol
    # is valued as after the voyage, as the last seat's turn would be: one island more, the
    # island left no longer counting its crosses; the same voyage is worth the same to seat 2
    s = _to_move(game(players=3, seed=3).new_state(3), 0, ROUTE, ("any",))
    legal = s.legal_actions()
    ship = legal.index(Cross("any", (2, 2)))
    sailed = s.clone()
    sailed.apply(Cross("any", (2, 2)))  # its last symbol: the turn passes to seat 1
    assert sailed.current_player == 1
    for seat in (1, 2):  # the others end their turns without crossing: the round's end comes
        sailed.seat = seat
        sailed.phase, sailed.row, sailed.pending = "row", [], []
        sailed.apply(EndTurn())
    p = sailed.players_state[0]
    assert p.islands_visited == 2 and p.crossed == 0  # sailed (RIV-I1)
    values = BOT.values(s.game, s.observation(0), legal, 0.25)
    assert values[ship] == pytest.approx(position_value(sailed, 0), abs=1e-12)


@pytest.mark.rule("RIV-T1", "RIV-I1", "RIV-X5")
@pytest.mark.parametrize("scenario,players", [("rivages-solo.yaml", 1), ("rivages.yaml", 2), ("rivages.yaml", 3),
                                              ("rivages.yaml", 5)], ids=["solo", "2p", "3p", "5p"])
def test_the_rounds_end_changes_no_seats_value(scenario, players):
    # every seat's turn is over when the last seat's ends the round: each seat's value then (the
    # state stopped before the round's end) is its value once the round's end is played, voyages
    # and Solo Explorer scrolls included; only the game's end (the last turn's voyage crosses a
    # ship for the seat) and a pile too short for every traveller are left out
    game_ = load_game(bundled_path("scenarios", scenario), players, seed=0)
    checked = sailed = 0
    for seed in range(3):
        state = game_.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            action = BOT.decide(state.seat_view(seat), legal, rng)
            stopped = state.clone()
            if stopped.apply_until_round_end(action):
                before = [position_value(stopped, s, turn_over=True) for s in range(players)]
                travellers = sum(p.travel for p in stopped.players_state)
                state.apply(action)
                if state.is_terminal() or travellers > len(stopped.pile):
                    continue
                after = [position_value(state, s) for s in range(players)]
                assert after == pytest.approx(before, abs=1e-9), (seed, state.round)
                checked += 1
                sailed += travellers
            else:
                state.apply(action)
    assert checked >= 10 and sailed >= 3  # rounds ended, some with voyages


def test_a_copy_stopped_at_the_rounds_end_holds_the_turn_as_played():
    g = game(players=2, seed=3)
    s = _to_move(g.new_state(3), 1, ROUTE, ("any",))
    history = list(s.history)
    assert s.apply_until_round_end(Cross("any", (2, 2)))  # the last seat's turn ends the round
    p = s.players_state[1]
    assert p.travel and p.islands_visited == 1 and s.round == 1  # the voyage not made yet
    assert s.history == history
    t = _to_move(g.new_state(3), 0, ROUTE, ("any",))
    assert not t.apply_until_round_end(Cross("any", (2, 2)))  # the first seat's: the turn passes
    assert t.current_player == 1 and t.players_state[0].travel and t.history[-1] == Cross("any", (2, 2))
