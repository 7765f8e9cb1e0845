"""The pages of one peg (colour, place, crater, the seats it starts or ends) and of several pegs."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLabel, QWidget

from studio.gui.realm.docks.pages.base import (
    PropertyPage,
    box,
    colour_combo,
    coord_spin,
    ignored_label,
    note,
    register,
    say,
    section,
)


@register("peg")
class PegPage(PropertyPage):
    title = "Peg"

    def build(self) -> None:
        form, outer = self.form, self.outer
        self.id = QLabel()
        self.id.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.colour = colour_combo()
        self.colour.activated.connect(self._colour_chosen)
        self.x = coord_spin()
        self.y = coord_spin()
        self.x.valueChanged.connect(lambda v: self._moved(x=v))
        self.y.valueChanged.connect(lambda v: self._moved(y=v))
        self.seats = QLabel()
        self.seats.setWordWrap(True)
        self.crater = QCheckBox(self.tr("Crater peg (Volcano start, L2-2)"))
        self.crater.toggled.connect(self._crater_toggled)
        form.addRow(self.tr("Id"), self.id)
        form.addRow(self.tr("Colour"), self.colour)
        form.addRow(self.tr("X"), self.x)
        form.addRow(self.tr("Y"), self.y)
        form.addRow(self.tr("Seats"), self.seats)
        form.addRow("", self.crater)
        self.seat_boxes = QWidget()
        self.seat_layout = QFormLayout(self.seat_boxes)
        self.seat_layout.setContentsMargins(0, 0, 0, 0)
        self.seats_title = section("Start and goal of")
        self.seats_section = box(self.seats_title, self.seat_boxes)
        outer.addWidget(self.seats_section)
        self.note = ignored_label()
        outer.addWidget(self.note)

    def applies(self, elements: list[tuple]) -> bool:
        return elements[0][1] in self.document.board.pegs   # else: the pegs page, of none

    def show_selection(self, elements: list[tuple]) -> None:
        pid = elements[0][1]
        board = self.document.board
        peg = board.pegs[pid]
        self.heading.setText(self.tr("Peg {pid}").format(pid=pid))
        self.id.setText(pid)
        with QSignalBlocker(self.colour), QSignalBlocker(self.x), QSignalBlocker(self.y), \
                QSignalBlocker(self.crater):
            self.colour.setCurrentIndex(max(0, self.colour.findData(peg.colour)))
            self.x.setValue(peg.x)
            self.y.setValue(peg.y)
            self.crater.setChecked(pid in board.crater)
        seats = [s.label or s.name for s in board.seats.values() if pid in s.start]
        goals = [s.label or s.name for s in board.seats.values() if pid in s.goal]
        text = []
        if seats:
            text.append("start of " + ", ".join(seats))
        if goals:
            text.append("goal of " + ", ".join(goals))
        if pid in board.crater:
            text.append("crater")
        self.seats.setText("; ".join(text) or "—")
        offers = self.offers
        notes = []
        in_crater = pid in board.crater
        self.form.setRowVisible(self.crater, offers.has("crater") or in_crater)
        if in_crater and not offers.has("crater"):
            notes.append(offers.ignored_note("crater", "this peg's place in the crater", "Untick it to remove it."))
        while self.seat_layout.rowCount():
            self.seat_layout.removeRow(0)
        parts_shown: set[str] = set()
        for name, seat in board.seats.items():
            row = QWidget()
            layout = QHBoxLayout(row)
            layout.setContentsMargins(0, 0, 0, 0)
            for part in ("start", "goal"):
                marked = pid in getattr(seat, part)
                if not (offers.has(part) or marked):
                    continue  # the location has no such pegs, and this peg is none of them
                parts_shown.add(part)
                if marked and not offers.has(part):
                    notes.append(offers.ignored_note(part, f"this peg as {seat.label or name}'s {part} peg",
                                                     "Untick it to remove it."))
                check = QCheckBox(part)
                check.setChecked(pid in getattr(seat, part))
                check.toggled.connect(lambda on, n=name, pt=part, p=pid: self.document.edit_seat_pegs(
                    n, pt, add=[p] if on else [], remove=[] if on else [p]))
                layout.addWidget(check)
            layout.addStretch(1)
            self.seat_layout.addRow(seat.label or name, row)
        self.seats_section.setVisible(bool(parts_shown))
        self.seats_title.setText(" and ".join(p.title() if i == 0 else p for i, p in
                                              enumerate(sorted(parts_shown, reverse=True))) + " of")
        say(self.note, notes)

    def _colour_chosen(self, index: int) -> None:
        pid = self.dock.current("peg")
        if pid:
            self.document.set_peg_colour([pid], self.colour.itemData(index))

    def _moved(self, x: float | None = None, y: float | None = None) -> None:
        # only the axis typed in: the other stays exactly as the board has it
        pid = self.dock.current("peg")
        peg = self.document.board.pegs.get(pid) if pid else None
        if peg is not None:
            self.document.move_pegs({pid: (peg.x if x is None else x, peg.y if y is None else y)}, gesture=("spin", pid))

    def _crater_toggled(self, on: bool) -> None:
        pid = self.dock.current("peg")
        if pid:
            self.document.edit_crater(add=[pid] if on else [], remove=[] if on else [pid])


@register("peg", many=True)
class PegsPage(PropertyPage):
    title = "Pegs"

    def build(self) -> None:
        self.list = QLabel()
        self.list.setWordWrap(True)
        self.colour = colour_combo()
        self.colour.activated.connect(self._colour_chosen)
        self.form.addRow(self.tr("Pegs"), self.list)
        self.form.addRow(self.tr("Colour"), self.colour)
        self.outer.addWidget(note(
            "Edit ▸ Triangulate Selection joins these pegs with lines; Edit ▸ Transform turns "
            "or mirrors them; Edit ▸ Copy to Other Seats copies them, with their lines and "
            "segment contents, onto the other seats' parts of the board."))

    def show_selection(self, elements: list[tuple]) -> None:
        pegs = self.document.board.pegs
        ids = [e[1] for e in elements if e[1] in pegs]
        self.heading.setText(self.tr("{ids_count} pegs").format(ids_count=len(ids)))
        self.list.setText(", ".join(ids[:40]) + (" …" if len(ids) > 40 else ""))
        colours = {pegs[i].colour for i in ids}
        with QSignalBlocker(self.colour):
            self.colour.setCurrentIndex(self.colour.findData(colours.pop()) if len(colours) == 1 else -1)

    def _colour_chosen(self, index: int) -> None:
        ids = [e[1] for e in self.dock.selection if e[0] == "peg"]
        self.document.set_peg_colour(ids, self.colour.itemData(index))
