"""Autosave and crash recovery: unsaved work is written to a recovery file on a timer, removed
on save and on close; after an editor is killed, the next start offers to restore it and
restores the edits exactly, as a modified document that remembers its file."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.gui import app as studio_app
from studio.gui import prompts
from studio.gui.document import BoardDocument
from studio.gui.files import recovery
from studio.gui.files.recovery import Autosaver, RecoveryStore
from studio.gui.main_window import MainWindow, default_board_path
from studio.model import io

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
FILE_DIALOGS = ("ask_export", "ask_print_settings", "ask_print", "ask_export_file", "ask_reload_changed",
                "ask_restore_recovery")


@pytest.fixture(autouse=True)
def recovery_dir(tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    monkeypatch.setenv("STUDIO_RECOVERY_DIR", str(folder))
    return folder


@pytest.fixture
def file_dialogs(dialogs, monkeypatch):
    for name in FILE_DIALOGS:
        monkeypatch.setattr(prompts, name, dialogs._make(name))
    return dialogs


@pytest.fixture
def board_file(tmp_path):
    target = tmp_path / "board.yaml"
    shutil.copy(default_board_path(), target)
    return target


def the_edits(doc: BoardDocument) -> None:
    """The unsaved edits of the crash test (the child process makes the same ones)."""
    doc.set_board_value("name", "Edited before the crash")
    doc.move_pegs({"a1": (-1.0, 0.0)})
    colour = "red" if doc.board.pegs["b2"].colour != "red" else "blue"
    doc.set_peg_colour(["b2"], colour)


# -- settings ----------------------------------------------------------------------------------

def test_folder_and_interval_come_from_the_environment(monkeypatch, recovery_dir):
    assert recovery.recovery_dir() == recovery_dir
    monkeypatch.delenv("STUDIO_RECOVERY_DIR")
    assert recovery.recovery_dir().parts[-2:] == ("board-studio", "recovery")
    monkeypatch.delenv("STUDIO_AUTOSAVE_SECONDS", raising=False)
    assert recovery.autosave_interval_ms() == 30_000
    monkeypatch.setenv("STUDIO_AUTOSAVE_SECONDS", "0.25")
    assert recovery.autosave_interval_ms() == 250
    for bad in ("soon", "-1", "0"):
        monkeypatch.setenv("STUDIO_AUTOSAVE_SECONDS", bad)
        assert recovery.autosave_interval_ms() == 30_000
    monkeypatch.setenv("STUDIO_NO_AUTOSAVE_PROMPT", "1")
    assert not recovery.restore_offer_enabled()
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT")
    assert recovery.restore_offer_enabled()


def test_dead_and_reused_processes_are_not_owners():
    assert recovery.process_alive(os.getpid(), recovery.process_token(os.getpid()))
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    assert not recovery.process_alive(int(child.stdout))
    if recovery.process_token(os.getpid()) is not None:  # Linux: a reused pid has another start time
        assert not recovery.process_alive(os.getppid(), "not-its-start-time")


# -- autosave ----------------------------------------------------------------------------------

def test_autosave_only_when_modified_and_changed(qtbot, board_file, recovery_dir):
    doc = BoardDocument()
    doc.load(board_file)
    saver = Autosaver(doc, interval_ms=50)
    saved = []
    saver.saved.connect(saved.append)
    qtbot.wait(150)
    assert saved == [] and not recovery_dir.exists()      # clean: nothing to save

    the_edits(doc)
    qtbot.waitUntil(lambda: len(saved) == 1, timeout=3000)
    qtbot.wait(150)
    assert len(saved) == 1                                 # no change since: no rewrite
    record = json.loads(Path(saved[0]).read_text(encoding="utf-8"))
    assert record["format"] == "board-studio-recovery/1"
    assert record["original_path"] == str(board_file)
    assert record["pid"] == os.getpid()
    assert record["text"] == io.to_text(doc.board)
    assert not list(recovery_dir.glob("*.tmp"))            # written atomically

    doc.set_board_value("name", "Edited again")
    qtbot.waitUntil(lambda: len(saved) == 2, timeout=3000)

    doc.save()                                             # saved: the recovery file goes
    assert not Path(saved[0]).exists()
    doc.set_board_value("name", "After the save")
    qtbot.waitUntil(lambda: len(saved) == 3, timeout=3000)
    doc.undo_stack.undo()                                  # back to the saved state: clean again
    assert not Path(saved[0]).exists()
    saver.stop()


def test_closing_the_window_removes_its_recovery_file(window, file_dialogs, recovery_dir):
    the_edits(window.document)
    path = window.files.autosaver.autosave_now()
    assert path is not None and path.exists()
    file_dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    assert window.close()
    assert not path.exists()


def test_a_running_editors_file_is_not_offered(window, file_dialogs, recovery_dir, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    the_edits(window.document)
    window.files.autosaver.autosave_now()
    other = RecoveryStore()
    assert [e.is_orphan for e in other.entries()] == [False]
    assert other.orphans() == []
    assert window.files.offer_recovery() is False
    assert file_dialogs.named("ask_restore_recovery") == []


# -- crash and restore -------------------------------------------------------------------------

CRASHING_EDITOR = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from studio.gui import app as studio_app
    from studio.gui.main_window import MainWindow

    sys.path.insert(0, os.environ["TEST_DIR"])
    from test_recovery import the_edits

    def edit():
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        the_edits(window.document)
        # killed right after the first autosave: no chance to clean up
        window.files.autosaver.saved.connect(lambda path: os.kill(os.getpid(), signal.SIGKILL))

    QTimer.singleShot(0, edit)
    sys.exit(studio_app.main([sys.argv[1]]))
""")


