"""The playtest windows and the balance window fit an 800 x 600 screen, with what matters on
screen: the Rule the Realm cards row (deck and discard captions), a log of several lines, the
Rivages island and turn box, the balance form and its charts without sideways scrolling."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRect  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import BalanceDashboard  # noqa: E402
from studio.gui.balance.editor import BalanceWindow  # noqa: E402
from studio.gui.playtest.playtest_window import PlaytestWindow  # noqa: E402
from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402
from studio.rules import load_game  # noqa: E402

pytestmark = pytest.mark.gui


def _shown_at(qtbot, w, width=800, height=600):
    qtbot.addWidget(w)
    w.resize(width, height)
    w.show()
    qtbot.waitExposed(w)
    hint = w.minimumSizeHint()
    assert hint.width() <= 800 and hint.height() <= 600, hint
    assert (w.width(), w.height()) == (width, height)
    return w


def _on_screen(w, widget) -> bool:
    """Whether ``widget`` is shown whole inside ``w`` and inside its scroll area's viewport
    (after scrolling to it when it sits in one)."""
    from PySide6.QtWidgets import QScrollArea

    if not widget.isVisibleTo(w):
        return False
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if parent is not None:
        parent.ensureWidgetVisible(widget, 0, 0)
        port = parent.viewport()
        box = QRect(widget.mapTo(port, widget.rect().topLeft()), widget.size())
        if not port.rect().contains(box):
            return False
    box = QRect(widget.mapTo(w, widget.rect().topLeft()), widget.size())
    return w.rect().contains(box)


@pytest.mark.parametrize("players", [2, 4])
def test_realm_playtest_at_800_by_600(qtbot, players):
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), players, 0)
    w = _shown_at(qtbot, PlaytestWindow(game, seed=1, controllers=["human"] + ["greedy"] * (players - 1),
                                        delay_ms=0, autoplay=False))
    for widget in (w.board_view, w.banner, w.deck_label, w.discard_label, w.deck_button, w.discard_chip,
                   w.draw_button, w.place_button, w.end_turn_button, *w.pool_buttons[:len(w.state.pool)]):
        assert _on_screen(w, widget), widget
    # the captions sit under their chips, not behind them
    for chip, label in ((w.deck_button, w.deck_label), (w.discard_chip, w.discard_label)):
        assert label.mapTo(w, label.rect().topLeft()).y() >= chip.mapTo(w, chip.rect().bottomLeft()).y()
    assert _on_screen(w, w.log_view)
    line = w.log_view.fontMetrics().lineSpacing()
    assert w.log_view.viewport().height() > 4 * line
    # the payment combo shrinks with the panel (its text elided, whole in the tool tip)
    from PySide6.QtWidgets import QSizePolicy

    assert w.payment_combo.sizePolicy().horizontalPolicy() == QSizePolicy.Ignored


def test_realm_playtest_at_its_minimum_keeps_captions_and_log(qtbot):
    game = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 4, 0)
    w = PlaytestWindow(game, seed=1, controllers=["human", "greedy", "greedy", "greedy"], delay_ms=0, autoplay=False)
    hint = w.minimumSizeHint()
    w = _shown_at(qtbot, w, hint.width(), hint.height())
    for widget in (w.deck_label, w.discard_label, w.log_view):
        assert _on_screen(w, widget), widget
    assert w.log_view.viewport().height() > 4 * w.log_view.fontMetrics().lineSpacing()


@pytest.mark.parametrize("players", [1, 4])
def test_rivages_playtest_at_800_by_600(qtbot, players):
    path = "rivages-solo.yaml" if players == 1 else "rivages.yaml"
    game = load_game(bundled_path("scenarios", path), players, 0)
    w = _shown_at(qtbot, RivagesPlaytestWindow(game, seed=1, controllers=["human"] + ["greedy"] * (players - 1),
                                               delay_ms=0, autoplay=False))
    for widget in (w.island_view, w.seat_tabs, w.island_combo, w.banner, w.end_turn_button, w.seat_area, w.log_view):
        assert _on_screen(w, widget), widget
    assert w.island_view.height() >= 230 and w.log_view.viewport().height() > 4 * w.log_view.fontMetrics().lineSpacing()


def test_balance_window_at_800_by_600(qtbot):
    setup = load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)
    d = BalanceDashboard(setup, scenario_text="Jungle Temples")
    w = _shown_at(qtbot, BalanceWindow(d))
    # the report scrolls down, never sideways: one column of charts
    qtbot.waitUntil(lambda: d.chart_columns() == 1)
    for widget in (d.run_button, d.games_spin, d.seed_spin, *d.save_buttons.values()):
        assert _on_screen(w, widget), widget
    qtbot.waitUntil(lambda: _on_screen(w, d.win_chart))
    assert not d._report_scroll.horizontalScrollBar().isVisible()
    w.resize(1280, 800)
    qtbot.waitUntil(lambda: d.chart_columns() == 2)
