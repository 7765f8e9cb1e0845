"""The island editor's properties dock shows the page of the selected hex, looked up by what is
at it (a space, an empty hex) in the registry of hex pages; no hex shows no page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from studio.gui.rivages import island_editor as ie
from studio.gui.rivages.island_pages import HEX_PAGES, hex_kind

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, tmp_path):
    w = ie.IslandEditorWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat))
    qtbot.addWidget(w, before_close_func=lambda win: win.document.undo_stack.setClean())
    return w


def shown_pages(dock) -> list[str]:
    return [kind for kind, page in dock.pages.items() if dock.stack.currentWidget() is page]


def test_each_hex_shows_the_page_of_what_is_at_it(window):
    doc, dock = window.document, window.properties
    assert set(dock.pages) == HEX_PAGES.kinds() == {"space", "empty hex"}
    assert shown_pages(dock) == [] and dock.where.text() == "Click a hex with the Select tool"

    space = next(s for s in doc.island.spaces if s.kind == "ship")
    window.select(space.at)
    assert hex_kind(doc, space.at) == "space" and shown_pages(dock) == ["space"]
    page = dock.pages["space"]
    assert dock.where.text() == f"Space {list(space.at)}" and page.kind.currentData() == "ship"
    page.kind.setCurrentIndex(page.kind.findData("stronghold"))      # an edit through the page
    assert doc.space(space.at).kind == "stronghold"
    doc.undo_stack.undo()
    assert doc.space(space.at).kind == "ship" and page.kind.currentData() == "ship"   # the page follows

    taken = {s.at for s in doc.island.spaces}
    empty = next((q, r) for q in range(-9, 10) for r in range(-9, 10) if (q, r) not in taken)
    window.select(empty)
    assert shown_pages(dock) == ["empty hex"] and dock.where.text() == f"Empty hex {list(empty)}"
    fort = dock.pages["empty hex"].fort
    assert fort.text() == "Place a fort here"
    fort.click()
    assert empty in doc.island.forts and dock.where.text() == f"Empty hex {list(empty)} with a fort"
    assert fort.text() == "Remove the fort"

    window.select(None)
    assert shown_pages(dock) == [] and dock.where.text() == "Click a hex with the Select tool"
