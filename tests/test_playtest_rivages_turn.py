"""The Rivages turn as the playtest window offers it (no Qt): lit spaces per decision and symbol,
card choices, and the reason a click is not a move."""

from __future__ import annotations

import pytest

from studio.content import bundled_path
from studio.playtest import rivages_turn as turn
from studio.rules import load_game
from studio.rules.rivages.actions import Cross, Fallback, PlayRow, StartAt


@pytest.fixture(scope="module")
def game():
    return load_game(bundled_path("scenarios", "rivages.yaml"), 2, 0)


def _in_row(game, seed=3):
    s = game.new_state(seed)
    s.apply(s.legal_actions()[0])                     # start on a ship
    card = game.card_ids[s.players_state[0].hand[0]]
    s.apply(PlayRow(card))
    return s


@pytest.mark.rule("RIV-S7")
def test_a_new_island_lights_its_ships_and_refuses_other_spaces(game):
    s = game.new_state(3)
    m = s.island_map(0)
    lit = turn.space_targets(s, s.legal_actions())
    assert set(lit) == {m.at[i] for i in m.ships} and all(type(a) is StartAt for a in lit.values())
    land = next(h for i, h in enumerate(m.at) if i not in m.ships)
    assert turn.decision(s) == "start"
    assert turn.refusal(s, land) == f"RIV-S7: {list(land)} is not a ship of your island"
    assert turn.refusal(s, (99, 99)) == f"[99, 99] is not a space of {m.name}"


@pytest.mark.rule("RIV-T2", "RIV-T4")
def test_each_card_offers_its_row_and_its_free_cross(game):
    s = game.new_state(3)
    s.apply(s.legal_actions()[0])
    hand = [game.card_ids[c] for c in s.players_state[0].hand]
    assert turn.card_choices(s, s.legal_actions()) == [(c, PlayRow(c), Fallback(c)) for c in hand]
    m = s.island_map(0)
    assert turn.refusal(s, m.at[0]).startswith("RIV-T2: choose the top row of one of your cards first")


@pytest.mark.rule("RIV-T3", "RIV-T5")
def test_a_symbol_lights_only_the_spaces_it_may_cross(game):
    s = _in_row(game)
    legal = s.legal_actions()
    crosses = [a for a in legal if type(a) is Cross]
    for symbol in {a.symbol for a in crosses}:
        assert turn.space_targets(s, legal, symbol) == {a.at: a for a in crosses if a.symbol == symbol}
    both = turn.space_targets(s, legal)
    assert set(both) == {a.at for a in crosses}
    assert all(a.symbol != "any" or all(c.symbol == "any" for c in crosses if c.at == at) for at, a in both.items())
    counts = turn.symbol_choices(s, legal)
    assert {k: v for k, v in counts.items() if isinstance(v, int)} == {
        sym: sum(1 for a in crosses if a.symbol == sym) for sym in {a.symbol for a in crosses}}
    m = s.island_map(0)
    p = s.players_state[0]
    far = next(h for i, h in enumerate(m.at) if not p.reach >> i & 1 and i not in m.ships and m.kind[i] != "stronghold")
    symbol = next(sym for sym in s.row if sym in m.symbol_mask)
    assert turn.refusal(s, far, symbol) == "RIV-T5: a crossed space must be next to a space you crossed before"
