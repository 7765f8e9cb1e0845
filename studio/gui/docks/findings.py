"""The findings dock of the content editors (island, tree, cards): the findings a
:class:`~studio.gui.content_document.ContentDocument` re-runs after each edit, with severity
icon, code, message and element. Clicking a finding emits ``element_activated(element)``
(the lint's element tuple, e.g. ``("space", q, r)`` or ``("card", id)``); the editor window
selects and shows it.

Usage: ``dock = FindingsDock(document, parent=window)``; ``window.addDockWidget(...)``;
``dock.element_activated.connect(window.select_element)``."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QHeaderView, QLabel, QStyle, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from studio.content.findings import Finding
from studio.gui.docks.validation import _SEVERITY_ICON, count_text, element_text

_ELEMENT_ROLE = Qt.UserRole + 1


class FindingsDock(QDockWidget):
    """Lists ``document.findings`` and follows ``document.findings_changed``."""

    element_activated = Signal(object)

    def __init__(self, document, parent=None, title: str = "Validation") -> None:
        super().__init__(title, parent)
        self.setObjectName("FindingsDock")
        self._title = title
        self.document = document
        self.findings: list[Finding] = []
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels(["", "Code", "Message", "Where"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeToContents)
        self.tree.itemClicked.connect(self._activate)
        self.tree.itemActivated.connect(self._activate)
        layout.addWidget(self.tree)
        self.setWidget(body)
        document.findings_changed.connect(self.show_findings)
        self.show_findings(document.findings)

    def set_document(self, document) -> None:
        """Follow another document (a window that replaces its document on New/Open)."""
        if document is self.document:
            return
        self.document.findings_changed.disconnect(self.show_findings)
        self.document = document
        document.findings_changed.connect(self.show_findings)
        self.show_findings(document.findings)

    def show_findings(self, findings: list[Finding]) -> None:
        self.findings = list(findings)
        self.tree.clear()
        style = self.style()
        for f in self.findings:
            where = element_text(f.element)
            if not where and f.line is not None:
                where = f"line {f.line}:{f.col or 1}"
            item = QTreeWidgetItem(["", f.code, f.message, where])
            item.setIcon(0, style.standardIcon(_SEVERITY_ICON.get(f.severity, QStyle.SP_MessageBoxInformation)))
            item.setToolTip(2, f.message)
            item.setToolTip(0, f.severity)
            item.setData(0, _ELEMENT_ROLE, f.element)
            self.tree.addTopLevelItem(item)
        self.setWindowTitle(f"{self._title} ({len(self.findings)})" if self.findings else self._title)
        if self.findings:
            self.summary.setText(f"<b>{count_text(self.findings)}</b> — click a finding to show it")
        else:
            self.summary.setText("<span style='color:#2e7d32'>✔ <b>No problems found</b></span>")

    def _activate(self, item: QTreeWidgetItem, column: int = 0) -> None:
        element = item.data(0, _ELEMENT_ROLE)
        if element:
            self.element_activated.emit(tuple(element))
