"""Every tool driven with the mouse on the real window: what it changes, that one click or one
drag is one undo step, and that undo and redo restore the board exactly."""

from __future__ import annotations

import functools

import pytest
from editor_fixtures import editor, window  # noqa: F401  (one window for the module)
from mouse import at, centroid, midpoint, press_release, stroke
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from studio.model import io
from studio.model.realm import segment_key

pytestmark = pytest.mark.gui

A = ("a1", "a2", "b1")        # empty faces along the top of the Jungle Temples 2p board
B = ("a2", "b1", "b2")
C = ("a2", "a3", "b2")


def at_location(window, location: str) -> None:
    """Make the board one of ``location`` (one undo step): its location tools are offered then."""
    window.document.set_board_value("location", location)


def use(window, name: str) -> None:
    QTest.keyClick(window, window.tools[name].shortcut)
    assert window.scene.tool is window.tools[name]


@functools.lru_cache(maxsize=None)
def _saved(path: str) -> str:
    return repr(io.read_board(path).to_data())


def saved_text(path: str) -> str:
    """The saved board's data (as text, to compare whole boards quickly)."""
    return _saved(path)


def board_text(board) -> str:
    return repr(board.to_data())


def undo_redo_exact(window, steps: int = 1) -> None:
    """Undo ``steps`` steps (back to the saved text), redo them, and check both states."""
    doc = window.document
    after = board_text(doc.board)
    for _ in range(steps):
        doc.undo_stack.undo()
    assert board_text(doc.board) == saved_text(doc.path)
    assert not window.isWindowModified()
    for _ in range(steps):
        doc.undo_stack.redo()
    assert board_text(doc.board) == after


def test_every_tool_has_an_action_icon_shortcut_and_options(window, qtbot):
    window.resize(1400, 900)   # its default size on a large screen: the options bar has its room
    qtbot.wait(20)
    shortcuts = [t.shortcut for t in window.tools.values()]
    assert len(set(shortcuts)) == len(shortcuts)
    for name, tool in window.tools.items():
        action = window.tool_actions[name]
        assert not action.icon().isNull(), name
        window.set_tool(name)
        assert window.editing.current_options is not None and window.editing.current_options.isVisible()
        assert window.hint_label.text() == tool.hint


def test_peg_colour_tool_paints_a_drag_in_one_step_and_picks_colours(window):
    doc = window.document
    use(window, "peg-colour")
    QTest.keyClick(window.view.viewport(), Qt.Key_5)          # yellow
    assert window.tools["peg-colour"].colour == "yellow"
    stroke(window, [at(doc.board, "a1"), at(doc.board, "a2"), at(doc.board, "a3")])
    assert [doc.board.pegs[p].colour for p in ("a1", "a2", "a3")] == ["yellow"] * 3
    assert doc.undo_stack.count() == 1
    press_release(window, *at(doc.board, "h1"), button=Qt.RightButton)   # eyedropper
    assert window.tools["peg-colour"].colour == doc.board.pegs["h1"].colour
    undo_redo_exact(window)


def test_line_tool_draws_and_erases_by_clicking_two_pegs(window):
    doc = window.document
    use(window, "add-line")
    press_release(window, *at(doc.board, "a1"))
    press_release(window, *at(doc.board, "a2"))                 # the line exists: erased
    assert ("a1", "a2") not in doc.board.line_keys()
    press_release(window, *at(doc.board, "a1"))                 # back along it: stays erased
    assert ("a1", "a2") not in doc.board.line_keys()
    assert doc.undo_stack.count() == 1
    press_release(window, *at(doc.board, "a2"), button=Qt.RightButton)  # stop the chain
    assert window.tools["add-line"].start is None
    press_release(window, *at(doc.board, "a1"))                 # a new chain: two clicks draw
    press_release(window, *at(doc.board, "a2"))
    assert ("a1", "a2") in doc.board.line_keys()
    press_release(window, *at(doc.board, "a1"))                 # a third click on the first peg
    assert ("a1", "a2") in doc.board.line_keys()                # ... does not delete it
    assert doc.undo_stack.count() == 2
    assert window.tools["add-line"].start == "a1"               # the chain goes on from there
    QTest.keyClick(window.view.viewport(), Qt.Key_Escape)
    assert window.tools["add-line"].start is None
    doc.undo_stack.undo()
    assert ("a1", "a2") not in doc.board.line_keys()
    doc.undo_stack.undo()
    assert board_text(doc.board) == saved_text(doc.path)


