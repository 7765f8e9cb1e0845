"""Rivages setup (RIV-S*) and the end of turns, rounds and the game (RIV-E*)."""

import pytest

from studio.model.rivages import Card, RivagesRules
from studio.rules import IllegalAction
from studio.rules.rivages import Cross, EndTurn, PlayLoot, PlayRow, StartAt
from tests.rivages.helpers import LOOT, cards, game, place, tiny

MIXED = (cards(6, players=2, prefix="two") + cards(3, players=3, prefix="three")
         + cards(3, players=4, prefix="four") + cards(3, players=5, prefix="five"))


@pytest.mark.rule("RIV-S1")
def test_each_player_gets_a_random_island_and_the_rest_form_the_pile():
    g = game(3)
    s = g.new_state()
    islands = [p.island for p in s.players_state]
    assert len(set(islands)) == 3 and len(s.pile) == len(g.maps) - 3
    assert sorted(islands + s.pile) == list(range(len(g.maps)))
    assert "pile" not in s.observation(0) and s.observation(0)["pile_size"] == len(g.maps) - 3
    deals = {tuple(p.island for p in g.new_state(seed).players_state) for seed in range(12)}
    assert len(deals) > 6  # random


@pytest.mark.rule("RIV-S2")
def test_each_player_gets_a_tree_and_everyone_uses_the_same_side():
    for side in ("A", "B"):
        g = game(4, side=side)
        s = g.new_state()
        trees = [p.tree for p in s.players_state]
        assert len(set(trees)) == 4
        assert {g.trees[t].side for t in trees} == {side}
        assert g.trees[trees[0]].start == g.trees[trees[0]].index[f"{side.lower()}1"]


@pytest.mark.rule("RIV-S3")
def test_cards_are_kept_by_marker_and_stacked_on_the_endgame_cards():
    g = game(3, exploration=MIXED)
    assert sorted(c.id for c in g.cards if not c.endgame) == sorted(
        [f"two{i:02d}" for i in range(6)] + [f"three{i:02d}" for i in range(3)])
    s = g.new_state()
    in_play = s.deck + [c for p in s.players_state for c in p.hand]
    assert sorted(in_play) == list(range(len(g.cards)))
    ends = [c for c in s.deck if g.is_endgame[c]]
    assert s.deck[: len(ends)] == ends and len(ends) == 2  # the Endgame cards are at the bottom
    assert s.exploration_left() == 9 - 6
    assert game(5, exploration=MIXED).card_len.count(3) == 15


@pytest.mark.rule("RIV-S4")
def test_each_player_draws_two_hidden_cards():
    g = game(3, exploration=MIXED)
    s = g.new_state()
    assert [len(p.hand) for p in s.players_state] == [2, 2, 2]
    obs = s.observation(1)
    assert obs["explorers"][1]["hand"] == [g.card_ids[c] for c in s.players_state[1].hand]
    assert "hand" not in obs["explorers"][0] and obs["explorers"][0]["hand_size"] == 2
    assert set(obs["card_used"]) == {g.card_ids[c] for c in s.players_state[1].hand}


@pytest.mark.rule("RIV-S5")
def test_the_great_explorer_side_matches_the_player_count():
    assert game(2).great_explorer == (3, 0)
    assert game(3).great_explorer == (4, 2) and game(5, exploration=MIXED).great_explorer == (4, 2)
    assert game(3, great_explorer={3: (6, 1)}).great_explorer == (6, 1)


@pytest.mark.rule("RIV-S6")
def test_every_loot_token_starts_in_the_bag():
    g = game(2)
    s = g.new_state()
    assert sorted(s.bag) == list(range(LOOT.total())) and sorted(g.tokens) == sorted(
        ["purse"] * 3 + ["spyglass"] * 2)


@pytest.mark.rule("RIV-S7")
def test_every_player_first_crosses_one_of_their_ships():
    g = game(3, exploration=MIXED)
    s = g.new_state()
    for seat in range(3):
        assert s.current_player == seat and s.phase == "start"
        assert {a.at for a in s.legal_actions()} == {(0, 0), (2, 2)}
        s.apply(StartAt((2, 2) if seat == 1 else (0, 0)))
        p = s.players_state[seat]
        assert bin(p.crossed).count("1") == 1 and not p.needs_start and s.phase == "choose"
        s.apply(PlayRow(g.card_ids[p.hand[0]]))
        if s.current_player == seat:
            s.apply(EndTurn())
    assert s.round == 2


