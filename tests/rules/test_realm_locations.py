"""Locations 2-8 of Rule the Realm (L2-* .. L8-*): exact outcomes on small boards."""

import pytest

from studio.model.realm import Bridge, LineItem, RealmRules, Segment
from studio.rules import IllegalAction
from studio.rules.realm import CardPayment, Draw, Pass, Place
from studio.rules.realm.actions import TakeCard
from studio.rules.realm.game import RealmGame
from tests.rules.realm_helpers import CI, card_total, give, seg, small_board


def state_of(board, seed=2, **rules):
    rules.setdefault("extra_action_cost", 0)
    r = RealmRules(**{k: tuple(v) if isinstance(v, list) else v for k, v in rules.items()})
    return RealmGame(board, r, board.players, seed).new_state()


def put(state, *pegs, shape="", pay=None):
    """Place a band, paying with the engine's default payment unless ``pay`` is given."""
    if pay is None:
        options = state.payment_options(pegs)
        assert options, f"cannot pay for {pegs}"
        pay = options[0]
    state.apply(Place(tuple(pegs), tuple(pay), shape))


def draws(state, n=1):
    """Spend ``n`` actions drawing cards (whatever can still be drawn; else any band)."""
    for _ in range(n):
        legal = state.legal_actions()
        options = [a for a in legal if isinstance(a, Draw)] or [a for a in legal if isinstance(a, (Place, Pass))]
        state.apply(options[-1])


# --- Location 2: Volcano -----------------------------------------------------------------------

def volcano_board(players=2):
    board = small_board(rows=5, columns=5, players=players,
                        contents={seg("a1", "a2", "b1"): (2, 0), seg("d1", "d2", "e1"): (0, 9)})
    del board.pegs["c3"]
    board.lines = [l for l in board.lines if "c3" not in l]
    board.crater = ["b2", "b3", "c2", "c4", "d2", "d3"]
    for seat in board.seats.values():
        seat.start, seat.goal = [], []
    return board


VOLCANO = dict(start="crater", end={"rounds": 6}, modules={"volcano": {"escape_energy": 7}})


@pytest.mark.rule("L2-1")
def test_volcano_lasts_six_rounds():
    s = state_of(volcano_board(), **VOLCANO)
    while not s.is_terminal():
        draws(s)
    assert s.round == 6
    assert s.end_reason == "6 rounds played"
    assert len(s.history) == 6 * 2 * 2


@pytest.mark.rule("L2-2")
def test_volcano_bands_start_next_to_the_crater():
    s = state_of(volcano_board(), **VOLCANO)
    give(s, 0, red=4)
    firsts = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert firsts and all(set(a.pegs) & {"b2", "b3", "c2", "c4", "d2", "d3"} for a in firsts)
    with pytest.raises(IllegalAction, match="RTR-P5"):
        put(s, "a1", "a2")
    put(s, "b2", "b1")
    draws(s)
    give(s, 1, red=4)
    put(s, "d3", "d4")  # the crater pegs are shared by every seat
    assert [sh.pegs for _, sh in s.bands] == [("b1", "b2"), ("d3", "d4")]


@pytest.mark.rule("L2-3")
def test_escaping_spends_seven_energy_and_the_rest_scores():
    s = state_of(volcano_board(), **dict(VOLCANO, end={"rounds": 1}))
    s.energy = [10, 7]
    s.supply -= 17
    draws(s, 4)
    assert s.is_terminal()
    assert s.energy == [3, 0] and s.supply == 50 - 3
    assert s.scores() == [1, 0]
    assert s.winners() == [0]


@pytest.mark.rule("L2-3")
def test_the_escape_energy_is_what_a_seat_needs_at_the_end():
    s = state_of(volcano_board(), **dict(VOLCANO, modules={"volcano": {"escape_energy": 5}}))
    assert [s.energy_needed(seat) for seat in range(2)] == [5, 5]
    assert s.goal_bonus(0) == 0


@pytest.mark.rule("L2-4")
def test_fewer_than_seven_energy_loses_whatever_the_score():
    s = state_of(volcano_board(), **dict(VOLCANO, end={"rounds": 1}))
    s.score = [20, 1]
    s.energy = [6, 7]
    s.supply -= 13
    draws(s, 4)
    assert s.is_terminal()
    assert s.eliminated == {0}
    assert s.winners() == [1]


