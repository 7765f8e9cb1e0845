"""Every dialog the editor shows to the user goes through these functions, so tests (and
headless runs) can patch them and no modal box ever blocks."""

from __future__ import annotations

import enum
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

ALL_FILES = "All files (*)"

# kind of file -> (name in dialog titles, name in the file-type filter, patterns)
FILE_KINDS = {
    "board": ("Board", "Rule the Realm boards", "*.yaml *.yml *.json"),
    "scenario": ("Scenario", "Scenarios", "*.yaml *.yml *.json"),
    "island": ("Island", "Rivages islands", "*.yaml *.yml *.json"),
    "tree": ("Tree of Wisdom", "Trees of Wisdom", "*.yaml *.yml *.json"),
    "cards": ("Card Set", "Card sets", "*.yaml *.yml *.json"),
    "loot": ("Loot", "Loot files", "*.yaml *.yml *.json"),
    "cards-or-loot": ("Card Set or Loot", "Card sets and loot files", "*.yaml *.yml *.json"),
    "game": ("Game", "Game records", "*.game.json *.json"),
    "report": ("Balance Report", "Balance reports", "*.html *.json *.csv"),
}


def file_filter(kind: str = "board") -> str:
    """The file-type filter of a file dialog for ``kind`` (a key of :data:`FILE_KINDS`), e.g.
    ``"Trees of Wisdom (*.yaml *.yml *.json);;All files (*)"``. KeyError for an unknown kind."""
    _title, label, patterns = FILE_KINDS[kind]
    return f"{label} ({patterns});;{ALL_FILES}"


def dialog_title(verb: str, kind: str = "board") -> str:
    """``verb`` and the kind's name: ``dialog_title("Open", "tree")`` is ``"Open Tree of Wisdom"``,
    ``dialog_title("Save", "cards")`` is ``"Save Card Set As"``."""
    name = FILE_KINDS[kind][0]
    return f"Save {name} As" if verb == "Save" else f"{verb} {name}"


