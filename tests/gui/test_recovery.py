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
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from studio.gui import app as studio_app
from studio.gui.realm.document import BoardDocument
from studio.gui.realm.main_window import MainWindow, default_board_path
from studio.gui.shell import prompts
from studio.gui.shell.files import recovery
from studio.gui.shell.files.recovery import Autosaver, RecoveryStore
from studio.gui.shell.files.recovery_dialog import RecoveryDecision
from studio.model import io

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
FILE_DIALOGS = ("ask_export", "ask_print_settings", "ask_print", "ask_export_file", "ask_reload_changed")


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


class RecoverDialog:
    """Stands in for the Recover Autosaves dialog: records each call's (entries, at_launch,
    earlier) and answers with ``policy(entries)`` (default: Later)."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[tuple[list, bool, int]] = []
        self.policy = lambda entries: RecoveryDecision()
        monkeypatch.setattr(prompts, "ask_recover_autosaves", self)

    def __call__(self, parent, entries, at_launch=False, earlier=0):
        self.calls.append((list(entries), at_launch, earlier))
        return self.policy(entries)

    def restore_first(self) -> None:
        self.policy = lambda entries: RecoveryDecision(restore=entries[0])

    def discard_all(self) -> None:
        self.policy = lambda entries: RecoveryDecision(discard=list(entries))


@pytest.fixture
def recover_dialog(monkeypatch):
    return RecoverDialog(monkeypatch)


@pytest.fixture
def board_file(tmp_path):
    target = tmp_path / "board.yaml"
    shutil.copy(default_board_path(), target)
    hour_ago = time.time() - 3600
    os.utime(target, (hour_ago, hour_ago))  # last saved before any autosave the tests make
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
    assert record["kind"] == "realm-board/2" and record["data"] == doc.board.to_data()
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


def test_a_running_editors_file_is_not_offered(window, file_dialogs, recover_dialog, recovery_dir, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    the_edits(window.document)
    window.files.autosaver.autosave_now()
    other = RecoveryStore()
    assert [e.is_orphan for e in other.entries()] == [False]
    assert other.orphans() == []
    assert window.files.offer_recovery() is False
    assert recover_dialog.calls == []
    assert other.clean_stale(keep_days=0, now=time.time() + 1e6) == []   # never cleaned while it runs


# -- crash and restore -------------------------------------------------------------------------

CRASHING_EDITOR = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from studio.gui import app as studio_app
    from studio.gui.realm.main_window import MainWindow

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


def test_restore_after_a_crash(qtbot, tmp_path, board_file, recovery_dir, file_dialogs, recover_dialog, settings,
                               monkeypatch):
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
    recover_dialog.restore_first()
    window = studio_app.start_editor([], settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    (((entry,), at_launch, earlier),) = recover_dialog.calls
    assert (entry.name, entry.original_path, at_launch, earlier) == ("board.yaml", str(board_file), True, 0)
    assert entry.saved_at_text()[:2] == "20"

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


def lost(store: RecoveryStore, session: str, board, original, name: str, age_s: float = 0.0) -> Path:
    """A recovery file of an editor that is gone, written ``age_s`` seconds ago."""
    path = store.write(session, board, str(original) if original else None, name)
    record = json.loads(path.read_text(encoding="utf-8"))
    record.update(pid=DEAD_PID, saved_at=record["saved_at"] - age_s)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


DEAD_PID = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)


def test_later_is_not_asked_again_until_a_new_crash(qtbot, board_file, recovery_dir, recover_dialog, settings,
                                                    monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    store = RecoveryStore()
    doc = BoardDocument()
    doc.load(board_file)
    the_edits(doc)
    lost(store, "older", doc.board, board_file, "board.yaml", age_s=2)
    lost(store, "newer", doc.board, board_file, "board.yaml", age_s=1)
    assert [e.session for e in store.to_offer()] == ["newer", "older"]

    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert window.files.offer_recovery() is False            # Later
    ((shown, at_launch, earlier),) = recover_dialog.calls
    assert [e.session for e in shown] == ["newer", "older"] and at_launch and earlier == 0
    assert len(store.orphans()) == 2                          # kept...
    assert store.to_offer() == []                             # ...and not offered again

    assert window.files.offer_recovery() is False             # the next start: no question
    assert len(recover_dialog.calls) == 1

    lost(store, "crash-2", doc.board, None, "New board (unsaved)")   # something new happened
    assert window.files.offer_recovery() is False
    (shown, at_launch, earlier) = recover_dialog.calls[-1]
    assert [e.session for e in shown] == ["crash-2"] and earlier == 2   # only the new one; 2 put off
    assert window.files.offer_recovery() is False
    assert len(recover_dialog.calls) == 2

    # File ▸ Recover Autosaves… lists them all, and restores one
    assert window.files.recover_action in window.menuBar().actions()[0].menu().actions()
    recover_dialog.policy = lambda entries: RecoveryDecision(restore=next(e for e in entries if e.session == "older"))
    window.files.recover_action.trigger()
    (shown, at_launch, _) = recover_dialog.calls[-1]
    assert sorted(e.session for e in shown) == ["crash-2", "newer", "older"] and not at_launch
    assert window.document.path == str(board_file) and window.document.is_modified
    assert window.document.board == doc.board
    assert sorted(e.session for e in store.orphans()) == ["crash-2", "newer"]


def test_discard_deletes_and_the_menu_says_when_nothing_is_left(qtbot, board_file, recovery_dir, dialogs,
                                                                 recover_dialog, settings, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    store = RecoveryStore()
    doc = BoardDocument()
    doc.load(board_file)
    the_edits(doc)
    files = [lost(store, name, doc.board, board_file, "board.yaml") for name in ("one", "two")]
    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    recover_dialog.discard_all()
    assert window.files.offer_recovery() is False
    assert not any(f.exists() for f in files)
    assert not window.document.is_modified
    dialogs.answer("show_info")
    assert window.files.recover_autosaves() is False
    ((title, text),) = dialogs.named("show_info")
    assert "no autosaved work" in text
    assert len(recover_dialog.calls) == 1

    monkeypatch.setenv("STUDIO_NO_AUTOSAVE_PROMPT", "1")      # the test suite's default: never asks
    lost(store, "again", doc.board, None, "New board (unsaved)")
    assert window.files.offer_recovery() is False
    assert len(recover_dialog.calls) == 1


def test_stale_autosaves_are_removed_silently(qtbot, tmp_path, board_file, recovery_dir, recover_dialog, settings,
                                              monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    store = RecoveryStore()
    doc = BoardDocument()
    doc.load(board_file)
    the_edits(doc)
    day = 86400
    saved_since = lost(store, "saved-since", doc.board, board_file, "board.yaml", age_s=60)
    os.utime(board_file)                                      # the file was saved after the autosave
    kept = lost(store, "kept", doc.board, board_file, "board.yaml")   # autosaved after that save
    gone = tmp_path / "deleted.yaml"
    old_gone = lost(store, "old-gone", doc.board, gone, "deleted.yaml", age_s=(recovery.KEEP_DAYS + 1) * day)
    new_gone = lost(store, "new-gone", doc.board, gone, "deleted.yaml", age_s=2 * day)
    never_saved = lost(store, "never-saved", doc.board, None, "New board (unsaved)", age_s=400 * day)

    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert window.files.offer_recovery() is False
    assert not saved_since.exists() and not old_gone.exists()
    assert kept.exists() and new_gone.exists() and never_saved.exists()
    ((shown, _, _),) = recover_dialog.calls
    assert sorted(e.session for e in shown) == ["kept", "never-saved", "new-gone"]
    states = {e.session: e.original_state() for e in shown}
    assert states == {"kept": "older", "never-saved": "unsaved", "new-gone": "missing"}


def test_the_dialog_shows_full_paths_and_decides(qtbot, tmp_path, recovery_dir, monkeypatch):
    """Same-named boards of two checkouts are told apart by their full paths; Discard takes
    rows out, Restore returns the selected one."""
    from studio.gui.shell.files.recovery_dialog import RecoveryDialog, original_text

    store = RecoveryStore()
    board = io.read_board(default_board_path())
    checkouts = []
    for name in ("checkout-a", "checkout-b"):
        target = tmp_path / name / "boards" / "jungle.yaml"
        target.parent.mkdir(parents=True)
        shutil.copy(default_board_path(), target)
        os.utime(target, (time.time() - 3600,) * 2)
        checkouts.append(target)
    for i, target in enumerate(checkouts):
        lost(store, f"s{i}", board, target, "jungle.yaml", age_s=10 - i)
    lost(store, "s9", board, None, "New board (unsaved)", age_s=20)
    lost(store, "s8", board, tmp_path / "gone.yaml", "gone.yaml", age_s=30)
    entries = store.orphans()
    dialog = RecoveryDialog(entries, at_launch=True, earlier=2)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.table
    rows = [[table.topLevelItem(i).text(c) for c in range(4)] for i in range(table.topLevelItemCount())]
    assert [r[3] for r in rows] == [str(checkouts[1]), str(checkouts[0]), "untitled board (never saved to a file)",
                                    f"{tmp_path / 'gone.yaml'}  (deleted or moved since)"]
    assert [r[0] for r in rows[:2]] == ["jungle.yaml", "jungle.yaml"]
    assert {r[1] for r in rows} == {"Board"}
    assert all(r[2][:2] == "20" for r in rows)
    assert "did not close properly" in dialog.heading.text() and "4 boards" in dialog.heading.text()
    assert "2 older autosaves" in dialog.note.text() and "Recover Autosaves" in dialog.note.text()
    assert original_text(entries[0]) == str(checkouts[1])
    dialog.grab().save(str(tmp_path / "recovery-dialog.png"))

    table.clearSelection()
    table.topLevelItem(1).setSelected(True)                  # checkout-a
    dialog.discard_button.click()
    assert [e.session for e in dialog.entries()] == ["s1", "s9", "s8"]
    assert dialog.isVisible()
    table.clearSelection()
    table.topLevelItem(0).setSelected(True)
    assert dialog.restore_button.isEnabled() and dialog.restore_button.text() == "Restore"
    table.topLevelItem(2).setSelected(True)
    assert dialog.restore_button.text() == "Restore 2"      # several at once, each into its own editor
    dialog.restore_button.click()
    decision = dialog.decision()
    assert decision.restore.session == "s1"
    assert [e.session for e in decision.restores()] == ["s1", "s8"]
    assert [e.session for e in decision.discard] == ["s0"]
    assert not dialog.isVisible()


def test_restore_a_board_never_saved(qtbot, board_file, recovery_dir, recover_dialog, settings, monkeypatch):
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    doc = BoardDocument()
    doc.set_board_value("name", "")                          # not even valid yet: restored as it was
    store = RecoveryStore()
    path = store.write("lost", doc.board, None, doc.display_name())
    record = json.loads(path.read_text(encoding="utf-8"))
    record["pid"] = 0
    path.write_text(json.dumps(record), encoding="utf-8")

    recover_dialog.restore_first()
    window = MainWindow(settings=QSettings(str(board_file.with_suffix(".ini")), QSettings.IniFormat))
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert window.files.offer_recovery() is True
    assert window.document.path is None
    assert window.document.board == doc.board
    assert window.document.is_modified
    assert not path.exists()
