"""The rulebook's worked examples, rebuilt on small boards (our own layouts, same situations)."""

import pytest

from studio.model.realm import RealmRules
from studio.rules.realm import CardPayment, Draw, Place
from studio.rules.realm.game import RealmGame
from tests.rules.realm_helpers import CI, give, seg, small_board


def state_of(board, **rules):
    rules.setdefault("extra_action_cost", 0)
    r = RealmRules(**{k: tuple(v) if isinstance(v, list) else v for k, v in rules.items()})
    return RealmGame(board, r, board.players, 4).new_state()


def put(state, *pegs, shape="", pay=None):
    pay = state.payment_options(pegs)[0] if pay is None else pay
    state.apply(Place(tuple(pegs), tuple(pay), shape))


def pass_turn(state):
    while state.seat != 0 or state.actions_left != state.game.rules.actions_per_turn:
        state.apply(Draw(("deck", "deck")))


@pytest.mark.rule("RTR-P1", "RTR-P2", "RTR-P4")
def test_fourth_band_explores_two_segments_and_closes_two_more():
    """Bands of 2, 3 and 4 pegs, then a fourth (4 pegs) that explores two segments and, by
    finishing a wall, closes two others: 1 energy and 6 VP in one move."""
    contents = {seg("b2", "c2", "c3"): (1, 0), seg("b2", "b3", "c3"): (2, 1),     # explored by band 4
                seg("a2", "a3", "b2"): (2, 0), seg("a3", "b2", "b3"): (1, 0)}     # closed by band 4
    s = state_of(small_board(contents=contents), start="anywhere")
    give(s, 0, red=10)
    put(s, "a2", "a3")                         # 1: a line
    put(s, "a3", "a4", "b3")                   # 2: a triangle (its side a3-b3 is a wall)
    pass_turn(s)
    give(s, 0, red=10)
    put(s, "a1", "a2", "b2", "b1")             # 3: a quadrilateral (side a2-b2)
    assert s.score[0] == 0
    put(s, "b2", "b3", "c3", "c2")             # 4: explores 2, closes a2-a3-b2 and a3-b2-b3
    assert s.last_outcome.explored and len(s.last_outcome.explored) == 2
    assert len(s.last_outcome.closed) == 2
    assert s.score[0] == 6 and s.energy[0] == 1


@pytest.mark.rule("RTR-P4", "RTR-P7")
def test_closing_with_a_free_line_between_two_own_pegs():
    """The same closure could be made with a 2-peg band between two pegs already held: free."""
    contents = {seg("a2", "a3", "b2"): (2, 0), seg("a3", "b2", "b3"): (1, 0)}
    s = state_of(small_board(contents=contents), start="anywhere")
    give(s, 0, red=10)
    put(s, "a2", "a3")
    put(s, "a3", "a4", "b3")
    pass_turn(s)
    give(s, 0, red=10)
    put(s, "a1", "a2", "b2", "b1")
    hand = list(s.hands[0])
    put(s, "b2", "b3")                         # both pegs are hers: no card
    assert s.hands[0] == hand
    assert s.score[0] == 3


@pytest.mark.rule("RTR-P7", "RTR-P8")
def test_one_green_card_to_the_discard_and_two_grey_cards_to_the_blue_bands_owner():
    """Her band covers a peg of her own (free), an empty green peg (one green card to the
    discard pile) and a yellow peg held by the blue player; with no yellow card she pays it with
    two grey cards, which go to that player."""
    colours = {"c2": "blue", "c3": "green", "d2": "yellow"}
    board = small_board(colours=colours)
    s = state_of(board, start="anywhere", connect=False)
    # seat 2 (the blue bands) already holds the yellow peg d2
    s.seat = 1
    give(s, 1, yellow=1, red=1)
    put(s, "d2", "d1")
    s.apply(Draw(("deck", "deck")))
    # seat 1 holds the blue peg c2
    give(s, 0, blue=1, red=1)
    put(s, "c2", "c1")
    give(s, 0, green=1, gray=2, red=1)
    discard_before = list(s.discard)
    grey_before = s.hands[1][CI["gray"]]
    pay = (CardPayment("c3", "green", None), CardPayment("d2", "gray", 1), CardPayment("d2", "gray", 1))
    assert tuple(sorted(pay)) in s.payment_options(("c2", "c3", "d2"))
    s.apply(Place(("c2", "c3", "d2"), pay))
    assert s.hands[0] == [1, 0, 0, 0, 0]          # only the red card is left
    assert s.discard == discard_before + [CI["green"]]
    assert s.hands[1][CI["gray"]] == grey_before + 2


@pytest.mark.rule("L5-4", "L5-5")
def test_fragile_ruins_site_of_nine_segments_with_two_explored():
    """A closed region of 11 segments; 2 were explored first by another player: the site is the
    other 9. Closing it gives their 13 VP and 4 energy, plus 9 for the site."""
    strip = [seg("b1", "c1", "c2"), seg("b1", "b2", "c2"), seg("b2", "c2", "c3"), seg("b2", "b3", "c3"),
             seg("b3", "c3", "c4"), seg("b3", "b4", "c4"), seg("b4", "c4", "c5"), seg("b4", "b5", "c5"),
             seg("b5", "c5", "c6"), seg("b5", "b6", "c6"), seg("b6", "c6", "c7")]
    explored_first = {seg("b3", "c3", "c4"), seg("b4", "c4", "c5")}
    treasure = iter([2, 1, 2, 1, 2, 1, 2, 1, 1])
    energy = iter([1, 0, 1, 0, 1, 0, 1, 0, 0])
    contents = {k: ((5, 0) if k in explored_first else (next(treasure), next(energy))) for k in strip}
    board = small_board(rows=5, columns=7, contents=contents)
    s = state_of(board, start="anywhere", bands=["line", "triangle", "quad", "long-barrier"],
                 modules={"excavation": {"min_segments": 4, "points_per_segment": 1}})
    give(s, 0, red=10)
    put(s, "b1", "b2", "b3", shape="long-barrier")
    put(s, "b3", "b4", "b5", shape="long-barrier")
    give(s, 1, red=10)
    put(s, "b3", "c3", "c4")                  # the other player explores two segments: 10 VP
    put(s, "c4", "c5", "b4")
    give(s, 0, red=10)
    put(s, "b5", "b6", "c7", shape="long-barrier")
    s.apply(Draw(("deck", "deck")))
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    give(s, 0, red=10)
    put(s, "c7", "c6", "c5", shape="long-barrier")
    put(s, "c5", "c4", "c3", shape="long-barrier")
    s.apply(Draw(("deck", "deck"))); s.apply(Draw(("deck", "deck")))
    give(s, 0, red=10)
    before, energy_before = s.score[0], s.energy[0]
    put(s, "c3", "c2", "c1", shape="long-barrier")
    assert s.score[0] == before
    put(s, "c1", "b1")                        # the wall is complete
    assert s.energy[0] - energy_before == 4
    assert s.score[0] - before == 13 + 9
    assert s.score[1] == 10
