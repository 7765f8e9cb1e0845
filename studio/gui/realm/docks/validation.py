"""The validation dock: the findings of :mod:`studio.validate` for the document's board, the
same as ``studio validate`` prints for its file: checked with the rules of the board's location
(``location:``), or of the scenario the document was opened through or checked against.

Validation re-runs shortly after each change (debounced, so typing and dragging stay smooth).
Boards with more than :data:`WORKER_THRESHOLD` pegs are validated in a worker thread (one
``concurrent.futures`` thread; no Qt object crosses threads, so the garbage collector of the GUI
thread never frees a Qt object a worker still uses) on a copy of the board; each run carries the document's edit generation and a
result that an edit has overtaken is dropped. Clicking a finding emits
``element_activated(element)``; the window selects and frames it, and the board marks every
finding's element (see :meth:`~studio.gui.realm.scene.BoardScene.set_findings`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from studio.content import LoadError
from studio.content.findings import Finding
from studio.content.gc_hold import gc_hold
from studio.gui.realm.document import BoardDocument, ChangeKind
from studio.gui.shell import desktop
from studio.model.io import InvalidContent, read_scenario
from studio.model.locations import rules_for, rules_phrase
from studio.model.realm import Board, Scenario
from studio.validate import validate

DEBOUNCE_MS = 150
WORKER_THRESHOLD = 1000
"""Boards with more pegs than this are validated off the GUI thread."""

_SEVERITY_ICON = {
    "error": QStyle.SP_MessageBoxCritical,
    "warning": QStyle.SP_MessageBoxWarning,
    "info": QStyle.SP_MessageBoxInformation,
}
_ELEMENT_ROLE = Qt.UserRole + 1


def element_text(element) -> str:
    """("segment", "a1", "a2", "b1") -> "segment a1-a2-b1"; a board property as the Properties
    panel names it: ("board", "location") -> "Board ▸ Location", ("board",) -> "Board"."""
    if not element:
        return ""
    kind, *ids = element
    if kind == "board":
        return " ▸ ".join(["Board", *(str(i).replace("_", " ").capitalize() for i in ids)])
    if kind == "crossing" and len(ids) == 4:
        return f"lines {ids[0]}-{ids[1]} × {ids[2]}-{ids[3]}"
    return f"{kind} {'-'.join(str(i) for i in ids)}".strip()


def _board_where(f: Finding) -> str:
    """The element, with the line when the finding has one."""
    where = element_text(f.element)
    if f.line is not None:
        where = f"{where}  (line {f.line})" if where else f"line {f.line}:{f.col or 1}"
    return where


def count_text(findings: list[Finding]) -> str:
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")}
    parts = [f"{n} {s}{'s' if n != 1 else ''}" for s, n in counts.items() if n]
    return ", ".join(parts) if parts else "no problems"


class FindingsTree(QTreeWidget):
    """The findings table of the validation and findings docks: severity icon, code, message
    and where; each row keeps its finding's element (:meth:`element_of`)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)
        self.setHeaderLabels(["", "Code", "Message", "Where"])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setWordWrap(False)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeToContents)

    def show_findings(self, findings: list[Finding], style: QStyle, where: Callable[[Finding], str],
                      tip: Callable[[Finding], str]) -> None:
        """One row per finding: ``where(f)`` in the last column, ``tip(f)`` on the message."""
        self.clear()
        for f in findings:
            item = QTreeWidgetItem(["", f.code, f.message, where(f)])
            item.setIcon(0, style.standardIcon(_SEVERITY_ICON.get(f.severity, QStyle.SP_MessageBoxInformation)))
            item.setToolTip(2, tip(f))
            item.setToolTip(0, f.severity)
            item.setData(0, _ELEMENT_ROLE, f.element)
            self.addTopLevelItem(item)

    @staticmethod
    def element_of(item: QTreeWidgetItem):
        return item.data(0, _ELEMENT_ROLE)


class FindingsListDock(QDockWidget):
    """A dock showing a summary line over a :class:`FindingsTree` (``self.summary``,
    ``self.tree``); clicking a finding emits ``element_activated(element)``."""

    element_activated = Signal(object)

    def _build_list(self, wrap_summary: bool = False) -> None:
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        if wrap_summary:
            self.summary.setWordWrap(True)
        self.summary.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.summary)
        self.tree = FindingsTree()
        self.tree.itemClicked.connect(self._activate)
        self.tree.itemActivated.connect(self._activate)
        layout.addWidget(self.tree)
        self.setWidget(body)

    def _activate(self, item: QTreeWidgetItem, column: int = 0) -> None:
        element = self.tree.element_of(item)
        if element:
            self.element_activated.emit(tuple(element))


def validate_board(board: Board, scenario: Scenario | None = None) -> list[Finding]:
    """Findings of ``board``: exactly what ``studio validate`` prints for it (one pipeline,
    :func:`studio.validate.validate`), checked with the rules of its location, or of
    ``scenario`` when given (the editor opened the board through a scenario, or the user chose
    one). Never raises: a crash of a check is a finding."""
    return validate(board) if scenario is None else validate(board, scenario=scenario)


class _Relay(QObject):
    """Carries a worker's findings to the GUI thread: lives for the whole process (created on
    first use, in the GUI thread), so a queued delivery never names a deleted object."""
    done = Signal(object, int, list)  # (weak reference to the dock, generation, findings)


_relay: _Relay | None = None
_executor: ThreadPoolExecutor | None = None


# Held while a worker check runs: the GUI thread's collector freeing shapely geometries while the
# worker is inside GEOS (the GIL released) crashed the process (seen with shapely 2.2). Shared
# with the loader's own hold (studio.content.gc_hold), so neither undoes the other.
_gc_hold = gc_hold


