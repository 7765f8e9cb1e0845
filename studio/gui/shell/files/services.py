"""The editor window's file services: File ▸ Export… and File ▸ Print… (print-and-play at
true size), the watch on the open file, autosave, and the restore offer after a crash.

:class:`FileServices` takes its window (a :class:`~studio.gui.realm.main_window.MainWindow`: its
``document``, ``settings``, ``view``, ``show_status`` and ``maybe_save``) and observes the
document's ``changed`` signal; every dialog goes through :mod:`studio.gui.shell.prompts`."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from pathlib import Path

from PySide6.QtCore import QMarginsF, QObject, QSizeF, Qt
from PySide6.QtGui import QAction, QKeySequence, QPageLayout, QPageSize
from PySide6.QtWidgets import QApplication

from studio.content import LoadError
from studio.gui.realm.document import ChangeKind
from studio.gui.shell import prompts
from studio.gui.shell.files.disk_guard import confirm_overwrite
from studio.gui.shell.files.export_dialog import with_path_suffix
from studio.gui.shell.files.recovery import RecoveryEntry, RecoveryStore
from studio.gui.shell.files.restore import WindowRecovery, restore_entry
from studio.gui.shell.files.watcher import DiskWatcher
from studio.gui.shell.load_errors import load_error_text
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
        self.export_action = QAction(self.tr("E&xport…"), window)
        self.export_action.setShortcut(QKeySequence("Ctrl+Shift+E"))
        self.export_action.setStatusTip(self.tr("Export for print and play: PDF, SVG or PNG at true size, tiled on A4 or Letter"))
        self.export_action.triggered.connect(self.export)
        self.tts_action = QAction(self.tr("Export for &Tabletop Simulator…"), window)
        self.tts_action.setStatusTip(self.tr("Write the board, its cards, energy and bands as a Tabletop Simulator "
                                     "saved-object set (JSON and images)"))
        self.tts_action.triggered.connect(self.export_tts)
        self.print_action = QAction(self.tr("&Print…"), window)
        self.print_action.setShortcut(QKeySequence.Print)
        self.print_action.setStatusTip(self.tr("Print the board at true size, tiled across pages"))
        self.print_action.triggered.connect(self.print_board)
        for action in (self.export_action, self.print_action):
            window.addAction(action)
        # autosave and recovery, as in every editor window (studio.gui.shell.files.restore)
        self.recovery = WindowRecovery(window, self.document, self.restore_here, store)
        window.recovery = self.recovery
        self.recover_action = self.recovery.recover_action
        self.autosaver = self.recovery.autosaver

        self.watcher = DiskWatcher(self)
        self.watcher.changed_on_disk.connect(self._changed_on_disk)
        self.watcher.removed_on_disk.connect(self._removed_on_disk)
        self.document.changed.connect(self._on_document_changed)
        self.watcher.watch(self.document.path)

    # -- document ---------------------------------------------------------------------------
    def _on_document_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.FILE_CHANGED:
            # after open, new, save and save as: what is on disk now is what the editor has
            self.watcher.watch(payload)

    def follow(self, path) -> None:
        """The board is now ``path`` (saved, saved as): its content on disk is what the editor knows."""
        self.watcher.watch(path)

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
                    text, details = load_error_text(exc)
                    prompts.show_error(self.window, self.tr("Cannot reload board"),
                                       self.tr("{name} changed on disk but does not load; your version stays.\n\n{text}").format(name=name, text=text),
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
                self.window.show_status(f"Kept your version of {name}; Save asks before writing it over the file on disk")
        finally:
            self.watcher.resume()

    def may_save(self, path) -> bool:
        """Before the board is written to ``path``: True to go on; False when another program
        changed that file since the editor loaded or saved it and the user cancelled (asked
        also after "Keep Mine")."""
        return confirm_overwrite(self.window, self.watcher, path, self.document.path)

    def _removed_on_disk(self, path: str) -> None:
        self.document.undo_stack.resetClean()
        self.window.show_status(f"{Path(path).name} was deleted or moved on disk; Save writes it again")

    # -- recovery ---------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At start-up: offer the autosaved work of editors that crashed since the last start
        (:meth:`WindowRecovery.offer_recovery`). True when something was restored."""
        return self.recovery.offer_recovery()

    def recover_autosaves(self) -> bool:
        """File ▸ Recover Autosaves… (:meth:`WindowRecovery.recover_autosaves`)."""
        return self.recovery.recover_autosaves()

    def restore(self, entry: RecoveryEntry) -> bool:
        """Open ``entry`` in the window for its kind (this one for a board it may take). True
        when it was restored."""
        return restore_entry(entry, self.window) is not None

    def restore_here(self, board, original_path: str | None) -> bool:
        """Show a restored board here, modified, remembering its original path (False when the
        user keeps this window's own unsaved work)."""
        if not self.window.maybe_save():
            return False
        self.document.reset(board, original_path)
        self.document.undo_stack.resetClean()  # unsaved: differs from the file (or there is none)
        self.window.view.fit()
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
        # kept even when the export fails: the next Export… opens with the paper, spacing and
        # options chosen (trial: a failed export made the user set them all again)
        self.export_settings = settings
        store_export_settings(self.window.settings, settings)
        if not self._sheets_ok("Export", settings):
            return False
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            written = export.export_board(self.document.board, path, settings)
        except (export.ExportError, OSError) as exc:
            QApplication.restoreOverrideCursor()
            reason = str(exc).rstrip(".")
            prompts.show_error(self.window, self.tr("Cannot export board"),
                               self.tr("{upper}{reason}.\n\nYour export settings are kept: choose File ▸ Export… again and pick another file or folder.").format(upper=reason[:1].upper(), reason=reason[1:]))
            return False
        QApplication.restoreOverrideCursor()
        files = f"{written[0]}" if len(written) == 1 else f"{len(written)} files ({written[0].name} …)"
        self.window.show_status(f"Exported {files}")
        return True

    def export_tts(self) -> bool:
        """File ▸ Export for Tabletop Simulator…: ask for the JSON file, write the set
        (:mod:`studio.render.tts`). True when written."""
        from studio.render.tts import export_tts

        path = prompts.ask_tts_file(self.window, self._suggested_path("json"))
        if not path:
            return False
        if Path(path).suffix.lower() != ".json":
            path = f"{path}.json"
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            written = export_tts(self.document.board, path)
        except (export.ExportError, OSError) as exc:
            QApplication.restoreOverrideCursor()
            prompts.show_error(self.window, self.tr("Cannot export for Tabletop Simulator"), str(exc))
            return False
        QApplication.restoreOverrideCursor()
        self.window.show_status(f"Exported {written[-1]} and {len(written) - 1} images for Tabletop Simulator")
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
            prompts.show_error(self.window, self.tr("Cannot print board"), str(exc))
            return False
        if not self._sheets_ok("Print", settings) or not prompts.ask_print(self.window, printer):
            return False
        printer.setFullPage(True)  # the print dialog may have changed the paper
        QApplication.setOverrideCursor(Qt.WaitCursor)
        try:
            layout = export.paint_sheets(printer, self.document.board, settings)
        except export.ExportError as exc:
            QApplication.restoreOverrideCursor()
            prompts.show_error(self.window, self.tr("Cannot print board"), str(exc))
            return False
        QApplication.restoreOverrideCursor()
        self.export_settings = settings
        store_export_settings(self.window.settings, settings)
        self.window.show_status(f"Printed {layout.pages} page{'s' if layout.pages != 1 else ''}")
        return True

