"""The fast listing of legal bands (cached payments) lists exactly what the rules allow.

``legal_actions()`` keeps each shape's payment facts until a band lands on one of its pegs and
shares built actions between states and games; these tests hold it to the plain definition:
every candidate shape the seat can pay for, once, with ``_default_payment``.
"""

import random

import pytest

from studio.content import bundled_path
from studio.rules import load_game
from studio.rules.realm import CardPayment, Draw, Place
from tests.rules.realm_helpers import CI, game_on, give, small_board


def reference_places(state):
    seat = state.seat
    out = []
    for shape in state._candidate_shapes(seat):
        pay = state._default_payment(seat, shape.pegs, state.hands[seat])
        if pay is not None:
            out.append(Place(shape.pegs, pay, shape.kind))
    return out


def listed_places(state):
    return [a for a in state.legal_actions() if isinstance(a, Place)]


@pytest.mark.parametrize("scenario,players", [("jungle-temples", 4), ("cursed-triangle", 3),
                                              ("two-deities", 2), ("labyrinth", 4)])
def test_listing_matches_the_definition_through_random_games_and_clones(scenario, players):
    game = load_game(bundled_path("scenarios", f"{scenario}.yaml"), players, seed=5)
    checked = 0
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.actions_left > 0 and not state.pending:
                assert listed_places(state) == reference_places(state)
                checked += 1
            if rng.random() < 0.2:  # clones share the cache; each must stay right on its own path
                twin = state.clone()
                twin.apply(rng.choice(legal))
                if not twin.is_terminal() and twin.actions_left > 0 and not twin.pending:
                    assert listed_places(twin) == reference_places(twin)
            state.apply(rng.choice(legal))
    assert checked > 50


@pytest.mark.rule("RTR-P7")
def test_a_band_on_a_peg_changes_who_gets_the_card_in_the_next_listing():
    board = small_board(colours={"d1": "blue", "d2": "green", "c2": "gray"}, players=2)
    s = game_on(board, start="anywhere", connect=False, extra_action_cost=0).new_state()
    give(s, 0, blue=1, green=1)
    give(s, 1, green=1, gray=1)
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    before = {a.pegs: a for a in listed_places(s)}  # seat 2: d2 is empty, its card is discarded
    assert before[("c2", "d2")].payment == (CardPayment("c2", "gray", None), CardPayment("d2", "green", None))
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    give(s, 0, blue=1, green=1)
    s.apply(Place(("d1", "d2"), (CardPayment("d1", "blue"), CardPayment("d2", "green"))))
    s.apply(Draw(("deck", "deck")))
    give(s, 1, green=1, gray=1)
    after = {a.pegs: a for a in listed_places(s)}  # now d2 holds seat 1's band: the card is theirs
    assert after[("c2", "d2")].payment == (CardPayment("c2", "gray", None), CardPayment("d2", "green", 0))
    assert listed_places(s) == reference_places(s)


@pytest.mark.rule("RTR-P8")
def test_the_listing_follows_the_hand_from_single_cards_to_pairs_to_nothing():
    board = small_board(colours={"d1": "blue", "d2": "green"}, players=2)
    s = game_on(board, start="anywhere", connect=False).new_state()
    band = ("d1", "d2")
    give(s, 0, blue=1, green=1)
    assert {a.pegs: a.payment for a in listed_places(s)}[band] == (
        CardPayment("d1", "blue"), CardPayment("d2", "green"))
    give(s, 0, blue=1, red=3)  # green d2 takes a pair of the most plentiful colour
    assert {a.pegs: a.payment for a in listed_places(s)}[band] == (
        CardPayment("d1", "blue"), CardPayment("d2", "red"), CardPayment("d2", "red"))
    give(s, 0, blue=1, red=1)
    assert band not in {a.pegs for a in listed_places(s)}
    assert s.hands[0][CI["red"]] == 1