@pytest.mark.rule("L2-4")
def test_nobody_wins_if_nobody_escapes():
    s = state_of(volcano_board(), **dict(VOLCANO, end={"rounds": 1}))
    draws(s, 4)
    assert s.winners() == []


# --- Location 3: Archipelago City --------------------------------------------------------------

def archipelago_board():
    """Rows a-b and d-e are islands; row c is a canal (its pegs removed) crossed by two bridges."""
    board = small_board(rows=5, columns=4, players=2,
                        contents={seg("a1", "a2", "b1"): (3, 1), seg("d1", "e1", "e2"): (2, 0)})
    for peg in [p for p in board.pegs if p.startswith("c")]:
        del board.pegs[peg]
    board.lines = [l for l in board.lines if not any(p.startswith("c") for p in l)]
    board.lines += [("b1", "d1"), ("b3", "d3")]
    board.bridges = [Bridge(("b1", "d1"), 2), Bridge(("b3", "d3"), 1)]
    board.islands = {"north": [("a1", "a2", "b1")], "south": [("d1", "e1", "e2")]}
    return board


ARCHIPELAGO = dict(closures=False, end={"score": 18}, modules={"canals": {}})


@pytest.mark.rule("L3-1", "L3-2")
def test_a_canal_is_crossed_by_a_two_peg_band_on_a_bridge_which_pays_its_energy():
    s = state_of(archipelago_board(), **ARCHIPELAGO)
    give(s, 0, red=8)
    with pytest.raises(IllegalAction, match="RTR-P5"):
        put(s, "a1", "a2")          # seat 1 starts on its own side (row e)
    put(s, "e1", "d1")
    put(s, "d1", "b1")              # the bridge
    assert s.energy[0] == 2
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "b1", "d1")              # crossing it again pays nothing more
    assert s.energy[0] == 2
    legal = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert not [a for a in legal if a.shape != "line" and {"b1", "d1"} <= set(a.pegs)]
    assert Place(("b1", "d1"), (), "line") in legal


@pytest.mark.rule("L3-2")
def test_only_bridges_cross_the_canal():
    s = state_of(archipelago_board(), **ARCHIPELAGO)
    give(s, 0, red=8)
    put(s, "e2", "d2")
    with pytest.raises(IllegalAction, match="RTR-P1"):
        put(s, "d2", "b2")          # no line across the canal here


@pytest.mark.rule("L3-3", "L3-4")
def test_no_closures_so_fenced_off_contents_stay():
    board = archipelago_board()
    s = state_of(board, start="anywhere", **ARCHIPELAGO)
    give(s, 0, red=8)
    put(s, "a1", "b1")
    put(s, "b1", "a2")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "a1", "a2")              # the segment a1-a2-b1 is walled in on all sides
    assert s.score[0] == 0 and s.energy[0] == 0
    assert not s.controlled[0]
    draws(s, 1)
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "a1", "a2", "b1")        # exploring still collects it
    assert s.score[0] == 3 and s.energy[0] == 1


@pytest.mark.rule("L3-5")
def test_archipelago_ends_after_the_round_with_18():
    board = archipelago_board()
    board.segments[0].treasure = 18
    s = state_of(board, start="anywhere", **ARCHIPELAGO)
    give(s, 0, red=8)
    put(s, "a1", "a2", "b1")
    draws(s, 1)
    assert not s.is_terminal()
    draws(s, 2)
    assert s.is_terminal() and s.winners() == [0]


# --- Location 4: The Engraved Board ------------------------------------------------------------

def engraved_board():
    pics = {
        # "fish": 4 segments along rows a-b; "bird": 5 segments along rows c-d
        seg("a1", "a2", "b1"): "fish", seg("a2", "b1", "b2"): "fish", seg("a2", "a3", "b2"): "fish",
        seg("a3", "b2", "b3"): "fish",
        seg("c1", "c2", "d1"): "bird", seg("c2", "d1", "d2"): "bird", seg("c2", "c3", "d2"): "bird",
        seg("c3", "d2", "d3"): "bird", seg("c3", "c4", "d3"): "bird",
    }
    board = small_board(rows=4, columns=5, players=3)
    board.segments = [Segment(k, 0, 1 if k == seg("a1", "a2", "b1") else 0, None, v) for k, v in pics.items()]
    board.pictures = {"fish": {"label": "Fish"}, "bird": {"label": "Bird"}}
    board.seats["south"].start = ["d1", "d5"]
    board.seats["north"].start = ["a1", "a5"]
    board.seats["west"].start = ["b1"]
    return board


