"""A main window shared by the tests of one module (building and painting a window costs half a
second; resetting its document costs little). Import ``editor`` and ``window`` into a test
module to use them instead of conftest's one-window-per-test fixture."""

from __future__ import annotations

import functools

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from studio.gui.realm.main_window import MainWindow, default_board_path
from studio.model import io


@functools.lru_cache(maxsize=None)
def _default_board():
    return io.read_board(default_board_path())


@pytest.fixture(scope="module")
def editor(qapp, tmp_path_factory):
    settings = QSettings(str(tmp_path_factory.mktemp("settings") / "settings.ini"), QSettings.IniFormat)
    w = MainWindow(settings=settings)
    assert w.load_path(default_board_path(), interactive=False)
    w.show()
    QTest.qWaitForWindowExposed(w)
    # Painting a board costs a third of a second and the tests here check the model and the
    # items, not pixels (test_screens.py paints every kind of item): skip repaints.
    w.view.viewport().setUpdatesEnabled(False)
    yield w
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()
    qapp.processEvents()


@pytest.fixture
def window(editor, dialogs):
    """The shared window on a fresh copy of the bundled Jungle Temples 2p board, Select tool,
    nothing selected, the whole board in view; dialogs patched (conftest's ``dialogs``)."""
    path = str(default_board_path())
    editor.document.reset(_default_board().copy(), path)
    editor.document.set_scenario_path(editor.document.scenario_path)
    editor.scene.clearSelection()
    editor.set_tool("select")
    editor.view.fit()
    yield editor
    editor.scene.set_tool(None)
    editor.set_tool("select")
    editor.document.undo_stack.clear()
