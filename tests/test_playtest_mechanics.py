"""Location mechanics over a batch (studio.playtest.mechanics) and the arc of a game
(studio.playtest.arc), on synthetic results and score traces with known answers (issue 14,
items 2 and 5)."""

from __future__ import annotations

import math

import pytest

from studio.content import bundled_path
from studio.playtest import GameResult, arc, play_game, summarize
from studio.playtest.insight import Expectations
from studio.playtest.mechanics import MeasureTally
from studio.playtest.report import format_summary, html_report
from studio.playtest.runner import game_seed
from studio.playtest.setup import load_setup
from studio.playtest.stats import wilson

ROUNDS = Expectations(("rounds",), (6, 6), 0, "the test")


def volcano(seed, escaped, winners=None, energy=(8, 8, 8)):
    n = len(escaped)
    mech = tuple({"escaped": e, "escape_energy": energy[s], "escape_failed_energy": [] if e else [energy[s]]}
                 for s, e in enumerate(escaped))
    won = tuple(s for s, e in enumerate(escaped) if e)[:1] if winners is None else winners
    return GameResult(seed=seed, scores=(5,) * n, winners=won, rounds=6, actions=50, end_reason="x",
                      bands_used=(6,) * n, seat_names=("A", "B", "C")[:n], bots=("greedy",) * n, end_code="rounds",
                      mechanics=mech)


def codes(s):
    return {f.code: f for f in s.insight.findings}


# -- location findings on synthetic results -------------------------------------------------------

def test_nobody_escaping_the_volcano_is_named_with_its_share_and_clause():
    games = [volcano(i, (1, 1, 0)) for i in range(19)] + [volcano(19, (0, 0, 0), energy=(4, 5, 6))]
    s = summarize(games, (), ROUNDS)
    f = codes(s)["nobody-escapes"]
    assert (f.games, f.of, f.share, f.mechanic, f.clause) == (1, 20, 0.05, "escape_failed_energy", "L2-4")
    assert f.message.startswith("nobody escaped the volcano in 1 of 20 games (5%): every seat ended short of the "
                                "energy the escape needs (L2-4), so the game had no winner")
    assert "held 7.6 energy on average" in f.message          # (19 x 8 (seat 3) + 4 + 5 + 6) / 22
    assert f.message in s.warnings
    assert not any("had no winner: every seat lost" in w for w in s.warnings)   # named once, by the mechanic
    # seat 3 fails in 20 of 20 games, the others in 1: 22 of 60 seat-games
    g = codes(s)["escape-fails"]
    assert (g.games, g.of) == (22, 60) and "seat 3 (C) in 100%" in g.message and "seat 1" not in g.message
    # the escape share per seat and its Wilson interval
    esc = next(m for m in s.insight.measures if m.code == "escaped")
    assert esc.seats[0].mean == pytest.approx(19 / 20) and esc.seats[2].mean == 0.0
    assert (esc.seats[0].low, esc.seats[0].high) == pytest.approx(wilson(19, 20))
    assert esc.games_used == 19


def test_a_volcano_where_everyone_escapes_raises_nothing():
    s = summarize([volcano(i, (1, 1, 1)) for i in range(20)], (), ROUNDS)
    assert not {"nobody-escapes", "escape-fails"} & set(codes(s))


def sites(seed, counts):
    mech = tuple({"sites": k, "site_size": [5] * k, "site_points": 5 * k, "small_closures": 0} for k in counts)
    return GameResult(seed=seed, scores=(5, 5, 5), winners=(0,), rounds=6, actions=50, end_reason="x",
                      bands_used=(6,) * 3, seat_names=("A", "B", "C"), bots=("greedy",) * 3, end_code="rounds",
                      mechanics=mech)