ENGRAVED = dict(start="any-start", end={"pictures": {"2": 5, "3": 2, "4": 9}},
                modules={"pictures": {"segment_points": 1, "completion_points": 1, "empty_penalty": 3,
                                      "bonuses": {"4": 1, "5": 2, "6": 3}}})


@pytest.mark.rule("L4-1")
def test_any_free_starting_peg_may_be_the_start():
    s = state_of(engraved_board(), **ENGRAVED)
    give(s, 0, red=8)
    put(s, "a1", "b1")              # seat 1 starts on pegs of other seats
    draws(s)
    give(s, 1, red=8)
    with pytest.raises(IllegalAction, match="RTR-P5"):
        put(s, "b1", "c1")          # b1 is taken now
    put(s, "d5", "c5")


@pytest.mark.rule("L4-2", "L4-4", "L4-5", "L4-6")
def test_pictures_score_per_segment_completion_and_majority():
    s = state_of(engraved_board(), start="anywhere", **{k: v for k, v in ENGRAVED.items() if k != "start"})
    give(s, 0, red=8)
    put(s, "a1", "a2", "b2", "b1")     # 2 fish segments: +2, and 1 energy
    assert s.score[0] == 2 and s.energy[0] == 1
    draws(s)
    give(s, 1, red=8)
    # seat 2 explores the last two fish segments: +2, +1 for completing, and ties the majority (2-2)
    put(s, "a2", "a3", "b3", "b2", pay=None)
    assert s.extra["pictures"]["complete"] == ["fish"]
    assert s.score == [2 + 1, 2 + 1 + 1, 0]
    # one band explores segments of two pictures at once is allowed; nobody can score fish again


@pytest.mark.rule("L4-3")
def test_an_empty_segment_costs_three_but_mixed_walls_cost_nothing():
    board = engraved_board()
    s = state_of(board, start="anywhere", connect=False, **{k: v for k, v in ENGRAVED.items() if k != "start"})
    give(s, 0, red=8)
    put(s, "c1", "c2", "d1")            # bird segment: +1
    put(s, "b3", "b4", "a4")            # empty segment (a4-b3-b4): -3, floored at 0
    assert s.score[0] == 0
    draws(s, 2)                          # seats 2 and 3
    draws(s, 2)
    # seat 1 walls b4-c4 and c4-c5; seat 2 walls b4-c5: the segment b4-c4-c5 is walled by two players
    give(s, 0, red=8)
    put(s, "b4", "c4")
    put(s, "c4", "c5")
    give(s, 1, red=8)
    put(s, "b4", "c5")
    assert s.score[0] == 0 and s.score[1] == 0
    assert seg("b4", "c4", "c5") not in [s.game.topology.face_keys[f] for f in s.controlled[0] | s.controlled[1]]


@pytest.mark.rule("L4-3")
def test_closing_an_empty_segment_alone_costs_three():
    board = engraved_board()
    s = state_of(board, start="anywhere", connect=False, **{k: v for k, v in ENGRAVED.items() if k != "start"})
    s.score = [5, 0, 0]
    give(s, 0, red=8)
    put(s, "b4", "c4")
    put(s, "c4", "c5")
    draws(s, 4)
    give(s, 0, red=8)
    put(s, "b4", "c5")                  # closes the empty segment b4-c4-c5 alone
    assert s.score[0] == 2


