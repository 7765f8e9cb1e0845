"""The balance assistant for Rivages: ``studio balance`` on a ``rivages-scenario/1`` file (2 to 5
players, or the solo game) or on one ``rivages-island/1`` file.

The search is Rule the Realm's (:mod:`studio.balance.search`): a climb of up to ``steps`` edits,
each step a successive-halving race (:func:`~studio.balance.search.successive_halving`) of
candidate edits on common seeds, the board as it is always in the race; a budget in games and
minutes; Ctrl+C keeps the best so far; the best proposals played again with the original content
on fresh seeds (:data:`~studio.balance.search.VERIFY_OFFSET`); games through the playtest
executors, so a seed gives the same proposals serial, in processes or on Dask. The edits are
island edits (:mod:`studio.balance.island_edits`) and, when allowed, solo cards and scenario
rules.

What is searched:

- an island file: the island always in play, every explorer starting on its own copy and the
  bundled islands following (:func:`studio.playtest.island_trial.island_setup`; 1 player: the
  advanced solo game). Every seat plays the same island, so an edit changes every seat alike;
- a scenario: every island of its pile may be edited, the ones whose goals the games meet least
  first.

The objective (:class:`RivagesObjective`) adds two parts to :mod:`studio.balance.objective`'s:

- ``goals``: over the goal steps of the islands searched, how far each is below being met in
  :data:`~studio.balance.island_edits.GOAL_LOW` of the games that visited its island (1: never
  met, 0: met often enough), averaged over the steps of islands visited;
- ``solo``: in a solo batch, the root mean square over the challenge cards drawn of how far
  (0..1) each card's win rate lies outside 15% to 60% (RIV-X6, :data:`~studio.balance.fairness.SOLO_RANGE`).

With 2 or more players every seat draws its islands from one shared shuffled pile (RIV-S1):
no island edit moves one seat's share, so the seats' parts (``fair``, ``score``) weigh 0 by
default and the run says so; the intended end, the length, forced play and the content and goals
used are what island edits can change.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from studio.balance.edits import Locks
from studio.balance.island_edits import (
    GOAL_LOW,
    Draft,
    RivagesDiagnosis,
    apply_island_edits,
    island_candidates,
    island_findings,
    valid_island_edits,
)
from studio.balance.objective import (
    PART_WORDS,
    PARTS,
    GameRecord,
    Objective,
    Score,
    parse_weights,
    record_of,
)
from studio.balance.search import (
    BalanceResult,
    Proposal,
    SearchProblem,
    check_numbers,
    run_search,
)

RIVAGES_PARTS = PARTS + ("goals", "solo")
MULTI_WEIGHTS = {"fair": 0.0, "score": 0.0, "end": 1.0, "length": 0.5, "forced": 0.5, "collapse": 0.5,
                 "content": 0.1, "goals": 1.0, "solo": 0.0}
SOLO_WEIGHTS = {"fair": 0.0, "score": 0.0, "end": 1.0, "length": 0.5, "forced": 0.5, "collapse": 0.5,
                "content": 0.1, "goals": 0.5, "solo": 4.0}
RIVAGES_WORDS = dict(PART_WORDS, goals=f"goal steps met in under {100 * GOAL_LOW:.0f}% of their island's games",
                     solo="challenge cards won outside 15%-60% (RMS of the distance)")
SHARED_PILE = ("every seat draws its islands from one shared shuffled pile (RIV-S1), so an island edit cannot move "
               "one seat's share: the seats' win rates are shown, not searched (fair and score weigh 0 unless "
               "--weights sets them); what island edits can change is the intended end, the length, forced play and "
               "the content and goals the games use")
SAME_ISLAND = ("every seat starts on its own copy of the island, so an edit changes every seat alike and cannot move "
               "one seat's share: the seats' win rates are shown, not searched (fair and score weigh 0 unless "
               "--weights sets them)")


def default_weights(players: int) -> dict:
    return dict(SOLO_WEIGHTS if players == 1 else MULTI_WEIGHTS)


def parse_rivages_weights(text: str | None, players: int) -> dict:
    """``goals=2,end=0`` -> the Rivages defaults for ``players`` with those replaced. Raises
    :class:`~studio.balance.objective.WeightsError` for an unknown part, a value that is not a
    number or a negative one."""
    return parse_weights(text, default_weights(players), RIVAGES_PARTS)


# -- records and the objective ----------------------------------------------------------------------

@dataclass(frozen=True)
class RivagesRecord(GameRecord):
    """A :class:`~studio.balance.objective.GameRecord` with the solo game's challenge cards:
    ``challenges``, ``(id, name, progress)`` per card drawn (progress: how many of what the card
    counts the game reached); ``won``: the game was won (RIV-X1)."""

    challenges: tuple = ()
    won: bool = False


def rivages_record(result, expect, content: frozenset) -> RivagesRecord:
    """The :class:`RivagesRecord` of a Rivages :class:`~studio.playtest.runner.GameResult`."""
    base = record_of(result, expect, content)
    return RivagesRecord(**{f.name: getattr(base, f.name) for f in fields(base)},
                         challenges=tuple((c[0], c[1], c[4]) for c in result.challenges), won=bool(result.winners))


@dataclass(frozen=True)
class RivagesScore(Score):
    """A :class:`~studio.balance.objective.Score` with, in a solo batch, per challenge card
    ``(id, name, games, wins)`` (``challenges``)."""

    challenges: tuple = ()

    def to_dict(self) -> dict:
        from studio.playtest.stats import wilson

        out = super().to_dict()
        if self.challenges:
            out["challenges"] = [{"id": c, "name": n, "games": g, "wins": w, "win_rate": w / g if g else 0.0,
                                  "win_ci": list(wilson(w, g))} for c, n, g, w in self.challenges]
        return out


@dataclass(frozen=True)
class RivagesObjective(Objective):
    """The objective of :mod:`studio.balance.objective` plus ``goals`` and ``solo`` (see the
    module docstring); ``goal_keys``: the element keys of the searched islands' goal steps."""

    goal_keys: frozenset = frozenset()
    solo_range: tuple = (0.15, 0.60)

    def score(self, records) -> RivagesScore:
        base = super().score(records)
        parts = dict(base.parts)
        visited: dict = {}
        met: dict = {}
        for r in records:
            for key in self.goal_keys:
                island = "island " + key.split(" ")[1]
                if island in r.taken:
                    visited[key] = visited.get(key, 0) + 1
                    met[key] = met.get(key, 0) + (key in r.taken)
        judged = [max(0.0, 1.0 - met[k] / visited[k] / GOAL_LOW) for k in visited]
        parts["goals"] = sum(judged) / len(judged) if judged else 0.0
        cards: dict = {}
        for r in records:
            for cid, name, *_progress in getattr(r, "challenges", ()):
                row = cards.setdefault(cid, [name, 0, 0])
                row[1] += 1
                row[2] += bool(getattr(r, "won", False))
        low, high = self.solo_range
        if cards:
            gaps = [max(0.0, low - w / g, w / g - high) for _n, g, w in cards.values()]
            parts["solo"] = math.sqrt(sum(x * x for x in gaps) / len(gaps))
        else:
            parts["solo"] = 0.0
        total = sum(self.weights.get(k, 0.0) * v for k, v in parts.items())
        return RivagesScore(total, parts, base.games, base.rates, base.fair_share, base.means,
                            tuple((c, n, g, w) for c, (n, g, w) in sorted(cards.items())))


