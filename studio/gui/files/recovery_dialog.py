"""The Recover Autosaves dialog: the autosaved work of editors that closed without saving, one
row per autosave with the board's name, when it was autosaved and the full path of its original
file (the recovery folder is shared by every checkout and folder, so same-named boards must be
told apart).

*Restore* opens the selected autosave in the editor, *Discard* deletes the selected ones (they
leave the list at once), *Later* closes the dialog and keeps the rest. The dialog only decides:
:meth:`RecoveryDialog.decision` says what to restore and what to discard, and
:class:`~studio.gui.files.services.FileServices` carries it out."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QPushButton, QTreeWidget,
    QTreeWidgetItem, QVBoxLayout,
)

from studio.gui import desktop
from studio.gui.files.recovery import RecoveryEntry

_ENTRY_ROLE = Qt.UserRole + 1


@dataclass
class RecoveryDecision:
    """What the user chose: the autosave to restore (None: none) and those to delete."""

    restore: RecoveryEntry | None = None
    discard: list[RecoveryEntry] = field(default_factory=list)


def original_text(entry: RecoveryEntry) -> str:
    """The original file as the dialog shows it: its full path, "never saved to a file", or
    the path marked as deleted."""
    state = entry.original_state()
    if state == "unsaved":
        return "never saved to a file"
    return f"{entry.original_path}  (deleted or moved since)" if state == "missing" else str(entry.original_path)


class RecoveryDialog(QDialog):
    """Lists ``entries`` (newest first). ``at_launch`` words it for the offer after a crash;
    ``earlier`` is how many older autosaves, offered at an earlier start, are not listed."""

    def __init__(self, entries: list[RecoveryEntry], at_launch: bool = False, earlier: int = 0,
                 parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover Autosaved Work")
        desktop.install_help(self, "recovery")  # F1 opens its docs page
        self.setObjectName("RecoveryDialog")
        self._discarded: list[RecoveryEntry] = []
        self._restore: RecoveryEntry | None = None
        layout = QVBoxLayout(self)
        n = len(entries)
        if at_launch:
            head = (f"Board Studio did not close properly. Unsaved changes to {n} board{'s' if n != 1 else ''} "
                    "were autosaved:")
        else:
            head = "Unsaved changes autosaved by editors that did not close properly:"
        self.heading = QLabel(f"<b>{head}</b>")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)

        self.table = QTreeWidget()
        self.table.setColumnCount(3)
        self.table.setHeaderLabels(["Board", "Autosaved", "Original file"])  # the path last: it may scroll
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionMode(QAbstractItemView.ExtendedSelection)
        # the whole path, never elided: two checkouts differ anywhere in it (scroll if it is long)
        self.table.setTextElideMode(Qt.ElideNone)
        header = self.table.header()
        header.setStretchLastSection(False)
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeToContents)
        for entry in entries:
            item = QTreeWidgetItem([entry.name, entry.saved_at_text(), original_text(entry)])
            item.setToolTip(2, entry.original_path or "This board was never saved to a file")
            item.setData(0, _ENTRY_ROLE, entry)
            self.table.addTopLevelItem(item)
        layout.addWidget(self.table, 1)

        note = ("Restore opens the selected changes as unsaved edits; the file on disk is not touched until you "
                "save. Discard deletes the selected autosaves. Later keeps them without asking again: "
                "File ▸ Recover Autosaves… lists them.")
        if earlier:
            note += (f" {earlier} older autosave{'s' if earlier != 1 else ''}, put off at an earlier start, "
                     f"{'are' if earlier != 1 else 'is'} listed there too.")
        self.note = QLabel(note)
        self.note.setWordWrap(True)
        self.note.setStyleSheet(desktop.css("color: {muted};"))
        layout.addWidget(self.note)

        buttons = QDialogButtonBox()
        self.restore_button = QPushButton("Restore")
        self.discard_button = QPushButton("Discard")
        self.later_button = QPushButton("Later")
        buttons.addButton(self.restore_button, QDialogButtonBox.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.RejectRole)
        self.restore_button.clicked.connect(self._restore_selected)
        self.discard_button.clicked.connect(self._discard_selected)
        self.later_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.restore_button.setDefault(True)

        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda *_: self._restore_selected())
        if self.table.topLevelItemCount():
            self.table.topLevelItem(0).setSelected(True)
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self._update_buttons()
        wanted = sum(self.table.sizeHintForColumn(c) for c in range(3)) + 60
        screen = self.screen().availableGeometry().width() if self.screen() is not None else 1200
        self.resize(max(640, min(wanted, int(screen * 0.9))), 220 + 26 * min(n, 10))

    # -- state ------------------------------------------------------------------------------
    def entries(self) -> list[RecoveryEntry]:
        """The autosaves still listed."""
        return [self.table.topLevelItem(i).data(0, _ENTRY_ROLE) for i in range(self.table.topLevelItemCount())]

    def selected(self) -> list[RecoveryEntry]:
        return [item.data(0, _ENTRY_ROLE) for item in self.table.selectedItems()]

    def decision(self) -> RecoveryDecision:
        return RecoveryDecision(self._restore, list(self._discarded))

    def _update_buttons(self) -> None:
        chosen = self.selected()
        self.restore_button.setEnabled(len(chosen) == 1)
        self.restore_button.setToolTip("" if len(chosen) == 1 else "Select one autosave to restore")
        self.discard_button.setEnabled(bool(chosen))

    # -- actions ----------------------------------------------------------------------------
    def _restore_selected(self) -> None:
        chosen = self.selected()
        if len(chosen) != 1:
            return
        self._restore = chosen[0]
        self.accept()

    def _discard_selected(self) -> None:
        for item in self.table.selectedItems():
            self._discarded.append(item.data(0, _ENTRY_ROLE))
            self.table.takeTopLevelItem(self.table.indexOfTopLevelItem(item))
        if not self.table.topLevelItemCount():
            self.reject()  # nothing left to decide about
            return
        self.table.topLevelItem(0).setSelected(True)


__all__ = ["RecoveryDecision", "RecoveryDialog", "original_text"]
