"""The island editor: an island built with the tools alone (wizard, mouse on the canvas, goal
editor widgets), saved, valid, with achievable goals, and played to the end by a bot; undo/redo
of every edit; a random edit sequence undone gives the document back exactly; findings select
their space; ``studio FILE`` opens islands here."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from studio.gui.playtest.rivages_playtest import RivagesPlaytestWindow
from studio.gui.rivages import island_editor as ie
from studio.gui.rivages.island_document import IslandDocument, new_island, shape_hexes
from studio.gui.rivages.try_it import first_on, solo_content
from studio.gui.shell import prompts
from studio.model.io import read
from studio.model.rivages import Effect, GoalStep
from studio.validate.island_goals import check_goals
from studio.validate.rivages import rivages_findings

ROOT = Path(__file__).resolve().parents[3]
GULL = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"


@pytest.fixture
def qsettings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)


@pytest.fixture
def window(qtbot, qsettings, monkeypatch):
    for name in ("ask_unsaved_changes", "show_error"):
        monkeypatch.setattr(prompts, name, _unexpected(name))
    monkeypatch.setattr(ie, "ask_save_despite_errors", _unexpected("ask_save_despite_errors"))
    w = ie.IslandEditorWindow(settings=qsettings)
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    return w


def _unexpected(name):
    def dialog(*args, **kwargs):
        raise AssertionError(f"unexpected dialog {name}{args[1:]}")
    return dialog


def _send(widget, kind, pos, buttons, button):
    event = QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), button, buttons, Qt.NoModifier)
    QApplication.sendEvent(widget, event)


def click(window, h) -> None:
    """Click hex ``h`` on the canvas with the current tool."""
    vp = window.view.viewport()
    window.view.centerOn(window.view.scene_point(h))
    p = window.view.mapFromScene(window.view.scene_point(h))
    _send(vp, QMouseEvent.MouseButtonPress, p, Qt.LeftButton, Qt.LeftButton)
    _send(vp, QMouseEvent.MouseButtonRelease, p, Qt.NoButton, Qt.LeftButton)


def drag(window, hexes) -> None:
    vp = window.view.viewport()
    window.view.fit()
    pts = [window.view.mapFromScene(window.view.scene_point(h)) for h in hexes]
    _send(vp, QMouseEvent.MouseButtonPress, pts[0], Qt.LeftButton, Qt.LeftButton)
    for p in pts[1:]:
        _send(vp, QMouseEvent.MouseMove, p, Qt.LeftButton, Qt.NoButton)
    _send(vp, QMouseEvent.MouseButtonRelease, pts[-1], Qt.NoButton, Qt.LeftButton)


def kinds(doc) -> dict:
    return {s.at: s.kind for s in doc.island.spaces}


# --- building an island with the tools --------------------------------------------------------------

@pytest.mark.rule("RIV-G3", "RIV-G5", "RIV-S7", "RIV-T8")
def test_build_an_island_with_the_tools_alone_then_play_it(window, qtbot, monkeypatch, tmp_path):
    # New island: a hexagon of radius 2 from the wizard (its real dialog, answered in code)
    def wizard(parent, terrains):
        d = ie.NewIslandDialog(parent, terrains)
        d.shape.setCurrentIndex(d.shape.findData("hexagon"))
        d.radius.setValue(2)
        d.id_edit.setText("tool-isle")
        d.name_edit.setText("Tool Isle")
        return d.island()
    monkeypatch.setattr(ie, "ask_new_island", wizard)
    window.actions["new"].trigger()
    doc = window.document
    assert len(doc.island.spaces) == 19 and doc.island.id == "tool-isle" and doc.is_modified  # the wizard's island is unsaved work
    window.view.fit()
    # paint a forest ring and a lagoon row with strokes of the terrain tools
    window.set_tool("paint:forest")
    drag(window, [(1, -1), (1, 0), (0, 1)])
    assert doc.undo_stack.count() == 1                       # one stroke, one step
    window.set_tool("paint:lagoon")
    drag(window, [(-1, 0), (-1, 1)])
    window.set_tool("paint:dune")
    drag(window, [(0, -1), (-1, -1)])
    # grow the island: paint a dashed hex off the coast
    window.set_tool("paint:cliff")
    click(window, (3, -1))
    assert kinds(doc)[(3, -1)] == "cliff"
    # the two ships: the ship tool moves the nearer one when there are already two
    window.set_tool("ship")
    click(window, (-2, 0))
    click(window, (3, -1))
    ships = sorted(h for h, k in kinds(doc).items() if k == "ship")
    assert ships == [(-2, 0), (3, -1)]
    # a white space with a loot icon, a stronghold
    window.icon_combo.setCurrentIndex([label for label, _ in window._icons].index("Loot"))
    window.set_tool("white")
    click(window, (0, 2))
    assert doc.space((0, 2)).icon == Effect(loot=1)
    window.set_tool("stronghold")
    click(window, (2, -2))
    assert kinds(doc)[(2, -2)] == "stronghold"
    # the centre becomes a fort: erase the space, then place the fort
    window.set_tool("eraser")
    click(window, (0, 0))
    assert doc.space((0, 0)) is None
    window.set_tool("fort")
    click(window, (0, 0))
    assert doc.island.forts == [(0, 0)]
    # a bridge between two spaces that are not neighbours, over water (not over land)
    window.set_tool("eraser")
    click(window, (-1, 2))
    assert doc.space((-1, 2)) is None
    window.set_tool("bridge")
    click(window, (-2, 2))
    click(window, (0, 2))
    assert doc.island.bridges == [((-2, 2), (0, 2))]
    # flood fill: the lagoon pair becomes cliffs in one step
    window.set_tool("paint:cliff")
    window.set_tool("fill")
    before = doc.undo_stack.count()
    click(window, (-1, 0))
    assert kinds(doc)[(-1, 0)] == kinds(doc)[(-1, 1)] == "cliff" and doc.undo_stack.count() == before + 1
    # goals through the goal editor's widgets: the quest is the fort, missions a forest and a cliff area
    goals = window.goals
    goals.widgets["quest-0-kind"].setCurrentIndex(goals.widgets["quest-0-kind"].findData("fort"))
    assert doc.island.quest.steps[0].kind == "fort" and doc.island.quest.steps[0].fort == (0, 0)
    goals.widgets["quest-0-reward"].spins["scrolls"].setValue(4)
    assert doc.island.quest.steps[0].reward.scrolls == 4
    m1 = goals.widgets["mission 1-0-terrain"]
    m1.setCurrentIndex(m1.findData("forest"))
    m2 = goals.widgets["mission 2-0-terrain"]
    m2.setCurrentIndex(m2.findData("cliff"))
    goals.widgets["mission 2-steps"].setValue(2)
    assert len(doc.island.missions[1].steps) == 2
    goals.widgets["mission 2-steps"].setValue(1)
    assert [m.steps[0].terrain for m in doc.island.missions] == ["forest", "cliff"]
    # every goal achievable, said at once in the goal editor
    checks = check_goals(doc.island)
    assert all(c.achievable for c in checks), [c.summary() for c in checks]
    assert goals.status["quest"].text() == "✔ " + checks[0].summary()
    # valid, saved, reloads equal
    errors = [f for f in rivages_findings(doc.island) if f.severity == "error"]
    assert errors == [], [f.format() for f in errors]
    monkeypatch.setattr(ie, "ask_save_island", lambda parent, suggested="": str(tmp_path / "tool-isle.yaml"))
    assert window.save()
    assert not doc.is_modified and read(tmp_path / "tool-isle.yaml") == doc.island
    assert rivages_findings(str(tmp_path / "tool-isle.yaml")) == []
    # Try it: the greedy bot plays a solo game on it to the end
    play = window.try_it()
    assert isinstance(play, RivagesPlaytestWindow)
    qtbot.addWidget(play)
    assert play.island_view.island.id == "tool-isle" and play.session.controllers == ["human"]
    play.set_autoplay(False)
    play.seat_combos[0].setCurrentIndex(play.seat_combos[0].findData("greedy"))
    moves = 0
    while not play.is_game_over() and moves < 5000:
        play.step()
        moves += 1
    assert moves > 10 and play.state.is_terminal()
    assert play.state.solo_result()["rounds"] >= 1
    play.close()


def test_refused_edits_are_said_in_the_status_bar(window):
    window.view.fit()
    window.set_tool("bridge")
    click(window, (0, 0))
    click(window, (1, 0))
    assert "already neighbours" in window.statusBar().currentMessage()
    window.set_tool("fort")
    click(window, (0, 0))
    assert "is a space" in window.statusBar().currentMessage()
    assert window.document.undo_stack.count() == 0


# --- undo / redo of every edit ----------------------------------------------------------------------

EDITS = {
    "paint": lambda d: d.set_kind([(0, 0)], "stronghold"),
    "grow": lambda d: d.set_kind([(4, 0)], "forest"),
    "icon": lambda d: d.set_icon((0, 0), Effect(area="all")),
    "ship": lambda d: d.place_ship((1, 0)),
    "erase": lambda d: d.erase([(1, 1)]),
    "fill": lambda d: d.flood_fill((0, 0), "dune"),
    "bridge": lambda d: d.add_bridge((0, 0), (2, -1)),
    "fort": lambda d: (d.erase([(0, 0)]), d.toggle_fort((0, 0))),
    "header": lambda d: d.set_header("name", "Renamed"),
    "orientation": lambda d: d.set_header("orientation", "flat"),
    "quest": lambda d: d.set_goal_steps("quest", [GoalStep("pattern", Effect(scrolls=3), pattern=("forest", "dune"))]),
    "quest-space": lambda d: d.toggle_quest_space((1, -1)),
    "mission": lambda d: d.set_goal_steps("mission 2", [GoalStep("areas", Effect(loot=1), terrain="cliff", count=2)]),
}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_each_edit_undoes_and_redoes_exactly(qtbot, name):
    doc = IslandDocument(new_island("hexagon", 3))
    before = doc.snapshot()
    EDITS[name](doc)
    after = doc.snapshot()
    assert after != before and doc.is_modified
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.island == before and not doc.is_modified
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.island == after


def test_undo_from_the_window_restores_the_title(window):
    window.view.fit()
    title = window.windowTitle()
    window.set_tool("stronghold")
    click(window, (0, 0))
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert not window.isWindowModified() and window.windowTitle() == title


HEXES = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
OPS = st.one_of(
    st.tuples(st.just("paint"), HEXES, st.sampled_from(["forest", "dune", "cliff", "lagoon", "white", "stronghold"])),
    st.tuples(st.just("ship"), HEXES, st.just("")),
    st.tuples(st.just("erase"), HEXES, st.just("")),
    st.tuples(st.just("fill"), HEXES, st.sampled_from(["forest", "lagoon"])),
    st.tuples(st.just("bridge"), HEXES, HEXES),
    st.tuples(st.just("fort"), HEXES, st.just("")),
    st.tuples(st.just("icon"), HEXES, st.sampled_from([None, Effect(scrolls=2), Effect(statue=1)])),
    st.tuples(st.just("quest"), HEXES, st.just("")),
    st.tuples(st.just("name"), st.just((0, 0)), st.text("abc ", max_size=5)),
)


@hsettings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(OPS, min_size=1, max_size=40))
def test_random_edits_undone_give_the_document_back_exactly(qtbot, ops):
    doc = IslandDocument(new_island("hexagon", 3))
    start = doc.snapshot()
    start_data = start.to_data()
    for op, h, arg in ops:
        try:
            if op == "paint":
                doc.set_kind([h], arg)
            elif op == "ship":
                doc.place_ship(h)
            elif op == "erase":
                doc.erase([h])
            elif op == "fill":
                doc.flood_fill(h, arg)
            elif op == "bridge":
                doc.add_bridge(h, arg)
            elif op == "fort":
                doc.toggle_fort(h)
            elif op == "icon":
                doc.set_icon(h, arg)
            elif op == "quest":
                doc.toggle_quest_space(h)
            elif op == "name":
                doc.set_header("name", arg)
        except (ValueError, KeyError):
            pass  # refused edits push nothing
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.island == start and doc.island.to_data() == start_data
    assert not doc.is_modified


# --- wizard shapes, findings, files ---------------------------------------------------------------------

@pytest.mark.parametrize("shape,kw,count", [("hexagon", {"size": 3}, 37), ("rectangle", {"width": 7, "height": 6}, 42),
                                            ("parallelogram", {"width": 5, "height": 4}, 20)])
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_new_islands_are_valid_from_the_start(shape, kw, count, orientation):
    island = new_island(shape, orientation=orientation, **kw)
    assert len(island.spaces) == count == len(set(shape_hexes(shape, orientation=orientation, **kw)))
    assert island.orientation == orientation
    assert rivages_findings(island) == []
    assert all(c.achievable for c in check_goals(island))


def test_a_finding_selects_its_space(window, qtbot):
    doc = window.document
    doc.set_kind([(5, 0)], "forest")            # not next to the island: a space nobody reaches?
    ships = [s.at for s in doc.island.spaces if s.kind == "ship"]
    doc.set_kind([(6, 0)], "stronghold")
    doc.set_kind([ships[0]], "forest")          # one ship left: rivages/ship-count
    findings = doc.refresh_findings()
    item = next(i for i in range(window.findings.tree.topLevelItemCount())
                if window.findings.findings[i].code == "rivages/ship-count")
    window.findings.tree.itemClicked.emit(window.findings.tree.topLevelItem(item), 0)
    assert window.selected == ships[1] and window.properties.where.text() == f"Space {list(ships[1])}"
    assert ships[1] in window.view.item.finding_hexes
    assert findings


def test_open_recent_and_bad_files(window, monkeypatch, tmp_path):
    assert window.open_path(GULL)
    assert window.document.island.id == "gull-rock" and window.recent_files() == [str(GULL)]
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: rivages-island/1\nid: x\nspaces: nope\n")
    shown = []
    monkeypatch.setattr(prompts, "show_error", lambda parent, title, text, details=None: shown.append(text))
    assert not window.open_path(bad)
    assert shown and "bad.yaml:3" in shown[0]
    assert window.document.island.id == "gull-rock"
    garbage = tmp_path / "garbage.yaml"
    garbage.write_text("format: rivages-island/1\nid: a\nid: b\n")
    assert not window.open_path(garbage)
    assert shown[-1] == (f"Could not open garbage.yaml.\n\n"  # every editor's shape
                         f"{garbage}:3:1: error yaml/duplicate-key: duplicate key 'id' (first at line 2)")


def test_studio_file_opens_an_island_in_the_island_editor(qtbot, qsettings):
    from studio.gui.app import editor_for, start_editor

    assert editor_for(GULL) == "studio.gui.rivages.island_editor:IslandEditorWindow"
    assert editor_for(ROOT / "boards" / "realm" / "jungle-temples-2p.yaml") is None
    w = start_editor([str(GULL)], qsettings)
    qtbot.addWidget(w)
    assert isinstance(w, ie.IslandEditorWindow) and w.document.path == str(GULL)


def test_try_it_starts_on_the_edited_island_and_copies_it():
    island = read(GULL)
    content = solo_content(island)
    assert [i.id for i in content.islands][:2] == ["gull-rock", "gull-rock-2"] and len(content.islands) == 6
    from studio.rules import load_game

    game = load_game(content, 1, 0)
    for seed in (0, 5, 9):
        assert game.new_state(first_on(game, 0, seed)).players_state[0].island == 0


def test_export_from_the_window_writes_true_size_pages(window, monkeypatch, tmp_path):
    window.open_path(GULL)
    monkeypatch.setattr(ie, "ask_export_island", lambda parent, suggested="": (str(tmp_path / "gull.svg"), "board", 20.0))
    assert window.export()
    assert (tmp_path / "gull.svg").is_file()
    assert "1 sheet the size of the island" in window.statusBar().currentMessage()


def test_editor_for_every_rivages_format():
    import importlib

    from studio.gui.app import CONTENT_EDITORS

    for fmt, target in CONTENT_EDITORS.items():
        module, _, name = target.partition(":")
        assert hasattr(importlib.import_module(module), name), fmt


def test_a_save_refused_by_the_schema_selects_the_space(window, monkeypatch, tmp_path):
    import dataclasses

    shown = []
    monkeypatch.setattr(prompts, "show_error", lambda *a, **k: shown.append(a[2]))
    doc = window.document
    k, space = next((k, s) for k, s in enumerate(doc.island.spaces) if s.kind != "ship")
    doc.island.spaces[k] = dataclasses.replace(space, kind="Bad Kind")   # no tool makes this: the schema refuses it
    window.select(None)
    monkeypatch.setattr(ie, "ask_save_despite_errors", lambda *a: True)   # the lint's warning: save anyway
    assert window._save_to(tmp_path / "bad.yaml") is False
    assert not (tmp_path / "bad.yaml").exists()
    assert shown and "was not saved" in shown[0] and "spaces[" in shown[0]
    assert window.selected == space.at and window.properties.where.text() == f"Space {list(space.at)}"
