"""Rivages Tree of Wisdom (RIV-W*) and icons (RIV-I*)."""

import pytest

from studio.model.rivages import Card, Effect, RivagesRules
from studio.rules import IllegalAction
from studio.rules.rivages import Cross, EndTurn, PickArea, PickNode, PickSpace, PlayLoot, PlayRow, StartAt, Use
from tests.rivages.helpers import cards, crossed, game, place, tiny

STATUES = [Card(f"e{i:02d}", (("statue", "statue", "statue"), ("any", "any"), ("any",)), 2) for i in range(12)]
ANYS = [Card(f"e{i:02d}", (("any", "any", "any"),) * 3, 2) for i in range(12)]


def ready(exploration=STATUES, crossed_hexes=((0, 0),), islands=None, **kw):
    g = game(2, exploration=exploration, islands=islands, **kw)
    s = g.new_state()
    p = place(s, 0, (islands or [tiny("isle0")])[0].id, crossed=crossed_hexes, hand=["e00", "e01"])
    return g, s, p


@pytest.mark.rule("RIV-W1", "RIV-W2")
def test_statues_cross_the_tree_from_its_start_and_apply_effects():
    g, s, p = ready()
    tree = g.trees[p.tree]
    s.apply(PlayRow("e00"))
    s.apply(Use("statue"))
    assert p.tree_crossed == 1 << tree.index["a1"] and p.scrolls == 0  # the red-circled start: no effect
    s.apply(Use("statue"))
    assert p.tree_crossed >> tree.index["a2"] & 1 and p.scrolls == 1  # a2 gives a scroll at once
    s.apply(Use("statue"))
    assert p.tree_crossed >> tree.index["a3"] & 1 and len(p.loot) == 1  # a3: a Loot token
    assert p.statues == 3


@pytest.mark.rule("RIV-W1", "RIV-I4")
def test_a_statue_on_the_island_crosses_the_tree_too():
    g, s, p = ready(exploration=ANYS, crossed_hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))  # the white statue space
    assert p.tree_crossed == 1 << g.trees[p.tree].index["a1"] and p.statues == 1


@pytest.mark.rule("RIV-W2")
def test_a_full_tree_ignores_more_statues():
    g, s, p = ready()
    place(s, 0, crossed=[(0, 0)], tree_crossed=("a1", "a2", "a3", "a4"))
    before = p.scrolls
    s.apply(PlayRow("e00"))
    s.apply(Use("statue"))
    assert p.scrolls == before and p.statues == 1 and s.pending == []


@pytest.mark.rule("RIV-W2", "RIV-W3")
def test_side_b_branches_and_a_branch_leaves_the_others_open():
    g, s, p = ready(side="B")
    tree = g.trees[p.tree]
    assert tree.side == "B"
    s.apply(PlayRow("e00"))
    s.apply(Use("statue"))  # b1, the start: no choice
    s.apply(Use("statue"))
    assert set(s.legal_actions()) == {PickNode("b2"), PickNode("b3")}
    with pytest.raises(IllegalAction, match="RIV-W2: tree space b4 cannot be crossed now"):
        s.apply(PickNode("b4"))
    s.apply(PickNode("b3"))  # any-space effect follows
    assert s.pending == [("any", 0)]
    s.apply(PickSpace((1, 0)))
    s.apply(Use("statue"))
    assert set(s.legal_actions()) == {PickNode("b2"), PickNode("b4")}  # b2 is still open
    s.apply(PickNode("b2"))
    assert p.scrolls == 2


@pytest.mark.rule("RIV-I1")
def test_the_second_ship_brings_a_new_island_after_the_cards_pass():
    g, s, p = ready(exploration=ANYS, crossed_hexes=((0, 0), (0, 1), (0, 2), (1, 2)))
    place(s, 1, "isle1", crossed=[(0, 0)], hand=["e02", "e03"])
    next_island = s.pile[-1]
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 2)))  # the second ship
    assert p.travel and crossed(s, 0)[-1] == (2, 2)
    s.apply(Cross("any", (1, 0)))  # still on this island for the rest of the turn
    s.apply(EndTurn())
    s.apply(PlayRow("e02"))
    s.apply(EndTurn())
    # round over: cards passed left first, then the voyage
    assert [g.card_ids[c] for c in p.hand] == ["e02", "e03"]
    assert p.island == next_island and p.islands_visited == 2 and p.crossed == 0
    assert g.maps[p.past[0][0]].id == "isle0" and bin(p.past[0][1]).count("1") == 6
    assert s.phase == "start" and {a.at for a in s.legal_actions()} == {(0, 0), (2, 2)}
    s.apply(StartAt((0, 0)))
    assert crossed(s, 0) == [(0, 0)] and not p.travel


