"""Every playtest warning says what to try (``Blame.advice``, ``Finding.advice``), blames the rule
it is about, and the seat attribution says when its sample is too small or its parts cancel.
Synthetic batches with known answers."""

from __future__ import annotations

import json
from dataclasses import replace

from studio.playtest import GameResult, summarize
from studio.playtest.insight import Expectations
from studio.playtest.report import attribution_lines, attribution_verdicts, format_summary, html_report
from studio.playtest.seats import Attribution, SeatEffect, SeatTest


def result(seed=0, scores=(10, 8), winners=(0,), rounds=8, code="score", **kw):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=40,
                      end_reason="engine text, never read", bands_used=(5,) * n,
                      seat_names=tuple(f"S{i}" for i in range(n)), bots=("greedy",) * n, end_code=code, **kw)


def blame_of(summary, code):
    return next(b for b in summary.blame if b.code == code)


DRY = dict(dry_round=9, dry_moves=(10, 8), dry_wasted=(9, 7), forced=(4, 2), forced_loss=(5, 0),
           decisions=60, offered=("draw:deck", "extra", "place:line"), used=("draw:deck", "place:line"))


def test_every_warning_has_advice_and_the_core_rule_it_is_about():
    games = [result(i, (12, 0), code="all-bands-used", rounds=20, **DRY) for i in range(8)] + \
        [result(8 + i, (12, 0), idle_rounds=3, decisions=40, offered=("extra",)) for i in range(2)]
    s = summarize(games, (), Expectations(("score",), (5, 12), 0, "the test", end_score=18))
    codes = [b.code for b in s.blame]
    for code in ("unintended-end", "dry-deck", "forced-play", "forced-loss", "score-collapse", "too-long",
                 "stalled", "unused-mechanic", "too-few-games"):
        assert code in codes, code
    assert all(b.advice for b in s.blame) and len(s.blame) == len(s.warnings)
    assert {b.code: b.clause for b in s.blame if b.code in ("unintended-end", "dry-deck", "forced-play", "too-long")} \
        == {"unintended-end": "RTR-E1", "dry-deck": "RTR-T3", "forced-play": "RTR-T1", "too-long": "RTR-E1"}
    # the finding carries the same advice, through JSON
    data = json.loads(json.dumps(s.to_dict()))
    found = {f["code"]: f["advice"] for f in data["insight"]["findings"]}
    assert found["dry-deck"] == blame_of(s, "dry-deck").advice
    assert "before round 9" in found["dry-deck"] and "smaller starting hand" in found["dry-deck"]
    # a seat's cost, not all seats': 5 points over 2 seats in 8 of 10 games
    forced = next(f for f in s.insight.findings if f.code == "forced-loss")
    assert forced.message.startswith("forced actions cost 2.0 points per seat and game")
    # the score never reached: the end looks unreachable, and the advice says to what to lower it
    end = blame_of(s, "unintended-end")
    assert "no seat ever reached the end score of 18 (highest 12), so the target looks unreachable" in \
        s.warnings[s.blame.index(end)]
    assert end.advice.startswith("lower the end score to about 12 or less")
    assert "seat 2" in blame_of(s, "score-collapse").advice
    # text and HTML print it after the warning
    text = format_summary(s)
    assert f"    try: {end.advice}" in text
    page = html_report(s, "t", {})
    assert '<span class="try"><b>try:</b> lower the end score to about 12 or less' in page


def test_a_reached_score_gives_no_unreachable_note():
    games = [result(i, (20, 8), code="all-bands-used") for i in range(6)]
    s = summarize(games, (), Expectations(("score",), None, 0, "t", end_score=18))
    i = [b.code for b in s.blame].index("unintended-end")
    assert "unreachable" not in s.warnings[i]
    assert s.blame[i].advice.startswith("lower the end score, add treasure")


def test_the_designers_round_limit_is_not_the_bots_stalling():
    games = [result(i, (5,), (0,), rounds=16, code="round-limit") for i in range(6)]
    own = summarize(games, (), Expectations(("cards-removed",), None, 0, "t", round_limit=16))
    text = " ".join(own.warnings)
    assert "bots stall" not in text
    assert "your round limit (rules.max_rounds = 16) ended the games before the rules did" in text
    assert "stopped at your round limit (rules.max_rounds = 16)" in text
    assert blame_of(own, "stalled").advice == "raise rules.max_rounds above 16 if games should run longer"
    safety = summarize(games, (), Expectations(("cards-removed",), None, 0, "t"))
    assert "the bots stall on this content" in " ".join(safety.warnings)


def test_expectations_read_the_end_score_and_a_lowered_round_limit():
    from studio.model.realm import RealmRules

    class Scenario:  # the parts of a Rule the Realm scenario Expectations reads
        boards = ()
        location = None
        playtest = None
        rules = RealmRules(end={"score": 500}, max_rounds=16)

    e = Expectations.of_scenario(Scenario())
    assert (e.end_score, e.round_limit) == (500, 16)
    Scenario.rules = RealmRules()
    e = Expectations.of_scenario(Scenario())
    assert (e.end_score, e.round_limit) == (18, None)  # the studio's own safety stop is not the designer's


