"""The banner above the board that says loudly when the board is not played and checked with
its own location's rules: it names no location, names an unknown one, or the editor checks it
against another scenario (:attr:`studio.model.locations.BoardRules.warning`).

It observes the document (location edits, open, save as, scenario changes) and hides itself
when there is nothing to say; *Choose Location…* asks the window to show the location field."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton

from studio.gui.realm.document import BoardDocument, ChangeKind
from studio.gui.shell.banner import Banner
from studio.model.locations import BoardRules, rules_for

_WATCHED = {ChangeKind.RESET, ChangeKind.BOARD_CHANGED, ChangeKind.FILE_CHANGED, ChangeKind.SCENARIO_CHANGED}


def document_rules(document: BoardDocument) -> BoardRules:
    """The rules the document's board is played and checked with: the scenario it was opened
    through or checked against, else its location's."""
    return rules_for(document.board, document.scenario_path, board_path=document.path)


class LocationBanner(Banner):
    """A coloured strip with the warning of :func:`document_rules`, hidden when there is none."""

    choose_location = Signal()

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__("LocationBanner", "warning", parent)
        self.button = QPushButton(self.tr("Choose Location…"))
        self.button.setAutoDefault(False)
        self.button.clicked.connect(self.choose_location)
        self.row.addWidget(self.button, 0, Qt.AlignVCenter)
        self.document = document
        document.changed.connect(self._changed)
        self.refresh()

    def _changed(self, kind: ChangeKind, _payload) -> None:
        if kind in _WATCHED:
            self.refresh()

    def refresh(self) -> None:
        """Show the current warning, or hide."""
        warning = document_rules(self.document).warning
        self.text.setText(warning or "")
        self.setVisible(warning is not None)

    @property
    def warning(self) -> str | None:
        return self.shown_text()
