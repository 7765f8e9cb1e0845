"""The validation dock: the findings of :func:`studio.validate.validate` for the document's
board, re-run shortly after each change (debounced, so typing and dragging stay smooth).
Clicking a finding emits ``element_activated(element)``; the window selects and centres it."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget, QHeaderView, QLabel, QStyle, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from studio.content.findings import Finding
from studio.gui.document import BoardDocument, ChangeKind
from studio.validate import validate

DEBOUNCE_MS = 150
_SEVERITY_ICON = {
    "error": QStyle.SP_MessageBoxCritical,
    "warning": QStyle.SP_MessageBoxWarning,
    "info": QStyle.SP_MessageBoxInformation,
}
_ELEMENT_ROLE = Qt.UserRole + 1


def element_text(element) -> str:
    """("segment", "a1", "a2", "b1") -> "segment a1-a2-b1"."""
    if not element:
        return ""
    kind, *ids = element
    return f"{kind} {'-'.join(str(i) for i in ids)}".strip()


def count_text(findings: list[Finding]) -> str:
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")}
    parts = [f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items() if n]
    return ", ".join(parts) if parts else "no problems"


class ValidationDock(QDockWidget):
    """Lists findings with severity icon, code, message and location."""

    element_activated = Signal(object)
    findings_changed = Signal(list)

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__("Validation", parent)
        self.setObjectName("ValidationDock")
        self.document = document
        self.findings: list[Finding] = []
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        self.summary.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(4)
        self.tree.setHeaderLabels(["", "Code", "Message", "Where"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setWordWrap(False)
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
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.run_now)
        document.changed.connect(self._on_changed)
        self.run_now()

    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.FILE_CHANGED:
            return
        self.timer.start()

    def run_now(self) -> list[Finding]:
        """Validate the board now and refresh the list; returns the findings."""
        self.timer.stop()
        try:
            findings = validate(self.document.board)
        except Exception as exc:  # a crash in a check must not take the editor down
            findings = [Finding("internal/validate-crashed", "error", f"validation failed: {exc}",
                                self.document.path)]
        self.show_findings(findings)
        return findings

    def show_findings(self, findings: list[Finding]) -> None:
        self.findings = list(findings)
        self.tree.clear()
        style = self.style()
        for f in self.findings:
            where = element_text(f.element)
            if f.line is not None:
                where = f"{where}  (line {f.line})" if where else f"line {f.line}:{f.col or 1}"
            item = QTreeWidgetItem(["", f.code, f.message, where])
            item.setIcon(0, style.standardIcon(_SEVERITY_ICON.get(f.severity, QStyle.SP_MessageBoxInformation)))
            item.setToolTip(2, f.format())
            item.setToolTip(0, f.severity)
            item.setData(0, _ELEMENT_ROLE, f.element)
            self.tree.addTopLevelItem(item)
        text = count_text(self.findings)
        self.setWindowTitle(f"Validation ({len(self.findings)})" if self.findings else "Validation")
        if self.findings:
            self.summary.setText(f"<b>{text}</b> — click a finding to show it on the board")
        else:
            self.summary.setText("<span style='color:#2e7d32'>✔ <b>No problems found</b></span>")
        self.findings_changed.emit(self.findings)

    def _activate(self, item: QTreeWidgetItem, column: int = 0) -> None:
        element = item.data(0, _ELEMENT_ROLE)
        if element:
            self.element_activated.emit(tuple(element))
