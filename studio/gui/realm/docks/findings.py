"""The findings dock of the content editors (island, tree, cards): the findings a
:class:`~studio.gui.rivages.content_document.ContentDocument` re-runs after each edit, with severity
icon, code, message and element. Clicking a finding emits ``element_activated(element)``
(the lint's element tuple, e.g. ``("space", q, r)`` or ``("card", id)``); the editor window
selects and shows it.

Usage: ``dock = FindingsDock(document, parent=window)``; ``window.addDockWidget(...)``;
``dock.element_activated.connect(window.select_element)``."""

from __future__ import annotations

from studio.content.findings import Finding
from studio.gui.realm.docks.validation import FindingsListDock, count_text
from studio.gui.shell import desktop
from studio.validate.rivages import element_text


def _where(f: Finding) -> str:
    """The element as the messages write it (``space [0, -2]``), else the line."""
    where = element_text(f.element)
    if not where and f.line is not None:
        where = f"line {f.line}:{f.col or 1}"
    return where


class FindingsDock(FindingsListDock):
    """Lists ``document.findings`` and follows ``document.findings_changed``."""

    def __init__(self, document, parent=None, title: str = "Validation") -> None:
        super().__init__(title, parent)
        self.setObjectName("FindingsDock")
        self._title = title
        self.document = document
        self.findings: list[Finding] = []
        self._build_list(wrap_summary=True)
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
        self.tree.show_findings(self.findings, self.style(), _where, lambda f: f.message)
        self.setWindowTitle(f"{self._title} ({len(self.findings)})" if self.findings else self._title)
        if self.findings:
            self.summary.setText(self.tr("<b>{count_text}</b> — click a finding to show it").format(count_text=count_text(self.findings)))
        else:
            self.summary.setText(self.tr("<span style='color:{colour}'>✔ <b>No problems found</b></span>").format(colour=desktop.colour('ok')))
