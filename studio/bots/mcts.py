"""Information-set Monte Carlo tree search: the ``mcts`` bot.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2), 2012). The bot sees only its seat's observation. Each iteration

1. *determinises*: ``game.sample_state(observation, rng)`` deals what the seat cannot see
   (other hands, the deck, the loot bag, the island pile) at random; the true hidden cards are
   never read;
2. *selects* down one tree shared by all determinisations, whose edges are actions, among the
   actions legal in this determinisation, by UCB1 with availability counts (the exploration
   term counts the iterations in which an action could have been chosen, not its parent's
   visits); the root's actions are the seat's legal actions, widened progressively in the order
   of their one-step value, so the search spends its budget on the promising ones first;
3. *expands* one untried action;
4. *rolls out* at most ``rollout_cap`` actions: ``random``, or ``greedy`` (the best value among
   ``sample`` actions drawn at random);
5. *evaluates* the position for every seat in 0..1: a finished game by win/loss plus the score
   margin over the best other seat; an unfinished one by the margin of what each seat's position
   is worth, by the evaluator registered for the game (:mod:`studio.bots.evaluators`: Rule the
   Realm ``projected_scores()``, the end-of-game rules applied now, plus a little for cards in
   hand, up to ``card_cap``, an eliminated seat scoring what it holds minus
   ``eliminated_penalty``, and a goal bonus that awaits a seat (Jungle Temples' far edge, L1-2)
   at ``goal_value`` x the bonus x 0.7 per board line its pegs still lack; Rivages
   :func:`studio.bots.rivages.position_value`; other engines ``scores()``); margins go through ``tanh(margin / margin_scale)``;
6. *backs up* each seat's value along the path; a node keeps the value of the seat that chose
   its action, so every seat picks its own best replies inside the tree.

The action played is the root's most visited child. With an iteration budget a decision depends
only on the observation, the legal actions and the rng, so batches stay reproducible; a time
budget (``seconds``) is not reproducible.

By name (:func:`studio.bots.make_bot`; read and written by :class:`studio.bots.spec.BotSpec`):
``mcts`` (200 iterations), ``mcts:400``, ``mcts:0.2s``, and options after more colons:
``mcts:300:rollout=random:cap=4:c=0.5:widen=0:goal=0`` (``mcts:300:time=0.2``: 300 iterations or 0.2 s, whichever ends first).
"""

from __future__ import annotations

import inspect
import math
import random
import time
from collections.abc import Sequence

from studio.bots.base import Bot
from studio.bots.evaluators import evaluator_for
from studio.rules.api import Listing

DEFAULT_ITERATIONS = 200
MAX_ITERATIONS = 1_000_000      # per decision; more would take hours per game
MAX_SECONDS = 600.0             # per decision
MAX_ROLLOUT_CAP = 10_000
MAX_FACTOR = 1_000.0            # exploration, widening, margin_scale
ROLLOUTS = ("greedy", "random")
# short option names in ``mcts:...`` specs -> constructor arguments and their types
SPEC_OPTIONS = {"rollout": ("rollout", str), "cap": ("rollout_cap", int), "c": ("exploration", float),
                "widen": ("widening", float), "scale": ("margin_scale", float), "goal": ("goal_value", float),
                "time": ("seconds", float)}


class _Node:
    """An edge of the tree and the positions after it. ``seat`` chose ``action``; ``total``
    sums that seat's values over ``visits``; ``avail`` counts the iterations in which the action
    was legal when its parent was selected from. No link to the parent (an iteration keeps
    its path): without parent/child cycles a search's tree is freed when the search ends, not
    left to the cycle collector."""

    __slots__ = ("action", "seat", "children", "visits", "avail", "total", "mean", "full", "full_kids")

    def __init__(self, action=None, seat: int = -1):
        self.action = action
        self.seat = seat
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mean = 0.0  # total / visits, kept at each back-up (read by every selection among siblings)
        # a listing that is a tuple (immutable: the same object, the same actions) whose
        # actions are all children here, and those children in its order
        self.full: tuple | None = None
        self.full_kids: list = []


