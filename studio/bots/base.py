"""Random and greedy bots. The greedy bot here plays Rule the Realm; a game with its own greedy
bot registers it with its evaluator (:mod:`studio.bots.evaluators`, e.g. Rivages)."""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence

_LOST = float("-inf")  # a projected score: out of the game as things stand


class Bot(abc.ABC):
    """A player that decides from its seat's observation only."""

    name = "bot"

    @abc.abstractmethod
    def act(self, game, observation: dict, legal_actions: Sequence, rng: random.Random):
        """One of ``legal_actions``."""

    def decide(self, view, legal_actions: Sequence, rng: random.Random):
        """:meth:`act` from a :class:`~studio.rules.api.SeatView` (what the play loop hands
        over: the seat's observation is built only if the bot reads it). The same action as
        ``act(view.game, view.observation(), legal_actions, rng)``, drawing the same numbers
        from ``rng``; a bot that can read the view in place overrides it (Rivages' greedy bot)."""
        return self.act(view.game, view.observation(), legal_actions, rng)


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def act(self, game, observation, legal_actions, rng):
        return rng.choice(legal_actions)


class GreedyBot(Bot):
    """Best immediate gain, with a sense of direction. It plays each legal action on a copy of a
    state sampled from its observation (so it never reads hidden cards) and values it by:

    * the change in its own score *as if the game ended right after it* (``projected_scores``:
      unused energy, territories, idol majorities, artifact sets, the Volcano escape). A seat
      that would lose as things stand (Volcano, L2-4) values each energy it still lacks at
      ``shortfall_value`` VP, so it gathers energy first and never spends what it needs;
    * a cost per card spent (``card_cost``) and per band used (``band_cost``: the stock is
      finite and fewest bands break ties, RTR-E3), so a band that gains nothing is worse than a
      draw;
    * progress (``progress_weight``): how much closer its pegs come to what is still to take,
      each target weighted by its worth and ``decay`` to the power of its distance in board
      lines: uncollected treasure and energy (energy at full value while the seat is short of
      the energy it needs, else at the VP it converts to) and, while a bonus awaits it, its goal
      edge (Jungle Temples, L1-2). Not where bands need not connect (RTR-P6 off, e.g. L6-2);
    * an extra action (RTR-T4) is worth what it costs plus the best action it then allows, and
      ending the turn is worth nothing: it buys one only when that pays.

    With nothing better it draws while its hand is short. When no band gains anything now and its
    hand is not short, it heads for the nearest content nobody has taken, however far
    (``seek``, :func:`studio.bots.seek.head_for_content`), rather than draw until the deck runs
    dry. Ties are broken at random.

    Bands are previewed through a :class:`~studio.rules.realm.game.BandMemo` per seat
    (``incremental``): what a band did is kept from one decision to the next and worked out
    again only where what it read has changed; the values are the same as without."""

    name = "greedy"
    card_cost = 0.15
    band_cost = 0.1
    short_hand = 4
    eliminated_value = -1000.0
    shortfall_value = 3.0
    progress_weight = 0.3
    decay = 0.7
    horizon = 12  # lines; decay ** 12 is about 1.4%
    seek = True   # head for distant content instead of stalling (studio.bots.seek)

    def _value(self, state, seat) -> float:
        projected = state.projected_scores()[seat]
        if projected == float("-inf"):
            # out of the game as things stand: what it would score counts far less than escaping
            return self.eliminated_value + state.score[seat] - self.shortfall_value * self._shortfall(state, seat)
        return projected

    @staticmethod
    def _shortfall(state, seat) -> int:
        need = state.energy_needed(seat)
        return max(1, need - state.energy[seat]) if need else 1

    def _preview_value(self, preview, seat) -> float:
        """:meth:`_value` of the position after a band, from its ``state.preview``."""
        projected = preview.projected[seat]
        if projected == float("-inf"):
            need = preview.energy_needed[seat]
            shortfall = max(1, need - preview.energy[seat]) if need else 1
            return self.eliminated_value + preview.score[seat] - self.shortfall_value * shortfall
        return projected

    def decide(self, view, legal_actions, rng):
        """:meth:`act` from a seat view: a game with its own greedy bot gets that bot's
        ``decide`` (which may read the view in place); a subclass with its own :meth:`act`
        (a playstyle) gets its ``act``."""
        if type(self).act is GreedyBot.act:
            from studio.bots.evaluators import evaluator_for

            other = evaluator_for(view.game).greedy
            if other is not None:
                return other.decide(view, legal_actions, rng)
        return self.act(view.game, view.observation(), legal_actions, rng)

    def act(self, game, observation, legal_actions, rng):
        from studio.bots.evaluators import evaluator_for

        other = evaluator_for(game).greedy  # a game with its own greedy bot (Rivages)
        if other is not None:
            return other.act(game, observation, legal_actions, rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        seat = observation["seat"]
        base = game.sample_state(observation, rng)
        values = self.values(base, seat, legal_actions)
        top = max(values)
        # by position: a listing builds only the bands read (LegalActions), so the best ones
        best_at = [i for i, v in enumerate(values) if v >= top - 1e-9]
        best = [legal_actions[i] for i in best_at]
        if self.seek and sum(base.hands[seat]) >= self.short_hand and not any(type(a).__name__ == "Place" for a in best):
            from studio.bots.seek import head_for_content

            move = head_for_content(self, base, seat, legal_actions, self._value(base, seat))
            if move is not None:  # nothing gains now: head for distant content, not another draw
                return move
        # the same draw as rng.choice(best); read again, the pick is the listing's last item read
        return legal_actions[rng.choice(best_at)]

    incremental = True  # keep band effects from one decision to the next (BandMemo)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_memos", None)  # what bands did in the last games: not part of the bot
        return state

    def _memo(self, seat: int):
        """This bot's :class:`~studio.rules.realm.game.BandMemo` for ``seat`` (None when the
        bot does not keep one): what bands did at its last decisions, reused by the previews
        of the next where nothing they read has changed (the same values as without)."""
        if not self.incremental:
            return None
        memos = self.__dict__.setdefault("_memos", {})  # made on first use (bots are built bare)
        memo = memos.get(seat)
        if memo is None:
            from studio.rules.realm.game import BandMemo

            memo = memos[seat] = BandMemo()
        return memo

    def values(self, state, seat: int, actions, lookahead: bool = True) -> list[float]:
        """The bot's value of each of ``actions`` in ``state`` (a state it may read in full:
        one sampled from its observation). ``lookahead``: value an extra action by the best
        action it allows."""
        before = self._value(state, seat)
        hand_size = sum(state.hands[seat])
        progress = _Progress.of(self, state, seat)
        previewer = None  # the position's previewer, made at the first band
        preview_value = self._preview_value
        card_cost, band_cost, weight = self.card_cost, self.band_cost, self.progress_weight
        plain = type(self)._preview_value is GreedyBot._preview_value
        gain = progress.gain if progress is not None else None
        out: list[float] = []
        # a listing (LegalActions) gives its bands' shapes and costs without building them: a
        # band is built (actions[i]) only when its value needs it
        listed = actions.band_costs(state.game) if plain and hasattr(actions, "band_costs") else None
        if listed is not None:
            first, bands = listed
            others = actions.others()  # the draws before the bands, Pass/ExtraAction after
            items = others[:first] + [None] * len(bands) + others[first:]
        else:
            first, bands, items = 0, [], actions
        for i, action in enumerate(items):
            if action is None:  # a listed band, by its shape
                if previewer is None:
                    previewer = state.previewer(memo=self._memo(seat))
                    preview, projected_of = previewer.preview, previewer.projected
                    listed_projected = previewer.projected_listed
                shape, cards = bands[i - first]
                projected = listed_projected(shape)
                if projected is None:  # it takes the band itself (see projected_listed)
                    projected = projected_of(actions[i])
                if projected != _LOST:
                    value = projected - before
                else:
                    value = preview_value(preview(actions[i]), seat) - before
                value -= card_cost * cards + band_cost
                if gain is not None:
                    value += weight * gain(shape.pegs)
                out.append(value)
                continue
            kind = type(action).__name__
            if kind == "Place":
                if previewer is None:
                    previewer = state.previewer(memo=self._memo(seat) if plain else None)
                    preview, projected_of = previewer.preview, previewer.projected
                if plain:  # _preview_value, inline (one call per band saved)
                    projected = projected_of(action)
                    if projected != _LOST:
                        value = projected - before
                    else:
                        value = preview_value(preview(action), seat) - before
                else:
                    value = preview_value(preview(action), seat) - before
                value -= card_cost * len(action.payment) + band_cost
                if gain is not None:
                    value += weight * gain(action.pegs)
            elif kind == "Draw":
                value = 0.05 if hand_size < self.short_hand else -0.05
                value += 0.01 * sum(1 for s in action.sources if s != "deck")
            elif kind == "TakeCard":
                value = 0.01 if action.source != "deck" else 0.0
            elif kind == "ExtraAction":
                if not lookahead:
                    value = float("-inf")
                else:
                    after = state.clone()
                    after.apply_trusted(action)
                    value = self._value(after, seat) - before
                    follow = [a for a in after.legal_actions() if type(a).__name__ not in ("ExtraAction", "Pass")]
                    value += max(self.values(after, seat, follow, lookahead=False), default=float("-inf"))
            else:  # Pass: the turn ends, nothing changes
                value = 0.0
            out.append(value)
        return out


class _Progress:
    """How much closer a band brings ``seat`` to what is left to take (see :class:`GreedyBot`).
    Distances come from breadth-first searches over the board's lines, once per board."""

    _tables = None

    def __init__(self, bot, state, seat, table):
        self.decay = table["powers"]
        topo = state.game.topology
        rate = state.game.rules.energy_per_vp
        short = state.energy_needed(seat) > state.energy[seat]
        energy_worth = 1.0 if short else (1.0 / rate if rate > 0 else 0.0)
        bonus = state.goal_bonus(seat)
        # what is left to take, and the best prospect from each peg, depend on these alone:
        # shared by the decisions (of any game on this board) that agree on them
        memo = table["memo"]
        taken = frozenset(state.collected)
        key = (seat, energy_worth, bonus, taken)
        found = memo.get(key)
        if found is None:
            worth = {}
            for t, face in enumerate(table["faces"]):
                if face not in state.collected:
                    worth[t] = topo.treasure[face] + energy_worth * topo.energy[face]
            if bonus:
                worth[("goal", seat)] = float(bonus)
            if len(memo) > 1024:  # keep memory flat over long batches
                memo.clear()
            # peg -> best prospect from it, filled as pegs are met, and the target it heads
            # for (None: none). Taking targets never raises a peg's best, so a peg's best
            # holds while its target is left: kept from the last decision of these settings
            # that had taken fewer
            peg_best: dict = {}
            peg_target: dict = {}
            last = table["last"].get(key[:3])
            if last is not None and last[0] <= taken:
                for p, target in last[2].items():
                    if target is None or target in worth:
                        peg_best[p] = last[1][p]
                        peg_target[p] = target
            table["last"][key[:3]] = (taken, peg_best, peg_target)
            found = memo[key] = (worth, max(worth.values(), default=0.0), peg_best, peg_target)
        self.worth, self.top, self.peg_best, self.peg_target = found
        bit = 1 << seat
        self.held = {p for p, mask in state.peg_seats.items() if mask & bit}
        self.near = table["near"]
        # the best prospect now: the best from any held peg (the nearest of each target counts)
        peg_best = self.peg_best
        best_now = 0.0
        for p in self.held:
            v = peg_best.get(p)
            if v is None:
                v = self._peg_best(p)
            if v > best_now:
                best_now = v
        self.best_now = best_now

    @classmethod
    def of(cls, bot, state, seat):
        if bot.progress_weight == 0 or not state.game.rules.connect:
            return None  # without the connection rule (RTR-P6) a band may go anywhere: no distance
        import weakref

        if cls._tables is None:
            cls._tables = weakref.WeakKeyDictionary()
        topo = state.game.topology
        key = (bot.decay, bot.horizon)
        tables = cls._tables.setdefault(topo, {})
        if key not in tables:
            tables[key] = _distance_table(state.game, bot.decay, bot.horizon)
        return cls(bot, state, seat, tables[key])

    def gain(self, pegs) -> float:
        """How much the best single prospect (worth x ``decay ** distance``) improves when the
        seat also holds ``pegs``: heading for the best thing left, not sprawling."""
        best = self.best_now
        peg_best = self.peg_best
        for p in pegs:
            if p in self.held:
                continue
            v = peg_best.get(p)
            if v is None:
                v = self._peg_best(p)
            if v > best:
                best = v
        return best - self.best_now

    def _peg_best(self, peg) -> float:
        """The best prospect from ``peg`` alone (0 if none), remembered with its target."""
        powers = self.decay
        worth = self.worth
        top = self.top
        best = 0.0
        target = None
        for d, t in self.near.get(peg, ()):  # nearest first: stop once nothing left can beat best
            if top * powers[d] <= best:
                break
            w = worth.get(t)
            if w and w * powers[d] > best:
                best = w * powers[d]
                target = t
        self.peg_best[peg] = best
        self.peg_target[peg] = target
        return best


def _distance_table(game, decay: float, horizon: int) -> dict:
    """Per peg, the distance in board lines (up to ``horizon``) to each target: every segment
    with treasure or energy (by index in ``faces``) and each seat's goal edge (``("goal",
    seat)``), as ``near``: peg -> ((distance, target), ...) nearest first, targets at one
    distance in that order (segments, then goals); a peg farther than ``horizon`` from every
    target is left out."""
    topo = game.topology
    faces = [f for f in range(len(topo.faces)) if topo.is_segment[f] and (topo.treasure[f] or topo.energy[f])]
    sources: list[tuple] = [(t, topo.faces[f].pegs) for t, f in enumerate(faces)]
    for seat, info in enumerate(game.seats):
        if info.goal:
            sources.append((("goal", seat), tuple(info.goal)))
    # every target's breadth-first search at once, level by level: per peg, the targets (bits,
    # by index in ``sources``) first reached at this distance and the ones reached so far
    neighbours = topo.neighbours
    targets = [t for t, _pegs in sources]
    front: dict[str, int] = {}
    for k, (_t, pegs) in enumerate(sources):
        for p in pegs:
            if p in neighbours:
                front[p] = front.get(p, 0) | 1 << k
    reached: dict[str, int] = {}
    near_at: dict[str, list] = {}
    d = 0
    while front and d <= horizon:
        for p, bits in front.items():
            reached[p] = reached.get(p, 0) | bits
            found = near_at.get(p)
            if found is None:
                found = near_at[p] = []
            while bits:  # (distance, target) nearest first, ties in the order of ``sources``
                low = bits & -bits
                found.append((d, targets[low.bit_length() - 1]))
                bits ^= low
        nxt: dict[str, int] = {}
        for p, bits in front.items():
            for q in neighbours[p]:
                new = bits & ~reached.get(q, 0)
                if new:
                    nxt[q] = nxt.get(q, 0) | new
        front = nxt
        d += 1
    near = {p: tuple(found) for p, found in near_at.items()}
    return {"faces": faces, "near": near, "powers": [decay ** k for k in range(horizon + 1)],
            "memo": {}, "last": {}}  # see _Progress.__init__
