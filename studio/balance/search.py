"""The search for a fairer board: successive halving over candidate edits with common random
numbers, then verification of the best on fresh seeds.

:func:`successive_halving` is the generic race (Karnin, Koren and Somekh 2013, "Almost optimal
exploration in multi-armed bandits"): every surviving arm plays the same next block of seeds
(common random numbers: the deals and the bots' dice are the same for every arm, so arms differ
by their content, not their luck), then the better half goes on; protected arms (the board as it
is) always go on, as the reference. A budget in games (and a deadline) caps it; Ctrl+C or the
deadline stops it with the best so far, judged on the seeds every survivor played.

:func:`balance` climbs: each step diagnoses the current board from its games (which seats are
ahead, whether games run long or miss the intended end), proposes edits aimed at it
(:mod:`studio.balance.edits`: the gap-sized moves of every size, a line search over how much the
gap needs, then small edits), keeps those that validate and races them against the current
board; the winner becomes the current board. A step that finds nothing better races the next
candidates not yet tried from that board, until the chain is ``steps`` edits long, no candidate
is left or the budget is spent. The best proposals are then
played again with the original board on fresh seeds the search never used
(:data:`VERIFY_OFFSET`), and reported with per-seat win rates, 95% Wilson intervals and the
paired bootstrap interval of the objective's change. With *reference bots* (:class:`Reference`,
e.g. MCTS), the search also plays stronger bots on the original board and on every board it
climbs onto, and aims the search's bots where both kinds land near fair share
(:func:`~studio.balance.objective.aim_between`); the proposals are then checked with the
reference bots on fresh seeds too. Games run through the playtest executors
(:func:`studio.playtest.executors.open_executor`), so results are the same for a seed whatever
the number of processes or the executor.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from studio.balance.edits import (
    Diagnosis,
    Locks,
    apply_edits,
    candidate_edits,
    end_edits,
    findings_of,
    first_pick_edits,
    first_picks,
    gap_edits,
    graded_edits,
    is_turn_order,
    paired_edits,
    picture_shift_edits,
    picture_transfer_edits,
    rule_value,
    shared_start,
    turn_order_edits,
    turn_order_skew,
    valid_edits,
)
from studio.balance.fairness import TOLERANCE
from studio.balance.objective import (
    GameRecord,
    Objective,
    Score,
    aim_between,
    disagreements,
    paired_bootstrap,
    record_of,
)

if TYPE_CHECKING:
    from studio.model.realm import Board
    from studio.playtest.setup import Setup

VERIFY_OFFSET = 500_000
"""Verification plays game indices from here on (``game_seed(seed, VERIFY_OFFSET + i)``): seeds
the search, whose budget stays below it, never played."""
MAX_BUDGET = VERIFY_OFFSET - 1
REFERENCE_OFFSET = 700_000
"""Reference-bot games play game indices from here on: the calibrations from
``REFERENCE_OFFSET``, the proposals' reference check from ``REFERENCE_OFFSET +
REFERENCE_CHECK`` (seeds neither the search nor the verification plays; at most
:data:`REFERENCE_CHECK` reference games a board keeps every index below the next seed's, 1,000,003)."""
REFERENCE_CHECK = 150_000
DIAG_GAMES = 200
"""At most this many games of the current board before each step decides where to aim."""


# -- the generic race -----------------------------------------------------------------------------

@dataclass
class ArmResult:
    """One arm after a race: ``score`` on the seeds it played (``games`` of them), the round it
    left the race (None: it stayed to the end)."""

    arm: Hashable
    score: float
    games: int
    out_round: int | None = None


@dataclass
class Race:
    """The outcome of :func:`successive_halving`: ``ranking``, best first (the last round's arms
    by score, then the arms out in later rounds first); ``games`` played; ``rounds`` run;
    ``stopped``: ``"interrupted"``, ``"deadline"`` or ``None``; ``seeds``: the seeds every arm
    of the final comparison played."""

    ranking: list                  # empty only when stopped before any arm played
    games: int
    rounds: int
    stopped: str | None = None
    common: int = 0

    @property
    def best(self) -> ArmResult:
        return self.ranking[0]


def schedule(arms: int, budget: int, min_games: int = 2, extra: int = 0) -> list[tuple[int, int]]:
    """``[(arms in the race, new games per arm), ...]`` for successive halving of ``arms`` arms
    with ``budget`` games: ceil(log2 arms) rounds sharing the budget equally, the arms halved
    (rounded up) after each; ``extra`` protected arms play every round too (their games count
    in the budget)."""
    if arms < 1:
        return []
    rounds = max(1, math.ceil(math.log2(arms))) if arms > 1 else 1
    out = []
    alive = arms
    for _ in range(rounds):
        out.append((alive, max(min_games, budget // rounds // (alive + extra))))
        alive = max(1, math.ceil(alive / 2))
    return out


def affordable(arms: int, budget: int, min_games: int = 2, extra: int = 0) -> int:
    """How many of ``arms`` arms (at least 1) a race of ``budget`` games can take without
    overspending it: with too many, every arm's ``min_games`` floor alone would pass the budget
    (13 arms at 2 games a round spend 55 games of a 25-game budget)."""
    n = max(1, arms)
    while n > 1 and sum((alive + extra) * g for alive, g in schedule(n, budget, min_games, extra)) > budget:
        n -= 1
    return n


def _race_first(arms: list, n: int, seen: set) -> list:
    """The first ``n`` of ``arms`` (candidate keys); the rest leave ``seen`` (edits raced from
    this board), so a later race from it may take them."""
    for key in arms[n:]:
        seen.discard(key[-1])
    return arms[:n]


def successive_halving(arms: Sequence[Hashable], play: Callable[[Hashable, Sequence[int]], list],
                       score: Callable[[Hashable, list], float], budget: int, seeds: Sequence[int],
                       protect: Sequence[Hashable] = (), min_games: int = 2,
                       played: dict | None = None, deadline: float | None = None,
                       on_round: Callable[[int, int, int, int], None] | None = None,
                       final_games: int = 0) -> Race:
    """Race ``arms``: ``play(arm, seeds)`` returns one record per seed (each record has a
    ``seed``), ``score(arm, records)`` the value to minimise. ``seeds``: the common seeds, in
    order (each round takes the next block); ``protect``: arms never dropped (not counted in the
    halving); ``played``: arm -> records already played (reused, e.g. the current board's);
    ``deadline``: a ``time.monotonic()`` after which no arm starts; ``on_round(round, rounds,
    arms, games per arm)``. ``final_games``: when the rounds leave the last arms on fewer common
    seeds than this (many arms spread the budget thin), they and the protected arms play on to
    this many (one more round, ``seeds`` permitting; its games go beyond ``budget``, at most
    ``final_games`` per arm) and are ranked on them. Ctrl+C in ``play`` ends the race with the
    best so far (``stopped`` = ``"interrupted"``). Raises ValueError without arms."""
    if not arms:
        raise ValueError("a race needs at least one arm")
    records: dict = {a: list((played or {}).get(a, ())) for a in arms}
    contenders = [a for a in arms if a not in protect]
    if not contenders:
        contenders = list(arms)
    alive = list(contenders)
    protected = [a for a in protect if a in records and a not in alive]
    plan = schedule(len(contenders), budget, min_games, len(protected))
    out_round: dict = {}
    games = 0
    upto = 0
    stopped = None
    rounds_run = 0
    common = 0

    def play_block(block: list) -> str | None:
        """Every arm still in plays the seeds of ``block`` it has not played; why it stopped, if it did."""
        nonlocal games
        try:
            for a in alive + protected:
                have = {x.seed for x in records[a]}
                need = [s for s in block if s not in have]
                if not need:
                    continue
                if deadline is not None and time.monotonic() > deadline:
                    raise TimeoutError
                new = play(a, need)
                records[a].extend(new)
                games += len(new)
        except KeyboardInterrupt:
            return "interrupted"
        except TimeoutError:
            return "deadline"
        return None

    for r, (_n, per_arm) in enumerate(plan):
        if upto >= len(seeds):
            break
        upto = min(len(seeds), upto + per_arm)
        block = list(seeds[:upto])
        if on_round is not None:
            on_round(r, len(plan), len(alive) + len(protected), upto)
        stopped = play_block(block)
        if stopped:
            break
        rounds_run += 1
        common = upto
        ranked = sorted(alive, key=lambda a: (score(a, _on(records[a], block)), contenders.index(a)))
        keep = max(1, math.ceil(len(ranked) / 2)) if r < len(plan) - 1 else len(ranked)
        for a in ranked[keep:]:
            out_round[a] = r
        alive = ranked[:keep]
        if len(alive) == 1 and r < len(plan) - 1 and not protected:
            break
    if stopped is None and rounds_run and common < min(final_games, len(seeds)):
        # the last arms play on to final_games common seeds, so the winner is judged on enough of them
        upto = min(final_games, len(seeds))
        if on_round is not None:
            on_round(rounds_run, rounds_run + 1, len(alive) + len(protected), upto)
        stopped = play_block(list(seeds[:upto]))
        if stopped is None:
            rounds_run += 1
            common = upto
    # the final comparison is on the seeds every remaining arm played in full
    final_block = list(seeds[:common]) if common else None
    final = []
    for a in alive + protected:
        recs = _on(records[a], final_block) if final_block else records[a]
        if recs:
            final.append(ArmResult(a, score(a, recs), len(recs)))
    final.sort(key=lambda x: (x.score, x.arm not in protected))  # a tie keeps the reference: no change for nothing
    out = []
    for a, r in sorted(out_round.items(), key=lambda kv: -kv[1]):
        recs = records[a]
        out.append(ArmResult(a, score(a, recs), len(recs), r))
    # arms out in the same round by their score there
    out.sort(key=lambda x: (-(x.out_round or 0), x.score))  # every arm here has its out_round
    return Race(final + out, games, rounds_run, stopped, common)


def _on(records: list, seeds) -> list:
    if seeds is None:
        return records
    wanted = set(seeds)
    return [x for x in records if x.seed in wanted]


# -- balancing a board ----------------------------------------------------------------------------

@dataclass
class Candidate:
    """A board under test: ``edits`` applied to the original, the resulting ``board`` and rule
    ``settings``, its ``setup`` and ``objective`` (content counted on its own board)."""

    edits: tuple
    board: Board
    settings: dict
    setup: Setup
    objective: Objective
    content: frozenset = frozenset()

    @property
    def key(self) -> tuple:
        return tuple((e.op, e.args) for e in self.edits)


@dataclass
class Verified:
    """A candidate against the original board on fresh seeds: both :class:`Score`; ``change``:
    the objective's change (negative is better) with its 95% paired bootstrap interval;
    ``wins_ci``: per seat, the 95% Wilson interval of its win rate, before and after."""

    before: Score
    after: Score
    change: float
    change_ci: tuple
    before_ci: list
    after_ci: list
    games: int

    def verdict(self) -> str:
        """The objective's change in words, from its 95% interval: ``better beyond chance``,
        ``worse beyond chance``, ``worse on these games (within chance)`` (a rise whose interval
        holds 0) or ``not clearly better``. A proposal that did worse on fresh games says so."""
        lo, hi = self.change_ci
        if hi < 0:
            return "better beyond chance"
        if lo > 0:
            return "worse beyond chance"
        return "worse on these games (within chance)" if self.worse() else "not clearly better"

    def worse(self) -> bool:
        """Whether the proposal did worse than the original on the fresh games."""
        return self.change > 0

    def nearer_with(self, reference: "Verified | None") -> bool:
        """Whether, checked with reference bots as well (``reference``, the same proposal's
        check with them), the board came nearer the fair share for both kinds of bot: the
        larger of the two largest gaps fell. With reference bots the objective is judged
        against the search's aim for its own bots (part way toward where the reference bots
        are fair, ``--reference-share``), so it can rise while both kinds of bot come nearer
        the bar itself; False without ``reference``."""
        if reference is None:
            return False
        before = max(self.before.gap(), reference.before.gap())
        return max(self.after.gap(), reference.after.gap()) < before

    def nearer_words(self, reference: "Verified") -> str:
        """What :meth:`nearer_with` found, in words: ``nearer the fair share for both`` when
        neither kind of bot's largest gap grew, else that the farther kind came nearer while
        the other went farther (a trade, not a gain for both)."""
        if self.after.gap() <= self.before.gap() and reference.after.gap() <= reference.before.gap():
            return "nearer the fair share for both"
        grew = self if self.after.gap() > self.before.gap() else reference
        which = "the search's bots" if grew is self else "the reference bots"
        return (f"the farther kind of bot nearer the fair share, {which} farther "
                f"({100 * grew.before.gap():.1f} -> {100 * grew.after.gap():.1f} points)")

    def fair_share_label(self) -> str:
        """The fair share of this check: ``33.3%``, or both when the board before and after
        give different ones (games nobody won differ)."""
        b, a = f"{100 * self.before.fair_share:.1f}%", f"{100 * self.after.fair_share:.1f}%"
        return b if a == b else f"{b} before, {a} after"

    def fair_share_notes(self) -> list[str]:
        """Why the fair share is below one seat's share, before and after, when it is
        (:meth:`~studio.balance.objective.Score.fair_share_note`), as lower-case sentences."""
        b, a = self.before.fair_share_note(), self.after.fair_share_note()
        if b and "before" not in self.fair_share_label():
            return [f"the fair share is {b}"]
        return [f"the fair share {w} is {t}" for w, t in (("before", b), ("after", a)) if t]

    def covers_fair_share(self) -> bool:
        """Whether the fair share lies inside every seat's 95% interval after the edits (the
        bar for reference bots, issue 15; :attr:`studio.balance.fairness.FairnessCheck.seats_covered`
        on a playtest batch)."""
        f = self.after.fair_share
        return all(lo <= f <= hi for lo, hi in self.after_ci)

    def to_dict(self) -> dict:
        return {"games": self.games, "before": self.before.to_dict(), "after": self.after.to_dict(),
                "before_win_ci": [list(c) for c in self.before_ci], "after_win_ci": [list(c) for c in self.after_ci],
                "objective_change": self.change, "objective_change_ci": list(self.change_ci)}


@dataclass(frozen=True)
class Reference:
    """Stronger bots the board should be fair for too (issue 15's MCTS bar): ``bots`` (one
    name for every seat or one per seat, e.g. ``"mcts"``), ``games`` they play per calibration
    and per board checked, ``share`` of the way the search's aim moves toward fair for them
    (0: fair for the search's bots only; 1: for the reference bots only; see
    :func:`~studio.balance.objective.aim_between`)."""

    bots: Any
    games: int = 200
    share: float = 0.5


@dataclass
class Proposal:
    """One proposal: the ``edits`` (in order), the search's ``score`` of it (on ``games``
    common seeds, lower is better) and the original board's there (``base_score``), the
    ``board`` and rule ``settings`` it makes, notes (``symmetry``: what the proposal does to
    the seats' equal reach), and ``verified`` once played on fresh seeds."""

    edits: tuple
    board: object
    settings: dict
    score: Score
    base_score: Score
    games: int
    notes: list = field(default_factory=list)
    verified: Verified | None = None
    reference: Verified | None = None

    def describe(self) -> list[str]:
        return [e.text for e in self.edits]

    @property
    def worse_in_search(self) -> bool:
        """Whether the content as it was did better than this proposal on all the games both
        played in the search (a step kept it on the fewer games its race was decided on)."""
        return self.score.total > self.base_score.total

    def search_words(self) -> str:
        """The search's figures in words, for the proposal's heading: ``N games; chosen on
        them, so these flatter it``, or, when the board did better than the proposal on all
        the games both played (a step kept it on the fewer games its race was decided on,
        and later steps played it on more), that it is worse there."""
        if self.worse_in_search:
            return (f"{self.games} games: worse than the board on them; a step kept it on the fewer games its "
                    "race was decided on")
        return f"{self.games} games; chosen on them, so these flatter it"

    def to_dict(self) -> dict:
        return {"edits": [e.to_dict() for e in self.edits], "rules": dict(self.settings),
                "search": {"games": self.games, "objective": self.score.to_dict(),
                           "original_objective": self.base_score.to_dict()},
                "notes": list(self.notes), "verified": self.verified.to_dict() if self.verified else None,
                "reference": self.reference.to_dict() if self.reference else None}


@dataclass
class Progress:
    """Where a search is: ``done`` of ``total`` games (``total``: the budget and the
    verification), ``elapsed`` seconds, ``eta`` seconds left (None until enough games have
    been timed: :class:`_Counter`), ``stage`` in words."""

    done: int
    total: int
    elapsed: float
    eta: float | None
    stage: str

    def eta_text(self) -> str:
        """``about 4 min 10 s left``, or '' while the ETA is held back. The command line and
        the editor's Suggest fixes show this same text."""
        return "" if self.eta is None else f"about {duration_text(self.eta)} left"


def duration_text(seconds: float) -> str:
    """``42 s``, ``4 min 05 s`` or ``2 h 03 min``."""
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


@dataclass
class BalanceResult:
    """What :func:`balance` found: ``proposals`` (best first; may be empty: nothing beat the
    board), the original board's ``base`` search score, the steps taken (``steps``: per step,
    candidates raced and the winner's text), ``games`` played in all (the search, the
    verification and any reference games), ``search_games`` of them by the search's bots in the
    search itself (what ``--budget-games`` bounds) and ``verify_games`` on fresh seeds after
    it, ``stopped`` (``"interrupted"``, ``"deadline"``, ``"workers-lost"`` (the Dask
    cluster went away: the best so far, not verified; ``stop_reason`` says what in one line) or
    None), ``elapsed`` seconds; with reference bots, ``reference`` and ``calibrations``: per
    board calibrated (the original, then each board climbed onto), a dict with its ``edits``
    (texts), the search's and the reference bots' :class:`Score`, the reference bots' 95% win
    intervals, the aim that followed and the seats where the two kinds of bot pull apart
    (:func:`~studio.balance.objective.disagreements`)."""

    proposals: list
    base: Score | None
    steps: list
    games: int
    stopped: str | None
    elapsed: float
    weights: dict
    seed: int
    players: int
    stop_reason: str | None = None
    reference: Reference | None = None
    calibrations: list = field(default_factory=list)
    search_games: int | None = None
    verify_games: int = 0
    stopped_in_check: bool = False   # the stop came after the search, while its proposals were checked

    @property
    def reference_games(self) -> int:
        """Games the reference bots played, calibrating and checking (0 without them, or when
        the split is unknown)."""
        if self.search_games is None:
            return 0
        return self.games - self.search_games - self.verify_games

    def stopped_before_racing(self) -> bool:
        """Whether the search was stopped before it raced any edit (nothing was tried, so no
        proposal says nothing about the board)."""
        return self.stopped is not None and not any(st.get("candidates") for st in self.steps)

    def no_proposal_reason(self, subject: str = "board") -> str:
        """Why a run has no proposal, in one sentence (``subject``: what was searched, "board",
        "island" or "content"): stopped before any race, stopped before a raced edit did
        better, a budget that went on the first look, or no edit that did better."""
        if self.stopped_before_racing():
            return "No proposal: the search was stopped before it raced any edit."
        if self.stopped is not None:
            return f"No proposal: the search was stopped before any edit it raced did better than the {subject} as it is."
        if not any(st.get("candidates") and st.get("games", 1) for st in self.steps):
            n = self.search_games or self.games
            return (f"No proposal: the budget went on the first look at the {subject} "
                    f"({n} game{'s' if n != 1 else ''}), so no edit was raced.")
        return f"No proposal: no valid edit tried did better than the {subject} as it is on the same seeds."


def unverified(proposals) -> list[int]:
    """The numbers (from 1) of ``proposals`` not verified on fresh seeds (a stop came first)."""
    return [i for i, p in enumerate(proposals, 1) if p.verified is None]


def proposal_numbers(numbers: list[int]) -> str:
    """``[3]`` -> "proposal 3", ``[2, 3]`` -> "proposals 2, 3"."""
    return f"proposal{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"


def race_outcome(result: "BalanceResult", step: dict, subject: str = "board") -> str:
    """How one of ``result.steps`` ended, for the step's line: the edit kept, or why none was
    (``subject``: "board", "content"). A race the run's stop cut short (Ctrl+C, the time budget,
    lost workers; the step's ``stopped``) was not lost: it says so."""
    if step.get("winner"):
        return f"kept: {step['winner']}"
    if step.get("stopped"):
        return "stopped before this race was decided"
    return f"none beat the {subject} clearly enough to build on"


class _Counter:
    """Games done of the total, and the ETA. Each kind of bot is timed apart (reference games,
    ``slow``, as an MCTS game costs many greedy ones), from its first finished game on, so
    the start-up (worker processes, the first candidates) never counts as a game's time.

    The ETA is held back until a kind has played :attr:`MIN_GAMES` games and
    :attr:`MIN_SECONDS` seconds after its first; it then divides the games left by the
    kind's recent throughput (games per second of the kind's own time over its last
    :attr:`WINDOW` seconds, at least :attr:`MIN_GAMES` games), for the search's games and
    the checks after it (verification and reference games); with a ``deadline`` (monotonic
    seconds) the search's part is at most the time to it. A kind's own time is the wall time
    up to each of its games since the game before it of either kind, pauses between races
    included: the time the other kind played is not this kind's (counted for both, a search
    that turns from greedy races to MCTS games said 2 h left of 45 min). ``clock``: a
    monotonic clock in seconds (tests pass a fake one)."""

    MIN_GAMES = 8
    MIN_SECONDS = 3.0
    WINDOW = 60.0

    def __init__(self, total: int, progress: Callable[[Progress], None] | None, slow_total: int = 0, *,
                 checks: int = 0, slow_checks: int = 0, deadline: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.total = total + slow_total
        self.done = 0
        self.stage = ""
        self.started = clock()
        self.progress = progress
        self.deadline = deadline
        # per kind: games done, planned in all, planned for the checks after the search;
        # (own time, games done) at each game in the window, the first being the kind's first game
        self.kinds = {False: [0, total, checks], True: [0, slow_total, slow_checks]}
        self.samples: dict[bool, deque] = {False: deque(), True: deque()}
        self.first: dict[bool, tuple[float, int] | None] = {False: None, True: None}
        self.own = {False: 0.0, True: 0.0}   # each kind's own time up to its last game
        self.last: tuple[float, bool | None] = (self.started, None)   # the last game's time and kind

    def own_time(self, slow: bool, now: float) -> float:
        """The kind's own seconds at ``now``: the time since the last game is the last kind's
        (a pause after it slows its estimate, not the other's)."""
        at, kind = self.last
        return self.own[slow] + (now - at if kind == slow else 0.0)

    def add(self, n: int, slow: bool = False) -> None:
        now = self.clock()
        row = self.kinds[slow]
        row[0] += n
        self.done += n
        self.own[slow] += now - self.last[0]   # since the game before, of either kind
        self.last = (now, slow)
        own = self.own[slow]
        if self.first[slow] is None:
            self.first[slow] = (own, row[0])
        samples = self.samples[slow]
        samples.append((own, row[0]))
        # keep the window: drop the oldest while the rest still spans WINDOW s and MIN_GAMES games
        while len(samples) > 2 and own - samples[1][0] >= self.WINDOW and row[0] - samples[1][1] >= self.MIN_GAMES:
            samples.popleft()
        self.tell()

    def plan(self, n: int, slow: bool = False) -> None:
        """``n`` more games to play in the search than planned."""
        self.kinds[slow][1] += n
        self.total += n

    def replan(self, left: int, slow_left: int) -> None:
        """Exactly ``left`` search-bot games and ``slow_left`` reference games still to play (the
        checks, once the search is over and its unplayed budget drops out of the total)."""
        for slow, n in ((False, left), (True, slow_left)):
            row = self.kinds[slow]
            row[1], row[2] = row[0] + n, n
        self.total = self.done + left + slow_left

    def rate(self, slow: bool, now: float) -> float | None:
        """Games per second of the kind lately, or None until it has played enough to say."""
        first = self.first[slow]
        if first is None:
            return None
        done = self.kinds[slow][0]
        own = self.own_time(slow, now)
        if done - first[1] < self.MIN_GAMES or own - first[0] < self.MIN_SECONDS:
            return None
        since, then = self.samples[slow][0]
        return (done - then) / (own - since) if own > since and done > then else None

    def eta(self, now: float) -> float | None:
        """Seconds left: the search's games left, then the checks', at each kind's recent
        throughput (the search's part capped by the deadline); None while a kind with games
        left has no throughput yet."""
        search = checks = 0.0
        for slow, (done, planned, planned_checks) in self.kinds.items():
            left = max(0, planned - done)
            if not left:
                continue
            rate = self.rate(slow, now)
            if rate is None:
                return None
            in_checks = min(planned_checks, left)
            search += (left - in_checks) / rate
            checks += in_checks / rate
        if self.deadline is not None:
            search = min(search, max(0.0, self.deadline - now))
        return search + checks

    def tell(self) -> None:
        if self.progress is None:
            return
        now = self.clock()
        self.progress(Progress(self.done, self.total, now - self.started, self.eta(now), self.stage))


def _diagnose(records: list[GameRecord], objective: Objective) -> Diagnosis:
    s = objective.score(records)
    g = len(records)
    n = len(records[0].scores)
    means = [sum(r.scores[i] for r in records) / g for i in range(n)]
    overall = sum(means) / n
    # a seat's strength is measured from its aim (the fair share itself without reference bots)
    aim_r = objective.aim_rates if len(objective.aim_rates) == n else (0.0,) * n
    aim_s = objective.aim_scores if len(objective.aim_scores) == n else (0.0,) * n
    strength = tuple((s.rates[i] - s.fair_share - aim_r[i])
                     + 0.25 * ((means[i] - overall) / max(overall, 1.0) - aim_s[i]) for i in range(n))
    return Diagnosis(strength, long=sum(r.length > 0 for r in records) / g, short=sum(r.length < 0 for r in records) / g,
                     unintended=s.parts["end"], collapsed=s.parts["collapse"])


def side_totals(board) -> dict[str, int]:
    """``{seat name: treasure + energy}`` on each seat's side of ``board`` (segments nearer its
    start pegs than any other seat's, :class:`~studio.balance.edits.Regions`); ``{}`` when the
    seats have no usable sides."""
    from studio.balance.edits import Regions

    regions = Regions.of(board)
    if not regions.usable():
        return {}
    out = dict.fromkeys(regions.seats, 0)
    for seg in board.segments:
        owner = regions.owner(seg.key)
        if owner is not None:
            out[regions.seats[owner]] += seg.treasure + seg.energy
    return out


def _symmetry_note(before, after, rules) -> str | None:
    """A sentence when the proposal changes unevenly what the seats have near them: the
    treasure and energy on each seat's side (segments nearer its start pegs than any other
    seat's, :class:`~studio.balance.edits.Regions`): it says which seat gains most, and whether the
    sides end even or uneven (on purpose: turn order and opening hands, RTR-S2, make the seats
    unequal in play, so a fair board need not be symmetric). None when every
    seat's share changed alike, or the seats have no sides: also where they share their start
    (``any-start``'s pool of start pegs, L4-1, lists pegs under seats, but any seat may use any)."""
    if rules.start != "own-side" and "labyrinth" not in rules.modules:
        return None
    old, new = side_totals(before), side_totals(after)
    if len(old) < 2 or len({new[k] - old[k] for k in old}) == 1:
        return None
    was = ", ".join(f"{k} {v}" for k, v in old.items())
    now = ", ".join(f"{k} {v}" for k, v in new.items())
    counts = f"treasure and energy on each seat's side (nearer its start pegs than any other seat's): {was} before, {now} after"
    if len(set(new.values())) == 1:
        return f"evens out what the seats have near them: {counts}"
    gain = {k: new[k] - old[k] for k in old}
    most = max(gain.values())
    gainers = " and ".join(k for k, v in gain.items() if v == most)
    return (f"leaves the seats' sides uneven on purpose, shifted toward {gainers}: the seats are not equal in "
            f"play (turn order, and seat 1 is dealt the smallest opening hand, RTR-S2), so a fair board need not be "
            f"symmetric; {counts}")


class SearchProblem(ABC):
    """What one game's balance search needs besides the shared driver (:func:`run_search`):
    its candidates, records, diagnosis, edits and proposals. Subclassed for Rule the Realm
    boards (:class:`_BoardProblem`) and Rivages islands
    (:class:`studio.balance.rivages._IslandProblem`)."""

    players: int
    weights: dict
    noun = "board"          # what the search edits, in the progress stages
    variants = "boards"     # what a race compares
    min_games = 2           # games per arm in a race's first round
    look = ""               # what the first games of a step are for, in its stage

    @abstractmethod
    def make(self, edits: tuple, made=None):
        """The candidate for ``edits`` (``made``: what :meth:`arms` built for them, else None):
        an object with ``key``, ``edits``, ``setup``, ``objective`` and ``content``. Raises
        when the content cannot be played."""

    @abstractmethod
    def record(self, result, expect, content: frozenset):
        """One game's record (``studio.balance.objective.record_of`` or its Rivages twin)."""

    @abstractmethod
    def diagnose(self, records: list, incumbent):
        """What the first games of ``incumbent`` say is wrong (aims the edits)."""

    @abstractmethod
    def arms(self, incumbent, diagnosis, seen: set, depth: int, round_no: int) -> tuple[list, list]:
        """``(pool, valid)``: the edits to race from ``incumbent`` (``seen`` holds those raced
        from it already) and the valid ones as ``(edit, made)`` pairs for :meth:`make`."""

    def climb_games(self, diag_games: int) -> int:
        """Common games a race's winner needs before the search climbs onto it."""
        return diag_games // 2

    @abstractmethod
    def proposal(self, candidate, score: Score, base_score: Score, games: int) -> Proposal:
        """The :class:`Proposal` for ``candidate`` (``score`` and the original's
        ``base_score`` on the ``games`` seeds both played), with its notes."""


def proposal_picks(chain: list, others: list, played: dict, base, top: int, min_games: int) -> list[tuple]:
    """The candidates a search proposes, as ``(candidate, its score, the original's score,
    common games)`` on the seeds both played (``played``: key -> game records; ``base``: the
    original): the chain the steps kept (latest first), then the other raced arms that did
    better than the original on at least ``min_games`` common seeds (an arm a starved race
    ran on a few seeds is ahead by luck as often as not), at most ``top``, none twice and
    none without edits or common games."""
    out: list[tuple] = []
    base_recs = {r.seed: r for r in played.get(base.key, [])}
    shown = set()
    for kept, c in [(True, c) for c in chain] + [(False, c) for c in others]:
        if not c.edits or c.key in shown:
            continue
        shown.add(c.key)
        mine = [r for r in played.get(c.key, []) if r.seed in base_recs]
        if not mine:
            continue
        mine_score = c.objective.score(mine)
        base_score = base.objective.score([base_recs[r.seed] for r in mine])
        if not kept and (mine_score.total >= base_score.total or len(mine) < min_games):
            continue
        out.append((c, mine_score, base_score, len(mine)))
        if len(out) >= top:
            break
    return out


def _proposal_order(p) -> tuple:
    """Proposals in the order shown: verified ones by their change on fresh seeds, then the
    rest (a run stopped before the check) by their change in the search, so a kept board that
    did worse there than the original does not come first (fresh-user trial)."""
    if p.verified is not None:
        return (0, p.verified.change)
    return (1, p.score.total - p.base_score.total)


def reference_order(p) -> tuple:
    """Proposals checked by both kinds of bot, in the order shown: first those that bring both
    nearer the fair share (:meth:`Verified.nearer_with`), then by the larger of the two kinds'
    largest gaps after the edits (the bar is on both, issue 15), then by the verified change
    (the search's bots' objective, aimed only part way toward fair with reference bots: ordered
    by it alone, a proposal that moved the reference bots away could come first)."""
    v, r = p.verified, p.reference
    if v is None or r is None:   # not checked by one kind (verification turned off): after the rest
        return (2, 0.0, *_proposal_order(p))
    return (0 if v.nearer_with(r) else 1, round(max(v.after.gap(), r.after.gap()), 9), v.change)


def check_numbers(budget: int, steps: int, candidates: int, top: int, verify_games: int) -> None:
    """Raise ValueError, saying which, for a search's numbers out of range."""
    if not 1 <= budget <= MAX_BUDGET:
        raise ValueError(f"the search budget must be 1 to {MAX_BUDGET:,} games, got {budget}")
    if steps < 1 or candidates < 1 or top < 1 or verify_games < 0:
        raise ValueError("steps, candidates and top must be at least 1, verify games at least 0")


def planned_games(budget: int, verify_games: int, top: int, steps: int,
                  reference: Reference | None = None) -> tuple[int, int, int]:
    """The games a run plans, ``(search, checks, reference)``: the search's budget, the
    verification on fresh seeds of the original and ``top`` proposals, and the reference bots'
    games: a calibration of the original and of every board the search may climb onto before
    its last step, and the check of the original and the proposals (planned from the start, or
    the first ETAs were 40% short; a search that climbs less drops them at the checks). Their
    sum is the progress's total."""
    return (budget, verify_games * (top + 1),
            reference.games * (top + 1 + _calibrations(steps)) if reference else 0)


def _calibrations(steps: int) -> int:
    """Reference calibrations a search plans: the original board's, then one per board it may
    climb onto before its last step."""
    return max(1, steps)


def run_search(problem: SearchProblem, bots, budget: int, seed: int, steps: int, verify_games: int,
               top: int, jobs: int, executor: str, scheduler: str | None,
               minutes: float | None, progress, stop, reference: Reference | None = None) -> BalanceResult:
    """The search both games share: from the original content, step by step, diagnose the
    incumbent on its first games, race its candidate edits by successive halving on common
    seeds, climb onto a winner ahead on enough games; then the proposals (the chain kept,
    then other arms that beat the original on common seeds), verified on fresh seeds. The
    arguments are :func:`balance`'s, checked (:func:`check_numbers`), ``bots`` resolved
    (``reference.bots`` too)."""
    from studio.playtest.executors import BatchSpec, ClusterError, open_executor
    from studio.playtest.insight import Expectations
    from studio.playtest.runner import game_seed

    noun = problem.noun
    started = time.monotonic()
    deadline = started + 60 * minutes if minutes else None
    calibrations_planned = _calibrations(steps)
    search_games, checks, reference_games = planned_games(budget, verify_games, top, steps, reference)
    counter = _Counter(search_games + checks, progress, reference_games, checks=checks,
                       slow_checks=reference.games * (top + 1) if reference else 0, deadline=deadline)
    cands: dict[Hashable, Any] = {}
    played: dict[tuple, list] = {}
    lost: list[str] = []   # why the Dask cluster stopped playing, once it has
    aim: dict = {}         # the objective's aim (aim_rates, aim_scores) after the latest calibration
    calibrations: list = []

    def candidate(edits: tuple, made=None):
        key = tuple((e.op, e.args) for e in edits)
        if key not in cands:
            c = problem.make(edits, made)
            if aim:
                c.objective = replace(c.objective, **aim)
            cands[key] = c
        return cands[key]

    with open_executor(jobs, executor, scheduler) as ex:
        def play(key, seeds) -> list:
            try:
                return _play(key, seeds)
            except ClusterError as exc:  # the workers went away: stop as Ctrl+C does, with what is known
                lost.append(str(exc))
                raise KeyboardInterrupt from None

        def _play(key, seeds, slow: bool = False) -> list:
            """The records of ``key``'s games on ``seeds``, with the search's bots (kept in
            ``played``) or, ``slow``, the reference bots (not kept: another population)."""
            c = cands[key]
            spec = BatchSpec(c.setup, tuple(reference.bots if slow and reference else bots))
            exp = Expectations.of_scenario(c.setup.scenario, problem.players)
            out: list = []
            runs = [range(seeds[0], seeds[-1] + 1)] if _consecutive(seeds) else [range(s, s + 1) for s in seeds]
            for rng in runs:
                batch = ex.run(spec, rng)
                try:
                    for r in batch:
                        out.append(problem.record(r, exp, c.content))
                        counter.add(1, slow)
                        if stop is not None and stop():
                            raise KeyboardInterrupt
                finally:
                    close = getattr(batch, "close", None)
                    if close is not None:
                        close()
            if not slow:
                played.setdefault(key, []).extend(out)
            return out

        def play_reference(key, seeds) -> list:
            try:
                return _play(key, seeds, slow=True)
            except ClusterError as exc:
                lost.append(str(exc))
                raise KeyboardInterrupt from None

        def plain(c) -> Objective:
            return replace(c.objective, aim_rates=(), aim_scores=())

        def calibrate(c, search_records: list, reference: Reference) -> None:
            """Play the reference bots on ``c`` and aim every candidate's objective where both
            kinds of bot land near fair share."""
            from studio.playtest.stats import wilson

            if len(calibrations) >= calibrations_planned:
                counter.plan(reference.games, slow=True)
            counter.stage = f"reference bots ({reference.games} games) on the {noun}" + (
                f" after edit {len(c.edits)}" if c.edits else " as it is")
            counter.tell()
            ref_recs = play_reference(c.key, [game_seed(seed, REFERENCE_OFFSET + i) for i in range(reference.games)])
            mine, theirs = plain(c).score(search_records), plain(c).score(ref_recs)
            rates, scores = aim_between(mine, theirs, reference.share)
            aim.update(aim_rates=rates, aim_scores=scores)
            for other in cands.values():
                other.objective = replace(other.objective, **aim)
            g = len(ref_recs)
            ci = [wilson(r * g, g) for r in theirs.rates]
            calibrations.append({"edits": [e.text for e in c.edits], "search": mine, "reference": theirs,
                                 "reference_win_ci": ci, "aim_rates": rates, "aim_scores": scores,
                                 "disagreements": disagreements(mine, theirs, ci, TOLERANCE)})

        def score(key, records) -> float:
            return cands[key].objective.score(records).total

        seeds = [game_seed(seed, i) for i in range(budget)]
        base = candidate(())
        incumbent = base
        steps_done: list = []
        stopped = None
        used = 0
        # the first look decides which way the edits aim: enough games that a seat 5 points off
        # its fair share is seen as such (40 games sometimes pointed the wrong way)
        diag_games = max(4, min(DIAG_GAMES, budget // 6))
        first = set(seeds[:diag_games])
        tried: dict[tuple, set] = {}   # incumbent -> edits already raced from it
        calibrated: set = set()
        round_no = 0
        # Ctrl+C anywhere in a round (also between its plays: diagnosing, making the arms) keeps
        # the edits already kept (``incumbent`` changes only once a race is won)
        try:
            # a race needs games enough for an arm to be climbed onto: with fewer left it is
            # noise (the Labyrinth 4p ran 12 races on 2 to 32 games each at the end of its budget)
            while not stopped and budget - used >= max(4, problem.climb_games(diag_games)) \
                    and len(incumbent.edits) < steps:
                round_no += 1
                depth = len(incumbent.edits)
                counter.stage = f"race {round_no} (edit {depth + 1} of at most {steps}): playing the current {noun}{problem.look}"
                # a race plays seeds in order, so what an arm has played is a prefix of ``seeds``
                have = {r.seed for r in played.get(incumbent.key, [])}
                need = [s for s in seeds[:diag_games] if s not in have]
                if need:
                    used += len(play(incumbent.key, need))
                if budget - used < max(problem.min_games, problem.climb_games(diag_games)):
                    break   # the first look took what the budget had: no race would fit in it
                if reference and incumbent.key not in calibrated:
                    calibrated.add(incumbent.key)
                    calibrate(incumbent, [r for r in played[incumbent.key] if r.seed in first], reference)
                diag = problem.diagnose([r for r in played[incumbent.key] if r.seed in first], incumbent)
                seen = tried.setdefault(incumbent.key, set())
                pool, valid = problem.arms(incumbent, diag, seen, depth, round_no)
                seen.update((e.op, e.args) for e in pool)
                arms = []
                for e, made in valid:
                    try:
                        arms.append(candidate(incumbent.edits + (e,), made).key)
                    except Exception:  # noqa: BLE001 - content or a rule value the engine refuses: not proposed
                        continue
                if not arms:
                    steps_done.append({"step": round_no, "edit": depth + 1, "candidates": 0, "winner": None})
                    if not pool:
                        break     # nothing left to try from here
                    continue
                # the budget left, shared by the edits still to make (a retry spends from the same share)
                step_budget = min(max(4 * (len(arms) + 1), (budget - used) // max(1, steps - depth)), budget - used)
                # a budget too small for every arm's first games races the first arms only (the
                # strongest edits come first); the rest may race from here later
                arms = _race_first(arms, affordable(len(arms), step_budget, problem.min_games, 1), seen)
                # a race of many arms leaves its last two on few common seeds (40 arms on 400 games: 60);
                # then they play on to the climb games, kept out of what the rounds share (and taken
                # from later steps' shares if this one is too small), so a winner is not dropped for lack of them
                climb = problem.climb_games(diag_games)
                rounds_budget, final_games = step_budget, 0
                if sum(g for _n, g in schedule(len(arms), step_budget, problem.min_games, 1)) < climb:
                    least = max(4 * (len(arms) + 1), step_budget - 2 * climb)
                    if least + 2 * climb <= budget - used:
                        rounds_budget, final_games = least, climb
                    else:
                        # too few games left for many arms to reach a climb: the first arm alone
                        # plays a climb's games (the board has them from its first look)
                        arms = _race_first(arms, 1, seen)
                        rounds_budget = 2 * climb

                def on_round(r, rounds, n, per_arm, step=round_no):
                    counter.stage = (f"race {step}, round {r + 1} of {rounds}: {n} {problem.variants}, "
                                     f"{per_arm} games each on the same seeds")
                    counter.tell()

                before = counter.done
                race = successive_halving([incumbent.key] + arms, play, score, rounds_budget, seeds,
                                          protect=[incumbent.key], played=dict(played), deadline=deadline,
                                          on_round=on_round, min_games=problem.min_games, final_games=final_games)
                used += counter.done - before
                stopped = race.stopped
                winner = race.best.arm if race.ranking else incumbent.key
                if winner != incumbent.key and race.common < climb:
                    winner = incumbent.key   # ahead on too few games to climb on: luck as often as not
                steps_done.append({"step": round_no, "edit": depth + 1, "candidates": len(arms), "games": counter.done - before,
                                   "winner": None if winner == incumbent.key else cands[winner].edits[-1].text,
                                   "ranking": [cands[x.arm] for x in race.ranking]})
                if stopped is not None:
                    steps_done[-1]["stopped"] = True   # cut short: said so, not that nothing did better
                if winner != incumbent.key:
                    incumbent = cands[winner]
        except KeyboardInterrupt:
            stopped = "interrupted"
        chain = [cands[k] for k in _chain(incumbent)]
        others = [c for st in reversed(steps_done) for c in st.get("ranking", ())]
        proposals = [problem.proposal(c, mine, theirs, n) for c, mine, theirs, n in
                     proposal_picks(chain, others, played, base, top, problem.climb_games(diag_games))]

        search_games = counter.kinds[False][0]
        # verification on fresh seeds, the original and every proposal on the same ones
        if proposals and stopped is None:   # what is left: the checks, by both kinds of bot
            counter.replan(verify_games * (len(proposals) + 1),
                           reference.games * (len(proposals) + 1) if reference else 0)
        searched = stopped is None   # a stop from here on comes during the checks
        if proposals and verify_games and stopped is None:
            fresh = [game_seed(seed, VERIFY_OFFSET + i) for i in range(verify_games)]
            try:
                counter.stage = f"verifying: the original {noun} on {verify_games} fresh seeds"
                before_recs = play(base.key, fresh)
                for i, p in enumerate(proposals):
                    counter.stage = f"verifying proposal {i + 1} of {len(proposals)} on the same {verify_games} seeds"
                    c = cands[tuple((e.op, e.args) for e in p.edits)]
                    p.verified = _verified(base.objective, c.objective, before_recs, play(c.key, fresh))
            except KeyboardInterrupt:
                stopped = "interrupted"
        # best verified change first; unverified ones (stopped first, or no check) by the search's
        proposals.sort(key=_proposal_order)
        # the reference bots' check, against the fair share itself (the bar), on seeds of their own
        if proposals and reference and stopped is None:
            ref_seeds = [game_seed(seed, REFERENCE_OFFSET + REFERENCE_CHECK + i) for i in range(reference.games)]
            try:
                counter.stage = f"reference bots: the original {noun} on {reference.games} fresh seeds"
                before_recs = play_reference(base.key, ref_seeds)
                for i, p in enumerate(proposals):
                    counter.stage = f"reference bots: proposal {i + 1} of {len(proposals)} on the same seeds"
                    c = cands[tuple((e.op, e.args) for e in p.edits)]
                    p.reference = _verified(plain(base), plain(c), before_recs, play_reference(c.key, ref_seeds))
            except KeyboardInterrupt:
                stopped = "interrupted"
            else:
                proposals.sort(key=reference_order)
        total_games = counter.done
    original = base.objective.score(played[base.key]) if played.get(base.key) else None
    for st in steps_done:
        st.pop("ranking", None)
    if lost and stopped == "interrupted":
        stopped = "workers-lost"
    return BalanceResult(proposals, original, steps_done, total_games, stopped, time.monotonic() - started,
                         dict(problem.weights), seed, problem.players, lost[0] if lost else None, reference,
                         calibrations, search_games, counter.kinds[False][0] - search_games,
                         stopped_in_check=searched and stopped is not None)


class _BoardProblem(SearchProblem):
    """A Rule the Realm board's search: board edits (gap-sized moves first, then small ones),
    rule settings when allowed."""

    look = " to see what is wrong"

    def __init__(self, setup, weights, candidates: int, allow_rules: bool, locks, seed: int):
        self.setup, self.players = setup, setup.players
        self.weights = dict(weights or Objective().weights)
        self.given = weights
        self.candidates, self.allow_rules, self.locks, self.seed = candidates, allow_rules, locks, seed
        self.original = setup.content.board
        self.scenario = setup.scenario
        self.base_findings = findings_of(self.original, self.scenario)

    def make(self, edits: tuple, made=None) -> Candidate:
        from studio.playtest.elements import catalogue
        from studio.playtest.setup import Setup

        board, settings = apply_edits(self.original, edits)
        board = made if made is not None else board
        setup = self.setup
        s = Setup("realm", type(setup.content)(self.scenario, board), setup.players, setup.path)
        if settings:
            s = s.with_settings(settings)
        game = s.game(0)  # fails here if the content cannot be played
        content = frozenset(e.key for e in catalogue(game) if e.content)
        obj = Objective(self.given or Objective().weights, len(content))
        return Candidate(edits, board, dict(settings or {}), s, obj, content)

    def record(self, result, expect, content: frozenset):
        return record_of(result, expect, content)

    def _first_picks(self, incumbent) -> list[dict]:
        # greedy first bands of the incumbent board (first_picks), played once per board
        key = tuple((e.op, e.args) for e in incumbent.edits)
        cache = self.__dict__.setdefault("_picks", {})
        if key not in cache:
            cache[key] = first_picks(incumbent.board, self.scenario, seed=self.seed)
        return cache[key]

    def diagnose(self, records: list, incumbent) -> Diagnosis:
        return _diagnose(records, incumbent.objective)

    def arms(self, incumbent, diagnosis, seen: set, depth: int, round_no: int) -> tuple[list, list]:
        # gap-sized and end-reaching compound edits first (a line search over their size), graded
        # single moves (a line search over how near the unit lands to the trailing seat), then the
        # small ones;
        # a step that found nothing better tries the next candidates instead of stopping
        undone = {(b, a) for e in incumbent.edits for a, b in e.moves}

        def untried(edits) -> list:  # not raced from this board yet, no step back
            return [e for e in edits if (e.op, e.args) not in seen and not any(m in undone for m in e.moves)]

        n = self.candidates
        gaps = untried(gap_edits(incumbent.board, self.scenario, diagnosis, self.locks)
                       + graded_edits(incumbent.board, self.scenario, diagnosis, self.locks)
                       + end_edits(incumbent.board, self.scenario, diagnosis, self.locks)
                       + paired_edits(incumbent.board, self.scenario, diagnosis, self.locks))
        small = untried(candidate_edits(incumbent.board, self.scenario, diagnosis, self.allow_rules, self.locks,
                                        limit=n * (len(seen) // max(1, n) + 2), seed=self.seed * 7919 + depth,
                                        widen=round_no - 1 - depth))
        turns = untried(turn_order_edits(incumbent.board, self.scenario, diagnosis, self.locks))
        if shared_start(incumbent.board, self.scenario.rules) is not None and turn_order_skew(diagnosis) > 0:
            turns += untried(first_pick_edits(incumbent.board, self.scenario, diagnosis, self.locks,
                                              picks=self._first_picks(incumbent)))
            turns += untried(picture_shift_edits(incumbent.board, self.scenario, diagnosis, self.locks,
                                                 picks=self._first_picks(incumbent)))
            turns += untried(picture_transfer_edits(incumbent.board, self.scenario, diagnosis, self.locks,
                                                    picks=self._first_picks(incumbent)))
        pool = list({(e.op, e.args): e for e in gaps + turns + small[:n]}.values())
        valid = valid_edits(self.original, pool, self.scenario, base=self.base_findings, prefix=incumbent.edits)
        return pool, valid

    def proposal(self, c, score: Score, base_score: Score, games: int) -> Proposal:
        notes = []
        sym = _symmetry_note(self.original, c.board, self.scenario.rules)
        if sym:
            notes.append(sym)
        if any(is_turn_order(e) for e in c.edits):
            notes.append(f"the seats share their start (start: {self.scenario.rules.start}), so no seat has a side "
                         "to move content to; this moves content toward or away from the shared start, or onto "
                         "what seat 1's first band takes, to offset turn order (seat 1 moves first, with the smallest opening hand, RTR-S2)")
        if c.settings:
            notes.append("changes the scenario's rules, so every board of the scenario plays with them")
        return Proposal(c.edits, c.board, c.settings, score, base_score, games, notes)


def balance(setup, bots=None, budget: int = 1200, seed: int = 0, steps: int = 3, candidates: int = 8,
            allow_rules: bool = False, locks: Locks | None = None, weights: dict | None = None,
            verify_games: int = 200, top: int = 3, jobs: int = 1, executor: str = "processes",
            scheduler: str | None = None, minutes: float | None = None,
            progress: Callable[[Progress], None] | None = None,
            stop: Callable[[], bool] | None = None, reference: Reference | None = None) -> BalanceResult:
    """Search edits of ``setup``'s board (a Rule the Realm :class:`~studio.playtest.setup.Setup`)
    that make its bot games fairer and healthier (see the module docstring).

    ``budget``: games for the search (at most :data:`MAX_BUDGET`); ``minutes``: also stop the
    search after that long (the best so far is kept); ``steps``: edits in a row at most;
    ``candidates``: edits raced per step; ``verify_games``: games on fresh seeds for the
    original board and each of the ``top`` proposals (0: no verification). ``progress``
    gets a :class:`Progress` after every game. Ctrl+C, or ``stop()`` turning true (a GUI's
    Stop button), stops the search (and the verification) with what is known; the result says
    so in ``stopped``. ``reference``: stronger bots the board should be fair for too
    (:class:`Reference`; their games count apart from ``budget``). Raises ValueError
    for Rivages setups, bad numbers or bot names."""
    from studio.playtest.runner import resolve_bots

    if setup.kind != "realm":
        raise ValueError("the balance assistant edits Rule the Realm boards (Rivages islands are not supported yet)")
    check_numbers(budget, steps, candidates, top, verify_games)
    bots = resolve_bots(bots, setup.players)
    if reference is not None:
        if not 1 <= reference.games <= REFERENCE_CHECK or not 0.0 <= reference.share <= 1.0:
            raise ValueError(f"reference bots play 1 to {REFERENCE_CHECK:,} games a board, and their share is 0 to 1")
        reference = replace(reference, bots=tuple(resolve_bots(reference.bots, setup.players)))
    problem = _BoardProblem(setup, dict(weights) if weights is not None else None, candidates, allow_rules, locks,
                            seed)
    return run_search(problem, bots, budget, seed, steps, verify_games, top, jobs, executor, scheduler,
                      minutes, progress, stop, reference)


def _chain(candidate: Candidate) -> list[tuple]:
    """The keys of the boards a chain of edits passed through, longest (latest) first."""
    edits = candidate.edits
    return [tuple((e.op, e.args) for e in edits[:k]) for k in range(len(edits), 0, -1)]


def _consecutive(seeds) -> bool:
    return all(b == a + 1 for a, b in zip(seeds, seeds[1:]))


def _verified(before_obj: Objective, after_obj: Objective, before: list, after: list) -> Verified:
    from studio.playtest.stats import wilson

    b, a = before_obj.score(before), after_obj.score(after)
    change, ci = paired_bootstrap(before_obj, before, after, other=after_obj)
    g = len(before)
    return Verified(b, a, change, ci, [wilson(r * g, g) for r in b.rates], [wilson(r * len(after), len(after))
                                                                            for r in a.rates], g)


def settings_data(settings: dict) -> dict:
    """Rule settings as plain scenario data (for JSON and the scenario file)."""
    return {k: rule_value(v) if isinstance(v, tuple) else v for k, v in settings.items()}


__all__ = ["ArmResult", "BalanceResult", "Candidate", "MAX_BUDGET", "Progress", "Proposal", "Race", "REFERENCE_CHECK",
           "REFERENCE_OFFSET", "Reference", "VERIFY_OFFSET", "Verified", "balance", "schedule", "successive_halving"]
