"""Rule the Realm base rules (RTR-*): each test sets up a position and checks the exact outcome."""

import pytest

from studio.model.realm import COLOURS, BoardError
from studio.rules import IllegalAction
from studio.rules.realm import CardPayment, Draw, ExtraAction, Pass, Place
from tests.rules.realm_helpers import CI, card_total, game_on, give, seg, small_board


def fresh(players=2, seed=3, **rules):
    board = small_board(players=players)
    return game_on(board, seed, **rules).new_state()


def place(state, *pegs, pay=None):
    """Place a band with the default payment listed by the engine (or ``pay``)."""
    if pay is None:
        options = state.payment_options(pegs)
        assert options, f"band {pegs} cannot be paid"
        pay = options[0]
    state.apply(Place(tuple(pegs), tuple(pay)))


# --- setup -------------------------------------------------------------------------------------

@pytest.mark.rule("RTR-S1")
def test_deck_has_fifty_cards_ten_of_each_colour():
    s = fresh(players=4)
    counts = [0] * 5
    for c in s.deck + s.pool + s.discard:
        counts[c] += 1
    for h in s.hands:
        for i, n in enumerate(h):
            counts[i] += n
    assert counts == [10, 10, 10, 10, 10]
    assert card_total(s) == 50


@pytest.mark.rule("RTR-S2")
@pytest.mark.parametrize("players,sizes", [(2, [4, 5]), (3, [4, 5, 6]), (4, [4, 5, 6, 7])])
def test_opening_hands_grow_in_seat_order(players, sizes):
    s = fresh(players=players)
    assert [sum(h) for h in s.hands] == sizes


@pytest.mark.rule("RTR-S3")
def test_five_cards_face_up_rest_is_the_deck():
    s = fresh(players=3)
    assert len(s.pool) == 5
    assert len(s.deck) == 50 - (4 + 5 + 6) - 5
    assert s.discard == []


@pytest.mark.rule("RTR-S4")
def test_energy_supply_is_finite_and_a_gain_takes_what_is_left():
    board = small_board(contents={seg("c1", "c2", "d1"): (0, 3)})
    s = game_on(board, start="anywhere").new_state()
    assert s.supply == 50
    s.supply = 2
    give(s, 0, red=3)
    place(s, "c1", "c2", "d1")
    assert s.energy[0] == 2
    assert s.supply == 0


@pytest.mark.rule("RTR-S5")
def test_a_player_without_bands_cannot_place():
    s = fresh()
    assert s.bands_left == [25, 25]
    s.bands_left[0] = 0
    assert not [a for a in s.legal_actions() if isinstance(a, Place)]
    give(s, 0, red=2)
    with pytest.raises(IllegalAction, match="RTR-S5"):
        s.apply(Place(("d1", "d2"), (CardPayment("d1", "red"), CardPayment("d2", "red"))))


@pytest.mark.rule("RTR-S5")
def test_band_stock_is_a_scenario_parameter():
    s = fresh(bands_per_player=18)
    assert s.bands_left == [18, 18]


@pytest.mark.rule("RTR-S6")
def test_board_player_count_must_match_the_game():
    board = small_board(players=2)
    with pytest.raises(BoardError, match="RTR-S6"):
        from studio.rules.realm.game import RealmGame
        RealmGame(board, players=3)


@pytest.mark.rule("RTR-S7")
def test_scores_start_at_zero_and_never_go_below():
    s = fresh()
    assert s.scores() == [0, 0]
    s.score[0] = 2
    s.add_score(0, -5)
    assert s.score[0] == 0


# --- turns -------------------------------------------------------------------------------------

@pytest.mark.rule("RTR-T1")
def test_a_turn_is_two_actions_in_any_mix():
    s = fresh()
    give(s, 0, red=2)
    s.apply(Draw(("deck", "deck")))
    assert s.seat == 0 and s.actions_left == 1
    place(s, "d1", "d2")
    assert s.seat == 1 and s.actions_left == 2
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    assert s.seat == 0 and s.round == 2