@pytest.mark.rule("L4-7")
def test_engraved_board_ends_when_enough_pictures_are_complete():
    s = state_of(engraved_board(), start="anywhere", connect=False,
                 **{k: v for k, v in ENGRAVED.items() if k != "start"})
    give(s, 0, red=8)
    put(s, "a1", "a2", "b2", "b1")
    put(s, "a2", "a3", "b3", "b2")      # fish complete: 1 of 2
    give(s, 1, red=8)
    put(s, "c1", "c2", "d2", "d1")
    put(s, "c2", "c3", "d3", "d2")
    give(s, 2, red=8)
    put(s, "c3", "c4", "d3")            # bird complete: 2 pictures with 3 players -> end of round
    assert s.extra["pictures"]["complete"] == ["fish", "bird"]
    draws(s)
    assert s.is_terminal() and s.end_reason == "2 pictures complete"


# --- Location 5: Fragile Ruins -----------------------------------------------------------------

RUINS = dict(bands=["line", "triangle", "quad", "long-barrier"], start="anywhere", end={"rounds": 6},
             modules={"excavation": {"min_segments": 4, "points_per_segment": 1}})


@pytest.mark.rule("L5-1")
def test_ruins_end_after_round_six():
    s = state_of(small_board(), **RUINS)
    while not s.is_terminal():
        draws(s)
    assert s.round == 6 and len(s.history) == 24


@pytest.mark.rule("L5-2")
def test_a_long_barrier_pays_per_new_peg_and_explores_nothing():
    board = small_board(contents={seg("c1", "c2", "d1"): (2, 0)},
                        colours={"c1": "blue", "d1": "green", "d2": "gray"})
    s = state_of(board, **RUINS)
    give(s, 0, blue=1, green=1, gray=1)
    put(s, "c1", "d1", "d2", shape="long-barrier")  # bent barrier c1-d1-d2
    assert s.hands[0] == [0, 0, 0, 0, 0]
    assert s.score[0] == 0 and not s.controlled[0]
    band = s.bands[-1][1]
    assert band.kind == "long-barrier" and band.interior == ()
    give(s, 0, red=1)
    put(s, "d2", "c2", "c1", shape="long-barrier")  # only c2 is new; this closes c1-c2-d1 and c2-d1-d2
    assert s.score[0] == 2
    assert len(s.bands[-1][1].pegs) == 3


@pytest.mark.rule("L5-3")
def test_a_band_without_a_line_or_around_a_peg_is_illegal():
    s = state_of(small_board(), **RUINS)
    give(s, 0, red=8)
    with pytest.raises(IllegalAction, match="RTR-P1"):
        put(s, "d1", "d3")                      # two pegs with no line between them
    with pytest.raises(IllegalAction, match="L5-3"):
        put(s, "d1", "d3", "d2", shape="long-barrier")  # would have to wrap around d2
    put(s, "d1", "d2", "d3", shape="long-barrier")      # straight along the lines: fine


@pytest.mark.rule("L5-4", "L5-5")
def test_excavation_site_scores_its_unexplored_segments():
    """A closed region of 6 segments, 2 already explored by the other player: site of 4, +4."""
    contents = {seg("b1", "c1", "c2"): (1, 0), seg("b1", "b2", "c2"): (1, 0), seg("b2", "c2", "c3"): (1, 1),
                seg("b2", "b3", "c3"): (1, 0), seg("b3", "c3", "c4"): (1, 0), seg("b3", "b4", "c4"): (2, 0)}
    board = small_board(rows=4, columns=5, contents=contents)
    s = state_of(board, connect=False, **{k: v for k, v in RUINS.items()})
    give(s, 0, red=8)
    put(s, "b1", "b2", "b3", shape="long-barrier")
    put(s, "b3", "b4", "c4", shape="long-barrier")
    give(s, 1, red=8)
    put(s, "b3", "c3", "c4")                # seat 2 explores two of the region's segments first
    put(s, "b2", "b3", "c3")
    assert s.score[1] == 2
    give(s, 0, red=8)
    put(s, "c4", "c3", "c2", shape="long-barrier")
    put(s, "c2", "c1", "b1", shape="long-barrier")  # closes 6 segments, 2 of them explored
    # treasure of the 4 unexplored segments (1 + 1 + 1 + 1) plus a site of 4 segments (+4)
    assert s.score[0] == (1 + 1 + 1 + 2) + 4
    assert s.energy[0] == 1


