"""The properties dock looks its pages up by the selected elements' kind: every kind of element a
board can select has its page, several of a kind without a page of their own and several kinds
show the mixed-selection page, and a kind no page is registered for shows the empty page."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.gui.realm.docks.pages import BOARD, PAGES, SELECTION, PropertyPage
from studio.gui.realm.main_window import default_board_path
from studio.gui.shell.property_pages import PageRegistry
from studio.model import io

pytestmark = pytest.mark.gui

# bundled boards that between them have every kind of element: seat labels (Jungle Temples),
# islands (Archipelago City), pictures (Engraved Board), a crater (Volcano)
BOARDS = ("jungle-temples-2p", "archipelago-city-2p", "engraved-board-2p", "volcano-2p")


def open_board(window, name: str) -> None:
    path = Path(default_board_path()).parent / f"{name}.yaml"
    window.document.reset(io.read_board(path), str(path))
    window.scene.clearSelection()


def test_every_kind_the_board_can_select_has_its_page(window):
    dock, seen = window.properties_dock, {}
    for name in BOARDS:
        open_board(window, name)
        first: dict[str, tuple] = {}
        for item in window.scene.items():
            element = getattr(item, "element", None)
            if element and item.flags() & item.GraphicsItemFlag.ItemIsSelectable:
                first.setdefault(element[0], element)
        for kind, element in first.items():
            window.scene.select_elements([element])
            assert window.scene.selected_elements() == [element], (name, element)
            page = dock.stack.currentWidget()
            assert page is dock.page(kind), (name, element, type(page).__name__)
            assert page.heading.text() != page.title or kind == "crater", (name, element)  # filled in
            seen.setdefault(kind, element)
    assert set(seen) == {"peg", "line", "segment", "seat", "picture", "island", "crater"}
    assert PAGES.kinds() == set(seen) | {BOARD, SELECTION}   # no page for a kind nothing selects
    window.scene.clearSelection()
    assert dock.stack.currentWidget() is dock.page(BOARD)


def test_several_elements_show_the_page_for_several_or_the_mixed_page(window):
    dock = window.properties_dock
    board = window.document.board
    pegs = list(board.pegs)[:3]
    window.scene.select_elements([("peg", p) for p in pegs])
    assert dock.stack.currentWidget() is dock.page("peg", many=True)
    assert dock.page("peg", many=True).heading.text() == "3 pegs"
    lines = [("line", *line) for line in board.lines[:2]]
    window.scene.select_elements(lines)                      # two lines: no page for several lines
    assert dock.stack.currentWidget() is dock.page(SELECTION, many=True)
    assert dock.page(SELECTION, many=True).text.text().startswith("2 lines selected.")
    window.scene.select_elements([("peg", pegs[0]), *lines])
    assert dock.page(SELECTION, many=True).text.text().startswith("1 peg, 2 lines selected.")


def test_an_unknown_kind_shows_the_empty_page(window, monkeypatch):
    dock = window.properties_dock
    for elements in ([("ghost", "g1")], [("ghost", "g1"), ("ghost", "g2")]):
        monkeypatch.setattr(window.scene, "selected_elements", lambda els=elements: list(els))
        dock.refresh()
        assert dock.stack.currentWidget() is dock.empty_page
        assert dock.current("ghost") == (elements[0][1] if len(elements) == 1 else None)
    with pytest.raises(KeyError):
        dock.page("ghost")
    monkeypatch.undo()
    dock.refresh()
    assert dock.stack.currentWidget() is dock.page(BOARD)


def test_a_one_element_page_that_does_not_apply_passes_it_on(window, monkeypatch):
    """A selected island or peg already gone from the board (the scene not rebuilt yet) shows
    the mixed page or the page of several pegs, as before the registry, never a KeyError."""
    dock = window.properties_dock
    for element, page in ((("island", "gone"), dock.page(SELECTION, many=True)),
                          (("seat", "gone"), dock.page(SELECTION, many=True)),
                          (("peg", "gone"), dock.page("peg", many=True))):
        monkeypatch.setattr(window.scene, "selected_elements", lambda e=element: [e])
        dock.refresh()
        assert dock.stack.currentWidget() is page, element
    assert dock.page("peg", many=True).heading.text() == "0 pegs"


def test_the_registry_refuses_two_pages_for_one_kind():
    registry: PageRegistry[PropertyPage] = PageRegistry("test pages")

    @registry.register("peg")
    class One(PropertyPage):
        pass

    class Two(PropertyPage):
        pass

    with pytest.raises(ValueError, match=r"test pages: .*Two and .*One are both registered for one 'peg'"):
        registry.register("peg")(Two)

    registry.register("peg", many=True)(PropertyPage)
    assert registry.page_class("peg") is One and registry.page_class("peg", many=True) is PropertyPage
    assert registry.page_class("line") is None and registry.kinds() == {"peg"}


@pytest.mark.parametrize("name", ["jungle-temples-2p", "volcano-4p", "archipelago-city-4p", "engraved-board-3p"])
def test_the_board_summary_is_in_view_on_a_laptop_screen(window, qtbot, tmp_path, name):
    """At 1366x768 (a window of 1366x738 under its title bar) the summary of what the board
    holds was cut in half at the dock's fold (fresh-user trial): it is shown under the heading,
    and the seats list is as tall as its seats, not a fixed six rows."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QScrollArea

    window.resize(1366, 738)
    open_board(window, name)
    qtbot.wait(50)
    dock = window.properties_dock
    page = dock.page("board")
    assert page.stats.isVisible() and "segments with content" in page.stats.text()
    area = next(a for a in dock.findChildren(QScrollArea) if a.widget() is not None and a.widget().isAncestorOf(page))
    assert area.verticalScrollBar().value() == 0
    top = page.stats.mapTo(area.viewport(), QPoint(0, 0)).y()
    assert 0 <= top and top + page.stats.height() <= area.viewport().height(), (top, page.stats.height())
    seats = page.seat_list
    rows = sum(seats.sizeHintForRow(i) for i in range(seats.count()))
    assert seats.count() == window.document.board.players
    assert rows <= seats.viewport().height() < rows + seats.sizeHintForRow(0)  # every seat, no blank rows
    dock.grab().save(str(tmp_path / f"properties-{name}.png"))
