"""A designer's first board, with no YAML: the wizard makes a Jungle Temples 2-player board,
the tools fill it in, it is saved, it validates without an error and a game on it is played
to the end with random moves."""

from __future__ import annotations

import random

import pytest
from editor_fixtures import editor, window  # noqa: F401  (one window for the module)
from mouse import at, centroid, press_release, stroke
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from studio.content import bundled_path
from studio.gui.realm.docks.validation import validate_board
from studio.gui.realm.new_board import NewBoardWizard
from studio.gui.shell import prompts
from studio.model import io
from studio.rules import load_game
from studio.validate import validate

pytestmark = pytest.mark.gui


def test_build_save_validate_and_play_a_jungle_temples_board(window, dialogs, monkeypatch, tmp_path, qtbot):
    def run_wizard(parent):
        wizard = NewBoardWizard(parent)
        try:
            wizard.choose_scenario("jungle-temples")
            wizard.choose_players(2)
            wizard.location_page.name.setText("Emerald Steps")
            wizard.location_page.name.textEdited.emit("Emerald Steps")
            wizard.location_page.board_id.setText("emerald-steps")
            wizard.location_page.board_id.textEdited.emit("emerald-steps")
            return wizard.board(), wizard.scenario_path
        finally:
            wizard.deleteLater()

    monkeypatch.setattr(prompts, "ask_new_board", run_wizard)
    window.new_action.trigger()
    doc = window.document
    board = doc.board
    assert board.id == "emerald-steps" and len(board.pegs) == 80 and board.location == "jungle-temples"
    faces = [f.key for f in doc.faces() if f.is_triangle]
    north_half = [k for k in faces if all(board.pegs[p].y < 3.0 for p in k)]

    # treasure and energy on the northern half with the Segment Content tool, in drags
    QTest.keyClick(window, Qt.Key_T)
    rng = random.Random(4)
    picks = rng.sample(north_half, 16)
    stroke(window, [centroid(board, k) for k in picks[:6]])                 # 1 treasure each
    stroke(window, [centroid(board, k) for k in picks[:3]])                 # 2 on the first three
    QTest.keyClick(window.view.viewport(), Qt.Key_2)                        # energy
    stroke(window, [centroid(board, k) for k in picks[8:12]])
    assert sum(s.treasure for s in board.segments) == 9
    assert sum(s.energy for s in board.segments) == 4

    # a peg recoloured and a line erased and drawn again
    QTest.keyClick(window, Qt.Key_C)
    QTest.keyClick(window.view.viewport(), Qt.Key_1)                        # red
    press_release(window, *at(board, "c4"))
    QTest.keyClick(window, Qt.Key_L)
    press_release(window, *at(board, "d5"))
    press_release(window, *at(board, "d6"))                                 # erased
    press_release(window, *at(board, "d5"))                                 # back along it: stays erased
    assert ("d5", "d6") not in board.line_keys()
    press_release(window, *at(board, "d6"), button=Qt.RightButton)
    stroke(window, [at(board, "d5"), at(board, "d6")])                      # drawn again with a drag
    assert ("d5", "d6") in board.line_keys()
    press_release(window, *at(board, "d6"), button=Qt.RightButton)

    # copy the northern half onto South's half: select it with a rubber band, Copy to Other Seats
    QTest.keyClick(window, Qt.Key_V)
    stroke(window, [(-0.4, -0.4), (9.9, 2.9)])
    selected = [e[1] for e in window.scene.selected_elements() if e[0] == "peg"]
    assert len(selected) == 40
    window.editing.symmetry_actions["half-turn"].trigger()
    assert sum(s.treasure for s in board.segments) == 18
    assert sum(s.energy for s in board.segments) == 8
    assert board.pegs["f7"].colour == board.pegs["c4"].colour              # c4's half-turn image

    # one more start peg for South with the seat tool
    QTest.keyClick(window, Qt.Key_S)
    press_release(window, *at(board, board.seats["south"].start[0]))      # already there: no change
    start = list(board.seats["south"].start)
    free = next(p for p in [f"h{c}" for c in range(1, 11)] if p not in start)
    press_release(window, *at(board, free))
    assert board.seats["south"].start == start + [free]

    # the validation panel agrees (it checks against the Jungle Temples rules)
    dock = window.validation_dock
    qtbot.waitUntil(lambda: not dock.timer.isActive() and dock.shown_generation == dock.generation, timeout=3000)
    assert [f for f in dock.findings if f.severity == "error"] == []

    # save, reload, validate the file, play it
    target = tmp_path / "emerald-steps.yaml"
    dialogs.answer("ask_save_path", str(target))
    assert window.save_as()
    assert not doc.is_modified and "emerald-steps.yaml" in window.windowTitle()
    saved = io.read_board(target)
    assert saved == doc.board
    assert [f.format() for f in validate(target) if f.severity == "error"] == []
    scenario = io.read_scenario(bundled_path("scenarios", "jungle-temples.yaml"))
    assert [f.format() for f in validate_board(saved, scenario) if f.severity == "error"] == []
    game = load_game((scenario, saved), 2, seed=21)
    state = game.new_state()
    moves = random.Random(21)
    plies = 0
    while not state.is_terminal():
        state.apply(moves.choice(state.legal_actions()))
        plies += 1
        assert plies < 3000
    assert state.winners()
    assert any(state.score)

    # everything the tools did is undoable back to the wizard's board
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert sum(s.treasure for s in doc.board.segments) == 0 and doc.is_modified
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert not doc.is_modified and doc.board == saved


def test_findings_guide_the_fix(window, qtbot):
    """A broken board's findings select their element; fixing it with the tools clears them."""
    doc = window.document
    board = doc.board
    QTest.keyClick(window, Qt.Key_L)
    press_release(window, *at(board, "e4"))
    press_release(window, *at(board, "e5"))                  # erase e4-e5: a four-sided face appears
    press_release(window, *at(board, "e5"), button=Qt.RightButton)
    dock = window.validation_dock
    found = dock.run_now()
    face = next(f for f in found if f.code == "geometry/non-triangular-face")
    window.show_element(face.element)
    assert set(e[1] for e in window.scene.selected_elements()) >= {"e4", "e5"}
    assert window.scene.markers                            # the face is outlined on the board
    press_release(window, *at(board, "e4"))
    press_release(window, *at(board, "e5"))                  # drawn again: fixed
    assert not [f for f in dock.run_now() if f.code == "geometry/non-triangular-face"]