def test_line_tool_draws_by_dragging_from_peg_to_peg(window):
    doc = window.document
    use(window, "add-line")
    press_release(window, *at(doc.board, "a1"))
    press_release(window, *at(doc.board, "a2"))                 # erase a1-a2 first
    QTest.keyClick(window.view.viewport(), Qt.Key_Escape)
    assert ("a1", "a2") not in doc.board.line_keys()
    stroke(window, [at(doc.board, "a1"), midpoint(doc.board, "a1", "a2"), at(doc.board, "a2")])
    assert ("a1", "a2") in doc.board.line_keys()
    assert doc.undo_stack.count() == 2                          # the drag is one step
    assert window.tools["add-line"].start == "a2"
    stroke(window, [at(doc.board, "a2"), midpoint(doc.board, "a1", "a2"), at(doc.board, "a1")])
    assert ("a1", "a2") in doc.board.line_keys()                # dragging back keeps it
    assert doc.undo_stack.count() == 2
    QTest.keyClick(window.view.viewport(), Qt.Key_Escape)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert board_text(doc.board) == saved_text(doc.path)


def test_segment_content_tool_adds_removes_and_drags(window):
    doc = window.document
    board = doc.board
    at_location(window, "two-deities")                      # idols are Two Demanding Deities'
    use(window, "segment-content")
    press_release(window, *centroid(board, A))
    press_release(window, *centroid(board, A))
    assert doc.segment_value(A, "treasure") == 2
    assert doc.undo_stack.count() == 3                      # a click is a step (after the location's)
    press_release(window, *centroid(board, A), button=Qt.RightButton)
    assert doc.segment_value(A, "treasure") == 1
    QTest.keyClick(window.view.viewport(), Qt.Key_2)        # energy
    stroke(window, [centroid(board, A), centroid(board, B), centroid(board, C)])
    assert [doc.segment_value(k, "energy") for k in (A, B, C)] == [1, 1, 1]
    QTest.keyClick(window.view.viewport(), Qt.Key_4)        # blue idol
    press_release(window, *centroid(board, C))
    assert doc.segment_value(C, "idol") == "blue"
    count = doc.undo_stack.count()
    doc.undo_stack.undo()
    assert doc.segment_value(C, "idol") is None
    doc.undo_stack.undo()                                   # the whole drag at once
    assert [doc.segment_value(k, "energy") for k in (A, B, C)] == [0, 0, 0]
    doc.undo_stack.redo()
    doc.undo_stack.redo()
    assert doc.undo_stack.count() == count
    undo_redo_exact(window, count)


def test_pictures_tool_makes_a_picture_from_a_drag(window):
    doc = window.document
    board = doc.board
    at_location(window, "engraved-board")
    use(window, "pictures")
    tool = window.tools["pictures"]
    stroke(window, [centroid(board, k) for k in (A, B, C)])
    name = tool.current
    assert name and set(doc.picture_segments(name)) == {A, B, C}
    assert name in window.scene.pictures                   # outlined on the board
    assert doc.undo_stack.count() == 2                     # the location, then the drag
    press_release(window, *centroid(board, B), button=Qt.RightButton)
    assert set(doc.picture_segments(name)) == {A, C}
    undo_redo_exact(window, 3)


def test_picture_rename_and_delete_from_the_options_bar(window, dialogs):
    doc = window.document
    at_location(window, "engraved-board")
    use(window, "pictures")
    stroke(window, [centroid(doc.board, A)])
    options = window.editing.current_options
    dialogs.answer("ask_text", "heron")
    options.rename_button.click()
    assert doc.picture_names() == ["heron"] and window.tools["pictures"].current == "heron"
    options.delete_button.click()
    assert doc.picture_names() == [] and doc.segment_value(A, "picture") is None
    undo_redo_exact(window, 4)


def test_island_and_bridge_tools(window):
    doc = window.document
    board = doc.board
    at_location(window, "archipelago-city")
    use(window, "islands")
    stroke(window, [centroid(board, A), centroid(board, B)])
    name = window.tools["islands"].current
    assert {segment_key(t) for t in doc.board.islands[name]} == {A, B}
    assert doc.board.has_canals and window.scene.canals_shown
    use(window, "bridges")
    window.tools["bridges"].set_energy(3)
    press_release(window, *midpoint(board, "a3", "b2"))
    assert doc.bridge_on("a3", "b2").energy == 3
    press_release(window, *midpoint(board, "a3", "b2"), button=Qt.RightButton)
    assert doc.bridge_on("a3", "b2") is None
    use(window, "islands")
    press_release(window, *centroid(board, B), button=Qt.RightButton)   # back to water
    assert {segment_key(t) for t in doc.board.islands[name]} == {A}
    undo_redo_exact(window, 5)


def test_line_items_tool(window):
    doc = window.document
    board = doc.board
    at_location(window, "labyrinth")
    use(window, "line-items")
    tool = window.tools["line-items"]
    stroke(window, [midpoint(board, "a1", "a2"), midpoint(board, "a2", "a3")])
    assert doc.line_item_on("a1", "a2").treasure == 1 and doc.line_item_on("a2", "a3").treasure == 1
    tool.set_kind("sword")
    press_release(window, *midpoint(board, "a1", "a2"))
    assert doc.line_item_on("a1", "a2").artifact == "sword"
    tool.set_kind("shield")
    press_release(window, *midpoint(board, "a4", "a5"))
    press_release(window, *midpoint(board, "a4", "a5"), button=Qt.RightButton)
    assert doc.line_item_on("a4", "a5") is None
    undo_redo_exact(window, doc.undo_stack.count())


