"""*Suggest fixes…* in the board editor's balance dashboard: the balance assistant
(:func:`studio.balance.search.balance`) run off the GUI thread, its proposals listed with their
figures, previewed on the board (what moves where) and applied as one undoable step.

:class:`SuggestRun` plays the search in its own thread (a
:class:`~studio.gui.balance.worker.BackgroundRun`) and reports progress (games, ETA,
stage) through queued signals; Stop ends it with the best so far. :class:`SuggestWindow` is the
tool window: settings (budget, steps, candidates, fresh games to verify, rules allowed, the
stronger reference bots to check with, locked kinds, the objective's weights), the proposals, and
the buttons. :class:`ProposalPreview` is the
scene item drawn over the board: arrows from where content leaves to where it goes (red to
green), rings round what changes in place.
"""

from __future__ import annotations

import html
import math
from functools import partial

from PySide6.QtCore import QPointF, QRect, QRectF, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetrics, QGuiApplication, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGraphicsItem,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStyledItemDelegate,
    QVBoxLayout,
    QWidget,
)

from studio.balance.edits import KINDS, Locks, plays_the_same
from studio.balance.objective import DEFAULT_WEIGHTS, PART_WORDS, PARTS
from studio.balance.search import duration_text, proposal_numbers, unverified
from studio.gui.balance.overlay import make_passive
from studio.gui.balance.run_row import SEED_MAX, RunRow, number_spin
from studio.gui.balance.worker import BackgroundRun
from studio.gui.playtest.playtest_frame import PanelScroll
from studio.gui.shell import desktop


def _search(setup, options: dict, worker) -> None:
    from studio.balance.search import balance

    worker.result(balance(setup, progress=worker.tell, stop=worker.stop.is_set, **options))


class SuggestRun(BackgroundRun):
    """The search on ``setup`` with ``options`` (keyword arguments of
    :func:`~studio.balance.search.balance`) in its own thread. Signals ``progress(Progress)``,
    ``result(BalanceResult)``, ``failed(message)`` and ``finished(cancelled)`` (always last,
    once). Cancel stops after the game being played; the best so far is reported."""

    progress = Signal(object)
    result = Signal(object)
    wait_ms = 120000

    def __init__(self, setup, options: dict, parent=None):
        super().__init__(partial(_search, setup, options), "balance-suggest", parent)

    def _on_progress(self, progress) -> None:
        self.progress.emit(progress)

    def _on_item(self, result) -> None:
        self.result.emit(result)


# -- the preview over the board ---------------------------------------------------------------------

LEAVES = QColor("#c0392b")
ARRIVES = QColor("#2e8b57")
CHANGES = QColor("#d68910")


def element_points(board, kind: str, ident: str) -> list[tuple[float, float]]:
    """Board points of an element named as in :attr:`studio.balance.edits.Edit.touches`: a
    segment's corners, a line's or bridge's ends, a peg, a seat's start pegs; [] when the board
    has no such element."""
    pegs = board.pegs
    if kind == "peg":
        return [pegs[ident].at] if ident in pegs else []
    if kind == "seat":
        seat = board.seats.get(ident)
        return [pegs[p].at for p in (seat.start if seat else []) if p in pegs]
    if kind in ("segment", "line", "bridge"):
        ids = ident.split("-")
        return [pegs[p].at for p in ids] if all(p in pegs for p in ids) else []
    return []


def _centre(points) -> QPointF:
    return QPointF(sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


class ProposalPreview(QGraphicsItem):
    """What a proposal changes, drawn over ``board`` (in board units): for each move an arrow
    from the element content leaves (red outline) to the one it goes to (green); elements
    changed in place (a start peg, a colour) get an amber ring. Clicks pass through."""

    def __init__(self, board, edits):
        super().__init__()
        make_passive(self, 60)
        self.shapes: list[tuple[QPainterPath, QColor]] = []
        self.arrows: list[tuple[QPointF, QPointF]] = []
        for e in edits:
            moved = set()
            for (k1, a), (k2, b) in e.moves:
                pa, pb = element_points(board, k1, a), element_points(board, k2, b)
                if not pa or not pb:
                    continue
                self.shapes.append((self._outline(k1, pa), LEAVES))
                self.shapes.append((self._outline(k2, pb), ARRIVES))
                self.arrows.append((_centre(pa), _centre(pb)))
                moved |= {(k1, a), (k2, b)}
            for kind, ident in e.touches:
                if (kind, ident) in moved or kind == "rule":
                    continue
                points = element_points(board, kind, ident)
                if points and kind in ("peg", "segment", "line", "bridge"):
                    self.shapes.append((self._outline(kind, points), CHANGES))
        rect = QRectF()
        for path, _c in self.shapes:
            rect = rect.united(path.boundingRect())
        for a, b in self.arrows:
            rect = rect.united(QRectF(a, b).normalized())
        self._rect = rect.adjusted(-0.5, -0.5, 0.5, 0.5)

    @staticmethod
    def _outline(kind: str, points) -> QPainterPath:
        path = QPainterPath()
        if kind == "peg" or len(points) == 1:
            x, y = points[0]
            path.addEllipse(QPointF(x, y), 0.32, 0.32)
        elif kind == "seat":
            for x, y in points:
                path.addEllipse(QPointF(x, y), 0.32, 0.32)
        elif len(points) == 2:
            path.moveTo(*points[0])
            path.lineTo(*points[1])
        else:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points] + [QPointF(*points[0])]))
        return path

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(self, p, _option, _widget=None) -> None:
        p.setRenderHint(p.RenderHint.Antialiasing, True)
        for path, colour in self.shapes:
            pen = QPen(colour, 4.0)
            pen.setCosmetic(True)
            p.setPen(pen)
            fill = QColor(colour)
            fill.setAlpha(55)
            p.setBrush(QBrush(fill) if path.elementCount() > 2 else Qt.NoBrush)
            p.drawPath(path)
        for a, b in self.arrows:
            pen = QPen(QColor("#1f3a5f"), 3.2)
            pen.setCosmetic(True)
            p.setPen(pen)
            p.setBrush(QColor("#1f3a5f"))
            d = b - a
            length = math.hypot(d.x(), d.y()) or 1.0
            ux, uy = d.x() / length, d.y() / length
            tip = b - QPointF(ux, uy) * 0.18
            p.drawLine(a, tip)
            size = 0.28
            left = tip - QPointF(ux, uy) * size + QPointF(-uy, ux) * size * 0.55
            right = tip - QPointF(ux, uy) * size - QPointF(-uy, ux) * size * 0.55
            p.drawPolygon(QPolygonF([tip, left, right]))