@pytest.mark.rule("L5-4")
def test_a_closed_region_of_three_unexplored_segments_is_no_site():
    contents = {seg("b1", "c1", "c2"): (1, 0), seg("b1", "b2", "c2"): (1, 0), seg("b2", "c2", "c3"): (1, 0)}
    board = small_board(rows=4, columns=5, contents=contents)
    s = state_of(board, connect=False, **RUINS)
    give(s, 0, red=8)
    put(s, "b1", "b2", "c3", shape="long-barrier")
    put(s, "c3", "c2", "c1", shape="long-barrier")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "c1", "b1")
    assert s.score[0] == 3


# --- Location 6: The Cursed Triangle -----------------------------------------------------------

CURSED = dict(bands=["triangle", "quad"], start="anywhere", connect=False,
              cards={"personal-deck": {"size": 12, "draw": 3}}, energy_payment=True, end={"score": 15},
              modules={"territories": {"points": 4}})


def cursed_board(players=2, contents=None):
    board = small_board(rows=5, columns=6, players=players, contents=contents)
    for seat in board.seats.values():
        seat.start, seat.goal = [], []
    return board


@pytest.mark.rule("L6-1")
def test_personal_decks_of_twelve_and_no_pool():
    s = state_of(cursed_board(players=4), **CURSED)
    assert s.pool == []
    assert [sum(h) for h in s.hands] == [4, 5, 6, 7]
    assert [len(d) for d in s.decks] == [8, 7, 6, 5]
    assert len(s.set_aside) == 50 - 48
    assert card_total(s) + sum(len(d) for d in s.decks) + len(s.set_aside) == 50


@pytest.mark.rule("L6-2", "L6-4")
def test_bands_go_anywhere_but_need_three_or_four_pegs():
    s = state_of(cursed_board(), **CURSED)
    s.hands[0] = [8, 0, 0, 0, 0]
    kinds = {a.shape for a in s.legal_actions() if isinstance(a, Place)}
    assert kinds == {"triangle", "quad"}
    with pytest.raises(IllegalAction, match="RTR-P9"):
        put(s, "a1", "a2")
    put(s, "a1", "a2", "b1")
    put(s, "e5", "e6", "d5")                # far away from the first band: fine
    assert len(s.bands) == 2


@pytest.mark.rule("L6-3")
def test_draw_three_from_your_own_deck_and_reshuffle_your_own_discard_only_when_needed():
    s = state_of(cursed_board(), **CURSED)
    assert s.legal_actions()[0] == Draw(("deck", "deck", "deck"))
    deck0 = len(s.decks[0])
    s.apply(Draw(("deck", "deck", "deck")))
    assert sum(s.hands[0]) == 4 + 3 and len(s.decks[0]) == deck0 - 3
    s.decks[0], s.discards[0] = [], s.decks[0]   # own deck empty, own discard full
    s.apply(Draw(("deck", "deck", "deck")))
    assert sum(s.hands[0]) == 10 and s.discards[0] == [] and len(s.decks[0]) == deck0 - 6
    assert len(s.decks[1]) == 7                  # the other deck is untouched


@pytest.mark.rule("L6-5")
def test_a_held_peg_costs_the_card_to_its_owner_or_one_energy():
    board = cursed_board()
    board.pegs["a2"].colour = "blue"
    s = state_of(board, **CURSED)
    s.hands[0] = [2, 0, 1, 0, 0]
    put(s, "a1", "a2", "b1")
    assert s.discards[0] and sorted(s.discards[0]) == [CI["red"], CI["red"], CI["blue"]]
    draws(s)
    s.hands[1] = [2, 0, 1, 0, 0]
    s.energy[1] = 1
    s.supply -= 1
    options = s.payment_options(("a2", "a3", "b2"))
    via_energy = [o for o in options if any(c.energy for c in o)]
    assert via_energy
    put(s, "a2", "a3", "b2", pay=[CardPayment("a2", "blue", 0, True), CardPayment("a3", "red"),
                                   CardPayment("b2", "red")])
    assert s.energy == [1, 0]
    assert CI["blue"] in s.discards[1] and s.hands[0][CI["blue"]] == 0


