"""The issue-14 GUI trial's findings on the balance dashboard, driven like a user: closing the
window during a run cancels it and *Balance Run…* brings the same window back with the games
kept (and the heat map from the same games); the arc figures in the report's words; a title
that counts the games as the progress bar does; the island header following the player
count; the "on the board" link raising the editor; the sweep list's current values."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from studio.content import bundled_path  # noqa: E402
from studio.gui.balance.dashboard import MAX_GAMES, BalanceDashboard, arc_lines  # noqa: E402
from studio.playtest.report import arc_figures, figures  # noqa: E402
from studio.playtest.setup import load_setup  # noqa: E402

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def _close_during_run(qtbot, balance, games=5000):
    # enough random games that the run cannot end before the close, even on a quick machine
    d = balance.open()
    qtbot.addWidget(balance.window)
    d.games_spin.setValue(games)
    d.set_bots("random")
    d.jobs_spin.setValue(1)
    # the first games show within a fraction of a second: one signal per game used to flood the
    # GUI thread, which then showed the island dashboard's 20,000 quick random games only once
    # the last was played (so the close came after the end, and nothing was cancelled)
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert d.start_run()
        qtbot.waitUntil(lambda: len(d.results) >= 1, timeout=30000)
        assert d.is_running()
        assert balance.window.close()
    return d, done.args[0]


def test_closing_the_dashboard_during_a_run_cancels_it_and_balance_run_brings_it_back(qtbot, window):
    # trial: the games went on hidden, Balance Run did nothing, then reopened empty while the
    # heat map showed the finished run
    balance = window.balance
    d, cancelled = _close_during_run(qtbot, balance)
    assert cancelled is True and not d.is_running() and 1 <= len(d.results) < 5000
    kept = len(d.results)
    assert not balance.window.isVisible()
    again = balance.open()   # Game > Balance Run… (Ctrl+Shift+B)
    assert again is d and balance.window.isVisible() and d.summary.games == kept
    assert f"{kept} of 5000 games kept" in d.progress_label.text()
    assert "Nothing run yet" not in d.scenario_label.text()
    assert balance.heat is not None and balance.heat.games == d.summary.games == kept
    balance.open_action.trigger()  # the menu action: still the same window
    assert balance.dashboard is d
    # another board: a new window, as the old figures are about the other board
    assert window.load_path(bundled_path("boards", "realm", "jungle-temples-3p.yaml"))
    assert balance.open() is not d and balance.heat is None


def test_closing_as_the_batch_ends_plays_no_panels_after_it(qtbot, setup2):
    # the last game in, then the window closed before the batch's end was handled: the ladder
    # and styles used to start anyway and play for minutes, hidden
    d = BalanceDashboard(setup2, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(2)
    d.set_bots("random")
    d.styles_check.setChecked(True)
    with qtbot.waitSignal(d.runFinished, timeout=120000) as done:
        assert d.start_run()
        d.run.wait()          # every game played; the end not yet handled (queued)
        d.cancel_run()
    assert done.args == [True] and d.panel_run is None and not d.is_running()
    assert len(d.results) == 2 and d.summary.games == 2
    assert "panels after the batch were not played" in d.progress_label.text()


@pytest.fixture(scope="module")
def setup2():
    return load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2)


def test_the_arc_figures_are_shown_in_the_reports_words(qtbot, setup2, tmp_path):
    d = BalanceDashboard(setup2, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(6)
    d.set_bots("random")
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
    s = d.summary
    decided = [x for x in figures(s) if x[0] == "decided:"]
    assert decided and arc_lines(s) == decided + arc_figures(s)
    text = d.arc_label.text()
    assert d.arc_label.isVisibleTo(d) and "lead changes per game" in text and "on average after" in text
    for _label, line in arc_lines(s):
        assert line.replace("'", "&#x27;") in text
    assert "decided" not in d.play_label.text()
    d.resize(1180, 900)
    d.grab().save(str(tmp_path / "arc.png"))


def test_the_title_counts_the_games_as_the_progress_bar_does(qtbot, setup2):
    # trial: "1 game of 40" over a progress bar at 3/40 (the figures refresh every REFRESH_MS)
    d = BalanceDashboard(setup2, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(40)
    d.set_bots("random")
    d.jobs_spin.setValue(1)
    with qtbot.waitSignal(d.runFinished, timeout=120000):
        assert d.start_run()
        qtbot.waitUntil(lambda: d.summary is not None, timeout=60000)
        d._refresh_timer.stop()   # the figures stay at what they were
        shown = d.summary.games
        qtbot.waitUntil(lambda: len(d.results) > shown + 1 or not d.is_running(), timeout=60000)
        if d.is_running() and len(d.results) > shown:
            title = d.title_label.text()
            played = d.progress.value()
            assert f"{played} of 40 played" in title and f"figures are from the first {shown}" in title
        d.cancel_run()
    assert d.title_label.text() == d.report_title() and "played" not in d.title_label.text()


def _blamed_run(qtbot, window):
    from studio.gui.balance.editor import board_catalogue
    from studio.playtest.stats import summarize
    from tests.gui.test_balance_blame import uneven_games

    balance = window.balance
    d = balance.open()
    qtbot.addWidget(balance.window)
    cat = board_catalogue(window.document.board)
    d.catalogue = cat
    d.summary = summarize(uneven_games(), cat)
    balance.show_heat(cat, d.summary)
    d.board_blame = True
    d._show_summary()
    return balance, d


def test_the_heat_legend_never_covers_the_board(qtbot, window, tmp_path):
    # trial: the legend at the view's top left covered peg a1's outline
    balance, _d = _blamed_run(qtbot, window)
    view, legend = window.view, balance.legend

    def covered():
        board = view.mapFromScene(window.scene.board_rect()).boundingRect()
        return legend.geometry().intersected(board)

    assert legend.isVisible() and covered().isEmpty()
    window.grab().save(str(tmp_path / "legend.png"))
    view.fit()                          # the user fits the board again: the legend finds a free corner
    view.resize(view.width() - 1, view.height())
    qtbot.wait(10)
    board = view.mapFromScene(window.scene.board_rect()).boundingRect()
    spots = balance._legend_spots()
    if any(c == 0 for _p, c in spots):
        assert covered().isEmpty()
    else:                               # none free: the corner covering least
        assert legend.pos() == min(spots, key=lambda s: s[1])[0] and board.isValid()


def test_on_the_board_raises_the_editor_and_says_what_was_outlined(qtbot, window, tmp_path):
    # trial: the dashboard covered the board, so following the link showed no change
    balance, d = _blamed_run(qtbot, window)
    raised = []
    window.raise_ = lambda: raised.append(True)   # offscreen windows have no stacking order to test
    codes = [b.code for b in d.summary.blame]
    seats = codes.index("uneven-seats")
    d.warnings_label.linkActivated.emit(f"blame:{seats}")
    assert raised and d.blame_label.isVisibleTo(d)
    note = d.blame_label.text()
    assert note.startswith(f"Warning {seats + 1}: outlined in blue on the board") and "brought to the front" in note
    assert all(k in note for k in balance.blame.drawn[:8])
    d.resize(1180, 700)
    d.grab().save(str(tmp_path / "note.png"))
    d.show_blame(-1)
    assert not d.blame_label.isVisibleTo(d)


def test_the_island_header_follows_the_player_count(qtbot, settings, dialogs):
    # trial: "1 player: the advanced solo game" in the header while Players showed 2
    from studio.gui.rivages.island_editor import IslandEditorWindow

    w = IslandEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml", interactive=False)
    d = w.balance.open()
    qtbot.addWidget(w.balance.window)
    assert d.players() == 2
    text = d.scenario_label.text()
    assert "scenarios/rivages.yaml), 2 players" in text and "solo" not in text
    d.players_combo.setCurrentIndex(d.players_combo.findData(1))
    text = d.scenario_label.text()
    assert "the advanced solo game (scenarios/rivages-solo.yaml)" in text and "2 players" not in text
    d.players_combo.setCurrentIndex(d.players_combo.findData(4))
    assert "4 players" in d.scenario_label.text()
    assert w.balance.open() is d   # Balance Run… again: the same window


def test_the_sweep_lists_current_values_and_drops_an_old_refusal(qtbot, setup2, tmp_path):
    # trial: the Setting list showed no values (the docs say it does); an error stayed after
    # the setting changed
    from PySide6.QtWidgets import QStyleOptionViewItem

    d = BalanceDashboard(setup2, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    w = d.open_sweep()
    qtbot.addWidget(w)
    combo = w.path_combo
    i = combo.findText("rules.end.score")
    option = QStyleOptionViewItem()
    combo.view().itemDelegate().initStyleOption(option, combo.model().index(i, 0))
    assert option.text == "rules.end.score    now 18"               # as the list draws it
    assert combo.currentText() == "rules.end.score" and w.now_label.text() == "now 18"
    w.set_setting("rules.end.score", "0, 16, -3")                     # every refused value named (as the CLI)
    assert not w.start()
    assert "rules.end.score=0: the scenario refuses it" in w.status.text()
    assert "refused too: rules.end.score=-3" in w.status.text()
    w.set_setting("rules.hand_sizes", "[4, 5]")
    assert not w.start() and "Cannot sweep" in w.status.text()
    w.set_setting("rules.end.score", "16, 18")                        # another setting: the refusal goes
    assert w.status.text() == "" and w.now_label.text() == "now 18"
    w.set_setting("rules.hand_sizes", "[4, 5]")
    assert not w.start() and "Cannot sweep" in w.status.text()
    w.values_edit.setText("[4, 5, 6, 7]")
    w.values_edit.textEdited.emit("[4, 5, 6, 7]")                    # typing in Values: gone too
    assert w.status.text() == "" and w.now_label.text() == "now [4, 5, 6, 7]"
    qtbot.wait(20)   # the layout gives the value its room
    assert w.now_label.width() >= w.now_label.sizeHint().width()
    combo.showPopup()
    w.grab().save(str(tmp_path / "sweep.png"))
    combo.view().grab().save(str(tmp_path / "sweep-list.png"))
    combo.hidePopup()


def test_closing_the_sweep_window_during_a_sweep_cancels_it_and_keeps_its_rows(qtbot, setup2):
    d = BalanceDashboard(setup2, scenario_text="Jungle Temples")
    qtbot.addWidget(d)
    d.games_spin.setValue(3000)  # enough that the sweep cannot end before the close
    d.set_bots("random")
    d.jobs_spin.setValue(1)
    w = d.open_sweep()
    qtbot.addWidget(w)
    w.set_setting("rules.end.score", "6, 8")
    assert w.start()
    qtbot.waitUntil(lambda: w.run.played >= 1, timeout=60000)
    assert w.close()
    qtbot.waitUntil(lambda: not w.is_running(), timeout=60000)
    assert 1 <= w.run.played < 6000 and w.run.cancelled
    assert d.open_sweep() is w and w.isVisible() and w.run_button.isEnabled()
    assert "Cancelled after" in w.status.text() and d.start_run()   # Run works again at once
    d.cancel_run()
    d.wait()


def test_closing_the_island_dashboard_during_a_run_cancels_it_and_keeps_the_games(qtbot, settings, dialogs):
    from studio.gui.rivages.island_editor import IslandEditorWindow

    w = IslandEditorWindow(settings=settings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml", interactive=False)
    balance = w.balance
    # random Rivages games are quick: the most a run may play, so the close comes first
    d, cancelled = _close_during_run(qtbot, balance, games=MAX_GAMES)
    kept = len(d.results)
    assert cancelled is True and 1 <= kept < MAX_GAMES and not balance.window.isVisible()
    assert balance.open() is d and balance.window.isVisible() and d.summary.games == kept
    assert balance.stats.games == kept       # the heat map: the same games
