"""``GreedyBot.best`` (bands bounded first, previewed best bound first, the rest skipped) against
the plain valuation it stands in for, :meth:`GreedyBot.values`: the same best value (the same
float) and the same tied actions in the same order, so every game on every seed is unchanged.
Checked on random positions of every bundled location and player count (24 cases), on a small
board full of closures, and where an extra action is on offer (RTR-T4)."""

from __future__ import annotations

import random

import pytest

from studio.bots import make_bot
from studio.rules import load_game
from studio.rules.realm import ExtraAction
from tests.rules.test_preview import SMALL, _small, positions_of, random_positions
from tests.rules.test_realm_conformance import CASES


def reference(bot, state, seat, actions):
    values = bot.values(state, seat, actions)
    top = max(values, default=float("-inf"))
    return top, [i for i, v in enumerate(values) if v >= top - 1e-9]


def check(bot, state) -> bool:
    """``best`` equals the reference on ``state``; True if an extra action was on offer."""
    if state.is_terminal():
        return False
    seat = state.current_player
    legal = state.legal_actions()
    got = bot.best(state, seat, legal)
    assert got == reference(bot, state, seat, legal)
    return any(isinstance(a, ExtraAction) for a in legal)


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}p" for p, n in CASES])
def test_best_equals_the_plain_valuation_on_bundled_positions(path, players):
    bot = make_bot("greedy")
    checked = 0
    for state, _rng in random_positions(path, players, seed=29, games=2, every=3):
        check(bot, state)
        checked += 1
    assert checked >= 10


def test_best_equals_the_plain_valuation_where_bands_close_and_extra_actions_are_on_offer():
    bot = make_bot("greedy")
    extra = 0
    for rules in (SMALL["cross-board"], dict(SMALL["cross-board"], extra_action_cost=1)):
        game = _small(2, **rules)
        for state, _rng in positions_of(game, 4, games=3, every=1):
            extra += check(bot, state)
    assert extra >= 5


@pytest.mark.parametrize("style", ["hoarder", "racer"])
def test_a_playstyle_valuing_bands_its_own_way_gets_its_own_best(style):
    bot = make_bot(style)
    path = next(p for p, n in CASES if p.stem == "jungle-temples")
    for state, _rng in random_positions(path, 2, seed=31, games=1, every=6):
        check(bot, state)


def test_games_are_unchanged():
    """A few whole greedy games: the moves picked through ``best`` are those ``values`` picks."""
    from studio.bots.base import GreedyBot

    class Plain(GreedyBot):
        def best(self, state, seat, actions, lookahead=True):
            return reference(self, state, seat, actions)

    for path, players in [c for c in CASES if c[0].stem == "jungle-temples"]:
        game = load_game(path, players, seed=1)
        played = []
        for bot in (make_bot("greedy"), Plain()):
            state, rng = game.new_state(5), random.Random(5)
            while not state.is_terminal():
                seat = state.current_player
                state.apply(bot.act(game, state.observation(seat), state.legal_actions(), rng))
            played.append([str(a) for a in state.history])
        assert played[0] == played[1] and len(played[0]) > 20
