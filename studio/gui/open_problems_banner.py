"""The banner above the board that says the board was opened from a file with schema problems
(:mod:`studio.model.lenient`): how many, and what was left out to open it. It shows from the
lenient open until the board is saved or another board is opened."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QStyle

from studio.gui.document import BoardDocument, ChangeKind


class OpenProblemsBanner(QFrame):
    """A red strip with :meth:`studio.model.lenient.OpenProblems.summary`, hidden when the
    document has no open problems."""

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("OpenProblemsBanner")
        self.setStyleSheet("#OpenProblemsBanner { background: #fdecea; border-bottom: 2px solid #c62828; }"
                           "#OpenProblemsBanner QLabel { color: #611a15; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(QStyle.SP_MessageBoxCritical).pixmap(22, 22))
        layout.addWidget(icon, 0, Qt.AlignTop)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.PlainText)
        layout.addWidget(self.text, 1)
        self.document = document
        document.changed.connect(self._changed)
        self.refresh()

    def _changed(self, kind: ChangeKind, _payload) -> None:
        if kind in (ChangeKind.RESET, ChangeKind.FILE_CHANGED):
            self.refresh()

    def refresh(self) -> None:
        """Show the document's open problems, or hide."""
        problems = self.document.open_problems
        self.text.setText(problems.summary() if problems is not None else "")
        self.setVisible(problems is not None)

    @property
    def message(self) -> str | None:
        return self.text.text() if not self.isHidden() else None
