"""The island editor's properties dock: the island's header (id, name, description, hex
orientation) and the selected hex: a space's kind and icon, the bridges at it, or an empty hex
and its fort. Every change is one undo step through the document; typing into a field is
applied when the field is left (or Enter)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from studio.gui.rivages.island_widgets import icon_choices
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
            lambda _i: self._apply(self.document.set_header, "orientation", self.orientation.currentData()))
        self.space_box = QGroupBox(self.tr("Selection"))
        sform = QFormLayout(self.space_box)
        self.where = QLabel(self.tr("Click a hex with the Select tool"))
        self.where.setWordWrap(True)
        sform.addRow(self.where)
        self.kind = QComboBox()
        for t in palette.names():
            self.kind.addItem(palette.label(t), t)
        self.kind.addItem(self.tr("White space"), WHITE)
        self.kind.addItem(self.tr("Stronghold"), STRONGHOLD)
        self.kind.addItem(self.tr("Ship"), SHIP)
        self.kind.currentIndexChanged.connect(self._set_kind)
        sform.addRow(self.tr("Kind"), self.kind)
        self.icon = QComboBox()
        self._icons = icon_choices(palette)
        for label, _value in self._icons:
            self.icon.addItem(label)
        self.icon.currentIndexChanged.connect(self._set_icon)
        sform.addRow(self.tr("Icon"), self.icon)
        self.bridges = QLabel()
        self.bridges.setWordWrap(True)
        sform.addRow(self.tr("Bridges"), self.bridges)
        self.remove_bridge = QPushButton(self.tr("Remove bridge"))
        self.remove_bridge.clicked.connect(self._remove_bridge)
        sform.addRow(self.remove_bridge)
        self.fort = QPushButton()
        self.fort.clicked.connect(self._toggle_fort)
        sform.addRow(self.fort)
        layout.addWidget(self.space_box)
        layout.addStretch(1)
        self.setWidget(body)
        self._quiet = False
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

    # -- show --------------------------------------------------------------------------------------
    def refresh(self, *_args) -> None:
        self._quiet = True
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
        space = self.document.space(h) if h is not None else None
        is_fort = h is not None and h in island.forts
        for w in (self.kind, self.icon, self.bridges, self.remove_bridge):
            w.setVisible(space is not None)
        self.fort.setVisible(h is not None and space is None)
        if h is None:
            self.where.setText(self.tr("Click a hex with the Select tool"))
        elif space is None:
            self.where.setText(f"Empty hex {list(h)}" + (" with a fort" if is_fort else ""))
            self.fort.setText("Remove the fort" if is_fort else "Place a fort here")
        else:
            self.where.setText(self.tr("Space {list}").format(list=list(h)))
            i = self.kind.findData(space.kind)
            if i < 0:
                self.kind.addItem(self.tr("{kind} (unknown)").format(kind=space.kind), space.kind)
                i = self.kind.count() - 1
            self.kind.setCurrentIndex(i)
            self.icon.setEnabled(space.kind == WHITE)
            idx = next((k for k, (_l, v) in enumerate(self._icons) if v == space.icon), 0)
            self.icon.setCurrentIndex(idx)
            bridges = self.document.bridges_at(h)
            self.bridges.setText(", ".join(f"to {list(b[1] if b[0] == h else b[0])}" for b in bridges) or "none")
            self.remove_bridge.setEnabled(bool(bridges))
        self._quiet = False

    # -- edits --------------------------------------------------------------------------------------
    def _apply(self, edit, *args) -> None:
        if self._quiet:
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
        self._apply(self.document.set_header, field, value)

    def _set_kind(self, _i: int) -> None:
        if self._quiet or self.hex is None:
            return
        kind = self.kind.currentData()
        if kind == SHIP:
            self._apply(self.document.place_ship, self.hex)
        else:
            space = self.document.space(self.hex)
            self._apply(self.document.set_kind, [self.hex], kind, space.icon if space else None)

    def _set_icon(self, index: int) -> None:
        if self._quiet or self.hex is None or index < 0:
            return
        self._apply(self.document.set_icon, self.hex, self._icons[index][1])

    def _remove_bridge(self) -> None:
        bridges = self.document.bridges_at(self.hex) if self.hex is not None else []
        if bridges:
            self._apply(self.document.remove_bridge, bridges[-1])

    def _toggle_fort(self) -> None:
        if self.hex is not None:
            self._apply(self.document.toggle_fort, self.hex)


def _n(count: int, noun: str) -> str:
    """``1 bridge``, ``2 bridges``, ``0 forts``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
