"""A greedy bot for Rivages: one step of look-ahead on a state sampled from its observation.

Each legal action is played on a copy of a state drawn from what the seat may see
(``game.sample_state``), and the copy is valued by :func:`position_value`; the best action wins,
ties broken at random. The value counts what the final score counts (scrolls, held Loot,
islands visited) and, with smaller weights, what leads there: crossed spaces, tree spaces,
progress on the island's goals, the symbols of the chosen row that still have a target, and a
voyage already earned.
"""

from __future__ import annotations

import random

from studio.bots.base import Bot
from studio.rules.rivages.board import SYMBOL_ATOMS, bits

LOOT_VALUE = 1.3         # a held token: 1 scroll at the end, more when played well
ISLAND_VALUE = 2.5       # Great Explorer / Solo Explorer, and a fresh island's easy goals
TRAVEL_VALUE = 2.0       # the second ship is crossed: a new island comes at the end of the turn
CROSS_VALUE = 0.2
TREE_VALUE = 0.5
SYMBOL_VALUE = 0.35      # a row symbol that can still cross a space this turn
ACTION_SYMBOL_VALUE = {"statue": 1.0, "scroll": 1.0, "loot": LOOT_VALUE}
GOAL_SHARE = 0.6         # how much of a goal's reward its progress is worth
ATOM_VALUE = {"scrolls": 1.0, "loot": LOOT_VALUE, "statue": 1.0, "any": 0.6, "leap": 0.6, "area": 1.2}


def reward_value(atoms) -> float:
    return sum(arg if kind == "scrolls" else ATOM_VALUE[kind] for kind, arg in atoms)


def _fraction(mask: int, crossed: int) -> float:
    return bin(mask & crossed).count("1") / max(1, bin(mask).count("1"))


def goal_progress(state, seat: int) -> float:
    """Value of the progress toward the next step of each goal of the seat's island."""
    p = state.players_state[seat]
    m = state.game.maps[p.island]
    total = 0.0
    for g, (_, steps) in enumerate(m.goals):
        done = p.goal_done[g]
        if done >= len(steps):
            continue
        st = steps[done]
        used = p.goal_used[g]
        if st.kind == "areas":
            pool = m.areas_of_terrain[st.terrain] & ~used
            fractions = sorted((_fraction(m.areas[a], p.crossed) for a in bits(pool)), reverse=True)
            frac = sum(fractions[: st.count]) / st.count if fractions else 0.0
        elif st.kind == "pattern":
            frac = max((_fraction(c, p.crossed) for c in st.candidates if not c & used), default=0.0)
        else:
            frac = _fraction(st.mask, p.crossed)
        total += GOAL_SHARE * frac * frac * reward_value(st.reward)
    return total


def position_value(state, seat: int) -> float:
    """A heuristic worth of ``state`` for ``seat``, in scrolls."""
    p = state.players_state[seat]
    game = state.game
    value = p.scrolls + LOOT_VALUE * len(p.loot) + ISLAND_VALUE * p.islands_visited
    value += CROSS_VALUE * bin(p.crossed).count("1") + TREE_VALUE * bin(p.tree_crossed).count("1")
    if p.travel:
        value += TRAVEL_VALUE
    value += goal_progress(state, seat)
    if state.seat == seat and state.phase == "row":
        m = game.maps[p.island]
        frontier = p.reach & ~p.crossed & m.crossable
        for sym in state.row:
            mask = m.symbol_mask.get(sym)
            if mask is None:
                value += ACTION_SYMBOL_VALUE[sym] if sym in SYMBOL_ATOMS else 0.0
            elif mask & frontier:
                value += SYMBOL_VALUE
    return value


class RivagesGreedyBot(Bot):
    """Best immediate worth by :func:`position_value` (see the module docstring)."""

    name = "greedy"

    def act(self, game, observation, legal_actions, rng: random.Random):
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        base = game.sample_state(observation, rng)
        best, best_value = [], None
        for action in legal_actions:
            after = base.clone()
            after.apply_trusted(action)
            value = position_value(after, seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)