@pytest.mark.rule("RTR-T2")
def test_draw_takes_two_cards_from_pool_or_deck_without_hand_limit():
    s = fresh()
    give(s, 0, red=10, blue=10)
    pool_colour = COLOURS[s.pool[0]]
    before_pool = list(s.pool)
    s.apply(Draw((pool_colour, "deck")))
    assert sum(s.hands[0]) == 22
    assert s.hands[0][CI[pool_colour]] >= (10 if pool_colour in ("red", "blue") else 0) + 1
    # the pool lost that card and was refilled from the deck (RTR-T3)
    assert len(s.pool) == 5
    assert before_pool.count(CI[pool_colour]) - 1 <= s.pool.count(CI[pool_colour]) + 1
    legal = s.legal_actions()
    assert Draw(("deck", "deck")) in legal
    assert all(len(a.sources) == 2 for a in legal if isinstance(a, Draw))


@pytest.mark.rule("RTR-T2")
def test_drawing_a_colour_the_pool_does_not_show_is_illegal():
    s = fresh()
    missing = [c for c in COLOURS if CI[c] not in s.pool]
    if not missing:
        s.pool = [0, 0, 0, 0, 0]
        missing = ["blue"]
    with pytest.raises(IllegalAction, match="RTR-T2"):
        s.apply(Draw((missing[0], "deck")))


@pytest.mark.rule("RTR-T3")
def test_pool_refills_and_empty_deck_is_rebuilt_from_discard():
    s = fresh()
    # move the whole deck to the discard pile
    s.discard, s.deck = s.deck, []
    n_discard = len(s.discard)
    s.apply(Draw((COLOURS[s.pool[0]], COLOURS[s.pool[1]])))
    assert len(s.pool) == 5  # refilled from the reshuffled discard
    assert len(s.deck) == n_discard - 2 and s.discard == []
    assert card_total(s) == 50


@pytest.mark.rule("RTR-T3")
def test_when_deck_and_discard_are_empty_draw_takes_what_there_is():
    s = fresh()
    s.hands[0][0] += len(s.deck) + len(s.pool) - 1
    s.deck = []
    s.pool = [2]
    assert [a for a in s.legal_actions() if isinstance(a, Draw)] == [Draw(("blue",))]
    s.apply(Draw(("blue",)))
    assert s.pool == [] and s.deck == []
    assert not [a for a in s.legal_actions() if isinstance(a, Draw)]


@pytest.mark.rule("RTR-T4")
def test_three_energy_buy_one_extra_action_once_per_turn():
    s = fresh()
    s.energy[0] = 6
    s.supply -= 6
    assert ExtraAction() in s.legal_actions()
    s.apply(ExtraAction())
    assert s.energy[0] == 3 and s.supply == 47 and s.actions_left == 3
    with pytest.raises(IllegalAction, match="RTR-T4"):
        s.apply(ExtraAction())
    for _ in range(3):
        s.apply(Draw(("deck", "deck")))
    assert s.seat == 1


@pytest.mark.rule("RTR-T4")
def test_extra_action_can_be_bought_after_the_second_action():
    s = fresh()
    s.energy[0] = 3
    s.supply -= 3
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    assert s.seat == 0 and s.actions_left == 0
    assert set(s.legal_actions()) == {ExtraAction(), Pass()}
    s.apply(Pass())
    assert s.seat == 1 and s.energy[0] == 3


# --- placing -----------------------------------------------------------------------------------

@pytest.mark.rule("RTR-P1")
def test_bands_of_two_three_and_four_pegs_along_lines():
    s = fresh(start="anywhere")
    give(s, 0, red=10)
    shapes = {a.shape for a in s.legal_actions() if isinstance(a, Place)}
    assert shapes == {"line", "triangle", "quad"}
    with pytest.raises(IllegalAction, match="RTR-P1: every side"):
        s.apply(Place(("d1", "d3"), (CardPayment("d1", "red"), CardPayment("d3", "red"))))
    with pytest.raises(IllegalAction, match="RTR-P1"):
        s.apply(Place(("c1", "c2", "d1", "d2", "c3")))
    place(s, "c1", "d1", "d2", "c2")  # a quadrilateral: two segments
    assert len(s.bands[-1][1].interior) == 2


@pytest.mark.rule("RTR-P2")
def test_exploring_collects_treasure_and_energy():
    board = small_board(contents={seg("c1", "c2", "d1"): (2, 1), seg("c2", "d1", "d2"): (1, 2)})
    s = game_on(board).new_state()
    give(s, 0, red=4)
    place(s, "c1", "c2", "d2", "d1")
    assert s.score[0] == 3
    assert s.energy[0] == 3
    assert s.supply == 47


