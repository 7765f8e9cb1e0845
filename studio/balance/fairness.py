"""Does a batch of bot games pass the studio's fairness bar? The checks issue 15 sets for the
bundled content, on a playtest :class:`~studio.playtest.stats.Summary` (so the win rates, their
95% Wilson intervals, the fair share, the end classification and the score medians are the
playtest's own, never recomputed here).

- **seats within the tolerance**: every seat's win rate within ``tolerance`` (default 4 points)
  of the fair share (games with a winner over the seats; a shared win counts 1/k, RTR-E3);
- **fair share covered**: the fair share inside every seat's 95% Wilson interval (the test for
  a smaller batch, e.g. 200 MCTS games, whose intervals are wider than the tolerance);
- **intended end**: at least ``intended`` (default 90%) of the games end as the scenario means
  (:class:`~studio.playtest.insight.Expectations`: ``rules.end`` or the scenario's
  ``playtest.intended_end``);
- **no seat's median at 0**: every seat's median final score above 0 (a seat that usually ends
  with nothing is no contest, whatever its win rate);
- **solo challenges**: in a solo Rivages batch, the win rate of every challenge set (RIV-X6)
  between ``low`` and ``high`` (default 15% to 60%).

:func:`fairness_check` and :func:`solo_check` return structured verdicts that reports print.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TOLERANCE = 0.04        # a seat's win rate at most 4 points from the fair share
INTENDED = 0.90         # at least 90% of games end as intended
SOLO_RANGE = (0.15, 0.60)  # a solo challenge is won in 15% to 60% of games


@dataclass(frozen=True)
class SeatCheck:
    """One seat of a batch: ``win_rate`` (0..1) with its 95% Wilson interval ``ci_low`` ..
    ``ci_high``, ``gap`` = win rate minus the fair share (signed, 0..1 units), ``median`` its
    median final score; ``within``: ``|gap| <= tolerance``; ``covers``: the fair share lies
    inside the interval."""

    seat: int
    name: str
    win_rate: float
    ci_low: float
    ci_high: float
    gap: float
    median: float
    within: bool
    covers: bool


@dataclass(frozen=True)
class FairnessCheck:
    """The verdict on one batch (see the module docstring): ``games``, ``fair_share`` (0..1),
    ``seats`` (:class:`SeatCheck`, in seat order), ``intended_share``: the share of games that
    ended as intended; ``tolerance`` and ``intended`` the bars used."""

    games: int
    fair_share: float
    seats: list = field(default_factory=list)
    intended_share: float = 1.0
    tolerance: float = TOLERANCE
    intended: float = INTENDED

    @property
    def seats_within(self) -> bool:
        """Every seat within the tolerance of the fair share."""
        return all(s.within for s in self.seats)

    @property
    def seats_covered(self) -> bool:
        """The fair share inside every seat's 95% interval."""
        return all(s.covers for s in self.seats)

    @property
    def end_ok(self) -> bool:
        """At least :attr:`intended` of the games ended as intended."""
        return self.intended_share >= self.intended

    @property
    def median_ok(self) -> bool:
        """No seat's median score at 0 or below."""
        return all(s.median > 0 for s in self.seats)

    @property
    def largest_gap(self) -> float:
        """The largest distance of a seat's win rate from the fair share (0..1)."""
        return max((abs(s.gap) for s in self.seats), default=0.0)

    def passed(self, interval: bool = False) -> bool:
        """Every check: the seats within the tolerance (``interval``: the fair share inside
        every seat's interval instead), the intended end and the medians."""
        return (self.seats_covered if interval else self.seats_within) and self.end_ok and self.median_ok


def fairness_check(summary, tolerance: float = TOLERANCE, intended: float = INTENDED) -> FairnessCheck:
    """The :class:`FairnessCheck` of a playtest ``summary`` (a
    :class:`~studio.playtest.stats.Summary` of two seats or more, judged against the scenario's
    :class:`~studio.playtest.insight.Expectations` so its ``insight`` knows the intended end).
    ``tolerance``: how far (0..1) a seat's win rate may be from the fair share; ``intended``:
    the share of games that must end as intended. Raises ValueError for a summary without
    games or with one seat."""
    if summary.games < 1 or len(summary.seats) < 2:
        raise ValueError("a fairness check needs a batch of at least one game and two seats")
    fair = summary.fair_share
    seats = []
    for s in summary.seats:
        gap = s.win_rate - fair
        median = s.scores.median if s.scores is not None else s.score_mean
        seats.append(SeatCheck(s.seat, s.name, s.win_rate, s.ci_low, s.ci_high, gap, median,
                               within=abs(gap) <= tolerance + 1e-12, covers=s.ci_low <= fair <= s.ci_high))
    unintended = summary.insight.unintended if summary.insight is not None else 0
    return FairnessCheck(summary.games, fair, seats, 1.0 - unintended / summary.games, tolerance, intended)


@dataclass(frozen=True)
class ChallengeCheck:
    """One challenge set of a solo batch (RIV-X6): its ``label``, ``games``, ``win_rate`` with
    its 95% Wilson interval, and ``ok``: the win rate within the range asked."""

    label: str
    games: int
    win_rate: float
    ci_low: float
    ci_high: float
    ok: bool


def solo_check(summary, low: float = SOLO_RANGE[0], high: float = SOLO_RANGE[1]) -> list[ChallengeCheck]:
    """Per challenge set of a solo Rivages ``summary`` (its ``solo``, by number of cards then
    label), whether its win rate lies in ``low`` .. ``high`` (0..1). Raises ValueError for a
    summary that is not of solo games."""
    if summary.solo is None:
        raise ValueError("a solo check needs a batch of solo games (a Rivages scenario played by 1)")
    return [ChallengeCheck(s.label, s.games, s.win_rate, s.ci_low, s.ci_high, low <= s.win_rate <= high)
            for s in summary.solo.sets]


__all__ = ["ChallengeCheck", "FairnessCheck", "INTENDED", "SOLO_RANGE", "SeatCheck", "TOLERANCE",
           "fairness_check", "solo_check"]