# -- applying ---------------------------------------------------------------------------------------

def apply_proposal(document, proposal, text: str = "Apply balance proposal", base=None) -> bool:
    """Make the document's board ``proposal``'s edits applied to ``base`` (the board the search
    measured; None: the document's board as it is now), as one undo step: what differs from the
    board now is set, so a proposal applied over another replaces it rather than stacking on it.
    Returns False when nothing changed. Raises :class:`~studio.balance.edits.EditError` when
    ``base`` does not fit the edits (an element they name is missing). Rule settings are not
    part of a board and are left out."""
    from studio.balance.edits import apply_edits
    from studio.gui.realm.commands import PART_FIELDS, ReplaceParts, SetPegColour

    board = document.board
    edits = [e for e in proposal.edits if e.kind != "rules"]
    new, _rules = apply_edits(board if base is None else base, edits)
    parts = {f: getattr(new, f) for f in PART_FIELDS if getattr(new, f) != getattr(board, f)}
    colours = {pid: peg.colour for pid, peg in new.pegs.items()
               if pid in board.pegs and board.pegs[pid].colour != peg.colour}
    if not parts and not colours:
        return False
    with document.macro(text):
        if parts:
            document.undo_stack.push(ReplaceParts(document, parts, text))
        for pid, colour in colours.items():
            document.undo_stack.push(SetPegColour(document, [pid], colour))
    return True


# -- the window -------------------------------------------------------------------------------------

MIN_SIZE = QSize(676, 420)   # the form's column and the proposals with their buttons, in half of a 1366 px screen
SCREEN_MARGIN = 48   # pixels of the screen's available area left for the window's frame and title bar
ITEM_PADDING = 6   # pixels round a proposal's text in the list (the style sheet's item padding)
FORM_WIDTH = 286   # pixels of the Search box: the proposals and their buttons still fit in half of a 1366 px screen
REFERENCE_INDENT = 22   # pixels the stronger bots' fields sit in from the form, under their check box's text


class _WrapDelegate(QStyledItemDelegate):
    """Sizes a proposal to the list's width, as tall as its text wrapped inside the item's
    padding (Qt's own hint wraps at the full width and then adds the padding, so an item came
    out a few pixels wider than the list and a horizontal scroll bar covered the last one)."""

    def __init__(self, view: QListWidget):
        super().__init__(view)
        self.view = view

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt API
        width = max(self.view.viewport().width(), 4 * ITEM_PADDING)
        text = str(index.data(Qt.DisplayRole) or "")
        box = QFontMetrics(option.font).boundingRect(QRect(0, 0, width - 2 * ITEM_PADDING, 100000),
                                                     Qt.TextWordWrap, text)
        return QSize(width, box.height() + 2 * ITEM_PADDING + 1)   # + 1: the item's bottom border


class ProposalList(QListWidget):
    """The proposals, one item each, their text wrapped to the list's width: never a horizontal
    scroll bar; the items are laid out again when the list is resized."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWordWrap(True)
        self.setResizeMode(QListView.Adjust)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setItemDelegate(_WrapDelegate(self))


def _style() -> str:
    """The window's style sheet, in the panel colours of the palette (studio.gui.shell.desktop)."""
    return desktop.panel_style("#suggest") + desktop.css(f"""
#suggest QListWidget::item {{{{ padding: {ITEM_PADDING}px; border-bottom: 1px solid {{line}}; color: {{text}}; }}}}
#suggest QListWidget::item:selected {{{{ background: {{selected}}; color: {{text}}; }}}}
#suggest QLabel#details {{{{ background: {{card}}; border: 1px solid {{card_border}}; border-radius: 6px; padding: 8px; }}}}
""")


