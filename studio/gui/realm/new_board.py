"""The New Board wizard: location (one of the bundled scenarios), player count, lattice, seats.

Its result is a :class:`~studio.generate.templates.NewBoardSpec`; :meth:`NewBoardWizard.board`
builds the valid, empty board (lines and segments, coloured pegs, seats with start and goal
pegs, a crater or canals where the location needs them) that the editor opens as a new
document. A live preview of the board is shown beside every page."""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from studio.content import LoadError, bundled_path
from studio.content.paths import listed_link_target
from studio.generate.templates import (
    LOCATION_NAMES,
    SHAPE_SIDES,
    SHAPES,
    NewBoardSpec,
    SeatSpec,
    build_board,
    default_seats,
    lattice,
    side_label,
    spec_for,
)
from studio.geometry.lattice import STANDARD_COLUMNS, STANDARD_ROWS
from studio.gui.shell import desktop, icons
from studio.model.io import InvalidContent, read_scenario
from studio.model.locations import rules_mechanics
from studio.model.realm import Board, RealmRules, Scenario
from studio.render import RenderOptions, render_image
from studio.render.board import scene_rect

PREVIEW_SIZE = 340

NEXT_STEPS = {
    "cross-board": "Paint treasure and energy with the Segment Content tool (T); check each seat's goal edge "
                   "with the Start & Goal tool (S).",
    "volcano": "Paint treasure and energy (T); the crater pegs ring the hole in the middle (Crater tool, R).",
    "canals": "Paint islands (I), then make the lines across the canals bridges with energy (B); treasure "
              "goes on island segments (T).",
    "pictures": "Group segments into pictures of 4, 5 or 6 with the Pictures tool (G); add a little energy (T).",
    "excavation": "Paint treasure and energy (T); leave open ground for excavation sites.",
    "territories": "Paint treasure and energy (T) everywhere: players may start anywhere.",
    "idols": "Place orange and blue idols with the Segment Content tool (T, keys 3 and 4), then treasure.",
    "labyrinth": "Erase lines to carve tunnels (L), then put treasure and artifacts on lines (M).",
}


def id_from_name(name: str, players: int) -> str:
    """A board id made from its name: lower case, words joined by '-', ending in the player
    count ("My Volcano!" -> "my-volcano-4p"); "board-4p" when the name has no letter or digit."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    suffix = f"-{players}p"
    base = "-".join(w for w in words if w not in (f"{players}p",))
    base = re.sub(r"-?\b(\d+-players?|players?)$", "", base).strip("-") or "board"
    return base[:64 - len(suffix)].rstrip("-") + suffix


def unique_board_id(candidate: str, taken) -> str:
    """``candidate`` when no board in ``taken`` (ids) has it, else the first free
    ``my-<candidate>``, ``my-<candidate>-2``...: a board the wizard makes never silently shares
    a bundled board's id (``jungle-temples-2p`` -> ``my-jungle-temples-2p``)."""
    if candidate not in taken:
        return candidate
    base = f"my-{candidate}"[:64]
    out, n = base, 2
    while out in taken:
        out = f"{base[:64 - len(str(n)) - 1]}-{n}"
        n += 1
    return out


LARGE_LATTICE = 2500  # pegs from which the lattice page says the editor will take a while


@functools.lru_cache(maxsize=1)
def bundled_board_ids() -> dict[str, str]:
    """Id -> name of every bundled Rule the Realm board (read from the files' top lines)."""
    out: dict[str, str] = {}
    for path in sorted(bundled_path("boards", "realm").glob("*.yaml")):
        head = path.read_text(encoding="utf-8")[:2000]
        found = re.search(r"^id:\s*(\S+)\s*$", head, re.M)
        name = re.search(r"^name:\s*(.+?)\s*$", head, re.M)
        if found:
            out[found.group(1).strip("'\"")] = name.group(1).strip("'\"") if name else found.group(1)
    return out