@pytest.mark.rule("L6-6", "L6-7")
def test_each_distinct_territory_scores_four():
    """The rulebook's example: four bands, two of them linked by pegs, make 2 territories: 8 VP."""
    s = state_of(cursed_board(), **dict(CURSED, end={"rounds": 1}, energy_per_vp=0))
    s.hands[0] = [10, 0, 0, 0, 0]
    s.energy[0] = 0
    put(s, "a1", "a2", "b1")
    put(s, "b1", "b2", "c2")                # shares peg b1: same territory
    draws(s)
    s.hands[1] = [0, 0, 0, 0, 0]
    draws(s)
    assert s.is_terminal()
    assert s.scores()[0] == 4
    s2 = state_of(cursed_board(), **dict(CURSED, end={"rounds": 1}, energy_per_vp=0))
    s2.hands[0] = [10, 0, 0, 0, 0]
    put(s2, "a1", "a2", "b1")
    put(s2, "d4", "d5", "e5")               # no shared peg: a second territory
    draws(s2, 2)
    assert s2.scores()[0] == 8


@pytest.mark.rule("L6-8")
def test_cursed_triangle_ends_at_fifteen():
    s = state_of(cursed_board(contents={seg("a1", "a2", "b1"): (15, 0)}), **CURSED)
    s.hands[0] = [3, 0, 0, 0, 0]
    put(s, "a1", "a2", "b1")
    draws(s)
    draws(s, 2)
    assert s.is_terminal() and s.scores()[0] == 15 + 4


# --- Location 7: Two Demanding Deities ---------------------------------------------------------

def deities_board():
    board = small_board(rows=4, columns=5, contents={seg("c1", "c2", "d1"): (1, 0), seg("c2", "d1", "d2"): (0, 0)})
    board.segments[1].idol = "orange"
    board.segments.append(Segment(seg("c2", "c3", "d2"), 0, 0, "blue"))
    board.segments.append(Segment(seg("c3", "d2", "d3"), 0, 0, "blue"))
    return board


DEITIES = dict(end={"score": 18}, modules={"idols": {"points": 6}})


@pytest.mark.rule("L7-1", "L7-2")
def test_idols_are_explored_apart_from_ordinary_segments():
    s = state_of(deities_board(), **DEITIES)
    give(s, 0, red=8)
    legal = {a.pegs for a in s.legal_actions() if isinstance(a, Place)}
    assert ("c1", "c2", "d2", "d1") not in legal          # ordinary + orange idol
    with pytest.raises(IllegalAction, match="L7-2"):
        put(s, "c1", "c2", "d2", "d1")
    put(s, "c2", "d2", "d1")                               # the orange idol alone
    put(s, "c2", "c3", "d3", "d2")                         # two blue idols together
    assert sorted(s.game.topology.face_keys[f] for f in s.controlled[0]) == sorted(
        [seg("c2", "d1", "d2"), seg("c2", "c3", "d2"), seg("c3", "d2", "d3")])


@pytest.mark.rule("L7-2")
def test_closing_a_mixed_region_is_allowed():
    s = state_of(deities_board(), start="anywhere", **DEITIES)
    give(s, 0, red=8)
    put(s, "c1", "c2")
    put(s, "c2", "d2")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "d2", "d1")
    put(s, "d1", "c1")                                    # closes the ordinary segment and the idol
    assert s.score[0] == 1 and len(s.controlled[0]) == 2


@pytest.mark.rule("L7-3")
def test_deities_end_at_eighteen():
    board = deities_board()
    board.segments[0].treasure = 18
    s = state_of(board, **DEITIES)
    give(s, 0, red=8)
    put(s, "c1", "c2", "d1")
    draws(s)
    draws(s, 2)
    assert s.is_terminal()


@pytest.mark.rule("L7-4")
def test_idol_majorities_share_six_rounded_up():
    """The rulebook's example: one player has the blue majority (6); orange is tied (3 each)."""
    board = small_board(rows=4, columns=5)
    idols = {seg("a1", "a2", "b1"): "orange", seg("a4", "a5", "b4"): "orange",
             seg("c1", "c2", "d1"): "blue", seg("c2", "c3", "d2"): "blue", seg("c4", "c5", "d4"): "blue"}
    board.segments = [Segment(k, 0, 0, v) for k, v in idols.items()]
    s = state_of(board, end={"rounds": 1}, energy_per_vp=0, modules={"idols": {"points": 6}})
    # seat 1: 1 orange, 2 blue; seat 2: 1 orange, 1 blue
    faces = {k: s.game.topology.face_index[k] for k in idols}
    s.collected = {faces[seg("a1", "a2", "b1")]: 0, faces[seg("c1", "c2", "d1")]: 0, faces[seg("c2", "c3", "d2")]: 0,
                   faces[seg("a4", "a5", "b4")]: 1, faces[seg("c4", "c5", "d4")]: 1}
    draws(s, 4)
    assert s.is_terminal()
    assert s.scores() == [6 + 3, 3]