class SuggestWindow(QMainWindow):
    """The balance assistant for the editor's board. ``host``: the
    :class:`~studio.gui.balance.editor.BoardBalance` (its editor window, document, scene, and
    the setup of the open board); ``dashboard``: the balance dashboard, re-run after applying
    to confirm.

    After a search, ``result`` holds the :class:`~studio.balance.search.BalanceResult`;
    ``proposals_list`` lists its proposals; selecting one previews it on the board
    (``preview``); *Apply* applies it as one undo step."""

    searchFinished = Signal()
    # what the form offers (an island's window offers Rivages kinds and parts, island_suggest.py)
    LOCK_KINDS: tuple = tuple(k for k in KINDS if k != "rules")
    PARTS: tuple = PARTS
    WORDS: dict = PART_WORDS
    SUBJECT = "board"
    INTRO = ("Plays bot games on edited copies of the board (the same seeds for every copy), keeps the edits that "
             "make the seats fairer and the game healthier, then checks the best on fresh games.")
    RULES_TIP = "opening hand sizes and the end score: they change the scenario, not the board, so Apply leaves them out"
    # reference bots (:class:`~studio.balance.search.Reference`): Rule the Realm boards only
    REFERENCE = True
    REFERENCE_BOTS = "mcts"
    REFERENCE_TIP = ("Greedy bots can be fooled by a board: a fix sized for them can overshoot for stronger players "
                     "(on the bundled boards the same edits moved MCTS about twice as far). With this on, MCTS bots "
                     "also play the board and every board the search climbs onto, the search aims where both kinds "
                     "of bot land near the fair share, and each proposal is checked with MCTS on fresh seeds of "
                     "their own. It costs time: an MCTS game takes about as long as 40 greedy ones (0.8 s against "
                     "0.02 s on the Fragile Ruins 2p), so 200 games a board on up to 8 boards (the board, each "
                     "edit kept, the check of the board and of 3 proposals) add some 20 minutes on one core.")

    DEFAULT_SIZE = QSize(1060, 680)

    def default_weights(self) -> dict:
        return dict(DEFAULT_WEIGHTS)

    def fit_to_screen(self, size: QSize) -> None:
        """Resize to ``size`` (pixels), no larger than the available area of the screen the
        window is on (the primary one before it is shown), less room for the title bar."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(size)
            return
        area = screen.availableGeometry()
        self.resize(max(self.minimumWidth(), min(size.width(), area.width() - SCREEN_MARGIN)),
                    max(self.minimumHeight(), min(size.height(), area.height() - SCREEN_MARGIN)))

    def __init__(self, host, dashboard=None, parent=None):
        super().__init__(parent, Qt.Window)
        self.host = host
        self.dashboard = dashboard
        self.run: SuggestRun | None = None
        self.result = None
        self._search_bots: list | None = None   # the bots the last search played (None: greedy)
        self.preview: ProposalPreview | None = None
        # the content the search measured (a copy made at Search): proposals apply to it only
        self._base = None
        # proposal index -> the content just after it was applied: Apply is off while the
        # content is still that (applying again would fail), back on once Undo changes it
        self._applied: dict[int, object] = {}
        # proposal index -> (undo index just after its Apply, that step's text): whether the
        # editor's history still holds the Apply below later edits
        self._applied_steps: dict[int, tuple[int, str]] = {}
        self._telling_applied = False   # the status line says what is applied: it follows undo and redo
        self._timed = False   # the bar shows the share of the time gone (an ETA is known), not games
        self.setWindowTitle(self.tr("Suggest fixes: {display_name}").format(display_name=host.main.document.display_name()))
        body = QWidget()
        body.setObjectName("suggest")
        body.setAttribute(Qt.WA_StyledBackground, True)
        body.setStyleSheet(_style())
        outer = QHBoxLayout(body)
        outer.setContentsMargins(10, 10, 10, 10)
        # the form scrolls rather than squash its rows when the window is short; Search, Stop
        # and the progress stay below it, always in view (they were cut off at the window's foot)
        form = PanelScroll(self._build_form())
        form.setMinimumWidth(form.maximumWidth())   # the box's own width, plus the scroll bar
        left = QVBoxLayout()
        left.addWidget(form, 1)
        left.addWidget(self.run_row, 0)
        self.run_row.setFixedWidth(form.maximumWidth())
        outer.addLayout(left, 0)
        outer.addWidget(self._build_results(), 1)
        self.setCentralWidget(body)
        self.setMinimumSize(MIN_SIZE)
        self.fit_to_screen(self.DEFAULT_SIZE)
        main_settings = getattr(host.main, "settings", None)
        self.settings = main_settings if isinstance(main_settings, QSettings) else QSettings()
        self.restore_form()
        host.main.document.changed.connect(self._content_changed)
        # the status line names Redo's step: said again once Undo or Redo has moved the stack
        # (the document's change comes first, while the stack still names the step before)
        host.main.document.undo_stack.indexChanged.connect(self._content_changed)
        desktop.install(self, "suggest")  # layout memory, drops, F1

    # -- construction -----------------------------------------------------------------------------
    def _build_form(self) -> QWidget:
        box = QGroupBox(self.tr("Search"))
        box.setFixedWidth(FORM_WIDTH)
        lay = QVBoxLayout(box)
        intro = QLabel(self.tr(self.INTRO))
        intro.setWordWrap(True)
        intro.setObjectName("muted")
        lay.addWidget(intro)
        form = QFormLayout()
        self.budget_spin = number_spin(10, 1_000_000, 600, self.tr("bot games the search may play (the check on fresh "
                                                                  "games plays more)"), step=100)
        form.addRow(self.tr("Budget (games)"), self.budget_spin)
        self.steps_spin = number_spin(1, 20, 3, self.tr("edits in a row at most"))
        form.addRow(self.tr("Edits in a row"), self.steps_spin)
        self.candidates_spin = number_spin(1, 100, 8, self.tr("edits raced against the board at each step"))
        form.addRow(self.tr("Edits per step"), self.candidates_spin)
        self.verify_spin = number_spin(0, 100_000, 150, self.tr("fresh games, never played by the search, for the "
                                                                "board and each proposal"))
        form.addRow(self.tr("Check games"), self.verify_spin)
        self.seed_spin = number_spin(0, SEED_MAX, None, self.tr("the same seed gives the same proposals"))
        form.addRow(self.tr("Seed"), self.seed_spin)
        lay.addLayout(form)
        self.rules_check = QCheckBox(self.tr("Also propose rule parameters"))
        self.rules_check.setToolTip(self.tr(self.RULES_TIP))
        lay.addWidget(self.rules_check)
        self._build_reference(lay)
        locks = QLabel(self.tr("May change"))
        locks.setObjectName("muted")
        lay.addWidget(locks)
        grid = QGridLayout()
        self.kind_checks: dict[str, QCheckBox] = {}
        for i, kind in enumerate(self.LOCK_KINDS):
            c = QCheckBox(kind.replace("-", " "))
            c.setChecked(True)
            self.kind_checks[kind] = c
            grid.addWidget(c, i // 2, i % 2)
        lay.addLayout(grid)
        weights = QLabel(self.tr("Weights of the objective"))
        weights.setObjectName("muted")
        lay.addWidget(weights)
        wform = QFormLayout()
        self.weight_spins: dict[str, QDoubleSpinBox] = {}
        defaults = self.default_weights()
        for part in self.PARTS:
            spin = QDoubleSpinBox()
            spin.setRange(0.0, 10.0)
            spin.setSingleStep(0.1)
            spin.setValue(defaults[part])
            spin.setToolTip(self.WORDS[part])
            self.weight_spins[part] = spin
            wform.addRow(part, spin)
        lay.addLayout(wform)
        self.run_row = RunRow(self.tr("Search"), self.tr("Stop"), self.tr("stop and keep the best so far"))
        self.run_button, self.stop_button = self.run_row.run_button, self.run_row.stop_button
        self.progress, self.status = self.run_row.progress, self.run_row.status
        self.run_button.setObjectName("primary")
        self.run_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.progress.setFormat("%v / %m games")
        self.progress.setTextVisible(False)   # no "0 / 1 games" before the first search
        self.status.setObjectName("muted")
        lay.addStretch(1)
        self._align_fields([(form, 0), (wform, 0)] + ([(self._reference_form, REFERENCE_INDENT)] if self.REFERENCE else []))
        return box

    @staticmethod
    def _align_fields(forms: list) -> None:
        """One field column for the form's three parts (``(QFormLayout, indent)``): each label as
        wide as the widest, less its form's indent, so the spin boxes line up under each other."""
        labels = [(form.itemAt(i, QFormLayout.LabelRole).widget(), indent)
                  for form, indent in forms for i in range(form.rowCount())
                  if form.itemAt(i, QFormLayout.LabelRole) is not None]
        width = max((label.sizeHint().width() + indent for label, indent in labels), default=0)
        for label, indent in labels:
            label.setMinimumWidth(width - indent)

    def _build_reference(self, lay: QVBoxLayout) -> None:
        """The reference bots' option, its games and share (hidden where the search has none)."""
        self.reference_check = QCheckBox(self.tr("Check with stronger bots (MCTS)"))
        self.reference_check.setToolTip(self.tr(self.REFERENCE_TIP))
        lay.addWidget(self.reference_check)
        self.reference_box = QWidget()
        form = self._reference_form = QFormLayout(self.reference_box)
        form.setContentsMargins(REFERENCE_INDENT, 0, 0, 0)
        self.reference_spin = number_spin(1, 10_000, 200, self.tr(
            "games the MCTS bots play on each board (the original, each board climbed onto, each proposal's check); "
            "a 95% interval is about ±7 points at 200 games"), step=50)
        form.addRow(self.tr("MCTS games"), self.reference_spin)
        self.reference_share_spin = QDoubleSpinBox()
        self.reference_share_spin.setRange(0.0, 1.0)
        self.reference_share_spin.setSingleStep(0.1)
        self.reference_share_spin.setValue(0.5)
        self.reference_share_spin.setToolTip(self.tr(
            "how far the search aims toward fair for the MCTS bots: 0 fair for the greedy bots only, 1 for the MCTS "
            "bots only, 0.5 halfway"))
        form.addRow(self.tr("Aim toward MCTS"), self.reference_share_spin)
        lay.addWidget(self.reference_box)
        self.reference_box.setEnabled(False)
        self.reference_check.toggled.connect(self.reference_box.setEnabled)
        self.reference_check.setVisible(self.REFERENCE)
        self.reference_box.setVisible(self.REFERENCE)

    # -- the form remembered ----------------------------------------------------------------------
    def _remembered(self) -> dict[str, QWidget]:
        """The form's fields by settings key (under ``suggest/SUBJECT/``)."""
        fields: dict[str, QWidget] = {
            "budget": self.budget_spin, "steps": self.steps_spin, "candidates": self.candidates_spin,
            "checkGames": self.verify_spin, "seed": self.seed_spin, "rules": self.rules_check}
        if self.REFERENCE:
            fields.update({"reference": self.reference_check, "referenceGames": self.reference_spin,
                           "referenceShare": self.reference_share_spin})
        fields.update({f"mayChange/{k}": c for k, c in self.kind_checks.items()})
        fields.update({f"weights/{p}": s for p, s in self.weight_spins.items()})
        return fields

    def save_form(self) -> None:
        """Keep the form's settings for the next window (``suggest/SUBJECT/...`` in
        ``settings``): every search starts from the last one's."""
        group = f"suggest/{self.SUBJECT}/"
        for key, w in self._remembered().items():
            self.settings.setValue(group + key, w.isChecked() if isinstance(w, QCheckBox) else w.value())

    def restore_form(self, only: str = "") -> None:
        """Fill the form from the settings :meth:`save_form` kept (``only``: the fields whose key
        starts so, e.g. ``"weights"``); a value missing or unreadable (an edited settings file)
        keeps the field's default, and spin boxes clamp to their range."""
        group = f"suggest/{self.SUBJECT}/"
        for key, w in self._remembered().items():
            if not key.startswith(only):
                continue
            value = self.settings.value(group + key)
            if value is None:
                continue
            try:
                if isinstance(w, QCheckBox):
                    w.setChecked(value is True or str(value).lower() in ("true", "1"))
                elif isinstance(w, QDoubleSpinBox):
                    w.setValue(float(value))
                else:
                    w.setValue(int(float(value)))
            except (TypeError, ValueError):
                continue

    def reference(self):
        """The :class:`~studio.balance.search.Reference` the form sets, or None."""
        from studio.balance.search import Reference

        if not (self.REFERENCE and self.reference_check.isChecked()):
            return None
        return Reference(self.REFERENCE_BOTS, self.reference_spin.value(), self.reference_share_spin.value())

    def _build_results(self) -> QWidget:
        split = QSplitter(Qt.Vertical)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self.tr("No proposal yet: press Search."))
        self.title.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.title.setWordWrap(True)
        tl.addWidget(self.title)
        # where the stronger bots and the search's bots pull apart (reference check only)
        self.pulls = QLabel()
        self.pulls.setObjectName("muted")
        self.pulls.setWordWrap(True)
        self.pulls.hide()
        tl.addWidget(self.pulls)
        self.proposals_list = ProposalList()
        self.proposals_list.setAccessibleName(self.tr("Proposals"))   # the label before it is the pulls note
        self.proposals_list.currentRowChanged.connect(self._selected)
        tl.addWidget(self.proposals_list, 1)
        split.addWidget(top)
        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        self.details = QLabel()
        self.details.setObjectName("details")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.RichText)
        self.details.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        details_scroll = QScrollArea()   # a proposal with its stronger-bot check is taller than the pane
        details_scroll.setWidget(self.details)
        details_scroll.setWidgetResizable(True)
        details_scroll.setFrameShape(QFrame.NoFrame)
        details_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.details_scroll = details_scroll
        bl.addWidget(details_scroll, 1)
        row = QHBoxLayout()
        self.preview_check = QCheckBox(self.tr("Preview on the {subject}").format(subject=self.SUBJECT))
        self.preview_check.setChecked(True)
        self.preview_check.toggled.connect(lambda _on: self._selected(self.proposals_list.currentRow()))
        row.addWidget(self.preview_check)
        row.addStretch(1)
        self.apply_button = QPushButton(self.tr("Apply"))
        self.apply_button.setObjectName("primary")
        self.apply_button.setEnabled(False)
        self.apply_button.setToolTip(self.tr("apply the selected proposal to the board as one undoable step"))
        self.apply_button.clicked.connect(self.apply_selected)
        row.addWidget(self.apply_button)
        self.confirm_button = QPushButton(self.tr("Re-run balance"))
        self.confirm_button.setToolTip(self.tr("play the balance run again on the board as it is now, to confirm"))
        self.confirm_button.clicked.connect(self.confirm)
        row.addWidget(self.confirm_button)
        self.apply_note = QLabel()   # why Apply is off, or what it replaces: above the buttons, whole
        self.apply_note.setObjectName("muted")
        self.apply_note.setWordWrap(True)
        self.apply_note.setAlignment(Qt.AlignRight)
        self.apply_note.hide()
        bl.addWidget(self.apply_note)
        bl.addLayout(row)
        split.addWidget(bottom)
        split.setSizes([330, 300])
        return split

    # -- running ----------------------------------------------------------------------------------
    def options(self) -> dict:
        """The keyword arguments of :func:`~studio.balance.search.balance` the form sets."""
        locked = frozenset(k for k, c in self.kind_checks.items() if not c.isChecked())
        return {"budget": self.budget_spin.value(), "seed": self.seed_spin.value(), "steps": self.steps_spin.value(),
                "candidates": self.candidates_spin.value(), "allow_rules": self.rules_check.isChecked(),
                "locks": Locks(locked), "weights": {k: s.value() for k, s in self.weight_spins.items()},
                "verify_games": self.verify_spin.value(), "top": 3,
                "bots": self.dashboard.bot_names() if self.dashboard is not None else None,
                **({"reference": ref} if (ref := self.reference()) is not None else {})}

    def is_running(self) -> bool:
        return self.run is not None and self.run.running

    def start(self) -> bool:
        """Start the search on the board as it is now. False (with the reason shown) when the
        board cannot be played (validation errors)."""
        from studio.playtest.setup import SetupError

        if self.is_running():
            return False
        players = self._players()
        try:
            setup = self.host.setups()[players]()
        except (SetupError, ValueError) as exc:
            self._refuse(str(exc))
            return False
        options = self.options()
        if not any(options["weights"].values()):
            self._refuse("Give at least one weight above 0.")
            return False
        if options["bots"] is not None and len(options["bots"]) != players:
            options["bots"] = None
        self._search_bots = options["bots"]
        self.save_form()
        self._clear_preview()
        self.result = None
        self._applied = {}
        self._applied_steps = {}
        self._base = self._snapshot()   # what the setup just made plays
        self.proposals_list.clear()
        self.details.setText("")
        self.title.setText(self.tr("Searching… the proposals appear here when the search ends."))
        self.run = self._make_run(setup, options)
        self.run.progress.connect(self._on_progress)
        self.run.result.connect(self._on_finished)
        self.run.failed.connect(lambda msg: self._say(f"The search stopped: {msg}", error=True))
        self.run.finished.connect(self._on_ended)
        self._timed = False
        self.progress.setFormat(self.tr("%v / %m games"))
        self.pulls.hide()
        self.progress.setRange(0, options["budget"])
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self._set_running(True)
        self._say("Searching…")
        self.run.start()
        return True

    def _refuse(self, reason: str) -> None:
        """Say why the search cannot start, in the heading (where the eye is after Search) and
        in the status line under the button."""
        self.title.setText(self.tr("Cannot search: {reason}").format(reason=reason))
        self._say(reason, error=True)

    def _players(self) -> int:
        """The player count the search plays (the board's)."""
        return self.host.main.document.board.players

    def _make_run(self, setup, options: dict) -> "SuggestRun":
        """The background search on ``setup`` with the form's ``options``."""
        return SuggestRun(setup, options, self)

    def _figure(self, verified, reference=None) -> str:
        """A proposal's figure under its edits in the list, from its fresh-seed check: the
        largest gap before and after, then the verdict when it is better beyond chance or worse;
        worse with a smaller gap names the parts of the objective that rose. With the reference
        bots' check (``reference``) a proposal that brought both kinds of bot nearer the fair
        share is not called worse (its objective is judged against the search's aim) but nearer fair."""
        before, after = verified.before.gap(), verified.after.gap()
        gap = f"largest gap {100 * before:.1f} → {100 * after:.1f} points"
        if verified.worse() and verified.nearer_with(reference):
            return f"{gap} — " + verified.nearer_words(reference)
        if verified.worse():   # the gap shrank, so other parts rose: which
            why = self._parts_moved(verified, +1) if after < before else ""
            return f"{gap} — worse on fresh games" + (f" ({why})" if why else "")
        if verified.verdict() != "better beyond chance":
            return gap
        why = self._parts_moved(verified, -1) if after > before else ""   # the gap grew: what fell
        return f"{gap} — better beyond chance" + (f" ({why})" if why else "")

    def _parts_moved(self, verified, sign: int) -> str:
        """The objective's parts that rose (``sign`` +1) or fell (-1) on the fresh games by at
        least 0.005 weighted, the largest weighted move first, as ``part before→after``
        (``"collapse 0.21→0.34"``); "" for none."""
        weights = getattr(self.result, "weights", None) or self.default_weights()
        b, a = verified.before.parts, verified.after.parts
        moved = {k: sign * weights.get(k, 0.0) * (a[k] - b[k]) for k in a if k in b}
        return ", ".join(f"{k} {b[k]:.2f}→{a[k]:.2f}"
                         for k in sorted((k for k, m in moved.items() if m >= 0.005), key=lambda k: -moved[k]))

    def _reference_figure(self, verified) -> str:
        """A proposal's line from the reference bots' check: their largest gap before and after,
        and the bar (the fair share inside every seat's 95% interval); when it fails, the seat
        farthest from the fair share with its interval and sample size."""
        bots = self.REFERENCE_BOTS.upper()
        gap = f"largest gap {100 * verified.before.gap():.1f} → {100 * verified.after.gap():.1f} points"
        if verified.covers_fair_share():
            return f"{bots} ({verified.games} games): {gap}; fair share inside every seat's 95% interval"
        after = verified.after
        far = max(range(len(after.rates)), key=lambda i: abs(after.rates[i] - after.fair_share))
        seats = self.host.main.document.board.seats
        name = next((seats[k].label or k for i, k in enumerate(seats) if i == far), f"seat {far + 1}")
        lo, hi = verified.after_ci[far]
        return (f"{bots} ({verified.games} games): {gap}; {name} {100 * after.rates[far]:.1f}% "
                f"({100 * lo:.0f}–{100 * hi:.0f}): fair share outside its 95% interval")

    def _bots_words(self) -> str:
        """The search's bots in words, for the line beside the reference bots' ("greedy bots")."""
        bots = self._search_bots or ["greedy"]
        return " / ".join(dict.fromkeys(bots)) + " bots"

    def stop(self) -> None:
        if self.is_running():
            self.run.cancel()
            self._say("Stopping: the best so far is kept…")

    def wait(self, ms: int = 300000) -> bool:
        return self.run.wait(ms) if self.run is not None else True

    def _set_running(self, on: bool) -> None:
        self.run_row.set_running(on)
        self._refresh_apply()

    def _content(self):
        """The content proposals apply to: the document's board, live."""
        return self.host.main.document.board

    def _snapshot(self):
        """A copy of :meth:`_content`, kept for comparing after later edits."""
        return self._content().copy()

    def is_applied(self, row: int) -> bool:
        """Whether proposal ``row`` was applied and the content is still as it left it
        (compared with the live content: no copy on every edit)."""
        return row in self._applied and plays_the_same(self._applied[row], self._content())

    def applied_row(self) -> int | None:
        """The proposal whose edits the content holds now (applied, nothing changed since), or None."""
        content = self._content()
        return next((row for row, after in self._applied.items() if plays_the_same(after, content)), None)

    def apply_state(self) -> tuple[bool, str]:
        """``(enabled, why)`` for Apply on the selected proposal. Proposals were measured on
        the content the search played (``_base``), so Apply is on only while the content is
        that, or is another proposal applied and untouched since (Apply then replaces it, one
        undo step); after any other edit it is off, and ``why`` says how to get back."""
        row = self.proposals_list.currentRow()
        if self.is_running() or self.result is None or not 0 <= row < len(self.result.proposals):
            return False, ""
        subject = self.SUBJECT
        if self.is_applied(row):
            return False, self.tr("Proposal {n} is applied: Edit ▸ Undo takes it back.").format(n=row + 1)
        other = self.applied_row()
        if other is not None:
            return True, " ".join(filter(None, (self.tr(
                "Apply replaces proposal {other} (one step: Edit ▸ Undo brings {other} back).").format(
                other=other + 1), self._caution(row))))
        if self._base is None or plays_the_same(self._base, self._content()):
            return True, self._caution(row)
        return False, self.tr("The {subject} changed since the search, and the proposals were measured on it "
                              "as it was: Undo back to it, or Search again.").format(subject=subject)

    def _caution(self, row: int) -> str:
        """A warning for Apply when proposal ``row`` was never checked on fresh games because a stop
        came first (its figures are the search's own, which flatter it; a check turned off is the
        designer's choice and is not warned of) or did worse than the content
        as it is on them (and, with reference bots, did not bring both kinds of bot nearer fair):
        Apply stays on, as the designer may want it all the same, but says so first."""
        if self.result is None or not 0 <= row < len(self.result.proposals):
            return ""
        p = self.result.proposals[row]
        v = getattr(p, "verified", None)
        if v is None and self.result.stopped:
            if getattr(p, "worse_in_search", False):
                return self.tr("Proposal {n} was not checked on fresh games (the search was stopped first), and "
                               "on the search's own games it did worse than the {subject}: a step kept it on the "
                               "fewer games its race was decided on. Search again to check it (Apply is one step; "
                               "Edit ▸ Undo takes it back).").format(n=row + 1, subject=self.SUBJECT)
            return self.tr("Proposal {n} was not checked on fresh games (the search was stopped first): its "
                           "figures are the search's own, which flatter it. Search again to check it "
                           "(Apply is one step; Edit ▸ Undo takes it back).").format(n=row + 1)
        reference = getattr(p, "reference", None)
        if v is not None and v.worse() and not v.nearer_with(reference):
            return self.tr("Proposal {n} did worse than the {subject} as it is on the fresh games: keeping the "
                           "{subject} is the safer choice (Apply is one step; Edit ▸ Undo takes it back).").format(
                n=row + 1, subject=self.SUBJECT)
        if v is not None and reference is None and self.result.stopped and \
                getattr(self.result, "reference", None) is not None:
            return self.tr("Proposal {n} was not checked with {bots} bots (the search was stopped first): whether "
                           "it is fair for stronger players is not known. Search again to check it (Apply is one "
                           "step; Edit ▸ Undo takes it back).").format(n=row + 1, bots=self.REFERENCE_BOTS.upper())
        return ""

    def _refresh_apply(self) -> None:
        """Apply, its tooltip and the note beside it, from :meth:`apply_state`."""
        enabled, why = self.apply_state()
        row = self.proposals_list.currentRow()
        cautious = enabled and bool(self._caution(row))
        self.apply_button.setText(self.tr("Apply Anyway") if cautious else self.tr("Apply"))
        self.apply_button.setEnabled(enabled)
        self.apply_button.setToolTip(why or self.tr(
            "apply the selected proposal to the {subject} as one undoable step").format(subject=self.SUBJECT))
        self.apply_note.setText(why)
        self.apply_note.setVisible(bool(why))

    def _content_changed(self, *_args) -> None:
        if self.result is not None:
            self._refresh_apply()
            if self._telling_applied and not self.is_running():
                self._say(self.applied_status(), about_applied=True)
            # an Apply undone: the content is the one searched again, so its preview comes back;
            # redone (or edited): the preview's edits no longer apply to it
            searched = self._base is not None and plays_the_same(self._base, self._content())
            if self.preview is None and searched and self.preview_check.isChecked() and self.selected() is not None:
                self._selected(self.proposals_list.currentRow())
            elif self.preview is not None and not searched:
                self._clear_preview()

    def applied_status(self) -> str:
        """What the status line says of the applied proposals, from the content as it is now (an
        Undo or Redo in the editor changes it): which proposal it holds, none (as the search
        measured it), a proposal applied then edited, or edits with no proposal applied."""
        row = self.applied_row()
        if row is not None:
            return self.tr("Proposal {n} is applied (Edit ▸ Undo takes it back). Re-run balance to confirm.").format(
                n=row + 1)
        if self._base is not None and plays_the_same(self._base, self._content()):
            stack = self.host.main.document.undo_stack
            redo = (self.tr(" Edit ▸ Redo: {step}.").format(step=stack.redoText())
                    if stack.canRedo() and stack.redoText().startswith("Apply balance proposal") else "")
            return self.tr("No proposal is applied: the {subject} is as the search measured it.").format(
                subject=self.SUBJECT) + redo
        edited = self.edited_row()
        if edited is not None:
            return self.tr("Proposal {n} was applied and the {subject} was edited since: Re-run balance to confirm "
                           "the {subject} as it is, or Edit ▸ Undo back to the proposal.").format(
                n=edited + 1, subject=self.SUBJECT)
        return self.tr("No proposal is applied, and the {subject} has changed since the suggestions were computed: "
                       "their figures are for the {subject} as it was. Search again to confirm them on this "
                       "{subject}.").format(subject=self.SUBJECT)

    def edited_row(self) -> int | None:
        """The proposal applied last whose Apply the editor's history still holds below the
        present step (edited since, not undone), or None: the content was then changed without
        a proposal (an Apply undone, then another edit; or edits alone)."""
        stack = self.host.main.document.undo_stack
        now = stack.index()
        held = [(index, row) for row, (index, text) in self._applied_steps.items()
                if index <= now and stack.text(index - 1) == text]
        return max(held)[1] if held else None

    TIME_STEPS = 1000
    """The bar's range once the run has an ETA: it then shows the share of the time gone."""

    def _on_progress(self, p) -> None:
        # by time once the ETA is known: an MCTS game takes the time of hundreds of greedy ones,
        # so a bar of games stood at 97% with half the run to go (trial)
        if p.eta is not None and p.elapsed + p.eta > 0:
            self._timed = True
            self.progress.setFormat(self.tr("%p% of the time"))
            self.progress.setRange(0, self.TIME_STEPS)
            self.progress.setValue(min(self.TIME_STEPS - 1, round(self.TIME_STEPS * p.elapsed / (p.elapsed + p.eta))))
        elif not self._timed:   # never back to games once timed: the bar would jump
            self.progress.setRange(0, max(1, p.total))
            self.progress.setValue(p.done)
        eta = p.eta_text()   # the command line's words, from the same estimate
        self._say(f"{p.stage} · {eta}" if eta else p.stage)

    def _on_finished(self, result) -> None:
        self.result = result
        # a finished run's bar ends full on the games the result counts (the plan was an
        # estimate: races stop early); a stopped one's stays where it stopped, short of the plan
        if not (result.stopped and self._timed):   # a timed bar stopped stays at the share of time gone
            total = max(result.games, self.progress.maximum()) if result.stopped else result.games
            self.progress.setFormat(self.tr("%v / %m games"))
            self.progress.setRange(0, max(1, total))
            self.progress.setValue(result.games)
        self._show_result()

    def _on_ended(self, _cancelled: bool = False) -> None:
        self._set_running(False)
        self.searchFinished.emit()

    def _say(self, text: str, error: bool = False, about_applied: bool = False) -> None:
        """The status line under Search: wrapped to the form's width, its full text also in
        its tooltip (a long stage and ETA line was clipped). ``about_applied``: the text says
        what is applied, and is said again from :meth:`applied_status` when the content
        changes (an Undo left it saying a proposal was applied)."""
        self.run_row.say(text, error)
        self.status.setToolTip(text)
        self._telling_applied = about_applied

    # -- showing ----------------------------------------------------------------------------------
    def _pulls_text(self, r) -> str:
        """The seats where the reference bots and the search's bots pull apart on the board as
        it was (:func:`studio.balance.objective.disagreements`, ratio above 1), or ''."""
        cals = [c for c in getattr(r, "calibrations", ()) if not c["edits"]]
        if not cals:
            return ""
        board = self.host.main.document.board
        names = [board.seats[k].label or k for k in list(board.seats)]
        bots = self.REFERENCE_BOTS.upper()
        found = cals[0]["disagreements"]
        said = [f"{names[d.seat] if d.seat < len(names) else d.seat + 1}: {bots} {100 * d.reference_rate:.1f}% "
                f"({100 * d.reference_ci[0]:.1f}-{100 * d.reference_ci[1]:.1f}), greedy {100 * d.search_rate:.1f}%, "
                + (f"so an edit must move {bots} {d.ratio:.1f} times as far as greedy bots" if d.search_room > 0
                   else "with no room for greedy bots to move that way")
                for d in found if d.pulls_apart]
        if not said:
            return ""
        text = f"{bots} and greedy bots disagree on the board as it was. " + "; ".join(said) + "."
        if any(d.far_apart for d in found):   # as the command line warns
            text += (f" On the bundled boards edits moved {bots} from a quarter to 5 times as far as greedy bots, "
                     "so its content may not meet both bars; where the gap is turn order and opening hands, only "
                     "the rules reach it (docs/balance.md).")
        return text

    def _show_result(self) -> None:
        r = self.result
        pulls = self._pulls_text(r)
        self.pulls.setText(pulls)
        self.pulls.setVisible(bool(pulls))
        self.proposals_list.clear()
        unchecked = unverified(r.proposals)
        if r.proposals and not unchecked:
            interrupted = " (stopped before the check with stronger bots was done)"
        elif len(unchecked) < len(r.proposals):   # stopped during the check on fresh games
            interrupted = f" (stopped during the check on fresh games: {proposal_numbers(unchecked)} not checked)"
        elif r.stopped_in_check:   # the search had ended, its check had not begun
            interrupted = " (stopped during the check on fresh games: none checked)"
        else:
            interrupted = " (stopped: the best so far, not checked on fresh games)"
        stopped = {"interrupted": interrupted,
                   "deadline": " (time ran out)"}.get(r.stopped or "", "")
        if not r.proposals:
            hint = "" if r.stopped_before_racing() else (
                " Try a larger budget, more edits per step, or allow more kinds of change."
                + (" (time ran out)" if r.stopped == "deadline" else ""))
            self.title.setText(r.no_proposal_reason(self.SUBJECT) + hint)
            self._say(self._games_said(r))
            return
        noun = self.tr("proposal") if len(r.proposals) == 1 else self.tr("proposals")
        # the search's games apart from the checks after it, as the command line says
        # and the reference bots' games (calibrating and checking) apart from the fresh checks
        search = r.search_games if getattr(r, "search_games", None) is not None else r.games
        checks = getattr(r, "verify_games", 0) or 0
        reference = getattr(r, "reference_games", 0) or 0
        if r.games <= search:
            games = self.tr("{games} games").format(games=search)
        elif not reference:
            games = self.tr("{search} games of search and {checks} to check them,").format(
                search=search, checks=r.games - search)
        else:
            games = self.tr("{search} games of search, {checks} to check them and {reference} {bots} games,").format(
                search=search, checks=checks, reference=reference, bots=self.REFERENCE_BOTS.upper())
        self.title.setText(self.tr("{count} {noun} from {games} in {duration}").format(
            count=len(r.proposals), noun=noun, games=games, duration=duration_text(r.elapsed)) + stopped)
        for i, p in enumerate(r.proposals, 1):
            v = p.verified
            figure = self._figure(v, getattr(p, "reference", None)) if v else "not checked on fresh games" + (
                f"; worse than the {self.SUBJECT} on the search's own games" if getattr(p, "worse_in_search", False) else "")
            if getattr(r, "reference", None) is not None:   # one line per kind of bot
                figure = f"{self._bots_words()}: {figure}\n    " + (
                    self._reference_figure(p.reference) if p.reference is not None
                    else f"{self.REFERENCE_BOTS.upper()}: not checked (stopped first)")
            item = QListWidgetItem(f"{i}. " + "; ".join(p.describe()) + f"\n    {figure}")
            item.setData(Qt.UserRole, i - 1)
            self.proposals_list.addItem(item)
        self.proposals_list.setCurrentRow(0)
        self._say(self._games_said(r))

    @staticmethod
    def _games_said(r) -> str:
        """The status line after a search: its games and time, "Stopped after" them when the
        search was stopped (a full progress bar alone read as a finished run)."""
        said = f"{r.games} games in {duration_text(r.elapsed)}"
        return f"Stopped after {said}" if r.stopped == "interrupted" else said

    def _selected(self, row: int) -> None:
        self._clear_preview()
        if self.result is None or not (0 <= row < len(self.result.proposals)):
            self.details.setText("")
            self._refresh_apply()
            return
        p = self.result.proposals[row]
        self.details.setText(proposal_html(p, self.host.main.document.board))
        self._refresh_apply()
        if self.preview_check.isChecked():
            self.preview = ProposalPreview(self.host.main.document.board, p.edits)
            self.host.main.scene.addItem(self.preview)

    def _clear_preview(self) -> None:
        if self.preview is not None:
            if self.preview.scene() is not None:
                self.preview.scene().removeItem(self.preview)
            self.preview = None

    def selected(self):
        row = self.proposals_list.currentRow()
        return self.result.proposals[row] if self.result is not None and 0 <= row < len(self.result.proposals) else None

    def apply_selected(self) -> bool:
        """Apply the selected proposal to the board as one undo step (its rule settings, if
        any, are left out and said so)."""
        from studio.balance.edits import EditError
        from studio.gui.shell import prompts

        p = self.selected()
        enabled, why = self.apply_state()
        if p is None or not enabled:
            if why:
                self._say(why, error=True)
            return False
        row, replaced = self.proposals_list.currentRow(), self.applied_row()
        try:
            changed = apply_proposal(self.host.main.document, p, self._apply_text(row, replaced), base=self._base)
        except EditError as exc:
            prompts.show_error(self, self.tr("Apply Proposal"), self.tr("The board changed since the search: {exc}. Search again.").format(exc=exc))
            return False
        self._applied_said(row, replaced, changed, " Its rule settings are not part of the board: change them in the "
                           "scenario." if p.settings else "")
        return changed

    def _apply_text(self, row: int, replaced: int | None) -> str:
        """The undo step's name: which proposal, and which it replaces."""
        if replaced is None:
            return self.tr("Apply balance proposal {n}").format(n=row + 1)
        return self.tr("Apply balance proposal {n} instead of {old}").format(n=row + 1, old=replaced + 1)

    def _applied_said(self, row: int, replaced: int | None, changed: bool, note: str) -> None:
        """After Apply: remember the content it made, refresh Apply and say what happened."""
        self._clear_preview()
        if changed:
            self._applied[row] = self._snapshot()
            stack = self.host.main.document.undo_stack
            self._applied_steps[row] = (stack.index(), stack.text(stack.index() - 1))
        self._refresh_apply()
        if not changed:
            said = "Nothing to change."
        elif replaced is None:
            said = "Applied as one step (Edit ▸ Undo takes it back). Re-run balance to confirm."
        else:
            said = (f"Proposal {row + 1} replaced proposal {replaced + 1} as one step (Edit ▸ Undo brings "
                    f"{replaced + 1} back). Re-run balance to confirm.")
        self._say(said + note, about_applied=changed)

    def confirm(self) -> None:
        """Run the balance dashboard again on the board as it is now."""
        if self.dashboard is not None and not self.dashboard.is_running():
            self.dashboard.window().show()
            self.dashboard.window().raise_()
            self.dashboard.start_run()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.is_running():
            self.run.cancel()
            self.run.wait()
        self._clear_preview()
        self.save_form()
        super().closeEvent(event)


