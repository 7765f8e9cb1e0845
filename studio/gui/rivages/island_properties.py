"""The island editor's properties dock: the island's header (id, name, description, hex
orientation) and the page of the selected hex, looked up by what is at it in
:data:`studio.gui.rivages.island_pages.HEX_PAGES`: a space's kind and icon and the bridges at it,
or an empty hex and its fort. Every change is one undo step through the document; typing into a
field is applied when the field is left (or Enter)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.gui.rivages.island_pages import HEX_PAGES, HexPage, hex_kind
from studio.model.rivages import SHIP, STRONGHOLD, WHITE
from studio.render.rivages_glyphs import Palette


class IslandPropertiesDock(QDockWidget):
    def __init__(self, document, palette: Palette, parent=None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("IslandPropertiesDock")
        self.document = document
        self.palette = palette
        self.hex = None
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)
        head = QGroupBox(self.tr("Island"))
        form = QFormLayout(head)
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.description_edit = QLineEdit()
        self.orientation = QComboBox()
        self.orientation.addItem(self.tr("Pointy top"), "pointy")
        self.orientation.addItem(self.tr("Flat top"), "flat")
        form.addRow(self.tr("Id"), self.id_edit)
        form.addRow(self.tr("Name"), self.name_edit)
        form.addRow(self.tr("Description"), self.description_edit)
        form.addRow(self.tr("Hexes"), self.orientation)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        form.addRow(self.tr("Spaces"), self.counts)
        layout.addWidget(head)
        for field, edit in (("id", self.id_edit), ("name", self.name_edit), ("description", self.description_edit)):
            edit.editingFinished.connect(lambda f=field, e=edit: self._set_header(f, e))
        self.orientation.currentIndexChanged.connect(
            lambda _i: self.apply(self.document.set_header, "orientation", self.orientation.currentData()))
        self.space_box = QGroupBox(self.tr("Selection"))
        column = QVBoxLayout(self.space_box)
        self.where = QLabel(self.tr("Click a hex with the Select tool"))
        self.where.setWordWrap(True)
        column.addWidget(self.where)
        # the stack keeps the height of the tallest page, so that the dock does not squeeze the
        # header when a hex is selected
        self.stack = QStackedWidget()
        self.empty_page = QWidget()   # no hex selected
        self.stack.addWidget(self.empty_page)
        self.pages: dict[str, HexPage] = {}
        for kind, _many, page_class in HEX_PAGES.entries():
            page = self.pages[kind] = page_class(self)
            self.stack.addWidget(page)
        column.addWidget(self.stack)
        layout.addWidget(self.space_box)
        layout.addStretch(1)
        self.setWidget(body)
        self.quiet = False   # while the fields are filled from the document: no edits
        self.set_document(document)

    def set_document(self, document) -> None:
        if getattr(self, "_followed", None) is not None:
            self._followed.changed.disconnect(self.refresh)
        self._followed = document
        self.document = document
        document.changed.connect(self.refresh)
        self.refresh()

    def set_hex(self, h) -> None:
        self.hex = h
        self.refresh()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        """Keep the dock tall enough for its wrapped labels at its width (the spaces count wraps
        to two lines in a narrow dock; the dock area sizes docks without heightForWidth)."""
        super().resizeEvent(event)
        body = self.widget()
        need = body.layout().heightForWidth(body.width()) if body is not None else -1
        if need > 0 and need != body.minimumHeight():
            body.setMinimumHeight(need)

    # -- show --------------------------------------------------------------------------------------
    def refresh(self, *_args) -> None:
        self.quiet = True
        island = self.document.island
        self.id_edit.setText(island.id)
        self.name_edit.setText(island.name or "")
        self.description_edit.setText(island.description or "")
        self.orientation.setCurrentIndex(max(0, self.orientation.findData(island.orientation)))
        kinds = [s.kind for s in island.spaces]
        self.counts.setText(f"{_n(len(kinds), 'space')}: {kinds.count(WHITE)} white, "
                            f"{_n(kinds.count(STRONGHOLD), 'stronghold')}, {_n(kinds.count(SHIP), 'ship')}; "
                            f"{_n(len(island.bridges), 'bridge')}, {_n(len(island.forts), 'fort')}")
        h = self.hex
        kind = hex_kind(self.document, h)
        page = self.pages.get(kind) if kind is not None else None
        self.where.setText(self.tr("Click a hex with the Select tool") if page is None else page.show_hex(h))
        self.stack.setCurrentWidget(page or self.empty_page)
        self.quiet = False

    # -- edits --------------------------------------------------------------------------------------
    def apply(self, edit, *args) -> None:
        """``edit(*args)`` on the document; a refused edit is said in the window and undone in the fields."""
        if self.quiet:
            return
        try:
            edit(*args)
        except (ValueError, KeyError) as exc:
            window = self.parent()
            if hasattr(window, "say"):
                window.say(str(exc).strip("'\""))
            self.refresh()

    def _set_header(self, field: str, edit: QLineEdit) -> None:
        value = edit.text().strip()
        if field == "id":
            from studio.gui.realm.document import ID_RE
            if not ID_RE.match(value):
                window = self.parent()
                if hasattr(window, "say"):
                    window.say("An id starts with a letter or digit and uses only letters, digits, '-' and '_'")
                self.refresh()
                return
        self.apply(self.document.set_header, field, value)


def _n(count: int, noun: str) -> str:
    """``1 bridge``, ``2 bridges``, ``0 forts``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