def test_seat_tool_marks_start_and_goal_pegs(window):
    doc = window.document
    board = doc.board
    use(window, "seats")
    tool = window.tools["seats"]
    QTest.keyClick(window.view.viewport(), Qt.Key_2)          # the second seat: north
    assert tool.current_seat() == "north"
    stroke(window, [at(board, "a1"), at(board, "a2")])
    assert doc.board.seats["north"].start[-2:] == ["a1", "a2"]
    tool.set_part("goal")
    press_release(window, *at(board, "h1"), button=Qt.RightButton)
    assert "h1" not in doc.board.seats["north"].goal
    assert window.scene.pegs["a1"].is_start
    undo_redo_exact(window, 2)


def test_crater_tool(window):
    doc = window.document
    board = doc.board
    at_location(window, "volcano")
    use(window, "crater")
    ring = ["d3", "d4", "e5", "f4", "f3", "e3"]   # the six neighbours of e4
    stroke(window, [at(board, p) for p in ring])
    assert doc.board.crater == ring
    assert all(window.scene.pegs[p].crater for p in ring)
    assert window.scene.crater is None                  # no hole yet: e4 is still there
    use(window, "delete")
    press_release(window, *at(board, "e4"))
    assert "e4" not in doc.board.pegs
    assert window.scene.crater is not None             # the lava shows in the hole
    use(window, "crater")
    press_release(window, *at(board, "d4"), button=Qt.RightButton)
    assert "d4" not in doc.board.crater
    undo_redo_exact(window, 4)


def test_select_tool_shift_click_band_and_seat_label(window):
    doc = window.document
    scene = window.scene
    use(window, "select")
    press_release(window, *at(doc.board, "a1"))
    press_release(window, *at(doc.board, "a2"), modifiers=Qt.ShiftModifier)
    assert {e[1] for e in scene.selected_elements()} == {"a1", "a2"}
    label = next(item for item in scene.labels if item.seat == "south")
    centre = label.sceneBoundingRect().center()
    press_release(window, centre.x(), centre.y())
    assert scene.selected_elements() == [("seat", "south")]
    assert window.properties_dock.stack.currentWidget() is window.properties_dock.page("seat")


def test_clipboard_transform_and_triangulate_actions(window):
    doc = window.document
    scene = window.scene
    editing = window.editing
    scene.select_elements([("peg", p) for p in ("a1", "a2", "b1")])
    assert editing.copy_action.isEnabled()
    editing.copy_action.trigger()
    frag = editing.clipboard_fragment()
    assert set(frag.pegs) == {"a1", "a2", "b1"} and len(frag.lines) == 3
    before = len(doc.board.pegs)
    editing.duplicate_action.trigger()               # lands on existing pegs a3 a4 b3: merged
    assert len(doc.board.pegs) == before
    assert {e[1] for e in scene.selected_elements()} == {"a3", "a4", "b3"}
    steps = doc.undo_stack.count()
    scene.select_elements([("peg", "a1"), ("peg", "a2"), ("peg", "b1")])
    editing.cut_action.trigger()
    assert "a1" not in doc.board.pegs and doc.undo_stack.count() == steps + 1
    ids = editing.paste()
    assert len(ids) == 3 and doc.undo_stack.count() == steps + 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert "a1" in doc.board.pegs
    scene.select_elements([("peg", p) for p in ("a1", "a2", "b1")])
    editing.transform_actions["mirror-x"].trigger()
    assert (doc.board.pegs["a1"].x, doc.board.pegs["a2"].x) != (0, 1)
    doc.undo_stack.undo()
    doc.remove_lines([("a1", "a2"), ("a2", "b1")])
    scene.select_elements([("peg", p) for p in ("a1", "a2", "b1", "b2")])
    assert editing.triangulate() == 2
    scene.clearSelection()
    assert not editing.triangulate_action.isEnabled()


def test_the_lines_tools_options_bar_says_what_its_status_hint_says(qapp):
    # fresh-user trial: the options bar said "Two clicks ..." and the status bar "Click a peg, then another ..."
    from PySide6.QtWidgets import QLabel

    from studio.gui.realm.tools.lines import AddLineTool

    tool = AddLineTool()
    widget = tool.create_options(None)
    labels = [widget] if isinstance(widget, QLabel) else widget.findChildren(QLabel)
    text = " ".join(label.text() for label in labels)
    assert text.startswith(tool.hint.split(". ")[0] + ".") and "Triangulate Selection" in text