# -- what is searched -------------------------------------------------------------------------------

@dataclass
class RivagesTarget:
    """What ``studio balance`` searches on Rivages content: the ``setup`` as loaded, the
    ``islands`` that may be edited (ids, in order), ``island_file``: the island file given
    (None for a scenario), ``path``: the file given."""

    setup: Any        # a Setup of kind "rivages" (an IslandTrialSetup for an island file)
    islands: list
    path: str
    island_file: str | None = None

    @property
    def solo(self) -> bool:
        return self.setup.players == 1

    @property
    def name(self) -> str:
        return self.setup.name

    @property
    def ident(self) -> str:
        return self.islands[0] if self.island_file else self.setup.scenario.id

    def draft(self) -> Draft:
        content = self.setup.content
        islands = {i.id: i for i in content.islands}
        great = {k: tuple(v) for k, v in content.scenario.great_explorer.items()}
        return Draft(islands, content.solo_cards if self.solo else None, {}, set(), great)

    def setup_of(self, draft: Draft):
        """A setup playing ``draft``'s islands, solo cards and settings."""
        from studio.playtest.island_trial import island_setup

        s: Any = self.setup
        if self.island_file:
            island = draft.islands[self.islands[0]]
            s = island_setup(island, s.players, terrains=s.scenario.terrains, scenario=s.path)
            content = s.content
        else:
            content = copy.copy(s.content)
            content.islands = [draft.islands.get(i.id, i) for i in s.content.islands]
            s = type(s)(s.kind, content, s.players, s.path, s.settings)
        if draft.solo is not None and draft.solo is not s.content.solo_cards:
            content = copy.copy(s.content)
            content.solo_cards = draft.solo
            s.content = content
        if draft.settings:
            s = s.with_settings(dict(draft.settings))
        return s


