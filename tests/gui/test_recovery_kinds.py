"""Autosave and crash recovery of every kind of document, not boards only: the island, Tree of
Wisdom, card and loot editors and the scenario editor autosave their unsaved work, and after a
crash each lost autosave is offered, restored into the editor window made for its kind (from
whichever window offered it), modified, with its original path, so Save writes back there
keeping the designer's comments. A damaged autosave says so plainly; an autosave whose file
was deleted since is restored and saved to that path again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from studio.content import bundled_path
from studio.gui import app as studio_app
from studio.gui.realm.main_window import MainWindow
from studio.gui.realm.scenario_editor import ScenarioEditor
from studio.gui.rivages.card_editor import CardEditorWindow
from studio.gui.rivages.island_editor import IslandEditorWindow
from studio.gui.rivages.tree_editor import TreeEditorWindow
from studio.gui.shell import prompts
from studio.gui.shell.files.recovery import RecoveryStore
from studio.gui.shell.files.recovery_dialog import RecoveryDecision
from studio.model import io

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
NOTE = "# designer's note: keep this line\n"
DEAD_PID = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)


@pytest.fixture(autouse=True)
def recovery_dir(tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    monkeypatch.setenv("STUDIO_RECOVERY_DIR", str(folder))
    monkeypatch.delenv("STUDIO_NO_AUTOSAVE_PROMPT", raising=False)
    return folder


class RecoverDialog:
    """Stands in for the Recover Autosaves dialog: records the entries offered and answers with
    ``policy(entries)``."""

    def __init__(self, monkeypatch) -> None:
        self.calls: list[list] = []
        self.policy = lambda entries: RecoveryDecision(restore=entries[0])
        monkeypatch.setattr(prompts, "ask_recover_autosaves", self)

    def __call__(self, parent, entries, at_launch=False, earlier=0):
        self.calls.append(list(entries))
        return self.policy(entries)


@pytest.fixture
def recover_dialog(dialogs, monkeypatch):
    return RecoverDialog(monkeypatch)


def with_note(source: Path, target: Path) -> Path:
    """A copy of ``source`` with a comment of the designer's, saved an hour ago."""
    target.write_text(NOTE + source.read_text(encoding="utf-8"), encoding="utf-8")
    hour_ago = time.time() - 3600
    os.utime(target, (hour_ago, hour_ago))
    return target


def open_window(cls, qtbot, settings, path: Path):
    window = cls(settings=settings) if cls is not ScenarioEditor else cls()
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    opened = window.open_path(str(path)) if cls is ScenarioEditor else window.load_path(str(path))
    assert opened is not False
    return window


def edit(window) -> object:
    """Edits of each kind of document; returns what the document holds after them."""
    doc = window.document
    if isinstance(window, MainWindow):
        doc.set_board_value("name", "Edited before the crash")
        doc.move_pegs({"a1": (-1.0, 0.0)})
        return doc.board.copy()
    if isinstance(window, ScenarioEditor):
        doc.set_value(("name",), "Edited before the crash")
        doc.set_value(("rules", "end"), {"score": 21})
        return json.loads(json.dumps(doc.data))
    if isinstance(window, IslandEditorWindow):
        doc.set_header("name", "Edited before the crash")
        doc.set_header("description", "Two steps, edited")
        return doc.snapshot()
    doc.set_value(("name",), "Edited before the crash")
    doc.set_value(("description",), "edited")
    return doc.snapshot()


def adopt(qtbot, window):
    """A window the restore opened: closed after the test, without asking."""
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    return window


def held(window):
    if isinstance(window, MainWindow):
        return window.document.board
    if isinstance(window, ScenarioEditor):
        return window.document.data
    return window.document.model


def crash(window, recovery_dir: Path) -> Path:
    """The window's editor "dies": its autosave is left as a dead process's, and the window
    no longer autosaves (it is left alone, never closed: closing would clean up)."""
    path = window.recovery.autosaver.autosave_now()
    assert path is not None and path.exists()
    window.recovery.autosaver.stop()
    record = json.loads(path.read_text(encoding="utf-8"))
    record["pid"] = DEAD_PID
    path.write_text(json.dumps(record), encoding="utf-8")
    window.recovery.autosaver.session = "gone-" + window.recovery.autosaver.session  # never touches it again
    # a dead editor no longer watches its file either
    if hasattr(window, "files"):
        window.files.watcher.watch(None)
    if hasattr(window, "disk"):
        window.disk.follow(None)
    return path


