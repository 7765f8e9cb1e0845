"""The editor's main window: menus, tool bar, board view, docks and file handling.

All dialogs go through :mod:`studio.gui.shell.prompts` (patched in tests); opening a file never
replaces the current board unless the file loaded cleanly."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QStyle, QToolBar, QVBoxLayout, QWidget

from studio.content import LoadError, bundled_path
from studio.content.paths import resolved
from studio.gui.balance.editor import BoardBalance
from studio.gui.realm.docks.properties import PropertiesDock
from studio.gui.realm.docks.validation import ValidationDock, count_text
from studio.gui.realm.document import BoardDocument, ChangeKind, standard_board
from studio.gui.realm.editor_actions import EditorActions
from studio.gui.realm.location_banner import LocationBanner, document_rules
from studio.gui.realm.open_problems_banner import OpenProblemsBanner
from studio.gui.realm.scene import BoardScene
from studio.gui.realm.tools import TOOL_CLASSES, Tool
from studio.gui.shell import desktop, icons, prompts, wheel_guard
from studio.gui.shell.document_window import DocumentFiles, is_bundled, shown_path
from studio.gui.shell.files import FileServices, tiled_actions
from studio.gui.shell.files.recent import RecentFilesMixin
from studio.gui.shell.load_errors import file_format
from studio.gui.shell.menu_text import literal, undo_redo_actions
from studio.gui.shell.undo_keys import install_document_undo
from studio.gui.shell.view import BoardView
from studio.model.io import InvalidContent, read_scenario
from studio.model.lenient import read_board_leniently
from studio.model.locations import offers_for, rules_phrase
from studio.render import export_png

APP_NAME = "Board Studio"
MAX_RECENT = 8
BOARD_SUFFIXES = (".yaml", ".yml", ".json")


def board_reference_place(scenario, path, players: int) -> str:
    """``path:line:col`` of the scenario line naming its board for ``players`` (as ``studio
    validate`` places ``scenario/missing-board``), or ``path`` when the file's positions are
    unknown."""
    line, col = scenario.source.locate(("boards", str(players))) if scenario.source is not None else (None, None)
    return f"{path}:{line}:{col or 1}" if line is not None else str(path)


def default_board_path() -> Path:
    """The bundled Jungle Temples 2-player board the editor opens by default."""
    return bundled_path("boards", "realm", "jungle-temples-2p.yaml")


class BoardFiles(DocumentFiles):
    """Open, save and close of the board editor (:class:`DocumentFiles`): File ▸ Open and a
    drop open any content file, each in its own editor (:meth:`MainWindow.open_file`)."""

    kind = "board"
    save_title = "Cannot save board"
    open_title = "Cannot open board"
    checked_suffixes = BOARD_SUFFIXES

    def title(self) -> str:
        return f"{self.document.display_name()}[*] — {APP_NAME}"

    def untitled_name(self) -> str:
        return f"{self.document.board.id}.yaml"

    def suggested_path(self) -> str:
        path = self.document.path
        if path and not is_bundled(path):
            return path
        return str(Path(self.save_folder()) / self.untitled_name())  # a copy, not the sample

    def start_folder(self) -> str:
        return str(bundled_path("boards", "realm"))

    def open(self, path, asked: bool = False) -> bool:
        return self.window.open_file(path)

    def closing(self) -> None:
        self.window.scene.set_tool(None)
        self.window.files.window_closed()


class MainWindow(RecentFilesMixin, QMainWindow):
    """The board editor window on one :class:`BoardDocument`.

    ``settings`` stores recent files and window layout (a QSettings; tests pass their own)."""

    def __init__(self, document: BoardDocument | None = None, settings: QSettings | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.settings = settings if settings is not None else QSettings()
        self.document = document if document is not None else BoardDocument(standard_board())
        self.setWindowIcon(icons.app_icon())
        self.setAcceptDrops(True)
        self.setDockOptions(QMainWindow.AnimatedDocks | QMainWindow.AllowTabbedDocks)

        self.scene = BoardScene(self.document, self)
        self.view = BoardView(self.scene, self)
        self.view.setAccessibleName(self.tr("Board"))
        self.view.setAccessibleDescription(self.tr("The board being edited: pegs, lines and segments. The Properties "
                                           "panel edits the selection; the Validation panel lists its findings."))
        # the location banner sits above the board: a board played with other rules than its
        # own is said where the designer looks, not in the status bar
        self.location_banner = LocationBanner(self.document, self)
        self.open_problems_banner = OpenProblemsBanner(self.document, self)
        centre = QWidget(self)
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.open_problems_banner)
        column.addWidget(self.location_banner)
        column.addWidget(self.view, 1)
        self.setCentralWidget(centre)

        self.properties_dock = PropertiesDock(self.document, self.scene, self)
        self.validation_dock = ValidationDock(self.document, self)
        self.addDockWidget(Qt.RightDockWidgetArea, self.properties_dock)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.validation_dock)
        self.validation_dock.element_activated.connect(self.show_element)
        self.validation_dock.findings_changed.connect(self._findings_changed)
        self.validation_dock.findings_changed.connect(self.scene.set_findings)
        self.properties_dock.tool_requested.connect(self.set_tool)
        self.location_banner.choose_location.connect(self.properties_dock.focus_location)

        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        self.content_windows: list = []  # island, tree, card and loot editors opened from here
        self._build_actions()
        self.editing = EditorActions(self)  # clipboard, transforms, wizard, scenario, tool bars
        self.properties_dock.edit_scenario_requested.connect(self.editing.edit_scenario)
        self.files = FileServices(self)  # export/print, disk watch, autosave, recovery
        self.doc_files = BoardFiles(self, disk=self.files, say=self.show_status)  # open, save, close
        self.balance = BoardBalance(self)  # Game > Balance Run, heat map over the board
        self._build_menus()
        self._build_tool_bar()
        self._build_status_bar()
        install_document_undo(self)  # Ctrl+Z undoes the board even from a Properties field

        self.document.changed.connect(self._on_document_changed)
        # a bound method, not a lambda: Qt drops the connection when the window is deleted first
        self.document.undo_stack.cleanChanged.connect(self._clean_changed)
        self.scene.status_message.connect(self.hint_label.setText)
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(f"{z / 80 * 100:.0f}%"))
        self.set_tool("select")
        self.update_tool_offers()
        self._update_title()
        self._findings_changed(self.validation_dock.findings)
        self.resize(1400, 900)
        self.resizeDocks([self.properties_dock], [340], Qt.Horizontal)
        self.resizeDocks([self.validation_dock], [150], Qt.Vertical)
        # layout memory, drops, F1 (docs/editor.md); an old single "window/" layout is taken over
        desktop.adopt_old_layout(self.settings, "window", "board-editor")
        desktop.install(self, "board-editor")

    # -- actions ----------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, icon=None, tip: str | None = None,
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if icon is not None:
            action.setIcon(icon)
        if shortcut is not None:
            if isinstance(shortcut, (list, tuple)):
                action.setShortcuts([QKeySequence(s) for s in shortcut])
            else:
                action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        if slot is not None:
            action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even when menus and tool bar are hidden
        return action

    def _build_actions(self) -> None:
        std = self.style().standardIcon
        stack = self.document.undo_stack
        self.new_action = self._action(self.tr("&New Board…"), self.new_board, QKeySequence.New, icons.wizard_icon(),
                                       "New board: location, players, lattice and seats")
        self.new_island_action = self._action(self.tr("New &Island…"), self.new_island, "Ctrl+Shift+N", None,
                                              "New Rivages island: shape, hexes and id, in the island editor")
        self.generate_action = self._action(self.tr("&Generate…"), self.generate_content, "Ctrl+Shift+G", None,
                                            "Generate new boards or islands from constraints, checked valid and fair")
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog, QKeySequence.Open,
                                        std(QStyle.SP_DialogOpenButton), "Open a board file")
        self.save_action = self._action(self.tr("&Save"), self.save, QKeySequence.Save, std(QStyle.SP_DialogSaveButton),
                                        "Save the board")
        self.save_as_action = self._action(self.tr("Save &As…"), self.save_as, QKeySequence.SaveAs, None,
                                           "Save the board to a new file")
        self.export_action = self._action(self.tr("&Export Image…"), self.export_image, "Ctrl+E", None,
                                          "Export the board as a PNG image")
        self.close_action = self._action(self.tr("&Close"), self.close, QKeySequence.Close, None,
                                         "Close this window, asking about unsaved work")
        self.quit_action = self._action(self.tr("&Quit"), self.quit_studio, "Ctrl+Q", None,
                                        "Quit Board Studio: close every window, asking about unsaved work")
        self.quit_action.setMenuRole(QAction.QuitRole)

        self.undo_action, self.redo_action = undo_redo_actions(stack, self)
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.undo_action.setIcon(icons.undo_icon(redo=False))
        self.redo_action.setShortcuts([QKeySequence(QKeySequence.Redo), QKeySequence("Ctrl+Y")])
        self.redo_action.setIcon(icons.undo_icon(redo=True))
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)
        self.delete_action = self._action(self.tr("&Delete"), self.delete_selection,
                                          [QKeySequence(QKeySequence.Delete), QKeySequence("Backspace")],
                                          None, "Delete the selected pegs and lines, clear selected segments")
        self.select_all_action = self._action(self.tr("Select &All"), self.select_all, QKeySequence.SelectAll, None,
                                              "Select every peg and line")
        self.deselect_action = self._action(self.tr("Select &None"), self.scene.clearSelection, "Ctrl+Shift+A", None,
                                            "Clear the selection")

        self.zoom_in_action = self._action(self.tr("Zoom &In"), self.view.zoom_in, [QKeySequence.ZoomIn, "Ctrl+="],
                                           icons.zoom_icon(True), "Zoom in")
        self.zoom_out_action = self._action(self.tr("Zoom &Out"), self.view.zoom_out, QKeySequence.ZoomOut,
                                            icons.zoom_icon(False), "Zoom out")
        self.fit_action = self._action(self.tr("&Fit Board"), self.view.fit, ["Ctrl+0", "F"], icons.fit_icon(),
                                       "Show the whole board (Ctrl+0 or F)")
        self.snap_action = self._action(self.tr("&Snap to Lattice"), self._set_snap, "Ctrl+;", None,
                                        "Snap new and moved pegs to the standard lattice (Alt while dragging: off)",
                                        checkable=True)
        self.snap_action.setChecked(True)

        self.playtest_action = self._action(self.tr("&Playtest…"), self.playtest, "Ctrl+T", icons.playtest_icon(),
                                            "Play this board against bots")
        self.rivages_playtest_action = self._action(self.tr("Playtest &Rivages Scenario…"), self.playtest_rivages, "Ctrl+Shift+T",
                                                    None, "Play a Rivages scenario (1 to 5 explorers) against bots")
        self.about_action = self._action(self.tr("&About Board Studio"), self.about, None, None, "About Board Studio")
        self.about_action.setMenuRole(QAction.AboutRole)

        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            action = self._action(literal(tool.label), lambda _=False, n=name: self.set_tool(n), tool.shortcut,
                                  tool.icon(), f"{tool.label} ({tool.shortcut}): {tool.hint}",
                                  checkable=True)
            action.setToolTip(f"{tool.label} ({tool.shortcut})")
            self.tool_group.addAction(action)
            self.tool_actions[name] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.new_island_action)
        file_menu.addAction(self.generate_action)
        file_menu.addAction(self.open_action)
        self.recent = self.doc_files.make_recent("recentFiles", MAX_RECENT, normalize=lambda p: str(resolved(p)),
                                                 status_tips=True)
        self.recent_menu = self.recent.menu
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.files.export_action)
        file_menu.addAction(self.files.tts_action)
        file_menu.addAction(tiled_actions.board_export_action(self))
        file_menu.addAction(self.files.print_action)
        file_menu.addSeparator()
        file_menu.addAction(self.files.recover_action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        file_menu.addAction(self.quit_action)

        edit = bar.addMenu(self.tr("&Edit"))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        self.editing.fill_edit_menu(edit)
        edit.addSeparator()
        edit.addAction(self.delete_action)
        edit.addAction(self.select_all_action)
        edit.addAction(self.deselect_action)
        edit.addSeparator()
        for action in self.tool_actions.values():
            edit.addAction(action)

        view = bar.addMenu(self.tr("&View"))
        view.addAction(self.zoom_in_action)
        view.addAction(self.zoom_out_action)
        view.addAction(self.fit_action)
        view.addSeparator()
        view.addAction(self.snap_action)
        view.addSeparator()
        view.addAction(self.properties_dock.toggleViewAction())
        view.addAction(self.validation_dock.toggleViewAction())
        self.view_menu = view

        game = bar.addMenu(self.tr("&Game"))
        game.addAction(self.playtest_action)
        game.addAction(self.rivages_playtest_action)
        game.addAction(self.balance.open_action)
        self.editing.fill_game_menu(game)
        view.addSeparator()
        view.addAction(self.balance.heat_action)

        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.about_action)
        self.help_menu = help_menu

    def _build_tool_bar(self) -> None:
        bar = QToolBar(self.tr("Tools"), self)
        bar.setObjectName("ToolsBar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
        for action in (self.new_action, self.open_action, self.save_action):
            bar.addAction(action)
        bar.addSeparator()
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        bar.addSeparator()
        for name, action in self.tool_actions.items():
            if self.tools[name].group == "draw":
                bar.addAction(action)
        bar.addSeparator()
        bar.addAction(self.zoom_out_action)
        bar.addAction(self.zoom_in_action)
        bar.addAction(self.fit_action)
        bar.addSeparator()
        bar.addAction(self.playtest_action)
        self.addToolBar(Qt.TopToolBarArea, bar)
        self.tool_bar = bar
        self.view_menu.addAction(bar.toggleViewAction())
        self.editing.build_tool_bars(self.tool_actions)
        self.view_menu.addAction(self.editing.location_bar.toggleViewAction())
        self.view_menu.addAction(self.editing.options_bar.toggleViewAction())

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        self.hint_label = QLabel()
        self.findings_label = QLabel()
        self.zoom_label = QLabel("100%")
        self.zoom_label.setMinimumWidth(48)
        self.zoom_label.setAlignment(Qt.AlignRight | Qt.AlignVCenter)
        status.addWidget(self.hint_label, 1)
        status.addPermanentWidget(self.findings_label)
        status.addPermanentWidget(self.zoom_label)
        # a message gives way to the current tool's hint after a while (as the island editor's
        # do), so "Opened ..." does not stand there through an hour of editing
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._status_timer.timeout.connect(self._message_expired)
        self._message = None

    STATUS_MS = 8000   # how long a status-bar message stands before the tool's hint returns

    def show_status(self, text: str) -> None:
        """Status-bar message, for :attr:`STATUS_MS` ms or until the next hint or message; then
        the current tool's hint."""
        self.hint_label.setText(text)
        self._message = text
        self._status_timer.start(self.STATUS_MS)

    def _message_expired(self) -> None:
        if self.hint_label.text() == self._message:   # not replaced by a hint meanwhile
            tool = self.scene.tool
            self.hint_label.setText(getattr(tool, "hint", "") or "")
        self._message = None

    # -- tools ------------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        self.scene.set_tool(self.tools[name])
        self.tool_actions[name].setChecked(True)
        self.editing.tool_changed(name)
        self.hint_label.setText(self.tools[name].hint)

    def _set_snap(self, on: bool) -> None:
        self.scene.snap = bool(on)

    # -- editing ----------------------------------------------------------------------------
    def delete_selection(self) -> None:
        elements = self.scene.selected_elements()
        if not elements:
            return
        self.document.delete(
            pegs=[e[1] for e in elements if e[0] == "peg"],
            lines=[e[1:3] for e in elements if e[0] == "line"],
            segments=[e[1:4] for e in elements if e[0] == "segment"],
        )

    def select_all(self) -> None:
        self.scene.select_elements([("peg", p) for p in self.scene.pegs]
                                   + [("line", *k) for k in self.scene.lines])

    def show_element(self, element) -> None:
        """Select a finding's element and frame it in the view (centred, zoomed out to fit); a
        board property (``("board", "location")``) is focused in the Properties panel."""
        if element and element[0] == "board":
            self.scene.clearSelection()
            field = self.properties_dock.focus_field(element[1] if len(element) > 1 else None)
            self.hint_label.setText(self.tr("Showing {field} in the Properties panel").format(field=field))
            return
        self.scene.select_elements([element])
        rect = self.scene.element_rect(element)
        if rect is not None:
            self.view.frame(rect)
            self.hint_label.setText(self.tr("Showing {join}").format(join=' '.join(map(str, element))))
        else:
            self.hint_label.setText(self.tr("{join} is not on the board").format(join=' '.join(map(str, element))))

    # -- files ------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or clean)."""
        return self.doc_files.maybe_save()

    def quit_studio(self) -> bool:
        """File ▸ Quit: close every window, this one last, each asking about its unsaved work
        (:func:`studio.gui.shell.files.restore.quit_studio`)."""
        from studio.gui.shell.files.restore import quit_studio

        return quit_studio(self)

    def new_board(self) -> None:
        """File ▸ New Board: the New Board wizard (see :class:`EditorActions`)."""
        self.editing.new_board()

    def new_island(self):
        """File ▸ New Island: the island editor's New Island wizard, in a new island editor
        window (the window, or None when the wizard was cancelled)."""
        from studio.gui.rivages.island_editor import IslandEditorWindow

        editor = IslandEditorWindow(settings=self.settings)
        if not editor.new_island():
            editor.deleteLater()
            return None
        editor.show()
        editor.view.fit()
        self.content_windows.append(editor)
        editor.destroyed.connect(lambda *_: self.content_windows.remove(editor)
                                 if editor in self.content_windows else None)
        return editor

    def generate_content(self) -> bool:
        """File ▸ Generate…: the Generate dialog (:mod:`studio.gui.balance.generate`), on this
        board's location and players. A board chosen replaces this document (asking about unsaved
        work) as a new untitled one, modified until saved (Save asks for a path); an island opens
        in a new island editor the same way. True when something was opened."""
        from studio.gui.balance.generate import ask_generate

        board = self.document.board
        chosen = ask_generate(self, location=board.location, players=board.players)
        if chosen is None:
            return False
        if chosen.kind == "island":
            from studio.gui.rivages.island_editor import IslandEditorWindow

            editor = IslandEditorWindow(settings=self.settings)
            editor.open_generated(chosen.content)
            editor.show()
            editor.view.fit()
            self.content_windows.append(editor)
            editor.destroyed.connect(lambda *_: self.content_windows.remove(editor)
                                     if editor in self.content_windows else None)
            return True
        if not self.maybe_save():
            return False
        new = chosen.content
        self.document.reset(new, None)
        self.document.set_scenario_path(None)  # the board names its location itself
        self.document.undo_stack.resetClean()  # a new, untitled board: modified until saved
        self.view.fit()
        self.show_status(f"Generated {new.name}: {len(new.pegs)} pegs, {len(new.lines)} lines; not saved yet")
        return True

    def open_dialog(self) -> bool:
        """File ▸ Open: any content file, each in its own editor (see :meth:`open_file`)."""
        return self.doc_files.open_dialog()

    def open_file(self, path: str) -> bool:
        """Open ``path`` in the window made for its ``format:`` (File ▸ Open, recent files, drag
        and drop): a board here, after offering to save changes; an island, tree, card or loot
        file in its Rivages editor window; a Rule the Realm scenario here with the scenario
        editor beside it; a Rivages scenario in the Rivages playtest window. A file that does not
        parse is reported by the board loader (file:line:col). True when something opened."""
        from studio.gui.app import CONTENT_EDITORS

        path = str(path)
        if self.doc_files.show_if_open(path):
            return True
        fmt = file_format(path)
        if fmt in CONTENT_EDITORS:
            return self.open_content_editor(path, CONTENT_EDITORS[fmt]) is not None
        if fmt == "rivages-scenario/1":
            from studio.gui.app import open_rivages_scenario

            playtest = open_rivages_scenario(path, parent=self)
            if playtest is None:
                return False
            self.content_windows.append(playtest)
            self._add_recent(path)
            return True
        if fmt == "realm-scenario/1":
            return self.open_scenario(path)
        # read first: a file that cannot open is said at once, before any question about
        # the board shown (and that board stays)
        try:
            opened = read_board_leniently(path)
        except (LoadError, InvalidContent, OSError) as exc:
            self.doc_files.show_load_error(exc, path)
            return False
        if not self.maybe_save():
            return False
        return self.load_path(path, opened=opened)

    def open_content_editor(self, path: str, target: str):
        """Open ``path`` in a new editor window of class ``target`` (``module:Class``, as in
        :data:`studio.gui.app.CONTENT_EDITORS`); the window, or None when the file did not load
        (the editor said why)."""
        import importlib

        module, _, name = target.partition(":")
        editor = getattr(importlib.import_module(module), name)(settings=self.settings)
        if not editor.load_path(path):
            editor.deleteLater()
            return None
        editor.show()
        self.content_windows.append(editor)
        editor.destroyed.connect(lambda *_: self.content_windows.remove(editor)
                                 if editor in self.content_windows else None)
        self._add_recent(path)
        self.show_status(f"Opened {Path(path).name} in its own editor window")
        return editor

    def open_scenario(self, path: str) -> bool:
        """Open a ``realm-scenario/1`` file: its board for the fewest players here (after
        offering to save changes), checked against it, with the scenario editor beside it."""
        from studio.model.io import board_path

        try:
            scenario = read_scenario(path)
            board = board_path(scenario, min(scenario.boards))
        except (LoadError, InvalidContent, OSError, ValueError) as exc:
            self.doc_files.show_load_error(exc, path, "Cannot open scenario")
            return False
        if not self.maybe_save():
            return False
        try:
            self.load_path(board, interactive=False)
        except (LoadError, InvalidContent, OSError) as exc:
            # the board's own error, and which line of the scenario names it
            message, details = self.doc_files.load_error(exc, str(board))
            players = min(scenario.boards)
            head = self.tr("{where}: the board for {players} players does not open.").format(
                where=board_reference_place(scenario, path, players), players=players)
            prompts.show_error(self, self.tr("Cannot open scenario"), f"{head}\n\n{message}", details)
            return False
        self.document.set_scenario_path(path)
        self._add_recent(path)
        self.editing.edit_scenario()
        return True

    def load_path(self, path: str | Path, interactive: bool = True, opened=None) -> bool:
        """Load ``path`` into the document (``opened``: what :func:`read_board_leniently`
        already read from it). On failure the current board stays and the error is shown
        (``interactive``) or raised."""
        try:
            if opened is None:
                self.document.load(path)
            else:
                self.document.reset(opened[0], path, opened[1])
        except (LoadError, InvalidContent, OSError) as exc:
            if not interactive:
                raise
            self.doc_files.show_load_error(exc, path)
            return False
        self._add_recent(str(path))
        self.document.set_scenario_path(None)  # the board's location says which rules apply
        self.view.fit()
        problems = self.document.open_problems
        if problems is not None:
            left, filled = len(problems.left_out), len(problems.filled_in)
            told = ", ".join(t for t in (f"{left} value(s) left out" if left else "",
                                         f"{filled} missing value(s) filled in" if filled else "") if t)
            self.show_status(f"Opened {shown_path(path)} with {len(problems.findings)} schema problem(s): "
                             f"{told or 'nothing left out'}, see the banner")
            self.validation_dock.show()
        else:
            self.show_status(f"Opened {shown_path(path)}")
        return True

    def save(self) -> bool:
        """File ▸ Save (a bundled sample: Save As, a copy elsewhere)."""
        return self.doc_files.save()

    def save_as(self) -> bool:
        return self.doc_files.save_as()

    def export_image(self) -> None:
        stem = Path(self.document.path).stem if self.document.path else self.document.board.id
        start = str(Path(self.document.path).with_suffix(".png")) if self.document.path else f"{stem}.png"
        path = prompts.ask_export_path(self, start)
        if not path:
            return
        if not path.lower().endswith(".png"):
            path += ".png"
        try:
            export_png(self.document.board, path, pixels_per_unit=120)
        except OSError as exc:
            prompts.show_error(self, self.tr("Cannot export image"), str(exc))
            return
        self.show_status(f"Exported {path}")

    # -- recent files -----------------------------------------------------------------------
    def _fill_recent_menu(self) -> None:
        self.recent.fill()

    # -- playtest ---------------------------------------------------------------------------
    def playtest(self) -> None:
        """Open the playtest window on a copy of the board, with the rules of its location (or
        of the scenario the editor checks it against). A board played with other rules than its
        own, or naming no location, is said first, in a dialog."""
        try:
            from studio.gui.playtest.playtest_window import open_playtest
        except ImportError as exc:
            prompts.show_info(self, self.tr("Playtest"), self.tr("The playtest window is not available in this build.\n\n({exc})").format(exc=exc))
            return
        errors = [f for f in self.validation_dock.run_now() if f.severity == "error"]
        if errors:
            prompts.show_error(self, self.tr("Playtest"),
                               f"Fix the board's {len(errors)} error{'s' if len(errors) != 1 else ''} before "
                               "playtesting (see the Validation dock).",
                               "\n".join(f.format(self.document.display_name()) for f in errors))
            return
        rules = document_rules(self.document)
        if rules.warning is not None and not prompts.ask_play_anyway(
                self, "Playtest", f"{rules.warning}\n\nPlay it with {rules_phrase(rules.name)} anyway?"):
            return
        try:
            open_playtest(self.document.board.copy(), rules.path, self)
        except Exception as exc:  # another component's failure must not take the editor down
            prompts.show_error(self, self.tr("Playtest"), self.tr("The playtest could not start:\n\n{exc}").format(exc=exc))

    def playtest_rivages(self):
        """Ask for a Rivages scenario, the number of explorers and a seed, and open the Rivages
        playtest window on it (None when cancelled or the scenario cannot be played)."""
        from studio.gui.playtest.rivages_playtest import playtest_rivages_scenario

        return playtest_rivages_scenario(self)

    def about(self) -> None:
        from studio import __version__

        prompts.show_about(
            self, f"About {APP_NAME}",
            f"<h3>{APP_NAME} {__version__}</h3>"
            "<p>Design, validate and playtest boards for <i>Rule the Realm</i>.</p>"
            "<p>Tools: Select (V), Add Peg (P), Peg Colour (C), Lines (L), Eraser (D); Segment Content (T), "
            "Pictures (G), Islands (I), Bridges (B), Line Items (M), Start &amp; Goal Pegs (S), Crater (R).<br>"
            "Painting tools: left click or drag applies, right click removes; one drag is one undo step.<br>"
            "Wheel zooms, middle button or Space+drag pans, F fits the board.</p>")

    # -- window state -----------------------------------------------------------------------
    def _on_document_changed(self, kind: ChangeKind, payload) -> None:
        if kind in (ChangeKind.FILE_CHANGED, ChangeKind.BOARD_CHANGED, ChangeKind.RESET):
            self._update_title()
            self.update_tool_offers()

    def update_tool_offers(self) -> None:
        """Offer only the location tools of the board's location (its ``location:``): the
        others are hidden and their shortcuts do nothing; a tool in use that the location has
        not gives way to Select. Tools with choices (segment idols, start or goal pegs) keep
        only their location's."""
        offers = offers_for(self.document.board, self.document.path)
        for name, tool in self.tools.items():
            on = tool.offered(offers)
            action = self.tool_actions[name]
            action.setVisible(on)
            action.setEnabled(on)
            tool.set_offers(offers)
        current = self.scene.tool
        if current is not None and not current.offered(offers):
            self.set_tool("select")

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        self.doc_files.update_title()

    def _findings_changed(self, findings) -> None:
        errors = sum(1 for f in findings if f.severity == "error")
        colour = desktop.colour("error" if errors else "status_warning" if findings else "ok")
        self.findings_label.setText(self.tr("<span style='color:{colour}'>{count_text}</span>").format(colour=colour, count_text=count_text(findings)))

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not getattr(self, "_fitted", False):
            self._fitted = True
            self.view.fit()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.doc_files.close_event(event)

    # -- drag and drop (studio.gui.shell.desktop: every window opens dropped files alike) ----------
    def open_dropped_file(self, path: str) -> bool:
        """A file dropped on the window opens as by File ▸ Open (:meth:`open_file`)."""
        return self.open_file(path)

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        desktop.accept_drag(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        desktop.accept_drag(event)

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        desktop.drop(self, event)
