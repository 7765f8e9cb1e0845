"""The island editor's pages for the selected hex, looked up by what is at the hex in a
:class:`~studio.gui.shell.property_pages.PageRegistry`: a space (its kind, icon and the bridges
at it) and an empty hex (its fort). The dock shows no page while no hex is selected."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QPushButton, QWidget

from studio.gui.rivages.island_widgets import icon_choices
from studio.gui.shell.property_pages import PageRegistry
from studio.model.rivages import SHIP, STRONGHOLD, WHITE


class HexPage(QWidget):
    """The fields of the selected hex of one kind, under the dock's "where" line. ``show_hex``
    fills them and returns that line's text; edits go through ``dock.apply`` (one undo step)."""

    def __init__(self, dock) -> None:
        super().__init__()
        self.dock = dock
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.build()

    def build(self) -> None:
        """Make the page's fields in ``self.form``."""

    def show_hex(self, h: tuple[int, int]) -> str:
        """Fill the fields for hex ``h``; the text that says what and where it is."""
        raise NotImplementedError(f"{type(self).__name__} shows no hex")


HEX_PAGES: PageRegistry[HexPage] = PageRegistry("island hex pages")
register = HEX_PAGES.register


def hex_kind(document, h) -> str | None:
    """The kind of page hex ``h`` is shown on: ``"space"``, ``"empty hex"``, None for no hex."""
    if h is None:
        return None
    return "space" if document.space(h) is not None else "empty hex"


@register("space")
class SpacePage(HexPage):
    def build(self) -> None:
        palette, form = self.dock.palette, self.form
        self.kind = QComboBox()
        for t in palette.names():
            self.kind.addItem(palette.label(t), t)
        self.kind.addItem(self.tr("White space"), WHITE)
        self.kind.addItem(self.tr("Stronghold"), STRONGHOLD)
        self.kind.addItem(self.tr("Ship"), SHIP)
        self.kind.currentIndexChanged.connect(self._set_kind)
        form.addRow(self.tr("Kind"), self.kind)
        self.icon = QComboBox()
        self._icons = icon_choices(palette)
        for label, _value in self._icons:
            self.icon.addItem(label)
        self.icon.currentIndexChanged.connect(self._set_icon)
        form.addRow(self.tr("Icon"), self.icon)
        self.bridges = QLabel()
        self.bridges.setWordWrap(True)
        form.addRow(self.tr("Bridges"), self.bridges)
        self.remove_bridge = QPushButton(self.tr("Remove bridge"))
        self.remove_bridge.clicked.connect(self._remove_bridge)
        form.addRow(self.remove_bridge)

    def show_hex(self, h: tuple[int, int]) -> str:
        document = self.dock.document
        space = document.space(h)
        i = self.kind.findData(space.kind)
        if i < 0:
            self.kind.addItem(self.tr("{kind} (unknown)").format(kind=space.kind), space.kind)
            i = self.kind.count() - 1
        self.kind.setCurrentIndex(i)
        self.icon.setEnabled(space.kind == WHITE)
        idx = next((k for k, (_l, v) in enumerate(self._icons) if v == space.icon), 0)
        self.icon.setCurrentIndex(idx)
        bridges = document.bridges_at(h)
        self.bridges.setText(", ".join(f"to {list(b[1] if b[0] == h else b[0])}" for b in bridges) or "none")
        self.remove_bridge.setEnabled(bool(bridges))
        return self.tr("Space {list}").format(list=list(h))

    def _set_kind(self, _i: int) -> None:
        dock = self.dock
        if dock.quiet or dock.hex is None:
            return
        kind = self.kind.currentData()
        if kind == SHIP:
            dock.apply(dock.document.place_ship, dock.hex)
        else:
            space = dock.document.space(dock.hex)
            dock.apply(dock.document.set_kind, [dock.hex], kind, space.icon if space else None)

    def _set_icon(self, index: int) -> None:
        dock = self.dock
        if dock.quiet or dock.hex is None or index < 0:
            return
        dock.apply(dock.document.set_icon, dock.hex, self._icons[index][1])

    def _remove_bridge(self) -> None:
        dock = self.dock
        bridges = dock.document.bridges_at(dock.hex) if dock.hex is not None else []
        if bridges:
            dock.apply(dock.document.remove_bridge, bridges[-1])


@register("empty hex")
class EmptyHexPage(HexPage):
    def build(self) -> None:
        self.fort = QPushButton()
        self.fort.clicked.connect(self._toggle_fort)
        self.form.addRow(self.fort)

    def show_hex(self, h: tuple[int, int]) -> str:
        is_fort = h in self.dock.document.island.forts
        self.fort.setText("Remove the fort" if is_fort else "Place a fort here")
        return f"Empty hex {list(h)}" + (" with a fort" if is_fort else "")

    def _toggle_fort(self) -> None:
        dock = self.dock
        if dock.hex is not None:
            dock.apply(dock.document.toggle_fort, dock.hex)