class MCTSBot(Bot):
    """ISMCTS (see the module docstring).

    ``iterations``: determinised iterations per decision (default 200); ``seconds``: a time
    budget per decision instead, or as well (whichever ends first); ``rollout``: ``"greedy"`` or
    ``"random"``; ``rollout_cap``: actions played after the tree before the position is valued
    (default 0: value the leaf at once, which measured best on both games); ``exploration``:
    the UCB1 constant; ``widening``: root children allowed per square root of the root's visits
    (0: all at once); ``margin_scale``: the margin (in points) worth about three quarters of a
    win; ``win_weight``: the share of a finished game's value that is win/loss. Raises
    ValueError for a bad setting."""

    name = "mcts"
    first_draw = True  # a node's first visit draws from the listing without reading it all (False: the plain path)
    locate_children = True  # a listing that locates items (Listing) is asked where the children are (False: plain)
    # a listing that is a tuple with every action a child is remembered at its node, with those
    # children, for the next visit that gets the same tuple (a Rivages dealt state's own turn)
    keep_full = True

    def __init__(self, iterations: int | None = DEFAULT_ITERATIONS, seconds: float | None = None, *,
                 rollout: str = "greedy", rollout_cap: int = 0, exploration: float = 0.35,
                 widening: float = 1.0, margin_scale: float = 6.0, win_weight: float = 0.7,
                 sample: int = 4, card_value: float = 0.45, card_cap: int = 6,
                 eliminated_penalty: float = 10.0, goal_value: float = 1.0):
        if iterations is None and seconds is None:
            raise ValueError("give the MCTS bot an iteration budget, a time budget or both")
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"MCTS iterations must be 1 to {MAX_ITERATIONS:,}, got {iterations}")
        if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
            raise ValueError(f"the MCTS time budget must be more than 0 and at most {MAX_SECONDS:g} s, got {seconds}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown MCTS rollout policy {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if not 0 <= rollout_cap <= MAX_ROLLOUT_CAP:
            raise ValueError(f"the MCTS rollout cap must be 0 to {MAX_ROLLOUT_CAP}, got {rollout_cap}")
        # nan compares false both ways: these tests refuse it too
        for label, value, low_ok in (("exploration (c)", exploration, True), ("widening (widen)", widening, True),
                                     ("margin scale (scale)", margin_scale, False), ("goal value (goal)", goal_value, True)):
            if not ((0 <= value if low_ok else 0 < value) and value <= MAX_FACTOR):
                low = "0" if low_ok else "above 0 and at most"
                raise ValueError(f"the MCTS {label} must be {low} {'to ' if low_ok else ''}{MAX_FACTOR:g}, got {value}")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.rollout_cap = rollout_cap
        self.exploration = exploration
        self.widening = widening
        self.margin_scale = margin_scale
        self.win_weight = win_weight
        self.sample = max(1, sample)
        self.card_value = card_value
        self.card_cap = card_cap
        self.eliminated_penalty = eliminated_penalty
        self.goal_value = goal_value
        self.name = self.spec()

    # -- names ----------------------------------------------------------------------------------
    def spec(self) -> str:
        """The name that rebuilds this bot (:class:`~studio.bots.spec.BotSpec`; ``mcts`` for
        the defaults)."""
        from studio.bots.spec import BotSpec

        return BotSpec.of_search_bot(self).format()

    # -- search ---------------------------------------------------------------------------------
    def act(self, game, observation, legal_actions, rng: random.Random):
        if len(legal_actions) == 1:
            return legal_actions[0]
        players = observation["players"]
        root = _Node(seat=observation["seat"])
        sample = game.sampler(observation)  # deals states from this observation, its reading kept
        order = self._root_order(sample, observation, legal_actions, players, rng)
        root_kids: list[_Node] = []  # the root's children, made in the order of ``order``
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(sample, root, order, players, rng, root_kids)
            done += 1
        best = max(root.children.values(), key=lambda ch: (ch.visits, ch.total / ch.visits))
        return best.action

    def _root_order(self, sample, observation, legal_actions, players: int, rng: random.Random) -> list:
        """The seat's actions, most promising first: each played once on one determinisation and
        valued at once (equal values keep a random order)."""
        actions = list(legal_actions)
        rng.shuffle(actions)
        if self.widening <= 0:
            return actions
        me = observation["seat"]
        base = sample(rng)
        # a sampler that copies its own unplayed states (the Rivages one) does it for less than clone()
        again = getattr(sample, "again", None)
        keyed = []
        for i, action in enumerate(actions):
            after = base.clone() if again is None else again(base)
            after.apply_trusted(action)
            keyed.append((-self._values(after, players)[me], i, action))
        keyed.sort(key=lambda t: (t[0], t[1]))
        return [action for _, _, action in keyed]

    def _iterate(self, sample, root: _Node, root_order: list, players: int, rng: random.Random,
                 root_kids: list | None = None) -> None:
        """One iteration; ``root_kids``: the root's children so far, in the order of
        ``root_order`` (the root's children are always its first actions in that order)."""
        state = sample(rng)
        node = root
        path = [root]  # the nodes of this iteration, root first (valued on the way back)
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        if root_kids is None:
            root_kids = [root.children[a] for a in root_order if a in root.children]
        while not state.is_terminal():
            children = node.children
            if node is root:
                # the seat's own options do not depend on what it cannot see
                made = len(root_kids)
                if made == len(root_order):  # all made, so the limit is reached (it only grows)
                    kids: list = root_kids
                else:
                    limit = len(root_order) if self.widening <= 0 else \
                        min(len(root_order), max(2, math.ceil(self.widening * sqrt(root.visits + 1))))
                    if made < limit:  # the next action in order is untried
                        action = root_order[made]
                        child = children[action] = _Node(action, state.current_player)
                        for known in root_kids:
                            known.avail += 1
                        root_kids.append(child)
                        child.avail += 1  # legal now, as the others
                        state.apply_trusted(action)
                        node = child
                        path.append(child)
                        break
                    kids = root_kids[:limit]
                untried: Sequence = ()
            else:
                legal = state.legal_actions()
                if not children and self.first_draw:
                    # a first visit: every action untried, the listing itself drawn from (the
                    # same item); a lazy listing (Rule the Realm's LegalActions) builds only it
                    kids, untried = [], legal
                elif legal is node.full:  # a listing met here before, every action tried
                    kids, untried = node.full_kids, ()
                elif type(legal) is not list and self.locate_children and isinstance(legal, Listing):
                    # the children are found where they are listed; the untried actions are
                    # the others, read by position without building them all
                    found = [(at, child) for at, child in zip(legal.locate_all(children), children.values())
                             if at >= 0]  # children is keyed by action, in the order of its values
                    found.sort(key=_first)
                    kids = [child for _, child in found]
                    untried = _Others(legal, [at for at, _ in found]) if len(found) < len(legal) else []
                else:
                    kids = list(map(children.get, legal))
                    if None in kids:  # found by identity: a _Node is never None
                        untried = [a for a, k in zip(legal, kids) if k is None]
                        kids = [k for k in kids if k is not None]
                    else:
                        untried = ()
                        if type(legal) is tuple and self.keep_full:  # met again as the same object: kids kept
                            node.full, node.full_kids = legal, kids
            if untried:
                action = _choice(rng, untried)
                child = children[action] = _Node(action, state.current_player)
                for known in kids:
                    known.avail += 1
                child.avail += 1  # legal now, as the others
                state.apply_trusted(action)
                node = child
                path.append(child)
                break
            best, best_score = kids[0], -math.inf
            for ch in kids:
                avail = ch.avail = ch.avail + 1
                # ch.mean: ch.total / ch.visits, kept by the back-up (the same float)
                score = ch.mean + c * sqrt(log(avail) / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            state.apply_trusted(best.action)
            node = best
            path.append(best)
        if self.rollout_cap:
            self._rollout(state, rng)
        values = self._values(state, players)
        for up in path:
            visits = up.visits = up.visits + 1
            if up.seat >= 0:
                total = up.total = up.total + values[up.seat]
                up.mean = total / visits

    def _rollout(self, state, rng: random.Random) -> None:
        for _ in range(self.rollout_cap):
            if state.is_terminal():
                return
            legal = state.legal_actions()
            if self.rollout == "random" or len(legal) == 1:
                state.apply_trusted(rng.choice(legal))
                continue
            seat = state.current_player
            picks = legal if len(legal) <= self.sample else rng.sample(legal, self.sample)
            best, best_value = picks[0], -math.inf
            for action in picks:
                after = state.clone()
                after.apply_trusted(action)
                value = self._points(after)[seat]
                if value > best_value:
                    best, best_value = action, value
            state.apply_trusted(best)

    # -- values ---------------------------------------------------------------------------------
    def _values(self, state, players: int) -> list[float]:
        """Each seat's value of ``state``, in 0..1."""
        scale = self.margin_scale if players > 1 else 4 * self.margin_scale
        if state.is_terminal():
            scores = [float(s) for s in state.scores()]
            winners = state.winners()
            out = []
            for s in range(players):
                win = 1.0 / len(winners) if s in winners else 0.0
                out.append(self.win_weight * win + (1 - self.win_weight) * _squash(_margin(scores, s), scale))
            return out
        return _squashed_margins(evaluator_for(state.game).points(state, self), scale)  # self._points, written out

    def _points(self, state) -> list[float]:
        """What an unfinished position is worth to each seat, in points (the game's
        registered evaluator, :mod:`studio.bots.evaluators`)."""
        return evaluator_for(state.game).points(state, self)


def _first(pair: tuple):
    return pair[0]


def _choice(rng: random.Random, seq: Sequence):
    """``rng.choice(seq)`` for a non-empty ``seq``: the same draws (``random.Random``'s
    ``_randbelow`` written out, one call instead of three at every node a search expands);
    ``rng.choice`` itself for a subclass, which may draw otherwise."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    n = len(seq)
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return seq[r]


class _Others(Sequence):
    """The items of ``listing`` not at the sorted ``taken`` positions, in order (what
    ``[a for a in listing if a not in children]`` holds), read by position; ``random.choice``
    of it draws exactly as of that list."""

    __slots__ = ("_listing", "_taken")

    def __init__(self, listing: Sequence, taken: list[int]):
        self._listing = listing
        self._taken = taken

    def __len__(self) -> int:
        return len(self._listing) - len(self._taken)

    def __getitem__(self, j):
        if not isinstance(j, int) or not 0 <= j < len(self):
            raise IndexError("untried action index out of range")
        i = j
        for at in self._taken:  # skip the taken positions up to the j-th other item
            if at > i:
                break
            i += 1
        return self._listing[i]


def mcts_defaults() -> dict:
    """The constructor's default settings of :class:`MCTSBot`, by argument name."""
    params = inspect.signature(MCTSBot.__init__).parameters
    return {name: p.default for name, p in params.items() if name != "self"}


def _margin(points, seat: int) -> float:
    """``seat``'s points minus the best other seat's (alone: its points); an eliminated seat
    (``-inf``) is far behind."""
    mine = points[seat]
    if mine == -math.inf:
        return -math.inf
    if len(points) == 1:
        return mine
    others = [v for i, v in enumerate(points) if i != seat and v != -math.inf]
    return mine - max(others) if others else math.inf


def _margins(points) -> list[float]:
    """:func:`_margin` of every seat, with the best and second best of the others found once."""
    if len(points) == 1:
        return [_margin(points, 0)]
    top = second = -math.inf
    top_seat = -1
    for i, v in enumerate(points):
        if v == -math.inf:
            continue
        if top_seat < 0 or v > top:
            top, second, top_seat = v, top, i
        elif v > second:
            second = v
    count = sum(1 for v in points if v != -math.inf)
    out = []
    for i, mine in enumerate(points):
        if mine == -math.inf:
            out.append(-math.inf)
            continue
        if count - 1 == 0:  # no other seat in the game
            out.append(math.inf)
            continue
        out.append(mine - (second if i == top_seat else top))
    return out


def _squashed_margins(points, scale: float) -> list[float]:
    """``[_squash(m, scale) for m in _margins(points)]`` in one pass over the seats (every leaf
    of a search is valued so), with the same arithmetic: the same floats."""
    if len(points) < 2:
        return [_squash(m, scale) for m in _margins(points)]
    ninf = -math.inf
    top = second = ninf
    top_seat = -1
    count = 0
    for i, v in enumerate(points):
        if v == ninf:
            continue
        count += 1
        if top_seat < 0 or v > top:
            top, second, top_seat = v, top, i
        elif v > second:
            second = v
    tanh = math.tanh
    out = []
    for i, mine in enumerate(points):
        if mine == ninf:
            out.append(0.0)
        elif count == 1:  # no other seat in the game: an infinite margin
            out.append(1.0)
        else:
            margin = mine - (second if i == top_seat else top)
            out.append(1.0 if margin == math.inf else 0.0 if margin == ninf else 0.5 + 0.5 * tanh(margin / scale))
    return out


def _squash(margin: float, scale: float) -> float:
    if margin == math.inf:
        return 1.0
    if margin == -math.inf:
        return 0.0
    return 0.5 + 0.5 * math.tanh(margin / scale)
