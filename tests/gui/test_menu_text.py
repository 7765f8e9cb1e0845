"""Menus, tool bars and buttons of every window show no stray underscore: each text marks one
letter or digit at most, and text from data ("Start & Goal Pegs", a file or command name with
'&') shows its '&' as written. Recent files tell two same-named files apart."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QToolBar  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.shell.files.recent import recent_labels  # noqa: E402
from studio.gui.shell.menu_text import literal, mnemonic_problems  # noqa: E402

pytestmark = pytest.mark.gui


def test_mnemonic_problems_finds_stray_and_double_markers():
    assert mnemonic_problems("&File") == []
    assert mnemonic_problems("Rock && Roll") == []
    assert mnemonic_problems(literal("Start & Goal Pegs")) == []
    assert mnemonic_problems("Start & Goal Pegs")            # Qt underlines the space
    assert mnemonic_problems("&Undo Rename to A & B")        # two markers
    assert mnemonic_problems("Trailing &")


def _texts(window):
    """(where, text) of every menu item (submenus filled as when shown), tool bar action and
    button of ``window``."""
    out = []

    def walk(menu, where):
        menu.aboutToShow.emit()
        for a in menu.actions():
            out.append((where, a.text()))
            if a.menu() is not None:
                walk(a.menu(), f"{where} > {a.text()}")

    if hasattr(window, "menuBar"):
        for a in window.menuBar().actions():
            out.append(("menu bar", a.text()))
            if a.menu() is not None:
                walk(a.menu(), a.text())
    for bar in window.findChildren(QToolBar):
        out += [(bar.windowTitle(), a.text()) for a in bar.actions()]
    out += [("button", b.text()) for b in window.findChildren(QAbstractButton)]
    return out


def _windows(tmp_path):
    from studio.gui.balance.dashboard import BalanceDashboard
    from studio.gui.balance.editor import BalanceWindow
    from studio.gui.playtest.playtest_window import PlaytestWindow
    from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow
    from studio.gui.realm.main_window import MainWindow
    from studio.gui.realm.new_board import NewBoardWizard
    from studio.gui.realm.scenario_editor import ScenarioEditor
    from studio.gui.rivages.card_editor import CardEditorWindow
    from studio.gui.rivages.island_editor import IslandEditorWindow
    from studio.gui.rivages.tree_editor import TreeEditorWindow
    from studio.playtest.setup import load_setup
    from studio.rules import load_game

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    # two recent files of one name, one with '&' in its folder
    for folder in ("a & b", "c"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "board.yaml").write_text("x", encoding="utf-8")
    recent = [str(tmp_path / f / "board.yaml") for f in ("a & b", "c")]
    for key in ("recentFiles",):
        settings.setValue(key, recent)
    main = MainWindow(settings=settings)
    realm = load_game(bundled_path("scenarios", "jungle-temples.yaml"), 4, 0)
    rivages = load_game(bundled_path("scenarios", "rivages.yaml"), 2, 0)
    island = IslandEditorWindow(settings=settings)
    island.recent.add(recent[0])
    island.recent.add(recent[1])
    return [main, ScenarioEditor(), island, TreeEditorWindow(settings=settings),
            CardEditorWindow(settings=settings),
            PlaytestWindow(realm, seed=1, controllers=["human"] * 4, delay_ms=0, autoplay=False),
            RivagesPlaytestWindow(rivages, seed=1, controllers=["human"] * 2, delay_ms=0, autoplay=False),
            BalanceWindow(BalanceDashboard(load_setup(bundled_path("scenarios", "jungle-temples.yaml"), 2))),
            NewBoardWizard(main)]


def test_no_window_shows_a_stray_mnemonic(qtbot, tmp_path):
    windows = _windows(tmp_path)
    for w in windows:
        qtbot.addWidget(w)
    main = windows[0]
    # an edit whose undo text carries '&' from data
    problems = [f"{type(w).__name__} {where}: {p}" for w in windows for where, text in _texts(w)
                for p in mnemonic_problems(text)]
    assert problems == []
    tool_texts = [a.text() for a in main.tool_actions.values()]
    assert "Start && Goal Pegs" in tool_texts
    recent = [a.text() for a in main.recent_menu.actions() if a.text().startswith("board.yaml")]
    assert len(recent) == 2 and len(set(recent)) == 2 and "a && b" in recent[0]
    from studio.gui.shell.menu_text import UndoRedoAction

    for w in windows[:3]:   # the editors' Undo shows command texts literally
        assert isinstance(w.undo_action, UndoRedoAction)


def test_undo_text_from_data_is_literal(qtbot, tmp_path):
    from PySide6.QtGui import QUndoCommand, QUndoStack
    from PySide6.QtWidgets import QWidget

    from studio.gui.shell.menu_text import undo_redo_actions

    host = QWidget()
    qtbot.addWidget(host)
    stack = QUndoStack(host)
    undo, redo = undo_redo_actions(stack, host)
    assert undo.text() == "&Undo"
    stack.push(QUndoCommand("Rename to Rock & Roll"))
    assert undo.text() == "&Undo Rename to Rock && Roll"
    stack.undo()
    assert redo.text() == "&Redo Rename to Rock && Roll" and undo.text() == "&Undo"


@pytest.mark.parametrize("paths, labels", [
    (["/w/a/boards/x.yaml", "/w/b/boards/x.yaml"], ["x.yaml — …/a/boards", "x.yaml — …/b/boards"]),
    (["/w/a/x.yaml", "/w/b/y.yaml"], ["x.yaml — a", "y.yaml — b"]),
    (["/w/x.yaml", "/v/w/x.yaml"], ["x.yaml — /w", "x.yaml — …/v/w"]),
    (["/x.yaml", "/w/x.yaml"], ["x.yaml — /", "x.yaml — …/w"]),
])
def test_recent_labels_tell_same_named_files_apart(paths, labels):
    assert recent_labels(paths) == labels


def test_copy_to_other_seats_offers_quarter_turns_on_4_player_boards(qtbot, tmp_path):
    from studio.gui.realm.main_window import MainWindow
    from studio.model import io

    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w)
    quarter = w.editing.symmetry_actions["quarter-turn"]
    assert quarter in w.editing.symmetry_menu.actions()
    w.editing.symmetry_menu.aboutToShow.emit()
    assert not quarter.isVisible()                      # the 2-player board: no quarter turns
    path = bundled_path("boards", "realm", "jungle-temples-4p.yaml")
    w.document.reset(io.read_board(path), str(path))
    w.editing.symmetry_menu.aboutToShow.emit()
    assert quarter.isVisible()