class Choice(enum.Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def ask_unsaved_changes(parent: QWidget | None, name: str) -> Choice:
    """Save / Discard / Cancel for a modified document called ``name``."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle(QCoreApplication.translate("prompts", "Unsaved changes"))
    box.setText(QCoreApplication.translate("prompts", "<b>{name}</b> has unsaved changes.").format(name=name))
    box.setInformativeText("Do you want to save them?")
    box.setStandardButtons(QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel)
    box.setDefaultButton(QMessageBox.Save)
    answer = box.exec()
    if answer == QMessageBox.Save:
        return Choice.SAVE
    if answer == QMessageBox.Discard:
        return Choice.DISCARD
    return Choice.CANCEL


def show_error(parent: QWidget | None, title: str, text: str, details: str | None = None) -> None:
    """An error message; ``details`` (e.g. every finding) goes in the expandable area."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Critical)
    box.setWindowTitle(title)
    box.setText(text)
    if details:
        box.setDetailedText(details)
    box.exec()


def ask_save_elsewhere(parent: QWidget | None, title: str, text: str, details: str | None = None) -> bool:
    """A save that failed on the file or its folder (read-only, missing, full): the error with
    **Save As…** (True: the caller asks for another place) and Close (False)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Critical)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText("Save As… keeps your work in another file.")
    if details:
        box.setDetailedText(details)
    save_as = box.addButton("Save &As…", QMessageBox.AcceptRole)
    box.addButton(QMessageBox.Close)
    box.setDefaultButton(save_as)
    box.exec()
    return box.clickedButton() is save_as


def ask_play_anyway(parent: QWidget | None, title: str, text: str) -> bool:
    """A warning ``text`` before a game (e.g. the board is played with rules other than its
    own): True to play anyway, False to cancel."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle(title)
    box.setText(text)
    play = box.addButton("Play Anyway", QMessageBox.AcceptRole)
    cancel = box.addButton(QMessageBox.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is play


def ask_many_sheets(parent: QWidget | None, action: str, pages: int, rows: int, cols: int, limit: int) -> bool:
    """Before exporting or printing a board on more than ``limit`` sheets (``rows`` x ``cols``,
    usually a peg placed far out): True to go on anyway, False (the default) to stop."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle(QCoreApplication.translate("prompts", "{action} {pages} sheets?").format(action=action, pages=pages))
    box.setText(QCoreApplication.translate("prompts", "This board would {lower} on <b>{pages} sheets</b> ({rows} rows × {cols} columns), more than {limit}.").format(lower=action.lower(), pages=pages, rows=rows, cols=cols, limit=limit))
    box.setInformativeText("That is usually a peg placed far from the others: press F to fit the board "
                           "and look for it, or choose a larger scale. Go on anyway?")
    go = box.addButton(f"{action} Anyway", QMessageBox.AcceptRole)
    stop = box.addButton(QMessageBox.Cancel)
    box.setDefaultButton(stop)
    box.exec()
    return box.clickedButton() is go


def ask_save_dropping(parent: QWidget | None, name: str, dropped: list[str]) -> bool:
    """Before saving a board opened with schema problems: the file's values that were left out
    on open (``dropped``, one text each) are not written. True to save anyway, False to cancel."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle(QCoreApplication.translate("prompts", "Save Without Dropped Values?"))
    box.setText(QCoreApplication.translate("prompts", "{name} was opened with schema problems. These values from the file were left out and will not be in the saved file:").format(name=name))
    shown = dropped[:12] + ([f"… and {len(dropped) - 12} more"] if len(dropped) > 12 else [])
    box.setInformativeText("\n".join(shown))
    if len(dropped) > 12:   # the whole list, where the box shows part of it
        box.setDetailedText("\n".join(dropped))
    save = box.addButton("Save Without Them", QMessageBox.AcceptRole)
    cancel = box.addButton(QMessageBox.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is save


def show_info(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def show_about(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.about(parent, title, text)


def ask_open_path(parent: QWidget | None, directory: str = "", *, kind: str = "board") -> str | None:
    """A ``kind`` of file to open (see :data:`FILE_KINDS`); None when cancelled."""
    path, _ = QFileDialog.getOpenFileName(parent, dialog_title("Open", kind), directory, file_filter(kind))
    return path or None


def ask_save_path(parent: QWidget | None, suggested: str = "", *, kind: str = "board") -> str | None:
    """Where to save a ``kind`` of file (see :data:`FILE_KINDS`); None when cancelled."""
    path, _ = QFileDialog.getSaveFileName(parent, dialog_title("Save", kind), suggested, file_filter(kind))
    return path or None


#: the suffixes a content file is saved under as named: YAML, or JSON (written as JSON)
CONTENT_SUFFIXES = (".yaml", ".yml", ".json")


def save_file_path(parent: QWidget | None, path: str, title: str, suffixes=CONTENT_SUFFIXES,
                   extension: str = ".yaml") -> str | None:
    """``path`` from a save dialog with ``extension`` added when its name ends in none of
    ``suffixes``; None, after an error box titled ``title``, when it names a folder (adding
    the extension would silently write beside the folder)."""
    if Path(path).is_dir():
        show_error(parent, title, QCoreApplication.translate("prompts", "{name} is a folder; choose a file name").format(name=Path(path).name))
        return None
    if not Path(path).name.lower().endswith(tuple(suffixes)):
        path += extension
    return path


_last_folders: dict[str, str] = {}


def last_folder(kind: str) -> str:
    """The folder a file dialog of ``kind`` (e.g. "game") was last used in: this run's, else
    the one kept in the application's settings (the real studio), else ""."""
    if kind in _last_folders:
        return _last_folders[kind]
    if QCoreApplication.organizationName():
        folder = QSettings().value(f"lastFolder/{kind}", "")
        if isinstance(folder, str) and folder and Path(folder).is_dir():
            return folder
    return ""


def remember_folder(kind: str, path: str) -> None:
    """Keep the folder of ``path`` as the next starting folder of ``kind``'s dialogs."""
    folder = str(Path(path).resolve().parent)
    _last_folders[kind] = folder
    if QCoreApplication.organizationName():
        QSettings().setValue(f"lastFolder/{kind}", folder)


def ask_export_path(parent: QWidget | None, suggested: str = "") -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Export Image", suggested, "PNG images (*.png)")
    return path or None


def ask_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    """A line of text (a new name); None when cancelled or left empty."""
    from PySide6.QtWidgets import QInputDialog

    value, ok = QInputDialog.getText(parent, title, label, text=text)
    value = value.strip()
    return value if ok and value else None


def ask_new_board(parent: QWidget | None):
    """The New Board wizard: ``(board, scenario_path)`` or None when cancelled."""
    from studio.gui.realm.new_board import NewBoardWizard

    wizard = NewBoardWizard(parent)
    if wizard.exec() != NewBoardWizard.Accepted:
        return None
    return wizard.board(), wizard.scenario_path


# -- files: export, print, changed on disk, recovery (studio.gui.shell.files) -------------------------

_EXPORT_FILTERS = {"pdf": "PDF documents (*.pdf)", "svg": "SVG drawings (*.svg)", "png": "PNG images (*.png)"}


def ask_export_file(parent: QWidget | None, suggested: str, fmt: str, *, kind: str = "board") -> str | None:
    """The file for a print-and-play export of a ``kind`` of content (see :data:`FILE_KINDS`)
    in ``fmt`` (pdf, svg or png); None when cancelled."""
    path, _ = QFileDialog.getSaveFileName(parent, dialog_title("Export", kind), suggested,
                                          _EXPORT_FILTERS.get(fmt, ALL_FILES))
    return path or None


def ask_card_print_options(parent: QWidget | None, items, paper: str, options):
    """The card sheets' Export dialog (bleed, backs, duplex edge): the chosen
    :class:`~studio.render.cards.PrintOptions`, or None when cancelled."""
    from studio.gui.rivages.card_print_dialog import CardPrintDialog

    dialog = CardPrintDialog(items, paper, options, parent)
    return dialog.options() if dialog.exec() == CardPrintDialog.Accepted else None


def ask_tts_file(parent: QWidget | None, suggested: str, kind: str = "board") -> str | None:
    """The JSON file of a Tabletop Simulator export (its images go beside it); None when
    cancelled."""
    path, _ = QFileDialog.getSaveFileName(parent, f"Export {FILE_KINDS[kind][0]} for Tabletop Simulator", suggested,
                                          "Tabletop Simulator saved object (*.json)")
    return path or None


def ask_export(parent: QWidget | None, board, settings, suggested_path: str):
    """The Export dialog: ``(path, ExportSettings)`` or None when cancelled."""
    from studio.gui.shell.files.export_dialog import ExportDialog

    dialog = ExportDialog(board, settings, suggested_path, for_print=False, parent=parent)
    if dialog.exec() != ExportDialog.Accepted:
        return None
    return dialog.path(), dialog.settings()


def ask_print_settings(parent: QWidget | None, board, settings):
    """The Export dialog in print mode (no format or file): ExportSettings or None."""
    from studio.gui.shell.files.export_dialog import ExportDialog

    dialog = ExportDialog(board, settings, None, for_print=True, parent=parent)
    if dialog.exec() != ExportDialog.Accepted:
        return None
    return dialog.settings()


def ask_print(parent: QWidget | None, printer) -> bool:
    """The system print dialog on ``printer`` (a QPrinter); True to print."""
    from PySide6.QtPrintSupport import QPrintDialog

    dialog = QPrintDialog(printer, parent)
    dialog.setOption(QPrintDialog.PrintToFile, True)
    return dialog.exec() == QPrintDialog.Accepted


def ask_reload_changed(parent: QWidget | None, name: str, modified: bool) -> bool:
    """``name`` changed on disk: True to reload it, False to keep the editor's version."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Question)
    box.setWindowTitle(QCoreApplication.translate("prompts", "File changed on disk"))
    box.setText(QCoreApplication.translate("prompts", "<b>{name}</b> was changed by another program.").format(name=name))
    box.setInformativeText("Reload it and lose your unsaved changes, or keep your version?" if modified
                           else "Reload it, or keep the version shown here?")
    reload = box.addButton("Reload", QMessageBox.AcceptRole)
    keep = box.addButton("Keep Mine" if modified else "Keep This Version", QMessageBox.RejectRole)
    box.setDefaultButton(keep if modified else reload)
    box.exec()
    return box.clickedButton() is reload


def disk_time_text(when: float, now: float | None = None) -> str:
    """A file's modification time (seconds since the epoch) in local time: ``14:05:09`` when
    it is today, else ``2026-11-30 14:05``."""
    import time

    stamp = time.localtime(when)
    today = time.localtime(now if now is not None else time.time())
    if stamp[:3] == today[:3]:
        return time.strftime("%H:%M:%S", stamp)
    return time.strftime("%Y-%m-%d %H:%M", stamp)


def ask_overwrite_changed(parent: QWidget | None, name: str, changed_at: float) -> bool:
    """Before a save over ``name``, which another program changed on disk (at ``changed_at``,
    seconds since the epoch) since the editor loaded or saved it: True to write over that
    version, False (the default button) to cancel the save."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle(QCoreApplication.translate("prompts", "Overwrite Changes Made on Disk?"))
    box.setText(QCoreApplication.translate("prompts", "<b>{name}</b> was changed on disk at {disk_time_text}, by another program, after you opened or last saved it here.").format(name=name, disk_time_text=disk_time_text(changed_at)))
    box.setInformativeText("Saving replaces that version with yours, and its changes are lost. "
                           "Cancel keeps it (Save As… writes yours to another file).")
    overwrite = box.addButton("Overwrite", QMessageBox.DestructiveRole)
    cancel = box.addButton(QMessageBox.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is overwrite


def ask_recover_autosaves(parent: QWidget | None, entries: list, at_launch: bool = False, earlier: int = 0):
    """The Recover Autosaves dialog on ``entries`` (:class:`~studio.gui.shell.files.recovery.RecoveryEntry`,
    newest first): a :class:`~studio.gui.shell.files.recovery_dialog.RecoveryDecision` (what to
    restore, what to discard; nothing chosen is "Later"). ``at_launch`` words it for the offer
    after a crash; ``earlier`` counts older autosaves put off before, not listed."""
    from studio.gui.shell.files.recovery_dialog import RecoveryDialog

    dialog = RecoveryDialog(entries, at_launch=at_launch, earlier=earlier, parent=parent)
    dialog.exec()
    return dialog.decision()


_REPORT_FILTERS = {"html": "HTML reports (*.html)", "json": "JSON reports (*.json)", "csv": "CSV tables (*.csv)"}


def ask_report_path(parent: QWidget | None, suggested: str, fmt: str) -> str | None:
    """Where to save a balance report in ``fmt`` (html, json or csv); None when cancelled."""
    path, _ = QFileDialog.getSaveFileName(parent, "Save Balance Report", suggested,
                                          _REPORT_FILTERS.get(fmt, ALL_FILES))
    return path or None


def ask_game_path(parent: QWidget | None, suggested: str, save: bool) -> str | None:
    """A game record file (studio-game/1, JSON) to save to or open; None when cancelled."""
    filt = file_filter("game")
    if save:
        path, _ = QFileDialog.getSaveFileName(parent, "Save Game", suggested, filt)
    else:
        path, _ = QFileDialog.getOpenFileName(parent, dialog_title("Open", "game"), suggested, filt)
    return path or None


def ask_bot_settings(parent: QWidget | None, seat_name: str, spec: str = "mcts") -> str | None:
    """The Bot Settings dialog for the MCTS bot of ``seat_name``, from ``spec`` (``mcts:400``):
    the new spec, or None when cancelled."""
    from studio.gui.shell.bot_settings import BotSettingsDialog

    dialog = BotSettingsDialog(seat_name, spec, parent)
    if dialog.exec() != BotSettingsDialog.Accepted:
        return None
    return dialog.spec()
