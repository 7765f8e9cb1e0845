"""The heat map's legend never hides the board the user asked to see whole: after *Fit* (the
view fitted to the board, so every corner of the view covers some of it) the board is framed
beside the legend (docs/balance-blame.png had the legend over pegs a1 and a2)."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from tests.gui.test_balance_trial import _blamed_run  # noqa: E402

pytestmark = pytest.mark.gui


def _covered(window, legend):
    board = window.view.mapFromScene(window.scene.board_rect()).boundingRect()
    return legend.geometry().intersected(board)


@pytest.mark.parametrize("size", [(1500, 940), (1100, 800)])
def test_fit_frames_the_board_beside_the_legend(qtbot, window, size):
    balance, _d = _blamed_run(qtbot, window)
    window.resize(*size)
    qtbot.wait(20)
    view, legend = window.view, balance.legend
    view.fit()
    assert not _covered(window, legend).isEmpty()   # fitted: the legend lies over the board...
    qtbot.waitUntil(lambda: _covered(window, legend).isEmpty(), timeout=2000)   # ...until it is framed beside it
    assert legend.isVisible() and balance._board_in_view()                       # the whole board still shows
    zoom = view.zoom()
    qtbot.wait(50)
    assert view.zoom() == zoom and _covered(window, legend).isEmpty()            # and it stays so


def test_a_board_zoomed_past_the_view_is_left_where_the_user_put_it(qtbot, window):
    balance, _d = _blamed_run(qtbot, window)
    view = window.view
    view.set_zoom(view.zoom() * 3)
    qtbot.wait(50)
    zoom = view.zoom()
    assert not balance._board_in_view()
    qtbot.wait(50)
    assert view.zoom() == zoom                      # no reframing: the user zoomed in on purpose
