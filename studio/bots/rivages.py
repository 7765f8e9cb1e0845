"""A greedy bot for Rivages: one step of look-ahead on a state sampled from its observation.

Each legal action is previewed (``state.preview``: played on what the seat sees and taken back;
see :class:`RivagesGreedyBot`) and the position after it valued by :func:`position_value`; the best action wins,
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
    return (mask & crossed).bit_count() / max(1, mask.bit_count())


def goal_progress(state, seat: int) -> float:
    """Value of the progress toward the next step of each goal of the seat's island."""
    return player_goal_progress(state.game, state.players_state[seat])


def player_goal_progress(game, p) -> float:
    """:func:`goal_progress` of the position ``p`` (a :class:`~studio.rules.rivages.game.Player`).
    Remembered per island, crossed spaces and goal steps (:data:`_PROGRESS`, bounded): a turn
    values the same positions many times."""
    m = game.maps[p.island]
    crossed = p.crossed
    key = (m, crossed, *p.goal_done, *p.goal_used)
    total = _PROGRESS.get(key)
    if total is None:
        if len(_PROGRESS) >= 50_000:
            _PROGRESS.clear()
        total = _PROGRESS[key] = _goal_progress(m, p, crossed)
    return total


def _goal_progress(m, p, crossed: int) -> float:
    """:func:`_goal_progress_plain` with each goal's term remembered per step, steps used and
    the crossed spaces the step can count (:data:`_TERMS`): a cross elsewhere on the island
    leaves the term as it was. The same terms summed in the same order: the same float."""
    total = 0.0
    for g, (_, steps) in enumerate(m.goals):
        done = p.goal_done[g]
        if done >= len(steps):
            continue
        st = steps[done]
        used = p.goal_used[g]
        support = _SUPPORT.get(st)
        if support is None:
            if len(_SUPPORT) >= 10_000:
                _SUPPORT.clear()
            support = _SUPPORT[st] = _step_support(m, st)
        seen = crossed & support
        key = (st, used, seen)
        term = _TERMS.get(key)
        if term is None:
            if len(_TERMS) >= 50_000:
                _TERMS.clear()
            term = _TERMS[key] = _goal_term(m, st, used, seen)
        total += term
    return total


def _step_support(m, st) -> int:
    """The spaces a goal step's progress reads: its areas' spaces, its candidates', its mask."""
    if st.kind == "areas":
        out = 0
        for a in bits(m.areas_of_terrain[st.terrain]):
            out |= m.areas[a]
        return out
    if st.kind == "pattern":
        out = 0
        for c in st.candidates:
            out |= c
        return out
    return st.mask


def _goal_term(m, st, used: int, crossed: int) -> float:
    """One goal's share of :func:`_goal_progress`: ``GOAL_SHARE * frac ** 2 * reward``."""
    if st.kind == "areas":
        pool = m.areas_of_terrain[st.terrain] & ~used
        areas = m.areas
        fractions = sorted((_fraction(areas[a], crossed) for a in bits(pool)), reverse=True)
        frac = sum(fractions[: st.count]) / st.count if fractions else 0.0
    elif st.kind == "pattern":
        frac = max((_fraction(c, crossed) for c in st.candidates if not c & used), default=0.0)
    else:
        frac = _fraction(st.mask, crossed)
    worth = _REWARD.get(st.reward)
    if worth is None:
        worth = _REWARD[st.reward] = reward_value(st.reward)
    return GOAL_SHARE * frac * frac * worth


def _goal_progress_plain(m, p, crossed: int) -> float:
    """:func:`_goal_progress` read afresh (the reference tests/rivages/test_preview.py holds it to)."""
    total = 0.0
    for g, (_, steps) in enumerate(m.goals):
        done = p.goal_done[g]
        if done >= len(steps):
            continue
        total += _goal_term(m, steps[done], p.goal_used[g], crossed)
    return total


_REWARD: dict = {}  # reward atoms -> reward_value (a few dozen distinct rewards per scenario)
_PROGRESS: dict = {}  # (island map, crossed, goal steps met and used) -> goal progress
_SUPPORT: dict = {}   # goal step -> the spaces its progress reads
_TERMS: dict = {}     # (goal step, its spaces used, crossed spaces of its support) -> its term


def position_value(state, seat: int) -> float:
    """A heuristic worth of ``state`` for ``seat``, in scrolls."""
    own_row = state.row if state.seat == seat and state.phase == "row" else None
    return player_value(state.game, state.players_state[seat], own_row)


