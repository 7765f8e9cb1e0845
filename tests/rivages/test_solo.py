"""Rivages solo mode (RIV-X*)."""

import pytest

from studio.model.rivages import Card
from studio.rules.rivages import Cross, EndTurn, PlayRow
from tests.rivages.helpers import cards, game, place

MIXED = cards(10, players=2, prefix="two") + cards(4, players=3, prefix="three")
ONE_ROW = [Card(f"e{i:02d}", (("any",), ("any",), ("any",)), 2) for i in range(10)]


def solo(**kw):
    kw.setdefault("exploration", ONE_ROW)
    g = game(1, **kw)
    return g, g.new_state()


def play_turn(s, card=None):
    p = s.players_state[0]
    g = s.game
    card = card or g.card_ids[p.hand[0]]
    s.apply(PlayRow(card))
    if s.current_player == 0 and s.phase == "row" and not s.is_terminal():
        s.apply(EndTurn())


@pytest.mark.rule("RIV-X1")
def test_solo_plays_eight_cards_marked_two_for_twenty_six_scrolls():
    g, s = solo(exploration=MIXED)
    p = s.players_state[0]
    in_play = s.deck + p.hand
    assert len(in_play) == 8 and len(p.hand) == 2
    assert all(g.cards[c].players == 2 for c in in_play) and not any(g.is_endgame)
    assert s.solo_target() == 26
    assert game(1, exploration=MIXED).new_state(5).deck != s.deck  # a random eight


@pytest.mark.rule("RIV-X2")
def test_discovery_and_advanced_modes():
    g, s = solo(solo_mode="discovery", challenges=3)
    assert g.side == "A" and s.challenges == []
    g, s = solo(solo_mode="advanced", challenges=2, side="A")
    assert g.side == "B" and all(t.side == "B" for t in g.trees)
    assert len(s.challenges) == 2 and len({c.id for c in s.challenges}) == 2
    picks = {tuple(c.id for c in g.new_state(seed).challenges) for seed in range(10)}
    assert len(picks) > 1  # drawn at random
    g, s = solo(solo_mode="advanced", challenges=("study", "roam"))
    assert [c.id for c in s.challenges] == ["study", "roam"]


@pytest.mark.rule("RIV-X3")
def test_after_each_solo_turn_both_cards_are_discarded_and_two_drawn():
    g, s = solo()
    p = s.players_state[0]
    place(s, 0, "isle0", crossed=[(0, 0)])
    first = list(p.hand)
    nxt = s.deck[-2:]
    play_turn(s)
    assert s.discard == first and sorted(p.hand) == sorted(nxt) and s.round == 2
    # an empty draw pile is rebuilt from the discards
    s.deck = []
    s.discard = [g.card_index["e07"], g.card_index["e08"], g.card_index["e09"]]
    place(s, 0, crossed=[(0, 0)], hand=["e05", "e06"])
    play_turn(s)
    assert len(p.hand) == 2 and len(s.deck) + len(s.discard) + len(p.hand) == 5
    assert set(p.hand) <= {g.card_index[c] for c in ("e05", "e06", "e07", "e08", "e09")}


@pytest.mark.rule("RIV-X4")
def test_spent_cards_are_removed_and_the_fourth_removal_ends_the_game():
    g, s = solo()
    p = s.players_state[0]
    place(s, 0, "isle0", crossed=[(0, 0)], hand=["e00", "e01"], used={"e00": 2})
    s.removed = [g.card_index["e07"], g.card_index["e08"]]
    play_turn(s, "e00")  # e00's last row: removed, the third card out
    assert g.card_index["e00"] in s.removed and g.card_index["e00"] not in s.discard
    assert not s.is_terminal()
    c = p.hand[0]
    s.card_used[c] = 2
    s.apply(PlayRow(g.card_ids[c]))
    assert not s.is_terminal()  # the game ends at the end of the turn, not at once
    s.apply(Cross("any", (1, 0)))
    assert s.is_terminal() and s.end_reason == "4 Exploration cards removed" and len(s.removed) == 4


@pytest.mark.rule("RIV-X4")
def test_the_solo_game_ends_in_the_round_of_the_fourth_removal():
    g, s = solo()
    place(s, 0, "isle0", crossed=[(0, 0)], hand=["e00", "e01"], used={"e00": 1})
    s.removed = [g.card_index[c] for c in ("e07", "e08", "e09")]
    play_turn(s, "e01")  # round 1: e01 has rows left, nothing removed
    assert s.round == 2 and not s.is_terminal()
    place(s, 0, crossed=[(0, 0)], hand=["e00", "e02"], used={"e00": 2})
    play_turn(s, "e00")  # round 2: e00's last row, the fourth card out
    assert s.is_terminal() and s.end_reason == "4 Exploration cards removed" and s.round == 2