def play_round(s, plays):
    """Each seat in turn: PlayRow(card) then EndTurn (``plays`` gives the card per seat)."""
    for seat, card in enumerate(plays):
        assert s.current_player == seat
        s.apply(PlayRow(card))
        if s.current_player == seat:
            s.apply(EndTurn())


def ready(players=3, exploration=None, **kw):
    exploration = exploration or cards(14, rows=(("any",), ("any",), ("any",)))
    g = game(players, exploration=exploration, **kw)
    s = g.new_state()
    for seat in range(players):
        place(s, seat, f"isle{seat}", crossed=[(0, 0)], hand=[f"e{2 * seat:02d}", f"e{2 * seat + 1:02d}"])
    s.deck = [c for c in s.deck if g.card_ids[c] not in {f"e{i:02d}" for i in range(2 * players)}]
    return g, s


@pytest.mark.rule("RIV-E1")
def test_a_turn_ends_when_the_row_is_spent_and_no_loot_may_be_played():
    g, s = ready(2)
    s.apply(PlayRow("e00"))
    s.apply(Cross("any", (1, 0)))
    assert s.current_player == 1  # nothing left: the turn ended by itself
    place(s, 1, crossed=[(0, 0)], loot=("purse",))
    s.apply(PlayRow("e02"))
    s.apply(Cross("any", (1, 0)))
    assert s.current_player == 1 and set(s.legal_actions()) == {EndTurn(), PlayLoot("purse")}
    s.apply(PlayLoot("purse"))
    assert s.current_player == 0 and s.round == 2


@pytest.mark.rule("RIV-E2")
def test_both_cards_pass_to_the_left_hand_player():
    g, s = ready(3)
    play_round(s, ["e00", "e02", "e04"])
    hands = [[g.card_ids[c] for c in p.hand] for p in s.players_state]
    assert hands == [["e04", "e05"], ["e00", "e01"], ["e02", "e03"]]
    assert s.card_used[g.card_index["e00"]] == 1  # rows used travel with the card


@pytest.mark.rule("RIV-E3")
def test_a_received_spent_card_is_discarded_and_replaced():
    g, s = ready(3)
    s.card_used[g.card_index["e00"]] = 2  # one row left on e00
    top = s.deck[-1]
    play_round(s, ["e00", "e02", "e04"])
    assert g.card_index["e00"] in s.discard
    assert [g.card_ids[c] for c in s.players_state[1].hand] == [g.card_ids[top], "e01"]
    assert s.card_used[top] == 0 and top not in s.deck


@pytest.mark.rule("RIV-E4")
def test_revealing_an_endgame_card_gives_everyone_one_last_turn():
    g, s = ready(2)
    s.deck = [g.card_index["end1"], g.card_index["end2"], g.card_index["e10"]]
    s.card_used[g.card_index["e00"]] = 2
    assert s.observation(0)["exploration_left"] == 1
    play_round(s, ["e00", "e02"])  # e00 is spent: its receiver draws e10 and the deck shows an Endgame card
    assert s.last_round and not s.is_terminal() and s.exploration_left() == 0
    play_round(s, ["e02", "e10"])
    assert s.is_terminal() and s.end_reason == "the last turn is over"
    assert s.legal_actions() == [] and s.current_player is None


@pytest.mark.rule("RIV-E4")
def test_the_game_ends_in_the_round_of_the_last_turn():
    g, s = ready(2)
    s.deck = [g.card_index["end1"], g.card_index["end2"], g.card_index["e10"]]
    s.card_used[g.card_index["e00"]] = 2
    play_round(s, ["e00", "e02"])  # round 1 reveals an Endgame card
    assert s.round == 2 and s.last_round
    play_round(s, ["e02", "e10"])
    assert s.is_terminal() and s.round == 2


