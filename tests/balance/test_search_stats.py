"""The race's statistics on synthetic arms with known means (no games): successive halving
finds the best arm, every arm of a round plays the same seeds (common random numbers), the
budget holds, and a stop keeps the best so far."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from studio.balance.objective import GameRecord, Objective, paired_bootstrap
from studio.balance.search import schedule, successive_halving


@dataclass(frozen=True)
class Draw:
    seed: int
    value: float


def arms_with(means, crn: bool):
    """``play(arm, seeds)``: one 0/1 draw per seed with P(1) = means[arm]; with ``crn`` every arm
    uses the same uniform number per seed (common random numbers), else its own."""
    seen: dict = {a: [] for a in range(len(means))}

    def play(arm, seeds):
        seen[arm].extend(seeds)
        out = []
        for s in seeds:
            u = random.Random(s if crn else s * 1000 + arm).random()
            out.append(Draw(s, 1.0 if u < means[arm] else 0.0))
        return out

    def score(arm, records):  # lower is better: the share of ones
        return sum(r.value for r in records) / len(records)

    return play, score, seen


MEANS = [0.5, 0.45, 0.6, 0.3, 0.55, 0.5, 0.65, 0.48]   # arm 3 is best (lowest)


def test_finds_the_known_best_arm_with_common_random_numbers():
    play, score, seen = arms_with(MEANS, crn=True)
    race = successive_halving(list(range(8)), play, score, budget=400, seeds=list(range(10_000, 10_400)))
    assert race.best.arm == 3
    assert race.stopped is None
    # every arm that reached the last round played exactly the same seeds, in the same order
    finalists = [x.arm for x in race.ranking if x.out_round is None]
    assert len({tuple(seen[a]) for a in finalists}) == 1
    # arms out in round 0 played a prefix of the finalists' seeds
    for x in race.ranking:
        assert seen[x.arm] == seen[finalists[0]][:len(seen[x.arm])]
    assert race.games <= 400


def test_finds_the_best_arm_most_of_the_time_without_common_numbers():
    # independent noise: a gap of 0.15 over the runner-up is found in most of 30 races
    hits = 0
    for rep in range(30):
        play, score, _seen = arms_with(MEANS, crn=False)
        seeds = [rep * 100_000 + i for i in range(600)]
        hits += successive_halving(list(range(8)), play, score, budget=600, seeds=seeds).best.arm == 3
    assert hits >= 24


def test_protected_arm_stays_and_is_ranked():
    play, score, seen = arms_with([0.9, 0.2, 0.5, 0.8], crn=True)
    race = successive_halving([0, 1, 2, 3], play, score, budget=120, seeds=list(range(120)), protect=[0])
    arms = [x.arm for x in race.ranking]
    assert race.best.arm == 1
    assert 0 in arms and race.ranking[arms.index(0)].out_round is None   # never dropped
    assert len(seen[0]) == max(len(v) for v in seen.values())


def test_interrupt_keeps_the_best_so_far_on_common_seeds():
    play, score, _seen = arms_with(MEANS, crn=True)
    calls = {"n": 0}

    def flaky(arm, seeds):
        calls["n"] += 1
        if calls["n"] == 12:   # in the second round
            raise KeyboardInterrupt
        return play(arm, seeds)

    race = successive_halving(list(range(8)), flaky, score, budget=400, seeds=list(range(400)))
    assert race.stopped == "interrupted"
    assert race.rounds == 1
    assert race.best.arm == 3 and race.best.games == race.common


def test_schedule_halves_and_keeps_to_the_budget():
    plan = schedule(8, 240)
    assert [n for n, _ in plan] == [8, 4, 2]
    assert sum(n * g for n, g in plan) <= 240
    assert schedule(1, 50) == [(1, 50)]
    assert schedule(5, 300, extra=1)[0] == (5, 300 // 3 // 6)


def record(seed, credits, scores=(5, 5)):
    return GameRecord(seed, tuple(credits), tuple(scores), False, False, False, 0)


def test_objective_fair_part_is_the_rms_gap_from_fair_share():
    obj = Objective({"fair": 1.0})
    # seat 1 wins 3 of 4 games: rates 0.75 / 0.25 against 0.5 -> RMS 0.25
    recs = [record(i, (1, 0)) for i in range(3)] + [record(3, (0, 1))]
    s = obj.score(recs)
    assert s.parts["fair"] == pytest.approx(0.25)
    assert s.total == pytest.approx(0.25)
    assert s.gap() == pytest.approx(0.25)
    # a shared win counts half to each
    assert obj.score([record(0, (0.5, 0.5))]).parts["fair"] == 0.0


def test_paired_bootstrap_interval_holds_the_known_difference():
    obj = Objective({"fair": 1.0})
    rng = random.Random(4)
    a = [record(i, (1, 0) if rng.random() < 0.7 else (0, 1)) for i in range(300)]
    b = [record(r.seed, (0, 1) if r.credits[0] and i % 3 == 0 else r.credits) for i, r in enumerate(a)]
    diff, (lo, hi) = paired_bootstrap(obj, a, b, boot=300)
    assert diff == pytest.approx(obj.score(b).total - obj.score(a).total)
    assert lo <= diff <= hi and hi < 0   # b moved seat 1 toward fair: clearly better


def test_a_tie_with_the_protected_arm_keeps_it():
    def play(arm, seeds):
        return [Draw(x, 0.5) for x in seeds]

    race = successive_halving([0, 1, 2], play, lambda arm, recs: 0.5, budget=30, seeds=list(range(30)), protect=[0])
    assert race.best.arm == 0


def test_a_deadline_stops_the_race_with_what_was_played():
    import time

    play, score, seen = arms_with(MEANS, crn=True)
    done = {3: play(3, list(range(10)))}   # one arm's games already known
    race = successive_halving(list(range(8)), play, score, budget=400, seeds=list(range(400)),
                              protect=[3], played=done, deadline=time.monotonic() - 1)
    assert race.stopped == "deadline" and race.games == 0
    assert [x.arm for x in race.ranking] == [3]


def test_a_race_of_many_arms_plays_its_last_arms_on_to_the_final_games():
    # 40 arms on 200 games leave the last two on 31 common seeds; arm 5 leads there by luck (it
    # draws no ones on the first 40 seeds, then always ones); the protected arm 0 is steady at 0.5
    def play(arm, seeds):
        if arm == 5:
            return [Draw(s, 0.0 if s < 40 else 1.0) for s in seeds]
        return [Draw(s, 0.5 if arm == 0 else 0.6) for s in seeds]

    def score(arm, recs):
        return sum(r.value for r in recs) / len(recs)

    arms = list(range(40))
    short = successive_halving(arms, play, score, budget=200, seeds=list(range(400)), protect=[0])
    assert short.common == 31 and short.best.arm == 5          # ahead on too few seeds
    seen: dict = {}

    def counted(arm, seeds):
        seen.setdefault(arm, []).extend(seeds)
        return play(arm, seeds)

    long = successive_halving(arms, counted, score, budget=200, seeds=list(range(400)), protect=[0], final_games=100)
    assert long.common == 100 and long.stopped is None
    assert long.best.arm == 0 and long.best.games == 100      # on 100 seeds arm 5 scores 0.6, the reference 0.5
    finalists = [x.arm for x in long.ranking if x.out_round is None]
    assert 0 in finalists and 5 in finalists and len(finalists) == 3
    for a in finalists:                                        # each played exactly the first 100 seeds
        assert sorted(seen[a]) == list(range(100))
    # the extra round costs the finalists' missing seeds, no more
    assert long.games - short.games == 3 * (100 - 31)
    # enough common seeds already: nothing more is played
    again = successive_halving(arms, play, score, budget=200, seeds=list(range(400)), protect=[0],
                               final_games=short.common)
    assert again.games == short.games and again.common == short.common


def test_proposals_skip_arms_ahead_on_too_few_common_games():
    """The chain kept is proposed whatever its score; another raced arm only when it beat the
    original on at least the games a climb needs (a JT 2p search offered an arm ahead on 2
    games as its first proposal), never twice, never one without edits."""
    from types import SimpleNamespace

    from studio.balance.objective import GameRecord, Objective
    from studio.balance.search import proposal_picks

    def recs(wins_first: int, games: int) -> list:
        return [GameRecord(s, (1, 0) if s < wins_first else (0, 1), (10, 10), False, False, False, 0)
                for s in range(games)]

    obj = Objective(weights={"fair": 1.0})
    base = SimpleNamespace(key="base", edits=(), objective=obj)
    kept = SimpleNamespace(key="kept", edits=("e1",), objective=obj)
    lucky = SimpleNamespace(key="lucky", edits=("e2",), objective=obj)
    solid = SimpleNamespace(key="solid", edits=("e3",), objective=obj)
    worse = SimpleNamespace(key="worse", edits=("e4",), objective=obj)
    played = {"base": recs(80, 100),          # seat 1 wins 80%: unfair
              "kept": recs(90, 100),          # worse, but the chain is proposed anyway
              "lucky": recs(1, 2),            # even on 2 games only
              "solid": recs(52, 100),         # near even on 100 games
              "worse": recs(95, 100)}
    picks = proposal_picks([kept], [lucky, solid, worse, solid], played, base, top=5, min_games=50)
    assert [(c.key, n) for c, _m, _b, n in picks] == [("kept", 100), ("solid", 100)]
    c, mine, theirs, _n = picks[1]
    assert mine.total < theirs.total
    assert [c.key for c, *_ in proposal_picks([kept], [lucky, solid], played, base, top=5, min_games=2)] == \
        ["kept", "lucky", "solid"]
    assert [c.key for c, *_ in proposal_picks([kept], [solid], played, base, top=1, min_games=2)] == ["kept"]
    assert proposal_picks([base], [], played, base, top=3, min_games=2) == []   # no edits: not a proposal


def test_proposals_not_checked_on_fresh_games_come_best_in_the_search_first():
    # fresh-user trial: a run stopped before the check listed a kept board that did worse than
    # the original in the search (0.072 -> 0.168) first, the best (0.078 -> 0.038) last
    from types import SimpleNamespace

    from studio.balance.search import _proposal_order

    def proposal(base, score, change=None):
        return SimpleNamespace(score=SimpleNamespace(total=score), base_score=SimpleNamespace(total=base),
                               verified=None if change is None else SimpleNamespace(change=change))

    kept, other, best = proposal(0.072, 0.168), proposal(0.080, 0.070), proposal(0.078, 0.038)
    assert sorted([kept, other, best], key=_proposal_order) == [best, other, kept]
    checked = proposal(0.1, 0.2, change=0.01)      # checked ones first, by their change on fresh games
    better = proposal(0.1, 0.3, change=-0.02)
    assert sorted([kept, checked, best, better], key=_proposal_order) == [better, checked, best, kept]