@pytest.mark.rule("RTR-P3")
def test_contents_are_collected_once_only():
    board = small_board(contents={seg("c1", "c2", "d1"): (2, 1)}, players=2,
                        seats=None)
    s = game_on(board, start="anywhere").new_state()
    give(s, 0, red=3)
    place(s, "c1", "c2", "d1")
    s.apply(Draw(("deck", "deck")))
    give(s, 1, red=3)
    place(s, "c1", "c2", "d1", pay=[CardPayment("c1", "red", 0), CardPayment("c2", "red", 0),
                                    CardPayment("d1", "red", 0)])
    assert s.score == [2, 0]
    assert s.energy == [1, 0]
    assert seg("c1", "c2", "d1") in [s.game.topology.face_keys[f] for f in s.controlled[1]]


@pytest.mark.rule("RTR-P4")
def test_closing_a_region_with_one_players_bands():
    inside = {seg("a2", "b1", "b2"): (2, 0), seg("a2", "a3", "b2"): (1, 1)}
    board = small_board(contents=inside)
    s = game_on(board, start="anywhere", extra_action_cost=0).new_state()
    give(s, 0, red=10)
    place(s, "a2", "b1")
    place(s, "b1", "b2")        # turn ends
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    place(s, "b2", "a3")
    assert s.score[0] == 0
    place(s, "a3", "a2")        # the fourth line closes both segments
    assert s.score[0] == 3 and s.energy[0] == 1
    assert sorted(s.game.topology.face_keys[f] for f in s.controlled[0]) == sorted(inside)


@pytest.mark.rule("RTR-P4")
def test_closed_region_may_contain_other_players_bands_but_mixed_walls_close_nothing():
    inside = {seg("a2", "b1", "b2"): (2, 0), seg("a2", "a3", "b2"): (1, 0)}
    board = small_board(contents=inside)
    s = game_on(board, start="anywhere", extra_action_cost=0).new_state()
    give(s, 0, red=10)
    give(s, 1, red=10)
    place(s, "a2", "b1"); place(s, "b1", "b2")
    # seat 2 puts a band inside the region (on its diagonal) and one wall of its own
    place(s, "a2", "b2", pay=[CardPayment("a2", "red", 0), CardPayment("b2", "red", 0)])
    place(s, "b2", "a3")
    # seat 1's walls a2-b1, b1-b2 + seat 2's b2-a3: different players never close together
    assert s.score == [0, 0]
    place(s, "b2", "a3", pay=[CardPayment("a3", "red", 1)])  # b2 is already seat 1's: free
    place(s, "a3", "a2")
    assert s.score[0] == 3
    assert s.score[1] == 0


@pytest.mark.rule("RTR-P4")
def test_a_hole_next_to_a_region_keeps_it_open_until_the_hole_is_enclosed():
    # a 5x5 lattice without peg c3: the six segments around it merge into a hexagonal hole
    board = small_board(rows=5, columns=5, contents={seg("b2", "b3", "a3"): (2, 0)})
    del board.pegs["c3"]
    board.lines = [l for l in board.lines if "c3" not in l]
    s = game_on(board, start="anywhere", extra_action_cost=0, connect=False).new_state()
    give(s, 0, red=10)
    # walls on the two outer sides of segment a3-b2-b3; its third side (b2-b3) borders the hole
    place(s, "a3", "b2"); place(s, "a3", "b3")
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    assert s.score[0] == 0
    # now wall in the hole itself: its other five sides
    place(s, "b3", "c4"); place(s, "c4", "d3")
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    place(s, "d3", "d2"); place(s, "d2", "c2")
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    assert s.score[0] == 0
    give(s, 0, red=10)
    place(s, "c2", "b2")  # the hole and the segment beside it are now enclosed together
    assert s.score[0] == 2


@pytest.mark.rule("RTR-P5", "L1-1")
def test_first_band_uses_a_starting_peg_of_your_own_side():
    s = fresh()
    give(s, 0, red=4)
    firsts = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert firsts and all(set(a.pegs) & {"d1", "d2", "d3", "d4"} for a in firsts)
    with pytest.raises(IllegalAction, match="RTR-P5"):
        place(s, "a1", "a2")
    place(s, "d1", "c1")


@pytest.mark.rule("RTR-P5")
def test_start_rule_is_a_scenario_parameter():
    s = fresh(start="anywhere")
    give(s, 0, red=4)
    place(s, "a1", "a2")
    assert s.bands[0][1].pegs == ("a1", "a2")