@pytest.mark.rule("RIV-X4")
def test_the_solo_round_limit_ends_the_game_after_that_many_turns():
    from studio.model.rivages import RivagesRules
    g, s = solo(rules=RivagesRules(max_rounds=2))
    place(s, 0, "isle0", crossed=[(0, 0)])
    play_turn(s)
    assert s.round == 2 and not s.is_terminal()
    play_turn(s)
    assert s.is_terminal() and s.end_reason == "round limit (2) reached" and s.round == 2
    assert s.solo_result()["rounds"] == 2


@pytest.mark.rule("RIV-X5")
def test_solo_explorer_pays_on_reaching_the_fourth_fifth_and_sixth_island():
    g, s = solo(exploration=[Card(f"e{i:02d}", (("any", "any", "any", "any", "any", "any"),) * 3, 2) for i in range(10)])
    p = s.players_state[0]
    gains = []
    for visited in range(1, 7):
        place(s, 0, g.maps[p.island].id, crossed=[(0, 0), (0, 1), (0, 2), (1, 2)])
        p.past = [(99, 1)] * (visited - 1)
        before = p.scrolls
        s.apply(PlayRow(g.card_ids[p.hand[0]]))
        s.apply(Cross("any", (2, 2)))
        s.apply(EndTurn())
        assert p.islands_visited == visited + 1
        gains.append(p.scrolls - before)
        s.card_used = [0] * len(g.cards)
    assert gains == [0, 0, 2, 2, 3, 0]


@pytest.mark.rule("RIV-X6")
def test_challenges_must_all_be_met_to_win():
    g, s = solo(solo_mode="advanced", challenges=("hoard", "climb", "roam", "map", "study"))
    p = s.players_state[0]
    assert s.solo_target() == 30  # the scroll challenge raises the target by 4
    p.scrolls = 30
    p.loot_drawn, p.statues, p.past = 6, 8, [(7, 1)] * 4
    p.areas_by_terrain = [2, 2, 2, 2]
    s.end_reason = "test"
    result = s.solo_result()
    assert result["won"] and all(c["met"] for c in result["challenges"].values())
    assert s.winners() == [0]
    for field, value in (("loot_drawn", 5), ("statues", 7), ("past", [(7, 1)] * 3), ("areas_by_terrain", [2, 2, 1, 2]),
                         ("scrolls", 29)):
        saved = getattr(p, field)
        setattr(p, field, value)
        result = s.solo_result()
        unmet = [cid for cid, c in result["challenges"].items() if not c["met"]]
        assert not result["won"] and s.winners() == [] and len(unmet) == 1, field
        setattr(p, field, saved)


@pytest.mark.rule("RIV-X1", "RIV-X6")
def test_without_challenges_twenty_six_scrolls_win():
    g, s = solo()
    p = s.players_state[0]
    s.end_reason = "test"
    p.scrolls = 25
    assert not s.solo_result()["won"]
    p.scrolls = 26
    assert s.solo_result()["won"] and s.solo_result()["challenges"] == {}


@pytest.mark.rule("RIV-X7")
def test_unused_loot_is_worth_a_scroll_in_solo_too():
    g, s = solo()
    p = place(s, 0, "isle0", crossed=[(0, 0)], loot=("purse", "spyglass"))
    p.scrolls = 24
    s.removed = [g.card_index[c] for c in ("e07", "e08", "e09")]
    s.card_used[p.hand[0]] = 2
    s.apply(PlayRow(g.card_ids[p.hand[0]]))
    s.apply(Cross("any", (1, 0)))
    s.apply(EndTurn())
    assert s.is_terminal() and s.scores() == [26] and s.winners() == [0]


def _last_turn(s, removed=3, card="e00"):
    """The solo player holds ``card`` on its last row with ``removed`` cards already out: the
    turn that spends it ends the game (RIV-X4)."""
    g = s.game
    s.removed = [g.card_index[c] for c in ("e07", "e08", "e09")][:removed]
    s.card_used[g.card_index[card]] = 2


def _navigator_last_turn(scrolls: int, **options):
    """An advanced solo game with the Navigator only, the player on its fourth island (the
    second ship of the first one next to it), ``scrolls`` scrolls, at the start of its last
    turn: ``(game, state, player)``."""
    g, s = solo(solo_mode="advanced", challenges=("roam",), **options)
    p = place(s, 0, "isle0", crossed=[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], hand=["e00", "e01"])
    _sail_past(s, 3)  # on the fourth island
    p.scrolls = scrolls
    _last_turn(s)
    return g, s, p


def _sail_past(s, n):
    """``n`` islands of the pile set aside, as if visited before (RIV-I1)."""
    p = s.players_state[0]
    p.past = [(s.pile.pop(), 1) for _ in range(n)]


