"""Batch statistics on synthetic results with known answers: Wilson intervals, balance,
first-seat advantage, margins, decisiveness, per-element counts and the warnings."""

from __future__ import annotations

import math

import pytest

from studio.playtest import GameResult, Tally, play_game, summarize, wilson
from studio.playtest.elements import Element
from studio.playtest.stats import Distribution, win_rate_margin


def result(seed=0, scores=(10, 8), winners=(0,), rounds=5, actions=40, end="a player reached 18 VP",
           bands=(5, 5), bots=None, elements=(), decided=None, changes=0, stats=(), code=""):
    n = len(scores)
    return GameResult(seed=seed, scores=tuple(scores), winners=tuple(winners), rounds=rounds, actions=actions,
                      end_reason=end, bands_used=tuple(bands), seat_names=tuple(f"S{i}" for i in range(n)),
                      bots=tuple(bots or ("greedy",) * n), elements=tuple(elements), decided_at=decided,
                      lead_changes=changes, seat_stats=tuple(stats), end_code=code)


# -- intervals ----------------------------------------------------------------------------------

def test_wilson_interval_known_values():
    low, high = wilson(8, 10)                       # the textbook example: 8 of 10
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)                     # symmetric around one half
    assert 0.5 - low == pytest.approx(high - 0.5) and low == pytest.approx(0.4038, abs=1e-4)
    low, high = wilson(2.5, 5)                      # shared wins count as fractions
    assert low < 0.5 < high


def test_win_rate_margin_is_the_normal_half_width():
    assert win_rate_margin(0.5, 100) == pytest.approx(0.098, abs=1e-3)
    assert math.isnan(win_rate_margin(0.5, 0))


def test_distribution_of_counts():
    d = Distribution.of(__import__("collections").Counter({1: 1, 2: 2, 6: 1}))
    assert (d.count, d.mean, d.min, d.max, d.median) == (4, 2.75, 1, 6, 2)
    assert d.sd == pytest.approx(math.sqrt(((1 - 2.75) ** 2 + 2 * (2 - 2.75) ** 2 + (6 - 2.75) ** 2) / 3))
    assert d.histogram == [[1, 1], [2, 2], [6, 1]]
    assert Distribution.of(__import__("collections").Counter({3: 2, 5: 2})).median == 4


# -- seats, balance, margins --------------------------------------------------------------------

def test_balance_first_seat_and_intervals():
    results = [result(i, (10, 8), (0,)) for i in range(6)] + [result(6 + i, (8, 10), (1,)) for i in range(4)]
    s = summarize(results)
    assert [x.win_rate for x in s.seats] == [0.6, 0.4]
    assert s.balance == pytest.approx(0.8)
    assert s.fair_share == 0.5
    assert s.first_seat_advantage == pytest.approx(0.1)
    low, high = wilson(6, 10)
    assert (s.seats[0].ci_low, s.seats[0].ci_high) == (low, high)
    assert s.first_seat_ci == pytest.approx((low - 0.5, high - 0.5))
    three = summarize([result(0, (3, 1, 1), (0,), bands=(1, 1, 1))] * 5 + [result(1, (1, 3, 1), (1,), bands=(1, 1, 1))] * 3
                      + [result(2, (1, 1, 3), (2,), bands=(1, 1, 1))] * 2)
    assert three.balance == pytest.approx(0.7)               # 50% vs 20%
    assert three.first_seat_advantage == pytest.approx(0.5 - 1 / 3)


def test_margins_ties_and_games_without_a_winner():
    results = [
        result(0, (18, 12), (0,)),            # margin 6
        result(1, (15, 18), (1,)),            # margin 3
        result(2, (14, 14), (0, 1)),          # shared: margin 0
        result(3, (9, 7), ()),                # nobody won (Volcano): no margin
    ]
    s = summarize(results)
    assert s.margin.histogram == [[0, 1], [3, 1], [6, 1]]
    assert s.margin.mean == 3.0 and s.margin.median == 3
    assert s.shared_wins == 1 and s.no_winner == 1
    assert [x.wins for x in s.seats] == [1.5, 1.5]
    assert s.fair_share == pytest.approx(3 / 4 / 2)            # three games of four had a winner