@pytest.mark.rule("RIV-I1")
def test_without_ship_symbols_only_any_crosses_the_second_ship():
    g, s, p = ready(exploration=cards(12, rows=(("lagoon", "any"),)), crossed_hexes=((0, 0), (0, 1), (0, 2), (1, 2)),
                    rules=RivagesRules(ship_symbols=False))
    s.apply(PlayRow("e00"))
    targets = {(a.symbol, a.at) for a in s.legal_actions() if isinstance(a, Cross)}
    assert ("lagoon", (2, 2)) not in targets and ("any", (2, 2)) in targets
    g2, s2, p2 = ready(exploration=cards(12, rows=(("lagoon", "any"),)), crossed_hexes=((0, 0), (0, 1), (0, 2), (1, 2)))
    s2.apply(PlayRow("e00"))
    assert Cross("lagoon", (2, 2)) in s2.legal_actions()


@pytest.mark.rule("RIV-I2")
def test_scroll_icon():
    isle = tiny("isle0", icons={(3, 0): Effect(scrolls=3)})
    g, s, p = ready(exploration=ANYS, islands=[isle] + [tiny(f"x{i}") for i in range(4)],
                    crossed_hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))
    assert p.scrolls == 3


@pytest.mark.rule("RIV-I3")
def test_any_symbol_icon_crosses_a_space_of_any_type_next_to_a_crossed_one():
    isle = tiny("isle0", icons={(3, 0): Effect(any=1)})
    g, s, p = ready(exploration=ANYS, islands=[isle] + [tiny(f"x{i}") for i in range(4)],
                    crossed_hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))
    assert sorted(a.at for a in s.legal_actions()) == [(-1, 1), (0, 1), (2, 1), (3, 1), (4, 0)]
    s.apply(PickSpace((4, 0)))
    assert (4, 0) in crossed(s, 0) and s.row == ["any", "any"]


@pytest.mark.rule("RIV-I5")
def test_area_icon_crosses_a_whole_area_next_to_the_crossed_spaces():
    isle = tiny("isle0", icons={(3, 0): Effect(area="cliff")})
    g, s, p = ready(exploration=ANYS, islands=[isle] + [tiny(f"x{i}") for i in range(4)],
                    crossed_hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))  # one cliff area, next to (2, 0) and (3, 0): crossed whole, no choice
    assert {(2, 1), (3, 1)} <= set(crossed(s, 0)) and s.pending == []
    m = g.maps[p.island]
    assert p.areas_done >> m.area_of[m.index[(2, 1)]] & 1


@pytest.mark.rule("RIV-I5")
def test_four_colour_area_icon_lets_the_player_pick_the_terrain():
    isle = tiny("isle0", icons={(3, 0): Effect(area="all")})
    g, s, p = ready(exploration=ANYS, islands=[isle] + [tiny(f"x{i}") for i in range(4)],
                    crossed_hexes=((0, 0), (1, 0), (2, 0)))
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (3, 0)))
    # the dune area touches the ship, the cliff area touches (2, 0); the lagoon area touches nothing crossed
    assert set(s.legal_actions()) == {PickArea((-1, 1)), PickArea((2, 1))}
    with pytest.raises(IllegalAction, match="RIV-I5"):
        s.apply(PickArea((-1, 2)))
    s.apply(PickArea((-1, 1)))
    assert {(-1, 1), (0, 1)} <= set(crossed(s, 0))


@pytest.mark.rule("RIV-I6")
def test_loot_icon_draws_and_only_one_token_is_played_per_turn():
    g, s, p = ready(exploration=ANYS, crossed_hexes=((0, 0), (0, 1), (0, 2)))
    place(s, 0, crossed=[(0, 0), (0, 1), (0, 2)], loot=("purse",))
    top = s.bag[-1]
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (1, 2)))  # the loot icon
    assert p.loot[-1] == top and p.loot_drawn == 1
    kinds = {a.kind for a in s.legal_actions() if isinstance(a, PlayLoot)}
    assert "purse" in kinds
    s.apply(PlayLoot("purse"))
    assert p.scrolls == 2 and s.loot_discard and g.tokens[s.loot_discard[-1]] == "purse"
    assert not any(isinstance(a, PlayLoot) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="RIV-I6: only one Loot token"):
        s.apply(PlayLoot(g.tokens[p.loot[0]]))


@pytest.mark.rule("RIV-I6")
def test_an_empty_bag_is_refilled_from_the_played_tokens():
    g, s, p = ready(exploration=ANYS, crossed_hexes=((0, 0), (0, 1), (0, 2)))
    s.loot_discard, s.bag = list(s.bag), []
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (1, 2)))
    assert len(p.loot) == 1 and len(s.bag) == len(g.tokens) - 1 and s.loot_discard == []
    # tokens are never lost: bag, discard and hands hold all of them
    held = sum(len(q.loot) for q in s.players_state)
    assert held + len(s.bag) + len(s.loot_discard) == len(g.tokens)


@pytest.mark.rule("RIV-I6")
def test_a_loot_token_may_be_played_before_the_row():
    g, s, p = ready(exploration=ANYS)
    place(s, 0, crossed=[(0, 0)], loot=("spyglass",))
    assert PlayLoot("spyglass") in s.legal_actions()
    s.apply(PlayLoot("spyglass"))
    assert s.phase == "choose" and s.pending == [("any", 0)]
    s.apply(PickSpace((1, 0)))
    assert s.phase == "choose" and s.loot_used
