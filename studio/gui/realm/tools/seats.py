"""Seat tools: :class:`SeatTool` (S) marks each seat's start pegs (RTR-P5, bright pegs on its
own side) and goal pegs (L1-2, the opposite edge); :class:`CraterTool` (R) marks the Volcano's
shared start pegs around the crater (L2-2). Left click or drag adds pegs, right click removes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QComboBox, QHBoxLayout, QLabel, QRadioButton, QWidget

from studio.gui.realm.document import ChangeKind
from studio.gui.realm.items import PegItem
from studio.gui.realm.tools.base import StrokeTool, hint_widget
from studio.gui.shell import desktop
from studio.render import style


class SeatTool(StrokeTool):
    name = "seats"
    label = "Start & Goal Pegs"
    shortcut = "S"
    group = "location"
    mechanics = ("start", "goal")
    hint = ("Left click or drag across pegs to add them to the seat's start (or goal) pegs; right click removes; "
            "1-4 choose the seat")

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.seat: str | None = None
        self.part = "start"
        self.parts: tuple[str, ...] = ("start", "goal")  # what the board's location has

    def set_offers(self, offers) -> None:
        self.parts = tuple(p for p in ("start", "goal") if offers.has(p)) or ("start", "goal")
        if self.part not in self.parts:
            self.part = self.parts[0]
        self.settings_changed.emit()

    def set_seat(self, name: str | None) -> None:
        self.seat = name
        self.settings_changed.emit()

    def set_part(self, part: str) -> None:
        if part not in self.parts:
            raise ValueError(f"part must be one of {', '.join(self.parts)} on this board's location, got {part!r}")
        self.part = part
        self.settings_changed.emit()

    def current_seat(self) -> str | None:
        seats = list(self.document.board.seats) if self.scene is not None else []
        if self.seat in seats:
            return self.seat
        return seats[0] if seats else None

    def create_options(self, document, parent=None) -> QWidget:
        return SeatChoice(self, document, parent)

    def begin(self, remove: bool) -> bool:
        if self.current_seat() is None:
            self._say("The board has no seats: add one in the Properties dock (Board ▸ Seats)")
            return False
        return True

    def target_at(self, pos):
        item = self.scene.peg_at(pos)
        return item.peg_id if isinstance(item, PegItem) else None

    def apply(self, peg, remove: bool, gesture: int) -> str | None:
        seat = self.current_seat()
        doc = self.document
        if remove:
            doc.edit_seat_pegs(seat, self.part, remove=[peg], gesture=gesture)
        else:
            doc.edit_seat_pegs(seat, self.part, add=[peg], gesture=gesture)
        pegs = getattr(doc.board.seats[seat], self.part)
        return f"Seat {seat} {self.part}: {', '.join(pegs) or 'none'}"

    def key_press(self, event) -> bool:
        index = {Qt.Key_1: 0, Qt.Key_2: 1, Qt.Key_3: 2, Qt.Key_4: 3}.get(event.key())
        if index is not None and self.scene is not None:
            seats = list(self.document.board.seats)
            if index < len(seats):
                self.set_seat(seats[index])
                self._say(f"Seat {seats[index]}")
                return True
        return super().key_press(event)


class SeatChoice(QWidget):
    """Seat combo (in seat colours) and Start / Goal choice for the seat tool."""

    def __init__(self, tool: SeatTool, document, parent=None) -> None:
        super().__init__(parent)
        from studio.gui.shell import icons

        self.tool = tool
        self.document = document
        self._icons = icons
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addWidget(QLabel(self.tr("Seat:")))
        self.combo = QComboBox()
        self.combo.setMinimumWidth(140)
        self.combo.activated.connect(lambda i: tool.set_seat(self.combo.itemData(i)))
        layout.addWidget(self.combo)
        self.start = QRadioButton(self.tr("Start pegs"))
        self.goal = QRadioButton(self.tr("Goal pegs"))
        self.start.setToolTip(self.tr("Bright pegs on the seat's own side where its first band goes (RTR-P5)"))
        self.goal.setToolTip(self.tr("The edge the seat races to (Jungle Temples, L1-2)"))
        group = QButtonGroup(self)
        for b in (self.start, self.goal):
            group.addButton(b)
            layout.addWidget(b)
        self.start.toggled.connect(lambda on: on and tool.set_part("start"))
        self.goal.toggled.connect(lambda on: on and tool.set_part("goal"))
        note = QLabel(self.tr("Left: add   Right: remove"))
        note.setStyleSheet(desktop.css("color: {muted}; margin-left: 12px;"))
        layout.addWidget(note)
        layout.addStretch(1)
        tool.settings_changed.connect(self.refresh)
        document.changed.connect(self._on_changed)
        self.refresh()

    def _on_changed(self, kind, payload) -> None:
        if kind in (ChangeKind.SEATS_CHANGED, ChangeKind.RESET):
            self.refresh()

    def refresh(self) -> None:
        seats = list(self.document.board.seats.values())
        current = self.tool.seat if self.tool.seat in self.document.board.seats else (seats[0].name if seats else None)
        self.combo.blockSignals(True)
        self.combo.clear()
        for i, seat in enumerate(seats):
            self.combo.addItem(self._icons.dot_icon(style.seat_colour(i)), seat.label or seat.name, seat.name)
        self.combo.setCurrentIndex(max(0, self.combo.findData(current)) if seats else -1)
        self.combo.blockSignals(False)
        (self.start if self.tool.part == "start" else self.goal).setChecked(True)
        self.start.setVisible("start" in self.tool.parts)   # only what the location has
        self.goal.setVisible("goal" in self.tool.parts)


class CraterTool(StrokeTool):
    name = "crater"
    label = "Crater"
    shortcut = "R"
    group = "location"
    mechanics = ("crater",)
    hint = "Left click or drag across pegs to make them crater pegs (Volcano shared starts); right click removes"

    def create_options(self, document, parent=None) -> QWidget:
        return hint_widget("Crater pegs ring the Volcano's crater: every player's first band starts from one "
                           "(L2-2). Delete the pegs inside to open the crater.   Left: add   Right: remove", parent)

    def target_at(self, pos):
        item = self.scene.peg_at(pos)
        return item.peg_id if isinstance(item, PegItem) else None

    def apply(self, peg, remove: bool, gesture: int) -> str | None:
        doc = self.document
        if remove:
            doc.edit_crater(remove=[peg], gesture=gesture)
        else:
            doc.edit_crater(add=[peg], gesture=gesture)
        return f"Crater: {', '.join(doc.board.crater) or 'no pegs'}"