@pytest.mark.rule("RTR-P6")
def test_later_bands_touch_your_earlier_bands():
    s = fresh()
    give(s, 0, red=10)
    place(s, "d1", "d2")
    later = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert later and all(set(a.pegs) & {"d1", "d2"} for a in later)
    with pytest.raises(IllegalAction, match="RTR-P6"):
        place(s, "d3", "d4")
    place(s, "d2", "d3")
    assert [sh.pegs for _, sh in s.bands] == [("d1", "d2"), ("d2", "d3")]


@pytest.mark.rule("RTR-P6")
def test_connect_rule_is_a_scenario_parameter():
    s = fresh(connect=False)
    give(s, 0, red=10)
    place(s, "d1", "d2")
    place(s, "d4", "c4")
    assert len(s.bands) == 2


@pytest.mark.rule("RTR-P7")
def test_paying_peg_by_peg():
    colours = {"d1": "blue", "d2": "green", "c2": "gray", "c1": "yellow"}
    board = small_board(colours=colours, players=3)
    s = game_on(board, start="anywhere", connect=False, extra_action_cost=0).new_state()
    give(s, 0, blue=1, green=1)
    place(s, "d1", "d2")                     # empty pegs: cards to the discard pile
    assert s.discard == [CI["blue"], CI["green"]] or sorted(s.discard) == sorted([CI["blue"], CI["green"]])
    s.apply(Draw(("deck", "deck")))
    give(s, 1, green=2, gray=1)
    s.apply(Draw(("deck", "deck")))
    # seat 2 (index 1): d2 holds seat 1's band -> the green card goes to seat 1; c2 is empty
    place(s, "d2", "c2", pay=[CardPayment("d2", "green", 0), CardPayment("c2", "gray", None)])
    assert s.hands[0][CI["green"]] >= 1
    s.apply(Draw(("deck", "deck")))
    give(s, 2, green=1, gray=1)
    hand0_green = s.hands[0][CI["green"]]
    hand1_green, hand1_gray = s.hands[1][CI["green"]], s.hands[1][CI["gray"]]
    # seat 3: d2 holds bands of seats 1 and 2 -> the card goes to one of them, payer's choice
    options = s.payment_options(("d2", "c2"))
    recipients = {c.to for opt in options for c in opt if c.peg == "d2" and len([x for x in opt if x.peg == "d2"]) == 1}
    assert recipients == {0, 1}
    with pytest.raises(IllegalAction, match="RTR-P7"):
        place(s, "d2", "c2", pay=[CardPayment("d2", "green", None), CardPayment("c2", "gray", 1)])
    place(s, "d2", "c2", pay=[CardPayment("d2", "green", 1), CardPayment("c2", "gray", 1)])
    assert s.hands[1][CI["green"]] == hand1_green + 1
    assert s.hands[1][CI["gray"]] == hand1_gray + 1
    assert s.hands[0][CI["green"]] == hand0_green
    assert card_total(s) == 50


@pytest.mark.rule("RTR-P7")
def test_own_peg_is_free():
    colours = {"d1": "blue", "d2": "green", "c2": "gray"}
    board = small_board(colours=colours)
    s = game_on(board).new_state()
    give(s, 0, blue=1, green=1, gray=1)
    place(s, "d1", "d2")
    options = s.payment_options(("d1", "d2", "c2"))
    assert options[0] == (CardPayment("c2", "gray", None),)
    with pytest.raises(IllegalAction, match="free"):
        s.apply(Place(("d1", "d2", "c2"), (CardPayment("c2", "gray"), CardPayment("d1", "blue"))))
    place(s, "d1", "d2", "c2")
    assert s.hands[0] == [0, 0, 0, 0, 0]