def player_value(game, p, row=None) -> float:
    """:func:`position_value` of the position ``p`` (a seat's
    :class:`~studio.rules.rivages.game.Player`) with ``row`` the symbols it still plays this
    turn (None when its turn is not in the row phase)."""
    value = p.scrolls + LOOT_VALUE * len(p.loot) + ISLAND_VALUE * (len(p.past) + 1)
    value += CROSS_VALUE * p.crossed.bit_count() + TREE_VALUE * p.tree_crossed.bit_count()
    if p.travel:
        value += TRAVEL_VALUE
    m = game.maps[p.island]
    crossed = p.crossed
    key = (m, crossed, *p.goal_done, *p.goal_used)  # player_goal_progress, written out: one call less
    progress = _PROGRESS.get(key)
    if progress is None:
        if len(_PROGRESS) >= 50_000:
            _PROGRESS.clear()
        progress = _PROGRESS[key] = _goal_progress(m, p, crossed)
    value += progress
    if row is not None:
        frontier = p.reach & ~p.crossed & m.crossable
        for sym in row:
            mask = m.symbol_mask.get(sym)
            if mask is None:
                value += ACTION_SYMBOL_VALUE[sym] if sym in SYMBOL_ATOMS else 0.0
            elif mask & frontier:
                value += SYMBOL_VALUE
    return value


class RivagesGreedyBot(Bot):
    """Best immediate worth by :func:`position_value` (see the module docstring).

    A decision takes one number from ``rng`` to seed the hidden deal, previews every action
    on ``game.visible_state(observation)`` (what the seat sees, nothing dealt: an action that
    stays within the seat's turn never reads a hidden card), deals a state from that seed
    (``game.sample_state``) only for an action whose value depends on hidden parts (the
    island a traveller sails to at the round's end, a reshuffle; see :meth:`values`), and
    breaks ties with ``rng.choice``. :meth:`act_plain` makes the same
    decision by playing every action on a copy of the dealt state (the reference the tests
    compare with)."""

    name = "greedy"

    def act(self, game, observation, legal_actions, rng: random.Random):
        if len(legal_actions) == 1:
            return legal_actions[0]
        deal = rng.random()
        return rng.choice(_best(legal_actions, self.values(game, observation, legal_actions, deal)))

    def decide(self, view, legal_actions, rng: random.Random):
        """:meth:`act` from a seat view (``state.seat_view(seat)``): the visible state read
        from the state in place (``view.visible_state()``), the observation built only when a
        deal is needed. The same values, draws and action as :meth:`act` on
        ``view.observation()`` (tests/rivages/test_seat_view.py)."""
        visible = getattr(view, "visible_state", None)
        if visible is None:  # a view that cannot read in place
            return self.act(view.game, view.observation(), legal_actions, rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        deal = rng.random()
        values = _values(view.game, visible(), view.observation, legal_actions, deal)
        return rng.choice(_best(legal_actions, values))

    @staticmethod
    def values(game, observation, legal_actions, deal: float) -> list[float]:
        """:func:`player_value` after each of ``legal_actions`` for the observer, previewed on
        ``game.visible_state(observation)``. An action that ends the round is valued on the
        seat's position as its turn leaves it (``preview(..., turn=True)``): the round's end
        changes nothing :func:`player_value` reads (hands pass, cards are drawn) unless the seat
        sails to a new island (RIV-I1), whose card is hidden; only then, and for a reshuffle
        (RIV-I6), is the action played on a state dealt from ``random.Random(deal)``. Equal to
        :meth:`plain_values` on that dealt state (tests/rivages/test_preview.py)."""
        return _values(game, game.visible_state(observation), lambda: observation, legal_actions, deal)

    def act_plain(self, game, observation, legal_actions, rng: random.Random):
        """:meth:`act` by playing each action on a copy of the dealt state."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        dealt = game.sample_state(observation, random.Random(rng.random()))
        return rng.choice(_best(legal_actions, self.plain_values(dealt, seat, legal_actions)))

    @staticmethod
    def plain_values(state, seat: int, actions) -> list[float]:
        """:func:`position_value` after each action, each played on a copy of ``state``."""
        values = []
        for action in actions:
            after = state.clone()
            after.apply_trusted(action)
            values.append(position_value(after, seat))
        return values


def _values(game, seen, observation, legal_actions, deal: float) -> list[float]:
    """:meth:`RivagesGreedyBot.values` on ``seen`` (the visible state), ``observation()``
    giving the observation to deal from when an action needs hidden parts."""
    dealt = None
    values = []
    for action, after in zip(legal_actions, seen.previews(legal_actions)):
        if after is None or (after.round_end and after.player.travel):
            if dealt is None:
                dealt = game.sample_state(observation(), random.Random(deal))
            after = dealt.preview(action)
        values.append(player_value(game, after.player, after.own_row))
    return values


def _best(actions, values) -> list:
    """The actions of the best value (ties within 1e-9, first best first)."""
    best, best_value = [], None
    for action, value in zip(actions, values):
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best