def effect(seat, observed, obs_ci, turn, hands, hands_ci, order, order_ci):
    return SeatEffect(seat, f"S{seat}", observed, obs_ci, turn, (turn - 0.2, turn + 0.2), hands, hands_ci,
                      order, order_ci, 0.0, (-0.1, 0.1))


def uneven_summary(games=20):
    games_list = [result(i, (10, 2), (0,)) for i in range(games)]
    s = summarize(games_list, (), Expectations(("score",), None))
    test = SeatTest(20.0, 1, 0.0001, True, flagged=[0])
    return replace(s, seat_test=test)


def test_attribution_on_fewer_deals_says_its_sample_is_too_small():
    a = Attribution(6, 2, [effect(0, 0.0, (-0.33, 0.33), 0.0, 0.0, (-0.2, 0.2), 0.0, (-0.2, 0.2)),
                           effect(1, 0.0, (-0.33, 0.33), 0.0, 0.0, (-0.2, 0.2), 0.0, (-0.2, 0.2))], 7, 24)
    s = replace(uneven_summary(), attribution=a)
    assert attribution_verdicts(s) == [
        "the batch's 20 games find the seats uneven but this attribution, on 6 deals, sees no clear gap: its "
        "sample is too small to say where the gap comes from (n = 6); attribute more deals"]
    assert attribution_lines(s)[0].startswith("where the seats' gaps come from (the same 6 deals of the batch's "
                                              "20 games with the seats rotated")
    # as many deals as games: no "of the batch's" note
    full = replace(s, attribution=replace(a, deals=20))
    assert "of the batch's" not in attribution_lines(full)[0]


def test_turn_order_and_hand_size_that_cancel_are_said():
    a = Attribution(20, 2, [effect(0, 0.017, (-0.1, 0.13), 0.017, -0.2, (-0.3, -0.1), 0.217, (0.083, 0.333)),
                            effect(1, -0.017, (-0.13, 0.1), -0.017, 0.0, (-0.1, 0.1), -0.017, (-0.1, 0.07))], 7, 80)
    s = replace(uneven_summary(), attribution=a, seat_test=None)
    assert attribution_verdicts(s) == [
        "turn order alone favours seat 1 (S0) by +21.7 (+8.3 to +33.3) points, cancelled by hand size -20.0: "
        "its observed gap +1.7 spans 0, yet both parts matter"]


def test_uneven_seats_advice_points_at_the_attribution():
    games = [result(i, (10, 2), (0,)) for i in range(200)]
    s = summarize(games, (), Expectations(("score",), None))
    b = blame_of(s, "uneven-seats")
    assert "--attribute" in b.advice and "Seat attribution box" in b.advice
    assert b.advice.endswith("the start of seat 2, the seat that wins least")


def test_the_segments_a_losing_seat_reaches_least_are_blamed():
    from studio.playtest.stats import ElementStat, reached_least

    def seg(key, content, by_seat):
        return ElementStat(key, "segment", key, content, "b", sum(by_seat), 0.5, list(by_seat) + [0])

    elements = [seg("segment a", "2 energy", (6, 1, 5)), seg("segment b", "1 VP, 1 energy", (2, 0, 2)),
                seg("segment c", "3 VP", (5, 0, 5)), seg("segment d", "1 energy", (0, 3, 0)),
                seg("segment e", "", (9, 0, 9))]
    # seat 2 (index 1): a gap of 4.5, b 2, c 5 (no energy); d it takes most; e holds nothing
    assert reached_least(elements, 1, 3, "energy") == ("segment a", "segment b")
    assert reached_least(elements, 1, 3) == ("segment c", "segment a", "segment b")
    assert reached_least(elements, 0, 1) == ()


def test_uneven_seats_blame_the_content_the_losing_seat_reaches_least():
    from studio.playtest.stats import ElementStat

    games = [result(i, (10, 2), (0,)) for i in range(200)]
    s = summarize(games, (), Expectations(("score",), None))
    el = [ElementStat("segment x", "segment", "segment x", "2 VP", "b", 150, 0.75, [140, 10, 0]),
          ElementStat("segment y", "segment", "segment y", "1 VP", "b", 100, 0.5, [10, 90, 0])]
    from studio.playtest.stats import _with_warnings

    again = _with_warnings(replace(s, elements=el))
    b = blame_of(again, "uneven-seats")
    assert b.elements == ("segment x",)  # seat 2 wins least and takes x least


def test_a_sweep_point_warns_as_a_plain_run_of_the_same_games_does():
    from studio.content import bundled_path
    from studio.playtest.elements import catalogue
    from studio.playtest.setup import load_setup
    from studio.playtest.sweep import PointTally

    setup = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    cat = catalogue(setup.game(0))
    took = tuple((e.key, 0) for e in cat if e.kind == "segment" and e.content)[3:]  # three never taken
    games = [result(i, (10, 8), elements=took) for i in range(20)]
    point = PointTally(setup)
    for g in games:
        point.add(g)
    plain = summarize(games, cat, Expectations.of_scenario(setup.scenario, 2))
    swept = point.tally.summary()
    assert [b.code for b in swept.blame] == [b.code for b in plain.blame] and "never-taken" in [b.code for b in swept.blame]
    assert swept.warnings == plain.warnings
