"""What the balance assistant minimises: how far a batch of bot games is from a fair and healthy
game, as a weighted sum of penalties the designer can weight.

Each game is boiled down to a :class:`GameRecord` (win credits, scores, and what the insight
detectors of :mod:`studio.playtest.insight` say of it: an unintended end, a length outside the
target, a forced phase, seats at or below the score floor, the content it took), so the
objective of any subset of games, a bootstrap resample included, is cheap to recompute.

Penalties (:data:`PARTS`), each 0 when all is well:

- ``fair``: root mean square, over the seats, of a seat's win rate minus the fair share (a win
  shared by k counts 1/k; the fair share is the games with a winner over the seats), or minus
  the seat's *aim* when the objective has one (:func:`aim_between`: where the search's bots
  should land so that stronger reference bots land near fair share too);
- ``score``: root mean square of each seat's mean score minus the mean of all seats (plus the
  seat's aimed offset, when there is one), over the mean score (a smoother sign of the same
  unfairness, worth having on few games);
- ``end``: share of games that did not end as the scenario intends;
- ``length``: share of games longer or shorter than the target length;
- ``forced``: share of games with a phase of forced play;
- ``collapse``: share of seats ending at or below the score floor;
- ``content``: share of the board's content never taken in the batch.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

PARTS = ("fair", "score", "end", "length", "forced", "collapse", "content")
DEFAULT_WEIGHTS = {"fair": 1.0, "score": 0.5, "end": 1.0, "length": 0.5, "forced": 0.5, "collapse": 0.5,
                   "content": 0.1}
PART_WORDS = {"fair": "seats off their fair share (RMS of win-rate gaps)",
              "score": "seats' mean scores apart (RMS, relative)",
              "end": "games not ending as intended", "length": "games outside the target length",
              "forced": "games with forced play", "collapse": "seats ending at or below the score floor",
              "content": "content never taken"}


class WeightsError(ValueError):
    """``--weights`` text that cannot be read; the message says why."""


def parse_weights(text: str | None, defaults: dict | None = None, parts: tuple = PARTS) -> dict[str, float]:
    """``fair=1,end=2,content=0`` -> the ``defaults`` (:data:`DEFAULT_WEIGHTS`) with those
    replaced; ``parts``: the names allowed (Rivages adds its own). Raises
    :class:`WeightsError` for an unknown part, a value that is not a number or a negative one,
    or no weight above 0."""
    weights = dict(DEFAULT_WEIGHTS if defaults is None else defaults)
    for item in str(text or "").split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in parts:
            raise WeightsError(f"--weights {item!r}: expected PART=NUMBER with PART one of {', '.join(parts)}")
        try:
            w = float(value)
        except ValueError:
            raise WeightsError(f"--weights {item!r}: {value.strip()!r} is not a number") from None
        if not math.isfinite(w) or w < 0:
            raise WeightsError(f"--weights {item!r}: a weight is a number of 0 or more")
        weights[name] = w
    if not any(weights.values()):
        raise WeightsError("--weights: at least one weight must be above 0")
    return weights


@dataclass(frozen=True)
class GameRecord:
    """One game as the objective sees it (see the module docstring)."""

    seed: int
    credits: tuple
    scores: tuple
    unintended: bool
    off_length: bool
    forced: bool
    collapsed: int
    taken: frozenset = frozenset()
    length: int = 0           # -1 shorter than the target, 1 longer, 0 within it


def record_of(result, expect, content: frozenset = frozenset()) -> GameRecord:
    """The :class:`GameRecord` of a :class:`~studio.playtest.runner.GameResult`, judged against
    ``expect`` (:class:`~studio.playtest.insight.Expectations`) with the insight detectors' own
    definitions; ``content``: the keys of the elements that hold content (what ``taken`` keeps)."""
    from studio.playtest.insight import FORCED_MIN, InsightTally

    judge = InsightTally(expect)
    credits = [0.0] * result.players
    for w in result.winners:
        credits[w] += 1.0 / len(result.winners)
    lo, hi = expect.rounds if expect.rounds is not None else (0, math.inf)
    return GameRecord(
        seed=result.seed, credits=tuple(credits), scores=tuple(result.scores),
        unintended=bool(result.end_code) and not judge.intended(result.end_code),
        off_length=not lo <= result.rounds <= hi, forced=sum(result.forced) >= FORCED_MIN,
        collapsed=sum(1 for v in result.scores if v <= expect.score_floor),
        taken=frozenset(k for k, _seat in result.elements if k in content),
        length=-1 if result.rounds < lo else 1 if result.rounds > hi else 0)


@dataclass(frozen=True)
class Score:
    """An objective value: ``total`` (lower is better) and each penalty in ``parts``, over
    ``games`` games; ``rates``: each seat's win rate, ``fair_share`` the fair one."""

    total: float
    parts: dict
    games: int
    rates: tuple = ()
    fair_share: float = 0.0
    means: tuple = ()         # each seat's mean score

    def gap(self) -> float:
        """The largest distance of a seat's win rate from the fair share (0..1)."""
        return max((abs(r - self.fair_share) for r in self.rates), default=0.0)

    def fair_share_note(self) -> str:
        """Why ``fair_share`` is below one seat's share (1 / seats): the share of these games with
        no winner (every seat lost), in words; ``""`` when every game had a winner. The fair
        share counts only games someone won, so it moves with the games (e.g. greedy and MCTS
        bots on one board)."""
        n = len(self.rates)
        if n < 2 or self.fair_share >= 1 / n - 5e-4:
            return ""
        none = 1 - self.fair_share * n
        return (f"{100 * self.fair_share:.1f}%, not {100 / n:.1f}%: {100 * none:.1f}% of these {self.games} games "
                f"had no winner (every seat lost), and the fair share is the games someone won over the {n} seats")

    def to_dict(self) -> dict:
        return {"total": self.total, "parts": dict(self.parts), "games": self.games, "win_rates": list(self.rates),
                "fair_share": self.fair_share, "largest_gap": self.gap(), "mean_scores": list(self.means)}


