"""The one file controller (studio.gui.shell.document_window.DocumentFiles) behind every editor
window: the board editor, the scenario editor, the island editor and the content windows (tree,
cards). Each kind opens a file, is edited, asks before closing with unsaved work, saves as a new
file, says a file that does not load with file:line:col, and opens a dropped file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl  # noqa: E402
from PySide6.QtGui import QDragEnterEvent, QDropEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.content import bundled_path  # noqa: E402
from studio.gui.rivages import island_editor  # noqa: E402
from studio.gui.shell import prompts  # noqa: E402
from studio.gui.shell.document_window import DocumentFiles, is_bundled, shown_path  # noqa: E402

pytestmark = pytest.mark.gui


def _board(settings):
    from studio.gui.realm.main_window import MainWindow

    return MainWindow(settings=settings)


def _scenario(settings):
    from studio.gui.realm.scenario_editor import ScenarioEditor

    return ScenarioEditor()


def _island(settings):
    return island_editor.IslandEditorWindow(settings=settings)


def _tree(settings):
    from studio.gui.rivages.tree_editor import TreeEditorWindow

    return TreeEditorWindow(settings=settings)


def _cards(settings):
    from studio.gui.rivages.card_editor import CardEditorWindow

    return CardEditorWindow(settings=settings)


# kind -> (window factory, bundled sample, its format, edit that renames the document)
KINDS = {
    "board": (_board, ("boards", "realm", "jungle-temples-2p.yaml"), "realm-board/2",
              lambda d, name: d.set_board_value("name", name)),
    "scenario": (_scenario, ("scenarios", "volcano.yaml"), "realm-scenario/1",
                 lambda d, name: d.set_value(("name",), name)),
    "island": (_island, ("boards", "rivages", "islands", "gull-rock.yaml"), "rivages-island/1",
               lambda d, name: d.set_header("name", name)),
    "tree": (_tree, ("boards", "rivages", "trees", "cypress.yaml"), "rivages-tree/1",
             lambda d, name: d.set_value(("name",), name)),
    "cards": (_cards, ("boards", "rivages", "cards.yaml"), "rivages-cards/1",
              lambda d, name: d.set_value(("name",), name)),
}


@pytest.fixture(params=sorted(KINDS))
def kind(request):
    return request.param


@pytest.fixture
def editor(kind, qtbot, settings, dialogs):
    window = KINDS[kind][0](settings)
    # pytest-qt closes the window after the test: it must not ask then
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    window.show()
    qtbot.waitExposed(window)
    return window


def _sample(kind, tmp_path) -> Path:
    """A copy of the kind's bundled sample in ``tmp_path`` (a user's file, not a sample)."""
    copy = tmp_path / "mine.yaml"
    shutil.copy(bundled_path(*KINDS[kind][1]), copy)
    return copy


def _opened(kind, editor, tmp_path) -> Path:
    path = _sample(kind, tmp_path)
    assert editor.doc_files.open(path) is True
    assert Path(editor.document.path) == path
    return path


def _drop(window, path):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    enter = QDragEnterEvent(QPoint(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier))


def test_open_edit_close_asks_then_save_as_writes_a_new_file(kind, editor, tmp_path, dialogs, monkeypatch):
    assert isinstance(editor.doc_files, DocumentFiles) and editor.doc_files.document is editor.document
    original = _opened(kind, editor, tmp_path)
    assert not editor.isWindowModified() and "[*]" in editor.windowTitle()
    KINDS[kind][3](editor.document, "Saved Elsewhere")
    assert editor.document.is_modified and editor.isWindowModified()

    # closing with unsaved work asks, naming the file; Cancel keeps the window and the work
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert editor.close() is False and editor.isVisible()
    assert dialogs.named("ask_unsaved_changes") == [("mine.yaml",)]
    assert editor.document.is_modified

    # Save As starts from the document's own file and follows the new one
    target = tmp_path / "copy" / "renamed.yaml"
    target.parent.mkdir()
    asked = []
    if kind == "island":
        monkeypatch.setattr(island_editor, "ask_save_island",
                            lambda parent, suggested: asked.append(suggested) or str(target))
    else:
        dialogs.answer("ask_save_path", str(target))
    dialogs.answer("show_info")  # the scenario saved away from its boards says so
    assert editor.save_as() is True
    suggested = asked[0] if asked else dialogs.named("ask_save_path")[0][0]
    assert Path(suggested) == original
    assert "Saved Elsewhere" in target.read_text(encoding="utf-8")
    assert "Saved Elsewhere" not in original.read_text(encoding="utf-8")
    assert Path(editor.document.path) == target
    assert not editor.document.is_modified and not editor.isWindowModified()
    assert "renamed.yaml" in editor.windowTitle()
    if editor.doc_files.recent is not None:  # File ▸ Open Recent (the scenario editor has none)
        assert Path(editor.recent_files()[0]).resolve() == target.resolve()
    assert not dialogs.named("show_error")

    # saved: closing does not ask again
    assert editor.close() is True and not editor.isVisible()
    assert len(dialogs.named("ask_unsaved_changes")) == 1


def test_save_as_a_json_name_writes_that_json_file(kind, editor, tmp_path, dialogs, monkeypatch):
    """Fresh-user trial: File ▸ Save As "td.json" wrote td.json.yaml (the dialogs offer *.json,
    but the save added .yaml to any name not ending in .yaml or .yml)."""
    import json

    _opened(kind, editor, tmp_path)
    KINDS[kind][3](editor.document, "As JSON")
    target = tmp_path / "out" / "copy.json"
    target.parent.mkdir()
    if kind == "island":
        monkeypatch.setattr(island_editor, "ask_save_island", lambda parent, suggested: str(target))
    else:
        dialogs.answer("ask_save_path", str(target))
    dialogs.answer("show_info")  # the scenario saved away from its boards says so
    assert editor.save_as() is True
    assert sorted(p.name for p in target.parent.iterdir()) == ["copy.json"]
    data = json.loads(target.read_text(encoding="utf-8"))   # JSON text, no YAML comment line
    assert "As JSON" in json.dumps(data) and Path(editor.document.path) == target
    assert not dialogs.named("show_error")


def test_save_on_a_bundled_sample_saves_a_copy_elsewhere(kind, editor, tmp_path, dialogs, monkeypatch):
    sample = bundled_path(*KINDS[kind][1])
    assert editor.doc_files.open(sample) is True
    before = sample.read_bytes()
    KINDS[kind][3](editor.document, "Not Over The Sample")
    target = tmp_path / "saved.yaml"
    if kind == "island":
        monkeypatch.setattr(island_editor, "ask_save_island", lambda parent, suggested: str(target))
    else:
        dialogs.answer("ask_save_path", str(target))
    if kind == "scenario":  # a copy out of its boards' folder tree is told which boards it cannot use
        dialogs.answer("show_info")
    assert editor.save() is True
    assert sample.read_bytes() == before
    assert Path(editor.document.path) == target and "Not Over The Sample" in target.read_text(encoding="utf-8")


def test_save_as_of_a_sample_starts_where_the_last_file_was_saved(kind, editor, tmp_path, dialogs, monkeypatch):
    # found by a fresh-user trial: Save As of a sample always started in the home folder
    asked = []

    def ask(suggested):
        asked.append(suggested)
        return str(tmp_path / "work" / f"saved-{len(asked)}.yaml")

    (tmp_path / "work").mkdir()
    monkeypatch.setattr(editor.doc_files, "ask_save_path", ask)
    if kind == "scenario":
        dialogs.answer("show_info")
    sample = bundled_path(*KINDS[kind][1])
    assert editor.doc_files.open(sample) is True
    assert Path(editor.doc_files.suggested_path()) == Path.home() / sample.name   # nothing saved yet
    assert editor.save() is True
    assert editor.doc_files.open(sample) is True
    assert editor.save() is True
    assert [Path(p) for p in asked] == [Path.home() / sample.name, tmp_path / "work" / sample.name]


def test_load_errors_say_file_line_col_and_drops_open_the_file(kind, editor, tmp_path, dialogs):
    # a dropped file of the window's kind opens there
    first = _sample(kind, tmp_path)
    _drop(editor, first)
    assert Path(editor.document.path) == first
    assert not getattr(editor, "other_windows", []) and dialogs.calls == []

    # a file that does not load: file:line:col, and the open document stays
    broken = tmp_path / "broken.yaml"
    broken.write_text(f"format: {KINDS[kind][2]}\nname: [unclosed\n", encoding="utf-8")
    dialogs.answer("show_error")
    assert editor.doc_files.open(broken) is False
    ((title, text, *_),) = dialogs.named("show_error")
    assert title.startswith("Cannot open")
    assert "broken.yaml:2:" in text
    assert Path(editor.document.path) == first

    # a drop over unsaved work asks first; Cancel keeps it
    KINDS[kind][3](editor.document, "Keep Me")
    second = tmp_path / "second.yaml"
    shutil.copy(first, second)
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    _drop(editor, second)
    assert dialogs.named("ask_unsaved_changes") == [("mine.yaml",)]
    assert Path(editor.document.path) == first and editor.document.is_modified


def test_the_scenario_editor_opens_another_kind_in_its_own_window(qtbot, settings, dialogs, tmp_path):
    from studio.gui.rivages.island_editor import IslandEditorWindow

    window = _scenario(settings)
    qtbot.addWidget(window)
    island = _sample("island", tmp_path)
    _drop(window, island)
    (opened,) = window.other_windows
    qtbot.addWidget(opened)
    assert isinstance(opened, IslandEditorWindow) and Path(opened.document.path) == island
    assert window.document.path is None


def test_is_bundled_tells_samples_from_the_users_files(tmp_path):
    assert is_bundled(bundled_path("boards", "realm", "jungle-temples-2p.yaml"))
    assert is_bundled(bundled_path("scenarios", "volcano.yaml"))
    assert not is_bundled(tmp_path / "jungle-temples-2p.yaml")


def test_save_as_never_writes_over_a_bundled_sample(kind, editor, tmp_path, dialogs, monkeypatch):
    # found by a fresh-user trial: Save As, pointed at the sample's own file, replaced it
    sample = bundled_path(*KINDS[kind][1])
    assert editor.doc_files.open(sample) is True
    before = sample.read_bytes()
    KINDS[kind][3](editor.document, "Not Over The Sample")
    mine = tmp_path / "mine.yaml"
    answers = iter([str(sample), str(mine)])  # first the sample itself, then a place of one's own
    if kind == "island":
        monkeypatch.setattr(island_editor, "ask_save_island", lambda parent, suggested: next(answers))
    else:
        monkeypatch.setattr(prompts, "ask_save_path", lambda *a, **k: next(answers))
    dialogs.answer("show_error")
    if kind == "scenario":  # the copy is out of its boards' folder tree: the editor says so
        dialogs.answer("show_info")
    assert editor.save_as() is True
    assert sample.read_bytes() == before
    refusal = dialogs.named("show_error")
    assert len(refusal) == 1 and "never saved over" in refusal[0][1] and sample.name in refusal[0][1]
    assert Path(editor.document.path) == mine and "Not Over The Sample" in mine.read_text(encoding="utf-8")


def test_save_as_adds_yaml_to_a_name_without_it(kind, editor, tmp_path, dialogs, monkeypatch):
    _opened(kind, editor, tmp_path)
    KINDS[kind][3](editor.document, "Renamed")
    bare = tmp_path / "noext"
    if kind == "island":
        monkeypatch.setattr(island_editor, "ask_save_island", lambda parent, suggested: str(bare))
    else:
        dialogs.answer("ask_save_path", str(bare))
    if kind == "scenario":
        dialogs.answer("show_info")
    assert editor.save_as() is True
    assert not bare.exists() and Path(editor.document.path) == tmp_path / "noext.yaml"
    assert "Renamed" in (tmp_path / "noext.yaml").read_text(encoding="utf-8")


def test_a_file_open_in_another_window_is_brought_forward_not_opened_twice(kind, editor, tmp_path, dialogs, settings, qtbot):
    # found by a fresh-user trial: the same island opened in two editors, each saving over the other
    path = _opened(kind, editor, tmp_path)
    other = KINDS[kind][0](settings)
    qtbot.addWidget(other, before_close_func=lambda w: w.document.undo_stack.setClean())
    other.show()
    before = other.document.path
    assert other.doc_files.open(path) is True
    assert other.document.path == before                   # not opened a second time
    mine = [w for w in QApplication.topLevelWidgets()
            if w.isVisible() and getattr(getattr(w, "document", None), "path", None)
            and Path(w.document.path).resolve() == path.resolve()]
    assert mine == [editor]
    assert dialogs.calls == []


def test_a_recent_file_gone_from_disk_leaves_the_list(tmp_path, settings, dialogs, qtbot):
    from studio.gui.realm.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window, before_close_func=lambda w: w.document.undo_stack.setClean())
    kept, gone = _sample("board", tmp_path), tmp_path / "gone.yaml"
    shutil.copy(kept, gone)
    window.doc_files.recent.add(str(kept))
    window.doc_files.recent.add(str(gone))
    gone.unlink()
    dialogs.answer("show_error")
    window.doc_files.recent.open(str(gone))
    assert len(dialogs.named("show_error")) == 1               # said once, then forgotten
    assert [Path(p) for p in window.recent_files()] == [kept]


def test_the_status_bar_names_a_file_without_the_install_or_home_folder(qtbot, tmp_path, monkeypatch):
    """A bundled sample is named, not placed (its folder is wherever the studio is installed);
    a file under the home folder is shown from ``~``; any other file in full."""
    bundled = bundled_path("boards", "realm", "jungle-temples-2p.yaml")
    assert shown_path(bundled) == "the bundled jungle-temples-2p.yaml"
    home = tmp_path / "home"
    (home / "Designs").mkdir(parents=True)
    mine = home / "Designs" / "volcano-3p.yaml"
    shutil.copy(bundled_path("boards", "realm", "volcano-3p.yaml"), mine)
    elsewhere = tmp_path / "shared" / "volcano-3p.yaml"
    monkeypatch.setenv("HOME", str(home))
    assert shown_path(mine) == str(Path("~", "Designs", "volcano-3p.yaml"))
    assert shown_path(elsewhere) == str(elsewhere)

    from PySide6.QtCore import QSettings

    from studio.gui.realm.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    assert window.load_path(mine, interactive=False)
    assert window.hint_label.text() == f"Opened {Path('~', 'Designs', 'volcano-3p.yaml')}"
    window.document.undo_stack.setClean()


# what every editor's boxes call each kind of file (load_errors.TITLE_NOUNS)
NOUNS = {"board": "board", "scenario": "scenario", "island": "island", "tree": "Tree of Wisdom",
         "cards": "card set"}


def _broken(tmp_path, fmt, name="broken.yaml") -> Path:
    """A file that says it is ``fmt`` and does not parse (line 3 opens a list it never closes)."""
    path = tmp_path / name
    path.write_text(f"format: {fmt}\nid: broken\nname: [unclosed\n", encoding="utf-8")
    return path


def test_every_editor_says_a_file_that_did_not_open_in_the_same_shape(kind, editor, tmp_path, dialogs):
    # the island editor's box had no "Could not open X." heading and no details; the card and
    # tree editors' box for a file of another kind had neither either
    dialogs.answer("show_error")
    missing = tmp_path / "missing.yaml"
    other_kind = "island" if kind == "board" else "board"
    other = _sample(other_kind, tmp_path)  # a file of another kind, read by this window itself
    broken = _broken(tmp_path, KINDS[kind][2])
    load = editor.open_path if kind in ("island", "scenario") else editor.load_path
    assert editor.doc_files.open(broken) is False
    assert editor.doc_files.open(missing) is False
    assert load(str(other)) is False
    boxes = dialogs.named("show_error")
    assert len(boxes) == 3
    # titled by what the file says it is; a file that says nothing, by what the window opens
    fallback = "card set or loot file" if kind == "cards" else NOUNS[kind]
    titles = [f"Cannot open {NOUNS[kind]}", f"Cannot open {fallback}", f"Cannot open {NOUNS[other_kind]}"]
    assert [box[0] for box in boxes] == titles
    for (_title, text, _details), path in zip(boxes, (broken, missing, other)):
        assert text.startswith(f"Could not open {path.name}.\n\n"), text
    assert "broken.yaml:3:7: error yaml/" in boxes[0][1]
    assert "missing.yaml" in boxes[1][1].split("\n\n", 1)[1]
    said = {"board": "mine.yaml is an island file, not a board:",
            "scenario": "mine.yaml is a board file, not a Rule the Realm scenario:",
            "island": "mine.yaml is a Rule the Realm board (realm-board/2), not an island",
            "tree": "mine.yaml is a Rule the Realm board (realm-board/2), not a Tree of Wisdom",
            "cards": "mine.yaml is a Rule the Realm board (realm-board/2), not a card set or a loot set"}
    assert said[kind] in boxes[2][1]
    assert "content/wrong-kind" in boxes[2][2]  # the finding, in the details


def test_the_box_for_a_file_that_did_not_open_names_what_the_file_is(qtbot, settings, dialogs, tmp_path):
    # a card set with a typo, opened from the board window, was refused as "Cannot open board"
    window = _board(settings)
    qtbot.addWidget(window)
    dialogs.answer("show_error")
    said = {"realm-board/2": "board", "realm-board/1": "board", "realm-scenario/1": "scenario",
            "rivages-scenario/1": "scenario", "rivages-island/1": "island", "rivages-tree/1": "Tree of Wisdom",
            "rivages-cards/1": "card set", "rivages-loot/1": "loot file"}
    for fmt, noun in said.items():
        assert window.open_file(str(_broken(tmp_path, fmt, f"{noun}.yaml"))) is False
        (title, text, *_), = dialogs.named("show_error")[-1:]
        assert title == f"Cannot open {noun}"
        assert text.startswith(f"Could not open {noun}.yaml.\n\n") and f"{noun}.yaml:3:7" in text
    assert len(dialogs.named("show_error")) == len(said)


def test_every_window_names_a_card_set_that_did_not_open_a_card_set(kind, editor, tmp_path, dialogs):
    dialogs.answer("show_error")
    assert editor.doc_files.open(_broken(tmp_path, "rivages-cards/1")) is False
    ((title, text, *_),) = dialogs.named("show_error")
    assert title == "Cannot open card set" and "broken.yaml:3:7" in text


def test_a_status_message_gives_way_to_the_tools_hint(qtbot, window, monkeypatch):
    """Fresh-user trial: "Opened volcano.yaml" stood in the status bar through every later edit.
    A message stands a few seconds (as the island editor's), then the current tool's hint is
    back; a hint shown meanwhile is left alone."""
    monkeypatch.setattr(type(window), "STATUS_MS", 30)
    window.set_tool("select")
    hint = window.hint_label.text()
    assert hint
    window.show_status("Opened volcano.yaml")
    assert window.hint_label.text() == "Opened volcano.yaml"
    qtbot.waitUntil(lambda: window.hint_label.text() == hint, timeout=2000)
    window.show_status("Saved volcano.yaml")
    window.hint_label.setText("Showing peg a1")          # a hint from the board, meanwhile
    qtbot.wait(100)
    assert window.hint_label.text() == "Showing peg a1"
