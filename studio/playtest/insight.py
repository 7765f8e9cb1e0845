"""Degenerate play: what a batch of bot games says is wrong with a design, and why.

Three parts, all built on the engine's public API only (``legal_actions``, ``apply``,
``clone``, ``scores``, the state's public counts):

- :func:`end_code`: how a game ended, as a structured code (:data:`END_CODES`), the one the
  engine reports (:class:`~studio.rules.ends.GameEnd`), never read from its end text;
- :class:`Watch`: follows one game action by action (in :func:`~studio.playtest.runner.play_game`)
  and records forced play (decisions where no action gains anything, see :meth:`Watch.decision`),
  idle rounds, the score after every round (the arc of the game), the branching factor and the
  mechanics offered and used;
- :class:`Expectations`: what the designer meant (the intended ends, a target length in rounds,
  a score floor), from the scenario's ``playtest:`` section or the location's defaults
  (:data:`LOCATION_LENGTH`); and :class:`InsightTally`, which counts the games against them and
  names each kind of degenerate play in a :class:`Finding`.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, fields, is_dataclass

from studio.rules.ends import END_MEANINGS, EndCode

# -- how a game ended ---------------------------------------------------------------------------

END_CODES = END_MEANINGS
"""Every end code (:class:`~studio.rules.ends.EndCode`) and what it means in plain words
(Rule the Realm RTR-E1 and the locations' end clauses; Rivages RIV-E4, RIV-X4).
``round-limit`` is never a rule of the game."""

#: end codes a Rule the Realm end rule (``rules.end``) declares
END_RULE_CODES = {k: EndCode(k).value for k in ("score", "rounds", "pictures", "bands-exhausted")}

#: default target length in rounds per Rule the Realm location number (min, max): greedy bot
#: games of the bundled content that end as the rulebook intends last this long. The
#: scenario's ``playtest.rounds`` overrides it.
LOCATION_LENGTH = {1: (5, 12), 2: (6, 6), 3: (5, 14), 4: (5, 14), 5: (5, 14), 6: (5, 14), 7: (5, 14),
                   8: (9, 20)}
REALM_LENGTH = (5, 14)          # a location without an entry
RIVAGES_LENGTH = (12, 22)       # Rivages: rounds until the Endgame card (RIV-E4); bot games: 16-18
RIVAGES_SOLO_LENGTH = (12, 22)  # solo: until the removed cards run out (RIV-X4); bot games: 14-19


def end_code(state) -> str:
    """The :data:`END_CODES` code of ``state``: the code of the end the engine reports
    (``state.end``, a :class:`~studio.rules.ends.GameEnd`), ``not-finished`` for a game still
    running, ``""`` for a state of a game that reports no end code (not judged)."""
    if not state.is_terminal():
        return EndCode.NOT_FINISHED.value
    end = getattr(state, "end", None)  # a test game or another engine may report none
    return end.code.value if end is not None else ""


# -- one game -----------------------------------------------------------------------------------

def action_kind(action) -> str:
    """The mechanic an action uses, as a short code: ``place:<shape>`` for a band (its
    shape: line, triangle, quad, long-barrier, chain), ``draw:deck`` / ``draw:pool`` (a draw
    taking from the deck / only from the pool), ``extra`` (an extra action bought, RTR-T4),
    ``take`` (a bonus card, L8-7), ``pass``; Rivages actions by their record ``type``."""
    data = action.to_dict() if hasattr(action, "to_dict") else {}
    kind = data.get("type", type(action).__name__.lower())
    if kind == "place":
        return f"place:{data.get('shape') or len(data.get('pegs', ()))}"
    if kind == "draw":
        return "draw:deck" if "deck" in data.get("sources", ()) else "draw:pool"
    return str(kind)


MECHANIC_WORDS = {"place:line": "line bands", "place:triangle": "triangle bands", "place:quad": "quadrilateral bands",
                  "place:long-barrier": "long barriers", "place:chain": "chain bands",
                  "draw:deck": "drawing from the deck", "draw:pool": "drawing from the pool only",
                  "extra": "buying an extra action", "take": "taking a bonus card"}


#: the core rule of each kind of action (what an unused-mechanic finding blames)
MECHANIC_CLAUSES = {"place": "RTR-P9", "draw": "RTR-T2", "extra": "RTR-T4", "take": "L8-7"}


def mechanic_words(code: str) -> str:
    return MECHANIC_WORDS.get(code, code.replace(":", " "))


class Watch:
    """Follows one Rule the Realm or Rivages game for :func:`~studio.playtest.runner.play_game`:
    call :meth:`decision` before each action (with the legal actions), :meth:`applied` after
    it, and read the figures at the end.

    Forced play (Rule the Realm only): a decision is *forced* when no draw (nor bonus card) is
    legal and no legal band gains anything (points or energy; a band's gain is measured on a
    clone of the state, so only decisions without a draw pay for it), while at least one band
    is legal; its chosen action's points lost count as ``forced_loss``. ``dry_round``: the first
    round in which the deck, discard pile and pool were all empty for the seat to play
    (RTR-S3); ``dry_moves``: bands placed then, per seat, and ``dry_wasted`` those that gained
    no points nor energy (the game's last action aside: final scoring hides its gain);
    ``band_offered``: per seat, whether a band was ever legal for it. A round is *idle* when every action in it was a pass or an extra action."""

    def __init__(self, state, measure_forced: bool = True):
        n = state.players
        self.realm = hasattr(state, "bands_left")
        self.measure_forced = measure_forced and self.realm
        self.forced = [0] * n
        self.forced_loss = [0] * n
        self.dry_moves = [0] * n
        self.dry_wasted = [0] * n
        self.band_offered = [False] * n
        self.dry_round: int | None = None
        self.decisions = 0
        self.branching = 0
        self.turns = 0
        self.arc: list[tuple] = []
        self.offered: set[str] = set()
        self.used: set[str] = set()
        self.idle_longest = 0
        self._idle_now = 0
        self._round_busy = False
        self._round = state.round
        self._seat: tuple[int, int] | None = None  # (seat, round) of the turn under way
        self._forced_now = False
        self._before = None
        self._rate = getattr(getattr(state.game, "rules", None), "energy_per_vp", 0) or 1
        from studio.playtest.botcheck import SeatActivity

        self.activity = SeatActivity(n) if self.realm else None  # idle turns: bot failure
        # location events recorded by the engine (studio.rules.events): those a forced decision
        # caused, by index (e.g. Labyrinth self-crossings with nothing else legal)
        self.events = getattr(state, "events", None)
        self.forced_events: list[int] = []
        self._n_events = 0

    def decision(self, state, legal) -> None:
        """Before an action: count the decision and its options; judge whether it is forced."""
        seat = state.current_player
        self.decisions += 1
        self.branching += len(legal)
        if (seat, state.round) != self._seat:  # a seat's turn: its decisions in one round
            self.turns += 1
            self._seat = (seat, state.round)
        band_kinds = getattr(legal, "band_kinds", None)  # a lazy listing: its bands' kinds, unbuilt
        if band_kinds is not None:
            kinds = set(map(_kind_fast, legal.others()))
            kinds.update(f"place:{k}" for k in band_kinds())
        else:
            kinds = set(map(_kind_fast, legal))
        self.offered |= kinds
        draw = any(k.startswith("draw") or k == "take" for k in kinds)
        place = any(k.startswith("place") for k in kinds)
        if place and seat is not None:
            self.band_offered[seat] = True
        if self.activity is not None:
            self.activity.decision(state, place)
        self._forced_now = self._dry_now = False
        if self.events is not None:
            self._n_events = len(self.events)
        self._before = state.scores()[seat] if seat is not None else None
        if self.realm:
            if state.cards_hidden(seat) + len(state.pool) == 0:
                self._dry_now = place
                if self.dry_round is None:
                    self.dry_round = state.round
            if self.measure_forced and place and not draw:
                gain = self._gains(state, seat)
                self._forced_now = not any(gain(a) > 0 for a in legal if _kind_fast(a).startswith("place"))
            self._energy = state.energy[seat]

    def _gains(self, state, seat: int):
        """``gain(band)``: points (in energy, at the game's rate) and energy the legal band
        would give ``seat``, from the engine's preview of the position (equal to playing it on
        a copy, tests/rules/test_preview.py), or played on a clone where there is none."""
        score, energy, rate = state.score[seat], state.energy[seat], self._rate
        previewer = getattr(state, "previewer", None)
        if previewer is not None:
            preview = previewer(projected=False).preview  # scores and energy only: no end-of-game projection

            def gain(action) -> float:
                after = preview(action)
                return (after.score[seat] - score) * rate + (after.energy[seat] - energy)
            return gain

        def played(action) -> float:
            trial = state.clone()
            trial.apply(action)
            return (trial.score[seat] - score) * rate + (trial.energy[seat] - energy)
        return played

    def applied(self, state, seat: int, action) -> None:
        """After ``action`` by ``seat``: forced-play loss, idle rounds, the round's scores."""
        k = _kind_fast(action)
        self.used.add(k)
        if self.activity is not None:
            self.activity.applied(k)
        if k not in ("pass", "extra"):
            self._round_busy = True
        scores = state.scores()
        if self._dry_now and k.startswith("place"):
            self.dry_moves[seat] += 1
            if not state.is_terminal():  # the last action's gain mixes in the final scoring
                gain = (scores[seat] - self._before) * self._rate + state.energy[seat] - self._energy
                self.dry_wasted[seat] += gain <= 0
        if self._forced_now:
            self.forced[seat] += 1
            if self.events is not None and len(self.events) > self._n_events:
                self.forced_events.extend(range(self._n_events, len(self.events)))
            if self._before is not None and scores[seat] < self._before:
                self.forced_loss[seat] += self._before - scores[seat]
        if state.round != self._round or state.is_terminal():
            self._close_round(scores)
            self._round = state.round

    def _close_round(self, scores) -> None:
        self.arc.append(tuple(scores))
        if self._round_busy:
            self._idle_now = 0
        else:
            self._idle_now += 1
            self.idle_longest = max(self.idle_longest, self._idle_now)
        self._round_busy = False


_KIND_CACHE: dict = {}
_KIND_OF_TYPE: dict = {}  # classes whose every action is of one kind -> that kind
_KIND_OF_ID: dict = {}  # id(action) -> (action, kind): the same listed bands come back decision after decision


def _kind_fast(action) -> str:
    """:func:`action_kind`, cached by class (and band shape) and by action (the engine hands out
    the same listed bands again): the watch calls it on every legal action of every decision.
    A slotted class with neither a shape nor sources (every Rivages action) has one kind,
    looked up by the class alone."""
    kind = _KIND_OF_TYPE.get(type(action))
    if kind is not None:
        return kind
    found = _KIND_OF_ID.get(id(action))
    if found is not None and found[0] is action:
        return found[1]
    shape = getattr(action, "shape", None)
    sources = hasattr(action, "sources")
    key = (type(action), shape if isinstance(shape, str) else None,
           "deck" in action.sources if sources else None)
    kind = _KIND_CACHE.get(key)
    if kind is None:
        kind = _KIND_CACHE[key] = action_kind(action)
    if not sources and not hasattr(action, "shape") and not hasattr(action, "__dict__"):
        _KIND_OF_TYPE[type(action)] = kind  # slots: no instance can have either
    else:  # held with its action, so its id is not reused meanwhile
        if len(_KIND_OF_ID) > 65536:  # keep memory flat over long batches
            _KIND_OF_ID.clear()
        _KIND_OF_ID[id(action)] = (action, kind)
    return kind


# -- what the designer meant --------------------------------------------------------------------

@dataclass(frozen=True)
class Expectations:
    """What a design is meant to do, to judge a batch against. ``intended_ends``: the end codes
    (:data:`END_CODES`) the rules mean a game to end by; ``rounds``: the target length in rounds
    ``(min, max)``, or None not to judge length; ``score_floor``: a seat ending at or below it
    has collapsed (default 0); ``source``: where these came from, for the report;
    ``end_score``: the end rule's target score (Rule the Realm ``rules.end.score``), if any;
    ``round_limit``: ``rules.max_rounds`` when the scenario set it below the studio's safety stop
    (a round limit the designer chose, so games stopping there are not the bots stalling)."""

    intended_ends: tuple = ()
    rounds: tuple | None = None
    score_floor: int = 0
    source: str = ""
    end_score: float | None = None
    round_limit: int | None = None

    @classmethod
    def of_scenario(cls, scenario, players: int | None = None) -> "Expectations":
        """From a Rule the Realm or Rivages scenario: its ``playtest:`` section where given,
        else the intended end is what ``rules.end`` declares (Rule the Realm) or the Endgame
        card (Rivages; the removed cards in solo), the length the location's default
        (:data:`LOCATION_LENGTH`), the floor 0."""
        declared = dict(getattr(scenario, "playtest", None) or {})
        rules = getattr(scenario, "rules", None)
        if hasattr(scenario, "boards"):  # Rule the Realm
            ends = tuple(END_RULE_CODES[k] for k in (rules.end if rules is not None else {}) if k in END_RULE_CODES)
            loc = getattr(scenario, "location", None)
            length = LOCATION_LENGTH.get(loc, REALM_LENGTH) if loc is not None else REALM_LENGTH
            where = f"the defaults of location {loc}" if loc else "the studio's defaults"
        else:
            solo = getattr(scenario, "solo", None) is not None and players == 1
            ends = ("cards-removed",) if solo else ("last-turn",)
            length = RIVAGES_SOLO_LENGTH if solo else RIVAGES_LENGTH
            where = "the studio's defaults for Rivages"
        if {"intended_end", "rounds", "score_floor"} & set(declared):  # ladder, styles: not judged here
            where = "the scenario's playtest section" + ("" if {"intended_end", "rounds"} <= set(declared)
                                                         else f" and {where}")
        end_score, limit = None, None
        if rules is not None:
            end_score = (getattr(rules, "end", None) or {}).get("score") if hasattr(scenario, "boards") else None
            default = next((f.default for f in fields(rules) if f.name == "max_rounds"), None) \
                if is_dataclass(rules) else None
            mine = getattr(rules, "max_rounds", None)
            limit = mine if isinstance(mine, int) and isinstance(default, int) and mine < default else None
        return cls(intended_ends=tuple(declared.get("intended_end", ends)), end_score=end_score, round_limit=limit,
                   rounds=tuple(declared["rounds"]) if "rounds" in declared else tuple(length),
                   score_floor=int(declared.get("score_floor", 0)), source=where)

    def to_dict(self) -> dict:
        return {"intended_ends": list(self.intended_ends), "rounds": None if self.rounds is None else list(self.rounds),
                "score_floor": self.score_floor, "source": self.source}


#: the rule clause behind each end code (what an unintended-end finding blames)
END_CLAUSES = {"score": "RTR-E1", "rounds": "RTR-E1", "pictures": "RTR-E1", "bands-exhausted": "RTR-E1",
               "all-bands-used": "RTR-E1", "round-limit": "RTR-E1", "last-turn": "RIV-E4",
               "cards-removed": "RIV-X4", "not-finished": ""}

#: end codes never meant by any rule: intended only when the scenario says so
NEVER_INTENDED = ("round-limit", "all-bands-used", "not-finished")


# -- a batch ------------------------------------------------------------------------------------

FORCED_WARNING = 0.10      # games with forced play above this share: a warning
FORCED_MIN = 3             # a game has a forced phase from this many forced decisions on
COLLAPSE_WARNING = 0.20    # seats at or below the floor above this share: a warning
LENGTH_WARNING = 0.20      # games outside the target length above this share: a warning
UNINTENDED_WARNING = 0.05  # games ending other than intended above this share: a warning
SHARED_WARNING = 0.10      # shared wins above this share of games: a warning
STALL_ROUNDS = 3           # this many idle rounds in a row make a game stalled
MIN_GAMES = 5              # fewer games: shares are shown but no warning is raised


@dataclass(frozen=True)
class Finding:
    """One kind of degenerate play found in a batch. ``code``: ``unintended-end``,
    ``unreachable-seat``, ``bot-failure``, ``dry-deck``,
    ``forced-play``, ``forced-loss``, ``score-collapse``, ``unused-mechanic``, ``too-long``,
    ``too-short`` or ``stalled``; ``games`` (or seats, for score collapse) showing it out of
    ``of``, ``share`` = games / of; ``subject``: what it is about (an end code, a mechanic);
    ``message``: the plain-words warning, saying why it matters; location findings
    (:func:`~studio.playtest.mechanics.location_findings`) also name the ``mechanic`` (a measure
    code of :data:`~studio.playtest.mechanics.MEASURES`) and its rule ``clause``. What it blames,
    for the reports' links: ``seats``, the 0-based seats it names (a seat with nothing
    reachable, whose bot stopped playing, that collapses or fails to escape), and ``elements``,
    the element keys (:mod:`studio.playtest.elements`) of the places it is about (the pegs where
    chains cross themselves, most frequent first). ``advice``: what a designer could change,
    in plain words with the finding's own figures where it has them (the reports print it after
    ``try:``); every finding has one."""

    code: str
    games: int
    of: int
    share: float
    subject: str
    message: str
    mechanic: str = ""
    clause: str = ""
    seats: tuple = ()
    elements: tuple = ()
    advice: str = ""


@dataclass(frozen=True)
class Insight:
    """The degenerate-play figures of a batch (see :class:`InsightTally`).

    ``expectations``: what the batch was judged against; ``end_codes``: end code -> games,
    most frequent first; ``unintended``: games ending by a code not intended; ``forced_games``:
    games with a forced phase (at least :data:`FORCED_MIN` forced decisions);
    ``forced_per_game``: forced decisions per game (mean), ``forced_share``: share of all
    decisions that were forced; ``forced_loss_per_game``: points lost in forced actions per
    game (mean); ``dry_games``: games in which the deck and pool ran dry, ``dry_round_mean``:
    the mean round it happened; ``collapsed_seats``: seats ending at or below the floor (of
    ``games * players``); ``too_long`` / ``too_short``: games outside the target length;
    ``stalled``: games stopped at the round limit or with :data:`STALL_ROUNDS` idle rounds in a
    row; ``mechanics``: mechanic code -> ``[games offering it, games using it]``;
    ``collapsed_by_seat``: per seat, games it ended at or below the floor; ``no_band``: per
    seat, games in which no band was ever legal for it (nothing reachable from its start);
    ``dry_moves_per_game`` / ``dry_wasted_per_game``: bands placed per game with the deck and pool
    empty, and those that gained nothing; ``branching_mean``: legal actions per decision (mean
    over all decisions); ``decisions_per_turn``: the bots' decisions per turn; ``arc``: per round
    (index 0 = after round 1), every seat's mean score over the ``arc_games[i]`` games still
    running then (the arc of a game); ``findings``: the :class:`Finding` list, worst first;
    ``bot_failures``: per seat, games in which its bot stopped playing
    (:mod:`studio.playtest.botcheck`; empty when not judged).

    Location mechanics (:mod:`studio.playtest.mechanics`): ``measures``, one
    :class:`~studio.playtest.mechanics.MeasureStat` per measure of the location, per seat with
    95% intervals; ``origins``, Rivages, per starting island and per tree
    (:class:`~studio.playtest.mechanics.OriginStat`). The arc (:mod:`studio.playtest.arc`), over
    the ``arc_judged`` games with a winner and two seats or more: ``drama_mean`` and
    ``trailing_mean`` (means of the games' drama and trailing share), ``comeback_games`` (games
    whose final winner trailed at some point); ``evaluated``, when positions were valued, the
    means of the games' evaluated figures with ``games`` and ``positions``, else None.
    ``places``: measure code -> {element key: occurrences} over the batch, where on the board a
    mechanic acted (:func:`~studio.playtest.mechanics.places_of`), most frequent first."""

    expectations: dict
    end_codes: dict
    unintended: int
    forced_games: int
    forced_per_game: float
    forced_share: float
    forced_loss_per_game: float
    dry_games: int
    dry_round_mean: float
    collapsed_seats: int
    too_long: int
    too_short: int
    stalled: int
    mechanics: dict
    collapsed_by_seat: list = field(default_factory=list)
    no_band: list = field(default_factory=list)
    dry_moves_per_game: float = 0.0
    dry_wasted_per_game: float = 0.0
    branching_mean: float = math.nan
    decisions_per_turn: float = math.nan
    arc: list = field(default_factory=list)
    arc_games: list = field(default_factory=list)
    findings: list = field(default_factory=list)
    bot_failures: list = field(default_factory=list)
    measures: list = field(default_factory=list)
    origins: list = field(default_factory=list)
    drama_mean: float = math.nan
    trailing_mean: float = math.nan
    comeback_games: int = 0
    arc_judged: int = 0
    evaluated: dict | None = None
    places: dict = field(default_factory=dict)


#: at most this many places are blamed by one finding (the most frequent)
BLAMED_PLACES = 12


class InsightTally:
    """Running counts for :class:`Insight` (memory flat in the number of games)."""

    def __init__(self, expect: Expectations | None = None):
        self.expect = expect or Expectations(source="no scenario given: only the studio's own stops are "
                                                    "judged unintended")
        self.games = 0
        self.players = 0
        self.end_codes: Counter = Counter()
        self.forced_games = 0
        self.forced = 0
        self.decisions = 0
        self.forced_loss = 0
        self.dry_games = 0
        self.dry_rounds = 0
        self.collapsed = 0
        self.too_long = 0
        self.too_short = 0
        self.stalled = 0
        self.offered: Counter = Counter()
        self.used: Counter = Counter()
        self.dry_moves = 0
        self.dry_wasted = 0
        self.collapsed_by_seat: list[int] = []
        self.no_band: list[int] = []
        self.names: tuple = ()
        self.branching = 0
        self.turns = 0
        self.arc: list[list[float]] = []
        self.arc_games: list[int] = []
        from studio.playtest.botcheck import BotFailureTally

        self.bots = BotFailureTally()
        self.bot_names: tuple = ()
        from studio.playtest.mechanics import MeasureTally

        self.measures = MeasureTally()
        self.no_winner = 0
        self.drama = 0.0
        self.trailing = 0.0
        self.comebacks = 0
        self.arc_judged = 0
        self.evaluated: dict[str, list] = {}
        self.evaluated_games = 0
        self.positions = 0
        self.shared = 0          # games won by several seats (RTR-E3, RIV-E6)
        self.top_ties = 0        # games whose top score was tied before any tie-break
        self.win_scores = 0.0    # the winning scores of the games with a winner, summed
        self.won = 0
        self.band_ties = False   # a tie-break by bands used exists (Rule the Realm)
        self.places: dict[str, Counter] = {}
        self.top_score = -math.inf  # the highest final score of any seat in the batch
        self.end_score = None       # the end rule's target score (Rule the Realm), when it has one
        self.max_rounds = None      # the scenario's rules.max_rounds, when it set one

    def add(self, r) -> None:
        self.games += 1
        if r.scores:
            self.top_score = max(self.top_score, max(r.scores))
        self.bots.add(r)
        self.bot_names = tuple(r.bots)
        self.players = r.players
        if r.end_code:  # results of older reports carry none: not judged
            self.end_codes[r.end_code] += 1
        forced = sum(r.forced)
        self.forced += forced
        self.forced_games += forced >= FORCED_MIN
        self.decisions += r.decisions
        self.forced_loss += sum(r.forced_loss)
        if r.dry_round is not None:
            self.dry_games += 1
            self.dry_rounds += r.dry_round
        if not self.collapsed_by_seat:
            self.collapsed_by_seat = [0] * r.players
            self.no_band = [0] * r.players
            self.names = tuple(r.seat_names)
        for s, v in enumerate(r.scores):
            if v <= self.expect.score_floor:
                self.collapsed += 1
                self.collapsed_by_seat[s] += 1
        for s in r.no_band:
            self.no_band[s] += 1
        if self.expect.rounds is not None:
            lo, hi = self.expect.rounds
            self.too_long += r.rounds > hi
            self.too_short += r.rounds < lo
        self.stalled += r.end_code == "round-limit" or r.idle_rounds >= STALL_ROUNDS
        self.offered.update(r.offered)
        self.used.update(r.used)
        self.dry_moves += sum(r.dry_moves)
        self.dry_wasted += sum(r.dry_wasted)
        self.branching += r.branching
        self.turns += r.turns
        for i, scores in enumerate(r.arc):
            if i == len(self.arc):
                self.arc.append([0.0] * len(scores))
                self.arc_games.append(0)
            row = self.arc[i]
            for s, v in enumerate(scores[:len(row)]):
                row[s] += v
            self.arc_games[i] += 1
        self.no_winner += not r.winners
        if r.players > 1 and r.winners:
            top = max(r.scores)
            self.won += 1
            self.win_scores += top
            self.top_ties += sum(1 for v in r.scores if v == top) > 1
            self.shared += len(r.winners) > 1
            self.band_ties = self.band_ties or bool(r.bands_used)
        if getattr(r, "mechanics", ()):
            self.measures.add(r.mechanics, r.winners, r.scores, getattr(r, "origins", ()))
        for code, key in getattr(r, "places", ()):
            self.places.setdefault(code, Counter())[key] += 1
        if getattr(r, "drama", None) is not None:
            self.arc_judged += 1
            self.drama += r.drama
            self.trailing += r.trailing or 0.0
            self.comebacks += (r.trailing or 0.0) > 0
        ev = getattr(r, "evaluated", None)
        if ev:
            self.evaluated_games += 1
            self.positions += ev.get("positions", 0)
            for k, v in ev.items():
                if k != "positions" and v is not None:
                    acc = self.evaluated.setdefault(k, [0.0, 0])
                    acc[0] += v
                    acc[1] += 1

    def _seat(self, seat: int) -> str:
        name = self.names[seat] if seat < len(self.names) else ""
        return f"seat {seat + 1}" + (f" ({name})" if name else "")

    def intended(self, code: str) -> bool:
        if self.expect.intended_ends:
            return code in self.expect.intended_ends
        return code not in NEVER_INTENDED

    def insight(self) -> Insight:
        g = max(self.games, 1)
        unintended = sum(c for code, c in self.end_codes.items() if not self.intended(code))
        mechanics = {k: [self.offered[k], self.used[k]] for k in sorted(set(self.offered) | set(self.used))
                     if k != "pass"}
        ins = Insight(
            expectations=self.expect.to_dict(),
            end_codes=dict(sorted(self.end_codes.items(), key=lambda kv: (-kv[1], kv[0]))),
            unintended=unintended, forced_games=self.forced_games, forced_per_game=self.forced / g,
            forced_share=self.forced / self.decisions if self.decisions else 0.0,
            forced_loss_per_game=self.forced_loss / g, dry_games=self.dry_games,
            dry_round_mean=self.dry_rounds / self.dry_games if self.dry_games else math.nan,
            collapsed_seats=self.collapsed, too_long=self.too_long, too_short=self.too_short, stalled=self.stalled,
            mechanics=mechanics, collapsed_by_seat=list(self.collapsed_by_seat), no_band=list(self.no_band),
            dry_moves_per_game=self.dry_moves / g, dry_wasted_per_game=self.dry_wasted / g,
            branching_mean=self.branching / self.decisions if self.decisions else math.nan,
            decisions_per_turn=self.decisions / self.turns if self.turns else math.nan,
            arc=[[v / k for v in row] for row, k in zip(self.arc, self.arc_games)], arc_games=list(self.arc_games),
            bot_failures=list(self.bots.failed),
            measures=self.measures.stats(), origins=self.measures.origin_stats(),
            drama_mean=self.drama / self.arc_judged if self.arc_judged else math.nan,
            trailing_mean=self.trailing / self.arc_judged if self.arc_judged else math.nan,
            comeback_games=self.comebacks, arc_judged=self.arc_judged,
            evaluated=({"games": self.evaluated_games, "positions": self.positions,
                        **{k: s / n for k, (s, n) in self.evaluated.items()}} if self.evaluated_games else None),
            places={code: dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))) for code, c in self.places.items()})
        return Insight(**{**ins.__dict__, "findings": self._findings(ins)})

    def _findings(self, x: Insight) -> list[Finding]:
        g, n = self.games, self.players
        out: list[Finding] = []
        if g < MIN_GAMES:
            return out

        def share(k, of=g):
            return f"{k} of {of} {'games' if of == g else 'seats'} ({100 * k / of:.0f}%)"

        meant = ", ".join(END_CODES.get(c, c) for c in self.expect.intended_ends) or "a rule of the game"
        for code, count in x.end_codes.items():
            if self.intended(code) or count / g <= UNINTENDED_WARNING:
                continue
            why, advice = self._unintended(code)
            out.append(Finding("unintended-end", count, g, count / g, code,
                               f"{share(count)} ended because {END_CODES.get(code, code)}, not as intended "
                               f"({meant}): {why}", clause=END_CLAUSES.get(code, ""), advice=advice))
        if x.dry_games / g > FORCED_WARNING and x.dry_moves_per_game >= 1:
            out.append(Finding("dry-deck", x.dry_games, g, x.dry_games / g, "deck",
                               f"{share(x.dry_games)} ran the deck, discard pile and pool dry (on average in round "
                               f"{x.dry_round_mean:.1f}); then only bands are legal: {x.dry_moves_per_game:.1f} "
                               f"bands per game were placed that way, {x.dry_wasted_per_game:.1f} of them gaining "
                               "nothing; the cards sit in hands and play goes through the motions",
                               clause="RTR-T3",
                               advice=f"keep cards moving before round {x.dry_round_mean:.0f}: a smaller starting "
                                      "hand or more cards in the deck, or more bands per seat so the cards in hand "
                                      "get spent"))
        if x.forced_games and x.forced_games / g > FORCED_WARNING:
            out.append(Finding("forced-play", x.forced_games, g, x.forced_games / g, "forced",
                               f"{share(x.forced_games)} had a phase of forced play: {x.forced_per_game:.1f} decisions "
                               f"per game ({100 * x.forced_share:.0f}% of all) where no draw was possible and no legal "
                               f"band gained anything; the players go through the motions", clause="RTR-T1",
                               advice="give the late game something worth doing: more treasure or energy on the "
                                      "segments left open, fewer bands per seat, or an end condition that comes "
                                      "sooner"))
        if x.forced_loss_per_game >= 1:
            per_seat = x.forced_loss_per_game / max(n, 1)
            out.append(Finding("forced-loss", x.forced_games, g, x.forced_games / g, "forced",
                               f"forced actions cost {per_seat:.1f} points per seat and game: when only losing "
                               "moves are legal, players must hurt themselves", clause="RTR-T1",
                               advice="make fewer losing moves forced: add lines or segments near where the seats "
                                      "run out of room, lower the penalty, or let a seat pass"))
        seats = g * n
        for seat, k in enumerate(x.no_band):
            if k / g > UNINTENDED_WARNING:
                out.append(Finding("unreachable-seat", k, g, k / g, self._seat(seat),
                                   f"{self._seat(seat)} could never place a band in {share(k)}: nothing it could pay "
                                   "for is reachable from its start, so it can only draw and pass", seats=(seat,),
                                   clause="RTR-P5",
                                   advice=f"give {self._seat(seat)} a start peg with a line it can pay for, or "
                                          "colours in the deck that match the pegs next to its start"))
        if seats and x.collapsed_seats / seats > COLLAPSE_WARNING:
            floor = self.expect.score_floor
            worst_seats = tuple(s for s, k in enumerate(x.collapsed_by_seat) if k / g >= 0.5)
            worst = [f"{self._seat(s)} in {100 * x.collapsed_by_seat[s] / g:.0f}% of games" for s in worst_seats]
            out.append(Finding("score-collapse", x.collapsed_seats, seats, x.collapsed_seats / seats, "score",
                               f"{share(x.collapsed_seats, seats)} ended at {floor} points or less"
                               + (f" ({', '.join(worst)})" if worst else "")
                               + ": scores collapse, so final standings say little", seats=worst_seats,
                               advice=f"lift scores above {floor}: lower the penalties a seat pays (see the "
                                      "location rules below, e.g. fewer forced self-crossings: more lines or "
                                      "segments near the start) or add treasure within reach of "
                                      + (" and ".join(f"seat {s + 1}" for s in worst_seats) or "every seat")))
        if self.expect.rounds is not None:
            lo, hi = self.expect.rounds
            for k, code, words in ((x.too_long, "too-long", f"longer than {hi} rounds"),
                                   (x.too_short, "too-short", f"shorter than {lo} rounds")):
                if k / g > LENGTH_WARNING:
                    advice = ("end sooner: lower the end score, give fewer bands per seat, or put more treasure "
                              f"within reach; or set playtest.rounds if {hi} rounds is too short a target"
                              if code == "too-long" else
                              "end later: raise the end score or give more bands per seat; or set "
                              f"playtest.rounds if {lo} rounds is too long a target")
                    out.append(Finding(code, k, g, k / g, "rounds",
                                       f"{share(k)} lasted {words} (target {lo}-{hi} rounds"
                                       + (f", from {self.expect.source})" if self.expect.source else ")"),
                                       clause="RTR-E1", advice=advice))
        from studio.playtest.botcheck import bot_failure_findings

        if g >= MIN_GAMES:
            out.extend(bot_failure_findings(self.bots, self._seat, self.bot_names))
        if x.stalled:
            limit = self.expect.round_limit
            stop = f"your round limit (rules.max_rounds = {limit})" if limit else "the safety round limit"
            out.append(Finding("stalled", x.stalled, g, x.stalled / g, "stalled",
                               f"{share(x.stalled)} stalled: stopped at {stop} or went "
                               f"{STALL_ROUNDS} rounds in a row with nothing but passes",
                               advice=(f"raise rules.max_rounds above {limit} if games should run longer"
                                       if limit else "give the seats something reachable to do every round: "
                                       "more content within reach of the starts, or cards that pay for the pegs "
                                       "around them")))
        for code, (offered, used) in x.mechanics.items():
            if used == 0 and offered:
                out.append(Finding("unused-mechanic", offered, g, offered / g, code,
                                   f"{mechanic_words(code)} never chosen by the bots, though offered in "
                                   f"{share(offered)}", clause=MECHANIC_CLAUSES.get(code.split(":")[0], ""),
                                   advice=f"make {mechanic_words(code)} worth a move (a cheaper cost or a better "
                                          "reward), or drop it from the scenario if it is not meant to matter"))
        order = ["unintended-end", "stalled", "bot-failure", "unreachable-seat", "dry-deck", "forced-play", "forced-loss", "score-collapse", "too-long",
                 "too-short", "unused-mechanic", "shared-wins"]
        out.sort(key=lambda f: (order.index(f.code), -f.share))
        if self.shared / g > SHARED_WARNING:
            out.append(self._shared_finding(g))
        from studio.playtest.mechanics import location_findings

        return [self._placed(f, x.places) for f in location_findings(x.measures, g, self.names, self.no_winner) + out]

    def _unintended(self, code: str) -> tuple[str, str]:
        """Why an unintended end matters and what to try, for end ``code`` (figures: the end
        score, the highest score any seat reached, the scenario's round limit)."""
        target, top = self.expect.end_score, self.top_score
        unreached = target is not None and math.isfinite(top) and top < target
        reach = (f"; no seat ever reached the end score of {target} (highest {top:g}), so the target looks "
                 "unreachable" if unreached else "")
        if code == "all-bands-used":
            return ("the end the rules intend never came, so players placed their last bands for whatever was "
                    f"left{reach}",
                    (f"lower the end score to about {top:g} or less, " if unreached else "lower the end score, ")
                    + "add treasure within reach, or give more bands per seat so the intended end comes first")
        if code == "round-limit":
            limit = self.expect.round_limit
            if limit:
                return (f"your round limit (rules.max_rounds = {limit}) ended the games before the rules did{reach}",
                        f"raise rules.max_rounds above {limit}, or make the intended end come sooner")
            return (f"the rules could not end the game; the bots stall on this content{reach}",
                    "make the intended end reachable: lower the end score or add content the seats can reach "
                    "from their starts")
        if code == "bands-exhausted":
            return (f"the seats ran out of bands before the intended end{reach}",
                    "give more bands per seat, or lower the end score")
        return (f"the end the rules intend did not come first{reach}",
                f"check the end rule: the game ended because {END_CODES.get(code, code)}; adjust that condition "
                "or the playtest.intended_end you declared")

    @staticmethod
    def _placed(f: Finding, places: dict) -> Finding:
        """``f`` blaming the places its mechanic acted most (at most :data:`BLAMED_PLACES`):
        the self-crossing penalty, the pegs where chains crossed themselves (L8-6); the points
        forced actions cost, the pegs of the self-crossings made with nothing else legal;
        excavation sites rarely closed, the segments of the regions closed too small to be a site
        (L5-4)."""
        where = {"self_cross_loss": "self_crossings", "self_crossings": "self_crossings",
                 "forced-loss": "self_crossings_forced", "sites": "small_closures"}.get(f.mechanic or f.code)
        if not where or not places.get(where):
            return f
        from dataclasses import replace

        return replace(f, elements=tuple(list(places[where])[:BLAMED_PLACES]))

    def _shared_finding(self, g: int) -> Finding:
        """Shared wins, with why the ties stand: how often the top score was tied and how many
        of those the tie-break settled (RTR-E3: fewest bands used; Rivages has none, RIV-E6)."""
        pct = f"{100 * self.shared / g:.0f}%"
        settled = self.top_ties - self.shared
        if self.band_ties:
            why = (f"the top score was tied in {self.top_ties} of {g} games and the tie-break (fewest bands used, "
                   f"RTR-E3) settled only {settled} of them, the tied seats having used as many bands")
            clause = "RTR-E3"
        else:
            why = f"the top score was tied in {self.top_ties} of {g} games, and ties share the victory"
            clause = "RIV-E6"
        mean = self.win_scores / self.won if self.won else 0.0
        return Finding("shared-wins", self.shared, g, self.shared / g, "shared",
                       f"{pct} of games end in a shared win ({self.shared} of {g}): {why}; winning scores average "
                       f"{mean:.1f} points, so a point decides: scoring that spreads the seats (or a tie-break that "
                       "separates them) would make wins clearer", clause=clause,
                       advice="spread the scores: fewer treasures of equal value, a scoring rule that rewards "
                              "a different way to play, or a tie-break that separates the tied seats")
