"""The page of one segment: its treasure and energy, and where the board's location plays them,
its idol (L7-1), picture (L4-6) and island (L3-2)."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QLabel, QSpinBox

from studio.gui.realm.docks.pages.base import PropertyPage, colour_idol_icon, ignored_label, note, register, say
from studio.gui.realm.document import MAX_COUNT
from studio.gui.shell import prompts
from studio.model.realm import segment_key

_NEW = "\u2026new"   # combo data of "New picture…" / "New island…"


@register("segment")
class SegmentPage(PropertyPage):
    title = "Segment"

    def build(self) -> None:
        form, outer = self.form, self.outer
        self.corners = QLabel()
        self.treasure = QSpinBox()
        self.energy = QSpinBox()
        for spin, field in ((self.treasure, "treasure"), (self.energy, "energy")):
            spin.setRange(0, MAX_COUNT)
            spin.setAccelerated(True)
            spin.valueChanged.connect(lambda v, f=field: self._set(f, v))
        self.treasure.setSuffix(self.tr("  treasure"))
        self.energy.setSuffix(self.tr("  energy"))
        self.idol = QComboBox()
        self.idol.addItem(self.tr("none"), None)
        for kind in ("orange", "blue"):
            self.idol.addItem(colour_idol_icon(kind), kind, kind)
        self.idol.activated.connect(lambda _: self._set("idol", self.idol.currentData()))
        self.picture = QComboBox()
        self.picture.activated.connect(self._picture_chosen)
        self.island = QComboBox()
        self.island.activated.connect(self._island_chosen)
        form.addRow(self.tr("Corners"), self.corners)
        form.addRow(self.tr("Treasure"), self.treasure)
        form.addRow(self.tr("Energy"), self.energy)
        form.addRow(self.tr("Idol"), self.idol)
        form.addRow(self.tr("Picture"), self.picture)
        form.addRow(self.tr("Island"), self.island)
        self.note = ignored_label()
        outer.addWidget(self.note)
        outer.addWidget(note("Treasure scores 1 VP per symbol and energy gives tokens to the player who explores "
                             "or closes the segment (once per game). Successive edits of a field are one undo "
                             "step. The Segment Content tool (T) paints many segments quickly."))

    def show_selection(self, elements: list[tuple]) -> None:
        key = segment_key(elements[0][1:4])
        doc = self.document
        self.heading.setText("Segment " + "-".join(key))
        self.corners.setText(" · ".join(key))
        with QSignalBlocker(self.treasure), QSignalBlocker(self.energy), QSignalBlocker(self.idol):
            self.treasure.setValue(doc.segment_value(key, "treasure"))
            self.energy.setValue(doc.segment_value(key, "energy"))
            self.idol.setCurrentIndex(max(0, self.idol.findData(doc.segment_value(key, "idol"))))
        self._fill_group_combo(self.picture, doc.picture_names(), doc.segment_value(key, "picture"), "picture")
        self._fill_group_combo(self.island, list(doc.board.islands), doc.island_of(key), "island")
        offers, notes = self.offers, []
        for widget, mechanic, value, what, remove in (
                (self.idol, "idols", doc.segment_value(key, "idol"), "this segment's idol", "Set it to none."),
                (self.picture, "pictures", doc.segment_value(key, "picture"), "this segment's picture",
                 "Set it to none."),
                (self.island, "canals", doc.island_of(key), "this segment's island", "Set it to none.")):
            self.form.setRowVisible(widget, offers.has(mechanic) or bool(value))
            if value and not offers.has(mechanic):
                notes.append(offers.ignored_note(mechanic, what, remove))
        say(self.note, notes)

    def _fill_group_combo(self, combo: QComboBox, names: list[str], current: str | None, what: str) -> None:
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem(self.tr("none"), None)
            for n in names:
                combo.addItem(n, n)
            combo.addItem(self.tr("New {what}…").format(what=what), _NEW)
            combo.setCurrentIndex(max(0, combo.findData(current)))

    # -- edits -----------------------------------------------------------------------------
    def _key(self) -> tuple | None:
        selection = self.dock.selection
        if len(selection) == 1 and selection[0][0] == "segment":
            return selection[0][1:4]
        return None

    def _set(self, field: str, value) -> None:
        key = self._key()
        if key is not None:
            self.document.set_segment_value(key, field, value)

    def _group_choice(self, combo: QComboBox, what: str, fresh) -> str | None | bool:
        """The chosen group name; a fresh name for "New…"; False when cancelled."""
        data = combo.currentData()
        if data != _NEW:
            return data
        name = prompts.ask_text(self, self.tr("New {what}").format(what=what),
                                self.tr("Name of the new {what}:").format(what=what), fresh())
        return name or False

    def _group_chosen(self, combo: QComboBox, what: str, fresh, put, title: str) -> None:
        key = self._key()
        if key is None:
            return
        name = self._group_choice(combo, what, fresh)
        if name is False:
            self.dock.refresh()
            return
        try:
            put([key], name)
        except ValueError as exc:
            prompts.show_error(self, title, str(exc))
            self.dock.refresh()

    def _picture_chosen(self, _index: int) -> None:
        self._group_chosen(self.picture, "picture", self.document.new_picture_name,
                           self.document.set_segments_picture, self.tr("Picture"))

    def _island_chosen(self, _index: int) -> None:
        self._group_chosen(self.island, "island", self.document.new_island_name,
                           self.document.set_segments_island, self.tr("Island"))
