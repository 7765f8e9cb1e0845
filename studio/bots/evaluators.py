"""Per-game evaluators: what a position is worth to each seat, registered by game class.

Bots ask :func:`evaluator_for` instead of guessing the game from a state's attributes (as
OpenSpiel hands an Evaluator to its MCTS). An evaluator gives

* ``points(state, bot)``: per seat, what an unfinished position is worth in points (``bot``
  holds the search settings it may use: ``card_value``, ``card_cap``, ``eliminated_penalty``);
* ``greedy``: the greedy bot of that game (one instance, reused).

A new game registers its evaluator with :func:`register`; a game without one is valued by its
current scores.
"""

from __future__ import annotations

import math
import weakref

_NINF = -math.inf


class Evaluator:
    """Default: a position is worth its current scores; the greedy bot is the generic one."""

    greedy = None  # the game's greedy bot (None: studio.bots.base.GreedyBot)

    def points(self, state, bot) -> list[float]:
        return [float(v) for v in state.scores()]


class RealmEvaluator(Evaluator):
    """Rule the Realm: the end-of-game rules applied now (``projected_scores``, no copy); a
    seat eliminated as things stand (Volcano, L2-4) is worth what it holds minus
    ``eliminated_penalty``; plus ``card_value`` per card in hand, up to ``card_cap``."""

    def points(self, state, bot) -> list[float]:
        points = state.projected_scores()
        if _NINF in points:  # (one scan at C speed: every leaf of a search is valued here)
            for s, v in enumerate(points):
                if v == _NINF:  # out of the game as things stand: escape first
                    points[s] = state.score[s] + state.energy[s] - bot.eliminated_penalty
        value = bot.card_value
        if value:
            cap = bot.card_cap
            points = [v + value * min(sum(hand), cap) for v, hand in zip(points, state.hands)]
        weight = getattr(bot, "goal_value", 0.0)
        if weight:
            points = self._with_goals(state, points, weight)
        return points

    GOAL_DECAY = 0.7   # per board line, as the greedy bot's progress term

    def _with_goals(self, state, points: list[float], weight: float) -> list[float]:
        """``points`` plus, for each seat a goal bonus awaits (Jungle Temples, L1-2), ``weight``
        x the bonus x ``GOAL_DECAY`` to the power of the distance in board lines from its
        nearest peg to its goal edge: a search whose rollouts stop short of the far edge
        still sees a seat's race toward it. A seat with no peg yet gets nothing."""
        table = _goal_distances(state.game)
        if table is None:
            return points
        seats, dist = table
        bonus = {s: b for s in seats if (b := state.goal_bonus(s))}
        if not bonus:   # every bonus taken: nothing to add (most of a long game)
            return points
        wanted = sum(1 << s for s in bonus)
        best: dict[int, int] = {}
        for p, mask in state.peg_seats.items():
            m = mask & wanted
            if m:
                row = dist.get(p)
                if row is None:
                    continue
                while m:
                    low = m & -m
                    m ^= low
                    s = low.bit_length() - 1
                    d = row[s]
                    if d >= 0 and d < best.get(s, d + 1):
                        best[s] = d
        decay = self.GOAL_DECAY
        for s, d in best.items():
            points[s] += weight * bonus[s] * decay ** d
        return points


_GOALS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # game -> its table; no game kept alive by it
_NONE = object()


def _goal_distances(game) -> tuple[list[int], dict[str, list[int]]] | None:
    """The seats with a goal edge (Jungle Temples, L1-2) and, per peg, the board lines from it
    to each seat's edge (breadth-first over the lines from the edge; -1: no goal, or not
    reachable): ``(seats, {peg: [lines per seat]})``; None for a game without goals."""
    found = _GOALS.get(game, _NONE)   # every leaf of a search asks: one look-up
    if found is not _NONE:
        return found
    neighbours = game.topology.neighbours
    seats = [s for s, info in enumerate(game.seats) if info.goal]
    table = None
    if seats:
        rows: dict[str, list[int]] = {p: [-1] * len(game.seats) for p in neighbours}
        for s in seats:
            front = [p for p in game.seats[s].goal if p in rows]
            for p in front:
                rows[p][s] = 0
            d = 0
            while front:
                d += 1
                nxt = []
                for p in front:
                    for q in neighbours[p]:
                        if rows[q][s] < 0:
                            rows[q][s] = d
                            nxt.append(q)
                front = nxt
        table = (seats, rows)
    _GOALS[game] = table
    return table


class RivagesEvaluator(Evaluator):
    """Rivages: :func:`studio.bots.rivages.position_value` per seat (scrolls, Loot, islands,
    progress toward goals), all seats in one pass (:func:`studio.bots.rivages.position_values`)."""

    def __init__(self):
        from studio.bots.rivages import RivagesGreedyBot, position_values

        self.greedy = RivagesGreedyBot()
        self._position_values = position_values  # imported once here, not at every leaf MCTS values

    def points(self, state, bot) -> list[float]:
        return self._position_values(state)


_REGISTRY: dict[type, Evaluator] = {}
_DEFAULT = Evaluator()


_FOUND: dict[type, Evaluator] = {}  # game class -> its evaluator, as looked up (emptied by register)


def register(game_class: type, evaluator: Evaluator) -> None:
    """Use ``evaluator`` for games of ``game_class`` (and its subclasses)."""
    _REGISTRY[game_class] = evaluator
    _FOUND.clear()


def evaluator_for(game) -> Evaluator:
    """The evaluator registered for ``type(game)`` or its nearest base class; the default one
    (current scores) otherwise. Asked at every leaf of a search: remembered per class."""
    found = _FOUND.get(type(game))
    if found is None:
        found = _DEFAULT
        for cls in type(game).__mro__:
            hit = _REGISTRY.get(cls)
            if hit is not None:
                found = hit
                break
        _FOUND[type(game)] = found
    return found


def _register_bundled() -> None:
    from studio.rules.realm.game import RealmGame
    from studio.rules.rivages.game import RivagesGame

    register(RealmGame, RealmEvaluator())
    register(RivagesGame, RivagesEvaluator())


_register_bundled()
