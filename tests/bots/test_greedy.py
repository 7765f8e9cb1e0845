"""The greedy bot's choices in set positions: escape the volcano, buy an extra action only when
it pays, head for what is left instead of placing bands that gain nothing."""

from __future__ import annotations

import random

import pytest

from studio.bots import make_bot
from studio.rules.realm import Draw, ExtraAction, Pass, Place
from tests.rules.realm_helpers import game_on, give, seg, small_board

VOLCANO = dict(start="anywhere", connect=False, end={"rounds": 6}, modules={"volcano": {"escape_energy": 7}})


def choose(state, actions=None):
    """The greedy bot's pick for the player to move, among ``actions`` (default: all legal)."""
    seat = state.current_player
    legal = state.legal_actions() if actions is None else actions
    return make_bot("greedy").act(state.game, state.observation(seat), legal, random.Random(0))


def band(state, *pegs):
    """The listed legal band on ``pegs`` (with its default payment)."""
    wanted = Place(tuple(pegs)).pegs
    found = [a for a in state.legal_actions() if isinstance(a, Place) and a.pegs == wanted]
    assert found, f"band {pegs} is not legal here"
    return found[0]


def with_energy(state, seat, amount):
    state.supply -= amount - state.energy[seat]
    state.energy[seat] = amount


def test_in_the_volcano_it_keeps_the_energy_it_needs_to_escape():
    s = game_on(small_board(rows=5, columns=5), extra_action_cost=3, **VOLCANO).new_state()
    with_energy(s, 0, 8)
    s.actions_left = 0  # its two actions are spent: end the turn or buy a third for 3 energy
    assert set(s.legal_actions()) == {Pass(), ExtraAction()}
    assert choose(s) == Pass()  # 8 - 3 = 5 energy would not escape (L2-4)


def test_an_extra_action_is_bought_when_the_band_it_allows_pays_for_it():
    board = small_board(rows=5, columns=5, contents={seg("a1", "a2", "b1"): (4, 0)})
    s = game_on(board, start="anywhere", connect=True, extra_action_cost=3).new_state()
    give(s, 0, red=4)
    s.apply(band(s, "a1", "a2"))
    with_energy(s, 0, 3)
    s.actions_left = 0
    # 3 energy would score 1 VP at the end (RTR-E2); the band a1-a2-b1 then takes 4 treasure
    assert choose(s) == ExtraAction()
    with_energy(s, 0, 3)
    give(s, 0)  # no card left: the extra action would buy nothing
    assert choose(s) == Pass()


def test_short_of_escape_energy_it_takes_energy_before_treasure():
    board = small_board(rows=5, columns=5, contents={seg("a1", "a2", "b1"): (2, 0), seg("d1", "e1", "e2"): (0, 1)})
    s = game_on(board, **VOLCANO).new_state()
    give(s, 0, red=6)
    treasure, energy = band(s, "a1", "a2", "b1"), band(s, "d1", "e1", "e2")
    assert choose(s, [treasure, energy]) == energy
    # once the escape is safe, treasure is worth more than one more energy
    with_energy(s, 0, 9)
    assert choose(s, [treasure, energy]) == treasure


def test_with_nothing_to_gain_it_draws_instead_of_placing_a_useless_band():
    s = game_on(small_board(rows=5, columns=5), start="anywhere", connect=True).new_state()
    give(s, 0, red=6)
    s.apply(band(s, "c2", "c3"))
    again = band(s, "c2", "c3")  # the same band again: free, and gains nothing
    assert again.payment == ()
    assert isinstance(choose(s), Draw)


def test_among_bands_that_gain_nothing_now_it_heads_for_treasure():
    board = small_board(rows=5, columns=5, contents={seg("d4", "e4", "e5"): (3, 0)})
    s = game_on(board, start="anywhere", connect=True).new_state()
    give(s, 0, red=6)
    s.apply(band(s, "b3", "c3"))
    toward, away = band(s, "c3", "d3"), band(s, "b3", "a3")
    assert len(toward.payment) == len(away.payment) == 1
    assert choose(s, [away, toward]) == toward


@pytest.mark.parametrize("modules, expected", [({"cross-board": {"bonuses": [8, 6]}}, "goal"), ({}, "treasure")])
def test_it_races_for_the_goal_edge_while_a_bonus_awaits(modules, expected):
    # seat 1 starts on row e and its goal is row a; a 1-VP segment lies off to the side
    board = small_board(rows=5, columns=5, contents={seg("d4", "d5", "e5"): (1, 0)})
    s = game_on(board, start="own-side", connect=True, modules=modules).new_state()
    give(s, 0, red=8)
    s.apply(band(s, "e2", "d2"))
    s.apply(band(s, "d2", "c2"))
    s.actions_left = 2
    s.seat = 0
    goal, side = band(s, "c2", "b2"), band(s, "c2", "c3")
    picked = choose(s, [goal, side])
    assert picked == (goal if expected == "goal" else side)