# --- Location 8: The Labyrinth -----------------------------------------------------------------

def labyrinth_board(players=2):
    board = small_board(rows=4, columns=5, players=players)
    board.line_items = [LineItem(("d1", "d2"), 2, None), LineItem(("d2", "d3"), 0, "sword"),
                        LineItem(("c3", "d3"), 1, "helmet"), LineItem(("c3", "c4"), 0, "shield")]
    board.seats["south"].start = ["d1", "d5"]
    board.seats["north"].start = ["a1", "a5"]
    return board


LABYRINTH = dict(bands=["chain"], bands_per_player=18, end={"bands-exhausted": True},
                 modules={"labyrinth": {"self_cross_penalty": 5, "set_points": 5}})


@pytest.mark.rule("L8-1")
def test_each_player_has_eighteen_bands():
    s = state_of(labyrinth_board(), **LABYRINTH)
    assert s.bands_left == [18, 18]


@pytest.mark.rule("L8-2", "L8-7")
def test_items_on_lines_are_collected_and_an_artifact_grants_a_card():
    s = state_of(labyrinth_board(), **LABYRINTH)
    give(s, 0, red=8)
    put(s, "d1", "d2")                        # 2 treasure on that line
    assert s.score[0] == 2
    put(s, "d2", "d3")                        # the sword: a free bonus card first
    assert s.pending == [(0, "bonus-card")] and s.seat == 0
    legal = s.legal_actions()
    assert TakeCard("deck") in legal and all(isinstance(a, TakeCard) for a in legal)
    with pytest.raises(IllegalAction, match="L8-7"):
        s.apply(Draw(("deck", "deck")))
    hand = sum(s.hands[0])
    s.apply(TakeCard("deck"))
    assert sum(s.hands[0]) == hand + 1 and len(s.pool) == 5
    assert s.seat == 1   # the bonus card took no action; the two bands were the turn
    assert s.extra["labyrinth"]["artifacts"][0] == ["sword"]


@pytest.mark.rule("L8-3", "L8-4")
def test_bands_form_a_chain_from_the_head():
    s = state_of(labyrinth_board(), **LABYRINTH)
    give(s, 0, red=8)
    with pytest.raises(IllegalAction, match="RTR-P5"):
        put(s, "c1", "c2")
    put(s, "d1", "c1")                        # d1 is the tail, c1 the head
    with pytest.raises(IllegalAction, match="L8-4"):
        put(s, "d1", "d2")                    # from the tail
    put(s, "c1", "c2")
    draws(s, 2)
    give(s, 0, red=8)
    with pytest.raises(IllegalAction, match="L8-4"):
        put(s, "c1", "b1")                    # from the body
    put(s, "c2", "b2")
    assert s.extra["labyrinth"]["chains"][0] == ["d1", "c1", "c2", "b2"]
    assert {a.pegs for a in s.legal_actions() if isinstance(a, Place)} <= {
        tuple(sorted(("b2", n))) for n in s.game.topology.neighbours["b2"]}


@pytest.mark.rule("L8-3")
def test_a_first_band_on_two_starting_pegs_lets_the_player_pick_the_head_once():
    board = labyrinth_board()
    board.seats["south"].start = ["d1", "d2"]
    s = state_of(board, **LABYRINTH)
    give(s, 0, red=8)
    put(s, "d1", "d2")
    assert sorted(s.extra["labyrinth"]["heads"][0]) == ["d1", "d2"]
    put(s, "d2", "c3")                        # d2 becomes the body, d1 the tail
    assert s.extra["labyrinth"]["chains"][0] == ["d1", "d2", "c3"]
    assert s.extra["labyrinth"]["heads"][0] == ["c3"]


