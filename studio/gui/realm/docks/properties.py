"""The properties dock: edits what is selected through document methods (so every edit is an
undo step; successive spin-box edits of one field merge into one).

Pages: board header with seats, pictures and islands (nothing selected), peg, several pegs,
line (with its Labyrinth item and Archipelago bridge), segment (content, picture, island),
picture, island, seat, crater, mixed selection.

Location-specific fields (a crater peg, goal pegs, canals, pictures, idols, line items) are
offered only when the board's location has that mechanic
(:func:`studio.model.locations.offers_for`), and follow a change of location. An element the
location lacks that the board has anyway is still shown, so it can be removed, with a note that
the location ignores it."""

from __future__ import annotations

import math

import shiboken6
from PySide6.QtCore import QRegularExpression, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from studio.content.words import counted
from studio.gui.realm.document import MAX_COUNT, BoardDocument, ChangeKind
from studio.gui.shell import desktop, prompts
from studio.model.locations import LocationOffers, board_mechanics, offers_for
from studio.model.realm import ARTIFACTS, COLOURS, segment_key
from studio.render import style

ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"
_NEW = "\u2026new"   # combo data of "New picture…" / "New island…"


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


def _section(text: str) -> QLabel:
    label = QLabel(text)
    f = label.font()
    f.setBold(True)
    label.setFont(f)
    label.setStyleSheet(desktop.css("margin-top: 8px; color: {muted};"))
    return label


