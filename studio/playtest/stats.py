"""Balance figures of a batch of games, aggregated as the games arrive.

:class:`Tally` keeps counts only (win counts, score and length histograms, element counts), so
its memory does not grow with the number of games; :func:`summarize` is a tally of a list.
The :class:`Summary` holds:

- per seat: wins (a win shared by k seats counts 1/k, RTR-E3 and RIV-E6), win rate with its 95%
  Wilson score interval, score distribution, bands used (Rule the Realm) and the engine's other
  per-seat figures (Rivages: scrolls, loot, islands, ...);
- ``balance``: 1 minus the largest gap between two seats' win rates (1 = perfectly even);
- ``first_seat_advantage``: seat 1's win rate minus the fair share (games with a winner divided
  by the number of seats), with a 95% interval;
- ``margin``: the winner's score minus the best other score (0 for a shared win);
- ``decided_at_mean``: on average, the share of the game's actions played when the final winner
  took the lead for good (0: led from the first action on; 1: only the last action or the final
  scoring decided it); ``late_decisions``: the share of games decided in their last tenth;
  ``lead_changes_mean``: how often the sole leader changed hands;
- game length in rounds and actions, how games ended, shared wins and games nobody won;
- per element (:mod:`studio.playtest.elements`): how many games took it, by which seat;
- solo Rivages (``solo``, a :class:`SoloSummary`): the win rate against the target, overall and
  per challenge set (the challenge cards a game was played with, RIV-X6), each with its 95%
  Wilson interval, how often the target alone was reached, and how often each challenge card
  was met;
- ``seat_test``: one chi-square test of all seats' wins against an even split, with per-seat
  Holm-corrected tests (:func:`~studio.playtest.seats.seat_test`): it alone decides the
  "uneven" warning; ``attribution``: where the seats' gaps come from (turn order, hand size,
  board position; :func:`~studio.playtest.seats.attribute_setup`), when measured;
- ``ladder`` / ``styles``: the verdicts across skill and playstyles
  (:class:`~studio.playtest.ladder.Panel`), when played;
- ``insight``: degenerate play (:class:`~studio.playtest.insight.Insight`): how games ended
  against the intended end, forced play, a dry deck, score collapse, length against the target,
  stalled games, mechanics never used, the arc of the games and the branching factor;
- ``warnings``: plain sentences about what looks wrong, first of all too few games to judge the
  seats (a win rate's 95% margin wider than ``BALANCE_GAP``, :func:`games_to_judge_balance`),
  then every degenerate-play finding.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from studio.content.words import counted
from studio.playtest.elements import MARK_KINDS, Element, seat_pegs
from studio.playtest.insight import Expectations, Insight, InsightTally
from studio.playtest.runner import GameResult
from studio.playtest.seats import Attribution, SeatTest, seat_test

Z95 = 1.959963984540054
LATE = 0.9                     # a game decided after 90% of its actions is decided late
EARLY_WARNING = 0.25           # winners leading for good this early on average: a warning
TIE_WARNING = 0.10             # shared wins above this share of games: a warning
MIN_GAMES_FOR_CONTENT = 20     # fewer games say little about content never taken
BALANCE_GAP = 0.10             # a seat this far (10 points) off its fair share is unbalanced
NO_CHALLENGE = "no challenge"  # the label of solo games played without challenge cards


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% by default). Works with
    fractional successes (shared wins). ``(0, 1)`` when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return (low, high)


def win_rate_margin(win_rate: float, games: int) -> float:
    """Half-width of the normal-approximation 95% interval of a win rate (``nan`` for no
    games): how far from its expected value a rate may fall by chance."""
    if games < 1:
        return math.nan
    return Z95 * math.sqrt(max(win_rate * (1 - win_rate), 0.0) / games)


def games_to_judge_balance(fair_share: float, gap: float = BALANCE_GAP) -> int:
    """Games needed for the 95% margin of a win rate around ``fair_share`` (a proportion) to
    be at most ``gap`` (a proportion: 0.10 is 10 points), rounded up to a multiple of 10; 0 when
    no seat can win (``fair_share`` 0)."""
    var = max(fair_share * (1 - fair_share), 0.0)
    if var == 0.0:
        return 0
    need = math.ceil(Z95 * Z95 * var / (gap * gap) - 1e-9)
    return -(-need // 10) * 10


@dataclass(frozen=True)
class Distribution:
    """Summary of a set of numbers: ``count``, ``mean``, sample ``sd`` (0 for one value),
    ``min``, ``median``, ``max`` and ``histogram`` (``[value, count]`` pairs, by value)."""

    count: int
    mean: float
    sd: float
    min: float
    median: float
    max: float
    histogram: list = field(default_factory=list)

    @classmethod
    def of(cls, counts: Counter) -> "Distribution":
        n = sum(counts.values())
        if n == 0:
            return cls(0, math.nan, math.nan, math.nan, math.nan, math.nan, [])
        items = sorted(counts.items())
        mean = sum(v * c for v, c in items) / n
        var = sum(c * (v - mean) ** 2 for v, c in items) / (n - 1) if n > 1 else 0.0
        return cls(n, mean, math.sqrt(var), items[0][0], _median(items, n), items[-1][0], [[v, c] for v, c in items])


def _median(items, n: int) -> float:
    def at(k):  # k-th value (0-based) in sorted order
        seen = 0
        for v, c in items:
            seen += c
            if k < seen:
                return v
        return items[-1][0]

    return at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2


@dataclass(frozen=True)
class SeatSummary:
    """One seat over a batch. ``wins`` counts a win shared by k seats as 1/k, so the seats'
    wins add up to the games that had a winner; ``win_rate`` is ``wins / games`` (0..1) and
    ``ci_low``/``ci_high`` its 95% Wilson interval. ``bands_mean`` is None for games without
    bands (Rivages); ``stats`` holds the means of the engine's per-seat figures."""

    seat: int
    name: str
    bot: str
    wins: float
    win_rate: float
    score_mean: float
    score_sd: float
    bands_mean: float | None
    ci_low: float = 0.0
    ci_high: float = 1.0
    scores: Distribution | None = None
    stats: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ElementStat:
    """One element over a batch: ``taken`` games took it (``rate`` = taken / games);
    ``by_seat`` counts who took it (the last entry: taken by no single seat)."""

    key: str
    kind: str
    label: str
    content: str
    group: str
    taken: int
    rate: float
    by_seat: list


