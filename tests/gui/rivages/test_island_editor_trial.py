"""What the trials found in the island editor (issue 11), each as a test: New Island from the
start window, panning, goal lights that follow edits and go on New, Show lighting the cheapest
way, Undo from a Goals field, Goals wording, the save warning, Try It's findings, Where in
coordinates, File ▸ Open of a tree, lint of area icons and bridges over land, Fill's count, and
two-step goals (2 -> 1 -> 2 keeps step 2 until the file is saved)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from studio.gui.rivages import island_editor as ie
from studio.gui.shell import prompts
from studio.model.rivages import Effect, GoalStep, Island, read_as
from studio.validate.island_goals import check_goals
from studio.validate.rivages import element_text, rivages_findings
from tests.rivages.helpers import island

ROOT = Path(__file__).resolve().parents[3]
AMBER = ROOT / "boards" / "rivages" / "islands" / "amber-shoals.yaml"
KAPOK = ROOT / "boards" / "rivages" / "trees" / "kapok.yaml"


@pytest.fixture
def qsettings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


def _unexpected(name):
    def dialog(*args, **kwargs):
        raise AssertionError(f"unexpected dialog {name}{args[1:]}")
    return dialog


@pytest.fixture
def window(qtbot, qsettings, monkeypatch, tmp_path):
    for name in ("ask_unsaved_changes", "show_error"):
        monkeypatch.setattr(prompts, name, _unexpected(name))
    monkeypatch.setattr(ie, "ask_save_despite_errors", _unexpected("ask_save_despite_errors"))
    w = ie.IslandEditorWindow(settings=qsettings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    copy = tmp_path / "amber.yaml"
    copy.write_text(AMBER.read_text())
    assert w.open_path(copy, interactive=False)
    w.show()
    qtbot.waitExposed(w)
    return w


def _mouse(widget, kind, pos, button, buttons):
    QApplication.sendEvent(widget, QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), button,
                                               buttons, Qt.NoModifier))


# --- New Island from the start window ---------------------------------------------------------

def test_new_island_is_in_the_board_editors_file_menu(qtbot, qsettings, monkeypatch):
    from studio.gui.realm.main_window import MainWindow

    board = MainWindow(settings=qsettings)
    qtbot.addWidget(board)
    texts = [a.text() for a in board.menuBar().actions()[0].menu().actions()]
    assert "New &Island…" in texts
    from studio.gui.rivages.island_document import new_island
    monkeypatch.setattr(ie, "ask_new_island", lambda parent, terrains: new_island("hexagon", 2, island_id="reef"))
    editor = board.new_island()
    qtbot.addWidget(editor, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert isinstance(editor, ie.IslandEditorWindow) and editor.isVisible()
    assert editor.document.island.id == "reef" and editor.document.path is None
    monkeypatch.setattr(ie, "ask_new_island", lambda parent, terrains: None)
    assert board.new_island() is None   # cancelled: no window


# --- panning ----------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["middle", "space"])
def test_middle_drag_and_space_drag_pan_the_canvas(window, how):
    view = window.view
    vp = view.viewport()
    view.fit()
    centre = vp.rect().center()
    before = view.mapToScene(centre)
    kinds = {s.at: s.kind for s in window.document.island.spaces}
    if how == "space":
        QApplication.sendEvent(view, QKeyEvent(QKeyEvent.KeyPress, Qt.Key_Space, Qt.NoModifier, " "))
        button = Qt.LeftButton
    else:
        button = Qt.MiddleButton
    _mouse(vp, QMouseEvent.MouseButtonPress, centre, button, button)
    _mouse(vp, QMouseEvent.MouseMove, centre + QPoint(120, 60), Qt.NoButton, button)
    _mouse(vp, QMouseEvent.MouseButtonRelease, centre + QPoint(120, 60), button, Qt.NoButton)
    if how == "space":
        QApplication.sendEvent(view, QKeyEvent(QKeyEvent.KeyRelease, Qt.Key_Space, Qt.NoModifier, " "))
    after = view.mapToScene(centre)
    scale = view.transform().m11()
    assert abs((before.x() - after.x()) * scale - 120) < 3 and abs((before.y() - after.y()) * scale - 60) < 3
    # nothing was edited by the drag (the select tool is on; a space drag never paints)
    assert {s.at: s.kind for s in window.document.island.spaces} == kinds
    assert window.document.undo_stack.count() == 0


# --- Show: the cheapest way, following edits, cleared on New ----------------------------------

def test_show_lights_the_cheapest_way_and_follows_the_goal(window, monkeypatch):
    goals = window.goals
    goals.widgets["quest-show"].setChecked(True)
    check = check_goals(window.document.island)[0]
    item = window.view.item
    assert item.goal_spaces == check.spaces and item.goal_route == check.route
    assert check.spaces < check.route and len(check.route) - 1 == check.crosses
    # an edit changes the goal: the light shows the new way, not the old one
    goals.widgets["mission 1-show"].setChecked(True)
    m1 = check_goals(window.document.island)[1]
    assert item.goal_route == m1.route and not goals.widgets["quest-show"].isChecked()
    terrain = goals.widgets["mission 1-0-terrain"]
    terrain.setCurrentIndex((terrain.currentIndex() + 1) % terrain.count())
    now = check_goals(window.document.island)[1]
    assert now.route != m1.route or not now.achievable
    assert item.goal_route == (now.route if now.achievable else frozenset())
    # New: nothing of the old island stays lit
    from studio.gui.rivages.island_document import new_island
    monkeypatch.setattr(prompts, "ask_unsaved_changes", lambda *a: prompts.Choice.DISCARD)
    monkeypatch.setattr(ie, "ask_new_island", lambda parent, terrains: new_island("hexagon", 2))
    assert window.new_island()
    assert item.goal_route == frozenset() and item.goal_spaces == frozenset()
    assert not any(b.isChecked() for k, b in window.goals.widgets.items() if k.endswith("-show"))


# --- Undo from a Goals field --------------------------------------------------------------------

def test_ctrl_z_in_a_goals_field_undoes_the_island(window, qtbot):
    goals = window.goals
    spin = goals.widgets["quest-0-reward"].spins["scrolls"]
    old = window.document.island.quest.steps[0].reward.scrolls
    spin.setValue(old + 2)
    assert window.document.island.quest.steps[0].reward.scrolls == old + 2
    spin = window.goals.widgets["quest-0-reward"].spins["scrolls"]
    spin.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is spin or spin.isAncestorOf(QApplication.focusWidget()))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Z, Qt.ControlModifier)
    assert window.document.island.quest.steps[0].reward.scrolls == old
    # a line edit with typing not applied yet undoes its typing first
    name = window.properties.name_edit
    name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    before = window.document.undo_stack.count()
    qtbot.keyClicks(name, "xy")
    qtbot.keyClick(name, Qt.Key_Z, Qt.ControlModifier)
    assert window.document.undo_stack.count() == before and not name.text().endswith("xy")


# --- wording, save warning, Try It ----------------------------------------------------------------

def test_goals_panel_says_what_is_not_achievable_as_the_validation_panel(window):
    from studio.validate.island_goals import island_areas

    doc = window.document
    have = {t: sum(1 for a in island_areas(doc.island) if a.terrain == t) for t in ("forest", "dune", "cliff", "lagoon")}
    terrain = min(have, key=have.get)
    assert have[terrain] < 2
    doc.set_goal_steps("mission 1", [GoalStep("areas", Effect(scrolls=1), terrain=terrain, count=2)])
    check = check_goals(doc.island)[1]
    assert not check.achievable
    assert check.problem == (f"mission 1 needs 2 {terrain} areas (2 or more neighbouring {terrain} spaces); "
                             f"the island has {have[terrain]}")
    assert window.goals.status["mission 1"].text() == "✘ not achievable: " + check.problem
    # the Validation panel says the same thing of it
    (f,) = [f for f in doc.refresh_findings() if f.code == "rivages/area-missing"]
    assert f.message.startswith(f"mission 1 needs 2 {terrain} areas (2 or more neighbouring {terrain} spaces)")


def test_save_with_lint_errors_warns_and_can_be_cancelled(window, monkeypatch):
    doc = window.document
    doc.set_kind([doc.island.ships()[0]], "forest")   # one ship: rivages/ship-count, an error
    asked = []
    monkeypatch.setattr(ie, "ask_save_despite_errors", lambda parent, name, errors: asked.append(errors) or False)
    text = Path(doc.path).read_text()
    assert not window.save()
    assert asked and asked[0][0].code == "rivages/ship-count"
    assert Path(doc.path).read_text() == text and doc.is_modified
    assert window.last_message.startswith("Not saved: an island has exactly 2 ships")
    monkeypatch.setattr(ie, "ask_save_despite_errors", lambda parent, name, errors: True)
    assert window.save() and not doc.is_modified
    assert read_as(doc.path, Island) == doc.island


def test_try_it_on_an_island_that_cannot_be_played_lists_its_findings(window, monkeypatch):
    from studio.gui.rivages import try_it

    shown = []

    class Box:
        Warning, Ok = 1, 1

        def __init__(self, icon, title, text, buttons, parent):
            shown.append(text)
            self.details = ""

        def setAttribute(self, *a):
            pass

        def setDetailedText(self, text):
            shown.append(text)

        def open(self):
            pass

    monkeypatch.setattr(try_it, "QMessageBox", Box)
    doc = window.document
    doc.set_kind([doc.island.ships()[0]], "forest")
    assert window.try_it() is None
    assert "cannot be played yet" in shown[0] and "The Validation panel lists" in shown[0]
    assert "an island has exactly 2 ships" in shown[0] and "rivages/ship-count" in shown[1]


# --- Where, File ▸ Open of a tree, Fill --------------------------------------------------------------

def test_where_shows_coordinates_as_the_messages_do(window):
    assert element_text(("space", 0, -2)) == "space [0, -2]"
    assert element_text(("bridge", 0, 1, 2, 1)) == "bridge [0, 1]-[2, 1]"
    assert element_text(("goal", "mission 1")) == "mission 1"
    doc = window.document
    doc.set_kind([(0, -2)], "glacier")
    doc.refresh_findings()
    rows = [window.findings.tree.topLevelItem(i).text(3) for i in range(window.findings.tree.topLevelItemCount())]
    assert "space [0, -2]" in rows and not any("--" in r for r in rows)


def test_file_open_of_a_tree_opens_the_tree_editor(window, monkeypatch):
    from studio.gui.rivages.tree_editor import TreeEditorWindow

    monkeypatch.setattr(ie, "ask_open_island", lambda parent, start="": str(KAPOK))
    island_before = window.document.island
    assert window.open_dialog()
    opened = [w for w in window.other_windows if isinstance(w, TreeEditorWindow)]
    assert opened and opened[0].document.path == str(KAPOK) and opened[0].isVisible()
    assert window.document.island is island_before   # the island stays open here
    for w in opened:
        w.close()


def test_fill_says_how_many_spaces_it_filled(window):
    doc = window.document
    h = next(s.at for s in doc.island.spaces if s.kind == "forest")
    window.current_terrain = "cliff"
    window.set_tool("fill")
    from studio.validate.island_goals import island_areas
    area = next((a for a in island_areas(doc.island) if h in a.spaces), None)
    n = area.size if area else 1
    window.tools["fill"].press(h)
    assert window.last_message == f"Filled {n} space{'s' if n != 1 else ''} with Cliffs"
    window.tools["fill"].press(h)
    assert window.last_message == f"Nothing to fill: {list(h)} is already Cliffs"


# --- lint: area icons, bridges over land ----------------------------------------------------------

def test_lint_warns_on_an_area_icon_with_no_area_and_a_bridge_over_land():
    isl = island({0: (0, "S F F W D"), 1: (-1, "D D X C L"), 2: (-1, "L W W S")},
                 icons={(3, 0): Effect(area="lagoon"), (0, 2): Effect(area="all"), (1, 2): Effect(area="dune")},
                 bridges=[((4, 0), (2, 2))])
    found = {(f.code, f.element): f for f in rivages_findings(isl)}
    lagoon = found[("rivages/area-icon-no-area", ("space", 3, 0))]
    assert lagoon.severity == "warning" and "no lagoon area" in lagoon.message
    assert ("rivages/area-icon-no-area", ("space", 1, 2)) not in found       # the dunes (-1, 1), (0, 1) are an area
    assert ("rivages/area-icon-no-area", ("space", 0, 2)) not in found       # any terrain: the island has areas
    bridge = found[("rivages/bridge-over-land", ("bridge", 4, 0, 2, 2))]
    assert bridge.severity == "warning" and "[3, 1]" in bridge.message
    # the same bridge over water (the space between removed) is fine
    isl.spaces = [s for s in isl.spaces if s.at != (3, 1)]
    assert not [f for f in rivages_findings(isl) if f.code == "rivages/bridge-over-land"]


# --- two-step goals in the editor -------------------------------------------------------------------

@pytest.mark.rule("RIV-G6")
def test_steps_2_1_2_give_step_2_back_until_saved(window, monkeypatch):
    doc = window.document
    goals = window.goals
    spaces = [s.at for s in doc.island.spaces if s.kind not in ("ship", "stronghold")][:2]
    goals.widgets["quest-steps"].setValue(2)
    doc.toggle_quest_space(spaces[1], step=1)
    step2 = doc.island.quest.steps[1]
    assert step2.spaces == (spaces[1],)
    window.goals.widgets["quest-steps"].setValue(1)
    assert len(doc.island.quest.steps) == 1
    window.goals.widgets["quest-steps"].setValue(2)
    assert doc.island.quest.steps[1] == step2                      # given back
    # the one-step quest with a second step saves and reloads equal (it used to be refused)
    monkeypatch.setattr(ie, "ask_save_despite_errors", lambda *a: True)
    assert window.save()
    assert read_as(doc.path, Island) == doc.island
    window.goals.widgets["quest-steps"].setValue(1)
    assert window.save()
    window.goals.widgets["quest-steps"].setValue(2)
    assert doc.island.quest.steps[1] != step2                      # saved in between: a new step
    assert doc.island.quest.steps[1].spaces == ()
