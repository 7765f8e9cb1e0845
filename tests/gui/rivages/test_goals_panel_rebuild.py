"""The island editor's Goals panel keeps its scroll position and focused field when it is
rebuilt: after each "Pick on island" click on the canvas (trial finding: it jumped back to the
top every time), after undo and redo, and after a goal gets a second step."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from test_island_editor import click  # noqa: E402  (tests/gui/rivages is on sys.path)

from studio.gui.rivages import island_editor as ie
from studio.gui.shell import prompts

pytestmark = pytest.mark.gui

GULL = Path(__file__).resolve().parents[3] / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    for name in ("ask_unsaved_changes", "show_error"):
        monkeypatch.setattr(prompts, name, lambda *a, **k: (_ for _ in ()).throw(AssertionError(a)))
    w = ie.IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.load_path(GULL, interactive=False)
    w.resize(900, 520)  # a short window: the Goals panel scrolls
    w.show()
    qtbot.waitExposed(w)
    return w


def scrolled_to_bottom(window, qtbot) -> int:
    bar = window.goals.scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())
    return bar.value()


def test_pick_on_island_keeps_the_scroll_position(window, qtbot):
    goals = window.goals
    bar = goals.scroll.verticalScrollBar()
    value = scrolled_to_bottom(window, qtbot)
    assert value > 0
    old_body = goals.scroll.widget()
    goals.widgets["quest-1-pick"].click()                 # step 2 of the quest: Cross given spaces
    free = next(s.at for s in window.document.island.spaces
                if s.kind not in ("ship", "stronghold") and s.at not in window.document.island.quest.steps[1].spaces
                and s.at not in window.document.island.quest.steps[0].spaces)
    click(window, free)
    assert free in window.document.island.quest.steps[1].spaces
    assert goals.scroll.widget() is not old_body          # the panel was rebuilt...
    assert bar.value() == value                           # ...where the designer was
    click(window, free)                                   # and again: taken back out
    assert free not in window.document.island.quest.steps[1].spaces
    assert bar.value() == value
    window.document.undo_stack.undo()                     # undo rebuilds it too
    assert free in window.document.island.quest.steps[1].spaces
    assert bar.value() == value
    window.document.undo_stack.redo()
    assert bar.value() == value


def test_undo_keeps_the_focused_goal_field(window, qtbot):
    goals = window.goals
    value = scrolled_to_bottom(window, qtbot)
    terrain = goals.widgets["mission 2-0-terrain"]
    terrain.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is terrain)
    terrain.setCurrentIndex(terrain.findData("forest"))   # one edit, then undone
    assert window.document.island.missions[1].steps[0].terrain == "forest"
    window.document.undo_stack.undo()
    assert window.document.island.missions[1].steps[0].terrain == "dune"
    fresh = goals.widgets["mission 2-0-terrain"]
    assert fresh is not terrain and fresh.currentData() == "dune"
    assert QApplication.focusWidget() is fresh            # the same field keeps the focus
    assert goals.scroll.verticalScrollBar().value() == value


def test_a_second_step_keeps_the_scroll_position(window, qtbot):
    goals = window.goals
    bar = goals.scroll.verticalScrollBar()
    value = scrolled_to_bottom(window, qtbot)
    goals.widgets["mission 2-steps"].setValue(2)          # a structural change: the form is rebuilt
    assert len(window.document.island.missions[1].steps) == 2
    assert bar.value() == value
