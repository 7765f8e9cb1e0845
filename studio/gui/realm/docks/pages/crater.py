"""The page of the crater: the pegs every player's first band uses (Volcano, L2-2)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton

from studio.gui.realm.docks.pages.base import PropertyPage, buttons, ignored_label, note, register, say


@register("crater")
class CraterPage(PropertyPage):
    title = "Crater"

    def build(self) -> None:
        self.pegs = QLabel()
        self.pegs.setWordWrap(True)
        self.form.addRow(self.tr("Pegs"), self.pegs)
        self.tool = QPushButton(self.tr("Edit With Crater Tool"))
        self.tool.clicked.connect(lambda: self.dock.tool_requested.emit("crater"))
        clear = QPushButton(self.tr("Clear Crater"))
        clear.setToolTip(self.tr("Take every peg out of the crater"))
        clear.clicked.connect(lambda: self.document.edit_crater(remove=list(self.document.board.crater)))
        self.outer.addWidget(buttons(self.tool, clear))
        self.outer.addWidget(note("Every player's first band uses a crater peg (L2-2)."))
        self.note = ignored_label()
        self.outer.addWidget(self.note)

    def show_selection(self, elements: list[tuple]) -> None:
        self.pegs.setText(", ".join(self.document.board.crater) or "—")
        offers = self.offers
        self.tool.setVisible(offers.has("crater"))
        say(self.note, [] if offers.has("crater") else [offers.ignored_note(
            "crater", "the crater", "Clear Crater removes it.")])