@pytest.mark.rule("L8-5")
def test_crossing_another_chain_pays_its_owner():
    s = state_of(labyrinth_board(), **LABYRINTH)
    give(s, 0, red=8)
    put(s, "d5", "c5")
    put(s, "c5", "c4")
    give(s, 1, red=8)
    put(s, "a5", "b4")
    before = s.hands[0][CI["red"]]
    put(s, "b4", "c4")                        # c4 holds seat 1's chain: the card goes to seat 1
    assert s.hands[0][CI["red"]] == before + 1


@pytest.mark.rule("L8-6")
def test_reaching_your_own_chain_costs_five():
    s = state_of(labyrinth_board(), **LABYRINTH)
    give(s, 0, red=8)
    s.score[0] = 7
    put(s, "d5", "c5")
    put(s, "c5", "c4")
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "c4", "d4")
    put(s, "d4", "d5")                        # back onto the tail: -5
    assert s.score[0] == 2
    draws(s, 2)
    give(s, 0, red=8)
    put(s, "d5", "c5")                        # onto the body: -5 again, floored at 0
    assert s.score[0] == 0


@pytest.mark.rule("L8-8")
def test_labyrinth_ends_when_a_player_runs_out_of_bands():
    s = state_of(labyrinth_board(), **LABYRINTH)
    s.bands_left[0] = 1
    give(s, 0, red=8)
    put(s, "d5", "c5")
    assert s.bands_left[0] == 0 and not s.is_terminal()
    draws(s)
    draws(s, 2)
    assert s.is_terminal() and s.end_reason == "a player has no bands left"


@pytest.mark.rule("L8-9")
def test_each_set_of_three_artifacts_scores_five():
    s = state_of(labyrinth_board(), **dict(LABYRINTH, end={"rounds": 1}, energy_per_vp=0))
    s.extra["labyrinth"]["artifacts"][0] = ["sword", "helmet", "shield", "sword", "helmet"]
    s.extra["labyrinth"]["artifacts"][1] = ["sword", "sword"]
    draws(s, 4)
    assert s.is_terminal()
    assert s.scores() == [5, 0]


def test_pass_is_offered_when_no_bonus_card_is_left():
    s = state_of(labyrinth_board(), **LABYRINTH)
    give(s, 0, red=8)
    put(s, "d1", "d2")
    put(s, "d2", "d3")
    for card in s.pool + s.deck + s.discard:   # every card is in some hand now
        s.hands[1][card] += 1
    s.pool, s.deck, s.discard = [], [], []
    assert s.legal_actions() == [Pass()]
    s.apply(Pass())
    assert s.seat == 1


@pytest.mark.rule("L6-6", "L6-7")
@pytest.mark.parametrize("seed", range(4))
def test_territory_counts_grown_from_earlier_sets_equal_a_fresh_count(seed):
    """The Cursed Triangle counts a seat's territories from a set it counted before when the
    new set holds it and a few faces more (as previews of one seat's bands ask): equal to the
    plain grouping, for sets grown, shrunk and started afresh at random."""
    import random

    from studio.content import bundled_path
    from studio.rules import load_game
    from studio.rules.realm.cursed_triangle import Territories, territories

    game = load_game(bundled_path("scenarios", "cursed-triangle.yaml"), 3, seed=1)
    module = next(m for m in game.modules if isinstance(m, Territories))
    topo = game.topology
    segments = [f for f in range(len(topo.faces)) if topo.is_segment[f]]
    rng = random.Random(seed)
    held: set[int] = set()
    grown = 0
    for _ in range(300):
        roll = rng.random()
        if roll < 0.7:
            held |= set(rng.sample(segments, rng.randint(1, 4)))
        elif roll < 0.85 and held:
            held -= set(rng.sample(sorted(held), rng.randint(1, min(3, len(held)))))
        elif roll < 0.9:
            held = set(rng.sample(segments, rng.randint(0, 12)))
        trial = held | set(rng.sample(segments, rng.randint(0, 3)))  # a band's preview
        for faces in (held, trial):
            before = len(module.memo)
            assert module.count(faces) == len(territories(topo, faces)), sorted(faces)
            grown += len(module.memo) > before
    assert grown > 100
