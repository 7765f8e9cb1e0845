"""The editor window driven like a user: mouse drags on the view, the properties dock, tools,
files, the validation dock, drag and drop."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from conftest import view_point
from editor_fixtures import editor, window  # noqa: F401  (one window for the module)
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from studio.gui.realm.main_window import default_board_path
from studio.gui.shell import prompts
from studio.model import io

pytestmark = pytest.mark.gui


def send_mouse(widget, kind, pos: QPoint, buttons=Qt.LeftButton, button=Qt.LeftButton,
               modifiers=Qt.NoModifier):
    """A mouse event with explicit button state (QTest.mouseMove carries none)."""
    local = QPointF(pos)
    event = QMouseEvent(kind, local, QPointF(widget.mapToGlobal(pos)), button, buttons, modifiers)
    QApplication.sendEvent(widget, event)


def drag(window, start: tuple[float, float], end: tuple[float, float], steps: int = 4) -> None:
    vp = window.view.viewport()
    a = view_point(window, *start)
    b = view_point(window, *end)
    send_mouse(vp, QMouseEvent.MouseButtonPress, a)
    for i in range(1, steps + 1):
        p = a + (b - a) * (i / steps)
        send_mouse(vp, QMouseEvent.MouseMove, p, button=Qt.NoButton)
    send_mouse(vp, QMouseEvent.MouseButtonRelease, b, buttons=Qt.NoButton)


def click(window, x: float, y: float, modifiers=Qt.NoModifier) -> None:
    QTest.mouseClick(window.view.viewport(), Qt.LeftButton, modifiers, view_point(window, x, y))


def test_opens_on_bundled_board(window):
    assert window.document.board.id == "jungle-temples-2p"
    assert len(window.scene.pegs) == 80
    # every triangular face is an item, empty or not
    assert len(window.scene.segments) > len(window.document.board.segments)
    assert "jungle-temples-2p.yaml" in window.windowTitle()
    assert not window.isWindowModified()


def test_drag_peg_with_mouse_is_one_undo_step(window):
    doc = window.document
    before = io.to_text(doc.board)
    stack = doc.undo_stack
    drag(window, (0, 0), (-1, 0))   # a1 to the next lattice point on its left
    assert (doc.board.pegs["a1"].x, doc.board.pegs["a1"].y) == (-1, 0)
    assert stack.count() == 1
    assert window.scene.pegs["a1"].pos() == QPointF(-1, 0)
    assert window.isWindowModified()
    stack.undo()
    assert io.to_text(doc.board) == before
    assert window.scene.pegs["a1"].pos() == QPointF(0, 0)
    assert not window.isWindowModified()
    stack.redo()
    assert (doc.board.pegs["a1"].x, doc.board.pegs["a1"].y) == (-1, 0)
    # a second drag is a second step
    drag(window, (-1, 0), (-1, 0.866025 * 2))
    assert stack.count() == 2


def test_a_drag_that_stays_on_its_snap_point_is_no_edit(window):
    """Trial: a few pixels' drag left the peg where it was but added "Undo Move 1 peg" and
    marked the board modified."""
    doc = window.document
    stack = doc.undo_stack
    before = stack.count()
    drag(window, (0, 0), (0.2, 0.1))     # further than the drag distance, nearer a1 than any point
    assert (doc.board.pegs["a1"].x, doc.board.pegs["a1"].y) == (0, 0)
    assert stack.count() == before and not window.isWindowModified()
    assert "Moving" not in window.statusBar().currentMessage()


def test_click_and_rubber_band_select(window):
    click(window, 4.5, 0.866025)                  # peg b5
    assert window.scene.selected_elements() == [("peg", "b5")]
    click(window, 5.5, 0.866025, Qt.ShiftModifier)  # add b6
    assert set(window.scene.selected_elements()) == {("peg", "b5"), ("peg", "b6")}
    drag(window, (-0.6, -0.4), (2.3, 1.1))        # band around a1 a2 a3 b1 b2
    pegs = {e[1] for e in window.scene.selected_elements() if e[0] == "peg"}
    assert pegs == {"a1", "a2", "a3", "b1", "b2"}
    assert ("line", "a1", "a2") in window.scene.selected_elements()


def test_segment_treasure_in_properties_dock_merges(window):
    doc = window.document
    key = ("a1", "a2", "b1")                   # an empty face
    centre = (0.5, 0.2887)
    click(window, *centre)
    assert window.scene.selected_elements() == [("segment", *key)]
    dock = window.properties_dock
    assert dock.stack.currentWidget() is dock.page("segment")
    assert dock.page("segment").treasure.value() == 0
    dock.page("segment").treasure.stepUp()
    dock.page("segment").treasure.stepUp()
    dock.page("segment").treasure.stepUp()
    assert doc.board.segment_map()[key].treasure == 3
    assert doc.undo_stack.count() == 1
    dock.page("segment").energy.setValue(2)
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert key not in doc.board.segment_map()
    assert dock.page("segment").treasure.value() == 0  # the dock follows undo
    assert not doc.is_modified


def test_peg_colour_in_properties_dock(window):
    click(window, 0, 0)
    dock = window.properties_dock
    assert dock.stack.currentWidget() is dock.page("peg")
    index = dock.page("peg").colour.findData("yellow")
    dock.page("peg").colour.activated.emit(index)
    assert window.document.board.pegs["a1"].colour == "yellow"
    window.document.undo_stack.undo()
    assert window.document.board.pegs["a1"].colour == "green"


def test_add_and_delete_peg_and_line_with_tools(window):
    doc = window.document
    stack = doc.undo_stack
    before = io.to_text(doc.board)
    QTest.keyClick(window, Qt.Key_P)
    assert window.scene.tool.name == "add-peg"
    click(window, 10.05, 0.02)                 # snaps to (10, 0): lattice id a11
    assert "a11" in doc.board.pegs and (doc.board.pegs["a11"].x, doc.board.pegs["a11"].y) == (10, 0)
    QTest.keyClick(window, Qt.Key_L)
    assert window.scene.tool.name == "add-line"
    click(window, 9, 0)
    click(window, 10, 0)
    assert ("a10", "a11") in doc.board.lines
    assert stack.count() == 2
    QTest.keyClick(window, Qt.Key_V)
    click(window, 10, 0)
    assert window.scene.selected_elements() == [("peg", "a11")]
    window.delete_action.trigger()
    assert "a11" not in doc.board.pegs and ("a10", "a11") not in doc.board.lines
    assert stack.count() == 3
    stack.undo()
    assert "a11" in doc.board.pegs and ("a10", "a11") in doc.board.lines
    stack.undo()
    stack.undo()
    assert io.to_text(doc.board) == before
    # the delete tool removes a line with one click
    QTest.keyClick(window, Qt.Key_D)
    click(window, 0.5, 0)                      # middle of line a1-a2
    assert ("a1", "a2") not in doc.board.lines
    stack.undo()
    assert ("a1", "a2") in doc.board.lines


def test_save_as_reload_and_clean_state(window, dialogs, tmp_path):
    doc = window.document
    target = tmp_path / "my-board.yaml"
    doc.set_segment_value(("a1", "a2", "b1"), "treasure", 2)
    assert window.isWindowModified()
    dialogs.answer("ask_save_path", str(target))
    window.save_as_action.trigger()
    assert target.exists()
    assert io.read(target) == doc.board
    assert "my-board.yaml" in window.windowTitle() and not window.isWindowModified()
    doc.set_segment_value(("a1", "a2", "b1"), "treasure", 5)
    assert window.isWindowModified()
    doc.undo_stack.undo()
    assert not window.isWindowModified()
    doc.undo_stack.undo()                      # before the save: modified again
    assert window.isWindowModified()
    window.save_action.trigger()               # saves to the same file without asking
    assert len(dialogs.named("ask_save_path")) == 1
    assert io.read(target) == doc.board
    assert str(target.resolve()) in window.recent_files()


def test_clicking_a_finding_selects_its_element(window):
    doc = window.document
    doc.remove_lines([ln for ln in doc.board.lines if "e5" in ln])
    dock = window.validation_dock
    findings = dock.run_now()
    assert any(f.element == ("peg", "e5") for f in findings)
    assert dock.windowTitle() == f"Validation ({len(findings)})"
    row = next(i for i, f in enumerate(dock.findings) if f.element == ("peg", "e5"))
    item = dock.tree.topLevelItem(row)
    dock.tree.scrollToItem(item)
    rect = dock.tree.visualItemRect(item)
    QTest.mouseClick(dock.tree.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
    assert window.scene.selected_elements() == [("peg", "e5")]
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert abs(centre.x() - 4) < 0.2 and abs(centre.y() - 3.464102) < 0.2


def test_validation_reruns_after_changes(window, qtbot):
    dock = window.validation_dock
    qtbot.waitUntil(lambda: dock.findings == [] and not dock.timer.isActive(), timeout=2000)
    window.document.remove_lines([ln for ln in window.document.board.lines if "e5" in ln])
    qtbot.waitUntil(lambda: len(dock.findings) > 0, timeout=2000)
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: dock.findings == [], timeout=2000)


def test_open_broken_file_shows_error_and_keeps_document(window, dialogs, tmp_path):
    before = io.to_text(window.document.board)
    path = window.document.path
    bad = tmp_path / "broken.yaml"
    bad.write_text("format: realm-board/1\nid: broken\nname: Broken\nplayers: 9\npegs: {}\nlines: []\nseats: {}\n")
    dialogs.answer("show_error")
    assert not window.open_file(str(bad))
    (title, text, details), = dialogs.named("show_error")
    assert "broken.yaml:4:" in text and "players" in text   # file:line:col of the bad value
    assert details
    assert io.to_text(window.document.board) == before and window.document.path == path
    garbage = tmp_path / "garbage.yaml"
    garbage.write_text("pegs: [unclosed\n")
    assert not window.open_file(str(garbage))
    assert "garbage.yaml:" in dialogs.named("show_error")[1][1]
    assert window.document.path == path


def test_open_errors_read_as_studio_validate_prints_them(window, dialogs, tmp_path):
    from studio.validate import validate

    dialogs.answer("show_error")
    garbage = tmp_path / "garbage.yaml"
    garbage.write_text("format: realm-board/1\nid: a\nid: b\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: realm-board/1\nid: broken\nname: Broken\nplayers: 9\npegs: {}\nlines: []\nseats: {}\n")
    for path in (garbage, broken):
        assert not window.open_file(str(path))
        text = dialogs.named("show_error")[-1][1]
        for finding in validate(str(path)):             # the line the command line prints, code included
            if finding.severity == "error" and finding.code.startswith(("yaml/", "schema/")):
                assert finding.format() in text, (finding.format(), text)
    assert "error yaml/duplicate-key: " in dialogs.named("show_error")[0][1]


def test_drop_yaml_file_opens_it(window, tmp_path, dialogs):
    target = tmp_path / "dropped.yaml"
    target.write_text(io.to_text(window.document.board).replace("name: Jungle Temples, 2 players", "name: Dropped"))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(target))])
    enter = QDragEnterEvent(QPoint(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(20, 20), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dropEvent(drop)
    assert window.document.path == str(target)
    assert window.document.board.name == "Dropped"
    # a file of another kind is taken, and the drop says why it cannot open (never ignored)
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\r\n")
    other = QMimeData()
    other.setUrls([QUrl.fromLocalFile(str(tmp_path / "picture.png"))])
    enter = QDragEnterEvent(QPoint(20, 20), Qt.CopyAction, other, Qt.LeftButton, Qt.NoModifier)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    dialogs.answer("show_error")
    window.dropEvent(QDropEvent(QPointF(20, 20), Qt.CopyAction, other, Qt.LeftButton, Qt.NoModifier))
    assert "picture.png is not a file Board Studio opens" in dialogs.calls[-1][1][1]
    assert window.document.path == str(target)
    # text without files is refused at once
    text = QMimeData()
    text.setText("some words")
    enter = QDragEnterEvent(QPoint(20, 20), Qt.CopyAction, text, Qt.LeftButton, Qt.NoModifier)
    window.dragEnterEvent(enter)
    assert not enter.isAccepted()


def test_unsaved_changes_prompt_on_new(window, dialogs):
    from studio.gui.realm.document import standard_board

    doc = window.document
    doc.move_pegs({"a1": (0, -1)})
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    window.new_action.trigger()
    assert doc.board.id == "jungle-temples-2p" and doc.is_modified
    assert dialogs.named("ask_new_board") == []          # cancelled before the wizard
    dialogs.answer("ask_unsaved_changes", prompts.Choice.DISCARD)
    dialogs.answer("ask_new_board", (standard_board(), None))
    window.new_action.trigger()
    assert doc.board.id == "new-board" and len(doc.board.pegs) == 80
    assert doc.path is None and doc.is_modified  # the new board is unsaved work: Close asks
    assert "(unsaved)" in window.windowTitle()
    assert len(dialogs.named("ask_unsaved_changes")) == 2
    # the status names the board once (it read "New board New board: ..."; fresh-user trial)
    assert window.hint_label.text() == f"Created New board: 80 pegs, {len(doc.board.lines)} lines"


def test_close_with_changes_can_be_cancelled(window, dialogs):
    window.document.move_pegs({"a1": (0, -1)})
    dialogs.answer("ask_unsaved_changes", prompts.Choice.CANCEL)
    assert not window.close()
    assert window.isVisible()


def test_view_zoom_and_fit(window):
    view = window.view
    z = view.zoom()
    window.zoom_in_action.trigger()
    assert view.zoom() > z
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()
    assert view.zoom() < z
    window.fit_action.trigger()
    assert abs(view.zoom() - z) < 1e-6


def test_playtest_action_opens_playtest_window(window, monkeypatch):
    calls = []
    fake = types.ModuleType("studio.gui.playtest.playtest_window")
    fake.open_playtest = lambda board, scenario_path, parent: calls.append((board, scenario_path, parent))
    monkeypatch.setitem(sys.modules, "studio.gui.playtest.playtest_window", fake)
    window.playtest_action.trigger()
    (board, scenario, parent), = calls
    assert board == window.document.board and board is not window.document.board
    assert Path(scenario).name == "jungle-temples.yaml"
    assert parent is window


def test_select_all_and_export(window, dialogs, tmp_path):
    window.select_all_action.trigger()
    assert len(window.scene.selected_of("peg")) == 80
    dialogs.answer("ask_export_path", str(tmp_path / "board.png"))
    window.export_action.trigger()
    assert (tmp_path / "board.png").stat().st_size > 10_000


def test_app_main_reports_bad_file_and_opens_a_new_board(qapp, monkeypatch, capsys, tmp_path, dialogs):
    from PySide6.QtWidgets import QApplication

    from studio.gui import app as app_module
    from studio.gui.realm.main_window import MainWindow

    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(app_module, "QSettings", None, raising=False)
    created = []
    original = MainWindow.__init__

    def init(self, *args, **kwargs):
        from PySide6.QtCore import QSettings
        kwargs["settings"] = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
        original(self, *args, **kwargs)
        created.append(self)

    monkeypatch.setattr(MainWindow, "__init__", init)
    dialogs.answer("show_error", None)
    assert app_module.main([str(tmp_path / "missing.yaml")]) == 0
    err = capsys.readouterr().err
    assert "missing.yaml" in err and "Traceback" not in err
    window, = created
    assert window.document.path is None  # a new board, not the bundled one a Save would overwrite
    assert [c[0] for c in dialogs.calls] == ["show_error"]
    window.close()
    window.deleteLater()


def test_playtest_action_opens_the_real_playtest_window(window, qapp):
    module = pytest.importorskip("studio.gui.playtest.playtest_window")
    window.playtest_action.trigger()
    opened = [w for w in qapp.topLevelWidgets()
              if w.isVisible() and type(w).__name__ == getattr(module, "PlaytestWindow", type(None)).__name__]
    assert opened, "the playtest window did not open"
    for w in opened:
        w.close()
        w.deleteLater()


def test_no_display_gives_a_plain_message_not_a_qt_abort(monkeypatch):
    from studio.gui import app

    monkeypatch.setattr(app.sys, "platform", "linux")
    assert "no display found" in app.display_problem({})
    assert app.display_problem({"DISPLAY": ":0"}, find_library=lambda name: f"lib{name}.so") is None
    assert app.display_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    # X11 without the xcb libraries Qt loads: Qt aborted saying reinstalling may help (the trial's
    # fresh Debian); the message names the packages instead
    lacking = app.display_problem({"DISPLAY": ":0"}, find_library=lambda name: None if name != "xcb-icccm" else "x")
    assert "libxcb-cursor0, libxcb-keysyms1" in lacking and "apt-get install libxcb-cursor0 libxcb-keysyms1" in lacking
    assert app.display_problem({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, find_library=lambda n: None) is None


def test_save_never_overwrites_a_bundled_board(window, dialogs, tmp_path):
    bundled = default_board_path()
    before = bundled.read_text()
    window.document.set_segment_value(("a1", "a2", "b1"), "treasure", 7)
    target = tmp_path / "copy.yaml"
    dialogs.answer("ask_save_path", str(target))
    window.save_action.trigger()                # Save on a bundled sample asks for a new file
    (args,) = dialogs.named("ask_save_path")
    assert not str(args[0]).startswith(str(bundled.parent))
    assert bundled.read_text() == before
    assert io.read(target).segment_map()[("a1", "a2", "b1")].treasure == 7


def test_an_emptied_id_or_name_field_gets_its_value_back_and_says_why(window):
    """Trial: clearing the Id and pressing Enter left the field empty while the board and the
    saved file kept the old id, without a word. The same kind: a picture, island or seat name."""
    dock = window.properties_dock
    doc = window.document
    old = doc.board.id
    dock.page("board").id.setFocus()
    dock.page("board").id.selectAll()
    QTest.keyClick(dock.page("board").id, Qt.Key_Backspace)  # typed, as a user does: the validator sees it
    assert dock.page("board").id.text() == ""
    QTest.keyClick(dock.page("board").id, Qt.Key_Return)
    assert doc.board.id == old and dock.page("board").id.text() == old
    assert "cannot be empty" in window.statusBar().currentMessage()
    assert not window.isWindowModified()
    dock.page("board").id.setText("renamed-board")
    dock.page("board").id.editingFinished.emit()
    assert doc.board.id == "renamed-board"
    doc.undo_stack.undo()


def test_a_focused_name_field_shows_the_board_opened_meanwhile(window, tmp_path):
    """Trial: with the Name field focused, opening another board left the previous board's
    name in it (leaving the field would have written it into the new board)."""
    dock = window.properties_dock
    dock.page("board").name.setFocus()
    window.activateWindow()
    source = Path(default_board_path()).parent / "volcano-2p.yaml"
    assert window.load_path(str(source), interactive=False)
    assert dock.page("board").name.text() == window.document.board.name
    dock.page("board").name.editingFinished.emit()
    assert window.document.board.name != "Jungle Temples, 2 players"
    assert not window.isWindowModified()


def test_a_seat_the_board_draws_no_label_for_opens_its_page(window):
    """Trial: on Volcano boards (seats start at the crater, no seat label) Edit in the seat list
    cleared the selection instead of showing the seat, so it could not be renamed or removed."""
    source = Path(default_board_path()).parent / "volcano-2p.yaml"
    assert window.load_path(str(source), interactive=False)
    dock = window.properties_dock
    first = next(iter(window.document.board.seats))
    assert not window.scene.items_for(("seat", first))
    dock.page("board").seat_list.setCurrentRow(0)
    dock.page("board").edit_current_seat()
    assert dock.current("seat") == first and dock.page("seat").name.text() == first
    dock.page("seat").name.setText("crater-south")
    dock.page("seat").name.editingFinished.emit()
    assert "crater-south" in window.document.board.seats and dock.current("seat") == "crater-south"
    window.scene.select_elements([("peg", next(iter(window.document.board.pegs)))])
    assert dock.current("seat") is None  # something else selected on the board


def test_a_focused_name_field_follows_undo_and_redo(window):
    """Trial: with the Name field focused, Edit ▸ Undo undid the rename in the board but the
    field kept the new name (leaving the field would have written it back). Undo and redo show
    the model in every board field, focused or not; an edit being typed is still kept."""
    dock, doc = window.properties_dock, window.document
    name, ident = dock.page("board").name, dock.page("board").id
    old = doc.board.name
    name.setFocus()
    window.activateWindow()
    name.setText("Renamed board")
    name.editingFinished.emit()
    assert doc.board.name == "Renamed board"
    assert name.hasFocus()
    window.undo_action.trigger()
    assert doc.board.name == old and name.text() == old
    window.redo_action.trigger()
    assert name.text() == "Renamed board"
    ident.setFocus()
    ident.setText("renamed-id")
    ident.editingFinished.emit()
    window.undo_action.trigger()
    assert ident.text() == doc.board.id != "renamed-id"
    window.undo_action.trigger()
    assert name.text() == old
