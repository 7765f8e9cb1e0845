"""The board page (nothing selected): the board's header, location and rules, its seats,
pictures and islands, and what it holds."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
)

from studio.content.words import counted
from studio.gui.realm.docks.pages.base import (
    BOARD,
    CommitTextEdit,
    PropertyPage,
    box,
    buttons,
    id_edit,
    ignored_label,
    register,
    say,
    section,
)
from studio.gui.shell import desktop
from studio.gui.shell.document_base import shows_model
from studio.model.locations import board_mechanics
from studio.render import style


@register(BOARD)
class BoardPage(PropertyPage):
    title = "Board"

    def build(self) -> None:
        dock, form, outer = self.dock, self.form, self.outer
        self.name = QLineEdit()
        self.name.setMaxLength(200)
        self.name.editingFinished.connect(lambda: self._set_text_field("name", self.name))
        self.id = id_edit()
        self.id.editingFinished.connect(lambda: self._set_text_field("id", self.id))
        self.players = QSpinBox()
        self.players.setRange(2, 4)
        self.players.setToolTip(self.tr("Each player count has its own board, with one seat per player (RTR-S6)"))
        self.players.valueChanged.connect(lambda v: self.document.set_board_value("players", v))
        self.description = CommitTextEdit()
        self.description.setPlaceholderText(self.tr("What makes this board play the way it does"))
        self.description.setFixedHeight(64)
        self.description.committed.connect(
            lambda text: self.document.set_board_value("description", text.strip() or None))
        self.location = QComboBox()
        self.location.setToolTip(self.tr("The location whose rules the board is played and checked with "
                                         "(saved in the board file as location:)"))
        self.location.activated.connect(self._location_chosen)
        self.scenario = QLabel()
        self.scenario.setWordWrap(True)
        edit_scenario = QPushButton(self.tr("Edit Scenario…"))
        edit_scenario.clicked.connect(dock.edit_scenario_requested)
        self.canals = QCheckBox(self.tr("Canals (Archipelago City)"))
        self.canals.setToolTip(self.tr("Keep a canals section: islands of segments and bridges (L3-2)"))
        self.canals.toggled.connect(lambda on: self.document.set_has_canals(on))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Location"), self.location)
        form.addRow(self.tr("Id"), self.id)
        form.addRow(self.tr("Players"), self.players)
        form.addRow(self.tr("Description"), self.description)
        form.addRow(self.tr("Rules"), self.scenario)
        form.addRow("", buttons(edit_scenario))
        form.addRow("", self.canals)
        self.note = ignored_label()
        outer.addWidget(self.note)

        outer.addWidget(section("Seats (seat 1 plays first)"))
        self.seat_list = QListWidget()
        self.seat_list.itemActivated.connect(lambda it: dock.select([("seat", it.data(Qt.UserRole))]))
        self.seat_list.itemDoubleClicked.connect(lambda it: dock.select([("seat", it.data(Qt.UserRole))]))
        outer.addWidget(self.seat_list)
        add_seat = QPushButton(self.tr("Add Seat"))
        add_seat.clicked.connect(self._add_seat)
        edit_seat = QPushButton(self.tr("Edit"))
        edit_seat.clicked.connect(self.edit_current_seat)
        self.mark_pegs_button = QPushButton(self.tr("Mark Pegs…"))
        self.mark_pegs_button.setToolTip(self.tr("The Start & Goal Pegs tool (S)"))
        self.mark_pegs_button.clicked.connect(lambda: dock.tool_requested.emit("seats"))
        outer.addWidget(buttons(add_seat, edit_seat, self.mark_pegs_button))

        self.picture_list = QListWidget()
        self.picture_list.itemDoubleClicked.connect(lambda it: dock.select([("picture", it.data(Qt.UserRole))]))
        self.picture_list.itemActivated.connect(lambda it: dock.select([("picture", it.data(Qt.UserRole))]))
        self.pictures_section = box(section("Pictures"), self.picture_list)
        outer.addWidget(self.pictures_section)
        self.island_list = QListWidget()
        self.island_list.itemDoubleClicked.connect(lambda it: dock.select([("island", it.data(Qt.UserRole))]))
        self.island_list.itemActivated.connect(lambda it: dock.select([("island", it.data(Qt.UserRole))]))
        self.islands_section = box(section("Islands"), self.island_list)
        outer.addWidget(self.islands_section)
        # what the board holds, under the heading: on a laptop screen (1366x768) the end of the
        # page is below the dock's fold, and the summary there was cut in half (fresh-user trial)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.stats.setTextFormat(Qt.RichText)
        self.stats.setStyleSheet("margin-bottom: 4px;")
        outer.insertWidget(outer.indexOf(self.heading) + 2, self.stats)  # below the heading's rule

    def field(self, name: str):
        """The widget of board property ``name`` (``location``, ``name``, ``seats``...), or None."""
        return {"name": self.name, "id": self.id, "players": self.players, "description": self.description,
                "location": self.location, "seats": self.seat_list, "pictures": self.picture_list,
                "canals": self.canals}.get(name)

    # -- show ------------------------------------------------------------------------------
    def show_selection(self, elements: list[tuple]) -> None:
        doc, set_text = self.document, self.dock.set_text
        b = doc.board
        with QSignalBlocker(self.players), QSignalBlocker(self.canals):
            set_text(self.name, b.name)
            set_text(self.id, b.id)
            self.players.setValue(b.players)
            self.canals.setChecked(bool(b.has_canals or b.islands or b.bridges))
        offers, present = self.offers, board_mechanics(b)
        shown = offers.mechanics | present
        self.form.setRowVisible(self.canals, "canals" in shown)
        self.pictures_section.setVisible("pictures" in shown)
        self.islands_section.setVisible("canals" in shown)
        self.mark_pegs_button.setVisible(bool({"start", "goal"} & shown))
        say(self.note, self._ignored(present))
        if shows_model(self.description, doc) and self.description.toPlainText() != (b.description or ""):
            self.description.setPlainText(b.description or "")
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
        _fit_rows(self.seat_list, 110)
        self.picture_list.clear()
        for name in doc.picture_names():
            n = len(doc.picture_segments(name))
            item = QListWidgetItem(f"{name}: {n} segment{'s' if n != 1 else ''}" + ("" if 4 <= n <= 6 else "  ⚠"))
            item.setData(Qt.UserRole, name)
            self.picture_list.addItem(item)
        self.island_list.clear()
        for name, tris in b.islands.items():
            item = QListWidgetItem(f"{name}: {len(tris)} segment{'s' if len(tris) != 1 else ''}")
            item.setData(Qt.UserRole, name)
            self.island_list.addItem(item)
        _fit_rows(self.picture_list, 90)
        _fit_rows(self.island_list, 90)
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
        self.stats.setText(
            f"{counted(len(b.pegs), 'peg')}, {counted(len(b.lines), 'line')}, "
            f"{counted(len(b.segments), 'segment')} with content"
            f"<br>{treasure} treasure, {energy} energy" + (f"<br>{', '.join(extra)}" if extra else ""))

    def _ignored(self, present: frozenset[str]) -> list[str]:
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

    def _show_location(self) -> None:
        """The location combo (every known location, the base rules, and what the board names
        when it is none of them) and the rules in effect."""
        from studio.gui.realm.location_banner import document_rules
        from studio.model.locations import BASE, known_locations

        doc = self.document
        b = doc.board
        known = known_locations(doc.path)
        entries = sorted(known.items(), key=lambda kv: (kv[1][1].location or 999, kv[1][1].name))
        combo = self.location
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
        rules = document_rules(doc)
        where = rules.path.replace("\\", "/").rsplit("/", 1)[-1] if rules.path else "the rulebook"
        text = f"{rules.name} ({where})"
        if rules.trouble is not None:  # the designer's own scenario is broken: never only a tooltip
            name = rules.trouble.path.replace("\\", "/").rsplit("/", 1)[-1]
            text += f"; your {name} {'has errors' if rules.trouble.loads else 'does not load'}"
        self.scenario.setText(("⚠ " if rules.warning else "") + text)
        self.scenario.setStyleSheet(desktop.css("color: {warning}; font-weight: bold;") if rules.warning else "")
        self.scenario.setToolTip(rules.warning or rules.path or "The base rules of the rulebook")

    # -- edits -----------------------------------------------------------------------------
    def _location_chosen(self, index: int) -> None:
        value = self.location.itemData(index)
        if value is not None:
            self.document.set_board_value("location", value)

    def _set_text_field(self, field: str, edit: QLineEdit) -> None:
        """The board's ``name`` or ``id`` from ``edit``; an emptied field gets its value back."""
        new = edit.text().strip()
        if not new:
            self.dock.refuse_empty(edit, getattr(self.document.board, field), f"The board's {field}")
            return
        self.document.set_board_value(field, new)

    def _add_seat(self) -> None:
        name = self.document.add_seat()
        self.dock.select([("seat", name)])

    def edit_current_seat(self) -> None:
        """Show the page of the seat current in the seat list."""
        item = self.seat_list.currentItem()
        name = item.data(Qt.UserRole) if item is not None else None
        if name:
            self.dock.select([("seat", name)])


def _fit_rows(rows: QListWidget, most: int) -> None:
    """Make ``rows`` as tall as its rows (two at least, so it still reads as a list), at most
    ``most`` pixels (then it scrolls): two seats no longer take the room of six."""
    one = rows.sizeHintForRow(0) if rows.count() else rows.fontMetrics().height() + 2
    height = sum(rows.sizeHintForRow(i) for i in range(rows.count())) if rows.count() >= 2 else 2 * one
    rows.setFixedHeight(min(most, height + 2 * rows.frameWidth() + 2))
