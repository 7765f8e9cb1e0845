"""Rivages turns (RIV-T*): rows, symbols, adjacency, strongholds, white spaces, bridges."""

import pytest

from studio.model.rivages import Card
from studio.rules import IllegalAction
from studio.rules.rivages import Cross, EndTurn, Fallback, PickNode, PickSpace, PlayRow, StartAt, Use
from tests.rivages.helpers import cards, crossed, game, place, tiny

ROWS = (("forest", "dune"), ("cliff", "lagoon", "forest"), ("any",))


def new(players=2, **kw):
    kw.setdefault("exploration", cards(12, rows=ROWS))
    g = game(players, **kw)
    s = g.new_state()
    return g, s


def at_start(s, seat=0, hexes=((0, 0),), hand=("e00", "e01"), **kw):
    return place(s, seat, "isle0", crossed=hexes, hand=list(hand), **kw)


@pytest.mark.rule("RIV-T1")
def test_turns_are_hidden_until_the_round_is_over():
    g, s = new()
    at_start(s, 0)
    at_start(s, 1, hand=("e02", "e03"))
    before = s.observation(1)["explorers"][0]
    s.apply(PlayRow("e00"))
    s.apply(Cross("forest", (1, 0)))
    s.apply(EndTurn())
    assert s.current_player == 1
    # seat 1 plays without seeing what seat 0 did this turn
    assert s.observation(1)["explorers"][0] == before
    assert s.observation(1)["explorers"][0]["crossed"] == [[0, 0]]
    assert s.observation(0)["explorers"][0]["crossed"] == [[0, 0], [1, 0]]
    s.apply(PlayRow("e02"))
    s.apply(EndTurn())
    # the round is over: everyone's crosses are public
    assert s.round == 2 and s.observation(1)["explorers"][0]["crossed"] == [[0, 0], [1, 0]]
    assert "hand" not in s.observation(1)["explorers"][0] and s.observation(1)["explorers"][0]["hand_size"] == 2


@pytest.mark.rule("RIV-T2")
def test_a_row_is_the_top_unused_row_of_a_hand_card():
    g, s = new()
    at_start(s, 0, used={"e00": 1, "e01": 3})
    assert PlayRow("e01") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="RIV-T2: every row of e01 is used"):
        s.apply(PlayRow("e01"))
    with pytest.raises(IllegalAction, match="RIV-T2: e05 is not in your hand"):
        s.apply(PlayRow("e05"))
    s.apply(PlayRow("e00"))
    assert s.row == ["cliff", "lagoon", "forest"] and s.card_used[g.card_index["e00"]] == 2
    with pytest.raises(IllegalAction, match="RIV-T2: one row per turn"):
        s.apply(PlayRow("e00"))


@pytest.mark.rule("RIV-T3")
def test_a_terrain_symbol_crosses_a_space_of_that_terrain():
    g, s = new()
    at_start(s, 0)
    s.apply(PlayRow("e00"))  # forest, dune
    legal = s.legal_actions()
    assert Cross("forest", (1, 0)) in legal and Cross("dune", (0, 1)) in legal and Cross("dune", (-1, 1)) in legal
    assert Cross("dune", (1, 0)) not in legal
    with pytest.raises(IllegalAction, match="RIV-T3: a dune symbol cannot cross a forest space"):
        s.apply(Cross("dune", (1, 0)))
    with pytest.raises(IllegalAction, match="RIV-T3: no cliff symbol"):
        s.apply(Cross("cliff", (1, 0)))
    s.apply(Cross("dune", (0, 1)))
    assert crossed(s, 0) == [(0, 0), (0, 1)] and s.row == ["forest"]


@pytest.mark.rule("RIV-T4")
def test_the_fallback_crosses_off_a_row_for_one_free_adjacent_cross():
    g, s = new()
    at_start(s, 0)
    legal = s.legal_actions()
    assert Fallback("e00") in legal and Fallback("e01") in legal
    s.apply(Fallback("e01"))
    assert s.card_used[g.card_index["e01"]] == 1 and s.card_used[g.card_index["e00"]] == 0
    # any type, as long as it is next to a crossed space: three neighbours of the ship
    assert sorted(a.at for a in s.legal_actions()) == [(-1, 1), (0, 1), (1, 0)]
    s.apply(PickSpace((1, 0)))
    assert crossed(s, 0) == [(0, 0), (1, 0)]
    assert s.current_player == 1  # nothing left to do: the turn is over