KINDS = {
    "board": (bundled_path("boards", "realm", "jungle-temples-2p.yaml"), MainWindow, "board"),
    "island": (bundled_path("boards", "rivages", "islands", "gull-rock.yaml"), IslandEditorWindow, "island"),
    "tree": (bundled_path("boards", "rivages", "trees", "kapok.yaml"), TreeEditorWindow, "Tree of Wisdom"),
    "cards": (bundled_path("boards", "rivages", "cards.yaml"), CardEditorWindow, "card set"),
    "loot": (bundled_path("boards", "rivages", "loot.yaml"), CardEditorWindow, "loot set"),
    "scenario": (bundled_path("scenarios", "jungle-temples.yaml"), ScenarioEditor, "scenario"),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_is_restored_into_its_own_editor(kind, qtbot, tmp_path, settings, dialogs, recover_dialog,
                                                   recovery_dir):
    source, cls, noun = KINDS[kind]
    original = with_note(source, tmp_path / f"my-{kind}.yaml")
    before = original.read_bytes()
    editor = open_window(cls, qtbot, settings, original)
    expected = edit(editor)
    left = crash(editor, recovery_dir)

    # a new start of the studio: the board editor on its default board offers the lost work
    owner = MainWindow(settings=settings)
    qtbot.addWidget(owner, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert owner.files.offer_recovery() is True
    ((entry,),) = recover_dialog.calls
    assert (entry.kind_noun, entry.original_path, entry.name) == (noun, str(original), original.name)

    restored = owner if cls is MainWindow else adopt(qtbot, owner.other_windows[-1])
    assert type(restored) is cls and restored is not editor
    assert restored.isVisible()
    assert held(restored) == expected
    doc = restored.document
    assert doc.path == str(original) and doc.is_modified and restored.isWindowModified()
    assert original.name in restored.windowTitle()
    assert not left.exists() and restored.recovery.autosaver.file.exists()   # its own autosave now
    assert original.read_bytes() == before                                   # nothing written yet

    # Save writes the original file, with the designer's comment kept
    dialogs.answer("show_info")  # the scenario copy's boards are out of reach from tmp_path
    assert restored.save() is True
    text = original.read_text(encoding="utf-8")
    assert text.startswith(NOTE) and "Edited before the crash" in text
    assert not doc.is_modified and not restored.recovery.autosaver.file.exists()
    if cls is ScenarioEditor:
        assert io.read_scenario(original).name == "Edited before the crash"
        assert io.read_scenario(original).to_data()["rules"]["end"] == {"score": 21}
    elif cls is not MainWindow:
        assert io.read(original) == expected


def test_an_untitled_island_is_offered_as_one_and_restored_from_an_island_editor(qtbot, settings, dialogs,
                                                                                 recover_dialog, recovery_dir):
    editor = IslandEditorWindow(settings=settings)
    qtbot.addWidget(editor, before_close_func=lambda w: w.document.undo_stack.setClean())
    expected = edit(editor)
    crash(editor, recovery_dir)
    from studio.gui.shell.files.recovery_dialog import RecoveryDialog, original_text

    (entry,) = RecoveryStore().to_offer()
    assert original_text(entry) == "untitled island (never saved to a file)"
    dialog = RecoveryDialog([entry], at_launch=True)
    qtbot.addWidget(dialog)
    assert "an island" in dialog.heading.text()
    assert dialog.table.topLevelItem(0).text(1) == "Island"

    # offered from an island editor holding nothing of the user's: restored right there
    other = IslandEditorWindow(settings=settings)
    qtbot.addWidget(other, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert other.recovery.offer_recovery() is True
    assert other.document.model == expected and other.document.path is None and other.document.is_modified
    assert not getattr(other, "other_windows", [])
    assert other.recovery.offer_recovery() is False          # offered once, restored: nothing left


def test_a_board_autosave_offered_from_the_tree_editor_opens_the_board_editor(qtbot, tmp_path, settings, dialogs,
                                                                             recover_dialog, recovery_dir):
    original = with_note(KINDS["board"][0], tmp_path / "board.yaml")
    board_window = open_window(MainWindow, qtbot, settings, original)
    expected = edit(board_window)
    crash(board_window, recovery_dir)
    tree = TreeEditorWindow(settings=settings)
    qtbot.addWidget(tree, before_close_func=lambda w: w.document.undo_stack.setClean())
    tree.recovery.recover_action.trigger()                   # File ▸ Recover Autosaves…
    (restored,) = tree.other_windows
    adopt(qtbot, restored)
    assert isinstance(restored, MainWindow) and restored.document.board == expected
    assert restored.document.path == str(original) and restored.document.is_modified
    assert tree.recovery.recover_action in tree.file_menu.actions()


def test_a_damaged_autosave_says_so_and_loses_nothing(qtbot, tmp_path, settings, dialogs, recover_dialog,
                                                      recovery_dir):
    recovery_dir.mkdir(parents=True)
    garbage = recovery_dir / "0123abcd.json"
    garbage.write_text('{"format": "board-studio-recovery/1", "session": "0123abcd", "te', encoding="utf-8")
    store = RecoveryStore()
    broken_text = store.write("broken", "format: rivages-island/1\nid: [unclosed\n", str(tmp_path / "isle.yaml"),
                              "isle.yaml", kind="rivages-island/1")
    record = json.loads(broken_text.read_text(encoding="utf-8"))
    record["pid"] = DEAD_PID
    broken_text.write_text(json.dumps(record), encoding="utf-8")

    entries = store.orphans()
    damaged = next(e for e in entries if e.file == garbage)
    assert damaged.problem.startswith("not a readable record") and damaged.kind_noun == "damaged autosave"
    from studio.gui.shell.files.recovery_dialog import original_text

    assert "cannot be read" in original_text(damaged) and str(garbage) in original_text(damaged)

    owner = MainWindow(settings=settings)
    qtbot.addWidget(owner, before_close_func=lambda w: w.document.undo_stack.setClean())
    dialogs.answer("show_error")
    recover_dialog.policy = lambda entries: RecoveryDecision(restore=entries[0], more=list(entries[1:]))
    assert owner.files.offer_recovery() is False              # neither can be restored...
    errors = dialogs.named("show_error")
    assert len(errors) == 2
    texts = " ".join(e[1] for e in errors)
    assert "damaged" in texts and "isle.yaml" in texts and "cannot be restored" in texts
    assert all("Traceback" not in e[1] and "Traceback" not in (e[2] or "") for e in errors)
    assert not getattr(owner, "other_windows", [])
    assert not owner.document.is_modified
    # ...and nothing is lost: both files stay, not asked about again at start-up, still listed
    assert broken_text.exists() and garbage.with_suffix(".damaged").exists()
    assert store.to_offer() == []
    assert len(store.orphans()) == 2
    recover_dialog.policy = lambda entries: RecoveryDecision(discard=list(entries))
    owner.files.recover_autosaves()
    assert not list(recovery_dir.iterdir())                   # Discard deletes them


def test_an_autosave_whose_file_was_deleted_is_restored_and_saved_there_again(qtbot, tmp_path, settings, dialogs,
                                                                               recover_dialog, recovery_dir):
    (tmp_path / "gone").mkdir()
    original = with_note(KINDS["island"][0], tmp_path / "gone" / "isle.yaml")
    editor = open_window(IslandEditorWindow, qtbot, settings, original)
    expected = edit(editor)
    crash(editor, recovery_dir)
    original.unlink()
    (entry,) = RecoveryStore().to_offer()
    from studio.gui.shell.files.recovery_dialog import original_text

    assert entry.original_state() == "missing"
    assert original_text(entry) == f"{original}  (deleted or moved since)"

    owner = TreeEditorWindow(settings=settings)
    qtbot.addWidget(owner, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert owner.recovery.offer_recovery() is True
    (restored,) = owner.other_windows
    adopt(qtbot, restored)
    assert isinstance(restored, IslandEditorWindow)
    assert restored.document.model == expected and restored.document.path == str(original)
    assert restored.save() is True                            # written again where it was
    assert io.read(original) == expected


CRASHING_ISLAND_EDITOR = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from studio.gui import app as studio_app
    from studio.gui.rivages.island_editor import IslandEditorWindow

    def edit():
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, IslandEditorWindow))
        window.document.set_header("name", "Edited before the crash")
        # killed right after the first autosave: no chance to clean up
        window.recovery.autosaver.saved.connect(lambda path: os.kill(os.getpid(), signal.SIGKILL))

    QTimer.singleShot(0, edit)
    sys.exit(studio_app.main([sys.argv[1]]))
""")


def test_a_killed_island_editor_is_offered_at_the_next_start(qtbot, tmp_path, settings, dialogs, recover_dialog,
                                                             recovery_dir):
    original = with_note(KINDS["island"][0], tmp_path / "isle.yaml")
    env = dict(os.environ)
    env.update({"QT_QPA_PLATFORM": "offscreen", "STUDIO_RECOVERY_DIR": str(recovery_dir),
                "STUDIO_AUTOSAVE_SECONDS": "0.2", "STUDIO_NO_AUTOSAVE_PROMPT": "1",
                "HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "home" / ".config"),
                "PYTHONPATH": os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])})
    script = tmp_path / "crashing_island_editor.py"
    script.write_text(CRASHING_ISLAND_EDITOR, encoding="utf-8")
    child = subprocess.run([sys.executable, str(script), str(original)], env=env, capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
    assert child.returncode == -signal.SIGKILL, child.stderr
    (left,) = recovery_dir.glob("*.json")

    window = studio_app.start_editor([], settings=settings)   # `studio` with no file: the board editor
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    ((entry,),) = recover_dialog.calls
    assert entry.kind == "rivages-island/1" and entry.original_path == str(original)
    (island_window,) = window.other_windows
    adopt(qtbot, island_window)
    assert isinstance(island_window, IslandEditorWindow)
    assert island_window.document.model.name == "Edited before the crash"
    assert island_window.document.is_modified and island_window.document.path == str(original)
    assert not window.document.is_modified                    # the board editor is left as it was
    assert not left.exists()
    assert QApplication.instance() is not None