def _seat_table(v, names) -> str:
    rows = "".join(
        f"<tr><td>{s + 1}</td><td>{html.escape(names[s] if s < len(names) else '')}</td>"
        f"<td align='right'>{100 * v.before.rates[s]:.1f}%</td><td>{100 * v.before_ci[s][0]:.0f}–{100 * v.before_ci[s][1]:.0f}</td>"
        f"<td align='right'><b>{100 * v.after.rates[s]:.1f}%</b></td><td>{100 * v.after_ci[s][0]:.0f}–{100 * v.after_ci[s][1]:.0f}</td></tr>"
        for s in range(len(v.before.rates)))
    return ("<table cellspacing='0' cellpadding='3'><tr><th>seat</th><th></th><th>before</th><th>95%</th>"
            f"<th>after</th><th>95%</th></tr>{rows}</table>")


def proposal_html(p, board) -> str:
    """A proposal's edits, notes and figures (before / after per seat, with 95% intervals) as
    rich text for the details pane; with reference bots, their check on fresh seeds too."""
    names = [board.seats[k].label or k for k in board.seats]
    out = ["<b>Edits</b><ol style='margin-top:2px'>" + "".join(f"<li>{html.escape(t)}</li>" for t in p.describe())
           + "</ol>"]
    for n in p.notes:
        out.append(f"<p style='color:{desktop.colour('warning')}'>⚠ {html.escape(n)}</p>")
    v = p.verified
    if v is None:
        out.append(f"<p>In the search: objective {p.base_score.total:.3f} → {p.score.total:.3f} over {p.games} games "
                   "(not checked on fresh games).</p>")
        return "".join(out)
    verdict = v.verdict()
    out.append(f"<p><b>Checked on {v.games} fresh games</b> (seeds the search never played), the board as it is on "
               f"the same seeds:</p>{_seat_table(v, names)}"
               f"<p>Largest gap from the fair share ({v.fair_share_label()}): {100 * v.before.gap():.1f} → "
               f"{100 * v.after.gap():.1f} points.{_fair_notes(v)} Objective {v.before.total:.3f} → {v.after.total:.3f} "
               f"(change {v.change:+.3f}, 95% {v.change_ci[0]:+.3f} to {v.change_ci[1]:+.3f}: {verdict}).</p>")
    r = getattr(p, "reference", None)
    if r is not None:
        bar = ("inside every seat's 95% interval: passes" if r.covers_fair_share()
               else "outside a seat's 95% interval: does not pass yet")
        out.append(f"<p><b>With stronger bots (MCTS) on {r.games} fresh games</b> (seeds of their own):</p>"
                   f"{_seat_table(r, names)}"
                   f"<p>Largest gap {100 * r.before.gap():.1f} → {100 * r.after.gap():.1f} points; the fair share "
                   f"({r.fair_share_label()}) is {bar}.{_fair_notes(r)}</p>")
    return "".join(out)


def _fair_notes(v) -> str:
    """:meth:`~studio.balance.search.Verified.fair_share_notes` as HTML-safe sentences, or ''."""
    return "".join(html.escape(f" {t[0].upper()}{t[1:]}.") for t in v.fair_share_notes())


__all__ = ["ProposalPreview", "SuggestRun", "SuggestWindow", "apply_proposal", "element_points", "proposal_html"]