@dataclass
class ScenarioChoice:
    """A scenario the wizard offers: its file (None for the base rules) and model."""

    path: str | None
    scenario: Scenario | None

    @property
    def rules(self) -> RealmRules:
        return self.scenario.rules if self.scenario is not None else RealmRules()

    @property
    def title(self) -> str:
        if self.scenario is None:
            return "Base rules (no location)"
        number = self.scenario.location
        return f"{number}. {self.scenario.name}" if number else self.scenario.name

    @property
    def sort_key(self) -> tuple:
        if self.scenario is None:
            return (1000, "")
        return (self.scenario.location or 999, self.scenario.name)


def bundled_scenarios(folder: str | Path | None = None) -> list[ScenarioChoice]:
    """The scenarios in ``folder`` (default: the bundled ones) that load, by location
    number, then the base rules."""
    folder = Path(folder) if folder is not None else bundled_path("scenarios")
    out = []
    for path in sorted(folder.glob("*.y*ml")) if folder.is_dir() else []:
        if listed_link_target(path)[1] is not None:  # a link out of the content root is never read
            continue
        try:
            out.append(ScenarioChoice(str(path), read_scenario(path)))
        except (LoadError, InvalidContent, OSError):
            continue
    out.sort(key=lambda c: c.sort_key)
    out.append(ScenarioChoice(None, None))
    return out


LOCATION_COLOURS = {1: "#2e7d32", 2: "#c62828", 3: "#1565c0", 4: "#6a4c93", 5: "#8d6e63", 6: "#00838f",
                    7: "#ef6c00", 8: "#455a64"}


def location_badge(number: int | None, size: int = 52) -> QIcon:
    """A rounded badge with the location number in the location's colour."""
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(LOCATION_COLOURS.get(number, "#9e9e9e")))
    p.drawRoundedRect(QRectF(2, 2, size - 4, size - 4), size * 0.22, size * 0.22)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(int(size * 0.5))
    p.setFont(font)
    p.setPen(QColor("#ffffff"))
    p.drawText(QRectF(0, 0, size, size), Qt.AlignCenter, str(number) if number else "·")
    p.end()
    return QIcon(pm)


