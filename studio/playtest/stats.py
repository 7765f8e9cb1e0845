"""Balance figures of a batch of games: seat win rates, scores, game length, how games ended."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from studio.playtest.runner import GameResult


@dataclass(frozen=True)
class SeatSummary:
    """One seat over a batch. ``wins`` counts a win shared by k seats as 1/k (RTR-E3), so the
    seats' wins add up to the number of games that had a winner; ``win_rate`` is
    ``wins / games`` (0..1)."""

    seat: int
    name: str
    bot: str
    wins: float
    win_rate: float
    score_mean: float
    score_sd: float
    bands_mean: float


@dataclass(frozen=True)
class Summary:
    """A batch in numbers. Standard deviations are sample ones (n - 1; 0 for a single game).
    ``end_reasons`` maps each way a game ended to its count, most frequent first."""

    games: int
    seats: list[SeatSummary]
    rounds_mean: float
    rounds_sd: float
    actions_mean: float
    actions_sd: float
    shared_wins: int                  # games whose win was shared
    no_winner: int                    # games every seat lost (e.g. Volcano, L2-4)
    end_reasons: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def _sd(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def summarize(results: Sequence[GameResult]) -> Summary:
    """Summary of ``results``. Raises ValueError if there are none or they do not all have the
    same number of seats."""
    if not results:
        raise ValueError("no game to summarise")
    players = results[0].players
    if any(r.players != players for r in results):
        raise ValueError("every game of a summary must have the same number of players")
    n = len(results)
    wins = [0.0] * players
    for r in results:
        for s in r.winners:
            wins[s] += 1.0 / len(r.winners)
    seats = []
    first = results[0]
    for s in range(players):
        scores = [r.scores[s] for r in results]
        bots = {r.bots[s] for r in results}
        seats.append(SeatSummary(
            seat=s, name=first.seat_names[s], bot=bots.pop() if len(bots) == 1 else "mixed",
            wins=wins[s], win_rate=wins[s] / n,
            score_mean=statistics.fmean(scores), score_sd=_sd(scores),
            bands_mean=statistics.fmean(r.bands_used[s] for r in results),
        ))
    rounds = [r.rounds for r in results]
    actions = [r.actions for r in results]
    ends = Counter(r.end_reason for r in results)
    return Summary(
        games=n, seats=seats,
        rounds_mean=statistics.fmean(rounds), rounds_sd=_sd(rounds),
        actions_mean=statistics.fmean(actions), actions_sd=_sd(actions),
        shared_wins=sum(1 for r in results if len(r.winners) > 1),
        no_winner=sum(1 for r in results if not r.winners),
        end_reasons=dict(sorted(ends.items(), key=lambda kv: (-kv[1], kv[0]))),
    )


def win_rate_margin(win_rate: float, games: int) -> float:
    """Half-width of the 95% confidence interval of a win rate (normal approximation), so a
    report can say whether a seat's edge is more than noise."""
    if games < 1:
        return math.nan
    return 1.96 * math.sqrt(max(win_rate * (1 - win_rate), 0.0) / games)
