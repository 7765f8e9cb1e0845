"""The properties dock: shows the property page of what is selected, looked up by the selected
elements' kind in the registry of board property pages (:mod:`studio.gui.realm.docks.pages`,
one small page class per kind: the board when nothing is selected, peg, several pegs, line with
its Labyrinth item and Archipelago bridge, segment, picture, island, seat, crater, a mixed
selection). A selection of a kind no page is registered for shows an empty page. Pages edit
through document methods, so every edit is an undo step (successive spin-box edits of one field
merge into one).

Location-specific fields (a crater peg, goal pegs, canals, pictures, idols, line items) are
offered only when the board's location has that mechanic
(:func:`studio.model.locations.offers_for`), and follow a change of location. An element the
location lacks that the board has anyway is still shown, so it can be removed, with a note that
the location ignores it."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QFrame, QLineEdit, QScrollArea, QStackedWidget, QToolTip

from studio.gui.realm.docks.pages import BOARD, PAGES, SELECTION, PropertyPage
from studio.gui.realm.docks.pages.base import note
from studio.gui.realm.document import BoardDocument, ChangeKind
from studio.gui.shell.document_base import shows_model
from studio.model.locations import LocationOffers, offers_for


class PropertiesDock(QDockWidget):
    """Shows and edits the selection of ``scene`` on ``document``.

    ``edit_scenario_requested`` asks the window to open the scenario editor; ``tool_requested``
    (tool name) to switch tools."""

    edit_scenario_requested = Signal()
    _force_text = False  # while True (a new board), fields show the board even when focused
    tool_requested = Signal(str)

    def __init__(self, document: BoardDocument, scene, parent=None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("PropertiesDock")
        self.document = document
        self.scene = scene
        self._seat_focus: str | None = None   # a seat shown with nothing selectable on the board
        self._selecting = False               # our own change of the scene's selection
        self.stack = QStackedWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # pages wrap to the dock's width
        self.setMinimumWidth(300)
        scroll.setWidget(self.stack)
        self.setWidget(scroll)
        self.selection: list[tuple] = []
        self.offers: LocationOffers = offers_for(document.board, document.path)
        self.pages: dict[tuple[str, bool], PropertyPage] = {}
        for kind, many, page_class in PAGES.entries():
            page = page_class(self)
            self.pages[(kind, many)] = page
            self.stack.addWidget(page)
        self.empty_page = note("Nothing to edit here for this selection.")
        self.empty_page.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.empty_page.setContentsMargins(10, 8, 10, 8)
        self.stack.addWidget(self.empty_page)
        scene.selectionChanged.connect(self._selection_changed)
        document.changed.connect(self._on_changed)
        self.refresh()

    def page(self, kind: str, many: bool = False) -> PropertyPage:
        """The page of ``kind`` (``"board"`` for nothing selected, ``"peg"``...; several of it
        with ``many``). Raises KeyError for a kind with no page."""
        return self.pages[(kind, many)]

    def page_for(self, elements: list[tuple]):
        """The page that shows ``elements``: the board's for none; for one kind, the kind's page
        for one or several (a one-element page that does not apply, e.g. to an island no longer on
        the board, passes to the kind's page for several, then to the mixed-selection page); the
        mixed-selection page for several kinds; the empty page for a kind with no page at all."""
        if not elements:
            return self.pages[(BOARD, False)]
        kinds = {e[0] for e in elements}
        if len(kinds) == 1:
            kind = next(iter(kinds))
            if kind not in PAGES.kinds():
                return self.empty_page
            for many in ((False, True) if len(elements) == 1 else (True,)):
                page = self.pages.get((kind, many))
                if page is not None and (many or page.applies(elements)):
                    return page
        return self.pages[(SELECTION, True)]

    # -- refresh ----------------------------------------------------------------------------
    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.RESET:
            # another board: a field being typed in shows it too (trial: the focused Name field
            # kept the previous board's name, which leaving the field would have written)
            self._force_text = True
            try:
                self.refresh()
            finally:
                self._force_text = False
        elif kind is not ChangeKind.FILE_CHANGED:
            self.refresh()

    def current(self, kind: str) -> str | None:
        """The name of the one selected element when it is of ``kind``, else None."""
        if len(self.selection) == 1 and self.selection[0][0] == kind and len(self.selection[0]) > 1:
            return self.selection[0][1]
        return None

    def select(self, elements) -> None:
        """Select ``elements`` on the board and show their page (a seat the board draws nothing
        for is shown all the same)."""
        elements = [tuple(e) for e in elements]
        seat = elements[0][1] if len(elements) == 1 and elements[0][0] == "seat" else None
        # a seat the board draws no label or pegs for (Volcano seats start at the crater): its
        # page is shown all the same (trial: Edit cleared the selection instead)
        self._seat_focus = seat if seat is not None and not self.scene.items_for(elements[0]) else None
        self._selecting = True
        try:
            if self._seat_focus is None:
                self.scene.select_elements(elements)
            else:
                self.scene.clearSelection()
        finally:
            self._selecting = False
        if self._seat_focus is not None:
            self.refresh()   # the scene's selection may not have changed: no signal

    def _selection_changed(self) -> None:
        if not self._selecting:
            self._seat_focus = None   # the user selected something else on the board
        self.refresh()

    def refresh(self) -> None:
        """Show the page for the current selection with values from the model."""
        if not shiboken6.isValid(self.scene) or not shiboken6.isValid(self.stack):
            return  # the window is being torn down
        elements = self.scene.selected_elements()
        focus = self._seat_focus
        if not elements and focus is not None:
            if focus in self.document.board.seats:
                elements = [("seat", focus)]
            else:
                self._seat_focus = None
        self.selection = elements
        self.offers = offers_for(self.document.board, self.document.path)
        page = self.page_for(elements)
        if isinstance(page, PropertyPage):
            page.show_selection(elements)
        self.stack.setCurrentWidget(page)

    def set_text(self, edit, text: str) -> None:
        """Put ``text`` in ``edit`` unless the user is typing in it while an edit is pushed
        (:func:`~studio.gui.shell.document_base.shows_model`; a new board, undo, redo: even
        then)."""
        if (self._force_text or shows_model(edit, self.document)) and edit.text() != text:
            edit.setText(text)

    def focus_location(self) -> None:
        """Show the board page with the location combo focused and open (the banner's button)."""
        self.scene.clearSelection()
        self.refresh()
        self.show()
        self.raise_()
        combo = self.page(BOARD).location
        combo.setFocus()
        combo.showPopup()

    def focus_field(self, field: str | None) -> str:
        """Show the board page and focus the field of board property ``field`` (``location``,
        ``name``, ``seats``...; the page itself for None or a property without a field), as a
        finding about it asks. Returns the field's name in words ("Location")."""
        self.scene.clearSelection()
        self.refresh()
        self.show()
        self.raise_()
        widget = self.page(BOARD).field(field or "")
        scroll = self.widget()
        if widget is not None:
            widget.setFocus(Qt.OtherFocusReason)
            if isinstance(scroll, QScrollArea):
                scroll.ensureWidgetVisible(widget)
        elif isinstance(scroll, QScrollArea):
            scroll.verticalScrollBar().setValue(0)
        return (field or "board").replace("_", " ").capitalize()

    def refuse_empty(self, edit: QLineEdit, old: str, what: str) -> None:
        """An emptied name or id field: put the current value back and say why (it used to stay
        empty while the board kept the old value, silently)."""
        edit.setText(old)
        text = f"{what} cannot be empty: it stays '{old}'"
        window = self.window()
        bar = getattr(window, "statusBar", None)
        if callable(bar):
            bar().showMessage(text, 6000)
        QToolTip.showText(edit.mapToGlobal(edit.rect().bottomLeft()), text, edit)


__all__ = ["PropertiesDock"]