@dataclass(frozen=True)
class ChallengeSetStat:
    """Solo games played with one set of challenge cards (RIV-X6). ``label``: the cards' names
    joined by `` + `` (``"no challenge"`` for none); ``challenges``: their ids, sorted.
    ``wins`` counts games won (the target reached and every challenge met, RIV-X1), ``win_rate``
    = wins / games with its 95% Wilson interval ``ci_low``..``ci_high``; ``target``: the
    scrolls to reach with these cards (a scroll challenge raises it); ``reached``: games whose
    score reached the target, challenges aside; ``met``: challenge id -> share of the set's
    games that met it; ``names``: the cards' names, in the order of ``challenges``."""

    label: str
    challenges: tuple
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    target: int
    reached: int
    reached_rate: float
    score: Distribution
    met: dict = field(default_factory=dict)
    names: tuple = ()


@dataclass(frozen=True)
class ChallengeStat:
    """One challenge card over a solo batch: drawn in ``games`` games, met in ``met`` of them
    (``rate``, with its 95% Wilson interval). ``kind`` and ``need`` as on the card."""

    id: str
    name: str
    kind: str
    need: int
    games: int
    met: int
    rate: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class SoloSummary:
    """A solo Rivages batch against the target (RIV-X1, RIV-X6): ``games``, ``wins`` and the
    win rate with its 95% Wilson interval; ``reached``: games whose score reached their target,
    challenges aside; ``target``: the smallest target of the batch (the target card's scrolls
    when a game had no scroll challenge); ``sets``: per challenge set, by number of cards then
    label; ``challenges``: per challenge card, by name."""

    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    target: int
    reached: int
    reached_rate: float
    sets: list[ChallengeSetStat] = field(default_factory=list)
    challenges: list[ChallengeStat] = field(default_factory=list)


