"""The scenario editor window: a form for a ``realm-scenario/1`` file generated from its JSON
Schema (the field widgets: :mod:`studio.gui.realm.scenario_fields`), with the scenario's
findings below it, on a :class:`~studio.gui.realm.scenario_document.ScenarioDocument` (its data,
path and undo stack; every edit undoable, successive edits of one field merged)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from studio.content import LoadError
from studio.content.findings import Finding, json_path_text
from studio.gui.realm.scenario_document import ScenarioDocument, rules_defaults
from studio.gui.realm.scenario_fields import (
    BoardsEditor,
    BoolEditor,
    FieldEditor,
    ObjectEditor,
    key_label,
    load_schema,
    make_editor,
)
from studio.gui.shell import desktop, icons, prompts, wheel_guard
from studio.gui.shell.document_window import DocumentFiles
from studio.gui.shell.files.restore import quit_studio
from studio.gui.shell.menu_text import undo_redo_actions
from studio.gui.shell.undo_keys import install_document_undo
from studio.model import io
from studio.model.scenario_labels import MODULE_TITLES
from studio.model.value_paths import MISSING

BASIC_RULES = ("bands", "start", "connect", "closures", "cards", "end", "bands_per_player", "energy_payment")
"""Rules shown first; the others go under "Advanced"."""


# --- the window --------------------------------------------------------------------------------

class ScenarioEditor(QMainWindow):
    """The scenario editor window on one :class:`ScenarioDocument`.

    ``current_board()`` (optional) gives the path of the board open in the board editor;
    ``board_open_requested(path)`` asks the board editor to open a board."""

    board_open_requested = Signal(str)

    def __init__(self, document: ScenarioDocument | None = None, current_board=None, parent=None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        install_document_undo(self)  # Ctrl+Z undoes the scenario even from the Name field or a spin box
        self.setWindowIcon(icons.scenario_icon())
        self.setStyleSheet("QGroupBox { font-weight: bold; } QGroupBox QWidget { font-weight: normal; }")
        self.schema = load_schema()
        self.current_board = current_board
        self.document = document if document is not None else ScenarioDocument()
        from studio.gui.shell.files.restore import WindowRecovery

        self.recovery = WindowRecovery(self, self.document, self.restore_autosave)  # autosave, recovery
        self.editors: list[FieldEditor] = []
        self._build_actions()
        self._build_form()
        self._findings_timer = QTimer(self)
        self._findings_timer.setSingleShot(True)
        self._findings_timer.setInterval(250)
        self._findings_timer.timeout.connect(self.refresh_findings)
        from studio.gui.shell.files.disk_guard import DiskGuard

        # another program's change to the file: reload or keep mine; a save over it asks first
        self.disk = DiskGuard(self, lambda: self.document, self.open_path)
        self.doc_files = ScenarioFiles(self, disk=self.disk, load=self.open_path)  # open, save, close
        self.disk.follow(self.document.path)
        self._connect_document()
        self.resize(900, 860)
        desktop.install(self, "scenario-editor")  # layout memory, drops, F1

    # -- building -------------------------------------------------------------------------------
    def _build_actions(self) -> None:
        std = self.style().standardIcon
        self.new_action = QAction(std(QStyle.SP_FileIcon), self.tr("&New Scenario"), self)
        self.new_action.setShortcut(QKeySequence.New)
        self.new_action.triggered.connect(self.new_scenario)
        self.open_action = QAction(std(QStyle.SP_DialogOpenButton), self.tr("&Open…"), self)
        self.open_action.setShortcut(QKeySequence.Open)
        self.open_action.triggered.connect(self.open_dialog)
        self.save_action = QAction(std(QStyle.SP_DialogSaveButton), self.tr("&Save"), self)
        self.save_action.setShortcut(QKeySequence.Save)
        self.save_action.triggered.connect(self.save)
        self.save_as_action = QAction(self.tr("Save &As…"), self)
        self.save_as_action.setShortcut(QKeySequence.SaveAs)
        self.save_as_action.triggered.connect(self.save_as)
        self.close_action = QAction(self.tr("&Close"), self)
        self.close_action.setShortcut(QKeySequence.Close)
        self.close_action.triggered.connect(self.close)
        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.QuitRole)
        self.quit_action.setStatusTip(self.tr("Quit Board Studio: close every window, asking about unsaved work"))
        self.quit_action.triggered.connect(lambda: quit_studio(self))
        # File, as in every editor window
        menu = self.menuBar().addMenu(self.tr("&File"))
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(self.recovery.recover_action)
        menu.addSeparator()
        menu.addAction(self.close_action)
        menu.addAction(self.quit_action)
        self.edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        bar = QToolBar(self.tr("Scenario"), self)
        bar.setObjectName("ScenarioBar")
        bar.setMovable(False)
        for a in (self.new_action, self.open_action, self.save_action):
            bar.addAction(a)
        bar.addSeparator()
        self.tool_bar = bar
        self.addToolBar(bar)

    def _undo_actions(self) -> None:
        self.edit_menu.clear()
        stack = self.document.undo_stack
        self.undo_action, self.redo_action = undo_redo_actions(stack, self)
        self.undo_action.setShortcut(QKeySequence.Undo)
        self.undo_action.setIcon(icons.undo_icon(False))
        self.redo_action.setShortcuts([QKeySequence(QKeySequence.Redo), QKeySequence("Ctrl+Y")])
        self.redo_action.setIcon(icons.undo_icon(True))
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        for a in self.tool_bar.actions()[4:]:
            self.tool_bar.removeAction(a)
        self.tool_bar.addAction(self.undo_action)
        self.tool_bar.addAction(self.redo_action)

    def _build_form(self) -> None:
        doc = self.document
        props = self.schema["properties"]
        rules_schema = self.schema["$defs"]["rules"]
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(12, 10, 12, 10)
        header = QGroupBox(self.tr("Scenario"))
        form = QFormLayout(header)
        self.editors = []

        def add(form_layout, key, schema, required, default=MISSING, path=None, label=None):
            editor = make_editor(doc, path or (key,), schema, required, default, key)
            self.editors.append(editor)
            if isinstance(editor, BoolEditor):
                form_layout.addRow("", editor)
            else:
                form_layout.addRow(label or key_label(key), editor)
            return editor

        for key in ("name", "id", "location", "description"):
            add(form, key, props[key], key in self.schema.get("required", []))
        layout.addWidget(header)

        boards_box = QGroupBox(self.tr("Boards (one per player count, RTR-S6)"))
        boards_layout = QVBoxLayout(boards_box)
        self.boards_editor = BoardsEditor(doc, ("boards",), props["boards"], True, MISSING, self.current_board)
        self.boards_editor.open_requested.connect(self.board_open_requested)
        boards_layout.addWidget(self.boards_editor)
        self.editors.append(self.boards_editor)
        layout.addWidget(boards_box)

        defaults = rules_defaults()
        rules_box = QGroupBox(self.tr("Rules"))
        rules_form = QFormLayout(rules_box)
        rules_form.setLabelAlignment(Qt.AlignRight | Qt.AlignVCenter)
        rprops = rules_schema["properties"]
        for key in BASIC_RULES:
            add(rules_form, key, rprops[key], False, defaults.get(key, MISSING), ("rules", key))
        layout.addWidget(rules_box)

        modules_box = QGroupBox(self.tr("Location modules"))
        modules_layout = QVBoxLayout(modules_box)
        mprops = rprops["modules"]["properties"]
        for name, schema in mprops.items():
            editor = ObjectEditor(doc, ("rules", "modules", name), schema, False, MISSING,
                                  MODULE_TITLES.get(name, key_label(name)), checkable=True)
            self.editors.append(editor)
            modules_layout.addWidget(editor)
        layout.addWidget(modules_box)

        advanced = QGroupBox(self.tr("Advanced rules (the rulebook's defaults unless set)"))
        self.advanced_box = advanced
        advanced.setCheckable(True)
        advanced.setChecked(False)
        adv_form = QFormLayout()
        adv_body = QWidget()
        adv_body.setLayout(adv_form)
        adv_layout = QVBoxLayout(advanced)
        adv_layout.addWidget(adv_body)
        adv_body.setVisible(False)
        advanced.toggled.connect(adv_body.setVisible)
        for key in rprops:
            if key in BASIC_RULES or key == "modules":
                continue
            add(adv_form, key, rprops[key], False, defaults.get(key, MISSING), ("rules", key))
        layout.addWidget(advanced)
        layout.addStretch(1)

        scroll = QScrollArea()
        self.scroll = scroll
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.NoFrame)
        scroll.setWidget(body)
        self.findings_label = QLabel()
        self.findings_list = QListWidget()
        self.findings_list.setAccessibleName(self.tr("Findings"))
        self.findings_list.setMaximumHeight(120)
        self.findings_list.itemActivated.connect(self._finding_activated)
        self.findings_list.itemClicked.connect(self._finding_activated)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(8, 4, 8, 4)
        bl.addWidget(self.findings_label)
        bl.addWidget(self.findings_list)
        split = QSplitter(Qt.Vertical)
        split.addWidget(scroll)
        split.addWidget(bottom)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        self.setCentralWidget(split)

    def all_editors(self) -> list[FieldEditor]:
        out = []
        todo = list(self.editors)
        while todo:
            e = todo.pop(0)
            out.append(e)
            todo.extend(e.children_editors())
        return out

    def editor_for(self, path) -> FieldEditor:
        """The field editor of ``path`` (a key tuple). Raises KeyError."""
        for e in self.all_editors():
            if e.path == tuple(path):
                return e
        raise KeyError(path)

    def editor_at(self, json_path) -> FieldEditor | None:
        """The field editor closest to ``json_path`` (the longest path that is a prefix of it)."""
        json_path = tuple(json_path)
        best = None
        for e in self.all_editors():
            if json_path[:len(e.path)] == e.path and (best is None or len(e.path) > len(best.path)):
                best = e
        return best

    def field_label(self, json_path) -> str:
        """The form's name for the value at ``json_path``: ``Boards``, ``Rules ▸ End``,
        ``Location modules ▸ Volcano escape ▸ Rounds``."""
        json_path = tuple(json_path)
        if not json_path:
            return "Scenario"
        head = json_path[0]
        if head != "rules":
            return " ▸ ".join([key_label(str(head))] + [key_label(str(k)) for k in json_path[1:]])
        rest = json_path[1:]
        if not rest:
            return "Rules"
        if rest[0] == "modules":
            parts = ["Location modules"]
            if len(rest) > 1:
                parts.append(MODULE_TITLES.get(rest[1], key_label(str(rest[1]))))
            return " ▸ ".join(parts + [key_label(str(k)) for k in rest[2:]])
        group = "Rules" if rest[0] in BASIC_RULES else "Advanced rules"
        return " ▸ ".join([group] + [key_label(str(k)) for k in rest])

    def form_order(self, findings: list[Finding]) -> list[Finding]:
        """``findings`` in the order of their fields down the form (others last, as they were)."""
        def position(f: Finding) -> int:
            if not (f.element and f.element[0] == "field"):
                return len(self.editors)
            path = tuple(f.element[1])
            return next((i for i, e in enumerate(self.editors) if path[:len(e.path)] == e.path), len(self.editors))
        return sorted(findings, key=position)

    def finding_text(self, f: Finding) -> str:
        """A finding as the form shows it: the field's label first (instead of the data path
        the file's message starts with), or the file and line:col for others (no line:col once
        the form was edited away from the file's text)."""
        if f.element and f.element[0] == "field":
            field = tuple(f.element[1])
            message = f.message
            if field == ("boards",) and f.code == "schema/length":
                message = "choose a board for at least one player count"
            elif message.startswith(f"'{json_path_text(field)}' "):
                message = message[len(json_path_text(field)) + 3:]
            return f"{self.field_label(field)}: {message}"
        where = Path(f.path).name if f.path else ""
        if where and f.line is not None:  # the place as `studio validate` gives it
            where += f":{f.line}:{f.col or 1}"
        return f"{where}: {f.code}: {f.message}" if where else f"{f.code}: {f.message}"

    def show_field(self, json_path) -> FieldEditor | None:
        """Bring the field editing ``json_path`` into view and give it the focus (opening the
        Advanced group or the location module it is in). None when no field edits it."""
        editor = self.editor_at(json_path)
        if editor is None:
            return None
        if tuple(json_path[:1]) == ("rules",) and len(json_path) > 1 and json_path[1] not in BASIC_RULES \
                and json_path[1] != "modules":
            self.advanced_box.setChecked(True)
        self.scroll.ensureWidgetVisible(editor, 20, 40)
        focus = next((w for w in editor.findChildren(QWidget) if w.focusPolicy() & Qt.TabFocus), editor)
        focus.setFocus(Qt.OtherFocusReason)
        return editor

    def _highlight(self, findings: list[Finding]) -> None:
        """Mark the label of every field with a schema error in red, with the problem as its
        tool tip (cleared when it is fixed)."""
        problems: dict[int, list[str]] = {}
        editors = {}
        for f in findings:
            if f.element and f.element[0] == "field":
                editor = self.editor_at(f.element[1])
                if editor is not None:
                    editors[id(editor)] = editor
                    problems.setdefault(id(editor), []).append(self.finding_text(f))
        for e in self.all_editors():
            text = "\n".join(problems.get(id(e), []))
            if (e.property("problem") or "") == text:
                continue
            e.setProperty("problem", text)
            label = self._label_of(e)
            if isinstance(label, QGroupBox):
                label.setStyleSheet(desktop.css("QGroupBox {{ color: {error}; }} QGroupBox QWidget {{ color: palette(text); }}")
                                    if text else "")
            elif isinstance(label, QLabel) and label.text():
                label.setStyleSheet(desktop.css("color: {error}; font-weight: bold;") if text else "")
            else:
                e.setStyleSheet(desktop.css("color: {error};") if text else "")
            (label or e).setToolTip(text or (e.schema.get("description", "") if label is None else ""))

    def _label_of(self, editor: FieldEditor) -> QWidget | None:
        """The form label naming ``editor``, or the group box it fills; None for neither."""
        parent = editor.parentWidget()
        layout = parent.layout() if parent is not None else None
        if isinstance(layout, QFormLayout):
            return layout.labelForField(editor)
        while parent is not None and not isinstance(parent, QGroupBox):
            if isinstance(parent.layout(), QFormLayout) or isinstance(parent, FieldEditor):
                return None
            parent = parent.parentWidget()
        return parent

    def _finding_activated(self, item: QListWidgetItem) -> None:
        element = item.data(Qt.UserRole)
        if element and element[0] == "field":
            self.show_field(element[1])

    # -- document -----------------------------------------------------------------------------
    def _connect_document(self) -> None:
        doc = self.document
        for e in self.all_editors():
            e.doc = doc
        doc.changed.connect(self._changed)
        doc.undo_stack.cleanChanged.connect(lambda _c: self._update_title())
        self._undo_actions()
        self.refresh()

    def set_document(self, document: ScenarioDocument) -> None:
        old = self.document
        old.changed.disconnect(self._changed)
        self.document = document
        self.recovery.follow(document)
        self._connect_document()
        self.disk.follow(document.path)
        old.deleteLater()

    def _changed(self, _path) -> None:
        self.refresh()

    def refresh(self) -> None:
        for e in self.all_editors():
            e.refresh()
        self._update_title()
        self._findings_timer.start()

    def refresh_findings(self) -> list[Finding]:
        findings = self.form_order(self.document.findings())
        self.findings_list.clear()
        style = self.style()
        icons_by = {"error": QStyle.SP_MessageBoxCritical, "warning": QStyle.SP_MessageBoxWarning}
        for f in findings:
            item = QListWidgetItem(style.standardIcon(icons_by.get(f.severity, QStyle.SP_MessageBoxInformation)),
                                   self.finding_text(f))
            item.setData(Qt.UserRole, f.element)
            item.setToolTip(f"{f.code}: {f.message}")
            self.findings_list.addItem(item)
        self._highlight(findings)
        errors = sum(1 for f in findings if f.severity == "error")
        if findings:
            self.findings_label.setText(f"<b>{len(findings)} finding{'s' if len(findings) != 1 else ''}</b>"
                                        f" ({errors} error{'s' if errors != 1 else ''})")
        else:
            self.findings_label.setText(self.tr("<span style='color:{colour}'>✔ <b>No problems found</b></span>").format(colour=desktop.colour('ok')))
        return findings

    def _update_title(self) -> None:
        self.doc_files.update_title()

    # -- files --------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        return self.doc_files.maybe_save()

    def restore_autosave(self, data: dict, original_path: str | None) -> bool:
        """Show a restored autosave (:mod:`studio.gui.shell.files.restore`): the scenario ``data`` as
        a modified document whose path is ``original_path``. False when the user keeps the
        open work."""
        if not self.maybe_save():
            return False
        self.set_document(ScenarioDocument(data, original_path, self))
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        return True

    def new_scenario(self) -> None:
        if self.maybe_save():
            self.set_document(ScenarioDocument(parent=self))

    def open_dialog(self) -> bool:
        return self.doc_files.open_dialog()

    def open_dropped_file(self, path) -> bool:
        """A dropped scenario opens here (after asking about unsaved work); another kind in its window."""
        return self.doc_files.open(path)

    def open_path(self, path: str) -> bool:
        try:
            doc = ScenarioDocument.open(path, self)
        except (LoadError, io.InvalidContent, OSError) as exc:
            self.doc_files.show_load_error(exc, path)
            return False
        self.set_document(doc)
        return True

    def save(self) -> bool:
        return self.doc_files.save()

    def save_as(self) -> bool:
        return self.doc_files.save_as()

    def _write(self, path: str) -> bool:
        return self.doc_files.write(path)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.doc_files.close_event(event)


