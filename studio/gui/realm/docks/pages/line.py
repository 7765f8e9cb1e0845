"""The page of one line: its pegs and length, its Labyrinth item (L8-2) and its Archipelago
bridge (L3-2), each offered where the board's location plays it."""

from __future__ import annotations

import math

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QSpinBox

from studio.gui.realm.docks.pages.base import PropertyPage, box, ignored_label, register, say, section
from studio.gui.realm.document import MAX_COUNT
from studio.model.realm import ARTIFACTS


@register("line")
class LinePage(PropertyPage):
    title = "Line"

    def build(self) -> None:
        form, outer = self.form, self.outer
        self.pegs = QLabel()
        self.length = QLabel()
        form.addRow(self.tr("Pegs"), self.pegs)
        form.addRow(self.tr("Length"), self.length)
        item_form = QFormLayout()
        self.item_treasure = QSpinBox()
        self.item_treasure.setRange(0, MAX_COUNT)
        self.item_treasure.setSuffix(self.tr("  treasure"))
        self.item_treasure.valueChanged.connect(lambda v: self._set_item(treasure=v))
        self.item_artifact = QComboBox()
        self.item_artifact.addItem(self.tr("none"), None)
        from studio.gui.shell import icons
        for a in ARTIFACTS:
            self.item_artifact.addItem(icons.glyph_icon(a), a, a)
        self.item_artifact.activated.connect(lambda _: self._set_item(artifact=self.item_artifact.currentData()))
        item_form.addRow(self.tr("Treasure"), self.item_treasure)
        item_form.addRow(self.tr("Artifact"), self.item_artifact)
        self.item_note = ignored_label()
        self.item_section = box(section("Labyrinth item (L8-2)"), item_form, self.item_note)
        outer.addWidget(self.item_section)
        bridge_form = QFormLayout()
        self.bridge_on = QCheckBox(self.tr("This line is a bridge over a canal"))
        self.bridge_on.toggled.connect(self._bridge_toggled)
        self.bridge_energy = QSpinBox()
        self.bridge_energy.setRange(0, MAX_COUNT)
        self.bridge_energy.setSuffix(self.tr("  energy"))
        self.bridge_energy.valueChanged.connect(self._bridge_energy_changed)
        bridge_form.addRow("", self.bridge_on)
        bridge_form.addRow(self.tr("Energy"), self.bridge_energy)
        self.bridge_note = ignored_label()
        self.bridge_section = box(section("Archipelago bridge (L3-2)"), bridge_form, self.bridge_note)
        outer.addWidget(self.bridge_section)

    def show_selection(self, elements: list[tuple]) -> None:
        a, b = elements[0][1:3]
        doc = self.document
        pegs = doc.board.pegs
        self.heading.setText(self.tr("Line {a}–{b}").format(a=a, b=b))
        self.pegs.setText(f"{a} – {b}")
        if a in pegs and b in pegs:
            self.length.setText(f"{math.hypot(pegs[a].x - pegs[b].x, pegs[a].y - pegs[b].y):.3f}")
        else:
            self.length.setText("—")
        item = doc.line_item_on(a, b)
        bridge = doc.bridge_on(a, b)
        with QSignalBlocker(self.item_treasure), QSignalBlocker(self.item_artifact), \
                QSignalBlocker(self.bridge_on), QSignalBlocker(self.bridge_energy):
            self.item_treasure.setValue(item.treasure if item else 0)
            self.item_artifact.setCurrentIndex(max(0, self.item_artifact.findData(item.artifact if item else None)))
            self.bridge_on.setChecked(bridge is not None)
            self.bridge_energy.setValue(bridge.energy if bridge else 0)
            self.bridge_energy.setEnabled(bridge is not None)
        offers = self.offers
        self.item_section.setVisible(offers.has("line-items") or item is not None)
        say(self.item_note, [] if offers.has("line-items") or item is None else [offers.ignored_note(
            "line-items", "this line's item", "Set its treasure to 0 and its artifact to none to remove it.")])
        self.bridge_section.setVisible(offers.has("canals") or bridge is not None)
        say(self.bridge_note, [] if offers.has("canals") or bridge is None else [offers.ignored_note(
            "canals", "this bridge", "Untick it to remove it.")])

    def _current_line(self) -> tuple[str, str] | None:
        selection = self.dock.selection
        if len(selection) == 1 and selection[0][0] == "line":
            return tuple(selection[0][1:3])
        return None

    def _set_item(self, **values) -> None:
        line = self._current_line()
        if line is not None:
            self.document.set_line_item(line, **values)

    def _bridge_toggled(self, on: bool) -> None:
        line = self._current_line()
        if line is None:
            return
        if on:
            self.document.set_bridge(line, self.bridge_energy.value())
        else:
            self.document.remove_bridge(line)

    def _bridge_energy_changed(self, value: int) -> None:
        line = self._current_line()
        if line is not None and self.document.bridge_on(*line) is not None:
            self.document.set_bridge(line, value)