class BoardPreview(QLabel):
    """The board the wizard would make, drawn like an exported PNG."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setAlignment(Qt.AlignCenter)
        self.setMinimumSize(PREVIEW_SIZE, PREVIEW_SIZE)
        self.setStyleSheet(desktop.css("background: {preview}; border: 1px solid {preview_border}; border-radius: 6px;"))
        self.caption = ""

    def show_board(self, board: Board | None, error: str | None = None) -> None:
        if board is None:
            self.setPixmap(QPixmap())
            self.setText(f"<span style='color:{desktop.colour('error')}'>{error or 'no board'}</span>")
            return
        options = RenderOptions(margin=1.5)
        rect = scene_rect(board, options)
        # twice the preview's size, then scaled down smoothly: a 99 x 99 lattice is not drawn
        # on a 6,000-pixel image to be shown at 340
        ppu = min(60.0, 2 * PREVIEW_SIZE / max(rect.width(), rect.height(), 1e-6))
        image = render_image(board, ppu, options)
        pm = QPixmap.fromImage(image).scaled(PREVIEW_SIZE, PREVIEW_SIZE, Qt.KeepAspectRatio, Qt.SmoothTransformation)
        self.setPixmap(pm)


class LocationPage(QWizardPage):
    def __init__(self, wizard: "NewBoardWizard") -> None:
        super().__init__()
        self.w = wizard
        self.setTitle(self.tr("Location and players"))
        self.setSubTitle(self.tr("Each location has its own rules; each player count its own board (RTR-S6)."))
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Location"))
        self.list.setIconSize(QSize(26, 26))
        self.list.setSpacing(2)
        font = self.list.font()
        font.setPointSizeF(font.pointSizeF() * 1.12)
        self.list.setFont(font)
        for choice in wizard.choices:
            number = choice.scenario.location if choice.scenario else None
            item = QListWidgetItem(location_badge(number), choice.title)
            item.setToolTip(choice.scenario.description if choice.scenario and choice.scenario.description else "")
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.currentRowChanged.connect(wizard._scenario_changed)
        layout.addWidget(self.list, 1)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setStyleSheet(desktop.css("color: {muted};"))
        self.description.setMinimumHeight(54)
        layout.addWidget(self.description)
        players = QHBoxLayout()
        players.addWidget(QLabel(self.tr("Players:")))
        self.players = QButtonGroup(self)
        for n in (2, 3, 4):
            b = QRadioButton(str(n))
            self.players.addButton(b, n)
            players.addWidget(b)
        self.players.button(2).setChecked(True)
        self.players.idClicked.connect(wizard._players_changed)
        players.addStretch(1)
        layout.addLayout(players)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setMaxLength(200)
        self.name.textEdited.connect(wizard._name_edited)
        self.board_id = QLineEdit()
        self.board_id.setMaxLength(64)
        self.board_id.textEdited.connect(wizard._id_edited)
        form.addRow(self.tr("Board name"), self.name)
        form.addRow(self.tr("Board id"), self.board_id)
        self.id_note = QLabel()   # says when the id is a bundled board's too
        self.id_note.setWordWrap(True)
        self.id_note.setStyleSheet(desktop.css("color: {warning};"))
        form.addRow("", self.id_note)
        layout.addLayout(form)

    def isComplete(self) -> bool:  # noqa: N802 - Qt API
        return self.w.spec_error() is None


class LatticePage(QWizardPage):
    def __init__(self, wizard: "NewBoardWizard") -> None:
        super().__init__()
        self.w = wizard
        self.setTitle(self.tr("Lattice"))
        self.setSubTitle(self.tr("Pegs on a triangular lattice; every pair of neighbours gets a line, so every face is a "
                         "segment."))
        layout = QVBoxLayout(self)
        self.standard = QRadioButton(self.tr("Standard base: {STANDARD_ROWS} rows of {STANDARD_COLUMNS} pegs (80 pegs)").format(STANDARD_ROWS=STANDARD_ROWS, STANDARD_COLUMNS=STANDARD_COLUMNS))
        self.custom = QRadioButton(self.tr("Custom lattice"))
        group = QButtonGroup(self)
        group.addButton(self.standard)
        group.addButton(self.custom)
        self.standard.setChecked(True)
        layout.addWidget(self.standard)
        layout.addWidget(self.custom)
        box = QGroupBox(self.tr("Custom lattice"))
        form = QFormLayout(box)
        self.rows = QSpinBox()
        self.rows.setRange(2, 200)
        self.rows.setValue(STANDARD_ROWS)
        self.columns = QSpinBox()
        self.columns.setRange(2, 200)
        self.columns.setValue(STANDARD_COLUMNS)
        self.spacing = QDoubleSpinBox()
        self.spacing.setRange(0.25, 10)
        self.spacing.setSingleStep(0.25)
        self.spacing.setValue(1.0)
        self.spacing.setSuffix(self.tr("  board units"))
        form.addRow(self.tr("Rows"), self.rows)
        form.addRow(self.tr("Pegs per row"), self.columns)
        form.addRow(self.tr("Spacing"), self.spacing)
        layout.addWidget(box)
        shape_form = QFormLayout()
        self.shape = QComboBox()
        self.shape.addItem(self.tr("Rectangle: the whole lattice"), "rectangle")
        self.shape.addItem(self.tr("Hexagon: symmetric under a third of a turn (3 players)"), "hexagon")
        shape_form.addRow(self.tr("Shape"), self.shape)
        layout.addLayout(shape_form)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(desktop.css("color: {muted};"))
        layout.addWidget(self.note)
        layout.addStretch(1)
        for spin in (self.rows, self.columns, self.spacing):
            spin.valueChanged.connect(lambda _=0: self._changed())
        self.standard.toggled.connect(lambda _=False: self._changed())
        self.shape.currentIndexChanged.connect(lambda _=0: self._changed(shape=True))
        box.setEnabled(False)
        self.custom.toggled.connect(box.setEnabled)

    def _changed(self, shape: bool = False) -> None:
        self.w._lattice_changed(shape)
        self.completeChanged.emit()

    def isComplete(self) -> bool:  # noqa: N802 - Qt API
        return self.w.spec_error() is None


class SeatsPage(QWizardPage):
    COLUMNS = ("Seat", "Label", "Start side", "Start pegs", "Goal side")

    def __init__(self, wizard: "NewBoardWizard") -> None:
        super().__init__()
        self.w = wizard
        self.setTitle(self.tr("Seats"))
        self.setSubTitle(self.tr("One seat per player, in playing order: where its bright start pegs are, and the edge "
                         "it races to."))
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setAccessibleName(self.tr("Seats"))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.NoSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        self.table.itemChanged.connect(self._item_changed)
        self.rules_note = QLabel()
        self.rules_note.setWordWrap(True)
        self.rules_note.setStyleSheet(desktop.css("color: {muted};"))
        layout.addWidget(self.rules_note)
        reset = QPushButton(self.tr("Reset to Defaults"))
        reset.setAutoDefault(False)
        reset.clicked.connect(wizard._reset_seats)
        row = QHBoxLayout()
        row.addWidget(reset)
        row.addStretch(1)
        layout.addLayout(row)
        self._filling = False

    def fill(self, spec: NewBoardSpec) -> None:
        self._filling = True
        sides = SHAPE_SIDES[spec.shape]
        self.table.clearContents()
        self.table.setRowCount(0)
        self.table.setRowCount(len(spec.seats))
        for r, seat in enumerate(spec.seats):
            name = QTableWidgetItem(seat.name)
            name.setIcon(icons.dot_icon(_seat_colour(r)))
            self.table.setItem(r, 0, name)
            self.table.setItem(r, 1, QTableWidgetItem(seat.label))
            side = QComboBox()
            for s in sides:
                side.addItem(side_label(s), s)
            side.setCurrentIndex(max(0, side.findData(seat.side)))
            side.currentIndexChanged.connect(lambda _=0: self._edited())
            self.table.setCellWidget(r, 2, side)
            starts = QSpinBox()
            starts.setRange(0, 12)
            starts.setValue(seat.starts)
            starts.valueChanged.connect(lambda _=0: self._edited())
            self.table.setCellWidget(r, 3, starts)
            goal = QComboBox()
            goal.addItem(self.tr("none"), None)
            for s in sides:
                goal.addItem(side_label(s), s)
            goal.setCurrentIndex(max(0, goal.findData(seat.goal)))
            goal.currentIndexChanged.connect(lambda _=0: self._edited())
            self.table.setCellWidget(r, 4, goal)
        rules = spec.rules
        notes = {"own-side": "Players start on the bright pegs of their own side (RTR-P5).",
                 "any-start": "Players start on any free bright peg (L4-1).",
                 "anywhere": "Players may start anywhere: no start pegs are needed (L6-3).",
                 "crater": "Everyone starts from the crater pegs in the middle (L2-2): seats need no start pegs."}
        race = " Each seat races to the opposite edge (L1-2)." if "cross-board" in (rules.modules or {}) else ""
        self.rules_note.setText(notes.get(rules.start, "") + race)
        # only what the location plays: no goal column without the race, no start pegs where
        # nobody starts from them (their defaults, none, stay in the hidden cells)
        mechanics = rules_mechanics(rules)
        self.table.setColumnHidden(3, "start" not in mechanics)
        self.table.setColumnHidden(4, "goal" not in mechanics)
        self._filling = False

    def _item_changed(self, _item) -> None:
        self._edited()

    def _edited(self) -> None:
        if not self._filling:
            self.w._seats_edited(self.read())
            self.completeChanged.emit()

    def read(self) -> list[SeatSpec]:
        seats = []
        for r in range(self.table.rowCount()):
            name = (self.table.item(r, 0).text() if self.table.item(r, 0) else "").strip()
            label = (self.table.item(r, 1).text() if self.table.item(r, 1) else "").strip()
            side = self.table.cellWidget(r, 2).currentData()
            starts = self.table.cellWidget(r, 3).value()
            goal = self.table.cellWidget(r, 4).currentData()
            seats.append(SeatSpec(name, label, side, starts, goal))
        return seats

    def isComplete(self) -> bool:  # noqa: N802 - Qt API
        return self.w.spec_error() is None


class SummaryPage(QWizardPage):
    def __init__(self, wizard: "NewBoardWizard") -> None:
        super().__init__()
        self.w = wizard
        self.setTitle(self.tr("Ready"))
        self.setSubTitle(self.tr("Finish opens the board as a new document; every later change is an undo step."))
        layout = QVBoxLayout(self)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.RichText)
        layout.addWidget(self.text)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802 - Qt API
        spec = self.w.spec()
        try:
            board = build_board(spec)
        except ValueError as exc:
            self.text.setText(self.tr("<span style='color:{colour}'>{exc}</span>").format(colour=desktop.colour('error'), exc=exc))
            return
        steps = [NEXT_STEPS[m] for m in (spec.rules.modules or {}) if m in NEXT_STEPS] or [
            "Paint treasure and energy with the Segment Content tool (T)."]
        seats = "".join(f"<li><b>{s.label or s.name}</b>: start {', '.join(s.start) or '—'}"
                        + (f"; goal {len(s.goal)} pegs" if s.goal else "") + "</li>" for s in board.seats.values())
        where = self.w._choice.title if self.w._choice.scenario else "the base rules"
        self.text.setText(
            f"<p>Location: <b>{where}</b> (saved in the board as <code>location: {board.location}</code>, so "
            "it plays and validates with these rules wherever you save it).</p>"
            f"<p><b>{board.name}</b> ({board.id}): {len(board.pegs)} pegs, {len(board.lines)} lines"
            + (f", a crater of {len(board.crater)} pegs" if board.crater else "")
            + (", canals" if board.has_canals else "") + f".</p><ul>{seats}</ul>"
            + "<p><b>Next:</b> " + " ".join(steps) + " The Validation panel lists what is still missing.</p>")


def _seat_colour(i: int):
    from studio.render import style

    return style.seat_colour(i)


class NewBoardWizard(QWizard):
    """Asks for a location, player count, lattice and seats; :meth:`spec` and :meth:`board`
    give the result. ``choices`` defaults to :func:`bundled_scenarios`."""

    spec_changed = Signal()

    def __init__(self, parent=None, choices: list[ScenarioChoice] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Board"))
        desktop.install_help(self, "new-board")  # F1 opens its docs page
        self.setWindowIcon(icons.wizard_icon())
        self.setWizardStyle(QWizard.ModernStyle)
        self.setOption(QWizard.NoBackButtonOnStartPage, True)
        self.choices = choices if choices is not None else bundled_scenarios()
        self._choice = self.choices[0]
        self._players = 2
        self._name_touched = False
        self._id_touched = False
        self._spec = spec_for(self._choice.rules, 2, self._choice_id(), self._choice_name(), self._choice.path)
        self._spec.board_id = unique_board_id(self._spec.board_id, bundled_board_ids())
        self.preview = BoardPreview()
        self.location_page = LocationPage(self)
        self.lattice_page = LatticePage(self)
        self.seats_page = SeatsPage(self)
        self.summary_page = SummaryPage(self)
        for page in (self.location_page, self.lattice_page, self.seats_page, self.summary_page):
            self.addPage(page)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(8, 8, 8, 8)
        side_layout.addWidget(self.preview)
        self.preview_caption = QLabel()
        self.preview_caption.setAlignment(Qt.AlignCenter)
        self.preview_caption.setStyleSheet(desktop.css("color: {muted};"))
        side_layout.addWidget(self.preview_caption)
        side_layout.addStretch(1)
        self._side = side  # PySide does not keep the side widget alive for us
        self.setSideWidget(side)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(120)
        self._preview_timer.timeout.connect(self._update_preview)
        self.resize(1040, 640)
        self._sync_fields()
        self._id_note()
        self._update_preview()

    # -- the spec ---------------------------------------------------------------------------
    def _choice_id(self) -> str | None:
        return self._choice.scenario.id if self._choice.scenario else None

    def _choice_name(self) -> str | None:
        if self._choice.scenario is None:
            return "New board"
        return self._choice.scenario.name

    def spec(self) -> NewBoardSpec:
        """What the wizard would make now (a copy)."""
        return copy.deepcopy(self._spec)

    def board(self) -> Board:
        """The new board. Raises ValueError when the choices cannot make one."""
        return build_board(self._spec)

    @property
    def scenario_path(self) -> str | None:
        return self._choice.path

    def spec_error(self) -> str | None:
        spec = self._spec
        names = [s.name for s in spec.seats]
        from studio.gui.realm.document import ID_RE

        if not spec.name.strip():
            return "the board needs a name"
        if not ID_RE.match(spec.board_id or ""):
            return "the board id uses letters, digits, - and _ only"
        if any(not ID_RE.match(n or "") for n in names):
            return "seat names use letters, digits, - and _ only"
        if len(set(names)) != len(names):
            return "seat names must differ"
        return None

    def _sync_fields(self) -> None:
        page = self.location_page
        choice = self._choice
        page.description.setText(choice.scenario.description if choice.scenario and choice.scenario.description
                                 else "The base rules of the rulebook, without a location's special rules.")
        if not self._name_touched:
            page.name.setText(self._spec.name)
        if not self._id_touched:
            page.board_id.setText(self._spec.board_id)
        lat = self.lattice_page
        for w in (lat.shape, lat.rows, lat.columns, lat.spacing, lat.standard):
            w.blockSignals(True)
        lat.shape.setCurrentIndex(max(0, lat.shape.findData(self._spec.shape)))
        lat.standard.setChecked(self._spec.is_standard_base())
        lat.custom.setChecked(not self._spec.is_standard_base())
        for w in (lat.shape, lat.rows, lat.columns, lat.spacing, lat.standard):
            w.blockSignals(False)
        self.seats_page.fill(self._spec)
        self._lattice_note()

    def _lattice_note(self) -> None:
        s = self._spec
        if s.shape == "hexagon":
            text = ("A hexagon with alternating short and long sides: a third of a turn maps it onto itself, so "
                    "three seats on the long sides get the same board.")
        elif s.players == 3:
            text = "Three seats on a rectangle cannot be symmetric; the hexagon can."
        else:
            text = "A half turn maps the rectangle onto itself, so facing seats get the same board."
        pegs = s.rows * s.columns
        if pegs >= LARGE_LATTICE:
            text += (f"<p><b>{s.rows} × {s.columns} is up to {pegs:,} pegs and {3 * pegs:,} lines:</b> the editor "
                     "takes a while (several seconds for 10,000 pegs) to open and check a board this large; "
                     "it shows a busy cursor meanwhile.</p>")
        self.lattice_page.note.setText(text)
        # the standard base as the chosen shape cuts it (trial: it said 80 pegs while the
        # preview and the board were the 48-peg hexagon)
        base = f"Standard base: {STANDARD_ROWS} rows of {STANDARD_COLUMNS} pegs"
        if s.shape == "hexagon":
            kept = len(lattice("hexagon", STANDARD_ROWS, STANDARD_COLUMNS)[0])
            self.lattice_page.standard.setText(self.tr("{base}, cut to a hexagon of {kept} pegs").format(base=base, kept=kept))
        else:
            self.lattice_page.standard.setText(self.tr("{base} ({value} pegs)").format(base=base, value=STANDARD_ROWS * STANDARD_COLUMNS))

    def _rebuild_spec(self, keep_seats: bool = False) -> None:
        old = self._spec
        spec = spec_for(self._choice.rules, self._players, self._choice_id(), self._choice_name(), self._choice.path)
        spec.shape = old.shape if keep_seats else spec.shape
        spec.rows, spec.columns, spec.spacing = old.rows, old.columns, old.spacing
        spec.board_id = unique_board_id(spec.board_id, bundled_board_ids())
        if self._name_touched:
            spec.name = old.name
            spec.board_id = unique_board_id(id_from_name(old.name, self._players), bundled_board_ids())
        if self._id_touched:
            spec.board_id = old.board_id
        spec.seats = old.seats if keep_seats else default_seats(self._players, spec.shape, spec.rules)
        spec.description = old.description
        self._spec = spec

    def _scenario_changed(self, row: int) -> None:
        if 0 <= row < len(self.choices):
            self._choice = self.choices[row]
            self._rebuild_spec()
            self._sync_fields()
            self._changed()

    def _players_changed(self, n: int) -> None:
        self._players = n
        self._rebuild_spec()
        self._sync_fields()
        self._changed()

    def _name_edited(self, text: str) -> None:
        self._name_touched = True
        self._spec.name = text
        if not self._id_touched:
            # a renamed board is a new board: its id follows the name until typed over
            self._spec.board_id = unique_board_id(id_from_name(text, self._players), bundled_board_ids())
            self.location_page.board_id.setText(self._spec.board_id)
        self._changed()

    def _id_edited(self, text: str) -> None:
        self._id_touched = True
        self._spec.board_id = text.strip()
        self._changed()

    def _lattice_changed(self, shape_changed: bool) -> None:
        lat = self.lattice_page
        spec = self._spec
        if lat.standard.isChecked():
            spec.rows, spec.columns, spec.spacing = STANDARD_ROWS, STANDARD_COLUMNS, 1.0
        else:
            spec.rows, spec.columns, spec.spacing = lat.rows.value(), lat.columns.value(), lat.spacing.value()
        new_shape = lat.shape.currentData()
        if shape_changed and new_shape != spec.shape:
            spec.shape = new_shape
            spec.seats = default_seats(spec.players, new_shape, spec.rules)
            self.seats_page.fill(spec)
        self._lattice_note()
        self._changed()

    def _seats_edited(self, seats: list[SeatSpec]) -> None:
        self._spec.seats = seats
        self._changed()

    def _reset_seats(self) -> None:
        self._spec.seats = default_seats(self._spec.players, self._spec.shape, self._spec.rules)
        self.seats_page.fill(self._spec)
        self._changed()

    def _id_note(self) -> None:
        """Say (under the id field) when the id typed is a bundled board's too."""
        taken = bundled_board_ids().get(self._spec.board_id)
        self.location_page.id_note.setText(
            f"'{self._spec.board_id}' is also the id of the bundled board “{taken}”: rename the board "
            "(or type another id) to tell them apart." if taken else "")

    def _changed(self) -> None:
        self.spec_changed.emit()
        self._id_note()
        for page in (self.location_page, self.lattice_page, self.seats_page):
            page.completeChanged.emit()
        self._preview_timer.start()

    def _update_preview(self) -> None:
        error = self.spec_error()
        if error is None:
            try:
                board = build_board(self._spec)
            except ValueError as exc:
                board, error = None, str(exc)
        else:
            board = None
        self.preview.show_board(board, error)
        if board is not None:
            where = LOCATION_NAMES.get(self._choice.scenario.location) if self._choice.scenario else None
            self.preview_caption.setText(self.tr("{value} · {players} players · {pegs_count} pegs").format(value=where or self.tr("Base rules"), players=board.players, pegs_count=len(board.pegs)))
        else:
            self.preview_caption.setText(error or "")

    # -- driving it without the mouse (tests, scripts) ---------------------------------------------
    def choose_scenario(self, scenario_id: str | None) -> None:
        """Select the scenario with ``scenario_id`` (None: base rules). Raises KeyError."""
        for row, choice in enumerate(self.choices):
            if (choice.scenario.id if choice.scenario else None) == scenario_id:
                self.location_page.list.setCurrentRow(row)
                return
        raise KeyError(f"no scenario {scenario_id!r} in the wizard")

    def choose_players(self, n: int) -> None:
        self.location_page.players.button(n).click()

    def choose_lattice(self, shape: str | None = None, rows: int | None = None, columns: int | None = None,
                       spacing: float | None = None) -> None:
        """Pick the shape and, when given, a custom rows x columns lattice with ``spacing``."""
        lat = self.lattice_page
        if shape is not None:
            if shape not in SHAPES:
                raise ValueError(f"shape must be one of {SHAPES}, got {shape!r}")
            lat.shape.setCurrentIndex(lat.shape.findData(shape))
        if rows is not None or columns is not None or spacing is not None:
            lat.custom.setChecked(True)
            if rows is not None:
                lat.rows.setValue(rows)
            if columns is not None:
                lat.columns.setValue(columns)
            if spacing is not None:
                lat.spacing.setValue(spacing)