def _deliver(dock_ref, generation: int, findings: list) -> None:
    dock = dock_ref()
    if dock is not None and shiboken6.isValid(dock):
        dock._task_done(generation, findings)


def _worker_services() -> tuple[_Relay, ThreadPoolExecutor]:
    global _relay, _executor
    if _relay is None:
        _relay = _Relay()
        _relay.done.connect(_deliver, Qt.QueuedConnection)
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="validation")
    return _relay, _executor


class ValidationDock(FindingsListDock):
    """Lists findings with severity icon, code, message and location."""
    findings_changed = Signal(list)

    def __init__(self, document: BoardDocument, parent=None) -> None:
        super().__init__("Validation", parent)
        self.setObjectName("ValidationDock")
        self.document = document
        self.findings: list[Finding] = []
        self._pinned = False         # the list starts with the schema findings of a lenient open
        self._held_back = False      # ... and shows only them until the board is edited
        self.generation = 0          # bumped by every edit
        self.shown_generation = -1   # the edit generation the list shows
        self.scenario: Scenario | None = None
        self._task: Future | None = None
        self._build_list()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.run)
        document.changed.connect(self._on_changed)
        self._load_scenario()
        self.summary.setText(self.tr("<i>Checking…</i>"))
        self.timer.start()  # the first check waits for the window (a file usually opens first)

    # -- scheduling -------------------------------------------------------------------------
    def _on_changed(self, kind: ChangeKind, payload) -> None:
        if kind is ChangeKind.FILE_CHANGED:
            if self._pinned and self.document.open_problems is None:
                self.run_now()  # saved: the file's schema findings are gone with what caused them
                return
            # saved (or another file): the findings' line numbers are the file's as written now
            self.generation += 1
            self.timer.start()
            return
        if kind in (ChangeKind.SCENARIO_CHANGED, ChangeKind.RESET):
            self._load_scenario()
        self.generation += 1
        self.timer.start()

    def _load_scenario(self) -> None:
        path = self.document.scenario_path
        self.scenario = None
        if path:
            try:
                self.scenario = read_scenario(path)
            except (LoadError, InvalidContent, OSError):
                self.scenario = None

    @property
    def busy(self) -> bool:
        """True while a worker validates the board."""
        return self._task is not None

    def run(self) -> None:
        """Validate now: in place for small boards, in a worker for large ones."""
        self.timer.stop()
        if len(self.document.board.pegs) <= WORKER_THRESHOLD:
            self.run_now()
            return
        if self._task is not None:
            return  # the finished task sees that it is stale and starts the next run
        relay, executor = _worker_services()
        generation, board, scenario = self.generation, self.document.board.copy(), self.scenario
        me = weakref.ref(self)

        def work() -> None:
            try:
                findings = validate_board(board, scenario)
            finally:
                _gc_hold.release()
            relay.done.emit(me, generation, findings)

        _gc_hold.acquire()

        self.summary.setText(self.tr("<i>Checking {pegs_count} pegs…</i>").format(pegs_count=len(self.document.board.pegs)))
        self._task = executor.submit(work)

    def _task_done(self, generation: int, findings: list) -> None:
        self._task = None
        if generation == self.generation:
            self.shown_generation = generation
            self.show_findings(self._with_open_problems(findings))
        else:
            self.timer.start()  # an edit overtook this result: drop it and check again

    def run_now(self) -> list[Finding]:
        """Validate the board now, on this thread, and refresh the list; returns the findings."""
        self.timer.stop()
        findings = self._with_open_problems(validate_board(self.document.board, self.scenario))
        self.shown_generation = self.generation
        self.show_findings(findings)
        return findings

    def _with_open_problems(self, findings: list[Finding]) -> list[Finding]:
        """What to list for ``findings`` of the board: for a board opened leniently (a file
        with schema errors), :meth:`OpenProblems.listed` (the file's findings until edited)."""
        problems = self.document.open_problems
        self._pinned = problems is not None
        self._held_back = problems is not None and self.document.undo_stack.index() == 0  # nothing done since open
        if problems is None:
            return list(findings)
        return problems.listed(not self._held_back, lambda: findings)

    def wait_idle(self, timeout_ms: int = 30000) -> bool:
        """Wait for a running worker (tests, closing); True when none is left running."""
        task = self._task
        if task is None:
            return True
        done, _ = wait_futures([task], timeout=timeout_ms / 1000)
        return bool(done)

    def rules_name(self) -> str:
        """The name of the rules the board is checked with."""
        if self.scenario is not None:
            return self.scenario.name
        return rules_for(self.document.board, board_path=self.document.path).name

    # -- list ---------------------------------------------------------------------------------
    def show_findings(self, findings: list[Finding]) -> None:
        self.findings = list(findings)
        self.tree.show_findings(self.findings, self.style(), _board_where, lambda f: f.format())
        text = count_text(self.findings)
        self.setWindowTitle(f"Validation ({len(self.findings)})" if self.findings else "Validation")
        against = f" ({rules_phrase(self.rules_name())})"
        if self._held_back:
            self.summary.setText(self.tr("<b>{text}</b> in the file, as <tt>studio validate</tt> reports them: the other checks run once you edit the board").format(text=text))
        elif self.findings:
            self.summary.setText(self.tr("<b>{text}</b>{against} — click a finding to show it on the board").format(text=text, against=against))
        else:
            self.summary.setText(self.tr("<span style='color:{colour}'>✔ <b>No problems found</b></span>{against}").format(colour=desktop.colour('ok'), against=against))
        self.findings_changed.emit(self.findings)
