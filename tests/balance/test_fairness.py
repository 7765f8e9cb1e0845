"""The fairness bar of issue 15 (``studio.balance.fairness``) on synthetic batches with known
answers: win rates against the fair share and its tolerance, the fair share inside each seat's
95% interval, the intended end, seats' median scores, and solo challenge sets."""

from __future__ import annotations

import pytest

from studio.balance.fairness import fairness_check, solo_check
from studio.playtest import GameResult, summarize
from studio.playtest.insight import Expectations

EXPECT = Expectations(("score",), None, 0, "the test")


def game(seed, winners, scores=(10, 8), code="score", **kw):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=8, actions=40, end_reason="",
                      bands_used=(5,) * n, seat_names=tuple(f"S{i}" for i in range(n)), bots=("greedy",) * n,
                      end_code=code, **kw)


def batch(first_wins: int, games: int = 1000, **kw):
    return summarize([game(i, (0,) if i < first_wins else (1,), **kw) for i in range(games)], (), EXPECT)


def test_a_seat_just_within_the_tolerance_passes_and_just_outside_fails():
    inside = fairness_check(batch(540))          # 54.0% against 50%: 4.0 points
    assert inside.fair_share == 0.5
    assert [round(s.gap, 3) for s in inside.seats] == [0.04, -0.04]
    assert inside.seats_within and inside.passed()
    outside = fairness_check(batch(541))         # 54.1%: 4.1 points
    assert not outside.seats_within and not outside.passed()
    assert outside.largest_gap == pytest.approx(0.041)


def test_the_interval_check_uses_each_seats_wilson_interval():
    # 200 games at 56%: the 95% Wilson interval is 49.1%-62.7%, so it holds the fair share of 50%,
    # though the gap (6 points) is beyond the tolerance; at 58% (51.1%-64.6%) it does not
    wide = fairness_check(batch(112, games=200))
    assert wide.seats[0].ci_low == pytest.approx(0.4907, abs=1e-3)
    assert wide.seats_covered and not wide.seats_within
    assert wide.passed(interval=True) and not wide.passed()
    assert not fairness_check(batch(116, games=200)).seats_covered


def test_shared_wins_count_one_over_k_and_games_without_a_winner_lower_the_fair_share():
    games = [game(i, (0, 1)) for i in range(40)] + [game(40 + i, ()) for i in range(60)]
    check = fairness_check(summarize(games, (), EXPECT))
    assert check.fair_share == pytest.approx(0.2)          # 40 games with a winner of 100, over 2 seats
    assert [s.win_rate for s in check.seats] == [pytest.approx(0.2), pytest.approx(0.2)]
    assert check.seats_within


def test_the_intended_end_share_comes_from_the_playtests_end_classification():
    games = [game(i, (i % 2,), code="score" if i < 89 else "all-bands-used") for i in range(100)]
    check = fairness_check(summarize(games, (), EXPECT))
    assert check.intended_share == pytest.approx(0.89)
    assert not check.end_ok and not check.passed()
    games[89] = game(89, (1,))
    assert fairness_check(summarize(games, (), EXPECT)).end_ok


def test_a_seat_whose_median_score_is_0_fails_however_fair_the_wins():
    games = [game(i, (i % 2,), scores=(12, 0) if i % 3 else (12, 5)) for i in range(300)]
    check = fairness_check(summarize(games, (), EXPECT))
    assert [s.median for s in check.seats] == [12, 0]
    assert check.seats_within and not check.median_ok and not check.passed()


def test_a_single_seat_batch_is_refused():
    with pytest.raises(ValueError, match="two seats"):
        fairness_check(summarize([game(0, (0,), scores=(5,))], (), EXPECT))


def solo_game(seed, won, challenge):
    cid, name = challenge
    return GameResult(seed=seed, scores=(30 if won else 20,), winners=(0,) if won else (), rounds=8, actions=40,
                      end_reason="", bands_used=(), seat_names=("Solo",), bots=("greedy",), end_code="cards-removed", target=26,
                      challenges=((cid, name, "loot", 6, 6 if won else 2, won),))


def test_solo_challenge_sets_are_judged_against_the_range():
    games = [solo_game(i, i % 10 < 1, ("navigator", "Navigator")) for i in range(100)]        # 10%
    games += [solo_game(100 + i, i % 10 < 3, ("scholar", "Scholar")) for i in range(100)]     # 30%
    games += [solo_game(200 + i, i % 10 < 7, ("devotee", "Devotee")) for i in range(100)]     # 70%
    checks = {c.label: c for c in solo_check(summarize(games, (), EXPECT))}
    assert {k: (c.games, c.win_rate, c.ok) for k, c in checks.items()} == {
        "Navigator": (100, 0.1, False), "Scholar": (100, 0.3, True), "Devotee": (100, 0.7, False)}
    with pytest.raises(ValueError, match="solo"):
        solo_check(batch(50, games=10))
