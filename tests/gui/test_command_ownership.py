"""Undo commands and their document: no reference cycle through Qt's C++ ownership.

A BoardDocument owns its QUndoStack; the stack owns (in C++) every pushed command and the
children of each macro. Commands that held their document strongly made a cycle only
Python's cycle collector could break, and it did so in an order that deleted C++ commands
under half-cleared wrappers: ``pytest tests/gui/test_commands.py`` alone exited 139."""

from __future__ import annotations

import gc
import inspect
import subprocess
import sys
import textwrap
import weakref

import pytest
from PySide6.QtGui import QUndoCommand

from studio.gui.realm import commands
from studio.gui.realm.document import BoardDocument
from studio.gui.shell.document_commands import DocumentCommand

pytestmark = pytest.mark.gui


def _edited_document() -> BoardDocument:
    doc = BoardDocument()
    doc.add_peg(20.0, 20.0)                                   # a plain command
    with doc.macro("Two pegs and a line"):                    # a macro with child commands
        a = doc.add_peg(22.0, 20.0)
        b = doc.add_peg(23.0, 20.0)
        doc.add_line(a, b)
    doc.move_pegs({a: (22.0, 21.0)}, gesture=1)               # two moves that merge
    doc.move_pegs({a: (22.0, 22.0)}, gesture=1)
    doc.undo_stack.undo()
    doc.undo_stack.redo()
    return doc


def test_a_document_with_commands_is_freed_without_the_cycle_collector(qapp):
    gc.collect()
    gc.disable()
    try:
        doc = _edited_document()
        assert doc.undo_stack.count() == 3
        assert doc.undo_stack.command(1).childCount() == 3
        ref = weakref.ref(doc)
        del doc
        assert ref() is None  # freed by reference counting: nothing points back at it
    finally:
        gc.enable()


def test_every_board_command_holds_its_document_weakly(qapp):
    classes = [obj for _name, obj in inspect.getmembers(commands, inspect.isclass)
               if issubclass(obj, QUndoCommand)]
    assert len(classes) >= 15
    assert [c.__name__ for c in classes if not issubclass(c, DocumentCommand)] == []
    doc = BoardDocument()
    doc.add_peg(20.0, 20.0)
    command = doc.undo_stack.command(0)
    assert command.document is doc
    assert "document" not in vars(command)  # only the weak reference is stored


def test_collecting_documents_with_macros_does_not_crash_the_interpreter():
    """The failing input: documents with macro commands dropped and garbage-collected."""
    script = textwrap.dedent("""
        import gc
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from studio.gui.realm.document import BoardDocument
        for i in range(120):
            doc = BoardDocument()
            with doc.macro("two pegs"):
                doc.add_peg(20.0, 20.0)
                doc.add_peg(21.0, 20.0)
            doc.add_peg(25.0, 20.0)
            del doc
            if i % 10 == 0:
                gc.collect()
        print("done")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                         env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "done"


def test_freeing_a_modified_document_with_its_autosaver_does_not_crash():
    """QUndoStack's destructor emits cleanChanged; the autosaver listening to it was being
    freed at the same moment (test_recovery.py crashed once the document was freed promptly)."""
    script = textwrap.dedent("""
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from studio.gui.realm.document import BoardDocument
        from studio.gui.shell.files.recovery import Autosaver
        from studio.gui.realm.scenario_editor import ScenarioDocument

        def edit_and_drop():
            doc = BoardDocument()
            saver = Autosaver(doc, interval_ms=60_000)
            doc.set_board_value("name", "unsaved")
            scenario = ScenarioDocument()
            scenario.undo_stack.cleanChanged.connect(lambda clean: scenario.data)
            scenario.set_value(("name",), "unsaved")

        for _ in range(20):
            edit_and_drop()
        print("done")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                         env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen",
                              "STUDIO_RECOVERY_DIR": "/nonexistent/recovery-not-written"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "done"
    assert "Exception ignored" not in run.stderr


def test_discard_at_close_then_exit_prints_no_traceback(tmp_path):
    """Edit, close the editor, choose Discard: the process exits 0 and quietly. Qt deletes
    the window and the document's undo stack at exit in no set order, and the stack's
    destructor used to signal the deleted window ("Internal C++ object already deleted")."""
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from studio.gui import app as studio_app
        from studio.gui.shell import prompts

        prompts.ask_unsaved_changes = lambda *a: prompts.Choice.DISCARD
        qt_app = QApplication([])

        def edit_and_close():
            window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")
            window.document.set_board_value("name", "edited")
            window.document.move_pegs({"a1": (-1.0, 0.0)})
            assert window.close()

        QTimer.singleShot(200, edit_and_close)
        sys.exit(studio_app.main([]))
    """)
    env = {**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen", "STUDIO_RECOVERY_DIR": str(tmp_path),
           "STUDIO_NO_AUTOSAVE_PROMPT": "1", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "already deleted" not in run.stderr, run.stderr
    assert not list(tmp_path.glob("*.json"))  # discarded: no recovery file left