def run_crashing_editor(tmp_path: Path, board: Path, recovery_dir: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        "STUDIO_RECOVERY_DIR": str(recovery_dir),
        "STUDIO_AUTOSAVE_SECONDS": "0.2",
        "STUDIO_NO_AUTOSAVE_PROMPT": "1",
        "TEST_DIR": str(Path(__file__).parent),
        "HOME": str(tmp_path / "home"),                  # the child's QSettings stay in tmp_path
        "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config"),
        "PYTHONPATH": os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]),
    })
    script = tmp_path / "crashing_editor.py"
    script.write_text(CRASHING_EDITOR, encoding="utf-8")
    return subprocess.run([sys.executable, str(script), str(board)], env=env, capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)


def test_restore_after_a_crash(qtbot, tmp_path, board_file, recovery_dir, file_dialogs, settings, monkeypatch):
    before = board_file.read_bytes()
    child = run_crashing_editor(tmp_path, board_file, recovery_dir)
    assert child.returncode == -signal.SIGKILL, child.stderr
    (left,) = recovery_dir.glob("*.json")
    assert board_file.read_bytes() == before               # the edits were never saved

    expected = BoardDocument()
    expected.load(board_file)
    the_edits(expected)

    # a fresh editor, in this process: it offers the lost work and restores it exactly
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    file_dialogs.answer("ask_restore_recovery", prompts.RecoveryChoice.RESTORE)
    window = studio_app.start_editor([], settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    ((name, original, saved_at),) = file_dialogs.named("ask_restore_recovery")
    assert (name, original) == ("board.yaml", str(board_file))
    assert saved_at[:2] == "20"

    doc = window.document
    assert io.to_text(doc.board) == io.to_text(expected.board)
    assert doc.board == expected.board
    assert doc.path == str(board_file)
    assert doc.is_modified and window.isWindowModified()
    assert "board.yaml" in window.windowTitle()
    assert not left.exists()                                # replaced by this session's file
    assert window.files.autosaver.file.exists()
    assert window.files.watcher.path == str(board_file.resolve())

    assert window.save() is True                            # saving writes the original file
    assert io.read_board(board_file) == expected.board
    assert not window.files.autosaver.file.exists()
    assert not doc.is_modified


def test_discard_and_later(qtbot, board_file, recovery_dir, file_dialogs, settings, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    store = RecoveryStore()
    doc = BoardDocument()
    doc.load(board_file)
    the_edits(doc)
    # two lost sessions of a process that no longer runs
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    for session in ("older", "newer"):
        path = store.write(session, doc.board, str(board_file), "board.yaml")
        record = json.loads(path.read_text(encoding="utf-8"))
        record.update(pid=int(dead.stdout), saved_at=record["saved_at"] + (session == "newer"))
        path.write_text(json.dumps(record), encoding="utf-8")
    assert [e.session for e in store.orphans()] == ["newer", "older"]

    file_dialogs.answer("ask_restore_recovery", prompts.RecoveryChoice.LATER)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert window.files.offer_recovery() is False
    assert len(file_dialogs.named("ask_restore_recovery")) == 1
    assert len(store.orphans()) == 2                         # kept for next time

    file_dialogs.answer("ask_restore_recovery", prompts.RecoveryChoice.DISCARD)
    assert window.files.offer_recovery() is False
    assert len(file_dialogs.named("ask_restore_recovery")) == 3  # asked about each
    assert store.orphans() == []
    assert not window.document.is_modified

    monkeypatch.setenv("STUDIO_NO_AUTOSAVE_PROMPT", "1")      # the test suite's default: never asks
    store.write("again", doc.board, None, "New board (unsaved)")
    assert window.files.offer_recovery() is False
    assert len(file_dialogs.named("ask_restore_recovery")) == 3


def test_restore_a_board_never_saved(qtbot, board_file, recovery_dir, file_dialogs, settings, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    doc = BoardDocument()
    doc.set_board_value("name", "")                          # not even valid yet: restored as it was
    store = RecoveryStore()
    path = store.write("lost", doc.board, None, doc.display_name())
    record = json.loads(path.read_text(encoding="utf-8"))
    record["pid"] = 0
    path.write_text(json.dumps(record), encoding="utf-8")

    file_dialogs.answer("ask_restore_recovery", prompts.RecoveryChoice.RESTORE)
    window = MainWindow(settings=QSettings(str(board_file.with_suffix(".ini")), QSettings.IniFormat))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert window.files.offer_recovery() is True
    assert window.document.path is None
    assert window.document.board == doc.board
    assert window.document.is_modified
    assert not path.exists()
