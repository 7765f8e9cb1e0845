"""On the bundled content, the report catches each case issue 14 lists (item 8), judged through
the real report code on recorded greedy-bot games (``tests/data/insight/bundled.json.gz``,
recorded by ``python tools/record_bundled_playtests.py``: 120 games per board and player count,
seed 1; playing them again here would take minutes). Each test says what the issue saw and
asserts the warning that names it, with what it blames.

Rerun the recording when a rule or the greedy bot changes games; a test that then fails says
which case the report no longer catches, or that the content no longer shows it."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from studio.playtest.insight import Expectations
from studio.playtest.runner import GameResult
from studio.playtest.stats import summarize, win_rate_margin

DATA = Path(__file__).parent / "data" / "insight" / "bundled.json.gz"
RECORDED = json.loads(gzip.decompress(DATA.read_bytes()))


def seat_results(row: str) -> list[GameResult]:
    """The recorded games of ``row`` (``name:players``) with their scores and winners only."""
    rec = RECORDED["seats"][row]
    n = len(rec["seat_names"])
    return [GameResult(seed=i, scores=tuple(scores), winners=tuple(winners), rounds=0, actions=0, end_reason="",
                       bands_used=(), seat_names=tuple(rec["seat_names"]), bots=("greedy",) * n)
            for i, (scores, winners) in enumerate(rec["games"])]


def detail(row: str):
    """The summary of the recorded full results of ``row``, judged against the scenario's
    expectations as recorded."""
    rec = RECORDED["detail"][row]
    e = rec["expect"]
    expect = Expectations(tuple(e["intended_ends"]), None if e["rounds"] is None else tuple(e["rounds"]),
                          e["score_floor"], e["source"])
    results = [GameResult.from_dict(d) for d in rec["results"]]
    return results, summarize(results, (), expect)


def findings(summary) -> dict:
    out: dict = {}
    for f in summary.insight.findings:
        out.setdefault(f.code, []).append(f)
    return out


def test_the_recording_covers_every_bundled_board():
    assert len(RECORDED["seats"]) == 24 and RECORDED["games"] == 120 and RECORDED["bots"] == "greedy"
    assert all(len(r["games"]) == 120 for r in RECORDED["seats"].values())


def test_uneven_seats_are_decided_by_one_joint_test():
    """Issue: 14 of the 24 boards had a seat outside fair share +/- the 95% margin, which on a
    4-player board flags an even board one time in six by chance. The report's uneven warning
    comes from the one chi-square test across the seats; the boards the per-seat margin flags
    but the joint test does not get no warning, and every warning names its seats and blames
    them."""
    per_seat, joint = set(), set()
    for row in RECORDED["seats"]:
        s = summarize(seat_results(row))
        margin = win_rate_margin(s.fair_share, s.games)
        if any(abs(x.win_rate - s.fair_share) > margin for x in s.seats):
            per_seat.add(row)
        warned = [b for b in s.blame if b.code == "uneven-seats"]
        assert bool(warned) == s.seat_test.uneven, row
        if warned:
            joint.add(row)
            assert warned[0].seats and set(warned[0].seats) <= set(range(s.players))
            assert set(s.seat_test.flagged) == set(warned[0].seats) or not s.seat_test.flagged
    assert joint                        # some boards are uneven, and the report says so
    assert per_seat - joint             # the per-seat margin cries wolf where the joint test does not
    print(f"per-seat margin flags {len(per_seat)} of 24, the joint test {len(joint)}: {sorted(joint)}")


@pytest.mark.parametrize("row", ["two-deities:3", "two-deities:4", "archipelago-city:3", "archipelago-city:4"])
def test_games_ending_by_every_band_used_with_forced_placements_are_named(row):
    """Issue: Two Deities and Archipelago City, 3 and 4 players, end because every player used
    all their bands, not at the target score: the deck and pool run dry and players place bands
    that gain nothing."""
    results, s = detail(row)
    c = findings(s)
    ended = [f for f in c.get("unintended-end", ()) if f.subject == "all-bands-used"]
    assert ended and "not as intended" in ended[0].message and s.insight.expectations["intended_ends"] == ["score"]
    assert "dry-deck" in c and s.insight.dry_wasted_per_game >= 10
    assert any(w == ended[0].message for w in s.warnings)


@pytest.mark.parametrize("row", ["labyrinth:2", "labyrinth:3"])
def test_labyrinth_score_collapse_and_forced_self_crossings_are_named(row):
    """Issue: Labyrinth 2p, median score 0, most seats on 0 after self-crossings at -5 forced
    once nothing else is legal; the 3-player report said the seats look even."""
    results, s = detail(row)
    c = findings(s)
    assert "score-collapse" in c and "forced-loss" in c and "forced-play" in c
    penalty = [f for f in c.get("heavy-penalty", ()) if f.mechanic == "self_cross_loss"]
    assert penalty and "with nothing else legal" in penalty[0].message and penalty[0].clause == "L8-6"
    forced = s.insight.measures and next(m for m in s.insight.measures if m.code == "self_crossings_forced")
    assert forced.overall.mean > 0
    assert "look even" not in " ".join(s.warnings)


def test_volcano_games_nobody_escapes_are_named():
    """Issue: on the Volcano nobody escapes in 5-8% of games, and no report named the rule."""
    seen = 0
    for row in ("volcano:2", "volcano:3", "volcano:4"):
        results, s = detail(row)
        nobody = sum(1 for r in results if not r.winners)
        named = findings(s).get("nobody-escapes", [])
        if nobody:
            seen += 1
            f = named[0]
            assert (f.games, f.of, f.clause, f.mechanic) == (nobody, len(results), "L2-4", "escaped")
            assert f.message in s.warnings and f"in {nobody} of {len(results)} games" in f.message
        else:
            assert not named
    assert seen  # the bundled Volcano still has games nobody wins


def test_fragile_ruins_shared_wins_and_rare_excavation_sites_are_named():
    """Issue: Fragile Ruins 3p, 28% shared wins; excavation sites closed in 4 of 20 games."""
    results, s = detail("fragile-ruins:3")
    c = findings(s)
    shared = c["shared-wins"][0]
    assert shared.games == sum(1 for r in results if len(r.winners) > 1) and shared.clause == "RTR-E3"
    sites = [f for f in c.get("mechanic-rare", []) + c.get("mechanic-unused", []) if f.mechanic == "sites"]
    assert sites and sites[0].clause == "L5-4" and "excavation sites" in sites[0].message
