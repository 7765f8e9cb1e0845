"""The frame shared by the tree and card editors: a main window on one
:class:`~studio.gui.rivages.content_document.ContentDocument` with File (New, Open, Open Recent, Save, Save As,
Export as PDF/SVG/PNG on A4 or Letter, Close), Edit (Undo, Redo) menus, the Validation dock, the
unsaved-changes prompt and a title that shows unsaved edits (``[*]``), also after undoing back
to the saved state.

A subclass sets :attr:`MODEL_TYPES` (the formats it opens), :attr:`APP_TITLE`, and implements
:meth:`new_model`, :meth:`document_replaced` (rebind its views), :meth:`export_pages` (what
File ▸ Export prints) and :meth:`select_element` (a finding was clicked). Every dialog goes
through :mod:`studio.gui.shell.prompts`, so tests patch them all."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow

from studio.content import LoadError, bundled_path
from studio.gui.realm.docks.findings import FindingsDock
from studio.gui.rivages.content_document import ContentDocument, refused_by_the_place, save_error_text
from studio.gui.shell import desktop, prompts, wheel_guard
from studio.gui.shell.document_window import DocumentFiles, is_bundled
from studio.gui.shell.files.disk_guard import DiskGuard
from studio.gui.shell.files.recent import RecentFilesMixin
from studio.gui.shell.files.restore import WindowRecovery, quit_studio
from studio.gui.shell.load_errors import file_format, load_error_text
from studio.gui.shell.menu_text import literal
from studio.gui.shell.undo_keys import install_document_undo
from studio.model.io import InvalidContent
from studio.render.export import FORMATS, ExportError

MAX_RECENT = 10


class ContentFiles(DocumentFiles):
    """Open, save and close of a tree, card or loot editor (:class:`DocumentFiles`)."""

    # what the boxes call the window's files, by prompts.FILE_KINDS key (load_errors.TITLE_NOUNS)
    NOUNS = {"tree": "Tree of Wisdom", "cards": "card set", "loot": "loot file",
             "cards-or-loot": "card set or loot file"}

    def preread(self, path: str) -> None:
        ContentDocument.read_for_open(path, self.window.MODEL_TYPES)

    @property
    def open_title(self) -> str:
        """For a file that says nothing of its kind: what this window opens."""
        return f"Cannot open {self.NOUNS[self.file_kind(opening=True)]}"

    @property
    def save_title(self) -> str:
        return f"Cannot save {self.NOUNS[self.file_kind()]}"

    def __init__(self, window, **kwargs) -> None:
        super().__init__(window, **kwargs)
        self.own_formats = tuple(t.FORMAT for t in window.MODEL_TYPES)

    def title(self) -> str:
        return self.document.window_title(self.window.APP_TITLE)

    def file_kind(self, opening: bool = False) -> str:
        return self.window.file_kind(opening)

    def untitled_name(self) -> str:
        return f"{getattr(self.document.model, 'id', 'untitled')}.yaml"

    def start_folder(self) -> str:
        return str(bundled_path(*self.window.BUNDLED_FOLDER))

    def save_error(self, exc, path):
        text, details = save_error_text(exc)
        # show what the refusal is about (a schema finding names its tree node, card...)
        element = next((f.element for f in getattr(exc, "findings", ()) if f.element), None)
        if element:
            self.window.select_element(tuple(element))
        return self.tr("{name} was not saved: {text}").format(name=Path(path).name, text=text), details, refused_by_the_place(exc)


class ContentWindow(RecentFilesMixin, QMainWindow):
    """Base window; ``document`` is the open :class:`ContentDocument`."""

    MODEL_TYPES: tuple[type, ...] = ()
    APP_TITLE = "Content Editor"
    BUNDLED_FOLDER: tuple[str, ...] = ("boards", "rivages")
    RECENT_KEY = ""  # QSettings key of File ▸ Open Recent ("" : CLASSNAMERecentFiles)
    DESKTOP_KIND = ""  # the window kind of studio.gui.shell.desktop (layout memory, F1 page)
    layout_restored = False  # a saved dock layout was restored (then default dock sizes are not set)

    def __init__(self, document: ContentDocument | None = None, settings: QSettings | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        wheel_guard.install()  # the wheel never edits an unfocused field
        self.settings = settings
        self.paper = "a4"
        self.document = document if document is not None else self._make_document(self.new_model(), None)
        self.recovery = WindowRecovery(self, self.document, self.restore_autosave)  # autosave, File ▸ Recover
        self.findings_dock = FindingsDock(self.document, self)
        self.findings_dock.element_activated.connect(self.select_element)
        self.addDockWidget(Qt.BottomDockWidgetArea, self.findings_dock)
        self.disk = DiskGuard(self, lambda: self.document, self._reload_from_disk)
        self.doc_files = ContentFiles(self, disk=self.disk, say=lambda text: self.statusBar().showMessage(text, 4000))
        self._build_file_menu()
        self._build_edit_menu()
        self._watch(self.document)
        install_document_undo(self)  # Ctrl+Z undoes the document even from a field

    # -- subclass hooks -----------------------------------------------------------------------
    def file_kind(self, opening: bool = False) -> str:
        """The kind of file the file dialogs name (a key of ``prompts.FILE_KINDS``): the open
        document's (tree, cards or loot), or, when ``opening``, any kind this window edits."""
        kinds = {"rivages-tree/1": "tree", "rivages-cards/1": "cards", "rivages-loot/1": "loot"}
        if opening:
            found = [kinds.get(t.FORMAT) for t in self.MODEL_TYPES]
            return found[0] if len(found) == 1 else "cards-or-loot"
        return kinds.get(getattr(self.document.model, "FORMAT", ""), "cards-or-loot")

    def new_model(self):
        raise NotImplementedError

    def document_replaced(self) -> None:
        """The window now shows another document (New, Open)."""

    def export_pages(self):
        """(Pages, summary text) of what File ▸ Export writes. Raises ExportError."""
        raise ExportError("nothing to export")

    def ask_export_options(self) -> bool:
        """Before File ▸ Export asks for the file: the window's print options, if it has any
        (card sheets: bleed, backs, duplex edge). False when cancelled."""
        return True

    def select_element(self, element) -> None:
        """Select and show the element a finding is about."""

    def scenario_for_path(self, path: str | None):
        if not path:
            return None
        from studio.validate.rivages import scenario_for

        try:
            return scenario_for(path)
        except OSError:
            return None

    # -- documents ----------------------------------------------------------------------------
    def _make_document(self, model, path) -> ContentDocument:
        return ContentDocument(model, path, scenario=self.scenario_for_path(path), parent=self)

    def _watch(self, doc: ContentDocument) -> None:
        doc.undo_stack.cleanChanged.connect(self.update_title)
        doc.file_changed.connect(self.update_title)
        doc.file_changed.connect(self.disk.follow)
        self.disk.follow(doc.path)
        self.undo_action_target(doc)
        self.update_title()

    def set_document(self, doc: ContentDocument) -> None:
        old = self.document
        self.document = doc
        self.recovery.follow(doc)
        self.findings_dock.set_document(doc)
        self._watch(doc)
        self.document_replaced()
        if old is not None and old is not doc:
            old.undo_stack.clear()   # commands hold the document: drop them before it goes
            old.deleteLater()

    def update_title(self, *_args) -> None:
        self.doc_files.update_title()

    def load_path(self, path: str | Path, interactive: bool = True) -> bool:
        """Open ``path`` in this window. Errors: a message box when ``interactive``, else the
        exception (LoadError, InvalidContent, OSError) is raised."""
        try:
            doc = ContentDocument.open_leniently(path, self.MODEL_TYPES, scenario=self.scenario_for_path(str(path)),
                                                 parent=self)
        except (LoadError, InvalidContent, OSError) as exc:
            self._start_new_like(path)
            if not interactive:
                raise
            self.doc_files.show_load_error(exc, path)
            return False
        self.set_document(doc)
        self._add_recent(str(path))
        problems = doc.open_problems
        if problems is not None:
            self.findings_dock.show()
            self.findings_dock.raise_()
            self.statusBar().showMessage(problems.summary(), 15000)
        return True

    def restore_autosave(self, model, original_path: str | None) -> bool:
        """Show a restored autosave (:mod:`studio.gui.shell.files.restore`): ``model`` as a modified
        document whose path is ``original_path``. False when the user keeps the open work."""
        if not self.maybe_save():
            return False
        self.set_document(self._make_document(model, original_path))
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        return True

    def new_model_for(self, fmt: str):
        """A new model of format ``fmt`` (None: this window's default new model is as good)."""
        return None

    def _start_new_like(self, path) -> None:
        """A file that did not open leaves an untouched new document of the wrong kind (a
        card set for a broken loot file): start a new one of the file's kind instead."""
        if self.document.path is not None or self.document.is_modified:
            return
        model = self.new_model_for(file_format(path))
        if model is not None and type(model) is not type(self.document.model):
            self.set_document(self._make_document(model, None))

    # -- menus --------------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_file_menu(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&File"))
        self.new_action = self._action(self.tr("&New"), self.new_file, QKeySequence.New, "Start a new file")
        self.open_action = self._action(self.tr("&Open…"), self.open_file, QKeySequence.Open, "Open a file")
        self.save_action = self._action(self.tr("&Save"), self.save, QKeySequence.Save, "Save the file")
        self.save_as_action = self._action(self.tr("Save &As…"), self.save_as, QKeySequence.SaveAs, "Save under another name")
        for a in (self.new_action, self.open_action):
            menu.addAction(a)
        self.recent = self.doc_files.make_recent(self._recent_key(), MAX_RECENT)
        self.recent_menu = self.recent.menu
        menu.addMenu(self.recent_menu)
        menu.addSeparator()
        menu.addAction(self.save_action)
        menu.addAction(self.save_as_action)
        menu.addSeparator()
        export = menu.addMenu(self.tr("&Export"))
        self.export_actions = {}
        for fmt in FORMATS[::-1]:
            a = self._action(self.tr("Export as {upper}…").format(upper=fmt.upper()), lambda _=False, f=fmt: self.export(f),
                             "Ctrl+E" if fmt == "pdf" else None, f"Print-and-play sheets as {fmt.upper()}, at true size")
            export.addAction(a)
            self.export_actions[fmt] = a
        export.addSeparator()
        group = QActionGroup(self)
        self.paper_actions = {}
        for paper, label in (("a4", "Paper: A4"), ("letter", "Paper: Letter")):
            a = QAction(label, self, checkable=True)
            a.setChecked(paper == self.paper)
            a.triggered.connect(lambda _=False, p=paper: setattr(self, "paper", p))
            group.addAction(a)
            export.addAction(a)
            self.paper_actions[paper] = a
        menu.addSeparator()
        menu.addAction(self.recovery.recover_action)
        menu.addSeparator()
        self.close_action = self._action(self.tr("&Close"), self.close, QKeySequence.Close, "Close this window")
        menu.addAction(self.close_action)
        self.quit_action = self._action(self.tr("&Quit"), lambda: quit_studio(self), "Ctrl+Q",
                                        "Quit Board Studio: close every window, asking about unsaved work")
        self.quit_action.setMenuRole(QAction.QuitRole)
        menu.addAction(self.quit_action)
        self.file_menu = menu

    def _build_edit_menu(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.undo_action = self._action(self.tr("&Undo"), lambda: self.document.undo_stack.undo(), QKeySequence.Undo)
        self.redo_action = self._action(self.tr("&Redo"), lambda: self.document.undo_stack.redo(), QKeySequence.Redo)
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        self.edit_menu = menu

    def undo_action_target(self, doc: ContentDocument) -> None:
        """Keep Undo/Redo texts and enabled states on ``doc``'s stack (bound slots: Qt drops
        them with the window, so a dying stack never calls into a dead one)."""
        doc.undo_stack.indexChanged.connect(self._refresh_undo_actions)
        doc.undo_stack.cleanChanged.connect(self._refresh_undo_actions)
        self._refresh_undo_actions()

    def _refresh_undo_actions(self, *_args) -> None:
        try:
            stack = self.document.undo_stack
            self.undo_action.setEnabled(stack.canUndo())
            self.redo_action.setEnabled(stack.canRedo())
            self.undo_action.setText(f"&Undo {literal(stack.undoText())}".rstrip())
            self.redo_action.setText(f"&Redo {literal(stack.redoText())}".rstrip())
        except RuntimeError:   # the window is being torn down
            pass

    # -- file actions -------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when the window may drop its document (saved, discarded or unchanged)."""
        return self.doc_files.maybe_save()

    def new_file(self) -> None:
        if self.maybe_save():
            self.set_document(self._make_document(self.new_model(), None))

    def open_file(self) -> bool:
        """File ▸ Open: this window's kinds here, another kind in its own window."""
        return self.doc_files.open_dialog()

    def save(self) -> bool:
        return self.doc_files.save()

    def save_as(self) -> bool:
        return self.doc_files.save_as()

    def _reload_from_disk(self, path: str) -> bool:
        """File changed on disk ▸ Reload: open it again; a file that no longer loads leaves
        the editor's version in place, with a message saying why."""
        try:
            doc = ContentDocument.open(path, None, scenario=self.scenario_for_path(str(path)), parent=self)
        except (LoadError, InvalidContent, OSError) as exc:
            text, details = load_error_text(exc)
            prompts.show_error(self, self.tr(f"Cannot reload {ContentFiles.NOUNS[self.file_kind()]}"),
                               self.tr("{name} changed on disk but does not load; your version stays.\n\n{text}").format(name=Path(path).name, text=text),
                               details)
            return False
        self.set_document(doc)
        self.statusBar().showMessage(self.tr("Reloaded {name} from disk").format(name=Path(path).name), 4000)
        return True

    def _save_to(self, path: str) -> bool:
        return self.doc_files.write(path)

    def install_desktop(self) -> None:
        """Apply the desktop conventions (layout memory, drops, F1); subclasses call it last
        in ``__init__``, once their docks and tool bars exist."""
        self.layout_restored = desktop.install(self, self.DESKTOP_KIND, self.settings)

    def open_dropped_file(self, path) -> bool:
        """A dropped file opens as by File ▸ Open: this window's kinds here, others in theirs."""
        return self.doc_files.open(path)

    # -- recent (QSettings, as the island editor; one list per window kind) -------------------
    def _recent_key(self) -> str:
        return self.RECENT_KEY or f"{type(self).__name__}RecentFiles"

    def export(self, fmt: str) -> list[Path]:
        """File ▸ Export as FMT: ask for a file, write every page; returns the files written."""
        from studio.render.pages import write_pages

        if not self.ask_export_options():
            return []
        try:
            pages, summary = self.export_pages()
        except ExportError as exc:
            prompts.show_error(self, self.tr("Nothing to export"), str(exc))
            return []
        base = Path(self.document.path).with_suffix(f".{fmt}") if self.document.path else Path(
            f"{getattr(self.document.model, 'id', 'export')}.{fmt}")
        if self.document.path and is_bundled(self.document.path):
            base = Path.home() / base.name
        path = prompts.ask_export_file(self, str(base), fmt, kind=self.file_kind())
        if not path:
            return []
        target = Path(path)
        if target.suffix.lower().lstrip(".") != fmt:
            target = target.with_name(target.name + f".{fmt}")
        try:
            written = write_pages(pages, target, fmt, 300.0)
        except (ExportError, OSError) as exc:
            prompts.show_error(self, self.tr("Export failed"), str(exc))
            return []
        self.statusBar().showMessage(self.tr("Exported {summary} to {join}").format(summary=summary, join=', '.join(p.name for p in written)), 6000)
        return written

    def showEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if not getattr(self, "_shown_once", False):   # docks and views have their real sizes only now
            self._shown_once = True
            if not self.layout_restored:
                self.resizeDocks([self.findings_dock], [150], Qt.Vertical)
            self.first_shown()

    def first_shown(self) -> None:
        """Called once, when the window is first shown."""

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.doc_files.close_event(event)

