"""The Recover Autosaves dialog: the autosaved work of editors that closed without saving, one
row per autosave with the document's name, its kind (board, island, Tree of Wisdom, card set,
loot set, scenario), when it was autosaved and the full path of its original file, or
"untitled island" for one never saved (the recovery folder is shared by every checkout and
folder, so same-named files must be told apart). A damaged autosave file is listed with what
is wrong with it.

*Restore* opens the selected autosaves, each in the editor window for its kind, *Discard*
deletes the selected ones (they leave the list at once), *Later* closes the dialog and keeps
the rest. The dialog only decides:
:meth:`RecoveryDialog.decision` says what to restore and what to discard, and
:class:`~studio.gui.shell.files.services.FileServices` carries it out."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from studio.gui.shell import desktop
from studio.gui.shell.files.recovery import RecoveryEntry

_ENTRY_ROLE = Qt.UserRole + 1


@dataclass
class RecoveryDecision:
    """What the user chose: the autosave to restore (None: none), more to restore with it
    (``more``), and those to delete."""

    restore: RecoveryEntry | None = None
    discard: list[RecoveryEntry] = field(default_factory=list)
    more: list[RecoveryEntry] = field(default_factory=list)

    def restores(self) -> list[RecoveryEntry]:
        """Every autosave to restore, in the order chosen."""
        return ([self.restore] if self.restore is not None else []) + list(self.more)


def original_text(entry: RecoveryEntry) -> str:
    """The original file as the dialog shows it: its full path, "untitled island" (never
    saved), the path marked as deleted, or what is wrong with a damaged autosave file."""
    if entry.problem is not None:
        return f"cannot be read: {entry.problem}  ({entry.file})"
    state = entry.original_state()
    if state == "unsaved":
        return f"untitled {entry.kind_noun} (never saved to a file)"
    return f"{entry.original_path}  (deleted or moved since)" if state == "missing" else str(entry.original_path)


def _plural(n: int, noun: str) -> str:
    if n == 1:
        return f"{n} {noun}"
    return f"{n} Trees of Wisdom" if noun == "Tree of Wisdom" else f"{n} {noun}s"


def contents_text(entries: list[RecoveryEntry]) -> str:
    """"2 boards and an island", "3 files"... for the heading."""
    from collections import Counter

    counts = Counter(e.kind_noun for e in entries)
    if len(counts) > 3:
        return _plural(len(entries), "file")
    parts = [_plural(n, noun) if n != 1 else f"{'an' if noun[0] in 'aeiouAEIOU' else 'a'} {noun}"
             for noun, n in counts.items()]
    if not parts:
        return "no files"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class RecoveryDialog(QDialog):
    """Lists ``entries`` (newest first). ``at_launch`` words it for the offer after a crash;
    ``earlier`` is how many older autosaves, offered at an earlier start, are not listed."""

    def __init__(self, entries: list[RecoveryEntry], at_launch: bool = False, earlier: int = 0,
                 parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Recover Autosaved Work"))
        desktop.install_help(self, "recovery")  # F1 opens its docs page
        self.setObjectName("RecoveryDialog")
        self._discarded: list[RecoveryEntry] = []
        self._restore: list[RecoveryEntry] = []
        layout = QVBoxLayout(self)
        n = len(entries)
        if at_launch:
            head = (f"Board Studio did not close properly. Unsaved changes to {contents_text(entries)} "
                    "were autosaved:")
        else:
            head = "Unsaved changes autosaved by editors that did not close properly:"
        self.heading = QLabel(self.tr("<b>{head}</b>").format(head=head))
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)

        self.table = QTreeWidget()
        self.table.setColumnCount(4)
        self.table.setHeaderLabels(["Name", "Kind", "Autosaved", "Original file"])  # the path last: it may scroll
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionMode(QAbstractItemView.ExtendedSelection)
        # the whole path, never elided: two checkouts differ anywhere in it (scroll if it is long)
        self.table.setTextElideMode(Qt.ElideNone)
        header = self.table.header()
        header.setStretchLastSection(False)
        for column in range(4):
            header.setSectionResizeMode(column, QHeaderView.ResizeToContents)
        for entry in entries:
            noun = entry.kind_noun
            item = QTreeWidgetItem([entry.name, noun[:1].upper() + noun[1:], entry.saved_at_text(),
                                    original_text(entry)])
            if entry.problem is not None:
                tip = f"{entry.file}: {entry.problem}"
            elif entry.original_path:
                tip = entry.original_path
            else:
                tip = f"This {noun} was never saved to a file"
            item.setToolTip(3, tip)
            item.setData(0, _ENTRY_ROLE, entry)
            self.table.addTopLevelItem(item)
        layout.addWidget(self.table, 1)

        note = ("Restore opens the selected changes as unsaved edits, each in the editor for its kind; the file "
                "on disk is not touched until you save. Discard deletes the selected autosaves. Later keeps them without asking again: "
                "File ▸ Recover Autosaves… lists them.")
        if earlier:
            note += (f" {earlier} older autosave{'s' if earlier != 1 else ''}, put off at an earlier start, "
                     f"{'are' if earlier != 1 else 'is'} listed there too.")
        self.note = QLabel(note)
        self.note.setWordWrap(True)
        self.note.setStyleSheet(desktop.css("color: {muted};"))
        layout.addWidget(self.note)

        buttons = QDialogButtonBox()
        self.restore_button = QPushButton(self.tr("Restore"))
        self.discard_button = QPushButton(self.tr("Discard"))
        self.later_button = QPushButton(self.tr("Later"))
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
        wanted = sum(self.table.sizeHintForColumn(c) for c in range(4)) + 60
        screen = self.screen().availableGeometry().width() if self.screen() is not None else 1200
        self.resize(max(640, min(wanted, int(screen * 0.9))), 220 + 26 * min(n, 10))

    # -- state ------------------------------------------------------------------------------
    def entries(self) -> list[RecoveryEntry]:
        """The autosaves still listed."""
        return [self.table.topLevelItem(i).data(0, _ENTRY_ROLE) for i in range(self.table.topLevelItemCount())]

    def selected(self) -> list[RecoveryEntry]:
        return [item.data(0, _ENTRY_ROLE) for item in self.table.selectedItems()]

    def decision(self) -> RecoveryDecision:
        first, *more = self._restore or [None]
        return RecoveryDecision(first, list(self._discarded), more)

    def _update_buttons(self) -> None:
        chosen = self.selected()
        self.restore_button.setEnabled(bool(chosen))
        self.restore_button.setText("Restore" if len(chosen) <= 1 else f"Restore {len(chosen)}")
        self.restore_button.setToolTip("Each opens in the editor for its kind" if chosen
                                       else "Select the autosaves to restore")
        self.discard_button.setEnabled(bool(chosen))

    # -- actions ----------------------------------------------------------------------------
    def _restore_selected(self) -> None:
        order = {id(e): i for i, e in enumerate(self.entries())}
        chosen = sorted(self.selected(), key=lambda e: order.get(id(e), 0))
        if not chosen:
            return
        self._restore = chosen
        self.accept()

    def _discard_selected(self) -> None:
        for item in self.table.selectedItems():
            self._discarded.append(item.data(0, _ENTRY_ROLE))
            self.table.takeTopLevelItem(self.table.indexOfTopLevelItem(item))
        if not self.table.topLevelItemCount():
            self.reject()  # nothing left to decide about
            return
        self.table.topLevelItem(0).setSelected(True)


__all__ = ["RecoveryDecision", "RecoveryDialog", "contents_text", "original_text"]
