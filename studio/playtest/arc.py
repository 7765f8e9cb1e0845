"""The arc of a game: how the lead moved, when the winner was decided, drama, stability and
clarity (after Ludii's metrics: Browne 2008; Piette, Stephenson et al., Ludii's ``metrics``).

Score figures work on a *trace*: the seats' scores after each action, in order (the last one
is the final score). They are exact and cheap, and every game gets them
(:func:`~studio.playtest.runner.play_game`):

- :func:`lead_changes`: how often the sole leader changed hands (ties do not count; a lead lost
  to a tie and won back by the same seat is no change);
- :func:`decided_at`: the share of the actions played when the final winner took the sole lead
  for good (1.0 when only the final scoring or a tie-break decided it);
- :func:`drama`: over the positions where the final winner was behind, how far behind it was, as a
  share of the winning score (Ludii's *drama*, on scores); :func:`trailing`: the share of the
  positions where it was behind.

Evaluated figures (:class:`PositionSample`, :func:`evaluate_positions`, optional: costly) value a
few positions per game, sampled at random, with the MCTS bot's evaluator (each seat's value in
0..1, :meth:`~studio.bots.mcts.MCTSBot._values`):

- drama (the same, on values);
- :func:`stability`: the mean over seats of the variance of a seat's value across the positions
  (Ludii's *stability*; 0: values never move);
- :func:`clarity`: at each position, the legal moves valued for the player to move; *narrowness*
  is the share of the moves valued close to the best (above ``mean + 0.75 (best - mean)``, after
  Ludii's *clarity (narrowness)*: low = the good move stands out), *spread* the variance of those
  values (Ludii's *clarity (variance)*).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

NARROW = 0.75         # a move above mean + NARROW (best - mean) is close to the best
MOVES_PER_POSITION = 24   # legal moves valued per sampled position (a random sample beyond)


def sole_leader(scores: Sequence[float]) -> int | None:
    """The seat with the strictly highest score, None on a tie for first."""
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(trace: Sequence[Sequence[float]]) -> int:
    """How often the sole leader of ``trace`` changed hands."""
    last = None
    changes = 0
    for scores in trace:
        now = sole_leader(scores)
        if now is not None:
            changes += last is not None and now != last
            last = now
    return changes


def decided_at(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """Share of the trace played (1-based position / length) when the sole winner took the sole
    lead for good; 1.0 for a shared win or a winner not leading alone at the end; None without
    winners, positions or a second seat."""
    if not trace or not winners or len(trace[0]) < 2:
        return None
    leader, since = None, 0
    for i, scores in enumerate(trace, 1):
        now = sole_leader(scores)
        if now != leader:
            leader, since = now, i
    return since / len(trace) if list(winners) == [leader] else 1.0


def _behind(values: Sequence[float], winners: Sequence[int]) -> float:
    """How far the best winner is below the best value (0 when a winner leads or ties)."""
    best = max(values)
    mine = max(values[w] for w in winners)
    return best - mine


def trailing(trace: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """Share of the positions in which no final winner was (co-)leading; None without winners
    or positions."""
    if not trace or not winners:
        return None
    return sum(1 for v in trace if _behind(v, winners) > 0) / len(trace)


def drama(trace: Sequence[Sequence[float]], winners: Sequence[int], scale: float | None = None) -> float | None:
    """Mean of how far behind the final winners were, over the positions where they trailed,
    divided by ``scale`` (default: the winning score, at least 1); 0.0 when they never
    trailed; None without winners or positions."""
    if not trace or not winners:
        return None
    if scale is None:
        scale = max(1.0, float(max(trace[-1][w] for w in winners)))
    gaps = [g for g in (_behind(v, winners) for v in trace) if g > 0]
    return sum(gaps) / len(gaps) / scale if gaps else 0.0


def stability(values: Sequence[Sequence[float]]) -> float | None:
    """Mean over seats of the (population) variance of the seat's value across the positions
    ``values[i][seat]``; None for fewer than two positions."""
    if len(values) < 2:
        return None
    seats = len(values[0])
    total = 0.0
    for s in range(seats):
        col = [v[s] for v in values]
        mean = sum(col) / len(col)
        total += sum((x - mean) ** 2 for x in col) / len(col)
    return total / seats


def clarity(move_values: Sequence[Sequence[float]]) -> tuple[float, float] | None:
    """``(narrowness, spread)`` over positions, each given as the values of its legal moves to
    the player to move: the mean share of the moves above ``mean + NARROW (best - mean)`` (all
    moves when they are valued the same) and the mean variance of the values. Positions with
    fewer than two moves are left out; None when none is left."""
    narrow, spread, k = 0.0, 0.0, 0
    for vals in move_values:
        if len(vals) < 2:
            continue
        mean = sum(vals) / len(vals)
        best = max(vals)
        if best - mean <= 1e-12:
            narrow += 1.0
        else:
            cut = mean + NARROW * (best - mean)
            narrow += sum(1 for v in vals if v >= cut - 1e-12) / len(vals)
        spread += sum((v - mean) ** 2 for v in vals) / len(vals)
        k += 1
    return (narrow / k, spread / k) if k else None


class PositionSample:
    """Keeps ``size`` positions of a game chosen uniformly at random among the decisions
    offered (reservoir sampling, with its own generator seeded from the game's seed so the bots'
    choices do not change). :meth:`offer` before each decision; ``positions``: ``(decision
    index, copy of the state)``, in game order."""

    def __init__(self, size: int, seed: int):
        self.size = size
        self.rng = random.Random(seed * 7919 + 17)
        self.kept: list[tuple[int, object]] = []
        self.seen = 0

    def offer(self, state) -> None:
        i = self.seen
        self.seen += 1
        if len(self.kept) < self.size:
            self.kept.append((i, state.clone()))
        else:
            j = self.rng.randrange(i + 1)
            if j < self.size:
                self.kept[j] = (i, state.clone())

    @property
    def positions(self) -> list:
        return sorted(self.kept, key=lambda p: p[0])


def evaluate_positions(sample: PositionSample, winners: Sequence[int], players: int) -> dict:
    """Drama, stability and clarity of one game from its sampled positions, valued by the MCTS
    bot's evaluator. Returns ``{"positions", "drama", "stability", "narrowness", "spread"}``
    (None where undefined)."""
    from studio.bots.mcts import MCTSBot

    bot = MCTSBot()
    values, moves = [], []
    rng = random.Random(sample.rng.random())
    for _i, state in sample.positions:
        values.append(bot._values(state, players))
        legal = state.legal_actions()
        if len(legal) > MOVES_PER_POSITION:
            legal = rng.sample(legal, MOVES_PER_POSITION)
        seat = state.current_player
        row = []
        for action in legal:
            after = state.clone()
            after.apply_trusted(action)
            row.append(bot._values(after, players)[seat])
        moves.append(row)
    clear = clarity(moves)
    d = drama(values, winners, scale=1.0) if winners and players > 1 else None
    return {"positions": len(values), "drama": d, "stability": stability(values),
            "narrowness": None if clear is None else clear[0], "spread": None if clear is None else clear[1]}
