"""A save over a file another program changed since the editor loaded or saved it asks first,
in every editor (board, scenario, island, tree, cards), also after "Keep Mine" (trial of issue
11: Keep Mine, then Save, silently wrote over the other program's version). The question
names the file and the time of the change; Cancel is its default and writes nothing; once
answered the save goes through and the next save does not ask again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from studio.content import bundled_path
from studio.gui.realm.main_window import default_board_path
from studio.gui.shell import prompts
from studio.model import io

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def recovery_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("STUDIO_RECOVERY_DIR", str(tmp_path / "recovery"))


def _outside_edit(path: Path, marker: str) -> float:
    """Another program appends a comment to ``path`` (same inode); returns the file's mtime."""
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(f"# {marker}\n")
    return os.stat(path).st_mtime


def _asked_over(dialogs, path: Path, changed_at: float) -> None:
    assert dialogs.named("ask_overwrite_changed") == [(path.name, changed_at)]


def _keep_mine_then_save(dialogs, qtbot, path: Path, edit, save, watcher) -> None:
    """The trial's steps: an edit, another program's change noticed and "Keep Mine", Save.
    Cancel (the default) writes nothing; Overwrite writes; the next save does not ask."""
    edit("first")
    dialogs.answer("ask_reload_changed", False)               # Keep Mine
    changed_at = _outside_edit(path, "theirs")
    qtbot.waitUntil(lambda: bool(dialogs.named("ask_reload_changed")), timeout=30_000)  # the watcher, on a loaded machine
    theirs = path.read_text(encoding="utf-8")

    dialogs.answer("ask_overwrite_changed", False)            # Cancel: nothing written
    assert save() is False
    _asked_over(dialogs, path, changed_at)
    assert path.read_text(encoding="utf-8") == theirs

    dialogs.answer("ask_overwrite_changed", True)             # Overwrite
    assert save() is True
    assert len(dialogs.named("ask_overwrite_changed")) == 2   # (their comment is kept: comments survive saves)

    edit("second")                                            # our own save is not a change
    assert save() is True
    assert len(dialogs.named("ask_overwrite_changed")) == 2
    assert len(dialogs.named("ask_reload_changed")) == 1
    assert watcher.overwritten_change(path) is None


def test_board_keep_mine_then_save_asks(window, dialogs, tmp_path, qtbot):
    target = tmp_path / "mine.yaml"
    shutil.copy(default_board_path(), target)
    assert window.load_path(target)
    doc = window.document
    _keep_mine_then_save(dialogs, qtbot, target, lambda text: doc.set_board_value("name", f"Mine {text}"),
                         window.save, window.files.watcher)
    assert io.read_board(target).name == "Mine second"


def test_board_save_as_onto_the_open_file_asks_too(window, dialogs, tmp_path, qtbot):
    """A change not yet reported by the watcher (the save comes first) asks the same way."""
    target = tmp_path / "mine.yaml"
    shutil.copy(default_board_path(), target)
    assert window.load_path(target)
    window.files.watcher.pause()
    changed_at = _outside_edit(target, "theirs")
    dialogs.answer("ask_save_path", str(target))
    dialogs.answer("ask_overwrite_changed", False)
    assert window.save_as() is False
    _asked_over(dialogs, target, changed_at)
    assert target.read_text(encoding="utf-8").endswith("# theirs\n")


def test_scenario_editor_keep_mine_then_save_asks(qtbot, dialogs, tmp_path):
    from studio.gui.realm.scenario_editor import ScenarioEditor

    for folder in ("scenarios", "boards"):
        shutil.copytree(bundled_path(folder), tmp_path / folder)
    target = tmp_path / "scenarios" / "volcano.yaml"
    ed = ScenarioEditor()
    qtbot.addWidget(ed, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert ed.open_path(str(target))
    _keep_mine_then_save(dialogs, qtbot, target, lambda text: ed.document.set_value(("name",), f"Volcano {text}"),
                         ed.save, ed.disk.watcher)
    assert io.read_scenario(target).name == "Volcano second"


def test_island_editor_keep_mine_then_save_asks(qtbot, dialogs, tmp_path):
    from studio.gui.rivages import island_editor as ie

    target = tmp_path / "amber.yaml"
    shutil.copy(ROOT / "boards/rivages/islands/amber-shoals.yaml", target)
    w = ie.IslandEditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.open_path(target)
    _keep_mine_then_save(dialogs, qtbot, target, lambda text: w.document.set_value(("description",), text),
                         w.save, w.disk.watcher)
    assert io.read(target).description == "second"


@pytest.mark.parametrize("kind", ["tree", "cards"])
def test_tree_and_card_editors_keep_mine_then_save_asks(qtbot, dialogs, tmp_path, kind):
    from studio.gui.rivages.card_editor import CardEditorWindow
    from studio.gui.rivages.tree_editor import TreeEditorWindow

    source = {"tree": ROOT / "boards/rivages/trees/banyan.yaml", "cards": ROOT / "boards/rivages/cards.yaml"}[kind]
    target = tmp_path / source.name
    shutil.copy(source, target)
    cls = TreeEditorWindow if kind == "tree" else CardEditorWindow
    w = cls(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    assert w.load_path(target)
    edits = []

    def edit(_text):  # any undoable edit marks the document modified; saving writes the model
        edits.append(_text)
        w.document.undo_stack.resetClean()

    _keep_mine_then_save(dialogs, qtbot, target, edit, lambda: w._save_to(str(target)), w.disk.watcher)


def test_the_question_names_file_and_time_and_cancel_is_the_default(qtbot, real_dialogs, tmp_path):
    seen = {}

    def look():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen["text"] = box.text()
        seen["default"] = box.defaultButton().text()
        seen["escape"] = box.escapeButton() is box.defaultButton()
        box.grab().save(os.environ.get("STUDIO_SHOT_DIR", str(tmp_path)) + "/overwrite-changed.png")
        box.defaultButton().click()

    QTimer.singleShot(50, look)
    import time

    # a change made today shows the time alone, so the dialog's file time is today's 01:23:45
    now = time.localtime()
    when = time.mktime((now.tm_year, now.tm_mon, now.tm_mday, 1, 23, 45, 0, 0, -1))
    assert real_dialogs["ask_overwrite_changed"](None, "mine.yaml", when) is False
    assert "mine.yaml" in seen["text"] and "01:23:45" in seen["text"]
    assert seen["default"] == "Cancel" and seen["escape"]
    assert prompts.disk_time_text(when, now=when + 60) == "01:23:45"
    assert prompts.disk_time_text(when, now=when + 3 * 86400) == time.strftime("%Y-%m-%d 01:23", now)

