"""The validation panel: re-runs after edits (debounced), on a worker thread with a copy of the
board for large boards, dropping results that an edit has overtaken; markers on the board for
every kind of element a finding names; findings select and frame their element."""

from __future__ import annotations

import pytest
from editor_fixtures import editor, window  # noqa: F401  (one window for the module)

from studio.content.findings import Finding
from studio.generate.templates import NewBoardSpec, build_board, default_seats
from studio.gui.realm.docks.validation import WORKER_THRESHOLD, ValidationDock
from studio.gui.realm.document import BoardDocument

pytestmark = pytest.mark.gui


def test_large_boards_validate_in_a_worker_and_stale_results_are_dropped(qtbot):
    board = build_board(NewBoardSpec(players=2, rows=36, columns=36, seats=default_seats(2, "rectangle")))
    assert len(board.pegs) > WORKER_THRESHOLD
    doc = BoardDocument(board)
    dock = ValidationDock(doc)
    qtbot.addWidget(dock)
    dock.run()
    assert dock.busy                                  # the GUI thread is free meanwhile
    doc.remove_lines([("a1", "a2")])                  # an edit overtakes the running check
    doc.remove_lines([("b1", "b2")])
    qtbot.waitUntil(lambda: not dock.busy and not dock.timer.isActive()
                    and dock.shown_generation == dock.generation, timeout=20000)
    faces = [f for f in dock.findings if f.code == "geometry/non-triangular-face"]
    assert faces, "the findings are those of the board after both edits"
    shown = list(dock.findings)
    dock._task_done(dock.generation - 1, [Finding("x/stale", "error", "old")])
    assert dock.findings == shown                     # a stale result is never shown
    dock.timer.stop()
    assert dock.wait_idle()


def test_small_boards_validate_in_place_after_the_debounce(window, qtbot):
    dock = window.validation_dock
    doc = window.document
    doc.edit_seat_pegs("south", "start", remove=list(doc.board.seats["south"].start))
    assert dock.timer.isActive()                       # debounced, not yet run
    qtbot.waitUntil(lambda: any(f.code == "rules/no-start" for f in dock.findings), timeout=3000)
    assert not dock.busy
    assert "Jungle Temples" in dock.summary.text()     # checked against the board's scenario


def test_markers_for_every_kind_of_element(window):
    doc = window.document
    scene = window.scene
    doc.set_segments_picture([("a1", "a2", "b1"), ("a2", "b1", "b2")], "heron")
    doc.set_segments_island([("a3", "a4", "b3")], "north")
    doc.edit_crater(add=["d3", "d4", "e5", "f4", "f3", "e3"])
    doc.remove_pegs(["e4"])
    elements = [("peg", "a1"), ("line", "a1", "a2"), ("segment", "a1", "a2", "b1"), ("face", "c1", "c2", "d2", "d1"),
                ("picture", "heron"), ("island", "north"), ("seat", "south"), ("crater",), ("peg", "gone")]
    scene.set_findings([Finding("x/y", sev, "m", element=e)
                        for e, sev in zip(elements, ["error", "warning", "info"] * 3)])
    assert len(scene.markers) == len(elements) - 1    # nothing to draw for a peg that is not there
    for marker in scene.markers:
        assert marker.boundingRect().isValid()
    scene.set_findings([])
    assert scene.markers == []


def test_a_finding_selects_and_frames_its_element(window):
    view = window.view
    view.set_zoom(400)                                 # zoomed in far away from the element
    view.centerOn(0, 0)
    window.show_element(("seat", "north"))
    assert window.scene.selected_elements() == [("seat", "north")]
    rect = window.scene.element_rect(("seat", "north"))
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(rect)
    window.show_element(("picture", "nowhere"))
    assert "not on the board" in window.hint_label.text()


def test_a_crossing_finding_shows_both_lines(window):
    from studio.gui.realm.docks.validation import element_text

    crossing = ("crossing", "a1", "a2", "b1", "b2")   # (any two lines: the panel shows what it names)
    window.show_element(crossing)
    assert sorted(window.scene.selected_elements()) == [("line", "a1", "a2"), ("line", "b1", "b2")]
    window.scene.set_findings([Finding("geometry/lines-cross", "error", "m", element=crossing)])
    assert len(window.scene.markers) == 1 and len(window.scene.markers[0].lines) == 2
    window.scene.set_findings([])
    assert element_text(crossing) == "lines a1-a2 × b1-b2"


def test_a_dock_freed_while_its_worker_runs_is_never_called_back(qtbot):
    """The worker holds no Qt object: the GUI thread may free the dock (and collect garbage)
    while a check runs, and the finished check is then dropped, not delivered to freed memory."""
    import gc

    import shiboken6
    from PySide6.QtCore import QCoreApplication

    from studio.gui.realm.docks import validation

    board = build_board(NewBoardSpec(players=2, rows=36, columns=36, seats=default_seats(2, "rectangle")))
    doc = BoardDocument(board)
    dock = ValidationDock(doc)
    dock.run()
    task = dock._task
    assert task is not None
    shiboken6.delete(dock)                        # the C++ dock is gone, its wrapper stays
    for _ in range(5):
        gc.collect()
    task.result(timeout=60)                       # the check finishes on its own copy
    QCoreApplication.processEvents()              # its queued delivery finds no live dock
    qtbot.wait(20)
    assert not shiboken6.isValid(dock)
    assert validation._executor is not None
