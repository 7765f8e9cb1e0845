"""The board editor's editing actions and tool bars, kept out of the main window so it stays a
thin shell: cut / copy / paste / duplicate, triangulate, turn and mirror a selection, copy it
onto the other seats' parts of the board, the New Board wizard, the scenario editor, the
location tool bar and the tool options bar.

Every action works through document methods, so each is one undo step."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import QEventLoop, QMimeData, QObject, Qt
from PySide6.QtGui import QAction, QCursor, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QToolBar, QWidget

from studio.geometry.lattice import ROW_HEIGHT
from studio.gui.realm.tools.base import HintLabel
from studio.gui.shell import desktop, icons, prompts
from studio.gui.shell.load_errors import load_error_text
from studio.model.fragment import Fragment

TRANSFORM_ACTIONS = (
    ("half-turn", "Turn &Half a Turn", "Ctrl+R"),
    ("third-turn", "Turn a &Third of a Turn", "Ctrl+Shift+R"),
    ("third-turn-back", "Turn a Third of a Turn &Back", None),
    ("mirror-x", "Mirror &Left–Right", "Ctrl+M"),
    ("mirror-y", "Mirror &Top–Bottom", "Ctrl+Shift+M"),
)
SYMMETRY_ACTIONS = (
    ("half-turn", "&Half a Turn (2 or 4 seats facing)"),
    ("third-turn", "&Thirds of a Turn (3 seats)"),
    ("quarter-turn", "&Quarter Turns (4 seats around)"),
    ("mirror-x", "Mirror &Left–Right"),
    ("mirror-y", "Mirror &Top–Bottom"),
)


class EditorActions(QObject):
    """Actions of ``window`` (a :class:`~studio.gui.realm.main_window.MainWindow`) beyond files and
    view. Create it after the window's scene, view, document and tools exist."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.option_widgets: dict[str, QWidget] = {}
        self.scenario_editors: list = []
        w = window
        self.cut_action = w._action(self.tr("Cu&t"), self.cut, QKeySequence.Cut, None,
                                    "Copy the selected pegs, with their lines and contents, and delete them")
        self.copy_action = w._action(self.tr("&Copy"), self.copy, QKeySequence.Copy, None,
                                     "Copy the selected pegs with their lines, segment contents and line items")
        self.paste_action = w._action(self.tr("&Paste"), self.paste, QKeySequence.Paste, None,
                                      "Paste at the mouse (pegs landing on pegs merge with them)")
        self.duplicate_action = w._action(self.tr("D&uplicate"), self.duplicate, "Ctrl+D", None,
                                          "Copy the selection just to the right of itself")
        self.triangulate_action = w._action(self.tr("Tr&iangulate Selection"), self.triangulate, "Shift+T",
                                            icons.triangulate_icon(),
                                            "Join the selected pegs with lines into triangles (Delaunay)")
        self.transform_actions: dict[str, QAction] = {}
        for kind, text, shortcut in TRANSFORM_ACTIONS:
            self.transform_actions[kind] = w._action(
                text, lambda _=False, k=kind: self.transform(k), shortcut, icons.transform_icon(kind),
                "Move the selected pegs: " + text.replace("&", "").lower() + " about their centre")
        self.symmetry_actions: dict[str, QAction] = {}
        for kind, text in SYMMETRY_ACTIONS:
            self.symmetry_actions[kind] = w._action(
                text, lambda _=False, k=kind: self.symmetric_copy(k), None, None,
                "Copy the selection onto the other seats' parts of the board (about the board's centre)")
        self.scenario_action = w._action(self.tr("Edit &Scenario…"), self.edit_scenario, None,
                                         icons.scenario_icon(), "Edit the rules and boards of this board's scenario")
        self.choose_scenario_action = w._action(self.tr("Check Against Scena&rio…"), self.choose_scenario, None, None,
                                                "Validate this board against the rules of a scenario file")
        window.scene.selectionChanged.connect(self.update_enabled)
        # Paste is enabled only while the clipboard holds pegs (a bound method: Qt drops the
        # connection when this object is deleted)
        QGuiApplication.clipboard().dataChanged.connect(self.update_paste_enabled)
        self.update_enabled()
        self.update_paste_enabled()

    # -- menus and bars ---------------------------------------------------------------------------
    def fill_edit_menu(self, menu: QMenu) -> None:
        """Clipboard, triangulate, transforms and symmetric copies, after the undo actions."""
        menu.addSeparator()
        for a in (self.cut_action, self.copy_action, self.paste_action, self.duplicate_action):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(self.triangulate_action)
        transform = menu.addMenu(self.tr("Trans&form Selection"))
        for a in self.transform_actions.values():
            transform.addAction(a)
        copies = menu.addMenu(self.tr("Copy to &Other Seats"))
        for a in self.symmetry_actions.values():
            copies.addAction(a)
        self.symmetry_menu = copies
        copies.aboutToShow.connect(self.update_enabled)

    def fill_game_menu(self, menu: QMenu) -> None:
        menu.addAction(self.scenario_action)
        menu.addAction(self.choose_scenario_action)

    def build_tool_bars(self, tool_actions: dict[str, QAction]) -> None:
        """The location tools bar and, on its own line, the tool options bar."""
        w = self.window
        bar = QToolBar(self.tr("Location Tools"), w)
        bar.setObjectName("LocationToolsBar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonIconOnly)
        for name, tool in w.tools.items():
            if tool.group == "location":
                bar.addAction(tool_actions[name])
        bar.addSeparator()
        bar.addAction(self.triangulate_action)
        for kind in ("half-turn", "third-turn", "mirror-x"):
            bar.addAction(self.transform_actions[kind])
        w.addToolBar(Qt.TopToolBarArea, bar)
        self.location_bar = bar
        w.addToolBarBreak(Qt.TopToolBarArea)
        options = QToolBar(self.tr("Tool Options"), w)
        options.setObjectName("ToolOptionsBar")
        options.setMovable(False)
        self.options_title = QLabel()
        self.options_title.setStyleSheet("font-weight: bold; padding: 0 10px 0 4px;")
        options.addWidget(self.options_title)
        w.addToolBar(Qt.TopToolBarArea, options)
        self.options_bar = options
        # each tool's options are one tool bar item: in a narrow window they go behind the
        # bar's » button instead of making the window wider (usable down to 800 x 600)
        self.option_actions: dict[str, QAction] = {}
        self.current_options: QWidget | None = None

    def tool_changed(self, name: str) -> None:
        """Show the options of the tool called ``name`` (its hint when it has none)."""
        tool = self.window.tools[name]
        for action in self.option_actions.values():
            action.setVisible(False)
        widget = self.option_widgets.get(name)
        if widget is None:
            widget = tool.create_options(self.window.document)
            if widget is None:
                widget = HintLabel(tool.hint)
                widget.setStyleSheet(desktop.css("color: {muted};"))
                widget.setToolTip(tool.hint)
            self.option_widgets[name] = widget
            self.option_actions[name] = self.options_bar.addWidget(widget)
        self.option_actions[name].setVisible(True)
        self.options_bar.layout().activate()  # lay the bar out now, not on the next event loop pass
        self.current_options = widget
        self.options_title.setText(f"{tool.label}:")

    # -- selection --------------------------------------------------------------------------------
    def selected_pegs(self) -> list[str]:
        """Selected pegs, and the pegs of selected lines and segments."""
        out: list[str] = []
        for e in self.window.scene.selected_elements():
            if e[0] == "peg":
                out.append(e[1])
            elif e[0] in ("line", "segment"):
                out.extend(e[1:])
        pegs = self.window.document.board.pegs
        return [p for p in dict.fromkeys(out) if p in pegs]

    def update_enabled(self) -> None:
        if not shiboken6.isValid(self.window.scene):
            return  # the window is being torn down
        self.window.delete_action.setEnabled(bool(self.window.scene.selected_elements()))
        has = bool(self.selected_pegs())
        for a in (self.cut_action, self.copy_action, self.duplicate_action, self.triangulate_action,
                  *self.transform_actions.values(), *self.symmetry_actions.values()):
            a.setEnabled(has)
        # quarter turns only make sense with four seats around the board
        self.symmetry_actions["quarter-turn"].setVisible(self.window.document.board.players == 4)

    def update_paste_enabled(self) -> None:
        """Edit ▸ Paste can act only when the clipboard holds a fragment with pegs."""
        if not shiboken6.isValid(self.paste_action):
            return
        frag = self.clipboard_fragment()
        self.paste_action.setEnabled(frag is not None and not frag.is_empty())

    def _select_pegs(self, ids) -> None:
        self.window.scene.select_elements([("peg", p) for p in ids])

    # -- clipboard ------------------------------------------------------------------------------
    def copy(self) -> Fragment | None:
        ids = self.selected_pegs()
        if not ids:
            return None
        frag = self.window.document.fragment(ids)
        mime = QMimeData()
        text = frag.to_json()
        mime.setData(Fragment.MIME, text.encode("utf-8"))
        mime.setText(text)
        QGuiApplication.clipboard().setMimeData(mime)
        self.window.show_status(f"Copied {len(frag.pegs)} pegs, {len(frag.lines)} lines")
        return frag

    def cut(self) -> None:
        ids = self.selected_pegs()
        if self.copy() is not None:
            with self.window.document.macro(f"Cut {len(ids)} pegs"):
                self.window.document.delete(pegs=ids)

    def clipboard_fragment(self) -> Fragment | None:
        mime = QGuiApplication.clipboard().mimeData()
        if mime is None:
            return None
        raw = bytes(mime.data(Fragment.MIME)).decode("utf-8") if mime.hasFormat(Fragment.MIME) else mime.text()
        if not raw:
            return None
        try:
            return Fragment.from_json(raw)
        except ValueError:
            return None

    def paste_offset(self, frag: Fragment) -> tuple[float, float]:
        """Where a paste goes: the fragment's centre under the mouse when it is over the
        board, else half a spacing right and one row down from where it was copied."""
        view = self.window.view
        spacing = self.window.document.spacing
        local = view.viewport().mapFromGlobal(QCursor.pos())
        x0, y0, x1, y1 = frag.bounds()
        if view.viewport().rect().contains(local):
            target = view.mapToScene(local)
            return (target.x() - (x0 + x1) / 2, target.y() - (y0 + y1) / 2)
        return (0.5 * spacing, ROW_HEIGHT * spacing)

    def paste(self) -> list[str]:
        frag = self.clipboard_fragment()
        if frag is None or frag.is_empty():
            self.window.show_status("Nothing to paste: copy pegs first")
            return []
        ids = self.window.document.paste(frag, self.paste_offset(frag))
        self._select_pegs(ids)
        self.window.show_status(f"Pasted {len(ids)} pegs (pegs landing on pegs merged with them)")
        return ids

    def duplicate(self) -> list[str]:
        ids = self.window.document.duplicate(self.selected_pegs())
        if ids:
            self._select_pegs(ids)
            self.window.show_status(f"Duplicated {len(ids)} pegs")
        return ids

    # -- geometry -------------------------------------------------------------------------------
    def triangulate(self) -> int:
        ids = self.selected_pegs()
        if len(ids) < 2:
            self.window.show_status("Select at least two pegs to triangulate")
            return 0
        added = self.window.document.triangulate(ids)
        self.window.show_status(f"Triangulate: {len(added)} line{'s' if len(added) != 1 else ''} added"
                                if added else "Triangulate: no line to add (all there, or they would cross lines)")
        return len(added)

    def transform(self, kind: str) -> None:
        ids = self.selected_pegs()
        if ids:
            self.window.document.transform_pegs(ids, kind)
            self.window.scene.flush()

    def symmetric_copy(self, kind: str) -> list[str]:
        ids = self.selected_pegs()
        if not ids:
            return []
        out = self.window.document.symmetric_copy(ids, kind)
        self._select_pegs(ids + out)
        self.window.show_status(f"Copied {len(ids)} pegs onto the other seats' parts of the board")
        return out

    # -- new board, scenario ----------------------------------------------------------------------
    def new_board(self) -> bool:
        """File ▸ New: the New Board wizard; the board opens as a new, unsaved document."""
        w = self.window
        if not w.maybe_save():
            return False
        result = prompts.ask_new_board(w)
        if result is None:
            return False
        board, _scenario_path = result
        w.show_status(f"Opening {board.name}: {len(board.pegs):,} pegs, {len(board.lines):,} lines…")
        QApplication.setOverrideCursor(Qt.WaitCursor)  # a large lattice takes seconds to lay out
        QApplication.processEvents(QEventLoop.ExcludeUserInputEvents)  # show the message and cursor first
        try:
            w.document.reset(board, None)
            w.document.set_scenario_path(None)  # the board names its location itself
            w.document.undo_stack.resetClean()  # the wizard's board exists nowhere else: Close asks
            w.view.fit()
        finally:
            QApplication.restoreOverrideCursor()
        w.show_status(f"Created {board.name}: {len(board.pegs)} pegs, {len(board.lines)} lines")
        return True

    def edit_scenario(self):
        """Open the scenario editor on the scenario whose rules the board plays with (its
        location's, or the one it is checked against; a new scenario for the base rules)."""
        from studio.gui.realm.scenario_editor import open_scenario_editor

        w = self.window
        from studio.gui.realm.location_banner import document_rules

        editor = open_scenario_editor(document_rules(w.document).path, w, current_board=lambda: w.document.path)
        if editor is not None:
            editor.board_open_requested.connect(w.open_file)
            editor.destroyed.connect(lambda *_: self.scenario_editors.remove(editor)
                                     if editor in self.scenario_editors else None)
            self.scenario_editors.append(editor)
        return editor

    def choose_scenario(self) -> bool:
        """Game ▸ Check Against Scenario…: validate the board against the rules of a
        ``realm-scenario/1`` file. A file that does not load as one (binary, a board, a Rivages
        scenario, schema errors) is refused with the loader's message and the board keeps the
        scenario it had. True when the scenario changed."""
        from studio.content import LoadError
        from studio.model.io import InvalidContent, read_scenario

        w = self.window
        start = str(Path(w.document.scenario_path).parent) if w.document.scenario_path else ""
        path = prompts.ask_open_path(w, start, kind="scenario")
        if not path:
            return False
        try:
            scenario = read_scenario(path)
        except (LoadError, InvalidContent, OSError) as exc:
            text, details = load_error_text(exc, expected="Rule the Realm scenario")
            from studio.gui.realm.location_banner import document_rules

            rules = document_rules(w.document)
            keep = (f"The board is still checked with the rules of {rules.name}"
                    + (f" ({Path(rules.path).name})." if rules.path else "."))
            prompts.show_error(w, self.tr("Cannot check against scenario"),
                               self.tr("Could not use {name} as a scenario.\n\n{text}\n\n{keep}").format(name=Path(path).name, text=text, keep=keep), details)
            return False
        w.document.set_scenario_path(path)
        w.show_status(f"Checking against {scenario.name} ({Path(path).name})")
        return True