def test_a_mechanic_rarely_or_never_in_play_is_named():
    rare = summarize([sites(i, (1, 0, 0)) for i in range(4)] + [sites(4 + i, (0, 0, 0)) for i in range(16)], (), ROUNDS)
    f = codes(rare)["mechanic-rare"]
    assert (f.games, f.of, f.share, f.mechanic, f.clause) == (4, 20, 0.2, "sites", "L5-4")
    assert f.message == ("excavation sites (L5-4): a seat closed an excavation site in only 4 of 20 games (20%); the "
                         "location's own rule rarely comes into play")
    size = next(m for m in rare.insight.measures if m.code == "site_size")
    assert (size.overall.mean, size.overall.n) == (5.0, 4)
    never = summarize([sites(i, (0, 0, 0)) for i in range(10)], (), ROUNDS)
    assert codes(never)["mechanic-unused"].message.startswith("excavation sites (L5-4): no seat ever closed an "
                                                              "excavation site in 10 games")
    common = summarize([sites(i, (1, 0, 0)) for i in range(10)], (), ROUNDS)
    assert not {"mechanic-rare", "mechanic-unused"} & set(codes(common))


def test_count_intervals_are_normal_intervals_of_the_mean():
    t = MeasureTally()
    for k in (0, 2, 4, 6):      # one seat: mean 3, sample sd sqrt(20/3)
        t.add(({"sites": k},))
    m = t.stats()[0].seats[0]
    half = 1.959963984540054 * math.sqrt(20 / 3 / 4)
    assert (m.mean, m.low, m.high, m.n) == pytest.approx((3.0, 3 - half, 3 + half, 4))


def test_a_heavy_penalty_names_the_forced_share():
    mech = ({"self_crossings": 4, "self_crossings_forced": 3, "self_cross_loss": 12, "artifacts": 1, "artifact_sets": 0},
            {"self_crossings": 0, "self_crossings_forced": 0, "self_cross_loss": 0, "artifacts": 1, "artifact_sets": 0})
    games = [GameResult(seed=i, scores=(0, 5), winners=(1,), rounds=9, actions=50, end_reason="x", bands_used=(18, 18),
                        seat_names=("A", "B"), bots=("greedy",) * 2, end_code="bands-exhausted", mechanics=mech)
             for i in range(10)]
    f = codes(summarize(games, (), Expectations(("bands-exhausted",), (9, 20))))["heavy-penalty"]
    assert f.mechanic == "self_cross_loss" and f.clause == "L8-6"
    assert f.message.startswith("the self-crossing penalty (L8-6) costs 6.0 VP per seat and game (2.0 self-crossings "
                                "per seat and game, 75% of them with nothing else legal), in 10 of 10 games (100%)")


def test_results_keep_mechanics_and_arc_through_json():
    r = volcano(3, (1, 0, 1))
    r2 = GameResult.from_dict(r.to_dict())
    assert r2.mechanics == r.mechanics and r2.drama is None
    s = summarize([r] * 6, (), ROUNDS)
    assert "location mechanics" in format_summary(s)
    page = html_report(s, "t", {})
    assert 'id="mechanic-escape_failed_energy"' in page and 'href="#mechanic-escape_failed_energy"' in page


# -- the arc on synthetic traces ------------------------------------------------------------------

def test_lead_changes_and_when_the_winner_was_decided():
    trace = [(0, 0), (1, 0), (1, 2), (3, 2), (3, 3), (3, 4)]     # leaders: -, 0, 1, 0, tie, 1
    assert arc.lead_changes(trace) == 3
    assert arc.decided_at(trace, [1]) == 1.0                     # took the lead for good at the last action
    assert arc.decided_at([(0, 0), (0, 1), (0, 2), (1, 3)], [1]) == 0.5
    assert arc.decided_at([(1, 0), (1, 1)], [0]) == 1.0          # a tie at the end: decided by the tie-break
    assert arc.decided_at([(1, 0)], []) is None
    assert arc.lead_changes([(1, 0), (1, 1), (2, 1)]) == 0      # the lead lost to a tie and won back


def test_drama_and_trailing_on_scores():
    trace = [(2, 0), (2, 1), (1, 3)]                            # the winner (seat 1) behind by 2, then 1
    assert arc.trailing(trace, [1]) == pytest.approx(2 / 3)
    assert arc.drama(trace, [1]) == pytest.approx(1.5 / 3)      # as a share of its final 3 points
    assert arc.drama([(0, 1), (0, 2)], [1]) == 0.0              # never behind
    assert arc.drama([(1, 1)], [0, 1]) == 0.0 and arc.drama([], [0]) is None


