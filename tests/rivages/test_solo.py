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
