"""Every dialog the editor shows to the user goes through these functions, so tests (and
headless runs) can patch them and no modal box ever blocks."""

from __future__ import annotations

import enum

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

FILE_FILTER = "Board files (*.yaml *.yml);;All files (*)"


class Choice(enum.Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def ask_unsaved_changes(parent: QWidget | None, name: str) -> Choice:
    """Save / Discard / Cancel for a modified document called ``name``."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Warning)
    box.setWindowTitle("Unsaved changes")
    box.setText(f"<b>{name}</b> has unsaved changes.")
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


def show_info(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def show_about(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.about(parent, title, text)


def ask_open_path(parent: QWidget | None, directory: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Open Board", directory, FILE_FILTER)
    return path or None


def ask_save_path(parent: QWidget | None, suggested: str = "") -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Save Board As", suggested, FILE_FILTER)
    return path or None


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
    from studio.gui.dialogs.new_board import NewBoardWizard

    wizard = NewBoardWizard(parent)
    if wizard.exec() != NewBoardWizard.Accepted:
        return None
    return wizard.board(), wizard.scenario_path