def test_decisiveness_and_lead_changes():
    results = [result(0, decided=0.25, changes=1), result(1, decided=0.95, changes=3),
               result(2, decided=1.0, changes=2), result(3, winners=(), decided=None)]
    s = summarize(results)
    assert s.decided_at_mean == pytest.approx((0.25 + 0.95 + 1.0) / 3)
    assert s.late_decisions == pytest.approx(2 / 3)
    assert s.lead_changes_mean == pytest.approx(6 / 4)


def test_seat_stats_and_games_without_bands():
    stats = ((("scrolls", 20), ("islands", 3)), (("scrolls", 24), ("islands", 4)))
    s = summarize([result(0, (20, 24), (1,), bands=(), stats=stats), result(1, (30, 20), (0,), bands=(), stats=stats)])
    assert s.seats[0].bands_mean is None
    assert s.seats[0].stats == {"scrolls": 20.0, "islands": 3.0}
    assert s.seats[1].stats == {"scrolls": 24.0, "islands": 4.0}
    assert s.to_dict()["seats"][0]["bands_mean"] is None        # JSON has no NaN


def test_tally_adds_up_like_summarize():
    results = [result(i, (10 + i % 3, 9), (0,) if i % 3 else (1,), rounds=4 + i % 2) for i in range(9)]
    tally = Tally()
    for r in results:
        tally.add(r)
    assert tally.summary() == summarize(results)
    with pytest.raises(ValueError, match="same number of players"):
        tally.add(result(0, (1, 2, 3), (2,), bands=(1, 1, 1)))
    with pytest.raises(ValueError, match="no game"):
        Tally().summary()


# -- elements -----------------------------------------------------------------------------------

CATALOGUE = [
    Element("segment a-b-c", "segment", "segment a-b-c", "2 VP"),
    Element("segment b-c-d", "segment", "segment b-c-d", "1 energy"),
    Element("segment c-d-e", "segment", "segment c-d-e", ""),
    Element("bridge a-e", "bridge", "bridge a-e", "2 energy"),
    Element("picture heron", "picture", "picture heron", "4 segments"),
]


def test_per_element_counts_by_seat():
    results = [
        result(0, elements=[("segment a-b-c", 0), ("segment c-d-e", 1), ("picture heron", -1)]),
        result(1, elements=[("segment a-b-c", 1), ("segment c-d-e", 1)]),
        result(2, elements=[("segment a-b-c", 0), ("segment a-b-c", 0)]),   # a key twice counts once
        result(3, elements=[]),
    ]
    s = summarize(results, CATALOGUE)
    by_key = {e.key: e for e in s.elements}
    assert [e.key for e in s.elements] == [e.key for e in CATALOGUE]          # catalogue order
    assert (by_key["segment a-b-c"].taken, by_key["segment a-b-c"].by_seat) == (3, [2, 1, 0])
    assert by_key["segment a-b-c"].rate == 0.75
    assert by_key["segment c-d-e"].by_seat == [0, 2, 0]
    assert by_key["picture heron"].by_seat == [0, 0, 1]                       # no single seat
    assert by_key["segment b-c-d"].taken == 0 and by_key["bridge a-e"].taken == 0
    assert by_key["segment b-c-d"].content == "1 energy"
    unknown = summarize([result(0, elements=[("line x-y", 0)])], CATALOGUE)
    assert unknown.elements[-1].key == "line x-y" and unknown.elements[-1].kind == "line"