@dataclass(frozen=True)
class Blame:
    """What one warning of a :class:`Summary` is about, for the reports' links (the entry of
    ``Summary.blame`` at the warning's index). ``code``: the kind of warning (a finding's code,
    else ``too-few-games``, ``uneven-seats``, ``different-bots``, ``no-winner``, ``shared-wins``,
    ``decided-early``, ``solo``, ``never-taken``, ``ladder``, ``styles``); ``section``: the
    report section that shows its figures (the HTML report's anchor: ``seats``, ``balance``,
    ``ends``, ``play``, ``content``, ``solo``, ``ladder``, ``styles`` or ``mechanic-<measure
    code>``); ``seats``: the 0-based seats it names; ``elements``: the keys
    (:mod:`studio.playtest.elements`) of the board elements it blames: segments, bridges, line
    items, pictures, islands, goal steps, tree spaces and pegs (a seat's start pegs for a
    warning about that seat); ``mechanic``: the location rule (a measure code) it names, if
    any; ``clause``: the rule clause it is about (a location rule's, or the core rule a warning
    concerns: ``RTR-E1`` the end condition, ``RTR-T3`` the deck, ...); ``advice``: what a
    designer could try, in plain words with the warning's figures (the reports print it after
    ``try:``; every warning has one)."""

    code: str
    section: str = ""
    seats: tuple = ()
    elements: tuple = ()
    mechanic: str = ""
    clause: str = ""
    advice: str = ""


@dataclass(frozen=True)
class Summary:
    """A batch in numbers (see the module docstring). Standard deviations are sample ones
    (n - 1; 0 for a single game). ``end_reasons`` maps each way a game ended to its count,
    most frequent first. ``blame``: one :class:`Blame` per warning, in the same order."""

    games: int
    seats: list[SeatSummary]
    rounds_mean: float
    rounds_sd: float
    actions_mean: float
    actions_sd: float
    shared_wins: int                  # games whose win was shared
    no_winner: int                    # games every seat lost (e.g. Volcano, L2-4)
    end_reasons: dict[str, int] = field(default_factory=dict)
    players: int = 0
    rounds: Distribution | None = None
    actions: Distribution | None = None
    margin: Distribution | None = None
    balance: float = 1.0
    fair_share: float = 0.0
    first_seat_advantage: float = 0.0
    first_seat_ci: tuple[float, float] = (0.0, 0.0)
    decided_at_mean: float = math.nan
    late_decisions: float = math.nan
    lead_changes_mean: float = math.nan
    same_bots: bool = True
    elements: list[ElementStat] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    solo: SoloSummary | None = None
    insight: Insight | None = None
    seat_test: SeatTest | None = None
    attribution: Attribution | None = None
    ladder: Any = None                # studio.playtest.ladder.Panel of skill, when played
    styles: Any = None                # the Panel of playstyles, when played
    blame: list[Blame] = field(default_factory=list)

    def blame_of(self, index: int) -> Blame | None:
        """The :class:`Blame` of warning ``index`` (None for a summary made without them)."""
        return self.blame[index] if 0 <= index < len(self.blame) and len(self.blame) == len(self.warnings) \
            else None

    def to_dict(self) -> dict:
        return _finite(asdict(self))

    @property
    def nobody_won(self) -> bool:
        """True when every game of the batch ended with no winner (every seat lost, e.g. the
        Volcano's escape, L2-4): the balance figure (1.00, equal win rates of 0) means nothing."""
        return self.games > 0 and self.no_winner == self.games

    def balance_text(self) -> str:
        """The balance figure in words: ``0.83``, or ``no winner in 6 games`` when nobody ever
        won (:attr:`nobody_won`)."""
        if self.nobody_won:
            return f"no winner in {self.games} game{'' if self.games == 1 else 's'}"
        return f"{self.balance:.2f}"

    def seat_label(self, seat: int) -> str:
        s = self.seats[seat]
        return f"seat {seat + 1} ({s.name})"