def _note(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(desktop.css("color: {muted};"))
    return label


def _ignored_label() -> QLabel:
    """A note that the board's location ignores an element shown (hidden while empty)."""
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet(desktop.css("color: {warning};"))
    label.setObjectName("IgnoredNote")
    label.hide()
    return label


def _say(label: QLabel, notes: list[str]) -> None:
    label.setText("\n".join(notes))
    label.setVisible(bool(notes))


def _box(*widgets) -> QWidget:
    """Widgets (and layouts) stacked in one widget that can be hidden as a whole."""
    w = QWidget()
    column = QVBoxLayout(w)
    column.setContentsMargins(0, 0, 0, 0)
    for item in widgets:
        if isinstance(item, QWidget):
            column.addWidget(item)
        else:
            column.addLayout(item)
    return w


def _page(title: str) -> tuple[QWidget, QFormLayout, QLabel, QVBoxLayout]:
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
    return page, form, heading, outer


def _id_edit() -> QLineEdit:
    edit = QLineEdit()
    # empty is let through so that leaving the field empty is answered (it gets its value back
    # and says why), never silently ignored: Qt sends no editingFinished for rejected input
    edit.setValidator(QRegularExpressionValidator(QRegularExpression(f"(?:{ID_PATTERN})?")))
    return edit


def _buttons(*buttons: QPushButton) -> QWidget:
    w = QWidget()
    layout = QHBoxLayout(w)
    layout.setContentsMargins(0, 0, 0, 0)
    for b in buttons:
        b.setAutoDefault(False)
        layout.addWidget(b)
    layout.addStretch(1)
    return w


class CommitTextEdit(QPlainTextEdit):
    """A multi-line text box that reports its text when it loses focus."""

    committed = Signal(str)

    def focusOutEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().focusOutEvent(event)
        self.committed.emit(self.toPlainText())


class PropertiesDock(QDockWidget):
    """Shows and edits the selection of ``scene`` on ``document``.

    ``edit_scenario_requested`` asks the window to open the scenario editor; ``tool_requested``
    (tool name) to switch tools."""

    edit_scenario_requested = Signal()
    _force_text = False  # while True (a new board), fields show the board even when focused
    tool_requested = Signal(str)

    def __init__(self, document: BoardDocument, scene, parent=None) -> None:
        super().__init__("Properties", parent)
        self.setObjectName("PropertiesDock")
        self.document = document
        self.scene = scene
        self._seat_focus: str | None = None   # a seat shown with nothing selectable on the board
        self._selecting = False               # our own change of the scene's selection
        self.stack = QStackedWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # pages wrap to the dock's width
        self.setMinimumWidth(300)
        scroll.setWidget(self.stack)
        self.setWidget(scroll)
        self._selection: list[tuple] = []
        self.offers: LocationOffers = offers_for(document.board, document.path)
        self._build_board_page()
        self._build_peg_page()
        self._build_pegs_page()
        self._build_line_page()
        self._build_segment_page()
        self._build_picture_page()
        self._build_island_page()
        self._build_seat_page()
        self._build_crater_page()
        self._build_mixed_page()
        scene.selectionChanged.connect(self._selection_changed)
        document.changed.connect(self._on_changed)
        self.refresh()

    # -- pages ----------------------------------------------------------------------------
    def _build_board_page(self) -> None:
        page, form, _, outer = _page("Board")
        self.board_name = QLineEdit()
        self.board_name.setMaxLength(200)
        self.board_name.editingFinished.connect(lambda: self._set_board_text("name", self.board_name))
        self.board_id = _id_edit()
        self.board_id.editingFinished.connect(lambda: self._set_board_text("id", self.board_id))
        self.board_players = QSpinBox()
        self.board_players.setRange(2, 4)
        self.board_players.setToolTip(self.tr("Each player count has its own board, with one seat per player (RTR-S6)"))
        self.board_players.valueChanged.connect(lambda v: self._set_board("players", v))
        self.board_description = CommitTextEdit()
        self.board_description.setPlaceholderText(self.tr("What makes this board play the way it does"))
        self.board_description.setFixedHeight(64)
        self.board_description.committed.connect(
            lambda text: self._set_board("description", text.strip() or None))
        self.board_location = QComboBox()
        self.board_location.setToolTip(self.tr("The location whose rules the board is played and checked with "
                                       "(saved in the board file as location:)"))
        self.board_location.activated.connect(self._location_chosen)
        self.board_scenario = QLabel()
        self.board_scenario.setWordWrap(True)
        edit_scenario = QPushButton(self.tr("Edit Scenario…"))
        edit_scenario.clicked.connect(self.edit_scenario_requested)
        self.board_canals = QCheckBox(self.tr("Canals (Archipelago City)"))
        self.board_canals.setToolTip(self.tr("Keep a canals section: islands of segments and bridges (L3-2)"))
        self.board_canals.toggled.connect(self.document.set_has_canals)
        form.addRow(self.tr("Name"), self.board_name)
        form.addRow(self.tr("Location"), self.board_location)
        form.addRow(self.tr("Id"), self.board_id)
        form.addRow(self.tr("Players"), self.board_players)
        form.addRow(self.tr("Description"), self.board_description)
        form.addRow(self.tr("Rules"), self.board_scenario)
        form.addRow("", _buttons(edit_scenario))
        form.addRow("", self.board_canals)
        self.board_form = form
        self.board_note = _ignored_label()
        outer.addWidget(self.board_note)

        outer.addWidget(_section("Seats (seat 1 plays first)"))
        self.seat_list = QListWidget()
        self.seat_list.setMaximumHeight(110)
        self.seat_list.itemActivated.connect(lambda it: self._select([("seat", it.data(Qt.UserRole))]))
        self.seat_list.itemDoubleClicked.connect(lambda it: self._select([("seat", it.data(Qt.UserRole))]))
        outer.addWidget(self.seat_list)
        add_seat = QPushButton(self.tr("Add Seat"))
        add_seat.clicked.connect(self._add_seat)
        edit_seat = QPushButton(self.tr("Edit"))
        edit_seat.clicked.connect(self._edit_current_seat)
        self.mark_pegs_button = QPushButton(self.tr("Mark Pegs…"))
        self.mark_pegs_button.setToolTip(self.tr("The Start & Goal Pegs tool (S)"))
        self.mark_pegs_button.clicked.connect(lambda: self.tool_requested.emit("seats"))
        outer.addWidget(_buttons(add_seat, edit_seat, self.mark_pegs_button))

        self.picture_list = QListWidget()
        self.picture_list.setMaximumHeight(90)
        self.picture_list.itemDoubleClicked.connect(lambda it: self._select([("picture", it.data(Qt.UserRole))]))
        self.picture_list.itemActivated.connect(lambda it: self._select([("picture", it.data(Qt.UserRole))]))
        self.pictures_section = _box(_section("Pictures"), self.picture_list)
        outer.addWidget(self.pictures_section)
        self.island_list = QListWidget()
        self.island_list.setMaximumHeight(90)
        self.island_list.itemDoubleClicked.connect(lambda it: self._select([("island", it.data(Qt.UserRole))]))
        self.island_list.itemActivated.connect(lambda it: self._select([("island", it.data(Qt.UserRole))]))
        self.islands_section = _box(_section("Islands"), self.island_list)
        outer.addWidget(self.islands_section)
        self.board_stats = QLabel()
        self.board_stats.setWordWrap(True)
        self.board_stats.setTextFormat(Qt.RichText)
        self.board_stats.setStyleSheet("margin-top: 8px;")
        outer.addWidget(self.board_stats)
        outer.addStretch(1)
        self.board_page = page
        self.stack.addWidget(page)

    def _build_peg_page(self) -> None:
        page, form, self.peg_heading, outer = _page("Peg")
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
        self.peg_crater = QCheckBox(self.tr("Crater peg (Volcano start, L2-2)"))
        self.peg_crater.toggled.connect(self._peg_crater_toggled)
        form.addRow(self.tr("Id"), self.peg_id)
        form.addRow(self.tr("Colour"), self.peg_colour)
        form.addRow(self.tr("X"), self.peg_x)
        form.addRow(self.tr("Y"), self.peg_y)
        form.addRow(self.tr("Seats"), self.peg_seats)
        form.addRow("", self.peg_crater)
        self.peg_form = form
        self.peg_seat_boxes = QWidget()
        self.peg_seat_layout = QFormLayout(self.peg_seat_boxes)
        self.peg_seat_layout.setContentsMargins(0, 0, 0, 0)
        self.peg_seats_title = _section("Start and goal of")
        self.peg_seats_section = _box(self.peg_seats_title, self.peg_seat_boxes)
        outer.addWidget(self.peg_seats_section)
        self.peg_note = _ignored_label()
        outer.addWidget(self.peg_note)
        outer.addStretch(1)
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
        page, form, self.pegs_heading, outer = _page("Pegs")
        self.pegs_list = QLabel()
        self.pegs_list.setWordWrap(True)
        self.pegs_colour = _colour_combo()
        self.pegs_colour.activated.connect(self._pegs_colour_chosen)
        form.addRow(self.tr("Pegs"), self.pegs_list)
        form.addRow(self.tr("Colour"), self.pegs_colour)
        outer.addWidget(_note("Edit ▸ Triangulate Selection joins these pegs with lines; Edit ▸ Transform turns "
                              "or mirrors them; Edit ▸ Copy to Other Seats copies them, with their lines and "
                              "segment contents, onto the other seats' parts of the board."))
        outer.addStretch(1)
        self.pegs_page = page
        self.stack.addWidget(page)

    def _build_line_page(self) -> None:
        page, form, self.line_heading, outer = _page("Line")
        self.line_pegs = QLabel()
        self.line_length = QLabel()
        form.addRow(self.tr("Pegs"), self.line_pegs)
        form.addRow(self.tr("Length"), self.line_length)
        item_form = QFormLayout()
        self.item_treasure = QSpinBox()
        self.item_treasure.setRange(0, MAX_COUNT)
        self.item_treasure.setSuffix(self.tr("  treasure"))
        self.item_treasure.valueChanged.connect(lambda v: self._set_line_item(treasure=v))
        self.item_artifact = QComboBox()
        self.item_artifact.addItem(self.tr("none"), None)
        from studio.gui.shell import icons
        for a in ARTIFACTS:
            self.item_artifact.addItem(icons.glyph_icon(a), a, a)
        self.item_artifact.activated.connect(lambda _: self._set_line_item(artifact=self.item_artifact.currentData()))
        item_form.addRow(self.tr("Treasure"), self.item_treasure)
        item_form.addRow(self.tr("Artifact"), self.item_artifact)
        self.item_note = _ignored_label()
        self.item_section = _box(_section("Labyrinth item (L8-2)"), item_form, self.item_note)
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
        self.bridge_note = _ignored_label()
        self.bridge_section = _box(_section("Archipelago bridge (L3-2)"), bridge_form, self.bridge_note)
        outer.addWidget(self.bridge_section)
        outer.addStretch(1)
        self.line_page = page
        self.stack.addWidget(page)

    def _build_segment_page(self) -> None:
        page, form, self.segment_heading, outer = _page("Segment")
        self.segment_pegs = QLabel()
        self.treasure = QSpinBox()
        self.energy = QSpinBox()
        for spin, field in ((self.treasure, "treasure"), (self.energy, "energy")):
            spin.setRange(0, MAX_COUNT)
            spin.setAccelerated(True)
            spin.valueChanged.connect(lambda v, f=field: self._set_segment(f, v))
        self.treasure.setSuffix(self.tr("  treasure"))
        self.energy.setSuffix(self.tr("  energy"))
        self.idol = QComboBox()
        self.idol.addItem(self.tr("none"), None)
        for kind in ("orange", "blue"):
            self.idol.addItem(colour_idol_icon(kind), kind, kind)
        self.idol.activated.connect(lambda _: self._set_segment("idol", self.idol.currentData()))
        self.picture = QComboBox()
        self.picture.activated.connect(self._picture_chosen)
        self.island = QComboBox()
        self.island.activated.connect(self._island_chosen)
        form.addRow(self.tr("Corners"), self.segment_pegs)
        form.addRow(self.tr("Treasure"), self.treasure)
        form.addRow(self.tr("Energy"), self.energy)
        form.addRow(self.tr("Idol"), self.idol)
        form.addRow(self.tr("Picture"), self.picture)
        form.addRow(self.tr("Island"), self.island)
        self.segment_form = form
        self.segment_note = _ignored_label()
        outer.addWidget(self.segment_note)
        outer.addWidget(_note("Treasure scores 1 VP per symbol and energy gives tokens to the player who explores "
                              "or closes the segment (once per game). Successive edits of a field are one undo "
                              "step. The Segment Content tool (T) paints many segments quickly."))
        outer.addStretch(1)
        self.segment_page = page
        self.stack.addWidget(page)

    def _build_picture_page(self) -> None:
        page, form, self.picture_heading, outer = _page("Picture")
        self.picture_name = _id_edit()
        self.picture_name.editingFinished.connect(self._rename_picture)
        self.picture_label = QLineEdit()
        self.picture_label.setMaxLength(80)
        self.picture_label.setPlaceholderText(self.tr("shown on the board instead of the name"))
        self.picture_label.editingFinished.connect(
            lambda: self._current("picture") and self.document.set_picture_label(
                self._current("picture"), self.picture_label.text().strip() or None))
        self.picture_size = QLabel()
        self.picture_size.setWordWrap(True)
        form.addRow(self.tr("Name"), self.picture_name)
        form.addRow(self.tr("Label"), self.picture_label)
        form.addRow(self.tr("Segments"), self.picture_size)
        self.picture_paint = QPushButton(self.tr("Paint With Pictures Tool"))
        self.picture_paint.clicked.connect(lambda: self.tool_requested.emit("pictures"))
        remove = QPushButton(self.tr("Delete Picture"))
        remove.clicked.connect(lambda: self._current("picture") and self.document.remove_picture(
            self._current("picture")))
        outer.addWidget(_buttons(self.picture_paint, remove))
        self.picture_note = _ignored_label()
        outer.addWidget(self.picture_note)
        outer.addWidget(_note("A picture is complete when all its segments are explored; its majority bonus "
                              "depends on its size: 4, 5 or 6 segments (L4-6)."))
        outer.addStretch(1)
        self.picture_page = page
        self.stack.addWidget(page)

    def _build_island_page(self) -> None:
        page, form, self.island_heading, outer = _page("Island")
        self.island_name = _id_edit()
        self.island_name.editingFinished.connect(self._rename_island)
        self.island_size = QLabel()
        form.addRow(self.tr("Name"), self.island_name)
        form.addRow(self.tr("Segments"), self.island_size)
        self.island_paint = QPushButton(self.tr("Paint With Islands Tool"))
        self.island_paint.clicked.connect(lambda: self.tool_requested.emit("islands"))
        remove = QPushButton(self.tr("Delete Island"))
        remove.clicked.connect(lambda: self._current("island") and self.document.remove_island(
            self._current("island")))
        outer.addWidget(_buttons(self.island_paint, remove))
        self.island_note = _ignored_label()
        outer.addWidget(self.island_note)
        outer.addWidget(_note("Segments on no island are canal water. Canals are crossed only by 2-peg bands "
                              "on bridges (L3-2): make the lines across them bridges with the Bridges tool (B)."))
        outer.addStretch(1)
        self.island_page = page
        self.stack.addWidget(page)

    def _build_seat_page(self) -> None:
        page, form, self.seat_heading, outer = _page("Seat")
        self.seat_name = _id_edit()
        self.seat_name.editingFinished.connect(self._rename_seat)
        self.seat_label = QLineEdit()
        self.seat_label.setMaxLength(40)
        self.seat_label.editingFinished.connect(
            lambda: self._current("seat") and self.document.set_seat_label(
                self._current("seat"), self.seat_label.text().strip() or None))
        self.seat_order = QLabel()
        self.seat_start = QLabel()
        self.seat_start.setWordWrap(True)
        self.seat_goal = QLabel()
        self.seat_goal.setWordWrap(True)
        form.addRow(self.tr("Name"), self.seat_name)
        form.addRow(self.tr("Label"), self.seat_label)
        form.addRow(self.tr("Order"), self.seat_order)
        form.addRow(self.tr("Start pegs"), self.seat_start)
        form.addRow(self.tr("Goal pegs"), self.seat_goal)
        self.seat_form = form
        up = QPushButton(self.tr("Earlier"))
        up.clicked.connect(lambda: self._move_seat(-1))
        down = QPushButton(self.tr("Later"))
        down.clicked.connect(lambda: self._move_seat(1))
        outer.addWidget(_buttons(up, down))
        self.seat_mark = QPushButton(self.tr("Mark Pegs With Tool"))
        self.seat_mark.clicked.connect(self._mark_seat_pegs)
        remove = QPushButton(self.tr("Delete Seat"))
        remove.clicked.connect(lambda: self._current("seat") and self.document.remove_seat(self._current("seat")))
        outer.addWidget(_buttons(self.seat_mark, remove))
        self.seat_note = _ignored_label()
        outer.addWidget(self.seat_note)
        self.seat_clear = {}
        for part in ("start", "goal"):
            button = QPushButton(self.tr("Remove {title} Pegs").format(title=part.title()))
            button.clicked.connect(lambda _=False, pt=part: self._clear_seat_part(pt))
            self.seat_clear[part] = button
        outer.addWidget(_buttons(*self.seat_clear.values()))
        outer.addWidget(_note("Start pegs are the bright pegs on the seat's own side where its first band goes "
                              "(RTR-P5); goal pegs are the edge it races to (L1-2)."))
        outer.addStretch(1)
        self.seat_page = page
        self.stack.addWidget(page)

    def _build_crater_page(self) -> None:
        page, form, _heading, outer = _page("Crater")
        self.crater_pegs = QLabel()
        self.crater_pegs.setWordWrap(True)
        form.addRow(self.tr("Pegs"), self.crater_pegs)
        self.crater_tool = QPushButton(self.tr("Edit With Crater Tool"))
        self.crater_tool.clicked.connect(lambda: self.tool_requested.emit("crater"))
        clear = QPushButton(self.tr("Clear Crater"))
        clear.setToolTip(self.tr("Take every peg out of the crater"))
        clear.clicked.connect(lambda: self.document.edit_crater(remove=list(self.document.board.crater)))
        outer.addWidget(_buttons(self.crater_tool, clear))
        outer.addWidget(_note("Every player's first band uses a crater peg (L2-2)."))
        self.crater_note = _ignored_label()
        outer.addWidget(self.crater_note)
        outer.addStretch(1)
        self.crater_page = page
        self.stack.addWidget(page)

    def _build_mixed_page(self) -> None:
        page, form, _heading, outer = _page("Selection")
        self.mixed_text = QLabel()
        self.mixed_text.setWordWrap(True)
        form.addRow(self.mixed_text)
        outer.addStretch(1)
        self.mixed_page = page
        self.stack.addWidget(page)

    # -- refresh ----------------------------------------------------------------------------
    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.RESET:
            # another board: a field being typed in shows it too (trial: the focused Name field
            # kept the previous board's name, which leaving the field would have written)
            self._force_text = True
            try:
                self.refresh()
            finally:
                self._force_text = False
        elif kind is not ChangeKind.FILE_CHANGED:
            self.refresh()

    def _current(self, kind: str) -> str | None:
        if len(self._selection) == 1 and self._selection[0][0] == kind and len(self._selection[0]) > 1:
            return self._selection[0][1]
        return None

    def _select(self, elements) -> None:
        elements = [tuple(e) for e in elements]
        seat = elements[0][1] if len(elements) == 1 and elements[0][0] == "seat" else None
        # a seat the board draws no label or pegs for (Volcano seats start at the crater): its
        # page is shown all the same (trial: Edit cleared the selection instead)
        self._seat_focus = seat if seat is not None and not self.scene.items_for(elements[0]) else None
        self._selecting = True
        try:
            if self._seat_focus is None:
                self.scene.select_elements(elements)
            else:
                self.scene.clearSelection()
        finally:
            self._selecting = False
        if self._seat_focus is not None:
            self.refresh()   # the scene's selection may not have changed: no signal

    def _selection_changed(self) -> None:
        if not self._selecting:
            self._seat_focus = None   # the user selected something else on the board
        self.refresh()

    def refresh(self) -> None:
        """Show the page for the current selection with values from the model."""
        if not shiboken6.isValid(self.scene) or not shiboken6.isValid(self.stack):
            return  # the window is being torn down
        elements = self.scene.selected_elements()
        focus = self._seat_focus
        if not elements and focus is not None:
            if focus in self.document.board.seats:
                elements = [("seat", focus)]
            else:
                self._seat_focus = None
        self._selection = elements
        self.offers = offers_for(self.document.board, self.document.path)
        kinds = {e[0] for e in elements}
        board = self.document.board
        one = len(elements) == 1
        if not elements:
            self._show_board()
        elif kinds == {"peg"} and one and elements[0][1] in board.pegs:
            self._show_peg(elements[0][1])
        elif kinds == {"peg"}:
            self._show_pegs([e[1] for e in elements if e[1] in board.pegs])
        elif kinds == {"line"} and one:
            self._show_line(elements[0][1:3])
        elif kinds == {"segment"} and one:
            self._show_segment(segment_key(elements[0][1:4]))
        elif kinds == {"picture"} and one:
            self._show_picture(elements[0][1])
        elif kinds == {"island"} and one and elements[0][1] in board.islands:
            self._show_island(elements[0][1])
        elif kinds == {"seat"} and one and elements[0][1] in board.seats:
            self._show_seat(elements[0][1])
        elif kinds == {"crater"}:
            self._show_crater()
        else:
            names = ("peg", "line", "segment", "picture", "island", "seat")
            counts = {k: sum(1 for e in elements if e[0] == k) for k in names}
            self.mixed_text.setText(", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items() if n)
                                    + " selected.\nDelete removes the pegs and lines and clears the segments "
                                      "in one step.")
            self.stack.setCurrentWidget(self.mixed_page)

    def _set_text(self, edit, text: str) -> None:
        if (self._force_text or not edit.hasFocus()) and edit.text() != text:
            edit.setText(text)

    def _show_board(self) -> None:
        b = self.document.board
        with QSignalBlocker(self.board_players), QSignalBlocker(self.board_canals):
            self._set_text(self.board_name, b.name)
            self._set_text(self.board_id, b.id)
            self.board_players.setValue(b.players)
            self.board_canals.setChecked(bool(b.has_canals or b.islands or b.bridges))
        offers, present = self.offers, board_mechanics(b)
        shown = offers.mechanics | present
        self.board_form.setRowVisible(self.board_canals, "canals" in shown)
        self.pictures_section.setVisible("pictures" in shown)
        self.islands_section.setVisible("canals" in shown)
        self.mark_pegs_button.setVisible(bool({"start", "goal"} & shown))
        _say(self.board_note, self._board_ignored(present))
        if not self.board_description.hasFocus() and self.board_description.toPlainText() != (b.description or ""):
            self.board_description.setPlainText(b.description or "")
        self._show_location()
        from studio.gui.shell import icons
        self.seat_list.clear()
        for i, seat in enumerate(b.seats.values()):
            parts = [f"{len(getattr(seat, part))} {part}" for part in ("start", "goal")
                     if part in shown]
            text = f"{i + 1}. {seat.label or seat.name}  ({seat.name})" + (f": {', '.join(parts)}" if parts else "")
            item = QListWidgetItem(icons.dot_icon(style.seat_colour(i)), text)
            item.setData(Qt.UserRole, seat.name)
            self.seat_list.addItem(item)
        if len(b.seats) != b.players:
            warn = QListWidgetItem(f"⚠ {b.players} players need {b.players} seats")
            warn.setFlags(Qt.NoItemFlags)
            self.seat_list.addItem(warn)
        self.picture_list.clear()
        for name in self.document.picture_names():
            n = len(self.document.picture_segments(name))
            item = QListWidgetItem(f"{name}: {n} segment{'s' if n != 1 else ''}" + ("" if 4 <= n <= 6 else "  ⚠"))
            item.setData(Qt.UserRole, name)
            self.picture_list.addItem(item)
        self.island_list.clear()
        for name, tris in b.islands.items():
            item = QListWidgetItem(f"{name}: {len(tris)} segment{'s' if len(tris) != 1 else ''}")
            item.setData(Qt.UserRole, name)
            self.island_list.addItem(item)
        treasure = sum(s.treasure for s in b.segments) + sum(i.treasure for i in b.line_items)
        energy = sum(s.energy for s in b.segments) + sum(br.energy for br in b.bridges)
        idols = sum(1 for s in b.segments if s.idol)
        extra = []
        if idols:
            extra.append(counted(idols, "idol"))
        if b.line_items:
            extra.append(counted(len(b.line_items), "line item"))
        if b.bridges:
            extra.append(counted(len(b.bridges), "bridge"))
        if b.crater:
            extra.append(f"crater of {counted(len(b.crater), 'peg')}")
        self.board_stats.setText(
            f"{counted(len(b.pegs), 'peg')}, {counted(len(b.lines), 'line')}, "
            f"{counted(len(b.segments), 'segment')} with content"
            f"<br>{treasure} treasure, {energy} energy" + (f"<br>{', '.join(extra)}" if extra else ""))
        self.stack.setCurrentWidget(self.board_page)

    def _board_ignored(self, present: frozenset[str]) -> list[str]:
        """A note per location-specific element of the board its location ignores."""
        b, offers = self.document.board, self.offers
        idols = sum(1 for seg in b.segments if seg.idol)
        pictures = len({seg.picture for seg in b.segments if seg.picture} | set(b.pictures))
        starts = sum(len(seat.start) for seat in b.seats.values())
        goals = sum(len(seat.goal) for seat in b.seats.values())
        texts = {
            "start": (f"the seats' {starts} start pegs", "Select a seat to remove them."),
            "goal": (f"the seats' {goals} goal pegs", "Select a seat to remove them."),
            "crater": (f"the crater of {len(b.crater)} pegs", "Select a crater peg to remove it (Clear Crater)."),
            "canals": (f"its {len(b.islands)} islands and {len(b.bridges)} bridges",
                       "Select an island or bridge to remove it, and untick Canals."),
            "pictures": (f"its {pictures} picture{'s' if pictures != 1 else ''}",
                         "Select a picture below to delete it."),
            "idols": (f"its {idols} idol{'s' if idols != 1 else ''}", "Select a segment to set its idol to none."),
            "line-items": (f"its {len(b.line_items)} line items", "Select a line to empty its item."),
        }
        return [offers.ignored_note(m, *texts[m]) for m in texts if m in present and not offers.has(m)]

    def _show_peg(self, pid: str) -> None:
        board = self.document.board
        peg = board.pegs[pid]
        self.peg_heading.setText(self.tr("Peg {pid}").format(pid=pid))
        self.peg_id.setText(pid)
        with QSignalBlocker(self.peg_colour), QSignalBlocker(self.peg_x), QSignalBlocker(self.peg_y), \
                QSignalBlocker(self.peg_crater):
            self.peg_colour.setCurrentIndex(max(0, self.peg_colour.findData(peg.colour)))
            self.peg_x.setValue(peg.x)
            self.peg_y.setValue(peg.y)
            self.peg_crater.setChecked(pid in board.crater)
        seats = [s.label or s.name for s in board.seats.values() if pid in s.start]
        goals = [s.label or s.name for s in board.seats.values() if pid in s.goal]
        text = []
        if seats:
            text.append("start of " + ", ".join(seats))
        if goals:
            text.append("goal of " + ", ".join(goals))
        if pid in board.crater:
            text.append("crater")
        self.peg_seats.setText("; ".join(text) or "—")
        offers = self.offers
        notes = []
        in_crater = pid in board.crater
        self.peg_form.setRowVisible(self.peg_crater, offers.has("crater") or in_crater)
        if in_crater and not offers.has("crater"):
            notes.append(offers.ignored_note("crater", "this peg's place in the crater", "Untick it to remove it."))
        while self.peg_seat_layout.rowCount():
            self.peg_seat_layout.removeRow(0)
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
                box = QCheckBox(part)
                box.setChecked(pid in getattr(seat, part))
                box.toggled.connect(lambda on, n=name, pt=part, p=pid: self.document.edit_seat_pegs(
                    n, pt, add=[p] if on else [], remove=[] if on else [p]))
                layout.addWidget(box)
            layout.addStretch(1)
            self.peg_seat_layout.addRow(seat.label or name, row)
        self.peg_seats_section.setVisible(bool(parts_shown))
        self.peg_seats_title.setText(" and ".join(p.title() if i == 0 else p for i, p in
                                                  enumerate(sorted(parts_shown, reverse=True))) + " of")
        _say(self.peg_note, notes)
        self.stack.setCurrentWidget(self.peg_page)

    def _show_pegs(self, ids: list[str]) -> None:
        self.pegs_heading.setText(self.tr("{ids_count} pegs").format(ids_count=len(ids)))
        self.pegs_list.setText(", ".join(ids[:40]) + (" …" if len(ids) > 40 else ""))
        colours = {self.document.board.pegs[i].colour for i in ids}
        with QSignalBlocker(self.pegs_colour):
            self.pegs_colour.setCurrentIndex(self.pegs_colour.findData(colours.pop()) if len(colours) == 1 else -1)
        self.stack.setCurrentWidget(self.pegs_page)

    def _show_line(self, ends) -> None:
        a, b = ends
        doc = self.document
        pegs = doc.board.pegs
        self.line_heading.setText(self.tr("Line {a}–{b}").format(a=a, b=b))
        self.line_pegs.setText(f"{a} – {b}")
        if a in pegs and b in pegs:
            self.line_length.setText(f"{math.hypot(pegs[a].x - pegs[b].x, pegs[a].y - pegs[b].y):.3f}")
        else:
            self.line_length.setText("—")
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
        _say(self.item_note, [] if offers.has("line-items") or item is None else [offers.ignored_note(
            "line-items", "this line's item", "Set its treasure to 0 and its artifact to none to remove it.")])
        self.bridge_section.setVisible(offers.has("canals") or bridge is not None)
        _say(self.bridge_note, [] if offers.has("canals") or bridge is None else [offers.ignored_note(
            "canals", "this bridge", "Untick it to remove it.")])
        self.stack.setCurrentWidget(self.line_page)

    def _fill_group_combo(self, combo: QComboBox, names: list[str], current: str | None, what: str) -> None:
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem(self.tr("none"), None)
            for n in names:
                combo.addItem(n, n)
            combo.addItem(self.tr("New {what}…").format(what=what), _NEW)
            combo.setCurrentIndex(max(0, combo.findData(current)))

    def _show_segment(self, key) -> None:
        doc = self.document
        self.segment_heading.setText("Segment " + "-".join(key))
        self.segment_pegs.setText(" · ".join(key))
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
            self.segment_form.setRowVisible(widget, offers.has(mechanic) or bool(value))
            if value and not offers.has(mechanic):
                notes.append(offers.ignored_note(mechanic, what, remove))
        _say(self.segment_note, notes)
        self.stack.setCurrentWidget(self.segment_page)

    def _show_picture(self, name: str) -> None:
        doc = self.document
        self.picture_heading.setText(self.tr("Picture {name}").format(name=name))
        self._set_text(self.picture_name, name)
        self._set_text(self.picture_label, (doc.board.pictures.get(name) or {}).get("label") or "")
        n = len(doc.picture_segments(name))
        ok = 4 <= n <= 6
        self.picture_size.setText(f"{n}" + ("" if ok else f"  <span style='color:{desktop.colour('error')}'>— pictures have 4, 5 or 6 "
                                                       "segments (L4-6)</span>"))
        offers = self.offers
        self.picture_paint.setVisible(offers.has("pictures"))
        _say(self.picture_note, [] if offers.has("pictures") else [offers.ignored_note(
            "pictures", "this picture", "Delete Picture removes it.")])
        self.stack.setCurrentWidget(self.picture_page)

    def _show_island(self, name: str) -> None:
        self.island_heading.setText(self.tr("Island {name}").format(name=name))
        self._set_text(self.island_name, name)
        self.island_size.setText(str(len(self.document.board.islands.get(name, []))))
        offers = self.offers
        self.island_paint.setVisible(offers.has("canals"))
        _say(self.island_note, [] if offers.has("canals") else [offers.ignored_note(
            "canals", "this island", "Delete Island removes it.")])
        self.stack.setCurrentWidget(self.island_page)

    def _show_seat(self, name: str) -> None:
        board = self.document.board
        seat = board.seats[name]
        order = list(board.seats).index(name)
        self.seat_heading.setText(self.tr("Seat {value}").format(value=seat.label or name))
        self._set_text(self.seat_name, name)
        self._set_text(self.seat_label, seat.label or "")
        self.seat_order.setText(self.tr("{order} of {seats_count}").format(order=order + 1, seats_count=len(board.seats)))
        self.seat_start.setText(", ".join(seat.start) or "—")
        self.seat_goal.setText(", ".join(seat.goal) or "—")
        offers, notes = self.offers, []
        for part, label in (("start", self.seat_start), ("goal", self.seat_goal)):
            pegs = getattr(seat, part)
            self.seat_form.setRowVisible(label, offers.has(part) or bool(pegs))
            ignored = bool(pegs) and not offers.has(part)
            self.seat_clear[part].setVisible(ignored)
            if ignored:
                notes.append(offers.ignored_note(part, f"this seat's {len(pegs)} {part} pegs",
                                                 f"Remove {part.title()} Pegs removes them."))
        self.seat_mark.setVisible(offers.has("start") or offers.has("goal"))
        _say(self.seat_note, notes)
        self.stack.setCurrentWidget(self.seat_page)

    def _show_crater(self) -> None:
        self.crater_pegs.setText(", ".join(self.document.board.crater) or "—")
        offers = self.offers
        self.crater_tool.setVisible(offers.has("crater"))
        _say(self.crater_note, [] if offers.has("crater") else [offers.ignored_note(
            "crater", "the crater", "Clear Crater removes it.")])
        self.stack.setCurrentWidget(self.crater_page)

    def _show_location(self) -> None:
        """The location combo (every known location, the base rules, and what the board names
        when it is none of them) and the rules in effect."""
        from studio.gui.realm.location_banner import document_rules
        from studio.model.locations import BASE, known_locations

        b = self.document.board
        known = known_locations(self.document.path)
        entries = sorted(known.items(), key=lambda kv: (kv[1][1].location or 999, kv[1][1].name))
        combo = self.board_location
        with QSignalBlocker(combo):
            combo.clear()
            for ident, (_path, scenario) in entries:
                number = f"{scenario.location}. " if scenario.location else ""
                combo.addItem(f"{number}{scenario.name}", ident)
            combo.addItem(self.tr("Base rules (no location)"), BASE)
            if b.location is None:
                combo.addItem(self.tr("⚠ none: choose one"), None)
            elif b.location != BASE and b.location not in known:
                combo.addItem(self.tr("⚠ {location} (unknown)").format(location=b.location), b.location)
            combo.setCurrentIndex(max(0, combo.findData(b.location)))
        rules = document_rules(self.document)
        where = rules.path.replace("\\", "/").rsplit("/", 1)[-1] if rules.path else "the rulebook"
        text = f"{rules.name} ({where})"
        if rules.trouble is not None:  # the designer's own scenario is broken: never only a tooltip
            name = rules.trouble.path.replace("\\", "/").rsplit("/", 1)[-1]
            text += f"; your {name} {'has errors' if rules.trouble.loads else 'does not load'}"
        self.board_scenario.setText(("⚠ " if rules.warning else "") + text)
        self.board_scenario.setStyleSheet(desktop.css("color: {warning}; font-weight: bold;") if rules.warning else "")
        self.board_scenario.setToolTip(rules.warning or rules.path or "The base rules of the rulebook")

    def focus_location(self) -> None:
        """Show the board page with the location combo focused and open (the banner's button)."""
        self.scene.clearSelection()
        self.refresh()
        self.show()
        self.raise_()
        self.board_location.setFocus()
        self.board_location.showPopup()

    def focus_field(self, field: str | None) -> str:
        """Show the board page and focus the field of board property ``field`` (``location``,
        ``name``, ``seats``...; the page itself for None or a property without a field), as a
        finding about it asks. Returns the field's name in words ("Location")."""
        self.scene.clearSelection()
        self.refresh()
        self.show()
        self.raise_()
        widgets = {"name": self.board_name, "id": self.board_id, "players": self.board_players,
                   "description": self.board_description, "location": self.board_location,
                   "seats": self.seat_list, "pictures": self.picture_list, "canals": self.board_canals}
        widget = widgets.get(field or "")
        scroll = self.widget()
        if widget is not None:
            widget.setFocus(Qt.OtherFocusReason)
            if isinstance(scroll, QScrollArea):
                scroll.ensureWidgetVisible(widget)
        elif isinstance(scroll, QScrollArea):
            scroll.verticalScrollBar().setValue(0)
        return (field or "board").replace("_", " ").capitalize()

    def _location_chosen(self, index: int) -> None:
        value = self.board_location.itemData(index)
        if value is not None:
            self._set_board("location", value)

    # -- edits ------------------------------------------------------------------------------
    def _set_board(self, field: str, value) -> None:
        self.document.set_board_value(field, value)

    def _peg_colour_chosen(self, index: int) -> None:
        pid = self._current("peg")
        if pid:
            self.document.set_peg_colour([pid], self.peg_colour.itemData(index))

    def _pegs_colour_chosen(self, index: int) -> None:
        ids = [e[1] for e in self._selection if e[0] == "peg"]
        self.document.set_peg_colour(ids, self.pegs_colour.itemData(index))

    def _peg_moved(self) -> None:
        pid = self._current("peg")
        if pid:
            self.document.move_pegs({pid: (self.peg_x.value(), self.peg_y.value())}, gesture=("spin", pid))

    def _peg_crater_toggled(self, on: bool) -> None:
        pid = self._current("peg")
        if pid:
            self.document.edit_crater(add=[pid] if on else [], remove=[] if on else [pid])

    def _set_segment(self, field: str, value) -> None:
        if len(self._selection) == 1 and self._selection[0][0] == "segment":
            self.document.set_segment_value(self._selection[0][1:4], field, value)

    def _group_choice(self, combo: QComboBox, what: str, fresh) -> str | None | bool:
        """The chosen group name; a fresh name for "New…"; False when cancelled."""
        data = combo.currentData()
        if data != _NEW:
            return data
        name = prompts.ask_text(self, self.tr("New {what}").format(what=what), self.tr("Name of the new {what}:").format(what=what), fresh())
        return name or False

    def _picture_chosen(self, _index: int) -> None:
        if len(self._selection) != 1 or self._selection[0][0] != "segment":
            return
        key = self._selection[0][1:4]
        name = self._group_choice(self.picture, "picture", self.document.new_picture_name)
        if name is False:
            self.refresh()
            return
        try:
            self.document.set_segments_picture([key], name)
        except ValueError as exc:
            prompts.show_error(self, self.tr("Picture"), str(exc))
            self.refresh()

    def _island_chosen(self, _index: int) -> None:
        if len(self._selection) != 1 or self._selection[0][0] != "segment":
            return
        key = self._selection[0][1:4]
        name = self._group_choice(self.island, "island", self.document.new_island_name)
        if name is False:
            self.refresh()
            return
        try:
            self.document.set_segments_island([key], name)
        except ValueError as exc:
            prompts.show_error(self, self.tr("Island"), str(exc))
            self.refresh()

    def _current_line(self) -> tuple[str, str] | None:
        if len(self._selection) == 1 and self._selection[0][0] == "line":
            return tuple(self._selection[0][1:3])
        return None

    def _set_line_item(self, **values) -> None:
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

    def _refuse_empty(self, edit: QLineEdit, old: str, what: str) -> None:
        """An emptied name or id field: put the current value back and say why (it used to stay
        empty while the board kept the old value, silently)."""
        edit.setText(old)
        text = f"{what} cannot be empty: it stays '{old}'"
        window = self.window()
        bar = getattr(window, "statusBar", None)
        if callable(bar):
            bar().showMessage(text, 6000)
        QToolTip.showText(edit.mapToGlobal(edit.rect().bottomLeft()), text, edit)

    def _set_board_text(self, field: str, edit: QLineEdit) -> None:
        """The board's ``name`` or ``id`` from ``edit``; an emptied field gets its value back."""
        new = edit.text().strip()
        if not new:
            self._refuse_empty(edit, getattr(self.document.board, field), f"The board's {field}")
            return
        self._set_board(field, new)

    def _rename(self, kind: str, edit: QLineEdit, rename) -> None:
        old = self._current(kind)
        new = edit.text().strip()
        if old and not new:
            self._refuse_empty(edit, old, f"A {kind}'s name")
            return
        if not old or not new or new == old:
            return
        try:
            rename(old, new)
        except ValueError as exc:
            prompts.show_error(self, self.tr("Rename {kind}").format(kind=kind), str(exc))
            edit.setText(old)
            return
        self._select([(kind, new)])

    def _rename_picture(self) -> None:
        self._rename("picture", self.picture_name, self.document.rename_picture)

    def _rename_island(self) -> None:
        self._rename("island", self.island_name, self.document.rename_island)

    def _rename_seat(self) -> None:
        self._rename("seat", self.seat_name, self.document.rename_seat)

    def _move_seat(self, step: int) -> None:
        name = self._current("seat")
        if name:
            order = list(self.document.board.seats).index(name)
            self.document.move_seat(name, order + step)

    def _mark_seat_pegs(self) -> None:
        name = self._current("seat")
        self.tool_requested.emit("seats")
        window = self.parent()
        tool = getattr(window, "tools", {}).get("seats") if window is not None else None
        if tool is not None and name:
            tool.set_seat(name)

    def _clear_seat_part(self, part: str) -> None:
        name = self._current("seat")
        if name:
            self.document.edit_seat_pegs(name, part, remove=list(getattr(self.document.board.seats[name], part)))

    def _add_seat(self) -> None:
        name = self.document.add_seat()
        self._select([("seat", name)])

    def _edit_current_seat(self) -> None:
        item = self.seat_list.currentItem()
        name = item.data(Qt.UserRole) if item is not None else None
        if name:
            self._select([("seat", name)])


__all__ = ["PropertiesDock", "colour_icon", "colour_idol_icon"]