@pytest.mark.parametrize("players", [2, 4])
def test_prospects_kept_from_decision_to_decision_equal_fresh_ones(jungle_scenario, players):
    """A peg's best prospect is kept from one decision to the next while the target it heads for
    is left (taking targets never raises it): on every decision of greedy games the kept
    prospects equal ones worked out afresh, peg by peg."""
    from studio.bots.base import GreedyBot, _distance_table, _Progress
    from studio.rules import load_game

    game = load_game(jungle_scenario, players, seed=2)
    bot = GreedyBot()
    pegs = sorted(game.board.pegs)
    decisions = 0
    for g in range(2):
        state = game.new_state(g)
        rng = random.Random(g)
        while not state.is_terminal():
            seat = state.current_player
            kept = _Progress.of(bot, state, seat)
            fresh = _Progress(bot, state, seat, _distance_table(game, bot.decay, bot.horizon))
            assert kept.best_now == fresh.best_now
            assert [kept.gain((p,)) for p in pegs] == [fresh.gain((p,)) for p in pegs]
            state.apply(bot.act(game, state.observation(seat), state.legal_actions(), rng))
            decisions += 1
    assert decisions >= 40


@pytest.mark.parametrize("scenario,players", [("jungle-temples", 2), ("jungle-temples", 3), ("jungle-temples", 4),
                                              ("engraved-board", 3), ("fragile-ruins", 4), ("archipelago-city", 2)])
def test_values_kept_from_decision_to_decision_equal_plain_ones(scenario, players):
    """The greedy bot keeps what bands did from one decision to the next (BandMemo, one per
    seat) and works out again only what the actions since can have changed: at every decision
    of greedy games its values equal those of the bot that previews every band afresh, on the
    same sampled state and the plain list of actions (every band built, where the kept bot
    reads the listing's bands by shape, LegalActions.band_costs), and it picks the same action
    from the same random numbers."""
    from pathlib import Path

    from studio.bots.base import GreedyBot
    from studio.rules import load_game

    root = Path(__file__).resolve().parents[2]
    game = load_game(root / "scenarios" / f"{scenario}.yaml", players, seed=3)
    kept, plain = GreedyBot(), GreedyBot()
    plain.incremental = False
    decisions = 0
    for g in range(2):
        state = game.new_state(g)
        rng = random.Random(g)
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            sampled = game.sample_state(state.observation(seat), random.Random(g * 1000 + decisions))
            got = kept.values(sampled, seat, legal)  # the listing's bands read by shape, unbuilt
            assert got == plain.values(sampled, seat, list(legal))  # every band built, no memo
            again = random.Random()
            again.setstate(rng.getstate())
            action = kept.act(game, state.observation(seat), legal, rng)
            assert plain.act(game, state.observation(seat), list(legal), again) == action
            assert again.getstate() == rng.getstate()
            state.apply(action)
            decisions += 1
    assert decisions >= 40
    assert kept._memo(0).entries and plain._memo(0) is None


def plain_distances(game, horizon: int) -> dict:
    """Per peg, (distance, target) nearest first, by a breadth-first search from each peg."""
    topo = game.topology
    faces = [f for f in range(len(topo.faces)) if topo.is_segment[f] and (topo.treasure[f] or topo.energy[f])]
    targets = [(t, set(topo.faces[f].pegs)) for t, f in enumerate(faces)]
    targets += [(("goal", seat), set(info.goal)) for seat, info in enumerate(game.seats) if info.goal]
    out = {}
    for peg in topo.neighbours:
        dist = {peg: 0}
        frontier = [peg]
        while frontier:
            nxt = [q for p in frontier for q in topo.neighbours[p] if q not in dist]
            for q in nxt:
                dist[q] = dist[frontier[0]] + 1
            frontier = list(dict.fromkeys(nxt))
        found = []
        for order, (target, pegs) in enumerate(targets):
            d = min((dist[p] for p in pegs if p in dist), default=None)
            if d is not None and d <= horizon:
                found.append((d, order, target))
        if found:
            out[peg] = tuple((d, target) for d, _order, target in sorted(found, key=lambda x: x[:2]))
    return out


@pytest.mark.parametrize("scenario,players", [("jungle-temples", 2), ("jungle-temples", 4), ("fragile-ruins", 3),
                                              ("volcano", 2), ("archipelago-city", 3)])
def test_distance_table_equals_a_search_from_each_peg(scenario, players):
    """The progress term's table (every target's search at once, level by level) equals a plain
    breadth-first search from each peg: the same distances, nearest first, ties in target order."""
    from studio.bots.base import _distance_table
    from studio.content import bundled_path
    from studio.rules import load_game

    game = load_game(bundled_path("scenarios", f"{scenario}.yaml"), players, seed=1)
    for horizon in (3, 12):
        table = _distance_table(game, 0.7, horizon)
        assert table["near"] == plain_distances(game, horizon)
    assert len(table["near"]) > 40
