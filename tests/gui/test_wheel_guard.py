"""The mouse wheel never edits an unfocused combo box, spin box or slider
(studio.gui.shell.wheel_guard): wheel events sent to every such widget of each editor's panels and
dialogs change nothing, and the scroll area around the widget scrolls instead. A widget the
user gave focus still takes the wheel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QWidget,
)

from studio.content import bundled_path
from studio.gui.realm.main_window import MainWindow, default_board_path
from studio.gui.realm.new_board import NewBoardWizard
from studio.gui.realm.scenario_editor import ScenarioEditor
from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.rivages.island_editor import IslandEditorWindow
from studio.gui.rivages.tree_editor import TreeEditorWindow
from studio.gui.shell import wheel_guard
from studio.gui.shell.bot_settings import BotSettingsDialog
from studio.gui.shell.wheel_guard import guarded

pytestmark = pytest.mark.gui


def wheel(widget: QWidget, dy: int = -120) -> None:
    """One notch of the wheel (down for a negative ``dy``) over the middle of ``widget``."""
    centre = widget.rect().center()
    event = QWheelEvent(QPointF(centre), QPointF(widget.mapToGlobal(centre)), QPoint(0, 0), QPoint(0, dy),
                        Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def value_of(widget: QWidget):
    if isinstance(widget, QComboBox):
        return widget.currentIndex(), widget.currentText()
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QAbstractSlider):
        return widget.value()
    raise TypeError(widget)


def scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    area = widget.parentWidget()
    while area is not None and not isinstance(area, QAbstractScrollArea):
        area = area.parentWidget()
    return area


def check_wheel_never_edits(root: QWidget, must_scroll: bool = True) -> int:
    """Wheel over every visible, enabled value widget under ``root`` without focus: none
    changes; each one in a scroll area that can scroll down scrolls it. Returns how many
    widgets were checked (and asserts some were, and that some area scrolled)."""
    widgets = [w for w in root.findChildren(QWidget) if guarded(w) and w.isVisible() and w.isEnabled()]
    assert widgets, f"no combo box, spin box or slider in {root!r}"
    scrolled = 0
    for w in widgets:
        assert w.focusPolicy() != Qt.WheelFocus, f"{w!r} would take focus from the wheel"
        if w.hasFocus():
            w.clearFocus()
        area = scroll_area_of(w)
        bar = area.verticalScrollBar() if area is not None else None
        if bar is not None:
            bar.setValue(bar.minimum())
        before = value_of(w)
        wheel(w, -120)
        wheel(w, 120)
        wheel(w, -120)
        assert value_of(w) == before, f"the wheel changed {w!r} ({w.objectName()}) without focus"
        if bar is not None and bar.maximum() > bar.minimum():
            assert bar.value() > bar.minimum(), f"the scroll area around {w!r} did not scroll"
            scrolled += 1
    if must_scroll:
        assert scrolled, "no panel scrolled"
    return len(widgets)


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


def show(qtbot, window, width=900, height=420):
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_board_editor_properties_and_toolbars(qtbot, settings, dialogs):
    window = MainWindow(settings=settings)
    assert window.load_path(default_board_path())
    show(qtbot, window, height=380)
    segment = window.document.board.segments[0].key
    window.scene.select_elements([("segment", *segment)])
    qtbot.wait(50)
    check_wheel_never_edits(window)


def test_island_editor_goals_panel(qtbot, settings, dialogs):
    window = IslandEditorWindow(settings=settings)
    assert window.open_path(bundled_path("boards", "rivages", "islands", "gull-rock.yaml"), interactive=False)
    show(qtbot, window, height=420)
    before = window.document.model.to_data()
    check_wheel_never_edits(window)
    assert window.document.model.to_data() == before
    assert not window.document.is_modified


def test_scenario_editor_form(qtbot, dialogs):
    window = ScenarioEditor()
    assert window.open_path(str(bundled_path("scenarios", "volcano.yaml")))
    show(qtbot, window, height=400)
    before = dict(window.document.data)
    check_wheel_never_edits(window)
    assert window.document.data == before


@pytest.mark.parametrize("cls,name", [(TreeEditorWindow, "trees/banyan.yaml"), (CardEditorWindow, "cards.yaml"),
                                      (CardEditorWindow, "loot.yaml")])
def test_tree_card_and_loot_editors(qtbot, settings, dialogs, cls, name):
    window = cls(settings=settings)
    assert window.load_path(str(bundled_path("boards", "rivages", *name.split("/"))), interactive=False)
    show(qtbot, window, height=400)
    check_wheel_never_edits(window, must_scroll=False)
    assert not window.document.is_modified


def test_dialogs(qtbot):
    wheel_guard.install()  # as studio.gui.app.main does at start; windows do it too
    wizard = NewBoardWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    checked = 0
    for _ in range(4):  # location, lattice, seats, summary
        page = wizard.currentPage()
        if any(guarded(w) and w.isVisible() for w in page.findChildren(QWidget)):
            checked += check_wheel_never_edits(page, must_scroll=False)
        wizard.next()
    assert checked
    bots = BotSettingsDialog("South")
    qtbot.addWidget(bots)
    bots.show()
    qtbot.waitExposed(bots)
    check_wheel_never_edits(bots, must_scroll=False)


def test_a_focused_spin_box_still_takes_the_wheel(qtbot):
    wheel_guard.install()
    bots = BotSettingsDialog("South")
    qtbot.addWidget(bots)
    bots.show()
    qtbot.waitExposed(bots)
    spin = next(w for w in bots.findChildren(QAbstractSpinBox) if w.isVisible() and w.isEnabled())
    bots.activateWindow()
    spin.setFocus(Qt.MouseFocusReason)
    qtbot.waitUntil(spin.hasFocus)
    before = spin.text()
    wheel(spin, 120)
    assert spin.text() != before
