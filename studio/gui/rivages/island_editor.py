"""The island editor window (``studio ISLAND.yaml``): a hex canvas with tools to paint each
terrain, white spaces with icons, strongholds, the two ships, bridges, forts, an eraser and a
flood fill; a properties dock, the goal editor, a validation dock whose findings select their
space; New (wizard), Open, Open Recent, Save, Save As, Export (PNG/SVG/PDF at true size), Recover
Autosaves…, Close, Quit (every window, asking about unsaved work) and
Try it (a solo game on the island in a play window) and Balance Run (bot games with the island in
play, and a heat map over the canvas: :mod:`studio.gui.balance.island`). Every edit is one undo
step. Unsaved work is autosaved and offered back after a crash (:mod:`studio.gui.shell.files.restore`);
an island file whose schema check fails (a misspelt key) opens with its problems listed in the
Validation panel, to be repaired here.

Dialogs go through the module's ``ask_*`` functions so tests patch them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSpinBox,
    QToolBar,
)

from studio.content import LoadError
from studio.gui.realm.docks.findings import FindingsDock
from studio.gui.rivages.content_document import refused_by_the_place, save_error_text
from studio.gui.rivages.goal_editor import GoalEditorDock
from studio.gui.rivages.island_canvas import IslandView
from studio.gui.rivages.island_document import SHAPES, IslandDocument, new_island
from studio.gui.rivages.island_properties import IslandPropertiesDock
from studio.gui.rivages.island_tools import (
    BridgeTool,
    EraserTool,
    FillTool,
    FortTool,
    GoalPickTool,
    PaintTool,
    SelectTool,
    ShipTool,
    StrongholdTool,
    WhiteTool,
)
from studio.gui.rivages.island_widgets import icon_choices
from studio.gui.shell import desktop, prompts, wheel_guard
from studio.gui.shell.document_window import DocumentFiles
from studio.gui.shell.files import tiled_actions
from studio.gui.shell.files.disk_guard import DiskGuard
from studio.gui.shell.files.recent import RecentFilesMixin
from studio.gui.shell.files.restore import WindowRecovery, quit_studio
from studio.gui.shell.menu_text import literal, undo_redo_actions
from studio.gui.shell.undo_keys import install_document_undo
from studio.model.io import InvalidContent
from studio.model.rivages import Island, RivagesScenario
from studio.render.rivages_glyphs import DEFAULT_PALETTE, Palette

APP = "Island Editor"
FILTER = "Rivages islands (*.yaml *.yml *.json);;All files (*)"
MAX_RECENT = 10


class IslandFiles(DocumentFiles):
    """Open, save and close of the island editor (:class:`DocumentFiles`): its own file
    dialogs; errors the file can hold are saved after a warning, so work in progress is never
    lost."""

    own_formats = (Island.FORMAT,)
    save_title = "Cannot save island"
    open_title = "Cannot open island"

    def title(self) -> str:
        return self.document.window_title(APP)

    def preread(self, path: str) -> None:
        IslandDocument.read_for_open(path, (Island,))

    def untitled_name(self) -> str:
        return f"{self.document.island.id}.yaml"

    def ask_open_path(self, start: str) -> str | None:
        return ask_open_island(self.window, start)

    def ask_save_path(self, suggested: str) -> str | None:
        return ask_save_island(self.window, suggested)

    def dropping_name(self, path: str) -> str:
        return Path(path).name

    def may_write(self, path: str) -> bool:
        from studio.validate.rivages import UNSAVABLE_CODES

        self.document.refresh_findings()
        # what is saved is the model: the file's schema findings are about what was left out
        findings = self.document.model_findings()
        if not super().may_write(path):
            return False
        errors = [f for f in findings if f.severity == "error"]
        # errors the file can hold are saved after a warning (work in progress is never lost);
        # those it cannot hold are refused by the save itself, in plain words
        if errors and not any(f.code in UNSAVABLE_CODES for f in errors):
            if not ask_save_despite_errors(self.window, Path(path).name, errors):
                self.say(f"Not saved: {errors[0].message}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))
                return False
        return True

    def save_error(self, exc, path):
        text, details = save_error_text(exc)
        # show what the refusal is about (a schema finding names its space, bridge or goal)
        element = next((f.element for f in getattr(exc, "findings", ()) if f.element), None)
        if element:
            self.window.select_element(tuple(element))
        return self.tr("The island was not saved: {text}").format(text=text), details, refused_by_the_place(exc)


# --- dialogs (patched in tests) -----------------------------------------------------------------

def ask_open_island(parent, directory: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Open Island", directory, FILTER)
    return path or None


def ask_save_island(parent, suggested: str = "") -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Save Island As", suggested, FILTER)
    return path or None


def ask_export_island(parent, suggested: str = "") -> tuple[str, str, float] | None:
    """(path, paper, hex_mm) from the export dialog, or None when cancelled."""
    dialog = ExportIslandDialog(parent, suggested)
    return dialog.result_value() if dialog.exec() == QDialog.Accepted else None


MAX_LISTED = 8  # findings listed in a message box (the rest in its details)


def findings_lines(findings, limit: int = MAX_LISTED) -> str:
    """One line per finding, ``• message (where)``, at most ``limit`` then how many more."""
    from studio.validate.rivages import element_text

    lines = [f"• {f.message}" + (f" ({element_text(f.element)})" if f.element else "") for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"… and {len(findings) - limit} more (see the Validation panel)")
    return "\n".join(lines)


def ask_save_despite_errors(parent, name: str, errors) -> bool:
    """Warn that ``name`` has lint errors before saving it: True to save anyway."""
    from PySide6.QtWidgets import QMessageBox

    n = len(errors)
    box = QMessageBox(QMessageBox.Warning, "Save island with errors",
                      f"<b>{name}</b> has {n} error{'s' if n != 1 else ''}: it cannot be played as it is.",
                      QMessageBox.Save | QMessageBox.Cancel, parent)
    box.setInformativeText(findings_lines(errors) + "\n\nSave it anyway?")
    box.setDetailedText("\n".join(f.format() for f in errors))
    box.setDefaultButton(QMessageBox.Cancel)
    return box.exec() == QMessageBox.Save


def ask_new_island(parent, terrains: list[str]) -> Island | None:
    dialog = NewIslandDialog(parent, terrains)
    return dialog.island() if dialog.exec() == QDialog.Accepted else None


class NewIslandDialog(QDialog):
    """The new island wizard: shape (hexagon of radius N, W x H rectangle or parallelogram),
    pointy or flat hexes, id and name."""

    def __init__(self, parent=None, terrains: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New Island"))
        desktop.install_help(self, "new-island")  # F1 opens its docs page
        self.terrains = terrains
        form = QFormLayout(self)
        self.shape = QComboBox()
        for s in SHAPES:
            self.shape.addItem({"hexagon": "Hexagon", "rectangle": "Rectangle", "parallelogram": "Parallelogram"}[s], s)
        self.radius = QSpinBox()
        self.radius.setRange(1, 10)
        self.radius.setValue(3)
        self.width_spin = QSpinBox()
        self.width_spin.setRange(2, 20)
        self.width_spin.setValue(7)
        self.height_spin = QSpinBox()
        self.height_spin.setRange(2, 20)
        self.height_spin.setValue(6)
        self.orientation = QComboBox()
        self.orientation.addItem(self.tr("Pointy top"), "pointy")
        self.orientation.addItem(self.tr("Flat top"), "flat")
        self.id_edit = QLineEdit("new-island")
        self.name_edit = QLineEdit("New island")
        form.addRow(self.tr("Shape"), self.shape)
        form.addRow(self.tr("Radius"), self.radius)
        form.addRow(self.tr("Width"), self.width_spin)
        form.addRow(self.tr("Height"), self.height_spin)
        form.addRow(self.tr("Hexes"), self.orientation)
        form.addRow(self.tr("Id"), self.id_edit)
        form.addRow(self.tr("Name"), self.name_edit)
        self.summary = QLabel()
        form.addRow(self.summary)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        for w in (self.shape, self.orientation):
            w.currentIndexChanged.connect(self._update)
        for w in (self.radius, self.width_spin, self.height_spin):
            w.valueChanged.connect(self._update)
        self._update()

    def _update(self, *_args) -> None:
        hexagon = self.shape.currentData() == "hexagon"
        self.radius.setEnabled(hexagon)
        self.width_spin.setEnabled(not hexagon)
        self.height_spin.setEnabled(not hexagon)
        n = 1 + 3 * self.radius.value() * (self.radius.value() + 1) if hexagon else \
            self.width_spin.value() * self.height_spin.value()
        self.summary.setText(self.tr("{n} spaces, two ships on opposite coasts, goals to edit").format(n=n))

    def island(self) -> Island:
        return new_island(self.shape.currentData(), self.radius.value(), self.width_spin.value(),
                          self.height_spin.value(), self.orientation.currentData(), self.terrains,
                          self.id_edit.text().strip() or "new-island", self.name_edit.text().strip() or "New island")


class ExportIslandDialog(QDialog):
    """File, paper (A4, Letter or one sheet the size of the island) and hex size in mm."""

    def __init__(self, parent=None, suggested: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export Island"))
        desktop.install_help(self, "export-island")  # F1 opens its docs page
        form = QFormLayout(self)
        self.paper = QComboBox()
        for key, label in (("a4", "A4"), ("letter", "Letter"), ("board", "One sheet the size of the island")):
            self.paper.addItem(label, key)
        self.hex_mm = QDoubleSpinBox()
        self.hex_mm.setRange(5, 120)
        self.hex_mm.setValue(22)
        self.hex_mm.setSuffix(self.tr(" mm across the flats"))
        form.addRow(self.tr("Paper"), self.paper)
        form.addRow(self.tr("Hex size"), self.hex_mm)
        self.suggested = suggested
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def result_value(self):
        path, _ = QFileDialog.getSaveFileName(self.parent(), "Export Island", self.suggested,
                                              "PDF (*.pdf);;SVG (*.svg);;PNG (*.png)")
        return (path, self.paper.currentData(), self.hex_mm.value()) if path else None


# --- the window -------------------------------------------------------------------------------------

class IslandEditorWindow(RecentFilesMixin, QMainWindow):
    """Edits one island. ``document`` is an :class:`IslandDocument`; ``settings`` keeps the
    recent files (tests pass their own QSettings)."""

    def __init__(self, document: IslandDocument | None = None, settings: QSettings | None = None,
                 scenario: RivagesScenario | None = None, parent=None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.settings = settings or QSettings()
        self.document = document or IslandDocument(scenario=scenario)
        if self.document.scenario is None and scenario is not None:
            self.document.scenario = scenario
        self.palette = Palette.of(self.document.scenario.terrains) if self.document.scenario else DEFAULT_PALETTE
        self.current_terrain = self.palette.names()[0]
        self.selected = None
        self.play_windows: list = []
        self.recovery = WindowRecovery(self, self.document, self.restore_autosave)  # autosave, File ▸ Recover
        self.view = IslandView(self.document, self.palette, self)
        self.view.setAccessibleName(self.tr("Island"))
        self.view.setAccessibleDescription(self.tr("The island's hexes; Properties edits the selected space, Goals the "
                                           "quest and missions."))
        self.setCentralWidget(self.view)
        self.properties = IslandPropertiesDock(self.document, self.palette, self)
        self.goals = GoalEditorDock(self.document, self.palette, self)
        self.findings = FindingsDock(self.document, self)
        self.addDockWidget(Qt.RightDockWidgetArea, self.properties)
        self.addDockWidget(Qt.RightDockWidgetArea, self.goals)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.findings)
        self.findings.element_activated.connect(self.select_element)
        self.goals.pick_spaces.connect(self.pick_quest_spaces)
        self.goals.show_spaces.connect(self._show_goal_spaces)
        self.view.hex_hovered.connect(self._hovered)
        self.last_message = ""  # the last say(), whole (the status bar may show it cut)
        self.hover_label = QLabel()
        # a steady width, so the message beside it can be cut to fit (it used to run into it)
        self.hover_label.setMinimumWidth(self.hover_label.fontMetrics().horizontalAdvance("[-99, -99] stronghold fort") + 8)
        self.statusBar().addPermanentWidget(self.hover_label)
        self.disk = DiskGuard(self, lambda: self.document, lambda path: self.open_path(path))
        self.doc_files = IslandFiles(self, disk=self.disk, say=self.say, load=self.open_path)  # open, save, close
        self._build_tools()
        self._build_menus()
        self._connect_document()
        install_document_undo(self)  # Ctrl+Z undoes the island even from a Goals field
        self.resize(1280, 820)
        self.resizeDocks([self.findings], [150], Qt.Vertical)
        self.resizeDocks([self.properties, self.goals], [300, 480], Qt.Vertical)
        self.resizeDocks([self.properties], [430], Qt.Horizontal)
        self.set_tool("select")
        self._update_title()
        desktop.install(self, "island-editor")  # layout memory, drops, F1

    # -- set-up ------------------------------------------------------------------------------------
    def _build_tools(self) -> None:
        self.tools = {}
        bar = QToolBar(self.tr("Tools"), self)
        bar.setObjectName("IslandTools")
        bar.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.tool_group = QActionGroup(self)
        self.tool_actions = {}
        tools = [SelectTool(self)]
        for i, t in enumerate(self.palette.names()):
            tool = PaintTool(self, t, self.palette.label(t))
            tool.shortcut = str(i + 1) if i < 9 else ""
            tools.append(tool)
        tools += [WhiteTool(self), StrongholdTool(self), ShipTool(self), BridgeTool(self), FortTool(self),
                  EraserTool(self), FillTool(self)]
        self.pick_tool = GoalPickTool(self)
        for tool in tools + [self.pick_tool]:
            self.tools[tool.key] = tool
            action = QAction(literal(tool.label), self)
            action.setCheckable(True)
            if tool.shortcut:
                action.setShortcut(QKeySequence(tool.shortcut))
            action.setToolTip(f"{tool.label} ({tool.shortcut})" if tool.shortcut else tool.label)
            action.setStatusTip(tool.hint)
            action.triggered.connect(lambda _c=False, k=tool.key: self.set_tool(k))
            self.tool_group.addAction(action)
            self.tool_actions[tool.key] = action
            if tool is not self.pick_tool:
                bar.addAction(action)
        options = QToolBar(self.tr("Tool options"), self)
        options.setObjectName("IslandToolOptions")
        self.addToolBar(Qt.TopToolBarArea, options)
        options.addWidget(QLabel(self.tr(" White space icon: ")))
        self.icon_combo = QComboBox()
        self._icons = icon_choices(self.palette)
        for label, _v in self._icons:
            self.icon_combo.addItem(label)
        self.icon_combo.setCurrentIndex(1)
        options.addWidget(self.icon_combo)
        self.terrain_label = QLabel()
        options.addWidget(self.terrain_label)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(self.tr("&File"))
        self.actions = {}

        def add(menu, key, text, slot, shortcut=None):
            action = QAction(text, self)
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _c=False: slot())
            menu.addAction(action)
            self.actions[key] = action
            return action

        add(file, "new", "&New Island…", self.new_island, QKeySequence.New)
        add(file, "generate", "&Generate…", self.generate, "Ctrl+Shift+G")
        add(file, "open", "&Open…", self.open_dialog, QKeySequence.Open)
        self.recent = self.doc_files.make_recent("islandRecentFiles", MAX_RECENT, empty_text="No recent islands",
                                                 clear_text="Clear Recent Islands", clear_always_enabled=True)
        self.recent_menu = self.recent.menu
        file.addMenu(self.recent_menu)
        file.addSeparator()
        add(file, "save", "&Save", self.save, QKeySequence.Save)
        add(file, "save_as", "Save &As…", self.save_as, QKeySequence.SaveAs)
        add(file, "export", "&Export…", self.export, "Ctrl+E")
        add(file, "export_tts", "Export for &Tabletop Simulator…", self.export_tts, None)
        file.addSeparator()
        file.addAction(self.recovery.recover_action)
        self.actions["recover"] = self.recovery.recover_action
        file.addSeparator()
        tiled_actions.island_actions(self, file, add)  # Import Tiled Map…, Export as Tiled Map…
        file.addSeparator()
        add(file, "close", "&Close", self.close, QKeySequence.Close)
        quit_action = add(file, "quit", "&Quit", lambda: quit_studio(self), "Ctrl+Q")
        quit_action.setMenuRole(QAction.QuitRole)
        quit_action.setStatusTip(self.tr("Quit Board Studio: close every window, asking about unsaved work"))
        edit = bar.addMenu(self.tr("&Edit"))
        # one undo group: the Undo/Redo actions follow whichever document is open
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(self.document.undo_stack)
        self.undo_group.setActiveStack(self.document.undo_stack)
        undo, redo = undo_redo_actions(self.undo_group, self)
        undo.setShortcut(QKeySequence.Undo)
        redo.setShortcut(QKeySequence.Redo)
        edit.addAction(undo)
        edit.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        from studio.gui.balance.island import IslandBalance

        self.balance = IslandBalance(self)  # balance runs and the heat map (Play, View)
        view = bar.addMenu(self.tr("&View"))
        add(view, "fit", "&Fit Island", self.view.fit, "Ctrl+0")
        self.show_coords = QAction(self.tr("Show &Coordinates"), self, checkable=True)
        self.show_coords.toggled.connect(lambda on: self._set_option("coordinates", on))
        view.addAction(self.show_coords)
        self.show_areas = QAction(self.tr("Show &Areas"), self, checkable=True, checked=True)
        self.show_areas.toggled.connect(lambda on: self._set_option("areas", on))
        view.addAction(self.show_areas)
        view.addAction(self.balance.heat_action)
        view.addSeparator()
        for dock in (self.properties, self.goals, self.findings):
            view.addAction(dock.toggleViewAction())
        play = bar.addMenu(self.tr("&Play"))
        add(play, "try", "&Try It (Solo Game)…", self.try_it, "F5")
        add(play, "try_with", "Try It with Other &Islands…", lambda: self.try_it(choose=True), "Shift+F5")
        add(play, "scenario", "Playtest Rivages &Scenario…", self.playtest_scenario, "Ctrl+Shift+T")
        play.addSeparator()
        play.addAction(self.balance.open_action)
        tools = bar.addMenu(self.tr("&Tools"))
        for key, action in self.tool_actions.items():
            if key != self.pick_tool.key:
                tools.addAction(action)

    def _connect_document(self) -> None:
        self.disk.follow(self.document.path)
        doc = self.document
        doc.changed.connect(self._document_changed)
        doc.findings_changed.connect(self._findings_changed)
        doc.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        doc.file_changed.connect(lambda _p: self._update_title())
        self._findings_changed(doc.findings)

    def _set_option(self, name: str, on: bool) -> None:
        from dataclasses import replace

        self.view.item.options = replace(self.view.item.options, **{name: on})
        self.view.item.update()

    # -- state -------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.last_message = text
        self._show_message(8000)

    def _show_message(self, timeout: int) -> None:
        # cut to the room left of the hover label (it used to run into it); whole in the tooltip
        text = self.last_message
        bar = self.statusBar()
        shown = text
        if bar.isVisible():
            room = bar.width() - self.hover_label.width() - 28
            shown = bar.fontMetrics().elidedText(text, Qt.ElideRight, max(60, room))
        bar.showMessage(shown, timeout)
        bar.setToolTip(text if shown != text else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.statusBar().currentMessage() and self.last_message:
            self._show_message(8000)

    def current_icon(self):
        return self._icons[self.icon_combo.currentIndex()][1]

    def set_tool(self, key: str) -> None:
        old = self.view.tool
        if old is not None:
            old.deactivate()
        tool = self.tools[key]
        self.view.tool = tool
        self.tool_actions[key].setChecked(True)
        tool.activate()
        self.terrain_label.setText(self.tr("   Ship and fill terrain: {label}").format(label=self.palette.label(self.current_terrain)))

    def select(self, h) -> None:
        self.selected = h
        self.view.item.selected = {h} if h is not None else set()
        self.view.item.update()
        self.properties.set_hex(h)

    def select_element(self, element) -> None:
        """Select what a finding is about: ``("space", q, r)``, ``("fort", q, r)``,
        ``("bridge", q1, r1, q2, r2)`` (its first end) or ``("goal", name)`` (shown in Goals)."""
        kind, *rest = element
        if kind in ("space", "fort", "bridge") and len(rest) >= 2:
            h = (int(rest[0]), int(rest[1]))
            self.select(h)
            self.view.centerOn(self.view.scene_point(h))
            if kind == "bridge" and len(rest) >= 4:
                self.view.item.selected = {h, (int(rest[2]), int(rest[3]))}
                self.view.item.update()
        elif kind == "goal":
            self.goals.show()
            self.goals.raise_()
            check = self.goals.checks.get(rest[0]) if rest else None
            self._show_goal_spaces(check.route if check else frozenset(), check.spaces if check else frozenset())

    def pick_quest_spaces(self, step: int) -> None:
        self.pick_tool.step = step
        self.set_tool(self.pick_tool.key)

    def _show_goal_spaces(self, route, spaces=frozenset()) -> None:
        """Light ``route`` (the cheapest way of a goal) and, strongest, the goal's ``spaces``."""
        self.view.item.goal_route = frozenset(route)
        self.view.item.goal_spaces = frozenset(spaces)
        self.view.item.update()

    def _hovered(self, h) -> None:
        if h is None:
            self.hover_label.setText("")
            return
        kind = self.document.kind_at(h)
        fort = " fort" if h in self.document.island.forts else ""
        self.hover_label.setText(f"[{h[0]}, {h[1]}] {kind or 'empty'}{fort}")

    def _document_changed(self, path) -> None:
        self.view.refresh()
        if path == () and self.selected is not None:
            self.select(None)

    def _findings_changed(self, findings) -> None:
        hexes = set()
        for f in findings:
            el = f.element
            if el and el[0] in ("space", "fort", "bridge") and len(el) >= 3:
                hexes.add((int(el[1]), int(el[2])))
        self.view.item.finding_hexes = hexes
        self.view.item.update()

    def _update_title(self) -> None:
        self.doc_files.update_title()

    # -- files -------------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Offer to save unsaved changes; False when the user cancels."""
        return self.doc_files.maybe_save()

    def set_document(self, document: IslandDocument) -> None:
        old = self.document
        self.document = document  # first: the active stack's listeners read the new document
        self.undo_group.removeStack(old.undo_stack)
        self.undo_group.addStack(document.undo_stack)
        self.undo_group.setActiveStack(document.undo_stack)
        self.recovery.follow(document)
        self.view.set_document(document)
        self.properties.set_document(document)
        self.goals.set_document(document)
        self.findings.set_document(document)
        for signal, slot in ((old.changed, self._document_changed), (old.findings_changed, self._findings_changed)):
            signal.disconnect(slot)
        self._connect_document()
        self.select(None)
        if self.view.tool is not None and self.view.tool.key != self.pick_tool.key:
            self.view.tool.deactivate()  # e.g. a bridge half drawn on the old island
            self.view.tool.activate()
        else:
            self.set_tool("select")      # the quest step being picked belonged to the old island
        self.view.fit()
        self._update_title()

    def new_island(self) -> bool:
        if not self.maybe_save():
            return False
        island = ask_new_island(self, self.palette.names())
        if island is None:
            return False
        self.set_document(IslandDocument(island, None, scenario=self.document.scenario))
        self.document.undo_stack.resetClean()  # the wizard's island exists nowhere else: Close asks
        return True

    def generate(self) -> bool:
        """File ▸ Generate…: the Generate dialog for islands (:mod:`studio.gui.balance.generate`);
        the island chosen replaces this one (asking about unsaved work). True when opened."""
        from studio.gui.balance.generate import ISLAND, ask_generate

        chosen = ask_generate(self, kinds=(ISLAND,), kind=ISLAND)
        if chosen is None or not self.maybe_save():
            return False
        self.open_generated(chosen.content)
        return True

    def open_generated(self, island: Island) -> None:
        """Show ``island`` as a new untitled document, modified until saved (Save asks for a
        path)."""
        document = IslandDocument(island, None, scenario=self.document.scenario)
        document.undo_stack.resetClean()
        self.set_document(document)
        self.view.fit()
        self.say(f"Generated island {island.name}: {len(island.spaces)} spaces; not saved yet")

    def open_dialog(self) -> bool:
        """File ▸ Open: an island here, another kind in its own window."""
        return self.doc_files.open_dialog()

    def open_path(self, path, interactive: bool = True) -> bool:
        """Open an island file; on error say what is wrong and where (a message box, or raise
        when ``interactive`` is False) and keep the current island."""
        from studio.validate.rivages import scenario_for

        try:
            document = IslandDocument.open_leniently(path, (Island,),
                                                     scenario=scenario_for(path) or self.document.scenario)
        except (LoadError, InvalidContent, OSError) as exc:
            if not interactive:
                raise
            self.doc_files.show_load_error(exc, path)
            return False
        self.set_document(document)
        self._add_recent(str(path))
        problems = document.open_problems
        if problems is not None:  # a schema error: listed in the Validation panel, repaired here
            self.findings.show()
            self.findings.raise_()
            self.say(problems.summary())
        return True

    def restore_autosave(self, island: Island, original_path: str | None) -> bool:
        """Show a restored autosave (:mod:`studio.gui.shell.files.restore`): ``island`` as a modified
        document whose path is ``original_path``. False when the user keeps the open work."""
        from studio.validate.rivages import scenario_for

        if not self.maybe_save():
            return False
        scenario = None
        if original_path:
            try:
                scenario = scenario_for(original_path)
            except OSError:
                scenario = None
        self.set_document(IslandDocument(island, original_path, scenario=scenario or self.document.scenario))
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        return True

    def open_dropped_file(self, path) -> bool:
        """A dropped file opens as by File ▸ Open: an island here, another kind in its window."""
        return self.doc_files.open(path)

    def load_path(self, path, interactive: bool = True) -> bool:
        """Same as :meth:`open_path` (the name every editor window shares)."""
        return self.open_path(path, interactive)

    def save(self) -> bool:
        return self.doc_files.save()

    def save_as(self) -> bool:
        return self.doc_files.save_as()

    def _save_to(self, path) -> bool:
        return self.doc_files.write(str(path))

    def export(self) -> bool:
        stem = self.document.path and Path(self.document.path).with_suffix(".pdf").name
        answer = ask_export_island(self, stem or f"{self.document.island.id}.pdf")
        if not answer:
            return False
        path, paper, hex_mm = answer
        from studio.render.export import ExportError, format_for_path
        from studio.render.island import write_island

        try:
            written, layout = write_island(self.document.island, path, format_for_path(path), self.palette, paper, hex_mm)
        except (ExportError, OSError) as exc:
            prompts.show_error(self, self.tr("Cannot export island"), str(exc))
            return False
        self.say(f"Exported {len(written)} file{'s' if len(written) != 1 else ''}: {layout.summary()}")
        return True

    def export_tts(self) -> bool:
        """File ▸ Export for Tabletop Simulator…: the island, its scenario's decks and loot as a
        TTS saved-object set (:mod:`studio.render.tts`)."""
        from studio.render.export import ExportError
        from studio.render.tts import export_tts

        errors = [f for f in self.document.refresh_findings() if f.severity == "error"]
        if errors:
            prompts.show_error(self, self.tr("Cannot export for Tabletop Simulator"),
                               f"The island has {len(errors)} error{'s' if len(errors) != 1 else ''}; fix "
                               f"{'it' if len(errors) == 1 else 'them'} first:\n{findings_lines(errors)}")
            return False
        stem = self.document.path and Path(self.document.path).with_suffix(".json").name
        path = prompts.ask_tts_file(self, stem or f"{self.document.island.id}.json", kind="island")
        if not path:
            return False
        if Path(path).suffix.lower() != ".json":
            path = f"{path}.json"
        try:
            written = export_tts(self.document.island, path)
        except (ExportError, OSError) as exc:
            prompts.show_error(self, self.tr("Cannot export for Tabletop Simulator"), str(exc))
            return False
        self.say(f"Exported {Path(written[-1]).name} and {len(written) - 1} images for Tabletop Simulator")
        return True

    # -- recent --------------------------------------------------------------------------------------
    # -- try it --------------------------------------------------------------------------------------
    def try_it(self, choose: bool = False):
        """Play a solo game on this island (and chosen bundled islands) in a play window."""
        from studio.gui.rivages import try_it

        others = []
        if choose:
            others = try_it.ask_islands(self, self.document.island.id)
            if others is None:
                return None
        errors = [f for f in self.document.refresh_findings() if f.severity == "error"]
        window = try_it.open_try_it(self.document.island, others, self, scenario=self.document.scenario,
                                    findings=errors)
        if window is not None:
            self.play_windows.append(window)
            if errors:
                self.say(f"Trying an island with {len(errors)} error{'s' if len(errors) != 1 else ''}: "
                         f"{errors[0].message}" + (" (see the Validation panel)" if len(errors) > 1 else ""))
        return window

    def playtest_scenario(self):
        """A Rivages scenario with 1 to 5 explorers in the playtest window (asked for)."""
        from studio.gui.playtest.rivages_playtest import playtest_rivages_scenario

        window = playtest_rivages_scenario(self)
        if window is not None:
            self.play_windows.append(window)
        return window

    # -- closing -----------------------------------------------------------------------------------
    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.doc_files.close_event(event)


def open_island_editor(path: str | None = None, settings: QSettings | None = None) -> IslandEditorWindow:
    """Show an island editor on ``path`` (a new island when None). Raises LoadError /
    InvalidContent / OSError for a file that does not open."""
    window = IslandEditorWindow(settings=settings)
    if path is not None:
        window.open_path(path, interactive=False)
    window.show()
    window.view.fit()
    return window


__all__ = ["IslandEditorWindow", "NewIslandDialog", "open_island_editor"]
