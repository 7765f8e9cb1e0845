"""The editor window's file services: File ▸ Export… and File ▸ Print… (print-and-play at
true size), the watch on the open file, autosave, and the restore offer after a crash.

:class:`FileServices` takes its window (a :class:`~studio.gui.main_window.MainWindow`: its
``document``, ``settings``, ``view``, ``show_status`` and ``maybe_save``) and observes the
document's ``changed`` signal; every dialog goes through :mod:`studio.gui.prompts`."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from pathlib import Path

from PySide6.QtCore import QMarginsF, QObject, QSizeF, Qt
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize
from PySide6.QtWidgets import QApplication

from studio.content import LoadError
from studio.gui import prompts
from studio.gui.document import ChangeKind
from studio.gui.files.export_dialog import with_path_suffix
from studio.gui.files.recovery import Autosaver, RecoveryEntry, RecoveryStore, restore_offer_enabled
from studio.gui.files.watcher import DiskWatcher
from studio.model.io import InvalidContent, read_board
from studio.render import export

SETTINGS_KEY = "export/settings"


def load_export_settings(settings) -> export.ExportSettings:
    """The last export settings stored in a QSettings (defaults when none or unreadable)."""
    raw = settings.value(SETTINGS_KEY)
    if not raw:
        return export.ExportSettings()
    try:
        data = json.loads(str(raw))
        known = {f.name for f in fields(export.ExportSettings)}
        return export.ExportSettings(**{k: v for k, v in data.items() if k in known}).checked()
    except (ValueError, TypeError, export.ExportError):
        return export.ExportSettings()


def store_export_settings(settings, value: export.ExportSettings) -> None:
    settings.setValue(SETTINGS_KEY, json.dumps(asdict(value)))


class FileServices(QObject):
    """Export and print actions, disk watch, autosave and crash recovery of one window.

    ``export_action`` (File ▸ Export…, Ctrl+Shift+E), ``print_action`` (File ▸ Print…,
    Ctrl+P) and ``recover_action`` (File ▸ Recover Autosaves…) are for the window's File menu; the window calls :meth:`window_closed` once it
    has closed, and the application calls :meth:`offer_recovery` after start-up."""

    def __init__(self, window, store: RecoveryStore | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.export_settings = load_export_settings(window.settings)
        self.export_action = QAction("E&xport…", window)
        self.export_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.export_action.setStatusTip("Export for print and play: PDF, SVG or PNG at true size, tiled on A4 or Letter")
        self.export_action.triggered.connect(self.export)
        self.print_action = QAction("&Print…", window)
        self.print_action.setShortcut(QKeySequence.Print)
        self.print_action.setStatusTip("Print the board at true size, tiled across pages")
        self.print_action.triggered.connect(self.print_board)
        self.recover_action = QAction("Recover A&utosaves…", window)
        self.recover_action.setStatusTip("Unsaved work autosaved by editors that did not close properly: "
                                         "restore or discard it")
        self.recover_action.triggered.connect(self.recover_autosaves)
        for action in (self.export_action, self.print_action, self.recover_action):
            window.addAction(action)

        self.watcher = DiskWatcher(self)
        self.watcher.changed_on_disk.connect(self._changed_on_disk)
        self.watcher.removed_on_disk.connect(self._removed_on_disk)
        self.autosaver = Autosaver(self.document, store, parent=self)
        self.autosaver.failed.connect(window.show_status)
        self.document.changed.connect(self._on_document_changed)
        self.watcher.watch(self.document.path)

    # -- document ---------------------------------------------------------------------------
    def _on_document_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.FILE_CHANGED:
            # after open, new, save and save as: what is on disk now is what the editor has
            self.watcher.watch(payload)

    def window_closed(self) -> None:
        """The window closed with the user's consent: its unsaved work is not needed anymore."""
        self.autosaver.stop()
        self.autosaver.discard()
        self.watcher.watch(None)

    # -- changed on disk --------------------------------------------------------------------
    def _changed_on_disk(self, path: str) -> None:
        path = self.document.path or path  # as the user opened it (the watcher resolves links)
        name = Path(path).name
        self.watcher.pause()
        try:
            reload = prompts.ask_reload_changed(self.window, name, self.document.is_modified)
            if reload:
                try:
                    board = read_board(path)
                except (LoadError, InvalidContent, OSError) as exc:
                    from studio.gui.main_window import load_error_text

                    text, details = load_error_text(exc)
                    prompts.show_error(self.window, "Cannot reload board",
                                       f"{name} changed on disk but does not load; your version stays.\n\n{text}",
                                       details)
                    self.watcher.accept()
                    self.document.undo_stack.resetClean()
                    return
                self.document.reset(board, path)
                self.window.show_status(f"Reloaded {name} from disk")
            else:
                # the file differs from the editor's board: saving is needed to make them agree
                self.watcher.accept()
                self.document.undo_stack.resetClean()
                self.window.show_status(f"Kept your version of {name}; Save writes it over the file on disk")
        finally:
            self.watcher.resume()

    def _removed_on_disk(self, path: str) -> None:
        self.document.undo_stack.resetClean()
        self.window.show_status(f"{Path(path).name} was deleted or moved on disk; Save writes it again")

    # -- recovery ---------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At start-up: offer the autosaved work of editors that crashed since the last start
        (each autosave is offered once; "Later" keeps it for File ▸ Recover Autosaves…
        without asking again), after removing the stale ones silently
        (:meth:`RecoveryStore.clean_stale`). True when one was restored into this window.
        Does nothing when ``STUDIO_NO_AUTOSAVE_PROMPT`` is set."""
        if not restore_offer_enabled():
            return False
        store = self.autosaver.store
        store.clean_stale()
        new = [e for e in store.to_offer() if e.session != self.autosaver.session]
        if not new:
            return False
        earlier = sum(1 for e in store.orphans() if e.offered_at is not None)
        decision = prompts.ask_recover_autosaves(self.window, new, at_launch=True, earlier=earlier)
        return self._carry_out(decision, new)

    def recover_autosaves(self) -> bool:
        """File ▸ Recover Autosaves…: every autosave of an editor that is gone, with its
        original path and time, to restore or discard. True when one was restored."""
        store = self.autosaver.store
        store.clean_stale()
        entries = [e for e in store.orphans() if e.session != self.autosaver.session]
        if not entries:
            prompts.show_info(self.window, "Recover Autosaves",
                              "There is no autosaved work to recover: every editor closed with its work saved "
                              "or discarded.")
            return False
        return self._carry_out(prompts.ask_recover_autosaves(self.window, entries), entries)

    def _carry_out(self, decision, shown: list[RecoveryEntry]) -> bool:
        """Delete what was discarded, mark the rest offered, restore the chosen one."""
        gone = {e.file for e in decision.discard}
        for entry in decision.discard:
            entry.remove()
        self.autosaver.store.mark_offered([e for e in shown if e.file not in gone])
        if decision.restore is not None and decision.restore.file not in gone:
            return self.restore(decision.restore)
        return False

    def restore(self, entry: RecoveryEntry) -> bool:
        """Open ``entry``'s board as a modified document that remembers its original path; its
        recovery file is replaced by this session's."""
        try:
            board = entry.board()
        except LoadError as exc:
            prompts.show_error(self.window, "Cannot restore", f"The autosaved work on {entry.name} cannot be read.",
                               exc.format())
            return False
        if not self.window.maybe_save():
            return False
        self.document.reset(board, entry.original_path)
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        if self.autosaver.autosave_now() is not None:
            entry.remove()
        self.window.view.fit()
        self.window.show_status(f"Restored unsaved changes to {entry.name} (autosaved {entry.saved_at_text()})")
        return True

    # -- export and print -------------------------------------------------------------------
    def _suggested_path(self, fmt: str) -> str:
        doc = self.document
        if doc.path:
            return str(Path(doc.path).with_suffix(f".{fmt}"))
        return with_path_suffix(str(Path.home() / doc.board.id), fmt)

    def export(self) -> bool:
        """File ▸ Export…: the Export dialog, then the files. True when written."""
        result = prompts.ask_export(self.window, self.document.board, self.export_settings,
                                    self._suggested_path(self.export_settings.format))
        if result is None:
            return False
        path, settings = result
        if not self._sheets_ok("Export", settings):
            return False
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            written = export.export_board(self.document.board, path, settings)
        except (export.ExportError, OSError) as exc:
            QApplication.restoreOverrideCursor()
            prompts.show_error(self.window, "Cannot export board", str(exc))
            return False
        QApplication.restoreOverrideCursor()
        self.export_settings = settings
        store_export_settings(self.window.settings, settings)
        files = f"{written[0]}" if len(written) == 1 else f"{len(written)} files ({written[0].name} …)"
        self.window.show_status(f"Exported {files}")
        return True

    def _sheets_ok(self, action: str, settings) -> bool:
        """Before exporting or printing: a board on more sheets than ``studio render`` allows
        without ``--max-sheets`` (a stray peg far out) is confirmed first (it would take long
        and cannot be stopped half-way)."""
        from studio.render.cli import MAX_SHEETS

        try:
            layout = export.layout_sheets(self.document.board, settings)
        except export.ExportError:
            return True  # the export itself says why
        if layout.pages <= MAX_SHEETS:
            return True
        return prompts.ask_many_sheets(self.window, action, layout.pages, layout.rows, layout.cols, MAX_SHEETS)

    def make_printer(self, settings: export.ExportSettings):
        """A full-page QPrinter with the paper and orientation the layout wants."""
        from PySide6.QtPrintSupport import QPrinter

        layout = export.layout_sheets(self.document.board, settings)
        printer = QPrinter(QPrinter.HighResolution)
        printer.setDocName(self.document.board.name)
        w, h = layout.sheet_mm
        if settings.paper in export.PAPERS:
            size = QPageSize(QPageSize.A4 if settings.paper == "a4" else QPageSize.Letter)
        else:
            size = QPageSize(QSizeF(min(w, h), max(w, h)), QPageSize.Millimeter, "", QPageSize.ExactMatch)
        orientation = QPageLayout.Landscape if w > h else QPageLayout.Portrait
        printer.setPageLayout(QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Millimeter))
        printer.setFullPage(True)  # the painter's origin is the paper's corner (after the layout: it resets it)
        return printer

    def print_board(self) -> bool:
        """File ▸ Print…: the print options, then the system print dialog. True when printed."""
        settings = prompts.ask_print_settings(self.window, self.document.board, self.export_settings)
        if settings is None:
            return False
        try:
            printer = self.make_printer(settings)
        except export.ExportError as exc:
            prompts.show_error(self.window, "Cannot print board", str(exc))
            return False
        if not self._sheets_ok("Print", settings) or not prompts.ask_print(self.window, printer):
            return False
        printer.setFullPage(True)  # the print dialog may have changed the paper
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            layout = export.paint_sheets(printer, self.document.board, settings)
        except export.ExportError as exc:
            QApplication.restoreOverrideCursor()
            prompts.show_error(self.window, "Cannot print board", str(exc))
            return False
        QApplication.restoreOverrideCursor()
        self.export_settings = settings
        store_export_settings(self.window.settings, settings)
        self.window.show_status(f"Printed {layout.pages} page{'s' if layout.pages != 1 else ''}")
        return True

