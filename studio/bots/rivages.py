"""A greedy bot for Rivages: one step of look-ahead on a state sampled from its observation.

Each legal action is previewed (``state.preview``: played on what the seat sees and taken back;
see :class:`RivagesGreedyBot`) and the position after it valued by :func:`position_value`; the best action wins,
ties broken at random. The value counts what the final score counts (scrolls, held Loot,
islands visited) and, with smaller weights, what leads there: crossed spaces, tree spaces,
progress on the island's goals, the symbols of the chosen row that still have a target, and a
voyage already earned.

The horizon is the same for every seat: an action is valued on the position it leaves, and
an action that ends the seat's turn on the position the round's end will leave (its voyage
made, RIV-I1), whether that turn ends the round (the last seat's) or hands it to the next
seat. In the advanced solo game the bot knows its challenge cards (RIV-X6) and values the
progress toward them as much as the scroll target (:func:`solo_aims`).
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


def position_value(state, seat: int, turn_over: bool | None = None) -> float:
    """A heuristic worth of ``state`` for ``seat``, in scrolls: :func:`player_value` of its
    position, with its row when it is in the row phase of its turn. ``turn_over``: whether the
    seat's turn of this round is over, so that the round's end is all that still comes before
    its next decision (None: the state says, a seat before the one to move in the round of a
    game not over; give True for a state :meth:`apply_until_round_end` stopped). Then its
    voyage, if one comes, is valued as made (see :func:`player_value`)."""
    if turn_over is None:
        turn_over = state.end_reason is None and seat < state.seat
    own_row = state.row if state.seat == seat and state.phase == "row" and not turn_over else None
    p = state.players_state[seat]
    sails = p.travel and voyage_comes(state.game, len(state.pile), state.round_ends_game())
    return player_value(state.game, p, own_row, turn_over=turn_over, sails=sails, aims=solo_aims(state))


def position_values(state) -> list[float]:
    """``[position_value(state, s) for s in range(players)]`` in one pass (an MCTS leaf is
    valued so): what the seats share (the solo aims, whether a voyage comes) read once, and
    :func:`player_value` written out for the common case (no voyage valued as made, no solo
    aims), with the same terms added in the same order: the same floats
    (tests/rivages/test_fast_paths.py)."""
    game = state.game
    maps = game.maps
    aims = solo_aims(state)
    mover = state.seat if state.end_reason is None else -1  # seats before it have played
    row_seat = state.seat if state.phase == "row" else -1  # its row is valued
    voyage = None  # voyage_comes(...), read once when a seat has earned one
    memo = None
    dealer = state.dealt_by
    if dealer is not None and state.round == dealer.round and mover >= 0:
        # a state dealt from an observation, in the round dealt: the seats before the one to
        # move then and after the one to move now have not moved since the deal, and their
        # value is the same in every state so dealt (as dealt but their hand, the same Loot
        # count, whether their turn is over, the pile and the last round as dealt)
        memo, first = dealer.kept_values, dealer.seat
    out = []
    for seat, p in enumerate(state.players_state):
        if memo is not None and (seat < first or seat > mover):
            kept = memo.get(seat)
            if kept is None:
                kept = memo[seat] = position_value(state, seat)
            out.append(kept)
            continue
        turn_over = seat < mover
        travel = p.travel
        sails = False
        if travel:
            if voyage is None:
                voyage = voyage_comes(game, len(state.pile), state.round_ends_game())
            sails = voyage
            if turn_over and sails or aims:
                out.append(player_value(game, p, state.row if seat == row_seat else None, turn_over=turn_over,
                                        sails=sails, aims=aims))
                continue
        elif aims:
            out.append(player_value(game, p, state.row if seat == row_seat else None, turn_over=turn_over,
                                    sails=False, aims=aims))
            continue
        # player_value, written out: the same terms in the same order
        value = p.scrolls + LOOT_VALUE * len(p.loot) + ISLAND_VALUE * (len(p.past) + 1)
        crossed = p.crossed
        value += CROSS_VALUE * crossed.bit_count() + TREE_VALUE * p.tree_crossed.bit_count()
        if sails:
            value += TRAVEL_VALUE
        m = maps[p.island]
        key = (m, crossed, *p.goal_done, *p.goal_used)
        progress = _PROGRESS.get(key)
        if progress is None:
            if len(_PROGRESS) >= 50_000:
                _PROGRESS.clear()
            progress = _PROGRESS[key] = _goal_progress(m, p, crossed)
        value += progress
        if seat == row_seat:
            frontier = p.reach & ~crossed & m.crossable
            masks = m.symbol_mask
            for sym in state.row:
                mask = masks.get(sym)
                if mask is None:
                    value += ACTION_SYMBOL_VALUE[sym] if sym in SYMBOL_ATOMS else 0.0
                elif mask & frontier:
                    value += SYMBOL_VALUE
        out.append(value)
    return out


def voyage_comes(game, pile: int, final: bool) -> bool:
    """Whether a voyage earned (the second ship crossed) brings a new island at the round's
    end (RIV-I1): an island is left in the pile (``pile`` islands), and the round is not the
    game's last (``final``) or the scenario's rules still bring one after the last turn."""
    return pile > 0 and (not final or game.rules.travel_on_last_turn)


def player_value(game, p, row=None, *, turn_over: bool = False, sails: bool = True, aims=()) -> float:
    """:func:`position_value` of the position ``p`` (a seat's
    :class:`~studio.rules.rivages.game.Player`) with ``row`` the symbols it still plays this
    turn (None when its turn is not in the row phase).

    ``sails``: an earned voyage brings an island (:func:`voyage_comes`; the voyage is worth
    nothing otherwise). ``turn_over``: the seat's turn is over and only the round's end comes
    (RIV-E2 to RIV-E4, which change nothing valued here, and RIV-I1): a seat that sails is
    valued as after its voyage, whatever its seat: the island left counts as one visited and
    its crosses and goals no more, the new island (hidden, every one the same to this value
    with nothing crossed) as a fresh one, and Solo Explorer scrolls (RIV-X5) are added; the
    first ship the last turn's voyage crosses for the seat is not counted. Every seat's
    turn-ending action is valued this way, the last seat's (whose turn ends the round) and
    the others' alike. ``aims``: the solo challenges (:func:`solo_aims`), valued by
    :func:`aims_value`."""
    if turn_over and sails and p.travel:
        islands = len(p.past) + 2
        value = p.scrolls + LOOT_VALUE * len(p.loot) + ISLAND_VALUE * islands
        value += TREE_VALUE * p.tree_crossed.bit_count()
        if game.solo is not None:
            value += game.solo.explorer.get(islands, 0)
            if aims:
                value += aims_value(game, p, aims, voyage=True, left=True)
        return value
    value = p.scrolls + LOOT_VALUE * len(p.loot) + ISLAND_VALUE * (len(p.past) + 1)
    value += CROSS_VALUE * p.crossed.bit_count() + TREE_VALUE * p.tree_crossed.bit_count()
    if p.travel and sails:
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
    if aims:
        value += aims_value(game, p, aims, voyage=p.travel and sails)
    return value


def solo_aims(state) -> tuple:
    """The solo challenges (RIV-X6) of ``state`` as ``(kind, need, unit)``: a challenge is half
    of the win, so its need counts as much as the scroll target (``unit`` = target scrolls /
    units needed; the areas card needs ``need`` areas of every terrain). The scroll challenge
    only raises the target, which the scrolls already count: no aim. () outside solo."""
    if not state.challenges:
        return ()
    target = state.solo_target()
    terrains = len(state.game.terrains)
    return tuple((c.kind, c.need, target / (c.need * terrains if c.kind == "areas" else c.need))
                 for c in state.challenges if c.kind != "scrolls")


def aims_value(game, p, aims, voyage: bool = False, left: bool = False) -> float:
    """Worth of the progress of ``p`` toward the solo ``aims`` (:func:`solo_aims`), in scrolls:
    ``unit`` per unit met up to the need (Loot tokens drawn, statues, islands visited, areas
    completed of each terrain), and the progress toward the next island or area valued as a
    goal's progress (:data:`GOAL_SHARE` x fraction² x unit): the share of the way to the second
    ship crossed (:func:`ship_progress`), the crossed share of the best unfinished areas of each
    terrain still short. ``voyage``: an earned voyage will bring an island, counted as
    visited; ``left``: the seat has sailed (its turn over, see :func:`player_value`), so nothing
    on its island is in progress any more."""
    m = game.maps[p.island]
    total = 0.0
    for kind, need, unit in aims:
        if kind == "loot":
            total += unit * min(p.loot_drawn, need)
        elif kind == "statues":
            total += unit * min(p.statues, need)
        elif kind == "islands":
            have = len(p.past) + 1 + voyage
            total += unit * min(have, need)
            if have < need and not left and not p.travel and p.crossed:
                frac = ship_progress(m, p.crossed)
                total += GOAL_SHARE * frac * frac * unit
        elif kind == "areas":
            for t, done in zip(game.terrains, p.areas_by_terrain):
                total += unit * min(done, need)
                if done < need and not left:
                    pool = m.areas_of_terrain.get(t, 0) & ~p.areas_done
                    fractions = sorted((_fraction(m.areas[a], p.crossed) for a in bits(pool)), reverse=True)
                    total += sum(GOAL_SHARE * f * f * unit for f in fractions[: need - done])
    return total


def ship_distance(m, crossed: int) -> int | None:
    """The fewest spaces still to cross on island ``m`` (an
    :class:`~studio.rules.rivages.board.IslandMap`) to cross a ship not crossed yet, going from
    ``crossed`` from neighbour to neighbour (bridges included, strongholds never; RIV-T5,
    RIV-T6, RIV-T8) whatever the symbols: 0 when both ships are crossed, None when no ship
    can be reached. Remembered per island and crossed mask (bounded)."""
    key = (m, crossed)
    d = _SHIP_DISTANCE.get(key, -1)
    if d != -1:
        return d
    target = m.ship_mask & ~crossed
    d = 0 if not target else None
    if target:
        seen = frontier = crossed
        nbr, open_ = m.nbr, m.crossable
        steps = 0
        while frontier:
            reach = 0
            for i in bits(frontier):
                reach |= nbr[i]
            frontier = reach & open_ & ~seen
            steps += 1
            if frontier & target:
                d = steps
                break
            seen |= frontier
    if len(_SHIP_DISTANCE) >= 50_000:
        _SHIP_DISTANCE.clear()
    _SHIP_DISTANCE[key] = d
    return d


def ship_progress(m, crossed: int) -> float:
    """The share of the way from one ship of ``m`` to the other that ``crossed`` covers:
    ``1 - ship_distance(crossed) / ship_distance(one ship)``, 0 to 1 (0 when the second ship
    cannot be reached)."""
    d = ship_distance(m, crossed)
    whole = ship_distance(m, 1 << m.ships[0])
    if d is None or not whole:
        return 0.0
    return max(0.0, 1.0 - d / whole)


_SHIP_DISTANCE: dict = {}  # (island map, crossed) -> ship_distance


class RivagesGreedyBot(Bot):
    """Best immediate worth by :func:`position_value` (see the module docstring).

    A decision takes one number from ``rng`` to seed the hidden deal, previews every action
    on ``game.visible_state(observation)`` (what the seat sees, nothing dealt: an action that
    stays within the seat's turn never reads a hidden card), deals a state from that seed
    (``game.sample_state``) only for an action that reshuffles (RIV-I6; see :meth:`values`),
    and breaks ties with ``rng.choice``. :meth:`act_plain` makes the same decision by playing
    every action on a copy of the dealt state (the reference the tests compare with)."""

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
        ``game.visible_state(observation)`` up to the end of its turn (``preview(...,
        turn=True)``): an action that ends the seat's turn, whether it ends the round (the last
        seat's, solo every turn) or passes the turn on, is valued with ``turn_over`` (its voyage
        valued as made: every seat looks to the round's end alike). Only an action that
        reshuffles (RIV-I6) is played on a state dealt from ``random.Random(deal)``, stopped at
        the round's end all the same. Equal to :meth:`plain_values` on that dealt state
        (tests/rivages/test_preview.py)."""
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
        """:func:`position_value` after each action, each played on a copy of ``state`` up to
        the round's end (:meth:`~studio.rules.rivages.game.RivagesState.apply_until_round_end`),
        the seat's turn over when the round's end is next or another seat is to move."""
        values = []
        for action in actions:
            after = state.clone()
            ended = after.apply_until_round_end(action)
            values.append(position_value(after, seat, ended or after.current_player != seat))
        return values


def _values(game, seen, observation, legal_actions, deal: float) -> list[float]:
    """:meth:`RivagesGreedyBot.values` on ``seen`` (the visible state), ``observation()``
    giving the observation to deal from when an action needs hidden parts."""
    dealt = None
    values = []
    seat = seen.seat
    pile = len(seen.pile)
    aims = solo_aims(seen)
    for action, after in zip(legal_actions, seen.previews(legal_actions)):
        if after is None:
            if dealt is None:
                dealt = game.sample_state(observation(), random.Random(deal))
            after = dealt.preview(action, turn=True)
        p = after.player
        sails = p.travel and voyage_comes(game, pile, after.final)
        over = after.to_move != seat  # the round's end is next, or another seat's turn
        values.append(player_value(game, p, after.own_row, turn_over=over, sails=sails, aims=aims))
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
