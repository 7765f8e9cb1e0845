"""The page of a selection of several kinds of element (or several of a kind with no page for
several): how many of each are selected, and what Delete does with them."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from studio.gui.realm.docks.pages.base import SELECTION, PropertyPage, register

_COUNTED = ("peg", "line", "segment", "picture", "island", "seat")


@register(SELECTION, many=True)
class SelectionPage(PropertyPage):
    title = "Selection"

    def build(self) -> None:
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.form.addRow(self.text)

    def show_selection(self, elements: list[tuple]) -> None:
        counts = {k: sum(1 for e in elements if e[0] == k) for k in _COUNTED}
        self.text.setText(", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items() if n)
                          + " selected.\nDelete removes the pegs and lines and clears the segments in one step.")
