"""Are the seats even, and if not, why: one joint test across all seats, and the attribution of a
seat's edge to turn order, starting hands and the board.

- :func:`seat_test`: a chi-square goodness-of-fit test of the seats' win counts against an even
  split (one test for all seats, so a 4-player board does not cry wolf four times), then per-seat
  two-sided tests with Holm's correction for the seats to name.
- :func:`attribute`: given the outcome of every deal played with the seat assignments rotated
  (each turn position at each board position, over the same deals) and again with equal
  starting hands, splits each seat's gap from the fair share into turn order, hand size and
  board position, with paired-bootstrap 95% intervals over the deals.
  :func:`attribute_setup` plays those games for a Rule the Realm setup.

Sources: Pearson's chi-square test; Holm (1979), "A simple sequentially rejective multiple test
procedure"; Efron's percentile bootstrap. The chi-square tail is computed in closed form for
whole degrees of freedom (no SciPy needed).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

ALPHA = 0.05


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` (whole, >= 1) degrees of freedom; the
    closed forms of the regularised upper incomplete gamma function for half-integer shape."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if x <= 0:
        return 1.0
    h = x / 2.0
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) * 2.0 / math.sqrt(math.pi)  # h^(1/2) / Gamma(3/2)
    for i in range(1, (df + 1) // 2):
        total += math.exp(-h) * term
        term *= h / (i + 0.5)
    return min(1.0, total)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (same order as given): reject where the adjusted value is below
    the family-wise level."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


@dataclass(frozen=True)
class SeatTest:
    """The joint test of a batch's seats. ``chi2`` over ``df`` = seats - 1 degrees of freedom
    and its ``p``; ``uneven``: p below ``alpha``. Per seat (turn order): ``z`` of its win count
    against the fair share, the two-sided ``p_seat`` and ``p_holm`` (Holm-adjusted);
    ``flagged``: seats whose adjusted p is below alpha (only when the joint test is)."""

    chi2: float
    df: int
    p: float
    uneven: bool
    z: list = field(default_factory=list)
    p_seat: list = field(default_factory=list)
    p_holm: list = field(default_factory=list)
    flagged: list = field(default_factory=list)
    alpha: float = ALPHA


def seat_test(wins: Sequence[float], games: int, alpha: float = ALPHA) -> SeatTest | None:
    """Test win counts ``wins`` (one per seat, shared wins as fractions) from ``games`` games
    against an even split of the games that had a winner. None for fewer than 2 seats, no game
    or no winner at all (nothing to compare)."""
    n = len(wins)
    total = sum(wins)
    if n < 2 or games < 1 or total <= 0:
        return None
    expected = total / n
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    p = chi2_sf(chi2, n - 1)
    fair = total / n / games
    sd = math.sqrt(games * fair * (1 - fair)) if 0 < fair < 1 else 0.0
    z = [(w - games * fair) / sd if sd else 0.0 for w in wins]
    p_seat = [math.erfc(abs(v) / math.sqrt(2)) for v in z]
    # two seats: one seat's gain is the other's loss, a single comparison (and the same p as
    # the joint test); more seats: Holm over the seats
    adj = list(p_seat) if n == 2 else holm(p_seat)
    uneven = p < alpha
    flagged = [s for s in range(n) if uneven and adj[s] < alpha]
    return SeatTest(chi2, n - 1, p, uneven, z, p_seat, adj, flagged, alpha)


# -- attribution ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class SeatEffect:
    """One seat (turn position ``seat``, sitting at board position ``seat`` in the normal game)
    in points of win rate (0.1 = 10 points) over the fair share: ``observed`` in the normal
    game; ``turn``: its turn position's edge, averaged over every board position (turn order
    and the hand size that comes with it); ``hands``: the part of ``turn`` that equal starting
    hands remove; ``order``: turn order alone (``turn - hands``); ``board``: its board
    position's edge, averaged over every turn position. Each ``*_ci`` is a 95% paired-bootstrap
    interval over the deals."""

    seat: int
    name: str
    observed: float
    observed_ci: tuple
    turn: float
    turn_ci: tuple
    hands: float | None
    hands_ci: tuple | None
    order: float | None
    order_ci: tuple | None
    board: float
    board_ci: tuple


@dataclass(frozen=True)
class Attribution:
    """Where the seats' gaps come from (:func:`attribute`): ``deals`` played in each of
    ``players`` rotations (and again with equal hands of ``equal_hand`` cards, when
    measured); ``seats``: one :class:`SeatEffect` per seat."""

    deals: int
    players: int
    seats: list
    equal_hand: int | None = None
    games_played: int = 0


Outcome = Callable[[int, bool, int], Sequence[float]]


def attribute(outcome: Outcome, players: int, seeds: Sequence[int], hands: bool = True,
              names: Sequence[str] = (), boot: int = 1000, rng_seed: int = 0) -> Attribution:
    """Split each seat's gap. ``outcome(rotation, equal_hands, seed)`` returns the win credit
    of each turn position (1 for the winner, 1/k each for a win shared by k, 0s when nobody
    won) in the game dealt from ``seed`` with board positions rotated by ``rotation`` (turn
    position t sits at board position (t + rotation) mod players). ``hands``: also play with
    equal starting hands. Raises ValueError for fewer than 2 players or seeds."""
    n = players
    if n < 2 or len(seeds) < 2:
        raise ValueError("attribution needs at least 2 players and 2 deals")
    per_seed = []  # per deal: observed[n], turn[n], board[n], order[n] or None
    for seed in seeds:
        runs = [list(outcome(r, False, seed)) for r in range(n)]
        fair = sum(sum(c) for c in runs) / (n * n)
        observed = [c - fair for c in runs[0]]
        turn = [sum(runs[r][t] for r in range(n)) / n - fair for t in range(n)]
        board = [sum(runs[r][(b - r) % n] for r in range(n)) / n - fair for b in range(n)]
        order = None
        if hands:
            equal = [list(outcome(r, True, seed)) for r in range(n)]
            fair_e = sum(sum(c) for c in equal) / (n * n)
            order = [sum(equal[r][t] for r in range(n)) / n - fair_e for t in range(n)]
        per_seed.append((observed, turn, board, order))

    width = 4 * n if hands else 3 * n
    flat = [tuple(obs) + tuple(turn) + tuple(board) + (tuple(order) if order is not None else ()) for obs, turn, board, order
            in per_seed]

    def means(rows):
        k = len(rows)
        m = [sum(col) / k for col in zip(*rows)]
        return m[:n], m[n:2 * n], m[2 * n:3 * n], m[3 * n:width] if hands else None

    point = means(flat)
    rng = random.Random(rng_seed)
    samples = [means(rng.choices(flat, k=len(flat))) for _ in range(boot)]

    def ci(f):
        vals = sorted(f(m) for m in samples)
        return (vals[int(0.025 * (boot - 1))], vals[int(math.ceil(0.975 * (boot - 1)))])

    obs, turn, board, order = point
    seats = []
    for s in range(n):
        seats.append(SeatEffect(
            seat=s, name=names[s] if s < len(names) else f"seat {s + 1}",
            observed=obs[s], observed_ci=ci(lambda m: m[0][s]),
            turn=turn[s], turn_ci=ci(lambda m: m[1][s]),
            hands=(turn[s] - order[s]) if hands else None,
            hands_ci=ci(lambda m: m[1][s] - m[3][s]) if hands else None,
            order=order[s] if hands else None, order_ci=ci(lambda m: m[3][s]) if hands else None,
            board=board[s], board_ci=ci(lambda m: m[2][s])))
    games = len(seeds) * n * (2 if hands else 1)
    return Attribution(len(seeds), n, seats, None, games)


def rotated(setup, rotation: int):
    """A copy of a Rule the Realm ``setup`` whose board seats are rotated: the seat that plays
    t-th sits where seat (t + rotation) mod players sits on the board (RTR-S2 turn order is
    the board's seat order)."""
    content = copy.copy(setup.content)
    board = copy.copy(content.board)
    names = list(board.seats)[: setup.players]
    rest = list(board.seats)[setup.players:]
    order = [names[(t + rotation) % len(names)] for t in range(len(names))] + rest
    board.seats = {k: board.seats[k] for k in order}
    content.board = board
    out = copy.copy(setup)
    out.content = content
    return out


def equal_hand_size(setup) -> int:
    """The hand every seat gets in the equal-hands games: the mean opening hand of the seats
    in play, rounded (RTR-S2)."""
    sizes = list(setup.scenario.rules.hand_sizes)[: setup.players]
    sizes += [sizes[-1]] * (setup.players - len(sizes))
    return int(round(sum(sizes) / len(sizes)))


def attribute_setup(setup, seeds: Sequence[int], bots: str | Sequence[str] | None = None, hands: bool = True,
                    boot: int = 1000, progress=None) -> Attribution:
    """Play ``setup`` (Rule the Realm) over ``seeds`` in every rotation of the seats, and with
    equal hands when ``hands``, and :func:`attribute` the gaps. Plays players x len(seeds)
    games (twice that with ``hands``); ``progress(1)`` is called after each (an exception it
    raises stops the attribution and propagates: a window's Cancel). Raises ValueError for
    Rivages (seats have no board position there) and for bad bot names."""
    from studio.bots import make_bot
    from studio.playtest.runner import play_game, resolve_bots

    if setup.kind != "realm":
        raise ValueError("seat attribution is for Rule the Realm boards (Rivages seats have no board position)")
    n = setup.players
    bot_list = [make_bot(b) for b in resolve_bots(bots, n)]
    h = equal_hand_size(setup)
    games = {}
    for r in range(n):
        base = rotated(setup, r)
        games[(r, False)] = base.game()
        if hands:
            games[(r, True)] = base.with_settings({"rules.hand_sizes": [h] * 4}).game()

    def outcome(r, equal, seed):
        res = play_game(games[(r, equal)], bot_list, seed, watch_forced=False)
        if progress is not None:
            progress(1)
        credit = [0.0] * n
        for w in res.winners:
            credit[w] += 1.0 / len(res.winners)
        return credit

    names = [setup.content.board.seats[k].label or k for k in list(setup.content.board.seats)[:n]]
    out = attribute(outcome, n, list(seeds), hands, names, boot)
    return Attribution(out.deals, out.players, out.seats, h if hands else None, out.games_played)


# -- settings compared on shared seeds --------------------------------------------------------------

@dataclass(frozen=True)
class PairedDifference:
    """One seat's win rate under a setting minus under the baseline, over the ``deals`` seeds
    both played: ``diff`` (0.1 = 10 points) with its 95% interval ``ci`` (normal approximation
    of the paired differences, clipped to the possible -1 to 1), the two-sided ``p`` and
    ``p_holm`` (Holm-adjusted over every comparison of the sweep); ``significant``: p_holm below
    alpha."""

    seat: int
    deals: int
    diff: float
    ci: tuple
    p: float
    p_holm: float = 1.0
    significant: bool = False


def paired_difference(base: dict, other: dict, seat: int) -> PairedDifference | None:
    """Compare ``seat``'s win credit (seed -> credits per seat) under ``other`` with ``base``
    on the seeds both played (paired: the same deals, so luck of the deal cancels). None
    with fewer than 2 shared seeds."""
    seeds = sorted(set(base) & set(other))
    m = len(seeds)
    if m < 2:
        return None
    d = [other[k][seat] - base[k][seat] for k in seeds]
    mean = sum(d) / m
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    se = math.sqrt(var / m)
    if se == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = math.erfc(abs(mean / se) / math.sqrt(2))
    half = 1.959963984540054 * se
    # a difference of two win credits lies in [-1, 1]; the normal interval can overrun it on few games
    return PairedDifference(seat, m, mean, (max(-1.0, mean - half), min(1.0, mean + half)), p)


def compare_settings(credits: Sequence[dict], alpha: float = ALPHA) -> list[list]:
    """Every setting against the first (``credits[i]``: seed -> win credit per seat of
    setting i): per setting, one :class:`PairedDifference` per seat (an empty list for the
    first), Holm-adjusted over all of them together."""
    out: list[list] = [[]]
    flat = []
    for other in credits[1:]:
        seats = len(next(iter(other.values()))) if other else 0
        found = [paired_difference(credits[0], other, s) for s in range(seats)]
        row = [x for x in found if x is not None]
        out.append(row)
        flat.extend(row)
    adjusted = holm([x.p for x in flat])
    it = iter(adjusted)
    return [[PairedDifference(x.seat, x.deals, x.diff, x.ci, x.p, (q := next(it)), q < alpha) for x in row]
            for row in out]