@pytest.mark.rule("RIV-E4")
def test_the_round_limit_ends_the_game_after_that_many_rounds_and_says_so():
    g, s = ready(2, rules=RivagesRules(max_rounds=3))
    turns = 0
    for plays in (["e00", "e02"], ["e02", "e00"]):
        play_round(s, plays)
        turns += 2
    assert s.round == 3 and not s.is_terminal()
    play_round(s, ["e00", "e02"])
    turns += 2
    assert s.is_terminal() and s.end_reason == "round limit (3) reached"
    assert s.round == 3 and turns == 3 * g.players  # three rounds played, and counted as three


@pytest.mark.rule("RIV-E4")
def test_endgame_cards_are_played_when_the_exploration_cards_run_out():
    g, s = ready(2)
    s.deck = [g.card_index["end1"], g.card_index["end2"]]
    s.card_used[g.card_index["e00"]] = 2
    play_round(s, ["e00", "e02"])
    assert [g.card_ids[c] for c in s.players_state[1].hand] == ["end2", "e01"] and s.last_round
    s.apply(PlayRow("e02"))
    s.apply(EndTurn())
    s.apply(PlayRow("end2"))
    assert s.row == ["statue"]


@pytest.mark.rule("RIV-E5")
def test_scores_add_scrolls_unspent_loot_and_the_great_explorer():
    g, s = ready(3)
    a, b, c = s.players_state
    a.scrolls, b.scrolls, c.scrolls = 10, 9, 9
    b.past = [(5, 1)]                # b visited 2 islands, a and c one each
    c.past = [(6, 1), (7, 1)]        # c visited 3
    place(s, 0, crossed=[(0, 0)], loot=("purse", "spyglass"))
    s.last_round = True
    play_round(s, ["e00", "e02", "e04"])
    assert s.bonus == [0, 2, 4]
    assert s.scores() == [10 + 2 + 0, 9 + 2, 9 + 4]


@pytest.mark.rule("RIV-E5")
def test_great_explorer_ties_and_two_players():
    g, s = ready(3)
    s.players_state[0].past = [(5, 1)]
    s.players_state[1].past = [(6, 1)]
    assert s.great_explorer_bonus() == [4, 4, 2]  # dense: the next group is second
    g2, s2 = ready(3, rules=RivagesRules(great_explorer_ranking="competition"))
    s2.players_state[0].past = [(5, 1)]
    s2.players_state[1].past = [(6, 1)]
    assert s2.great_explorer_bonus() == [4, 4, 0]
    g3, s3 = ready(2)
    s3.players_state[1].past = [(5, 1)]
    assert s3.great_explorer_bonus() == [0, 3]
    assert ready(3)[1].great_explorer_bonus() == [4, 4, 4]  # everyone tied: everyone is first


@pytest.mark.rule("RIV-E6")
def test_most_scrolls_wins_and_ties_share():
    g, s = ready(3)
    for p, v in zip(s.players_state, (7, 7, 3)):
        p.scrolls = v
    s.last_round = True
    play_round(s, ["e00", "e02", "e04"])
    assert s.scores() == [11, 11, 7] and s.winners() == [0, 1]


def test_a_card_with_no_rows_left_cannot_be_chosen_and_the_game_never_stalls():
    g, s = ready(2, exploration=[Card(f"e{i:02d}", (("any",),), 2) for i in range(6)])
    s.card_used[g.card_index["e00"]] = 1
    with pytest.raises(IllegalAction):
        s.apply(PlayRow("e00"))
    s.apply(PlayRow("e01"))
    assert s.current_player in (0, 1)


def test_content_that_cannot_be_played_says_why():
    from studio.model.rivages import RivagesError
    with pytest.raises(RivagesError, match="3 players need at least 4 islands"):
        game(3, islands=[tiny(f"i{k}") for k in range(3)])
    with pytest.raises(RivagesError, match="5 players need at least 10 Exploration cards"):
        game(5, exploration=cards(9))
    with pytest.raises(RivagesError, match="unknown symbol 'fog'"):
        game(2, exploration=cards(12, rows=(("fog",),)))
    with pytest.raises(RivagesError, match="Rivages is for 1 to 5 players"):
        game(6)
    assert game(1, islands=[tiny("alone")]).players == 1