@pytest.mark.rule("RIV-X6", "RIV-I1", "RIV-X5")
def test_navigator_is_won_by_the_fifth_island_reached_on_the_last_turn():
    g, s, p = _navigator_last_turn(24)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 2)))  # the second ship, by the bridge from (4, 0)
    if not s.is_terminal():
        s.apply(EndTurn())
    result = s.solo_result()
    assert s.is_terminal() and result["islands"] == 5 and p.islands_visited == 5
    assert result["challenges"]["roam"] == {"kind": "islands", "need": 5, "progress": 5, "met": True}
    assert result["total"] == 26 and result["won"]  # 24 + 2 for the fifth island (RIV-X5)
    assert p.crossed.bit_count() == 1  # the new island's first ship, crossed for the player


@pytest.mark.rule("RIV-X6", "RIV-I1")
def test_navigator_is_lost_one_island_short():
    g, s, p = _navigator_last_turn(30)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 1)))  # not the ship: the player stays on its fourth island
    if not s.is_terminal():
        s.apply(EndTurn())
    result = s.solo_result()
    assert s.is_terminal() and result["islands"] == 4 and not result["won"]
    assert result["challenges"]["roam"]["progress"] == 4 and not result["challenges"]["roam"]["met"]


@pytest.mark.rule("RIV-X6", "RIV-I1", "RIV-E5")
def test_without_travel_on_the_last_turn_no_island_is_counted_unvisited():
    # With the rule switch off, the second ship crossed on the last turn brings no island, alone
    # as with others: an island counts only once a space of it is crossed (RIV-E5)
    from studio.model.rivages import RivagesRules
    g, s, p = _navigator_last_turn(30, rules=RivagesRules(travel_on_last_turn=False))
    pile = list(s.pile)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 2)))
    if not s.is_terminal():
        s.apply(EndTurn())
    result = s.solo_result()
    assert s.is_terminal() and s.pile == pile and g.maps[p.island].id == "isle0"
    assert result["islands"] == 4 and not result["challenges"]["roam"]["met"] and not result["won"]
    assert result["total"] == 30  # no Solo Explorer scrolls for an island never reached (RIV-X5)


@pytest.mark.rule("RIV-X6", "RIV-G4")
def test_surveyor_is_won_by_the_eighth_area_completed_on_the_last_turn():
    g, s = solo(solo_mode="advanced", challenges=("map",))
    # the lagoon area (-1, 2)-(0, 2) is one space short
    p = place(s, 0, "isle0", crossed=[(0, 0), (0, 1), (-1, 1), (0, 2)], hand=["e00", "e01"])
    lagoon = g.terrain_index["lagoon"]
    p.areas_by_terrain = [2] * len(g.terrains)
    p.areas_by_terrain[lagoon] = 1  # seven areas completed on earlier islands and this one
    p.scrolls = 26
    _last_turn(s)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (-1, 2)))
    if not s.is_terminal():
        s.apply(EndTurn())
    result = s.solo_result()
    assert s.is_terminal() and p.areas_by_terrain == [2] * len(g.terrains)
    assert result["challenges"]["map"] == {"kind": "areas", "need": 2, "progress": 2, "met": True}
    assert result["won"] and result["total"] == 26


@pytest.mark.rule("RIV-X6", "RIV-I1")
def test_surveyor_counts_areas_completed_on_every_island_visited():
    g, s = solo(solo_mode="advanced", challenges=("map",))
    p = place(s, 0, "isle0", crossed=[(0, 0), (0, 1), (-1, 1), (0, 2), (1, 0), (2, 0), (3, 0), (4, 0)],
              hand=["e00", "e01"])
    p.areas_by_terrain = [1] * len(g.terrains)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 2)))  # the second ship: the areas stay counted after sailing
    if s.round == 1:
        s.apply(EndTurn())
    assert p.islands_visited == 2 and p.areas_by_terrain == [1] * len(g.terrains)
    place(s, 0, crossed=[(0, 0), (1, 0)], hand=["e00", "e01"])
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (2, 0)))  # completes the forest area (1, 0)-(2, 0) of the new island
    assert p.areas_by_terrain[g.terrain_index["forest"]] == 2
    assert s.challenge_progress(s.challenges[0]) == 1


@pytest.mark.rule("RIV-X6", "RIV-I1")
def test_the_greedy_bot_sails_to_its_fifth_island_when_one_cross_away():
    import random

    from studio.bots.rivages import RivagesGreedyBot
    g, s, p = _navigator_last_turn(24)
    s.apply(PlayRow("e00"))
    bot = RivagesGreedyBot()
    for seed in range(5):
        t = s.clone()
        action = bot.act(g, t.observation(0), t.legal_actions(), random.Random(seed))
        assert action == Cross("any", (2, 2))
        t.apply(action)
        if not t.is_terminal():
            t.apply(EndTurn())
        assert t.solo_result()["won"] and t.solo_result()["islands"] == 5
