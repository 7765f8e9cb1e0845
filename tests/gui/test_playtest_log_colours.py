"""The move log colours each line by the seat the engine wrote it about (never by its words)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.playtest.playtest_frame import readable_seat_colour  # noqa: E402
from studio.gui.playtest.playtest_window import PlaytestWindow  # noqa: E402
from studio.gui.shell import desktop  # noqa: E402
from studio.rules import load_game  # noqa: E402
from studio.rules.log import seat_of  # noqa: E402

pytestmark = pytest.mark.gui


def test_log_lines_take_their_seat_colour(qtbot):
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 2, 0)
    w = PlaytestWindow(game, seed=4, controllers=["greedy", "greedy"], delay_ms=0)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.gameOver, timeout=20000):
        w.show()
    log = w.state.log
    assert w.log_view.count() == len(log)
    for k, line in enumerate(log):
        seat = seat_of(line)
        want = desktop.qcolour("text") if seat is None else readable_seat_colour(seat)
        assert w.log_view.item(k).foreground().color() == want, line
    assert {seat_of(line) for line in log} == {0, 1, None}