def load_target(path: str, players: int | None) -> RivagesTarget:
    """A :class:`RivagesTarget` from a ``rivages-scenario/1`` or ``rivages-island/1`` file.
    Raises LoadError / InvalidContent for a file that does not load, and
    :class:`~studio.playtest.setup.SetupError` for a player count Rivages is not played by."""
    from studio.content import load_document
    from studio.model.io import read
    from studio.playtest.island_trial import island_setup
    from studio.playtest.setup import load_setup

    fmt = load_document(path).format or ""
    if fmt.startswith("rivages-island"):
        island = read(path)
        trial = island_setup(island, 2 if players is None else players)
        return RivagesTarget(trial, [island.id], str(path), str(path))
    setup = load_setup(path, players)
    return RivagesTarget(setup, [i.id for i in setup.content.islands], str(path))


# -- the search -------------------------------------------------------------------------------------

@dataclass
class _Cand:
    edits: tuple
    draft: Draft
    setup: Any
    objective: RivagesObjective
    content: frozenset

    @property
    def key(self) -> tuple:
        return tuple((e.op, e.args) for e in self.edits)


def _diagnose(records: list, islands: list, content: frozenset, solo: bool) -> RivagesDiagnosis:
    g = len(records)
    visited: dict = {}
    met: dict = {}
    crossed: set = set()
    for r in records:
        crossed |= r.taken
        for key in r.taken:
            if key.startswith("island "):
                visited[key[7:]] = visited.get(key[7:], 0) + 1
    goals = {}
    never: dict = {}
    for key in content:
        kind, ident, rest = (key.split(" ", 2) + [""])[:3]
        if kind == "goal" and ident in visited:
            name, step = rest.rsplit(" ", 1)
            gi = 0 if name == "quest" else int(name.split(" ")[1])
            met[key] = sum(key in r.taken for r in records)
            goals[(ident, gi, int(step) - 1)] = met[key] / visited[ident]
        elif kind == "space" and ident in visited and key not in crossed:
            q, r_ = rest.split(",")
            never.setdefault(ident, set()).add((int(q), int(r_)))
    cards: dict = {}
    progress: dict = {}
    for r in records:
        for cid, _n, reached in r.challenges:
            row = cards.setdefault(cid, [0, 0])
            row[0] += 1
            row[1] += r.won
            progress.setdefault(cid, []).append(reached)
    return RivagesDiagnosis(goals, never, {c: w / n for c, (n, w) in cards.items()},
                            (sum(r.won for r in records) / g) if solo and g else None,
                            long=sum(r.length > 0 for r in records) / g if g else 0.0,
                            short=sum(r.length < 0 for r in records) / g if g else 0.0,
                            progress={c: tuple(v) for c, v in progress.items()})