def test_content_never_taken_is_a_warning():
    results = [result(i, elements=[("segment a-b-c", 0)]) if i % 2 else result(i, (8, 10), (1,), elements=[])
               for i in range(20)]
    s = summarize(results, CATALOGUE)
    texts = "\n".join(s.warnings)
    assert "1 of 2 segments with content never taken in 20 games: segment b-c-d (1 energy)" in texts
    assert "1 of 1 bridges never taken in 20 games: bridge a-e (2 energy)" in texts
    assert "1 of 1 pictures never completed in 20 games: picture heron" in texts
    assert "c-d-e" not in texts                    # a plain segment is not content
    few = summarize(results[:10], CATALOGUE)
    assert not any("never" in w for w in few.warnings)   # 10 games say little
    # the text report's content lines count the same content, in the same words
    from studio.playtest.report import content_lines

    lines = "\n".join(content_lines(s))
    assert "segments with content: 2, 1 never taken" in lines
    assert "bridges: 1, 1 never taken" in lines and "pictures: 1, 1 never completed" in lines
    assert "segment c-d-e" not in lines


# -- warnings -----------------------------------------------------------------------------------

def test_seat_imbalance_warning_in_plain_words():
    results = [result(i, (10, 8), (0,)) for i in range(70)] + [result(70 + i, (8, 10), (1,)) for i in range(30)]
    s = summarize(results)
    # chi-square (70 - 50)^2 / 50 * 2 = 16 on 1 degree of freedom: p = 6.3e-5
    assert s.seat_test.chi2 == pytest.approx(16.0) and s.seat_test.p == pytest.approx(6.334e-5, rel=1e-3)
    assert s.seat_test.flagged == [0, 1]
    assert ("the seats are uneven in 2-player games (chi-square 16.0 on 1 degree of freedom, p < 0.001): seat 1 "
            "(S0) wins 70%, expected 50% +/- 10% (Holm-adjusted p < 0.001); seat 2 (S1) wins 30%, expected 50% "
            "+/- 10% (Holm-adjusted p < 0.001)") in s.warnings
    even = summarize([result(i, (10, 8), (i % 2,)) for i in range(100)])
    assert not even.warnings


def test_four_player_expected_share():
    games = [result(i, (9, 1, 1, 1), (0,), bands=(1,) * 4) for i in range(41)]
    games += [result(41 + i, (1, 9, 1, 1), (1 + i % 3,), bands=(1,) * 4) for i in range(59)]
    s = summarize(games)
    # wins 41, 20, 20, 19 against 25 each: chi-square (256 + 25 + 25 + 36) / 25 = 13.68 on 3 df; seat 1:
    # z = 16 / sqrt(100 * 0.25 * 0.75) = 3.70, p = 0.00022, times 4 (Holm, smallest first) = 0.00088
    assert s.seat_test.chi2 == pytest.approx(13.68) and s.seat_test.p == pytest.approx(0.003377, rel=1e-3)
    assert s.seat_test.flagged == [0]
    assert any(w.startswith("the seats are uneven in 4-player games (chi-square 13.7 on 3 degrees of freedom, "
                            "p = 0.003): seat 1 (S0) wins 41%, expected 25% +/- 8% (Holm-adjusted p < 0.001)")
               for w in s.warnings), s.warnings


def test_other_warnings():
    stalled = [result(i, end="round limit (100) reached", code="round-limit") for i in range(3)]
    stalled += [result(3 + i, winners=()) for i in range(2)]
    stalled += [result(10 + i, (5, 5), (0, 1)) for i in range(5)]
    s = summarize(stalled)
    texts = "\n".join(s.warnings)
    assert "3 of 10 games (30%) stalled: stopped at the safety round limit" in texts
    assert "2 of 10 games (20%) had no winner" in texts
    assert "50% of games end in a shared win" in texts
    mixed = summarize([result(0, bots=("mcts", "greedy"))])
    assert "seat 1 mcts, seat 2 greedy" in mixed.warnings[0] and not mixed.same_bots
    early = summarize([result(i, (10, 8), (i % 2,), decided=0.1) for i in range(10)])
    assert any("leads for good early: on average after 10% of the actions" in w for w in early.warnings)


# -- lead tracking in play_game -----------------------------------------------------------------