class ScenarioFiles(DocumentFiles):
    """Open, save and close of the scenario editor (:class:`DocumentFiles`): a save the schema
    refuses names the form's fields and shows the first; a scenario saved out of its boards'
    reach is said."""

    kind = "scenario"
    own_formats = ("realm-scenario/1",)

    def preread(self, path: str) -> None:
        io.read_scenario(path)

    save_title = "Cannot save scenario"
    open_title = "Cannot open scenario"
    ask_before_choosing = True
    checked_suffixes = (".yaml", ".yml", ".json")

    def title(self) -> str:
        name = Path(self.document.path).name if self.document.path else "new scenario"
        return self.tr("{name}[*] — Scenario Editor").format(name=name)

    def unsaved_name(self) -> str:
        return Path(self.document.path).name if self.document.path else "The new scenario"

    def untitled_name(self) -> str:
        return f"{self.document.value(('id',), 'scenario')}.yaml"

    def save_failed(self, exc, path) -> bool:
        if not isinstance(exc, io.InvalidContent):
            return super().save_failed(exc, path)
        # name the form fields, not "<memory>", and take the user to the first one
        w = self.window
        w.refresh_findings()
        bad = w.form_order(exc.findings)
        n = len(bad)
        lines = [f"• {w.finding_text(f)}" for f in bad]
        shown = "\n".join(lines[:8]) + (f"\n… and {n - 8} more" if n > 8 else "")
        first = next((f.element[1] for f in bad if f.element and f.element[0] == "field"), None)
        if first is not None:
            w.show_field(first)
        prompts.show_error(w, self.tr("Cannot save scenario"),
                           f"Could not save {Path(path).name}: {n} field{'s' if n != 1 else ''} "
                           f"need{'s' if n == 1 else ''} fixing (marked in red):\n\n{shown}",
                           "\n".join(lines))
        return False

    def saved(self, path) -> None:
        super().saved(path)
        lost = self.document.unreachable_boards()
        if lost:
            prompts.show_info(self.window, self.tr("Boards out of reach"),
                              f"Saved {Path(path).name}, but from its folder it cannot use:\n\n"
                              + "\n".join(f"• {n} players: {why}" for n, why in lost)
                              + "\n\nSave the scenario in the folder tree of its boards, or copy the "
                                "boards next to it.")


def open_scenario_editor(path: str | None, parent=None, current_board=None) -> ScenarioEditor | None:
    """Show a scenario editor on ``path`` (a new scenario when None); None when the file does
    not open (the error was shown)."""
    editor = ScenarioEditor(current_board=current_board, parent=parent)
    editor.setAttribute(Qt.WA_DeleteOnClose, True)
    editor.setWindowFlag(Qt.Window, True)
    if path is not None and not editor.open_path(path):
        editor.close()
        return None
    editor.show()
    return editor