@pytest.mark.rule("RTR-P8")
def test_two_cards_of_one_colour_are_a_joker():
    colours = {"d1": "blue", "d2": "green", "c1": "red"}
    board = small_board(colours=colours, players=3)
    s = game_on(board, start="anywhere", connect=False, extra_action_cost=0).new_state()
    give(s, 0, yellow=2, blue=1)
    place(s, "d1", "d2")  # d1 with its blue card, green d2 with a pair of yellows
    assert s.hands[0] == [0, 0, 0, 0, 0]
    assert s.log[-1].endswith("places band d1-d2 (d1:blue->discard, d2:yellow pair->discard)")  # one pair
    assert sorted(s.discard) == sorted([CI["blue"], CI["yellow"], CI["yellow"]])
    s.apply(Draw(("deck", "deck")))
    give(s, 1, blue=1, red=1)
    place(s, "d1", "c1", pay=[CardPayment("d1", "blue", 0), CardPayment("c1", "red", None)])
    s.apply(Draw(("deck", "deck")))
    # seat 3 pays a joker on d1, held by seats 1 and 2, and splits the pair between them
    give(s, 2, gray=2, red=1)
    gray0, gray1, red1 = s.hands[0][CI["gray"]], s.hands[1][CI["gray"]], s.hands[1][CI["red"]]
    split = (CardPayment("d1", "gray", 0), CardPayment("d1", "gray", 1), CardPayment("c1", "red", 1))
    assert tuple(sorted(split)) in s.payment_options(("d1", "c1"))
    s.apply(Place(("d1", "c1"), split))
    assert s.log[-1].endswith("(c1:red->seat 2, d1:gray pair->seat 1 + seat 2)")
    assert s.hands[0][CI["gray"]] == gray0 + 1
    assert s.hands[1][CI["gray"]] == gray1 + 1
    assert s.hands[1][CI["red"]] == red1 + 1
    assert s.hands[2] == [0, 0, 0, 0, 0]
    assert card_total(s) == 50


@pytest.mark.rule("RTR-P8")
def test_a_mixed_pair_or_a_wrong_single_card_does_not_pay():
    board = small_board(colours={"d1": "blue", "d2": "blue"})
    s = game_on(board).new_state()
    give(s, 0, red=1, green=1, blue=1)
    with pytest.raises(IllegalAction, match="RTR-P8"):
        s.apply(Place(("d1", "d2"), (CardPayment("d1", "blue"), CardPayment("d2", "red"), CardPayment("d2", "green"))))
    with pytest.raises(IllegalAction, match="RTR-P7"):
        s.apply(Place(("d1", "d2"), (CardPayment("d1", "blue"), CardPayment("d2", "red"))))
    assert s.payment_options(("d1", "d2")) == []


@pytest.mark.rule("RTR-P9")
def test_band_shapes_are_set_by_the_scenario():
    s = fresh(bands=["line", "triangle"], start="anywhere")
    give(s, 0, red=4)
    assert {a.shape for a in s.legal_actions() if isinstance(a, Place)} == {"line", "triangle"}
    with pytest.raises(IllegalAction, match="RTR-P9"):
        place(s, "c1", "d1", "d2", "c2")


# --- end ---------------------------------------------------------------------------------------

@pytest.mark.rule("RTR-E1")
def test_the_round_is_finished_after_the_end_condition():
    board = small_board(players=3, contents={seg("c1", "c2", "d1"): (5, 0)})
    s = game_on(board, start="anywhere", end={"score": 5}, energy_per_vp=0).new_state()
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    give(s, 1, red=3)
    place(s, "c1", "c2", "d1")       # seat 2 reaches 5 VP in the middle of round 1
    assert not s.is_terminal()
    s.apply(Draw(("deck", "deck")))
    assert s.seat == 2 and not s.is_terminal()   # seat 3 still plays its turn
    s.apply(Draw(("deck", "deck")))
    assert not s.is_terminal()
    s.apply(Draw(("deck", "deck")))
    assert s.is_terminal() and s.current_player is None
    assert s.legal_actions() == []
    assert s.round == 1


@pytest.mark.rule("RTR-E2")
def test_every_three_unused_energy_score_one_vp():
    s = fresh(end={"rounds": 1})
    s.energy = [7, 2]
    s.supply -= 9
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    s.apply(Pass())  # seat 1 could buy an extra action with its energy, and declines
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck")))
    assert s.is_terminal()
    assert s.scores() == [2, 0]


@pytest.mark.rule("RTR-E3")
def test_ties_go_to_fewest_bands_then_shared():
    s = fresh()
    s.score = [5, 5]
    s.bands_left = [20, 22]
    assert s.winners() == [1]
    s.bands_left = [22, 22]
    assert s.winners() == [0, 1]
    s.score = [6, 5]
    assert s.winners() == [0]


def test_a_peg_of_an_unknown_colour_is_a_board_error():
    board = small_board()
    board.pegs["a1"].colour = "purple"
    with pytest.raises(BoardError, match="peg a1 has colour 'purple'"):
        game_on(board)


def test_projected_scores_apply_the_end_of_game_rules_without_changing_the_state():
    s = fresh()
    s.energy = [7, 2]
    s.supply -= 9
    before = s.snapshot()
    assert s.projected_scores() == [2.0, 0.0]
    assert s.snapshot() == before
