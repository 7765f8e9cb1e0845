"""Paint every kind of scene item (the other editor tests skip repaints for speed): pictures,
islands and bridges, line items, start and goal halos, the crater, validation markers, and the
New Board wizard's preview."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from studio.content import bundled_path
from studio.content.findings import Finding
from studio.gui.realm.new_board import NewBoardWizard

pytestmark = pytest.mark.gui

BOARDS = ("engraved-board-3p", "archipelago-city-2p", "labyrinth-4p", "volcano-3p", "jungle-temples-3p")


def colours_in(image) -> int:
    seen = set()
    for y in range(0, image.height(), 17):
        for x in range(0, image.width(), 17):
            seen.add(QColor(image.pixel(x, y)).name())
    return len(seen)


def test_every_location_paints(window):
    scene = window.scene
    for name in BOARDS:
        assert window.load_path(bundled_path("boards", "realm", f"{name}.yaml"))
        board = window.document.board
        first = next(iter(board.pegs))
        scene.set_findings([Finding("x/y", "error", "m", element=("peg", first)),
                            Finding("x/y", "warning", "m", element=("seat", next(iter(board.seats))))])
        scene.select_elements([("peg", first)])
        image = window.view.grab().toImage()
        assert not image.isNull() and colours_in(image) > 40, name
    assert scene.crater is None and scene.labels                    # the last board: Jungle Temples
    assert len(scene.markers) == 2


def test_wizard_preview_paints(qtbot):
    wizard = NewBoardWizard()
    qtbot.addWidget(wizard)
    wizard.choose_scenario("volcano")
    wizard._update_preview()
    image = wizard.preview.pixmap().toImage()
    assert colours_in(image) > 20
