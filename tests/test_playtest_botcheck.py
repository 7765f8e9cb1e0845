"""Bot failure, not a verdict on the board (studio.playtest.botcheck, issue 14 item 4): a seat
whose bot places one band and then only draws while content is within reach is counted, named
in a plain warning in the text, JSON and HTML reports, and told apart from a board that leaves
nothing to reach."""

from __future__ import annotations

from studio.bots.base import Bot
from studio.playtest import GameResult, play_game, summarize
from studio.playtest.botcheck import IDLE_TURNS, SeatActivity
from studio.playtest.report import format_summary, html_report
from studio.rules.realm import Draw, Place
from tests.rules.realm_helpers import game_on, seg, small_board


class OneBandThenDraws(Bot):
    """The stall of issue 14: one band, then only draws (a pass when nothing else is legal)."""

    name = "stall"

    def act(self, game, observation, legal_actions, rng):
        seat = observation["seat"]
        placed = self.placed.setdefault(seat, False)
        bands = [a for a in legal_actions if isinstance(a, Place)]
        if bands and not placed:
            self.placed[seat] = True
            return bands[0]
        draws = [a for a in legal_actions if isinstance(a, Draw)]
        return draws[0] if draws else rng.choice(legal_actions)

    def __init__(self):
        self.placed = {}


def stalled_game(contents):
    board = small_board(rows=5, columns=5, contents=contents)
    game = game_on(board, start="anywhere", connect=True)
    return play_game(game, [OneBandThenDraws(), OneBandThenDraws()], 7)


def test_a_bot_that_stops_playing_with_content_in_reach_idles_turn_after_turn():
    r = stalled_game({seg("d4", "e4", "e5"): (3, 0)})
    assert min(r.idle_turns) >= IDLE_TURNS
    assert r.to_dict()["idle_turns"] == list(r.idle_turns)
    assert GameResult.from_dict(r.to_dict()).idle_turns == r.idle_turns


def test_with_nothing_left_to_reach_the_same_play_is_no_bot_failure():
    r = stalled_game({})
    assert r.idle_turns == (0, 0)


def test_the_activity_counts_runs_of_idle_turns_and_resets_on_a_band():
    s = game_on(small_board(rows=5, columns=5, contents={seg("d4", "e4", "e5"): (3, 0)}), start="anywhere",
                connect=True).new_state()
    a = SeatActivity(2)
    for rnd in range(1, 6):  # four idle turns of seat 1, then a band
        a._turn, a._band_legal, a._placed = (0, rnd), True, rnd == 5
        a.finish(s)
    assert a.longest == [4, 0] and a.run == [0, 0]
    a._turn, a._band_legal, a._placed = (0, 6), True, False
    a.finish(None)  # not judged
    assert a.run == [0, 0]


def result(seed, idle, bots=("greedy", "greedy")):
    return GameResult(seed=seed, scores=(10, 8), winners=(0,), rounds=8, actions=40, end_reason="",
                      bands_used=(5, 5), seat_names=("South", "North"), bots=bots, end_code="score",
                      idle_turns=idle)


def test_a_seat_whose_bot_stops_playing_is_named_as_a_bot_failure_everywhere():
    games = [result(i, (0, 4) if i < 6 else (0, 1)) for i in range(10)]
    s = summarize(games)
    assert s.insight.bot_failures == [0, 6]
    (f,) = [f for f in s.insight.findings if f.code == "bot-failure"]
    assert (f.games, f.of, f.share, f.subject) == (6, 10, 0.6, "seat 2 (North)")
    assert f.message.startswith("seat 2 (North): its greedy bot stopped playing in 6 of 10 games (60%): for 3 turns "
                                "in a row or more (up to 4) it placed no band though bands were legal")
    assert "not a verdict on the board" in f.message and f.message in s.warnings
    text = format_summary(s)
    assert "bot stopped playing:    seat 2 in 6 of 10 games (60%)" in text
    assert s.to_dict()["insight"]["findings"][0]["code"] == "bot-failure"
    assert "bot-failure" in html_report(s, "t", {})


def test_no_warning_below_the_threshold_nor_for_results_without_the_figure():
    quiet = summarize([result(i, (2, 0)) for i in range(10)])
    assert quiet.insight.bot_failures == [0, 0] and not any(f.code == "bot-failure" for f in quiet.insight.findings)
    older = summarize([result(i, ()) for i in range(10)])  # reports written before the figure existed
    assert older.insight.bot_failures == []
    assert "bot stopped playing" not in format_summary(older)
