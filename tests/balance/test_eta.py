"""The balance search's ETA (``_Counter``) on synthetic progress with a fake clock: held back
while start-up dominates, then games left over recent throughput, the checks after the search
counted and the search's part capped by --budget-minutes' deadline."""

from __future__ import annotations

import pytest

from studio.balance import cli as balance_cli
from studio.balance.search import Progress, _Counter, duration_text


class Clock:
    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def _counter(total, slow_total=0, **kw):
    clock = Clock()
    seen: list[Progress] = []
    return _Counter(total, seen.append, slow_total, clock=clock, **kw), clock, seen


def _play(counter, clock, at: float, slow: bool = False) -> None:
    clock.now = at
    counter.add(1, slow)


def test_start_up_is_not_a_games_time_and_the_eta_waits_for_enough_games():
    counter, clock, seen = _counter(1000, checks=200)   # 800 games of search, 200 of checks
    _play(counter, clock, 20.0)                 # 20 s of start-up before the first game ends
    for k in range(1, 8):
        _play(counter, clock, 20.0 + 0.5 * k)   # then a game every 0.5 s
    assert [p.eta for p in seen] == [None] * 8  # 7 games timed after the first: not enough yet
    _play(counter, clock, 24.0)                 # the 8th timed game, 4 s after the first
    assert seen[-1].done == 9 and seen[-1].eta == pytest.approx(991 * 0.5)
    assert seen[-1].elapsed == 24.0 and seen[-1].total == 1000


def test_few_games_over_too_short_a_time_give_no_eta():
    counter, clock, seen = _counter(100)
    for k in range(12):
        _play(counter, clock, 5.0 + 0.1 * k)    # 11 games in 1.1 s: under MIN_SECONDS
    assert seen[-1].eta is None
    _play(counter, clock, 8.0)                  # 3 s after the first game: 12 games in 3 s
    assert seen[-1].eta == pytest.approx((100 - 13) * 3.0 / 12)


def test_the_eta_follows_recent_throughput_not_the_average_since_the_start():
    counter, clock, seen = _counter(10_000)
    t = 10.0
    for _ in range(120):                        # a game a second for two minutes
        _play(counter, clock, t)
        t += 1.0
    assert seen[-1].eta == pytest.approx((10_000 - 120) * 1.0)
    for _ in range(40):                         # then the races slow down to a game every 4 s
        _play(counter, clock, t)
        t += 4.0
    # the last 60 s hold 15 games: 4 s a game, whatever came before
    assert seen[-1].eta == pytest.approx((10_000 - 160) * 4.0)


def test_a_pause_without_games_slows_the_estimate():
    counter, clock, seen = _counter(100)
    for k in range(11):
        _play(counter, clock, 1.0 + k)          # 10 games in 10 s after the first
    assert seen[-1].eta == pytest.approx(89.0)
    clock.now = 21.0                            # 10 s building the next race's candidates
    counter.tell()
    assert seen[-1].eta == pytest.approx(89 * 20 / 10)


def test_the_checks_count_and_the_deadline_caps_only_the_search():
    counter, clock, seen = _counter(100, checks=40, deadline=50.0)   # 60 games of search, 40 of checks
    for k in range(20):
        _play(counter, clock, 10.0 + k)         # first at 10 s, then 1 game/s: 20 done at 29 s
    # 40 search games left (but 21 s to the deadline) and 40 checks' games, at 1 s each
    assert seen[-1].eta == pytest.approx(21 + 40)
    counter.replan(30, 0)                       # the search ended: 30 verification games left
    counter.tell()
    assert seen[-1].total == 50 and seen[-1].eta == pytest.approx(30.0)
    counter_no_deadline, clock2, seen2 = _counter(100, checks=40)
    for k in range(20):
        _play(counter_no_deadline, clock2, 10.0 + k)
    assert seen2[-1].eta == pytest.approx(80.0)


def test_reference_games_are_timed_apart_and_needed_before_an_eta():
    counter, clock, seen = _counter(200, 30, slow_checks=20)
    t = 0.0
    for _ in range(10):                         # reference (MCTS) games first: 5 s each
        t += 5.0
        _play(counter, clock, t, slow=True)
    assert seen[-1].eta is None                 # search games to come, none timed yet
    for _ in range(20):                         # search games: 0.25 s each
        t += 0.25
        _play(counter, clock, t)
    fast_rate = 19 / (20 * 0.25 - 0.25)         # 19 games after the first, over 4.75 s
    slow_rate = 9 / (9 * 5.0)                   # 9 games after the first over its own 45 s: the
    # search games' 5 s since are theirs, not the reference kind's
    assert seen[-1].eta == pytest.approx((200 - 20) / fast_rate + (30 - 10) / slow_rate)


def test_a_kind_is_timed_by_its_own_games_not_the_other_kinds_between_them():
    """A reference-aware search turns from greedy races to blocks of MCTS games and back: each
    kind's rate is its own (a 4p search said 2 h 08 min left, then 49 min a minute later, as
    the MCTS games' window took in the greedy races' minutes)."""
    counter, clock, seen = _counter(10_000, 600)
    t = 0.0
    for _ in range(200):                        # MCTS games on the board: 3 s each
        t += 3.0
        _play(counter, clock, t, slow=True)
    for _ in range(3000):                       # a greedy race: 0.1 s a game, 300 s
        t += 0.1
        _play(counter, clock, t)
    t += 3.0
    _play(counter, clock, t, slow=True)         # the next MCTS block starts
    left = (10_000 - 3000) * 0.1 + (600 - 201) * 3.0
    assert seen[-1].eta == pytest.approx(left)
    clock.now = t + 30.0                        # a pause after an MCTS game is the MCTS kind's
    counter.tell()
    slow_left = (600 - 201) * (20 * 3.0 + 30.0) / 20   # its last 60 s window: 20 games, now over 90 s
    assert seen[-1].eta == pytest.approx((10_000 - 3000) * 0.1 + slow_left)


def test_the_command_line_and_the_editor_say_the_same_words(capsys, monkeypatch):
    assert Progress(10, 100, 3.0, None, "race 1").eta_text() == ""
    assert Progress(10, 100, 3.0, 250.4, "race 1").eta_text() == "about 4 min 10 s left"
    assert duration_text(42) == "42 s" and duration_text(7384) == "2 h 03 min"
    monkeypatch.setattr(balance_cli, "note", lambda text: print(text))
    bar = balance_cli._Bar()
    bar.bar.disable = True                      # not a terminal: a line per stage
    bar(Progress(10, 100, 3.0, None, "race 1"))
    bar(Progress(30, 100, 9.0, 250.4, "race 2"))
    bar.close()
    assert capsys.readouterr().out.splitlines() == [
        "studio balance: race 1 (10 of 100 games)",
        "studio balance: race 2 (30 of 100 games, about 4 min 10 s left)"]
