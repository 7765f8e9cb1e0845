"""The board editor's property pages, one small class per kind of element the board can select,
each registered in :data:`~studio.gui.realm.docks.pages.base.PAGES` by the kind it edits
(importing this package registers them all)."""

from studio.gui.realm.docks.pages import board, crater, line, peg, regions, seat, segment, selection
from studio.gui.realm.docks.pages.base import BOARD, PAGES, SELECTION, PropertyPage

__all__ = ["BOARD", "PAGES", "SELECTION", "PropertyPage", "board", "crater", "line", "peg", "regions", "seat",
           "segment", "selection"]