class ScriptedGame:
    """A game whose scores follow a script, one step per action."""

    players = 2
    seat_names = ["A", "B"]

    def __init__(self, script, winners):
        self.script = script
        self.final_winners = winners

    def new_state(self, seed):
        return ScriptedState(self, seed)


class ScriptedState:
    def __init__(self, game, seed):
        self.game = game
        self.seed = seed
        self.history = []
        self.round = 1
        self.players = 2
        self.end_reason = None

    def is_terminal(self):
        return len(self.history) == len(self.game.script)

    @property
    def current_player(self):
        return len(self.history) % 2

    def observation(self, seat):
        return {"seat": seat, "players": 2}

    def legal_actions(self):
        return ["go"]

    def apply(self, action):
        self.history.append(action)
        if self.is_terminal():
            self.end_reason = "script over"

    def scores(self):
        return list(self.game.script[len(self.history) - 1]) if self.history else [0, 0]

    def winners(self):
        return list(self.game.final_winners)


@pytest.mark.parametrize("script, winners, decided, changes", [
    ([(1, 0), (1, 2), (3, 2), (3, 3), (5, 3)], [0], 1.0, 2),    # the lead for good only at the end
    ([(1, 0), (2, 0), (2, 1), (4, 1)], [0], 0.25, 0),           # led from the first action on
    ([(0, 1), (2, 1), (2, 3), (4, 3), (5, 3), (6, 3)], [0], 4 / 6, 3),
    ([(1, 0), (1, 1)], [1], 1.0, 0),                              # a tie-break winner: decided at the end
    ([(1, 0), (1, 2)], [], None, 1),                              # nobody won
])
def test_play_game_tracks_the_lead(script, winners, decided, changes):
    from studio.bots import make_bot

    r = play_game(ScriptedGame(script, winners), [make_bot("random"), make_bot("random")], 0)
    assert r.decided_at == (pytest.approx(decided) if decided is not None else None)
    assert r.lead_changes == changes
    assert r.elements == () and r.bands_used == ()


def test_too_few_games_to_judge_balance_is_said_plainly():
    # QA: 12 games at 50 / 8.3 / 41.7% were reported as "the seats look even"
    from studio.playtest.report import format_summary, html_report
    from studio.playtest.stats import all_clear, games_to_judge_balance

    winners = [0] * 6 + [1] + [2] * 5
    s = summarize([result(i, (9, 8, 7), (w,), bands=(5,) * 3) for i, w in enumerate(winners)])
    assert [round(100 * x.win_rate, 1) for x in s.seats] == [50.0, 8.3, 41.7]
    assert s.warnings[0] == ("12 games are too few to judge balance: the win rates' 95% intervals span ±27 "
                             "points; run at least 90 games to tell a 10-point edge from chance")
    assert s.warnings[0] in format_summary(s) and "too few to judge balance" in html_report(s, "t", {})
    # 6 two-player games at 83 / 17%: the ±40-point margin hides a 33-point gap
    two = summarize([result(i, (10, 8), (0 if i else 1,)) for i in range(6)])
    assert two.warnings == ["6 games are too few to judge balance: the win rates' 95% intervals span ±40 "
                            "points; run at least 100 games to tell a 10-point edge from chance"]
    assert games_to_judge_balance(0.5) == 100 and games_to_judge_balance(0.25) == 80
    assert games_to_judge_balance(0.0) == 0
    # enough even games: no warning, and the all-clear says what was checked
    even = summarize([result(i, (10, 8), (i % 2,)) for i in range(100)])
    assert even.warnings == [] and all_clear(even) == ("No warning: the seats look even and every piece of "
                                                        "content was taken.")
    assert format_summary(even).endswith(all_clear(even))
    assert all_clear(even) in html_report(even, "t", {})
    # different bots per seat: the seats are not compared, so neither is the number of games
    mixed = summarize([result(i, bots=("mcts", "greedy")) for i in range(6)])
    assert not any("too few" in w for w in mixed.warnings)
