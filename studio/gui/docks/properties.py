"""The properties dock: edits what is selected through document methods (so every edit is an
undo step; successive spin-box edits of one field merge into one).

Pages: board header (nothing selected), peg, several pegs, line, segment, mixed selection."""

from __future__ import annotations

import math

import shiboken6

from PySide6.QtCore import QRegularExpression, QSignalBlocker, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QDoubleSpinBox, QFormLayout, QFrame, QLabel, QLineEdit, QSpinBox,
    QStackedWidget, QVBoxLayout, QWidget,
)

from studio.gui.document import BoardDocument, ChangeKind
from studio.model.realm import COLOURS, segment_key
from studio.render import style

MAX_COUNT = 20  # schema: treasure and energy counts are 0..20
ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"


def colour_icon(colour: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(QColor(style.INK))
    p.setBrush(style.peg_fill(colour))
    p.drawEllipse(1, 1, size - 2, size - 2)
    p.end()
    return QIcon(pm)


def _colour_combo() -> QComboBox:
    combo = QComboBox()
    for c in COLOURS:
        combo.addItem(colour_icon(c), c, c)
    return combo


def _title(text: str) -> QLabel:
    label = QLabel(text)
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * 1.15)
    label.setFont(f)
    return label


def _page(title: str) -> tuple[QWidget, QFormLayout, QLabel]:
    page = QWidget()
    outer = QVBoxLayout(page)
    outer.setContentsMargins(10, 8, 10, 8)
    heading = _title(title)
    outer.addWidget(heading)
    line = QFrame()
    line.setFrameShape(QFrame.HLine)
    line.setFrameShadow(QFrame.Sunken)
    outer.addWidget(line)
    form = QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
    form.setLabelAlignment(Qt.AlignRight | Qt.AlignVCenter)
    outer.addLayout(form)
    outer.addStretch(1)
    return page, form, heading


