"""Saving content from the Rivages editors: goals the file format cannot hold are findings at
once and a plain refusal on save (never a schema message about a file never written); a
folder, a missing folder or one without write permission is refused before anything else."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from studio.gui.rivages import island_editor as ie
from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.rivages.content_document import CannotSave, check_save_target, save_error_text
from studio.gui.rivages.island_document import IslandDocument, new_island
from studio.gui.rivages.tree_editor import TreeEditorWindow
from studio.gui.shell import prompts
from studio.model.rivages import Effect, GoalStep
from studio.validate.rivages import rivages_findings

ROOT = Path(__file__).resolve().parents[3]
CARDS = ROOT / "boards" / "rivages" / "cards.yaml"


@pytest.fixture
def shown(monkeypatch):
    errors: list[tuple[str, str, str | None]] = []
    monkeypatch.setattr(prompts, "show_error",
                        lambda parent, title, text, details=None: errors.append((title, text, details)))
    monkeypatch.setattr(prompts, "ask_unsaved_changes", lambda *a, **k: pytest.fail("unexpected unsaved prompt"))
    return errors


@pytest.fixture
def island_window(qtbot, tmp_path, shown):
    w = ie.IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    return w


def _codes(findings):
    return [(f.code, f.severity, f.message, f.element) for f in findings]


# --- goals the format cannot hold -------------------------------------------------------------

def test_a_quest_step_with_no_spaces_is_a_finding_and_a_plain_refusal(island_window, tmp_path, shown):
    w = island_window
    doc = w.document
    quest = doc.island.quest.steps[0]
    assert quest.kind == "spaces" and len(quest.spaces) == 1
    w.goals.widgets["quest-0-pick"].click()
    doc.toggle_quest_space(quest.spaces[0])          # what clicking the picked space does
    assert doc.island.quest.steps[0].spaces == ()
    findings = doc.refresh_findings()
    assert ("rivages/quest-no-spaces", "error", "quest step 1 picks no spaces (pick 1 to 12 on the island)",
            ("goal", "quest")) in _codes(findings)
    assert any(f.code == "rivages/quest-no-spaces" for f in w.findings.findings)
    target = tmp_path / "empty-quest.yaml"
    assert not w._save_to(str(target))
    assert not target.exists() and doc.is_modified
    title, text, _details = shown[-1]
    assert title == "Cannot save island"
    assert text == "The island was not saved: quest step 1 picks no spaces (pick 1 to 12 on the island)"
    # picking a space again makes it savable
    doc.toggle_quest_space(quest.spaces[0])
    assert w._save_to(str(target)) and target.exists()


def test_unwritable_goal_kinds_are_findings():
    island = new_island()
    island.quest.steps = [GoalStep("pattern", Effect(scrolls=2), pattern=("forest",)),
                          GoalStep("spaces", Effect(scrolls=1), spaces=tuple(s.at for s in island.spaces[:13]))]
    island.missions[0].steps[0].count = 0
    found = {f.code: f.message for f in rivages_findings(island)}
    assert found["rivages/pattern-length"] == "quest step 1's pattern has 1 space kind; a pattern has 2 to 6"
    assert found["rivages/quest-too-many-spaces"] == ("quest step 2 picks 13 spaces; a quest step names at "
                                                      "most 12")
    assert found["rivages/mission-count"] == "mission 1 step 1 asks for 0 areas; a mission step asks for 1 or 2"


def test_picking_stops_at_12_spaces():
    doc = IslandDocument(new_island())
    free = [s.at for s in doc.island.spaces if s.at not in doc.island.quest.steps[0].spaces]
    for h in free[:11]:
        assert doc.toggle_quest_space(h)
    with pytest.raises(ValueError, match="at most 12 spaces"):
        doc.toggle_quest_space(free[11])
    assert len(doc.island.quest.steps[0].spaces) == 12


def test_a_second_step_added_in_the_goal_editor_is_reported_not_written(island_window, tmp_path, shown):
    w = island_window
    w.goals.widgets["quest-steps"].setValue(2)       # the new step has no spaces yet
    assert w.document.island.quest.steps[1].spaces == ()
    codes = [f.code for f in w.document.refresh_findings()]
    assert codes == ["rivages/quest-no-spaces"]
    with pytest.raises(CannotSave, match=r"^quest step 2 picks no spaces"):
        w.document.save(tmp_path / "two.yaml")
    assert list(tmp_path.glob("two*")) == []


def test_a_schema_refusal_names_the_element_not_a_line(tmp_path):
    doc = IslandDocument(new_island())
    doc.island.id = "not an id!"                     # only the schema knows ids
    with pytest.raises(CannotSave) as info:
        doc.save(tmp_path / "x.yaml")
    text = str(info.value)
    assert text.startswith("it would not load back as it is: ") and "'id'" in text
    assert str(tmp_path) not in text and str(tmp_path) not in info.value.details
    assert not (tmp_path / "x.yaml").exists()


# --- where the file goes ----------------------------------------------------------------------

def test_check_save_target(tmp_path, monkeypatch):
    (tmp_path / "out").mkdir()
    (tmp_path / "file.txt").write_text("x")
    for path, message in ((tmp_path / "out", "out is a folder; choose a file name"),
                          (tmp_path / "nope" / "a.yaml", f"cannot write in {tmp_path / 'nope'}: the folder does not exist"),
                          (tmp_path / "file.txt" / "a.yaml", f"cannot write in {tmp_path / 'file.txt'}: it is not a folder")):
        with pytest.raises(CannotSave) as info:
            check_save_target(path)
        assert str(info.value) == message
    assert check_save_target(tmp_path / "new.yaml") == tmp_path / "new.yaml"
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if Path(p) == locked else real(p, mode, **k))
    with pytest.raises(CannotSave, match=r"^cannot write in .*locked: permission denied$"):
        check_save_target(locked / "a.yaml")


def test_oserror_text_is_plain():
    assert save_error_text(PermissionError(13, "no permission to write in /x", "/x/a.yaml")) == \
        ("cannot write in /x: permission denied", None)
    assert save_error_text(OSError(28, "the disk is full", "/x/a.yaml")) == ("cannot write /x/a.yaml: the disk is full", None)


def test_island_save_as_onto_a_folder_is_refused(island_window, tmp_path, shown, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(ie, "ask_save_island", lambda parent, suggested="": str(out))
    assert not island_window.save_as()
    assert shown[-1][1] == "The island was not saved: out is a folder; choose a file name"
    assert [p.name for p in tmp_path.iterdir() if p.name != "s.ini"] == ["out"] and not any(out.iterdir())


def test_a_folder_check_comes_before_the_schema(island_window, tmp_path, shown, monkeypatch):
    """An unwritable folder and a schema problem: the folder is what the user must fix first."""
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **k: False if Path(p) == locked else real(p, mode, **k))
    island_window.document.island.id = "bad id!"
    assert not island_window._save_to(str(locked / "a.yaml"))
    assert shown[-1][1] == f"The island was not saved: cannot write in {locked}: permission denied"


@pytest.mark.parametrize("window_type,path", [(CardEditorWindow, CARDS),
                                              (TreeEditorWindow, None)])
def test_content_editors_refuse_a_folder(qtbot, tmp_path, shown, monkeypatch, window_type, path):
    w = window_type(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    if path is not None:
        assert w.load_path(path, interactive=False)
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(prompts, "ask_save_path", lambda parent, suggested="", kind="": str(out))
    assert not w.save_as()
    assert shown[-1][1] == "out was not saved: out is a folder; choose a file name"
    assert [p.name for p in tmp_path.iterdir() if p.name != "s.ini"] == ["out"] and not any(out.iterdir())


# --- opening a file of the wrong kind or a broken one ---------------------------------------

def test_the_island_editor_names_a_board_file(island_window, tmp_path, shown):
    board = tmp_path / "typo.yaml"                   # a board with schema errors (QA's typo.yaml)
    board.write_text("format: realm-board/1\nid: x\npegz: {}\n")
    assert not island_window.open_path(board)
    assert shown[-1][:2] == ("Cannot open board", "Could not open typo.yaml.\n\n" + shown[-1][2])
    assert shown[-1][2].endswith("content/wrong-kind: typo.yaml is a Rule the Realm board (realm-board/1), "
                                 "not an island")


def test_a_broken_loot_file_starts_a_new_loot_set(qtbot, tmp_path, shown):
    from studio.gui.app import start_editor
    from studio.model.rivages import LootSet

    loot = tmp_path / "loot-min.yaml"
    loot.write_text("format: rivages-loot/1\n")
    w = start_editor([str(loot)], settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert isinstance(w.document.model, LootSet) and w.document.path is None
    assert w.stack.currentWidget() is w.loot_page


# --- the island fills the canvas on open -----------------------------------------------------

def test_an_island_opened_from_the_command_line_is_fitted(qtbot, tmp_path, shown):
    from studio.gui.app import start_editor

    island = ROOT / "boards" / "rivages" / "islands" / "gull-rock.yaml"
    w = start_editor([str(island)], settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    qtbot.waitExposed(w)
    w.resize(1280, 820)   # its size on a large screen (it opens fitted to the 800 x 800 offscreen one)
    view = w.view
    qtbot.waitUntil(lambda: view.zoom() > 20)        # QA saw 1.6 (a speck) where Fit gives ~40
    fitted = view.zoom()
    view.fit()
    assert view.zoom() == pytest.approx(fitted)
    w.resize(w.width() - 300, w.height() - 200)      # smaller window: still the whole island
    qtbot.waitUntil(lambda: view.zoom() < fitted)
    qtbot.wait(20)                                   # the layout settles in more than one pass
    smaller = view.zoom()
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, QPointF(view.viewport().mapToGlobal(centre.toPoint())), QPoint(), QPoint(0, 120),
                        Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)   # the user zooms: that zoom stays
    zoomed = view.zoom()
    assert zoomed > smaller
    w.resize(w.width() + 300, w.height() + 200)
    qtbot.wait(1)
    assert view.zoom() == pytest.approx(zoomed)