@pytest.mark.rule("RIV-T4")
def test_fallback_with_no_row_left_still_gives_the_cross():
    g, s = new()
    at_start(s, 0, used={"e00": 3, "e01": 3})
    assert s.legal_actions() == [Fallback(None)]
    s.apply(Fallback(None))
    assert s.pending == [("any", 0)]  # three options: the choice waits for the seat
    assert sorted(a.at for a in s.legal_actions()) == [(-1, 1), (0, 1), (1, 0)]


@pytest.mark.rule("RIV-T5")
def test_every_cross_is_next_to_a_crossed_space_even_one_crossed_this_turn():
    g, s = new()
    at_start(s, 0, hexes=((0, 0),), used={"e00": 1})
    s.apply(PlayRow("e00"))  # cliff, lagoon, forest
    with pytest.raises(IllegalAction, match="RIV-T5"):
        s.apply(Cross("forest", (2, 0)))
    assert sorted(a.at for a in s.legal_actions() if isinstance(a, Cross)) == [(1, 0)]
    # the first cross touches the start ship; the next may touch it or the space just crossed
    g2, s2 = new()
    at_start(s2, 0, hexes=((0, 0), (0, 1)), used={"e00": 1})
    s2.apply(PlayRow("e00"))
    assert sorted(a.at for a in s2.legal_actions() if isinstance(a, Cross)) == [(-1, 2), (0, 2), (1, 0)]
    s2.apply(Cross("lagoon", (0, 2)))
    assert Cross("lagoon", (-1, 2)) not in s2.legal_actions()  # one lagoon symbol only
    assert Cross("forest", (1, 2)) in s2.legal_actions()  # next to (0, 2), crossed this turn


@pytest.mark.rule("RIV-T5")
def test_crosses_of_one_turn_need_not_touch_each_other():
    g, s = new(exploration=[Card(f"e{i:02d}", (("dune", "forest"),), 2) for i in range(12)])
    at_start(s, 0, hexes=((0, 0),))
    s.apply(PlayRow("e00"))
    s.apply(Cross("dune", (-1, 1)))
    s.apply(Cross("forest", (1, 0)))
    assert crossed(s, 0) == [(-1, 1), (0, 0), (1, 0)]


@pytest.mark.rule("RIV-T6")
def test_strongholds_can_never_be_crossed():
    g, s = new()
    at_start(s, 0, hexes=((0, 0), (0, 1), (1, 0)), used={"e00": 2})
    s.apply(PlayRow("e00"))  # any
    assert all(a.at != (1, 1) for a in s.legal_actions() if isinstance(a, Cross))
    with pytest.raises(IllegalAction, match="RIV-T6: strongholds can never be crossed"):
        s.apply(Cross("any", (1, 1)))


@pytest.mark.rule("RIV-T7")
def test_white_spaces_take_any_symbol_and_act_at_once():
    g, s = new()
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))  # forest, dune
    assert Cross("forest", (3, 0)) in s.legal_actions() and Cross("dune", (3, 0)) in s.legal_actions()
    s.apply(Cross("forest", (3, 0)))  # the statue icon crosses the first tree space at once
    p = s.players_state[0]
    assert p.tree_crossed == 1 and p.statues == 1 and s.row == ["dune"]


@pytest.mark.rule("RIV-T8")
def test_the_ends_of_a_bridge_are_adjacent():
    g, s = new()
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), used={"e00": 2})
    s.apply(PlayRow("e00"))  # any
    assert Cross("any", (2, 2)) in s.legal_actions()
    s.apply(Cross("any", (2, 2)))
    assert (2, 2) in crossed(s, 0)
    # without the bridge, (2, 2) is two steps from (4, 0)
    g2, s2 = new(islands=[tiny(f"isle{i}", bridges=[]) for i in range(8)])
    at_start(s2, 0, hexes=((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), used={"e00": 2})
    s2.apply(PlayRow("e00"))
    assert Cross("any", (2, 2)) not in s2.legal_actions()


@pytest.mark.rule("RIV-T8")
def test_a_cross_reached_only_over_a_bridge_records_the_bridge():
    g, s = new()
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), used={"e00": 2})
    s.apply(PlayRow("e00"))  # any
    s.apply(Cross("any", (2, 2)))  # its hex neighbours are not crossed: only the bridge reaches it
    assert s.bridges_used == [(0, "isle0", (4, 0), (2, 2), 1)]
    assert f"{g.seat_names[0]} crosses the bridge [4, 0]-[2, 2]" in s.log
    # the other way: from the ship at (2, 2) to (4, 0), whose hex neighbours are not crossed
    at_start(s, 1, hexes=((2, 2),), hand=("e02", "e03"), used={"e02": 2})
    s.apply(PlayRow("e02"))
    s.apply(Cross("any", (4, 0)))
    assert s.bridges_used[1:] == [(1, "isle0", (4, 0), (2, 2), 1)]
    assert s.clone().bridges_used == s.bridges_used