@dataclass(frozen=True)
class Objective:
    """The weighted sum of the penalties (``weights``: part -> weight, see :data:`PARTS`);
    ``content``: how many content elements the board has (0: the content penalty is 0);
    ``aim_rates``: per seat, the win rate offset from the fair share the ``fair`` part aims at
    (empty: the fair share itself); ``aim_scores``: per seat, the mean-score offset from the
    seats' mean, as a share of it, the ``score`` part aims at (see :func:`aim_between`)."""

    weights: dict = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    content: int = 0
    aim_rates: tuple = ()
    aim_scores: tuple = ()

    def score(self, records: Sequence[GameRecord]) -> Score:
        """The objective of ``records`` (at least one game). Raises ValueError for none."""
        g = len(records)
        if not g:
            raise ValueError("no game to judge")
        n = len(records[0].credits)
        wins = [0.0] * n
        totals = [0.0] * n
        decided = 0
        taken: set = set()
        unintended = off = forced = collapsed = 0
        for r in records:
            for s in range(n):
                wins[s] += r.credits[s]
                totals[s] += r.scores[s]
            decided += sum(r.credits) > 0
            unintended += r.unintended
            off += r.off_length
            forced += r.forced
            collapsed += r.collapsed
            taken |= r.taken
        rates = tuple(w / g for w in wins)
        fair = decided / g / n if n else 0.0
        means = tuple(t / g for t in totals)
        overall = sum(means) / n if n else 0.0
        aim_r = self.aim_rates if len(self.aim_rates) == n else (0.0,) * n
        aim_s = self.aim_scores if len(self.aim_scores) == n else (0.0,) * n
        scale = max(overall, 1.0)
        parts = {
            "fair": math.sqrt(sum((r - fair - a) ** 2 for r, a in zip(rates, aim_r)) / n) if n > 1 else 0.0,
            "score": (math.sqrt(sum((m / scale - overall / scale - a) ** 2 for m, a in zip(means, aim_s)) / n)
                      if n > 1 else 0.0),
            "end": unintended / g, "length": off / g, "forced": forced / g, "collapse": collapsed / (g * n),
            "content": 1.0 - len(taken) / self.content if self.content else 0.0,
        }
        total = sum(self.weights.get(k, 0.0) * v for k, v in parts.items())
        return Score(total, parts, g, rates, fair, means)


