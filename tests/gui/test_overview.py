"""Level of detail on large boards (studio.gui.shell.overview): zoomed out, one overview item draws
the board and the peg/line/face items stop painting, except hovered and selected ones; zoomed
in, or on small boards, every item paints itself."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem

from studio.geometry.lattice import triangular_lattice
from studio.gui.realm.document import BoardDocument, standard_board
from studio.gui.realm.scene import BoardScene
from studio.gui.shell.overview import MIN_ITEMS, OVERVIEW_ZOOM
from studio.gui.shell.view import BoardView
from studio.model.realm import COLOURS, Board, Peg, Seat, Segment

pytestmark = pytest.mark.gui


def big_board() -> Board:
    xy, lines = triangular_lattice(16, 40)
    rng = random.Random(3)
    pegs = {pid: Peg(pid, round(x, 6), round(y, 6), rng.choice(COLOURS)) for pid, (x, y) in xy.items()}
    seats = {"south": Seat("south", start=["p1", "p2"], goal=["a1", "a2"], label="South"),
             "north": Seat("north", start=["a39", "a40"], goal=["p39", "p40"], label="North")}
    return Board(id="big", name="Big", players=2, pegs=pegs, lines=lines, seats=seats,
                 segments=[Segment(("a1", "a2", "b1"), treasure=2)])


def plain(item) -> bool:
    return bool(item.flags() & QGraphicsItem.ItemHasNoContents)


@pytest.fixture
def view(qtbot):
    doc = BoardDocument(big_board())
    scene = BoardScene(doc)
    view = BoardView(scene)
    view.keep = (doc, scene)  # a view does not own its scene: without this the GC may free it
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_zoomed_out_the_overview_draws(view, qtbot):
    scene = view.scene()
    items = [*scene.pegs.values(), *scene.lines.values(), *scene.segments.values()]
    assert len(items) >= MIN_ITEMS
    assert not scene.overview.active and not any(plain(i) for i in items)

    view.set_zoom(OVERVIEW_ZOOM / 2)
    assert scene.overview.active and scene.overview.isVisible()
    assert all(plain(i) for i in items)
    view.centerOn(QPointF(5, 5))
    image = view.grab().toImage()
    peg = scene.pegs["f6"]
    at = view.mapFromScene(peg.pos())
    colour = image.pixelColor(at)
    parchment = image.pixelColor(view.mapFromScene(peg.pos() + QPointF(0.25, 0.1)))
    assert colour != parchment                          # the overview drew the peg

    # selected and hovered items paint themselves on top
    scene.select_elements([("peg", "f6"), ("line", "a1", "a2")])
    assert not plain(peg) and not plain(scene.lines[("a1", "a2")])
    scene.select_elements([("peg", "f7")])
    assert plain(peg) and not plain(scene.pegs["f7"])
    other = scene.pegs["g8"]
    other.hoverEnterEvent(None)
    assert not plain(other)
    other.hoverLeaveEvent(None)
    assert plain(other)

    # a rebuild (pegs added) keeps the new items plain, the selection painted
    view.scene().document.add_peg(-3.0, -3.0, "red")
    assert all(plain(i) for k, i in scene.pegs.items() if k != "f7") and not plain(scene.pegs["f7"])

    view.set_zoom(OVERVIEW_ZOOM * 2)                    # zoomed in: every item paints again
    assert not scene.overview.active and not scene.overview.isVisible()
    assert not any(plain(i) for i in [*scene.pegs.values(), *scene.lines.values(), *scene.segments.values()])


def test_overview_follows_edits(view):
    scene = view.scene()
    view.set_zoom(OVERVIEW_ZOOM / 2)
    view.centerOn(QPointF(5, 5))
    doc = scene.document
    where = view.mapFromScene(QPointF(4.0, 4.8))
    before = view.grab().toImage().pixelColor(where)
    doc.move_pegs({"f5": (4.0, 4.8)})                   # a peg moved onto an empty spot
    after = view.grab().toImage().pixelColor(where)
    assert after != before


def test_small_boards_never_switch(qtbot):
    scene = BoardScene(BoardDocument(standard_board()))
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.set_zoom(OVERVIEW_ZOOM / 3)
    assert not scene.overview.active
    assert not any(plain(i) for i in scene.pegs.values())
