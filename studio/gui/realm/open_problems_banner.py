"""The banner above the board that says the board was opened from a file with schema problems
(:mod:`studio.model.lenient`): how many, and what was left out to open it. It shows from the
lenient open until the board is saved or another board is opened."""

from __future__ import annotations

from studio.gui.realm.document import BoardDocument, ChangeKind
from studio.gui.shell.banner import Banner


class OpenProblemsBanner(Banner):
    """A red strip with :meth:`studio.model.lenient.OpenProblems.summary`, hidden when the
    document has no open problems."""

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__("OpenProblemsBanner", "error", parent)
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
        return self.shown_text()