def test_stability_and_clarity_on_known_values():
    assert arc.stability([(0.5, 0.5), (1.0, 0.0)]) == pytest.approx(0.0625)
    assert arc.stability([(0.5, 0.5)]) is None
    narrow, spread = arc.clarity([[1, 0, 0, 0]])
    assert (narrow, spread) == pytest.approx((0.25, 0.1875))
    assert arc.clarity([[0.5, 0.5], [1.0]]) == (1.0, 0.0)        # equal moves: all close to the best
    assert arc.clarity([[1.0]]) is None


def test_valuing_positions_changes_no_game():
    setup = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    game = setup.game()
    from studio.bots import make_bot

    bots = [make_bot("greedy")] * 2
    plain = play_game(game, bots, game_seed(3, 0))
    valued = play_game(game, bots, game_seed(3, 0), evaluate=3)
    assert plain.scores == valued.scores and plain.actions == valued.actions and plain.arc == valued.arc
    assert plain.evaluated is None and valued.evaluated["positions"] == 3
    assert 0 <= valued.evaluated["narrowness"] <= 1 and valued.evaluated["stability"] >= 0
    assert plain.mechanics[0].keys() == {"far_edge", "far_edge_round", "far_edge_bonus"}
    s = summarize([valued, plain], (), None)
    assert s.insight.evaluated["games"] == 1 and s.insight.evaluated["positions"] == 3


def test_shared_wins_say_whether_the_tie_break_separated_the_seats():
    def game(seed, scores, winners):
        return GameResult(seed=seed, scores=scores, winners=winners, rounds=6, actions=50, end_reason="x",
                          bands_used=(6, 6), seat_names=("A", "B"), bots=("greedy",) * 2, end_code="rounds")

    games = ([game(i, (5, 5), (0, 1)) for i in range(3)] + [game(3, (5, 5), (1,))]
             + [game(4 + i, (9, 4), (0,)) for i in range(6)])
    s = summarize(games, (), ROUNDS)
    f = codes(s)["shared-wins"]
    assert (f.games, f.of, f.clause) == (3, 10, "RTR-E3")
    # winning scores: 4 games at 5 and 6 at 9: mean 7.4
    assert f.message.startswith("30% of games end in a shared win (3 of 10): the top score was tied in 4 of 10 games "
                                "and the tie-break (fewest bands used, RTR-E3) settled only 1 of them, the tied seats "
                                "having used as many bands; winning scores average 7.4 points")
    assert sum("shared win" in w for w in s.warnings) == 1


def test_a_count_interval_never_goes_below_zero():
    t = MeasureTally()
    for k in (0, 0, 0, 2):
        t.add(({"effects_lost": k},))
    m = t.stats()[0].overall
    assert m.mean == 0.5 and m.low == 0.0 and m.high > 0.5


def test_every_location_finding_names_a_measure_of_its_own_clause():
    """The reports link a finding's clause to its measure's row: both must be the same rule (the
    volcano's failed escapes, L2-4, once linked to the escape share row of L2-3)."""
    from studio.playtest.mechanics import LOCATION_CODES, MEASURES, location_findings

    def seat(k):
        out = {}
        for code, m in MEASURES.items():
            if m.kind == "each":
                out[code] = [4] if code == "escape_failed_energy" else []
            elif m.penalty:
                out[code] = 10
            else:
                out[code] = 3 if code == "loot_drawn" else 0
        return out

    def tally(games):
        t = MeasureTally()
        for g in games:
            t.add(tuple(seat(k) for k in range(2)) if g else tuple({**seat(k), "sites": 1} for k in range(2)))
        return t.stats()

    found = location_findings(tally([True] * 10), 10, ("A", "B"), no_winner=10)
    found += location_findings(tally([False] + [True] * 9), 10, ("A", "B"), no_winner=10)   # sites rare
    assert set(LOCATION_CODES) <= {f.code for f in found}
    for f in found:
        assert f.mechanic in MEASURES, f.code
        assert MEASURES[f.mechanic].clause == f.clause, (f.code, f.mechanic, f.clause)
