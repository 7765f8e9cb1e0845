"""The page of one seat: its name, label, place in the turn order and its start and goal pegs."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton

from studio.gui.realm.docks.pages.base import PropertyPage, buttons, id_edit, ignored_label, note, register, say


@register("seat")
class SeatPage(PropertyPage):
    title = "Seat"

    def build(self) -> None:
        form, outer, dock = self.form, self.outer, self.dock
        self.name = id_edit()
        self.name.editingFinished.connect(lambda: self.rename("seat", self.name, self.document.rename_seat))
        self.label = QLineEdit()
        self.label.setMaxLength(40)
        self.label.editingFinished.connect(
            lambda: dock.current("seat") and self.document.set_seat_label(
                dock.current("seat"), self.label.text().strip() or None))
        self.order = QLabel()
        self.start = QLabel()
        self.start.setWordWrap(True)
        self.goal = QLabel()
        self.goal.setWordWrap(True)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Label"), self.label)
        form.addRow(self.tr("Order"), self.order)
        form.addRow(self.tr("Start pegs"), self.start)
        form.addRow(self.tr("Goal pegs"), self.goal)
        up = QPushButton(self.tr("Earlier"))
        up.clicked.connect(lambda: self._move(-1))
        down = QPushButton(self.tr("Later"))
        down.clicked.connect(lambda: self._move(1))
        outer.addWidget(buttons(up, down))
        self.mark = QPushButton(self.tr("Mark Pegs With Tool"))
        self.mark.clicked.connect(self._mark_pegs)
        remove = QPushButton(self.tr("Delete Seat"))
        remove.clicked.connect(lambda: dock.current("seat") and self.document.remove_seat(dock.current("seat")))
        outer.addWidget(buttons(self.mark, remove))
        self.note = ignored_label()
        outer.addWidget(self.note)
        self.clear = {}
        for part in ("start", "goal"):
            button = QPushButton(self.tr("Remove {title} Pegs").format(title=part.title()))
            button.clicked.connect(lambda _=False, pt=part: self._clear_part(pt))
            self.clear[part] = button
        outer.addWidget(buttons(*self.clear.values()))
        outer.addWidget(note("Start pegs are the bright pegs on the seat's own side where its first band goes "
                             "(RTR-P5); goal pegs are the edge it races to (L1-2)."))

    def applies(self, elements: list[tuple]) -> bool:
        return elements[0][1] in self.document.board.seats

    def show_selection(self, elements: list[tuple]) -> None:
        name = elements[0][1]
        board = self.document.board
        seat = board.seats[name]
        order = list(board.seats).index(name)
        self.heading.setText(self.tr("Seat {value}").format(value=seat.label or name))
        self.dock.set_text(self.name, name)
        self.dock.set_text(self.label, seat.label or "")
        self.order.setText(self.tr("{order} of {seats_count}").format(order=order + 1, seats_count=len(board.seats)))
        self.start.setText(", ".join(seat.start) or "—")
        self.goal.setText(", ".join(seat.goal) or "—")
        offers, notes = self.offers, []
        for part, label in (("start", self.start), ("goal", self.goal)):
            pegs = getattr(seat, part)
            self.form.setRowVisible(label, offers.has(part) or bool(pegs))
            ignored = bool(pegs) and not offers.has(part)
            self.clear[part].setVisible(ignored)
            if ignored:
                notes.append(offers.ignored_note(part, f"this seat's {len(pegs)} {part} pegs",
                                                 f"Remove {part.title()} Pegs removes them."))
        self.mark.setVisible(offers.has("start") or offers.has("goal"))
        say(self.note, notes)

    def _move(self, step: int) -> None:
        name = self.dock.current("seat")
        if name:
            order = list(self.document.board.seats).index(name)
            self.document.move_seat(name, order + step)

    def _mark_pegs(self) -> None:
        dock = self.dock
        name = dock.current("seat")
        dock.tool_requested.emit("seats")
        window = dock.parent()
        tool = getattr(window, "tools", {}).get("seats") if window is not None else None
        if tool is not None and name:
            tool.set_seat(name)

    def _clear_part(self, part: str) -> None:
        name = self.dock.current("seat")
        if name:
            self.document.edit_seat_pegs(name, part, remove=list(getattr(self.document.board.seats[name], part)))