def _finite(value):
    """JSON has no NaN: undefined figures become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


class Tally:
    """Running counts of a batch; :meth:`add` a :class:`GameResult` at a time, then
    :meth:`summary`. ``catalogue``: the game's elements (:func:`~studio.playtest.elements.
    catalogue`), so content never taken is counted too; ``expect``: what the design means
    (:class:`~studio.playtest.insight.Expectations`, e.g. ``Expectations.of_scenario``), to judge
    degenerate play against. Memory stays flat whatever the number
    of games: only histograms and counters are kept."""

    def __init__(self, catalogue: Iterable[Element] = (), expect: Expectations | None = None):
        self.catalogue = {e.key: e for e in catalogue}
        self.insight = InsightTally(expect)
        self.games = 0
        self.players: int | None = None
        self.wins: list[float] = []
        self.scores: list[Counter] = []
        self.bands: list[int] = []
        self.has_bands = True
        self.seat_stats: list[dict] = []
        self.names: tuple = ()
        self.bots: list[set] = []
        self.rounds: Counter = Counter()
        self.actions: Counter = Counter()
        self.margins: Counter = Counter()
        self.ends: Counter = Counter()
        self.shared = 0
        self.no_winner = 0
        self.decided_sum = 0.0
        self.decided_games = 0
        self.late = 0
        self.lead_changes = 0
        self.elements: dict[str, list[int]] = {}
        self.solo_sets: dict[tuple, dict] = {}      # sorted challenge ids -> counts
        self.solo_cards: dict[str, list] = {}        # challenge id -> [name, kind, need, games, met]

    def add(self, r: GameResult) -> None:
        """Count one game. Raises ValueError if it has another number of seats than the
        games before it."""
        n = r.players
        if self.players is None:
            self.players = n
            self.wins = [0.0] * n
            self.scores = [Counter() for _ in range(n)]
            self.bands = [0] * n
            self.seat_stats = [{} for _ in range(n)]
            self.names = r.seat_names
            self.bots = [set() for _ in range(n)]
        elif n != self.players:
            raise ValueError("every game of a summary must have the same number of players")
        self.games += 1
        self.insight.add(r)
        for s in r.winners:
            self.wins[s] += 1.0 / len(r.winners)
        if len(r.winners) > 1:
            self.shared += 1
        if not r.winners:
            self.no_winner += 1
        for s in range(n):
            self.scores[s][r.scores[s]] += 1
            self.bots[s].add(r.bots[s])
        if len(r.bands_used) == n:
            for s in range(n):
                self.bands[s] += r.bands_used[s]
        else:
            self.has_bands = False
        for s, pairs in enumerate(r.seat_stats[:n]):
            totals = self.seat_stats[s]
            for key, value in pairs:
                totals[key] = totals.get(key, 0) + value
        self.rounds[r.rounds] += 1
        self.actions[r.actions] += 1
        self.ends[r.end_reason] += 1
        if n > 1 and r.winners:
            ranked = sorted(r.scores, reverse=True)
            self.margins[0 if len(r.winners) > 1 else ranked[0] - ranked[1]] += 1
        if r.decided_at is not None:
            self.decided_sum += r.decided_at
            self.decided_games += 1
            self.late += r.decided_at >= LATE
        self.lead_changes += r.lead_changes
        if r.target is not None:
            self._add_solo(r)
        seen = set()
        for key, seat in r.elements:
            if key in seen:
                continue
            seen.add(key)
            counts = self.elements.get(key)
            if counts is None:
                counts = self.elements[key] = [0] * (n + 1)
            counts[seat if 0 <= seat < n else n] += 1

    def _add_solo(self, r: GameResult) -> None:
        won = bool(r.winners)
        key = tuple(sorted(c[0] for c in r.challenges))
        row = self.solo_sets.get(key)
        if row is None:
            names = {c[0]: c[1] for c in r.challenges}
            row = self.solo_sets[key] = {"label": " + ".join(names[k] for k in key) or NO_CHALLENGE,
                                         "names": tuple(names[k] for k in key),
                                         "games": 0, "wins": 0, "reached": 0, "scores": Counter(),
                                         "targets": Counter(), "met": Counter()}
        score, target = r.scores[0], r.target
        assert target is not None  # a solo game has its target (RIV-X1)
        row["games"] += 1
        row["wins"] += won
        row["reached"] += score >= target
        row["scores"][score] += 1
        row["targets"][target] += 1
        for cid, name, kind, need, _progress, met in r.challenges:
            row["met"][cid] += bool(met)
            card = self.solo_cards.setdefault(cid, [name, kind, need, 0, 0])
            card[3] += 1
            card[4] += bool(met)

    def _solo_summary(self) -> SoloSummary | None:
        if not self.solo_sets:
            return None
        sets = []
        for key, row in self.solo_sets.items():
            g = row["games"]
            low, high = wilson(row["wins"], g)
            sets.append(ChallengeSetStat(
                label=row["label"], challenges=key, games=g, wins=row["wins"], win_rate=row["wins"] / g,
                ci_low=low, ci_high=high, target=min(row["targets"]), reached=row["reached"],
                reached_rate=row["reached"] / g, score=Distribution.of(row["scores"]),
                met={cid: row["met"][cid] / g for cid in key}, names=row["names"]))
        sets.sort(key=lambda x: (len(x.challenges), x.label))
        cards = []
        for cid, (name, kind, need, g, met) in self.solo_cards.items():
            low, high = wilson(met, g)
            cards.append(ChallengeStat(cid, name, kind, need, g, met, met / g, low, high))
        cards.sort(key=lambda c: c.name)
        games = sum(x.games for x in sets)
        wins = sum(x.wins for x in sets)
        reached = sum(x.reached for x in sets)
        low, high = wilson(wins, games)
        return SoloSummary(games=games, wins=wins, win_rate=wins / games, ci_low=low, ci_high=high,
                           target=min(x.target for x in sets), reached=reached, reached_rate=reached / games,
                           sets=sets, challenges=cards)

    def summary(self) -> Summary:
        """The :class:`Summary` of the games added so far. Raises ValueError if there are none."""
        if not self.games:
            raise ValueError("no game to summarise")
        n, games = self.players, self.games
        assert n is not None  # set by the first game added
        seats = []
        for s in range(n):
            dist = Distribution.of(self.scores[s])
            bots = self.bots[s]
            low, high = wilson(self.wins[s], games)
            stats = {k: v / games for k, v in self.seat_stats[s].items()}
            seats.append(SeatSummary(
                seat=s, name=self.names[s] if s < len(self.names) else f"seat {s + 1}",
                bot=next(iter(bots)) if len(bots) == 1 else "mixed",
                wins=self.wins[s], win_rate=self.wins[s] / games, score_mean=dist.mean, score_sd=dist.sd,
                bands_mean=self.bands[s] / games if self.has_bands else None,
                ci_low=low, ci_high=high, scores=dist, stats=stats,
            ))
        rates = [s.win_rate for s in seats]
        fair = (games - self.no_winner) / games / n
        low, high = wilson(self.wins[0], games)
        rounds, actions = Distribution.of(self.rounds), Distribution.of(self.actions)
        same_bots = len({s.bot for s in seats}) == 1 and seats[0].bot != "mixed"
        summary = Summary(
            games=games, seats=seats,
            rounds_mean=rounds.mean, rounds_sd=rounds.sd, actions_mean=actions.mean, actions_sd=actions.sd,
            shared_wins=self.shared, no_winner=self.no_winner,
            end_reasons=dict(sorted(self.ends.items(), key=lambda kv: (-kv[1], kv[0]))),
            players=n, rounds=rounds, actions=actions, margin=Distribution.of(self.margins),
            balance=1.0 - (max(rates) - min(rates)) if n > 1 else 1.0,
            fair_share=fair, first_seat_advantage=rates[0] - fair, first_seat_ci=(low - fair, high - fair),
            decided_at_mean=self.decided_sum / self.decided_games if self.decided_games else math.nan,
            late_decisions=self.late / self.decided_games if self.decided_games else math.nan,
            lead_changes_mean=self.lead_changes / games,
            same_bots=same_bots, elements=self._element_stats(), solo=self._solo_summary(),
            insight=self.insight.insight(), seat_test=seat_test(self.wins, games) if n > 1 else None,
        )
        return _with_warnings(summary, list(self.catalogue.values()))

    def _element_stats(self) -> list[ElementStat]:
        n, games = self.players, self.games
        assert n is not None  # set by the first game added
        out = []
        keys = [k for k, e in self.catalogue.items() if e.kind not in MARK_KINDS]  # pegs, seats: no content
        keys += sorted(k for k in self.elements if k not in self.catalogue)
        for key in keys:
            e = self.catalogue.get(key) or Element(key, key.split(" ", 1)[0], key)
            counts = self.elements.get(key, [0] * (n + 1))
            total = sum(counts)
            out.append(ElementStat(e.key, e.kind, e.label, e.content, e.group, total, total / games, list(counts)))
        return out


def summarize(results: Sequence[GameResult], catalogue: Iterable[Element] = (),
              expect: Expectations | None = None) -> Summary:
    """Summary of ``results`` (judged against ``expect``, see :class:`Tally`). Raises
    ValueError if there are none or they do not all have the same number of seats."""
    tally = Tally(catalogue, expect)
    for r in results:
        tally.add(r)
    return tally.summary()


# -- warnings -----------------------------------------------------------------------------------

def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _p(p: float) -> str:
    """A p-value for people: ``= 0.012``, ``< 0.001``."""
    return "< 0.001" if p < 0.001 else f"= {p:.3f}"


def _with_warnings(s: Summary, catalogue: Sequence[Element] = ()) -> Summary:
    """``s`` with its warnings (plain sentences) and, for each, its :class:`Blame`: the seats,
    elements, mechanic and report section it is about (``catalogue``: the game's elements, to
    name a seat's start pegs)."""
    out: list[str] = []
    blame: list[Blame] = []
    pegs = seat_pegs(catalogue)

    def add(text: str, code: str, section: str, seats=(), elements=(), mechanic="", clause="", advice="") -> None:
        seats = tuple(seats)
        starts = tuple(k for seat in seats for k in pegs.get(seat, ()))
        out.append(text)
        blame.append(Blame(code, section, seats, tuple(dict.fromkeys(tuple(elements) + starts)), mechanic, clause,
                           advice or GENERIC_ADVICE.get(code, "")))

    n, games = s.players, s.games
    if n > 1 and s.same_bots:
        half = win_rate_margin(s.fair_share, games)
        if half > BALANCE_GAP:  # chance alone moves a rate further than an edge that matters
            add(f"{games} game{'s are' if games != 1 else ' is'} too few to judge balance: the win rates' "
                f"95% intervals span ±{100 * half:.0f} points; run at least "
                f"{games_to_judge_balance(s.fair_share)} games to tell a {100 * BALANCE_GAP:.0f}-point "
                "edge from chance", "too-few-games", "seats",
                advice=f"rerun with --games {games_to_judge_balance(s.fair_share)} before changing the seats")
        t = s.seat_test
        if t is not None and t.uneven:  # one joint test decides; Holm's correction names the seats
            standouts = "; ".join(f"seat {k + 1} ({s.seats[k].name}) wins {_pct(s.seats[k].win_rate)}, expected "
                                  f"{_pct(s.fair_share)} +/- {_pct(half)} (Holm-adjusted p {_p(t.p_holm[k])})"
                                  for k in t.flagged)
            add(f"the seats are uneven in {n}-player games (chi-square {t.chi2:.1f} on {t.df} "
                f"degree{'s' if t.df != 1 else ''} of freedom, p {_p(t.p)}): "
                + (standouts or f"no single seat stands out once corrected for {n} comparisons, but together they differ")
                + _bot_failure_caveat(s), "uneven-seats", "seats", t.flagged or range(n),
                elements=reached_least(s.elements, _losing_seat(s), n),
                advice=_uneven_advice(s))
    elif n > 1:
        bots = ", ".join(f"seat {x.seat + 1} {x.bot}" for x in s.seats)
        add(f"the seats are played by different bots ({bots}): win rates compare the bots more than the seats",
            "different-bots", "seats")
    if s.insight is not None:
        for f in s.insight.findings:
            add(f.message, f.code, _finding_section(f), f.seats, f.elements + _finding_elements(f, s.elements, n),
                f.mechanic, f.clause, getattr(f, "advice", ""))
    named = {f.code for f in s.insight.findings} if s.insight is not None else set()
    if s.no_winner and s.solo is None and "nobody-escapes" not in named:  # solo: a plain loss; Volcano: named
        add(f"{s.no_winner} of {counted(games, 'game')} ({_pct(s.no_winner / games)}) had no winner: every seat lost",
            "no-winner", "balance", advice="find what every seat fails at (the warnings below name it) and make "
                                          "that goal reachable")
    if n > 1 and s.shared_wins / games > TIE_WARNING and "shared-wins" not in named:
        add(f"{_pct(s.shared_wins / games)} of games end in a shared win", "shared-wins", "balance")
    if n > 1 and math.isfinite(s.decided_at_mean) and s.decided_at_mean < EARLY_WARNING:
        add(f"the final winner leads for good early: on average after {_pct(s.decided_at_mean)} of the "
            "actions, so games may feel decided long before they end", "decided-early", "balance")
    if s.solo is not None:
        for text, advice in _solo_warnings(s.solo):
            add(text, "solo", "solo", clause="RIV-X6", advice=advice)
    if games >= MIN_GAMES_FOR_CONTENT and s.elements:
        for text, keys in _content_warnings(s.elements, games):
            add(text, "never-taken", "content", elements=keys,
                advice="move this content closer to the starts, make it cheaper to reach (pegs of common colours) "
                       "or worth more, or remove it")
    return replace(s, warnings=out, blame=blame)


#: what to try, per warning code, when the warning gives no advice of its own
GENERIC_ADVICE = {
    "different-bots": "give every seat the same bot (--bots) to judge the seats; keep different bots to compare them",
    "shared-wins": "spread the scores: treasures of more varied value, or a tie-break that separates the seats",
    "decided-early": "give trailing seats a way back: more points late in the game (end scoring, content far "
                     "from the starts) or fewer points early",
    "ladder": "see the skill ladder's table: compare the bots before changing the design",
    "styles": "see the playstyles table: the style that wins most points at what to weaken",
}


def _uneven_advice(s: Summary) -> str:
    """What to try for uneven seats: the seat attribution (``--attribute`` / the dashboard's
    Seat attribution box) splits the gap into turn order, hand size and the board."""
    low = min(range(len(s.seats)), key=lambda k: s.seats[k].win_rate) if s.seats else 0
    return ("see where the gap comes from with the seat attribution (studio playtest --attribute, or the "
            "dashboard's Seat attribution box; it shows in the report when run): for turn order or hand size "
            "change the starting hands (rules.hand_sizes) or give later seats a compensation; for the board "
            f"put more content near the start of seat {low + 1}, the seat that wins least")


#: the report section of each finding without a location mechanic
_FINDING_SECTIONS = {"unintended-end": "ends", "stalled": "ends", "too-long": "ends", "too-short": "ends",
                     "shared-wins": "balance"}

#: a location mechanic -> the kind of element that offers it and the words its content holds
_MECHANIC_CONTENT = {"bridges": ("bridge", ""), "pictures": ("picture", ""), "artifacts": ("line", ""),
                     "artifact_sets": ("line", ""), "idols": ("segment", "idol")}


def _finding_section(f) -> str:
    if f.mechanic:
        return f"mechanic-{f.mechanic}"
    return _FINDING_SECTIONS.get(f.code, "play")


#: at most this many segments a seat reached least are blamed (uneven seats, failed escapes)
REACHED_LEAST = 8


def _losing_seat(s: Summary) -> int:
    """The seat that wins least (the first such in turn order)."""
    return min(range(len(s.seats)), key=lambda k: (s.seats[k].win_rate, k)) if s.seats else 0


def reached_least(elements: list[ElementStat], seat: int, players: int, word: str = "") -> tuple:
    """The keys of the segments with content (holding ``word``, e.g. ``energy``, when given)
    that ``seat`` took least often compared with the other seats (``ElementStat.by_seat``):
    those whose gap (the others' mean takes minus its own) is positive, largest first, at most
    :data:`REACHED_LEAST`. What a losing seat fails to reach; ``()`` for one seat."""
    if players < 2:
        return ()
    gaps = []
    for e in elements:
        if e.kind != "segment" or not e.content or (word and word not in e.content) or len(e.by_seat) <= seat:
            continue
        others = [e.by_seat[k] for k in range(min(players, len(e.by_seat))) if k != seat]
        gap = sum(others) / len(others) - e.by_seat[seat] if others else 0.0
        if gap > 0:
            gaps.append((-gap, e.key))
    return tuple(k for _g, k in sorted(gaps)[:REACHED_LEAST])


def _finding_elements(f, elements: list[ElementStat], players: int = 0) -> tuple:
    """The elements a location finding blames beyond its own places: for a location rule rarely
    or never in play, the content that offers it and was never taken (bridges, pictures, line
    items, idols); for the empty-segment penalty (L4-3), the empty segments taken in half the
    games or more, most taken first (at most 12); for seats failing to escape the volcano
    (L2-4), the energy segments those seats took least compared with the others
    (:func:`reached_least`)."""
    if f.code == "escape-fails" and f.seats:
        return tuple(dict.fromkeys(k for seat in f.seats for k in reached_least(elements, seat, players, "energy")))
    if f.code in ("mechanic-unused", "mechanic-rare") and f.mechanic in _MECHANIC_CONTENT:
        kind, word = _MECHANIC_CONTENT[f.mechanic]
        return tuple(e.key for e in elements if e.kind == kind and e.taken == 0 and word in e.content
                     and (kind != "line" or any(not part.strip().endswith("VP") for part in e.content.split(","))))
    if f.code == "heavy-penalty" and f.mechanic == "empty_loss":
        empty = sorted((e for e in elements if e.kind == "segment" and not e.content and e.rate >= 0.5),
                       key=lambda e: (-e.rate, e.key))
        return tuple(e.key for e in empty[:12])
    return ()


def _bot_failure_caveat(s: Summary) -> str:
    """For the uneven-seats warning: the seats whose bot stopped playing (a bot failure, see
    :mod:`studio.playtest.botcheck`), whose win rates judge the bot rather than the board."""
    from studio.playtest.botcheck import failing_seats

    failed = s.insight.bot_failures if s.insight is not None else []
    seats = failing_seats(failed, s.games) if failed else []
    if not seats:
        return ""
    named = " and ".join(f"seat {k + 1}" for k in seats)
    return f"; but the bot of {named} stopped playing in some games (bot failure, below), so this may judge the bot, not the board"


def all_clear(s: Summary) -> str:
    """The sentence shown instead of warnings when ``s.warnings`` is empty: what was checked and
    found fine, and no more (content and challenge sets are judged from MIN_GAMES_FOR_CONTENT
    games on; too few games to judge the seats is itself a warning)."""
    if s.games < MIN_GAMES_FOR_CONTENT:
        judged = "content and challenge sets are" if s.solo is not None else "content is"
        return (f"No warning, but {s.games} game{'s say' if s.games != 1 else ' says'} little: {judged} judged "
                f"from {MIN_GAMES_FOR_CONTENT} games on.")
    if s.players > 1:
        return "No warning: the seats look even and every piece of content was taken."
    return "No warning: every piece of content was taken and no challenge set is always lost or always won."


def _solo_warnings(solo: SoloSummary) -> list[tuple[str, str]]:
    """Challenge sets never or always won, and challenge cards never met, over enough games to
    say so (at least MIN_GAMES_FOR_CONTENT games each): ``(warning, what to try)``."""
    out = []
    for x in solo.sets:
        if x.games < MIN_GAMES_FOR_CONTENT:
            continue
        if x.wins == 0:
            out.append((f"solo with {x.label}: no win in {counted(x.games, 'game')} (95% interval 0% to "
                        f"{_pct(x.ci_high)}); the target of {x.target} scrolls was reached in {_pct(x.reached_rate)}",
                        f"lower the target of {x.target} scrolls or the challenge cards' needs, or try a "
                        "stronger bot (the ladder) before calling the set too hard"))
        elif x.wins == x.games:
            out.append((f"solo with {x.label}: every one of {x.games} games won; this set is no challenge for these bots",
                        f"raise the target of {x.target} scrolls or add harder challenge cards"))
    for c in solo.challenges:
        if c.games >= MIN_GAMES_FOR_CONTENT and c.met == 0 and c.kind != "scrolls":
            out.append((f"challenge card {c.name} ({challenge_text(c.kind, c.need)}) never met in the {c.games} "
                        "games it was drawn in", f"lower its need of {c.need}"))
    return out


CHALLENGE_TEXT = {"loot": "draw {need} Loot tokens", "statues": "earn {need} statue icons",
                  "islands": "visit {need} islands", "areas": "complete {need} areas of every terrain",
                  "scrolls": "reach {need} scrolls over the target card"}


def challenge_text(kind: str, need: int) -> str:
    """What a challenge card asks, in plain words (RIV-X6): ``draw 6 Loot tokens``."""
    return CHALLENGE_TEXT.get(kind, kind + " {need}").format(need=need)


CONTENT_KINDS = {"segment": "segments with content", "bridge": "bridges", "line": "line items",
                 "picture": "pictures", "island": "islands", "goal": "goal steps", "tree": "tree spaces"}


def content_pool(elements: list[ElementStat], kind: str) -> list[ElementStat]:
    """The elements of ``kind`` that count as content: every one, but for segments only those
    holding something (an empty segment is no content to take). The one definition behind
    every "never taken" count (text report, warnings)."""
    return [e for e in elements if e.kind == kind and (kind != "segment" or e.content)]


def never_verb(kind: str) -> str:
    """What content of ``kind`` never had done to it: taken, completed, visited or reached."""
    return "completed" if kind in ("picture", "goal") else "visited" if kind == "island" else \
        "reached" if kind == "tree" else "taken"


def _content_warnings(elements: list[ElementStat], games: int) -> list[tuple[str, tuple]]:
    """Per kind of content with some never taken: ``(warning, keys of every element never
    taken)`` (the warning names the first five)."""
    out = []
    for kind, words in CONTENT_KINDS.items():
        pool = content_pool(elements, kind)
        never = [e for e in pool if e.taken == 0]
        if not never:
            continue
        shown = ", ".join(f"{e.label} ({e.content})" if e.content and kind in ("segment", "bridge", "line")
                          else e.label for e in never[:5])
        more = f" and {len(never) - 5} more" if len(never) > 5 else ""
        what = never_verb(kind)
        out.append((f"{len(never)} of {len(pool)} {words} never {what} in {counted(games, 'game')}: {shown}{more}",
                    tuple(e.key for e in never)))
    return out