class _IslandProblem(SearchProblem):
    """A Rivages search: island edits (and, allowed, solo cards and scenario rules)."""

    noun = "content"
    variants = "variants"
    min_games = 4

    def __init__(self, target: RivagesTarget, weights: dict, candidates: int, allow_rules: bool,
                 locks: Locks | None, seed: int):
        self.target, self.players, self.weights = target, target.setup.players, weights
        self.candidates, self.allow_rules, self.locks, self.seed = candidates, allow_rules, locks, seed
        scenario = target.setup.scenario
        self.terrains, self.rules = scenario.terrain_names(), scenario.rules
        self.original = target.draft()
        self.searched = set(target.islands)
        self.base_findings = {i: island_findings(self.original.islands[i], self.terrains, self.rules)
                              for i in target.islands}
        self.note = SAME_ISLAND if target.island_file else SHARED_PILE

    def make(self, edits: tuple, made=None) -> _Cand:
        from studio.playtest.elements import catalogue

        draft = made if made is not None else apply_island_edits(self.original, edits)
        s = self.target.setup_of(draft)
        game = s.game(0)  # fails here if the content cannot be played
        content = frozenset(e.key for e in catalogue(game)
                            if e.kind in ("island", "space", "bridge", "goal") and e.group in self.searched)
        obj = RivagesObjective(self.weights, len(content),
                               goal_keys=frozenset(k for k in content if k.startswith("goal ")))
        return _Cand(edits, draft, s, obj, content)

    def record(self, result, expect, content: frozenset) -> RivagesRecord:
        return rivages_record(result, expect, content)

    def diagnose(self, records: list, incumbent) -> RivagesDiagnosis:
        return _diagnose(records, self.target.islands, incumbent.content, self.target.solo)

    def arms(self, incumbent, diagnosis, seen: set, depth: int, round_no: int) -> tuple[list, list]:
        n = self.candidates
        pool = [e for e in island_candidates(incumbent.draft, self.target.islands, self.terrains, diagnosis,
                                             self.allow_rules, self.locks, limit=n * (len(seen) // max(1, n) + 1),
                                             seed=self.seed * 7919 + round_no, players=self.players, rules=self.rules)
                if (e.op, e.args) not in seen][:n]
        valid = valid_island_edits(self.original, pool, self.terrains, self.rules, prefix=incumbent.edits,
                                   base=self.base_findings)
        return pool, valid

    def climb_games(self, diag_games: int) -> int:
        return max(8, diag_games // 4)   # the verification judges the rest

    def proposal(self, c, score, base_score, games: int) -> Proposal:
        notes = [] if self.players == 1 else [self.note]
        if c.draft.solo is not self.original.solo or c.draft.settings:
            notes.append("changes the solo cards or the scenario's rules, so every game of the scenario plays "
                         "with them")
        return Proposal(c.edits, c.draft, dict(c.draft.settings), score, base_score, games, notes)


def balance_rivages(target: RivagesTarget, bots=None, budget: int = 1200, seed: int = 0, steps: int = 3,
                    candidates: int = 8, allow_rules: bool = False, locks: Locks | None = None,
                    weights: dict | None = None, verify_games: int = 200, top: int = 3, jobs: int = 1,
                    executor: str = "processes", scheduler: str | None = None, minutes: float | None = None,
                    progress: Callable | None = None, stop: Callable[[], bool] | None = None) -> BalanceResult:
    """Search edits of ``target``'s islands (and, with ``allow_rules``, solo cards and scenario
    rules) that bring its bot games nearer the objective (see the module docstring), with the
    search both games share (:func:`studio.balance.search.run_search`). The arguments are
    those of :func:`studio.balance.search.balance`; the proposals' ``board`` is a
    :class:`~studio.balance.island_edits.Draft`. Raises ValueError for bad numbers or bot
    names."""
    from studio.playtest.runner import resolve_bots

    check_numbers(budget, steps, candidates, top, verify_games)
    players = target.setup.players
    bots = resolve_bots(bots, players)
    weights = dict(weights) if weights is not None else default_weights(players)
    problem = _IslandProblem(target, weights, candidates, allow_rules, locks, seed)
    return run_search(problem, bots, budget, seed, steps, verify_games, top, jobs, executor, scheduler,
                      minutes, progress, stop)


__all__ = ["MULTI_WEIGHTS", "RIVAGES_PARTS", "RivagesObjective", "RivagesRecord", "RivagesScore", "RivagesTarget",
           "SHARED_PILE", "SOLO_WEIGHTS", "balance_rivages", "default_weights", "load_target",
           "parse_rivages_weights", "rivages_record"]