def aim_between(search: Score, reference: Score, share: float) -> tuple[tuple, tuple]:
    """``(aim_rates, aim_scores)`` for an :class:`Objective` judged by the search's bots, so that
    a board fair for them leaves stronger *reference* bots (MCTS) near fair share too.

    ``search`` and ``reference``: the same board scored with each kind of bot. A seat the
    reference bots win more often than the search's bots has an advantage the weaker bots do not
    exploit; assuming an edit moves both kinds of bot alike, aiming the search's bots at
    ``fair + share * (search rate - reference rate)`` lands the reference bots at ``fair - (1 -
    share) * (search rate - reference rate)``: ``share`` 0 aims at fair for the search's bots
    only, 1 at fair for the reference bots only, 0.5 splits the difference. Mean scores the
    same way, as shares of each batch's overall mean.

    The difference is measured on a few hundred games of each kind, so each seat's is shrunk
    toward 0 by its own noise (positive-part James-Stein: times ``max(0, 1 - v / d**2)`` with
    ``d`` the seat's difference of win rates and ``v`` its binomial variance over both
    batches' ``games``): a difference within the noise aims nowhere, a clear one almost fully
    (the seat's mean-score aim is shrunk by the same factor). Raises ValueError for another
    number of seats or a share outside 0..1."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"the reference share is 0 to 1, got {share}")
    n = len(search.rates)
    if len(reference.rates) != n or len(search.means) != n or len(reference.means) != n:
        raise ValueError("the two scores have different numbers of seats")
    shrink = []
    for s, r in zip(search.rates, reference.rates):
        d = (s - search.fair_share) - (r - reference.fair_share)
        v = s * (1 - s) / max(search.games, 1) + r * (1 - r) / max(reference.games, 1)
        shrink.append(max(0.0, 1.0 - v / (d * d)) if d else 0.0)
    rates = tuple(share * k * ((s - search.fair_share) - (r - reference.fair_share))
                  for k, s, r in zip(shrink, search.rates, reference.rates))
    sm, rm = sum(search.means) / n, sum(reference.means) / n
    so, ro = max(sm, 1.0), max(rm, 1.0)
    scores = tuple(share * k * ((s - sm) / so - (r - rm) / ro)
                   for k, s, r in zip(shrink, search.means, reference.means))
    return rates, scores


@dataclass(frozen=True)
class Disagreement:
    """A seat the two kinds of bot judge differently (:func:`disagreements`). ``side``: +1 the
    reference bots favour the seat, -1 they leave it behind; rates and fair shares 0..1;
    ``reference_ci`` the reference bots' 95% interval, which excludes their fair share;
    ``reference_move``: how far the reference bots must move toward fair for their interval to
    take it in; ``search_room``: how far the search's bots may move the same way and stay within
    the tolerance (0 or less: none); ``ratio``: how many times as far an edit must move the
    reference bots as the search's bots (``inf`` with no room)."""

    seat: int
    side: int
    search_rate: float
    search_fair: float
    reference_rate: float
    reference_ci: tuple
    reference_fair: float
    reference_move: float
    search_room: float

    @property
    def ratio(self) -> float:
        return self.reference_move / self.search_room if self.search_room > 0 else math.inf

    @property
    def pulls_apart(self) -> bool:
        """An edit must move the reference bots farther than the search's bots (ratio above 1):
        one that moves both alike cannot meet both bars."""
        return self.ratio > 1

    @property
    def far_apart(self) -> bool:
        """Past :data:`FAR_RATIO`: the content may not meet both bars (reports warn)."""
        return self.ratio > FAR_RATIO


FAR_RATIO = 2.0
"""A :class:`Disagreement` ratio past which reports warn that board edits may not meet both bars
(on the bundled boards edits moved MCTS from a quarter to 5 times as far as greedy bots)."""


def disagreements(search: Score, reference: Score, reference_ci: Sequence[tuple], tolerance: float = 0.04
                  ) -> list[Disagreement]:
    """The seats where stronger reference bots (MCTS) clearly favour or leave behind a seat that
    the search's bots have within ``tolerance`` of fair share or off the other way (issue 15's
    two bars: ``tolerance`` on the search's bots, the fair share inside the reference bots' 95%
    interval). There a board edit that brings the reference bots to fair must move them
    :attr:`Disagreement.ratio` times as far as the search's bots, since edits move both kinds
    the same way (on the bundled boards from a quarter to 5 times as far); a large ratio
    says the two bars pull apart, e.g. where the reference bots' gap is turn order and opening
    hands (``studio playtest --bots mcts --attribute``). ``reference_ci``: per seat ``(low,
    high)``. Raises ValueError for scores of different numbers of seats."""
    n = len(search.rates)
    if len(reference.rates) != n or len(reference_ci) != n:
        raise ValueError("the two scores have different numbers of seats")
    out = []
    for seat, (s, r, (lo, hi)) in enumerate(zip(search.rates, reference.rates, reference_ci)):
        rf, sf = reference.fair_share, search.fair_share
        side = 1 if lo > rf else -1 if hi < rf else 0
        if not side or side * (s - sf) > tolerance:   # fair for the reference bots, or both clearly off the same way
            continue
        move = lo - rf if side > 0 else rf - hi
        room = side * (s - sf) + tolerance
        out.append(Disagreement(seat, side, s, sf, r, (lo, hi), rf, move, room))
    return out


def paired_bootstrap(objective: Objective, a: Sequence[GameRecord], b: Sequence[GameRecord], boot: int = 400,
                     seed: int = 0, other: Objective | None = None) -> tuple[float, tuple[float, float]]:
    """``(difference, 95% interval)`` of ``objective(b) - objective(a)`` over the seeds both
    played (paired: one resample of seeds serves both), by Efron's percentile bootstrap.
    ``other``: the objective for ``b`` when its board has other content. Raises ValueError
    without a shared seed."""
    other = other or objective
    by_a = {r.seed: r for r in a}
    by_b = {r.seed: r for r in b}
    seeds = sorted(set(by_a) & set(by_b))
    if not seeds:
        raise ValueError("no seed played by both")
    point = other.score([by_b[s] for s in seeds]).total - objective.score([by_a[s] for s in seeds]).total
    rng = random.Random(seed)
    diffs = []
    for _ in range(boot):
        pick = rng.choices(seeds, k=len(seeds))
        diffs.append(other.score([by_b[s] for s in pick]).total - objective.score([by_a[s] for s in pick]).total)
    diffs.sort()
    return point, (diffs[int(0.025 * (boot - 1))], diffs[int(math.ceil(0.975 * (boot - 1)))])


__all__ = ["DEFAULT_WEIGHTS", "GameRecord", "Objective", "PARTS", "PART_WORDS", "Score", "WeightsError",
           "aim_between", "paired_bootstrap", "parse_weights", "record_of"]