@pytest.mark.rule("RIV-T8")
def test_both_ends_crossed_through_hex_neighbours_is_no_bridge_use():
    g, s = new(exploration=cards(12, rows=(("any", "any"),)))
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (4, 0)))  # next to (3, 0) and (3, 1)
    s.apply(Cross("any", (2, 2)))  # next to (3, 1)
    assert {(4, 0), (2, 2)} <= set(crossed(s, 0)) and s.bridges_used == []


@pytest.mark.rule("RIV-T8", "RIV-I5")
def test_an_area_reached_only_over_a_bridge_records_the_bridge():
    from studio.model.rivages import Effect
    isle = tiny("isle0", icons={(3, 0): Effect(area="lagoon")}, bridges=[((3, 0), (0, 2))])
    g, s = new(islands=[isle] + [tiny(f"x{i}") for i in range(4)])
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0)), used={"e00": 2})
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))  # next to (2, 0); its icon crosses the lagoon area over the bridge
    assert {(-1, 2), (0, 2)} <= set(crossed(s, 0))
    assert s.bridges_used == [(0, "isle0", (3, 0), (0, 2), 1)]


@pytest.mark.rule("RIV-T8")
def test_a_leap_crosses_no_bridge():
    from studio.model.rivages import Effect
    isle = tiny("isle0", icons={(3, 0): Effect(leap=1)})
    g, s = new(islands=[isle] + [tiny(f"x{i}") for i in range(4)])
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0), (4, 0)), used={"e00": 2})
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))
    s.apply(PickSpace((2, 2)))  # the bridge's far end, but a leap needs no adjacency
    assert (2, 2) in crossed(s, 0) and s.bridges_used == []


@pytest.mark.rule("RIV-T9")
def test_symbols_in_any_order_and_the_rest_forfeited():
    g, s = new()
    at_start(s, 0, hexes=((0, 0), (1, 0), (2, 0), (-1, 1)), used={"e00": 1})
    s.apply(PlayRow("e00"))  # cliff, lagoon, forest: the forest first (on the white space)
    s.apply(Cross("forest", (3, 0)))
    assert s.row == ["cliff", "lagoon"]
    assert {a for a in s.legal_actions() if isinstance(a, Cross)} == {
        Cross("cliff", (2, 1)), Cross("cliff", (3, 1)), Cross("lagoon", (-1, 2))}
    s.apply(EndTurn())  # the cliff and lagoon are forfeited
    assert s.current_player == 1 and s.row == []
    assert crossed(s, 0) == [(-1, 1), (0, 0), (1, 0), (2, 0), (3, 0)]
    assert s.card_used[g.card_index["e00"]] == 2


@pytest.mark.rule("RIV-T9", "RIV-W1")
def test_non_space_symbols_are_used_like_the_others():
    g, s = new(exploration=[Card(f"e{i:02d}", (("statue", "scroll", "forest"),), 2) for i in range(12)])
    at_start(s, 0)
    s.apply(PlayRow("e00"))
    assert set(s.legal_actions()) == {Use("statue"), Use("scroll"), Cross("forest", (1, 0)), EndTurn()}
    s.apply(Use("scroll"))
    s.apply(Use("statue"))
    p = s.players_state[0]
    assert p.scrolls == 1 and p.tree_crossed == 1  # the start space of side A


@pytest.mark.rule("RIV-S7")
def test_a_new_island_starts_at_a_ship_of_the_players_choice():
    g, s = new()
    assert sorted(s.legal_actions(), key=lambda a: a.at) == [StartAt((0, 0)), StartAt((2, 2))]
    with pytest.raises(IllegalAction, match="RIV-S7"):
        s.apply(PlayRow(g.card_ids[s.players_state[0].hand[0]]))
    s.apply(StartAt((2, 2)))
    assert crossed(s, 0) == [(2, 2)] and s.phase == "choose" and s.row == []
    assert not s.players_state[0].travel


def test_pending_effects_come_first():
    g, s = new(exploration=[Card(f"e{i:02d}", (("statue", "statue"),), 2) for i in range(12)], side="B")
    at_start(s, 0, tree_crossed=("b1",))
    s.apply(PlayRow("e00"))
    s.apply(Use("statue"))
    assert set(s.legal_actions()) == {PickNode("b2"), PickNode("b3")}
    with pytest.raises(IllegalAction, match="RIV-G2: answer the statue effect first"):
        s.apply(Use("statue"))