class PropertiesDock(QDockWidget):
    """Shows and edits the selection of ``scene`` on ``document``."""

    def __init__(self, document: BoardDocument, scene, parent=None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("PropertiesDock")
        self.document = document
        self.scene = scene
        self.stack = QStackedWidget()
        self.setWidget(self.stack)
        self._build_board_page()
        self._build_peg_page()
        self._build_pegs_page()
        self._build_line_page()
        self._build_segment_page()
        self._build_mixed_page()
        self._selection: list[tuple] = []
        scene.selectionChanged.connect(self.refresh)
        document.changed.connect(self._on_changed)
        self.refresh()

    # -- pages ----------------------------------------------------------------------------
    def _build_board_page(self) -> None:
        page, form, _ = _page("Board")
        self.board_name = QLineEdit()
        self.board_name.setMaxLength(200)
        self.board_name.editingFinished.connect(
            lambda: self._set_board("name", self.board_name.text().strip() or self.document.board.name))
        self.board_id = QLineEdit()
        self.board_id.setValidator(QRegularExpressionValidator(QRegularExpression(ID_PATTERN)))
        self.board_id.editingFinished.connect(
            lambda: self._set_board("id", self.board_id.text() or self.document.board.id))
        self.board_players = QSpinBox()
        self.board_players.setRange(2, 4)
        self.board_players.valueChanged.connect(lambda v: self._set_board("players", v))
        self.board_stats = QLabel()
        self.board_stats.setWordWrap(True)
        self.board_stats.setTextFormat(Qt.RichText)
        form.addRow("Name", self.board_name)
        form.addRow("Id", self.board_id)
        form.addRow("Players", self.board_players)
        form.addRow(self.board_stats)
        self.board_page = page
        self.stack.addWidget(page)

    def _build_peg_page(self) -> None:
        page, form, self.peg_heading = _page("Peg")
        self.peg_id = QLabel()
        self.peg_id.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.peg_colour = _colour_combo()
        self.peg_colour.activated.connect(self._peg_colour_chosen)
        self.peg_x = self._coord_spin()
        self.peg_y = self._coord_spin()
        self.peg_x.valueChanged.connect(lambda _: self._peg_moved())
        self.peg_y.valueChanged.connect(lambda _: self._peg_moved())
        self.peg_seats = QLabel()
        self.peg_seats.setWordWrap(True)
        form.addRow("Id", self.peg_id)
        form.addRow("Colour", self.peg_colour)
        form.addRow("X", self.peg_x)
        form.addRow("Y", self.peg_y)
        form.addRow("Seats", self.peg_seats)
        self.peg_page = page
        self.stack.addWidget(page)

    @staticmethod
    def _coord_spin() -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(-1000, 1000)
        spin.setDecimals(3)
        spin.setSingleStep(0.5)
        spin.setKeyboardTracking(False)
        return spin

    def _build_pegs_page(self) -> None:
        page, form, self.pegs_heading = _page("Pegs")
        self.pegs_list = QLabel()
        self.pegs_list.setWordWrap(True)
        self.pegs_colour = _colour_combo()
        self.pegs_colour.activated.connect(self._pegs_colour_chosen)
        form.addRow("Pegs", self.pegs_list)
        form.addRow("Colour", self.pegs_colour)
        self.pegs_page = page
        self.stack.addWidget(page)

    def _build_line_page(self) -> None:
        page, form, self.line_heading = _page("Line")
        self.line_pegs = QLabel()
        self.line_length = QLabel()
        form.addRow("Pegs", self.line_pegs)
        form.addRow("Length", self.line_length)
        self.line_page = page
        self.stack.addWidget(page)

    def _build_segment_page(self) -> None:
        page, form, self.segment_heading = _page("Segment")
        self.segment_pegs = QLabel()
        self.treasure = QSpinBox()
        self.energy = QSpinBox()
        for spin, field in ((self.treasure, "treasure"), (self.energy, "energy")):
            spin.setRange(0, MAX_COUNT)
            spin.setAccelerated(True)
            spin.valueChanged.connect(lambda v, f=field: self._set_segment(f, v))
        self.treasure.setSuffix("  treasure")
        self.energy.setSuffix("  energy")
        self.idol = QComboBox()
        self.idol.addItem("none", None)
        for kind in ("orange", "blue"):
            self.idol.addItem(colour_idol_icon(kind), kind, kind)
        self.idol.activated.connect(lambda _: self._set_segment("idol", self.idol.currentData()))
        self.picture = QLabel()
        form.addRow("Corners", self.segment_pegs)
        form.addRow("Treasure", self.treasure)
        form.addRow("Energy", self.energy)
        form.addRow("Idol", self.idol)
        form.addRow("Picture", self.picture)
        legend = QLabel("Treasure scores 1 VP per symbol and energy gives tokens to the player who "
                        "explores or closes the segment (once per game). Successive edits of a "
                        "field are one undo step.")
        legend.setWordWrap(True)
        legend.setStyleSheet("color: #6a6259;")
        form.addRow(legend)
        self.segment_page = page
        self.stack.addWidget(page)

    def _build_mixed_page(self) -> None:
        page, form, self.mixed_heading = _page("Selection")
        self.mixed_text = QLabel()
        self.mixed_text.setWordWrap(True)
        form.addRow(self.mixed_text)
        self.mixed_page = page
        self.stack.addWidget(page)

    # -- refresh ----------------------------------------------------------------------------
    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind is not ChangeKind.FILE_CHANGED:
            self.refresh()

    def refresh(self) -> None:
        """Show the page for the current selection with values from the model."""
        if not shiboken6.isValid(self.scene):  # the window is being torn down
            return
        elements = self.scene.selected_elements()
        self._selection = elements
        kinds = {e[0] for e in elements}
        board = self.document.board
        if not elements:
            self._show_board()
        elif kinds == {"peg"} and len(elements) == 1 and elements[0][1] in board.pegs:
            self._show_peg(elements[0][1])
        elif kinds == {"peg"}:
            self._show_pegs([e[1] for e in elements if e[1] in board.pegs])
        elif kinds == {"line"} and len(elements) == 1:
            self._show_line(elements[0][1:3])
        elif kinds == {"segment"} and len(elements) == 1:
            self._show_segment(segment_key(elements[0][1:4]))
        else:
            counts = {k: sum(1 for e in elements if e[0] == k) for k in ("peg", "line", "segment")}
            self.mixed_text.setText(", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items() if n)
                                    + " selected.\nDelete removes them in one step.")
            self.stack.setCurrentWidget(self.mixed_page)

    def _show_board(self) -> None:
        b = self.document.board
        with QSignalBlocker(self.board_name), QSignalBlocker(self.board_id), QSignalBlocker(self.board_players):
            if not self.board_name.hasFocus():
                self.board_name.setText(b.name)
            if not self.board_id.hasFocus():
                self.board_id.setText(b.id)
            self.board_players.setValue(b.players)
        treasure = sum(s.treasure for s in b.segments)
        energy = sum(s.energy for s in b.segments)
        seats = "".join(f"<br>&nbsp;&nbsp;<b>{s.label or s.name}</b>: starts {', '.join(s.start) or '—'}"
                        for s in b.seats.values())
        self.board_stats.setText(
            f"{len(b.pegs)} pegs, {len(b.lines)} lines, {len(b.segments)} segments with content"
            f"<br>{treasure} treasure, {energy} energy{seats}")
        self.stack.setCurrentWidget(self.board_page)

    def _show_peg(self, pid: str) -> None:
        peg = self.document.board.pegs[pid]
        self.peg_heading.setText(f"Peg {pid}")
        self.peg_id.setText(pid)
        with QSignalBlocker(self.peg_colour), QSignalBlocker(self.peg_x), QSignalBlocker(self.peg_y):
            self.peg_colour.setCurrentIndex(max(0, self.peg_colour.findData(peg.colour)))
            self.peg_x.setValue(peg.x)
            self.peg_y.setValue(peg.y)
        seats = [s.label or s.name for s in self.document.board.seats.values() if pid in s.start]
        goals = [s.label or s.name for s in self.document.board.seats.values() if pid in s.goal]
        text = []
        if seats:
            text.append("start of " + ", ".join(seats))
        if goals:
            text.append("goal of " + ", ".join(goals))
        if pid in self.document.board.crater:
            text.append("crater")
        self.peg_seats.setText("; ".join(text) or "—")
        self.stack.setCurrentWidget(self.peg_page)

    def _show_pegs(self, ids: list[str]) -> None:
        self.pegs_heading.setText(f"{len(ids)} pegs")
        self.pegs_list.setText(", ".join(ids[:40]) + (" …" if len(ids) > 40 else ""))
        colours = {self.document.board.pegs[i].colour for i in ids}
        with QSignalBlocker(self.pegs_colour):
            self.pegs_colour.setCurrentIndex(self.pegs_colour.findData(colours.pop()) if len(colours) == 1 else -1)
        self.stack.setCurrentWidget(self.pegs_page)

    def _show_line(self, ends) -> None:
        a, b = ends
        pegs = self.document.board.pegs
        self.line_heading.setText(f"Line {a}–{b}")
        self.line_pegs.setText(f"{a} – {b}")
        if a in pegs and b in pegs:
            self.line_length.setText(f"{math.hypot(pegs[a].x - pegs[b].x, pegs[a].y - pegs[b].y):.3f}")
        else:
            self.line_length.setText("—")
        self.stack.setCurrentWidget(self.line_page)

    def _show_segment(self, key) -> None:
        doc = self.document
        self.segment_heading.setText("Segment " + "-".join(key))
        self.segment_pegs.setText(" · ".join(key))
        with QSignalBlocker(self.treasure), QSignalBlocker(self.energy), QSignalBlocker(self.idol):
            self.treasure.setValue(doc.segment_value(key, "treasure"))
            self.energy.setValue(doc.segment_value(key, "energy"))
            self.idol.setCurrentIndex(max(0, self.idol.findData(doc.segment_value(key, "idol"))))
        self.picture.setText(doc.segment_value(key, "picture") or "—")
        self.stack.setCurrentWidget(self.segment_page)

    # -- edits ------------------------------------------------------------------------------
    def _set_board(self, field: str, value) -> None:
        self.document.set_board_value(field, value)

    def _peg_colour_chosen(self, index: int) -> None:
        if len(self._selection) == 1 and self._selection[0][0] == "peg":
            self.document.set_peg_colour([self._selection[0][1]], self.peg_colour.itemData(index))

    def _pegs_colour_chosen(self, index: int) -> None:
        ids = [e[1] for e in self._selection if e[0] == "peg"]
        self.document.set_peg_colour(ids, self.pegs_colour.itemData(index))

    def _peg_moved(self) -> None:
        if len(self._selection) == 1 and self._selection[0][0] == "peg":
            pid = self._selection[0][1]
            self.document.move_pegs({pid: (self.peg_x.value(), self.peg_y.value())}, gesture=("spin", pid))

    def _set_segment(self, field: str, value) -> None:
        if len(self._selection) == 1 and self._selection[0][0] == "segment":
            self.document.set_segment_value(self._selection[0][1:4], field, value)


def colour_idol_icon(kind: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(QColor(style.INK))
    p.setBrush(QColor(style.IDOL_FILLS[kind]))
    p.drawRoundedRect(2, 5, size - 4, size - 6, 2, 2)
    p.drawEllipse(size // 2 - 3, 1, 6, 6)
    p.end()
    return QIcon(pm)


__all__ = ["PropertiesDock", "colour_icon"]
